package dialect

import (
	"cmp"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fmt"
	"github.com/hookrun/hookrun/internal/event"
	"time"
)

// Gemini CLI: docs/hooks/reference.md and packages/core/src/hooks in
// google-gemini/gemini-cli. Payloads carry session_id, transcript_path,
// cwd, hook_event_name and timestamp; BeforeTool and AfterTool add
// tool_name, tool_input (and tool_response, mcp_context); BeforeAgent adds
// prompt; AfterAgent prompt, prompt_response and stop_hook_active;
// SessionEnd reason.

// geminiCLI is everything hookrun knows about this agent.
var geminiCLI = Agent{
	Name:   GeminiCLI,
	Also:   []string{"gemini"},
	read:   readGemini,
	answer: func(c *Call, v verdict) (any, []string) { return geminiAnswer(c, v) },
	// fireAfterToolEvent sends no duration (packages/core hookEventHandler).
	NoDuration: true,
	Settings: Settings{
		File:          ".gemini/settings.json",
		Events:        []string{"BeforeAgent", "BeforeTool", "AfterTool", "AfterAgent"},
		Retired:       []string{"SessionEnd"},
		Unit:          time.Millisecond,
		ProjectDirVar: "GEMINI_PROJECT_DIR",
		// Gemini CLI rewrites $GEMINI_PROJECT_DIR in a hook's command
		// into a quoted path (its docs write it unquoted).
		ProjectDirQuoted: true,
		Shell:            true,
		// 0.61.0's bundle: hookConfig.timeout ?? DEFAULT_HOOK_TIMEOUT (6e4
		// ms), measured (agents suite TestEntryWithNoTimeout).
		DefaultWait: time.Minute,
		// Gemini CLI merges the hooks of its user settings
		// (GEMINI_CLI_HOME, else the home directory: .gemini/settings.json)
		// and system settings (GEMINI_CLI_SYSTEM_SETTINGS_PATH, else
		// /etc/gemini-cli/settings.json) with the workspace's (0.61.0's
		// Storage).
		WaitFiles: func(_, _ string) []string {
			var out []string
			if home := cmp.Or(os.Getenv("GEMINI_CLI_HOME"), userHome()); home != "" {
				out = append(out, filepath.Join(home, ".gemini", "settings.json"))
			}
			return append(out, cmp.Or(os.Getenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH"),
				systemFile(map[string]string{"darwin": "/Library/Application Support/GeminiCli", "windows": `C:\ProgramData\gemini-cli`}, "/etc/gemini-cli", "settings.json")))
		},
		// 0.61.0's _doLoadSettings: JSON.parse(stripJsonComments(content)).
		Comments: true,
		// Measured on 0.61.0: gemini exits 52 ("Please fix the
		// configuration file(s) and try again").
		Unparsable: "Gemini CLI refuses to start while it cannot parse it (exit 52)",
		// Read from 0.61.0's bundle: hooksConfig.enabled false runs no
		// hook, hooksConfig.disabled skips the hooks it names (an entry's
		// name, hookrun's is "hookrun"), and the first .gemini/.env or
		// .env sets every variable not yet set for the session and its
		// hooks.
		Off: []Switch{
			{File: ".gemini/settings.json", Key: "hooksConfig.enabled", Is: "false", Nested: geminiNested, Why: "Gemini CLI then runs no hook, hookrun's included"},
			{File: ".gemini/settings.json", Key: "hooksConfig.disabled", Listed: "hookrun", Nested: geminiNested, Why: "Gemini CLI skips the hooks this list names, and hookrun's entries are named hookrun"},
			// Measured on 0.61.0 (agents suite TestBypasses): both ran
			// touch forbidden.txt at start, with no hook.
			{File: ".gemini/settings.json", Key: "tools.discoveryCommand", Runs: true, Warn: true, Nested: geminiNested, Why: "Gemini CLI runs this command itself at start, to find more tools, with no hook, so no guard sees it; check it, or remove it"},
			{File: ".gemini/settings.json", Key: "mcpServers", Each: true, Runs: true, Warn: true, Nested: geminiNested, Why: "Gemini CLI starts this MCP server's command at start, with no hook, so no guard sees it; check it, or remove it"},
			// Measured on 0.61.0 (agents suite TestGeminiSubagentMCPServerRuns):
			// the model's invoke_agent call of a project subagent whose
			// frontmatter declares mcp_servers started that server's
			// command, with no hook, once the subagent was acknowledged (a
			// person's yes in an interactive session, kept by the file's
			// hash); an unacknowledged one is not registered. Read from
			// the bundle: .gemini/agents/*.md of the directory it starts
			// in, but for a name starting with "_" (its loader skips those),
			// and mcp_servers only (its schema is strict).
			{File: ".gemini/agents/{.md,[!_]*.md}", Frontmatter: true, Key: "mcp_servers", Each: true, Runs: true, Warn: true, Why: geminiAgentMCP},
			{File: ".gemini/.env", Env: true, EnvKeepsSet: true, Nested: geminiNested, Why: "Gemini CLI loads it into its hooks' environment"},
			{File: ".env", Env: true, EnvKeepsSet: true, Why: "Gemini CLI loads it into its hooks' environment when there is no .gemini/.env"},
		},
		// 0.61.0's bundle: a BeforeTool answer's hookSpecificOutput.tool_input
		// is merged into the call's arguments, and the answers of hooks run
		// side by side (the default) are merged into one; measured with the
		// agents suite's mock model.
		// Measured on 0.61.0: it reads the .gemini/settings.json of the
		// directory it starts in, not the project's: started in sub/, a
		// hook of sub/.gemini/settings.json ran and the root's did not.
		Shadowed: "Gemini CLI started in %s reads this file in place of the project's .gemini/settings.json, and it runs none of hookrun's entries; add them to it (copy hookrun's entries from .gemini/settings.json), or remove it",
		Later: []Later{
			{File: ".gemini/settings.json", Events: []string{"BeforeTool"}, Why: "gemini-cli runs this hook beside hookrun's, on the same call, and runs the call with the tool_input it answers, which hookrun never checked; if it only guards, declare it in .system/hooks instead, or else remove it"},
			// Read from 0.61.0's bundle (ShellProcessor), and measured
			// (agents suite TestBypasses command_shell): a custom command's
			// !{command} runs when a person runs it, through the policy
			// engine's check and ShellExecutionService, no BeforeTool hook.
			// Gemini CLI reads .gemini/commands of the directory it starts in.
			{File: ".gemini/commands/**/*.toml", Why: geminiCommandShell, Nested: true, Commands: true},
		},
		// 0.61.0's bundle (HookRegistry.processHooksFromConfig): a trusted
		// folder's project hooks run, after one warning the first time
		// (checkProjectHooksTrust); no setting turns off the project's
		// alone.
		Hooks: []Later{{File: ".gemini/settings.json", Why: "Gemini CLI runs this hook itself when %s fires, " + besideOurs + ", once the folder is trusted, after one warning on the first start; check what it runs, or remove it (hooksConfig.enabled false is no remedy: it turns hookrun's entries off as well)", Nested: true}},
	},
}

