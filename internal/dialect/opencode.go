package dialect

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/shellcmd"
)

// OpenCode (npm opencode-ai, verified at 1.18.33): its hooks are JS/TS
// plugins, loaded from .opencode/plugins/*.{js,ts}. `hookrun install
// opencode` writes one (opencode_plugin.js) that runs `hookrun emit
// --dialect opencode` with a payload it builds from OpenCode's hook
// arguments, in the field names the other agents use: hook_event_name
// (OpenCode's hook or bus event name), session_id, cwd (the plugin's
// directory), and per event prompt and files (chat.message), tool_name,
// tool_input, tool_use_id (tool.execute.before/after: OpenCode's tool,
// args and callID), tool_response ({title, output, metadata}, or an MCP
// tool's result) and duration_ms (measured by the plugin). The answer is
// the plugin's own small shape, openCodeOutput.

// openCodeAgent is everything hookrun knows about this agent.
var openCodeAgent = Agent{
	Name:   OpenCode,
	read:   readOpenCode,
	answer: func(c *Call, v verdict) (any, []string) { return openCodeAnswer(c, v), nil },
	Settings: Settings{
		File:    ".opencode/plugins/hookrun.js",
		Events:  []string{"chat.message", "tool.execute.before", "tool.execute.after", "session.idle"},
		Unit:    time.Millisecond,
		Plugin:  openCodePlugin,
		Note:    "OpenCode loads .opencode/plugins when it starts: restart it to pick up the plugin",
		OwnTool: openCodeOwnTool,
		// Read from 1.18.33's bundle, and measured (agents suite
		// TestBypasses command_shell): a command's !`command` runs in
		// OpenCode's own shell as the command's template is read, before
		// any tool call and before the plugins' command.execute.before.
		// OpenCode reads the .opencode of the directory it starts in and
		// of those above it.
		Later: []Later{
			{File: ".opencode/{command,commands}/**/*.md", Why: openCodeCommandShell, Nested: true, Commands: true},
			// Read from 1.18.33's bundle: a config file's command.NAME.template
			// runs the same way; OpenCode reads opencode.json(c) in each
			// directory from its start up to the worktree's top, and in each
			// .opencode, after putting each {file:PATH} in place.
			{File: "{,.opencode/}opencode.{json,jsonc}", Why: openCodeCommandShell, Nested: true, Commands: true},
		},
	},
}

const openCodeCommandShell = "opencode runs these shell commands when a person runs this command (its slash command, or opencode run --command), in its own shell as it reads the command, before any tool call, so hookrun's plugin never sees them (a plugin's command.execute.before comes after they ran); if they only read, keep them, else remove them"

var openCodeEvents = table[Kind]{
	{"chat.message", Prompt},
	{"tool.execute.before", PreTool},
	{"tool.execute.after", PostTool},
	{"session.idle", End},
}

// openCodeTools are OpenCode's built-in tools (packages/opencode/src/tool);
// list, multiedit and patch are earlier versions' names.
var openCodeTools = table[string]{
	{"bash", Shell},
	{"edit", EditFile},
	{"multiedit", EditFile},
	{"apply_patch", EditFile},
	{"patch", EditFile},
	{"write", WriteFile},
	{"read", ReadFile},
	{"glob", ListFiles},
	{"list", ListFiles},
	{"grep", SearchFiles},
	{"lsp", ReadFile}, // opens filePath in a language server: its symbols, hover text
	{"webfetch", WebFetch},
	{"websearch", WebSearch},
}

// openCodeOwnTool: a custom tool of one of these names replaces OpenCode's
// own (measured on 1.18.33, agents suite TestOpenCodeToolNamedLikeBuiltin:
// the model was offered the custom bash alone, and its code ran the call
// hookrun's plugin checked as the shell's). skill, task and todowrite are
// the built-ins of that version hookrun has no ability for.
func openCodeOwnTool(name string) bool {
	_, ok := openCodeTools.get(name)
	return ok || name == "skill" || name == "task" || name == "todowrite"
}

func readOpenCode(c *Call) error {
	err := c.readCommon(openCodeEvents, openCodeTools, func(c *Call) {
		in := object(c.Tool.Input)
		if c.Tool.Ability == EditFile && in["patchText"] != nil {
			if files := shellcmd.PatchFiles(text(in["patchText"])); len(files) > 0 {
				c.Tool.Paths = files
				c.Tool.Summary = capLine(strings.Join(files, ", "))
			}
		}
		if c.Kind != PostTool {
			return
		}
		c.DurationMS, c.HasDuration = c.number("duration_ms")
		// bash reports its exit status in the result's metadata.exit.
		var res struct {
			Metadata struct {
				Exit *float64 `json:"exit"`
			} `json:"metadata"`
		}
		if c.Status == "success" && json.Unmarshal(c.Payload["tool_response"], &res) == nil && res.Metadata.Exit != nil && *res.Metadata.Exit != 0 {
			c.Status = "failure"
			c.ErrorMessage = "exit code " + strconv.FormatFloat(*res.Metadata.Exit, 'f', -1, 64)
		}
	})
	if err == nil && c.Kind == Prompt {
		var files []string
		if json.Unmarshal(c.Payload["files"], &files) == nil {
			c.CurrentFiles = files
		}
	}
	return err
}

// openCodeOutput is what the plugin reads: action "block" makes it throw
// with the reason, OpenCode's way for a plugin to stop a tool call or a
// message; context goes to the model (the tool's result, or the system
// prompt of the prompt's next model call); message to OpenCode's log.
type openCodeOutput struct {
	Action  string `json:"action"`
	Reason  string `json:"reason,omitempty"`
	Context string `json:"context,omitempty"`
	Message string `json:"message,omitempty"`
}

// openCodeAnswer: OpenCode's plugins cannot ask a person, so require_human
// blocks, saying a human must approve.
func openCodeAnswer(c *Call, v verdict) openCodeOutput {
	out := openCodeOutput{Action: "allow"}
	if c.Kind == Unmapped {
		return out
	}
	out.Message = v.user
	switch c.Kind {
	case Prompt, PreTool:
		if v.decision != event.Allow {
			out.Action, out.Reason = "block", v.blockReason()
		} else {
			out.Context = v.context
		}
	}
	return out
}

//go:embed opencode_plugin.js
var openCodePluginSource string

// openCodePlugin is the plugin install writes: opencode_plugin.js with
// the hookrun it runs, its arguments and the timeout filled in.
func openCodePlugin(bin string, argv []string, timeout time.Duration) []byte {
	args, _ := json.Marshal(argv)
	exe, _ := json.Marshal(bin)
	r := strings.NewReplacer(
		`"hookrun" /* HOOKRUN */`, string(exe),
		`["emit", "--dialect", "opencode"] /* ARGV */`, string(args),
		`120000 /* TIMEOUT_MS */`, fmt.Sprint(timeout.Milliseconds()),
	)
	return []byte(r.Replace(openCodePluginSource))
}
