package dialect

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/hookrun/hookrun/internal/event"
)

// GitHub Copilot CLI (npm @github/copilot 1.0.102), as run by make
// test-agents against a mock model (its custom provider, BYOK, needs no
// sign-in) and read from its package, whose hook runner is native code.
// Hooks are .github/hooks/*.json. Events configured in PascalCase
// (PreToolUse) get payloads in Claude Code's shape and with Claude Code's
// tool names: hook_event_name, session_id, timestamp, cwd, tool_name (Bash,
// Read, Write, Edit, Grep, Glob; others keep their own name), tool_input,
// tool_result {result_type, text_result_for_llm} on PostToolUse, error on
// PostToolUseFailure. Copilot CLI reads only top-level answer fields.

// copilot is everything hookrun knows about this agent.
var copilot = Agent{
	Name:   Copilot,
	Also:   []string{"copilot-cli", "github-copilot"},
	read:   readCopilot,
	answer: func(c *Call, v verdict) (any, []string) { return copilotAnswer(c, v) },
	// Its payloads carry no duration.
	NoDuration: true,
	Settings: Settings{
		File: ".github/hooks/hookrun.json",
		// Measured on 1.0.102: copilot -p ran no hook, and ran a call
		// hookrun denies.
		Unparsable:     "Copilot CLI skips a hooks file it cannot parse, with no word: hookrun's entries in it do not run, and no call is checked",
		Events:         []string{"UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure", "Stop"},
		Unit:           time.Second,
		Flat:           true,
		Shell:          true,
		CommandKey:     "bash",
		TimeoutKey:     "timeoutSec",
		Typed:          true,
		AnswerFailures: true,
		Note:           "copilot -p runs a repository's hooks only in a trusted folder: pass --trust-folder, or set GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true",
		// Documented (docs.github.com, Copilot hooks: timeoutSec, default
		// 30), and measured on 1.0.102 (agents suite TestEntryWithNoTimeout).
		DefaultWait: 30 * time.Second,
		// disableAllHooks is one of the settings a repository may set
		// (its runtime's userSettingsGovernanceKeys: "repo" through
		// .github/copilot/settings.json, "claudeRepo" through
		// .claude/settings.json), in any of the spellings its settings
		// loader takes; measured to switch off .github/hooks in 1.0.102.
		Off: []Switch{
			{File: ".github/copilot/settings.json", Key: "disableAllHooks", Is: "true", Fold: true, Why: "Copilot CLI then runs no hook, hookrun's included"},
			{File: ".github/copilot/settings.local.json", Key: "disableAllHooks", Is: "true", Fold: true, Why: "Copilot CLI then runs no hook, hookrun's included"},
			{File: ".claude/settings.json", Key: "disableAllHooks", Is: "true", Fold: true, Why: "Copilot CLI reads this file's disableAllHooks too, and then runs no hook, hookrun's included"},
			{File: ".claude/settings.local.json", Key: "disableAllHooks", Is: "true", Fold: true, Why: "Copilot CLI reads this file's disableAllHooks too, and then runs no hook, hookrun's included"},
			// enabledPlugins and extraKnownMarketplaces are governance keys
			// of both sources too; a plugin's hooks, and where they run
			// beside hookrun's, were not measured.
			{File: ".github/copilot/settings.json", Key: "enabledPlugins", Each: true, Warn: true, Fold: true, Why: copilotPlugin},
			{File: ".github/copilot/settings.local.json", Key: "enabledPlugins", Each: true, Warn: true, Fold: true, Why: copilotPlugin},
			{File: ".claude/settings.json", Key: "enabledPlugins", Each: true, Warn: true, Fold: true, Why: copilotPlugin},
			{File: ".claude/settings.local.json", Key: "enabledPlugins", Each: true, Warn: true, Fold: true, Why: copilotPlugin},
			// 1.0.102's cli-main.js reads the project's .mcp.json and
			// .github/mcp.json; copilot -p in the agents suite started
			// neither's server (not measured otherwise).
			{File: ".github/mcp.json", Key: "mcpServers", Each: true, Runs: true, Warn: true, Why: copilotMCP},
			{File: ".mcp.json", Key: "mcpServers", Each: true, Runs: true, Warn: true, Why: copilotMCP},
			// Measured on 1.0.102 (agents suite TestCopilotRepoLanguageServerRuns):
			// the lsp tool started .github/lsp.json's servers, a command's and
			// a bash script's, also in a folder that is not trusted.
			{File: ".github/lsp.json", Key: "lspServers", Each: true, Runs: true, Warn: true, Why: copilotLSP},
			// Measured on 1.0.102 (agents suite TestCopilotCustomAgentMCPServerRuns):
			// the model's task call of a custom agent whose frontmatter
			// declares mcp-servers started that server's command, with no
			// hook; none started before. It finds custom agents in
			// .github/agents and .claude/agents, in subdirectories too
			// (since 1.0.62); its runtime names both mcp-servers and
			// mcpServers.
			{File: "{.github,.claude}/agents/**/*.md", Frontmatter: true, Key: "mcp-servers", Each: true, Runs: true, Warn: true, Why: copilotAgentMCP},
			{File: "{.github,.claude}/agents/**/*.md", Frontmatter: true, Key: "mcpServers", Each: true, Runs: true, Warn: true, Why: copilotAgentMCP},
			{File: ".github/copilot/settings.json", Key: "extraKnownMarketplaces", Each: true, Warn: true, Fold: true, Why: copilotMarket},
			{File: ".github/copilot/settings.local.json", Key: "extraKnownMarketplaces", Each: true, Warn: true, Fold: true, Why: copilotMarket},
			{File: ".claude/settings.json", Key: "extraKnownMarketplaces", Each: true, Warn: true, Fold: true, Why: copilotMarket},
			{File: ".claude/settings.local.json", Key: "extraKnownMarketplaces", Each: true, Warn: true, Fold: true, Why: copilotMarket},
		},
		// Read in 1.0.102's SDK docs (extensions.md): each
		// .github/extensions/NAME/extension.mjs is forked as a process of
		// its own and may register hooks and tools. Measured (agents suite
		// TestCopilotRepoExtensionDoesNotRun): copilot -p did not run one,
		// with the EXTENSIONS feature on or off, trusted or not.
		Loads: []Later{{File: ".github/extensions/*/extension.mjs", Why: "Copilot CLI runs this extension's code itself, with no hook, once its experimental EXTENSIONS feature is on (a person's /experimental, --experimental, or COPILOT_CLI_ENABLED_FEATURE_FLAGS), and an extension can register hooks and tools of its own that no guard sees; check what it does, or remove it"}},
		// Measured on 1.0.102: the files of .github/hooks run in reverse
		// name order, then the hooks of the repository's .claude and
		// .github/copilot settings, each on the call the one before
		// answered with; a modifiedArgs or modifiedPrompt after hookrun's
		// allow ran a command, or sent a prompt, hookrun would have denied.
		//
		// Measured on 1.0.102 too: an event's entries in one file run in
		// list order (a file's camelCase lists before its PascalCase
		// ones), and with --trust-folder the .json files of the
		// directories a repository's hookDirectories names (inside the
		// project; one outside was not read) run after hookrun's.
		Later: []Later{
			{File: ".github/hooks/hookrun.json", Events: copilotRewriting, Why: copilotLaterOwn, AfterOurs: true},
			{File: ".github/hooks/*.json", Events: copilotRewriting, Why: copilotLaterFile},
			{File: ".claude/settings.json", Events: copilotRewriting, Why: copilotLaterSettings},
			{File: ".claude/settings.local.json", Events: copilotRewriting, Why: copilotLaterSettings},
			{File: ".github/copilot/settings.json", Events: copilotRewriting, Why: copilotLaterSettings},
			{File: ".github/copilot/settings.local.json", Events: copilotRewriting, Why: copilotLaterSettings},
			{File: ".github/copilot/settings.json", Events: copilotRewriting, Why: copilotLaterDirs, DirsKey: "hookDirectories"},
			{File: ".github/copilot/settings.local.json", Events: copilotRewriting, Why: copilotLaterDirs, DirsKey: "hookDirectories"},
		},
		Hooks: []Later{
			{File: ".github/hooks/*.json", Why: copilotRepoHook},
			{File: ".claude/settings.json", Why: copilotRepoHook},
			{File: ".claude/settings.local.json", Why: copilotRepoHook},
			{File: ".github/copilot/settings.json", Why: copilotRepoHook},
			{File: ".github/copilot/settings.local.json", Why: copilotRepoHook},
		},
	},
}