const geminiCommandShell = "gemini-cli runs these shell commands when a person runs this custom command (its slash command), through its policy (with no question under --yolo) but without its BeforeTool hooks, so hookrun's guards never see them; if they only read, keep them, else remove them"

const geminiAgentMCP = "Gemini CLI starts this MCP server's command itself, with no hook, when the model runs this subagent (its invoke_agent tool) once a person has acknowledged it, so no guard sees it; check it, or remove it"

const geminiNested = "Gemini CLI reads this file in place of the project's when it starts in %s"

// AfterAgent ends Gemini's work on a prompt, as Stop does for Claude Code
// and Codex: it is the SessionStop install routes. SessionEnd (exit,
// /clear) is read as SessionStop too, for a project that routes it by
// hand instead (docs/agents/README.md, "The end of a session").
var geminiEvents = table[Kind]{
	{"BeforeAgent", Prompt},
	{"BeforeTool", PreTool},
	{"AfterTool", PostTool},
	{"AfterAgent", End},
	{"SessionEnd", End},
}

var geminiTools = table[string]{
	{"run_shell_command", Shell},
	{"replace", EditFile},
	{"write_file", WriteFile},
	{"read_file", ReadFile},
	{"read_many_files", ReadFile},
	{"list_directory", ListFiles},
	{"glob", ListFiles},
	{"grep_search", SearchFiles},         // its search tool since it was renamed
	{"search_file_content", SearchFiles}, // the legacy name, still accepted
	{"web_fetch", WebFetch},
	{"google_web_search", WebSearch},
}

