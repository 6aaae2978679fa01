package dialect

import (
	"encoding/json"
	"strings"

	"fmt"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/shellcmd"
	"path/filepath"
	"time"
)

// Codex: https://developers.openai.com/codex/hooks and the output schemas
// in openai/codex, codex-rs/hooks/schema/generated. Payloads carry
// session_id, turn_id, transcript_path, cwd, model and hook_event_name;
// tool events add tool_name (Bash, apply_patch, mcp__server__tool),
// tool_input and tool_use_id. Codex rejects output fields it does not know,
// so the answers below use only fields of those schemas.

// codex is everything hookrun knows about this agent.
var codex = Agent{
	Name:   Codex,
	Also:   []string{"codex-cli"},
	read:   readCodex,
	answer: func(c *Call, v verdict) (any, []string) { return codexAnswer(c, v), nil },
	// PostToolUseRequest has no duration (codex-rs/core hook_runtime.rs).
	NoDuration: true,
	Settings: Settings{
		// Codex runs hook commands in the session's working directory,
		// where hookrun's upward search finds the project's hooks.
		File: ".codex/hooks.json",
		// Measured on 0.171.0: codex exec ran no hook, and ran a call
		// hookrun denies.
		Unparsable: "Codex skips a hooks file it cannot parse, with no word: hookrun's entries in it do not run, and no call is checked",
		Events:     []string{"UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"},
		Unit:       time.Second,
		// codex-rs/hooks discovery: timeout_sec.unwrap_or(600).
		DefaultWait: 10 * time.Minute,
		// Codex runs the hooks of each config layer (0.171.0; hooks.json
		// beside each layer's config.toml, and its [hooks] table): a
		// .codex/ directory's from the project root down to where it
		// started, CODEX_HOME's (~/.codex) and /etc/codex's. Measured
		// (agents suite TestCodexEntryTimeout): hookrun's entry moved
		// to any of them with a 5 s timeout was ended then, and the call ran.
		WaitFiles: func(root, cwd string) []string {
			out := append([]string{filepath.Join(root, ".codex", "config.toml")}, between(root, cwd, ".codex/hooks.json", ".codex/config.toml")...)
			if home := homeDir("CODEX_HOME", ".codex"); home != "" {
				out = append(out, filepath.Join(home, "hooks.json"), filepath.Join(home, "config.toml"))
			}
			return append(out, "/etc/codex/hooks.json", "/etc/codex/config.toml")
		},
		// Codex keys a hook's trust by its position in the file and hashes
		// its event, matcher, command and timeout: install leaves an
		// unchanged entry byte for byte, so its trust holds.
		Note: "Codex reads .codex/hooks.json only in a trusted project, and runs each of its hooks only once that entry is trusted: " +
			"review hookrun's entries with /hooks in the Codex TUI, which stores a hash of each (an entry install adds or rewrites needs trusting again); " +
			"where automation vets .codex/hooks.json itself, run codex exec --dangerously-bypass-hook-trust. Until then Codex runs no hook and says nothing",
		// features.hooks (stable, on by default; codex_hooks is its older
		// name, codex-rs/features/src/legacy.rs) in a trusted project's
		// .codex/config.toml.
		Off: []Switch{
			{File: ".codex/config.toml", Key: "features.hooks", Is: "false", Nested: codexNested, Why: "Codex then runs no hook, hookrun's included"},
			{File: ".codex/config.toml", Key: "features.codex_hooks", Is: "false", Nested: codexNested, Why: "Codex reads codex_hooks as features.hooks, and then runs no hook, hookrun's included"},
			// Measured on 0.171.0 (agents suite TestBypasses): a trusted
			// project's MCP server ran touch forbidden.txt, with no hook.
			{File: ".codex/config.toml", Key: "mcp_servers", Each: true, Runs: true, Warn: true, Nested: codexNested, Why: "Codex starts this MCP server's command with no hook, so no guard sees it; check it, or remove it"},
			// Measured on 0.171.0 (agents suite TestBypasses
			// mcp_headers_helper): a trusted project's MCP server reached
			// by URL ran its http_headers_helper, with no hook.
			{File: ".codex/config.toml", Key: "mcp_servers.*.http_headers_helper", Runs: true, Warn: true, Nested: codexNested, Why: "Codex runs this command itself, for the MCP server's request headers, with no hook, so no guard sees it; check it, or remove it"},
			// Measured on 0.171.0 (agents suite TestBypasses shell_env_path,
			// shell_env_bash_env): a trusted project's
			// shell_environment_policy.set with a PATH into the repository,
			// or a BASH_ENV, ran the repository's code when the model ran
			// ls, which hookrun's entry had let through.
			{File: ".codex/config.toml", Key: "shell_environment_policy.set", Each: true, Warn: true, Nested: codexNested, Why: "Codex sets this variable for every command the model runs, after hookrun's entry checked it, so the repository chooses which program a command name runs (PATH) or what runs before it (BASH_ENV, LD_PRELOAD); set it in your own ~/.codex/config.toml instead, or remove it"},
			// notify is a program Codex runs itself when a turn ends, with
			// no hook; codex exec 0.171.0 in a trusted project did not run
			// a project's (measured), its interactive session may.
			{File: ".codex/config.toml", Key: "notify", Runs: true, Warn: true, Nested: codexNested, Why: "Codex may run this command itself when a turn ends, with no hook, so no guard would see it; check it, or remove it"},
		},
		// Measured on 0.169: another PreToolUse hook in .codex/hooks.json
		// answering an allow with updatedInput ran a command hookrun's
		// entry had not seen. Every config layer's hooks.json and
		// config.toml [hooks] run, a subdirectory's included.
		Later: []Later{
			{File: ".codex/hooks.json", Events: codexRewriting, Why: codexLater, Nested: true},
			{File: ".codex/config.toml", Events: codexRewriting, Why: codexLater, Nested: true},
		},
		// 0.171.0 reads allow_managed_hooks_only from requirements.toml
		// alone (openai/codex docs/config.md): the managed layers' hooks
		// run, the project's do not.
		Hooks: []Later{
			{File: ".codex/hooks.json", Why: codexRepoHook, Nested: true},
			{File: ".codex/config.toml", Why: codexRepoHook, Nested: true},
		},
	},
}