// copilotMCP says what Copilot CLI does with a project MCP server.
const copilotMCP = "Copilot CLI may start this MCP server's command, with no hook, so no guard would see it; check it, or remove it"

// copilotAgentMCP says what Copilot CLI does with a custom agent's MCP server.
const copilotAgentMCP = "Copilot CLI starts this MCP server's command itself, with no hook, when the model runs this custom agent (its task tool), so no guard sees it; check it, or remove it"

// copilotLSP says what Copilot CLI does with a project language server.
const copilotLSP = "Copilot CLI starts this language server itself, with no hook, when its lsp tool opens a file of the server's fileExtensions (a folder need not be trusted), so no guard sees it; check it, or remove it"

// copilotRewriting are the events, in both of Copilot CLI's spellings,
// whose hooks can answer with another call (modifiedArgs) or prompt
// (modifiedPrompt).
var copilotRewriting = []string{"PreToolUse", "preToolUse", "UserPromptSubmit", "userPromptSubmitted"}

// copilotRepoHook says what Copilot CLI does with a repository's hook:
// 1.0.102 has no setting that turns off the repository's alone
// (disableAllHooks turns off the person's, hookrun's included).
const copilotRepoHook = "Copilot CLI runs this hook itself when %s fires, " + besideOurs + ", once the folder is trusted; check what it runs, or remove it (disableAllHooks is no remedy: it turns hookrun's entries off as well)"