func readGemini(c *Call) error {
	return c.readCommon(geminiEvents, geminiTools, func(c *Call) {
		// An MCP tool's server and name, when Gemini CLI sends them, beat
		// parsing the mcp__server__tool name.
		var mcp struct {
			Server string `json:"server_name"`
			Tool   string `json:"tool_name"`
		}
		if json.Unmarshal(c.Payload["mcp_context"], &mcp) == nil && mcp.Server != "" && mcp.Tool != "" {
			c.Tool.Ability = MCPID(mcp.Server, mcp.Tool)
			c.Tool.Summary = summarize(c.Tool.Ability, c.Tool.Input)
		}
		if c.Tool.Name == "read_many_files" {
			in := object(c.Tool.Input)
			var include []string
			_ = json.Unmarshal(in["include"], &include)
			c.Tool.Paths = append(inputPaths(in), readManyPaths(include)...)
		}
		// A shell command that failed is reported only in text: "Exit Code:
		// 1" in llmContent, "Command exited with code: 1" in returnDisplay.
		if c.Kind == PostTool && c.Status == "success" {
			if code, ok := exitCodeIn(c.Payload["tool_response"], geminiStatus); ok && code != 0 {
				c.Status = "failure"
				c.ErrorMessage = fmt.Sprintf("exit code %d", code)
			}
		}
	})
}

// geminiTrailer starts the lines Gemini CLI's shell tool writes after
// "Exit Code: N" in llmContent.
var geminiTrailer = []string{"Signal: ", "Background PIDs: ", "Process Group PGID: "}

// geminiStatus reads the shell tool's status where it writes it
// (packages/core shell tool, 0.61): llmContent is "Output: ..." and then,
// each on its own line, Error, Exit Code (when not 0), Signal, Background
// PIDs and the process group; returnDisplay is the output itself, or
// "Command exited with code: N" alone when there was none. A status line
// inside the output does not count. 0.61 wraps llmContent in
// <untrusted_context> tags, each on a line of its own.
func geminiStatus(field, text string) (int, bool) {
	switch field {
	case "llmContent":
		text = strings.TrimSuffix(strings.TrimRight(text, "\n"), "\n</untrusted_context>")
		lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
		for i := len(lines) - 1; i > 0; i-- {
			if n, ok := statusLine(lines[i], "Exit Code: "); ok {
				return n, true
			}
			if !slices.ContainsFunc(geminiTrailer, func(p string) bool { return strings.HasPrefix(lines[i], p) }) {
				break
			}
		}
	case "returnDisplay":
		return statusLine(text, "Command exited with code: ")
	}
	return 0, false
}

// geminiAnswer: Gemini CLI's documented decisions are allow and deny, and
// its hook aggregator blocks only on deny or block, so require_human is a
// deny that says a human must approve. BeforeTool has no field for
// context; it is reported on stderr instead.
func geminiAnswer(c *Call, v verdict) (hookOutput, []string) {
	out := hookOutput{}
	var notes []string
	if c.Kind != Unmapped {
		out.SystemMessage = v.user
	}
	switch c.Kind {
	case Prompt:
		out.promptAnswer(c, v, "deny")
	case PreTool:
		if v.decision != event.Allow {
			out.Decision, out.Reason = "deny", v.blockReason()
		} else if v.context != "" {
			notes = append(notes, dropped(c, "context for the AI", v.context))
		}
	}
	return out, notes
}

// dropped says what an answer could not carry.
func dropped(c *Call, what, text string) string {
	return "hookrun: " + string(c.Dialect) + " " + c.AgentEvent + " has no answer field for " + what + "; not delivered: " + capLine(text)
}