// codexRewriting are the events whose answer can carry an updatedInput
// (0.169's output parser: PreToolUse with permissionDecision allow, and
// PermissionRequest's allow).
var codexRewriting = []string{"PreToolUse", "PermissionRequest"}

const codexRepoHook = "Codex runs this hook itself when %s fires, " + besideOurs + ", once the project is trusted; check what it runs, or remove it; a team can run only the hooks it approved with allow_managed_hooks_only = true in Codex's requirements.toml, with hookrun's entries in its managed hooks too"

const codexLater = "codex runs this hook beside hookrun's, on the same call, and runs the call with the updatedInput it answers with an allow, which hookrun never checked; if it only guards, declare it in .system/hooks instead, or else remove it"

// codexNested says when Codex reads a subdirectory's .codex/config.toml:
// it loads a project layer for each directory from the project root down
// to its working directory (measured on 0.169: one with features.hooks =
// false in packages/app switched hookrun's entries off for a session
// started there).
const codexNested = "Codex reads this file when it starts in %s or below it"

// Stop ends each turn, SessionEnd the session: both are SessionStop, and
// install routes Stop only (docs/agents/README.md, "The end of a session").
var codexEvents = table[Kind]{
	{"UserPromptSubmit", Prompt},
	{"PreToolUse", PreTool},
	{"PostToolUse", PostTool},
	{"Stop", End},
	{"SessionEnd", End},
}

var codexTools = table[string]{
	{"Bash", Shell},
	{"apply_patch", EditFile},
}

func readCodex(c *Call) error {
	return c.readCommon(codexEvents, codexTools, func(c *Call) {
		if c.Tool.Name == "apply_patch" {
			c.readPatch()
		}
		// Codex reports a failed patch only as text: "Exit code: N" on the
		// response's first line, before "Wall time" and the output. A Bash
		// response is the command's output alone, with no status (0.169),
		// so nothing in it is read as one.
		if c.Kind == PostTool && c.Status == "success" && c.Tool.Name == "apply_patch" {
			if code, ok := exitCodeIn(c.Payload["tool_response"], codexStatus); ok && code != 0 {
				c.Status = "failure"
				c.ErrorMessage = fmt.Sprintf("exit code %d", code)
			}
		}
	})
}

// readPatch makes an apply_patch call's paths the files its patch names.
// A patch hookrun cannot find names none, and an edit naming no file is
// unresolved (emit.WithPaths).
func (c *Call) readPatch() {
	if files := shellcmd.PatchFiles(patchText(c.Tool.Input)); len(files) > 0 {
		c.Tool.Paths = files
		c.Tool.Summary = capLine(strings.Join(files, ", "))
	}
}

// patchText is an apply_patch call's patch: its command (what Codex sends
// today), the input or patch of the tool's JSON form, or the input itself
// when it is the patch (the freeform tool's).
func patchText(input json.RawMessage) string {
	in := object(input)
	for _, k := range []string{"command", "input", "patch"} {
		if s := text(in[k]); s != "" {
			return s
		}
	}
	var s string
	_ = json.Unmarshal(input, &s)
	return s
}

func codexStatus(_, text string) (int, bool) {
	first, _, _ := strings.Cut(strings.TrimLeft(text, "\n"), "\n")
	return statusLine(first, "Exit code: ")
}

// codexAnswer: Codex rejects permissionDecision "ask" (and "allow" without
// updatedInput), so require_human is a deny that says a human must approve.
// A deny never carries additionalContext: versions of Codex that do not
// support it on PreToolUse treat the whole answer as unsupported and let
// the call through.
func codexAnswer(c *Call, v verdict) hookOutput {
	out := hookOutput{}
	if c.Kind != Unmapped {
		out.SystemMessage = v.user
	}
	switch c.Kind {
	case Prompt:
		out.promptAnswer(c, v, "block")
	case PreTool:
		if v.decision != event.Allow {
			out.HookSpecificOutput = &hookSpecific{HookEventName: c.AgentEvent, PermissionDecision: "deny", PermissionDecisionReason: v.blockReason()}
		} else if v.context != "" {
			out.HookSpecificOutput = &hookSpecific{HookEventName: c.AgentEvent, AdditionalContext: v.context}
		}
	}
	return out
}