const (
	copilotPlugin        = "Copilot CLI takes this setting from the repository and runs the hooks of the plugins it enables, which are not in the repository, so hookrun cannot tell whether one changes a call (modifiedArgs) after hookrun's let it through; check its hooks, or remove it"
	copilotMarket        = "Copilot CLI takes this setting from the repository: a plugin marketplace from which the plugins the repository enables come, whose hooks hookrun cannot see; check it, or remove it"
	copilotLaterOwn      = "copilot runs this entry after hookrun's (an event's entries run in list order), and the call it answers with (modifiedArgs, or a prompt's modifiedPrompt) is not the one hookrun checked; if you trust it, move it before hookrun's entry, so that hookrun checks what it changes"
	copilotLaterDirs     = "copilot runs this hook after hookrun's (%s's %s names its directory), and the call it answers with (modifiedArgs, or a prompt's modifiedPrompt) is not the one hookrun checked; if you trust it, move it to a file in .github/hooks named to sort after hookrun.json, so that it runs first and hookrun checks what it changes"
	copilotLaterFile     = "copilot runs this hook after hookrun's (it runs the files in .github/hooks in reverse name order), and the call it answers with (modifiedArgs, or a prompt's modifiedPrompt) is not the one hookrun checked; if you trust it, rename the file to sort after hookrun.json, so that it runs first and hookrun checks what it changes"
	copilotLaterSettings = "copilot runs this hook after those in .github/hooks, hookrun's included, and the call it answers with (modifiedArgs, or a prompt's modifiedPrompt) is not the one hookrun checked; if you trust it, move it to a file in .github/hooks named to sort after hookrun.json, so that it runs first and hookrun checks what it changes"
)

var copilotEvents = table[Kind]{
	{"UserPromptSubmit", Prompt},
	{"PreToolUse", PreTool},
	{"PostToolUse", PostTool},
	{"PostToolUseFailure", PostTool},
	{"Stop", End},
	{"SessionEnd", End},
}

// copilotTools are the tool names of PascalCase payloads (Claude Code's),
// and the names Copilot CLI gives its tools (camelCase payloads, its docs).
var copilotTools = table[string]{
	{"Bash", Shell},
	{"PowerShell", Shell},
	{"Edit", EditFile},
	{"Write", WriteFile},
	{"Read", ReadFile},
	{"Glob", ListFiles},
	{"Grep", SearchFiles},
	{"bash", Shell},
	{"powershell", Shell},
	{"edit", EditFile},
	{"create", WriteFile},
	{"view", ReadFile},
	{"glob", ListFiles},
	{"grep", SearchFiles},
	{"web_fetch", WebFetch},
	// Tools the model calls by these names (1.0.102's cli-main.js); a
	// PascalCase payload's name for them was not seen, so both are read.
	{"write_bash", Shell},       // types input into a running shell session
	{"write_powershell", Shell}, // the same for PowerShell
	{"apply_patch", EditFile},   // GPT models' edits: a patch, raw or under input or patch
	{"str_replace", EditFile},
	{"str_replace_editor", EditFile}, // by its command: view reads, create writes
	{"rg", SearchFiles},
}

func readCopilot(c *Call) error {
	return c.readCommon(copilotEvents, copilotTools, func(c *Call) {
		in := object(c.Tool.Input)
		switch c.Tool.Name {
		case "write_bash", "write_powershell":
			// What a session runs is not known here; a shell is what such a
			// session usually runs (bash's async mode, a tmux), so its input
			// is read as a command line, and a shell guard sees rm -rf typed
			// into it as it sees rm -rf run.
			var s string
			_ = json.Unmarshal(in["input"], &s)
			c.Tool.Command = s
			c.Tool.Summary = capLine(s)
		case "apply_patch":
			c.readPatch()
		case "lsp":
			// 1.0.102's lsp (runtime.node) opens file in a language server;
			// its rename applies the edit to every file that refers to the
			// symbol, which only the server knows: anywhere beneath the
			// working directory. workspaceSymbol names no file and searches
			// the whole workspace.
			var file, op string
			_ = json.Unmarshal(in["file"], &file)
			_ = json.Unmarshal(in["operation"], &op)
			switch {
			case op == "rename":
				c.Tool.Ability, c.Tool.Paths = EditFile, append(nonEmpty(file), "**")
			case file != "":
				c.Tool.Ability, c.Tool.Paths = ReadFile, []string{file}
			default:
				c.Tool.Ability, c.Tool.Paths = SearchFiles, []string{"**"}
			}
		case "str_replace_editor":
			// view reads and create writes; any other command (str_replace,
			// insert, undo_edit, none) edits its path.
			var cmd string
			_ = json.Unmarshal(in["command"], &cmd)
			switch cmd {
			case "view":
				c.Tool.Ability = ReadFile
			case "create":
				c.Tool.Ability = WriteFile
			}
		}
		if c.Kind != PostTool {
			return
		}
		if c.AgentEvent == "PostToolUseFailure" {
			c.Status, c.ErrorMessage = "failure", c.opt("error")
			return
		}
		var r struct {
			Type string `json:"result_type"`
			Text string `json:"text_result_for_llm"`
		}
		if json.Unmarshal(c.Payload["tool_result"], &r) == nil && r.Type != "" && r.Type != "success" {
			c.Status, c.ErrorMessage = "failure", r.Type+": "+r.Text
			return
		}
		// A shell command that exited non-zero is a "success": its status
		// is only in the text, on the last line.
		if c.Tool.Ability == Shell {
			if code, ok := copilotExitCode(r.Text); ok && code != 0 {
				c.Status, c.ErrorMessage = "failure", fmt.Sprintf("exit code %d", code)
			}
		}
	})
}

// copilotExitCode reads the line Copilot CLI's shell tool ends its text
// with: "<shellId: 4 completed with exit code 2>". A line like it in the
// command's output, before the last, does not count.
func copilotExitCode(text string) (int, bool) {
	text = strings.TrimRight(text, "\n")
	last := text[strings.LastIndexByte(text, '\n')+1:]
	rest, ok := strings.CutPrefix(last, "<shellId: ")
	if !ok {
		return 0, false
	}
	_, status, ok := strings.Cut(rest, " completed with exit code ")
	if !ok {
		return 0, false
	}
	return statusLine(strings.TrimSuffix(status, ">"), "")
}

// copilotOutput holds the answer fields Copilot CLI acts on: preToolUse's
// decision, a prompt's block, and context for the AI on either.
type copilotOutput struct {
	Decision                 string `json:"decision,omitempty"`
	Reason                   string `json:"reason,omitempty"`
	PermissionDecision       string `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
	AdditionalContext        string `json:"additionalContext,omitempty"`
}

// copilotAnswer: preToolUse's deny and ask, with a reason; a prompt's block
// (there is no ask for prompts, so require_human blocks too, saying so);
// context for the AI on both. Anything else is {}: agentStop's decision
// would keep the agent going. Copilot CLI's command hooks have no field for
// a message for the person: it is reported on stderr.
func copilotAnswer(c *Call, v verdict) (copilotOutput, []string) {
	var out copilotOutput
	var notes []string
	drop := func(what, text string) {
		if text != "" {
			notes = append(notes, dropped(c, what, text))
		}
	}
	switch c.Kind {
	case PreTool:
		out.PermissionDecision, out.PermissionDecisionReason, out.AdditionalContext = permissionAnswer(v)
	case Prompt:
		if v.decision != event.Allow {
			out.Decision, out.Reason = "block", v.blockReason()
		} else {
			out.AdditionalContext = v.context
		}
	default:
		drop("context for the AI", v.context)
	}
	if c.Kind != Unmapped {
		drop("a message for the user", v.user)
	}
	return out, notes
}

// nonEmpty is s as a list, empty when s is.
func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}
