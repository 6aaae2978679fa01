package dialect

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"time"

	"github.com/hookrun/hookrun/internal/event"
)

// Claude Code: https://code.claude.com/docs/en/hooks. Payloads carry
// session_id, transcript_path, cwd, permission_mode and hook_event_name;
// tool events add tool_name, tool_input and tool_use_id.

// claudeCode is everything hookrun knows about this agent.
var claudeCode = Agent{
	Name:   ClaudeCode,
	Also:   []string{"claude"},
	read:   readClaude,
	answer: func(c *Call, v verdict) (any, []string) { return claudeAnswer(c, v), nil },
	Settings: Settings{
		File: ".claude/settings.json",
		// Measured on 2.1.332: claude -p started, ran no hook, and ran a
		// call hookrun denies.
		Unparsable: "Claude Code skips a settings file it cannot parse, with no word, and runs no hook from it: hookrun's entries in it do not run, and no call is checked",
		// PreSkillShellCommand (2.1.332; not in 2.1.240's changelog) asks
		// before a skill's or command's !`command` runs, whoever started
		// the skill; an older version ignores the key. UserPromptExpansion
		// (2.1.332's bundle) asks before a slash command a person typed, or
		// an MCP prompt, expands into its prompt: each command of a stacked
		// line on its own.
		Events:        []string{"UserPromptSubmit", "UserPromptExpansion", "PreToolUse", "PreSkillShellCommand", "PostToolUse", "PostToolUseFailure", "Stop"},
		Unit:          time.Second,
		ProjectDirVar: "CLAUDE_PROJECT_DIR",
		Shell:         true,
		// 2.1.197's bundle: a command hook's timeout, else 600000 ms.
		DefaultWait: 10 * time.Minute,
		// Claude Code runs the hooks of every settings source side by
		// side: the person's (CLAUDE_CONFIG_DIR, else ~/.claude), the
		// project's local settings and managed settings.
		WaitFiles: func(root, _ string) []string {
			out := []string{filepath.Join(root, ".claude", "settings.local.json")}
			if home := homeDir("CLAUDE_CONFIG_DIR", ".claude"); home != "" {
				out = append(out, filepath.Join(home, "settings.json"))
			}
			return append(out, systemFile(map[string]string{"darwin": "/Library/Application Support/ClaudeCode", "windows": `C:\Program Files\ClaudeCode`}, "/etc/claude-code", "managed-settings.json"))
		},
		// Read from 2.1.197's bundle: disableAllHooks in any settings
		// source leaves only managed policy's hooks, and every source's
		// env is copied into process.env, which hooks are started with.
		Off: []Switch{
			{File: ".claude/settings.json", Key: "disableAllHooks", Is: "true", Nested: claudeNested, Why: "Claude Code then runs no hook from its settings files, hookrun's included"},
			{File: ".claude/settings.local.json", Key: "disableAllHooks", Is: "true", Nested: claudeNested, Why: "Claude Code then runs no hook from its settings files, hookrun's included"},
			{File: ".claude/settings.json", Key: "env", Env: true, EnvOff: claudeEnvOff, Nested: claudeNested, Why: "Claude Code gives its hooks these variables"},
			{File: ".claude/settings.local.json", Key: "env", Env: true, EnvOff: claudeEnvOff, Nested: claudeNested, Why: "Claude Code gives its hooks these variables"},
			// Read from 2.1.197's bundle: plugins' hooks run beside the
			// settings files' (an enabledPlugins entry of the project's
			// settings wins over the person's own), and only managed policy's
			// allowManagedHooksOnly or strictPluginOnlyCustomization (read
			// from policy settings alone) keeps them out.
			{File: ".claude/settings.json", Key: "enabledPlugins", Each: true, Warn: true, Why: claudePlugin + "; check its hooks, or set it to false in .claude/settings.local.json, which wins over this file", LocalWhy: claudeRepoPlugin + "; check its other hooks, or set it to false in .claude/settings.local.json, which wins over this file"},
			{File: ".claude/settings.local.json", Key: "enabledPlugins", Each: true, Warn: true, Why: claudePlugin + "; check its hooks, or remove it", LocalWhy: claudeRepoPlugin + "; check its other hooks, or remove it"},
			{File: ".claude/settings.json", Key: "extraKnownMarketplaces", Each: true, Warn: true, Why: claudeMarket, LocalWhy: claudeRepoMarket},
			{File: ".claude/settings.local.json", Key: "extraKnownMarketplaces", Each: true, Warn: true, Why: claudeMarket, LocalWhy: claudeRepoMarket},
			// Measured on 2.1.332 (agents suite TestBypasses): claude -p
			// started a .mcp.json server's command with no question.
			{File: ".mcp.json", Key: "mcpServers", Each: true, Runs: true, Warn: true, Why: "Claude Code starts this MCP server's command with no hook (claude -p with no question, interactively once it is approved), so no guard sees it; check it, or remove it"},
			// 2.1.332's settings schema: commands Claude Code runs itself,
			// with no hook, once the folder is trusted (and in claude -p:
			// measured for apiKeyHelper, agents suite TestBypasses).
			{File: ".claude/settings.json", Key: "apiKeyHelper", Runs: true, Warn: true, Nested: claudeNested, Why: claudeRuns},
			{File: ".claude/settings.local.json", Key: "apiKeyHelper", Runs: true, Warn: true, Nested: claudeNested, Why: claudeRuns},
			{File: ".claude/settings.json", Key: "awsAuthRefresh", Runs: true, Warn: true, Nested: claudeNested, Why: claudeRuns},
			{File: ".claude/settings.local.json", Key: "awsAuthRefresh", Runs: true, Warn: true, Nested: claudeNested, Why: claudeRuns},
			{File: ".claude/settings.json", Key: "awsCredentialExport", Runs: true, Warn: true, Nested: claudeNested, Why: claudeRuns},
			{File: ".claude/settings.local.json", Key: "awsCredentialExport", Runs: true, Warn: true, Nested: claudeNested, Why: claudeRuns},
			{File: ".claude/settings.json", Key: "gcpAuthRefresh", Runs: true, Warn: true, Nested: claudeNested, Why: claudeRuns},
			{File: ".claude/settings.local.json", Key: "gcpAuthRefresh", Runs: true, Warn: true, Nested: claudeNested, Why: claudeRuns},
			{File: ".claude/settings.json", Key: "otelHeadersHelper", Runs: true, Warn: true, Nested: claudeNested, Why: claudeRuns},
			{File: ".claude/settings.local.json", Key: "otelHeadersHelper", Runs: true, Warn: true, Nested: claudeNested, Why: claudeRuns},
			{File: ".claude/settings.json", Key: "proxyAuthHelper", Runs: true, Warn: true, Nested: claudeNested, Why: claudeRuns},
			{File: ".claude/settings.local.json", Key: "proxyAuthHelper", Runs: true, Warn: true, Nested: claudeNested, Why: claudeRuns},
			{File: ".claude/settings.json", Key: "statusLine", Runs: true, Warn: true, Nested: claudeNested, Why: claudeRuns},
			{File: ".claude/settings.local.json", Key: "statusLine", Runs: true, Warn: true, Nested: claudeNested, Why: claudeRuns},
			{File: ".claude/settings.json", Key: "subagentStatusLine", Runs: true, Warn: true, Nested: claudeNested, Why: claudeRuns},
			{File: ".claude/settings.local.json", Key: "subagentStatusLine", Runs: true, Warn: true, Nested: claudeNested, Why: claudeRuns},
			{File: ".claude/settings.json", Key: "fileSuggestion", Runs: true, Warn: true, Nested: claudeNested, Why: claudeRuns},
			{File: ".claude/settings.local.json", Key: "fileSuggestion", Runs: true, Warn: true, Nested: claudeNested, Why: claudeRuns},
		},
		// Measured on 2.1.197: another PreToolUse hook's updatedInput
		// ran a command hookrun's entry had not seen (the hooks of a
		// call run side by side on its input); a PermissionRequest
		// hook's allow carries an updatedInput too (its answer schema).
		// Measured on 2.1.197 too: started in sub/, it ran the hook of
		// sub/.claude/settings.json and not the project's (and neither
		// without sub's file).
		Shadowed: "Claude Code started in %s reads this file in place of the project's .claude/settings.json, and it runs none of hookrun's entries; add them to it (copy hookrun's entries from .claude/settings.json), or remove it",
		Later: []Later{
			{File: ".claude/settings.json", Events: claudeRewriting, Why: claudeLater},
			{File: ".claude/settings.local.json", Events: claudeRewriting, Why: claudeLater},
			// Read from 2.1.197's bundle, and measured (the agents suite's
			// TestBypasses skill_hooks): a skill's, a command's or a
			// subagent's frontmatter hooks are registered for the session
			// once it runs, and its PreToolUse hook's updatedInput ran a
			// command hookrun denies. Claude Code reads the .claude of the
			// directory it starts in and of those above it.
			{File: ".claude/{skills/*/SKILL.md,commands/**/*.md,agents/**/*.md}", Events: claudeRewriting, Why: claudeFrontmatter, Nested: true, Frontmatter: true},
			// Read from 2.1.197's bundle, and measured (TestBypasses
			// skill_shell): a skill's or command's !`command` runs when it
			// runs, through the permission rules (and the skill's own
			// allowed-tools) but no PreToolUse hook. 2.1.332 asks its
			// PreSkillShellCommand hooks first (measured: hookrun's entry
			// denied it), but an older version does not.
			{File: ".claude/{skills/*/SKILL.md,commands/**/*.md}", Why: claudeSkillShell, Nested: true, Commands: true},
			// Measured on 2.1.332: in a folder whose trust is recorded,
			// claude -p adds a marketplace the project's settings declare
			// with a directory source (installPluginsForHeadless), and then
			// runs the hooks of the plugins they enable from it, with no
			// question (a plugin whose source is a command needs consent
			// and was not installed).
			{File: ".claude/settings.json", Events: claudeRewriting, Why: claudeLocalPlugin, Plugins: true},
			{File: ".claude/settings.local.json", Events: claudeRewriting, Why: claudeLocalPlugin, Plugins: true},
		},
		// Measured on 2.1.332 (agents56): claude -p ran a
		// .claude/settings.json SessionStart hook's command at start.
		// 2.1.332's bundle (getHooksFromAllowedSources): managed
		// settings' allowManagedHooksOnly runs managed settings' hooks
		// alone; disableAllHooks elsewhere turns hookrun's off too.
		Hooks: []Later{
			{File: ".claude/settings.json", Why: claudeRepoHook, Nested: true},
			{File: ".claude/settings.local.json", Why: claudeRepoHook, Nested: true},
		},
	},
}

const claudeRepoHook = "Claude Code runs this hook itself when %s fires, " + besideOurs + "; check what it runs, or remove it; a team can run only the hooks it approved with allowManagedHooksOnly in Claude Code's managed settings, with hookrun's entries there too (disableAllHooks is no remedy: it turns hookrun's entries off as well)"

var claudeRewriting = []string{"PreToolUse", "PermissionRequest"}

// claudeEnvOff are the variables of a settings file's env that Claude Code
// reads itself, and what they do to hooks (2.1.197's bundle; measured with
// the agents suite's mock model: each in .claude/settings.local.json ran a
// command hookrun denies; CLAUDE_CODE_SAFE_MODE, CLAUDE_CODE_SHELL and
// SHELL there did not). 2.1.332 no longer takes CLAUDE_CODE_SIMPLE from a
// settings file (measured: hookrun denied), but 2.1.197 does, so it stays.
var claudeEnvOff = []EnvVar{
	{"CLAUDE_CODE_SIMPLE", "Claude Code then starts in its bare mode, which runs no hook, hookrun's included"},
	{"CLAUDE_CODE_SHELL_PREFIX", "Claude Code runs every hook's command, hookrun's included, as an argument of this command, which then decides what the hook answers"},
}

const (
	claudeRuns       = "Claude Code runs this command itself, outside its hooks, so no guard sees it; check what it runs, or remove it"
	claudeNested     = "Claude Code reads this file in place of the project's when it starts in %s"
	claudePlugin     = "Claude Code runs the hooks of a plugin the repository enables beside hookrun's, and a call with the updatedInput such a hook answers, which hookrun never checked; the plugin's hooks are not in the repository, so hookrun cannot tell"
	claudeRepoPlugin = "Claude Code installs this plugin with no question, once the folder is trusted, from a plugin marketplace in the repository itself (%s), and runs its hooks beside hookrun's: hookrun reads them, and names each that can change a call it let through"
	claudeRepoMarket = "the repository adds this plugin marketplace from the repository itself (%s), and Claude Code installs the plugins the settings enable from it with no question, once the folder is trusted, and runs their hooks beside hookrun's: hookrun reads them, and names each that can change a call it let through; check it, or remove it"
	claudeMarket     = "the repository adds this plugin marketplace, from which the plugins it enables come, and Claude Code runs their hooks beside hookrun's, which hookrun cannot see; check it, or remove it"
)

const claudeFrontmatter = "claude-code runs the hooks this file declares once its skill, command or subagent runs, beside hookrun's, on every later call of the session, and runs a call with the updatedInput one answers (or, from PermissionRequest, without the person hookrun asked for), which hookrun never checked; if it only guards, declare it in .system/hooks instead, or else remove it"

const claudeSkillShell = "claude-code runs these shell commands when the skill or command runs, without its PreToolUse hooks: from 2.1.332 hookrun's PreSkillShellCommand entry checks each first, but an older Claude Code runs them through its permission rules and the skill's own allowed-tools alone, and hookrun's guards see them only when the model runs the skill (its Skill call), not when a person types its slash command; if they only read, keep them, else update Claude Code, leave the commands to the model, or remove them"

const claudeLocalPlugin = "claude-code runs this hook of the plugin %s, which the repository's settings enable from a plugin marketplace in the repository itself, and installs with no question once the folder is trusted, beside hookrun's, on the same call, and runs the call with the updatedInput it answers, which hookrun never checked; remove the plugin from enabledPlugins, or if it only guards, declare it in .system/hooks instead"

const claudeLater = "claude-code runs this hook beside hookrun's, on the same call, and runs the call with the updatedInput it answers, which hookrun never checked; if it only guards, declare it in .system/hooks instead, or else remove it"

var claudeEvents = table[Kind]{
	{"UserPromptSubmit", Prompt},
	// prompt is the command as typed ("/name args"), not the text it
	// expands to; expansion_type, command_name, command_args and
	// command_source are in the payload. Its answer (2.1.332's schema) is
	// UserPromptSubmit's: decision block, or additionalContext.
	{"UserPromptExpansion", Prompt},
	{"PreToolUse", PreTool},
	// tool_name Bash or PowerShell, tool_input.command: the command as it
	// would run, arguments filled in (2.1.332's bundle).
	{"PreSkillShellCommand", PreTool},
	{"PostToolUse", PostTool},
	{"PostToolUseFailure", PostTool},
	{"Stop", End},
	{"SessionEnd", End},
}

var claudeTools = table[string]{
	{"Bash", Shell},
	{"PowerShell", Shell}, // on Windows
	{"Monitor", Shell},    // its command's output lines become events
	{"Edit", EditFile},
	{"MultiEdit", EditFile},
	{"NotebookEdit", EditFile},
	{"Write", WriteFile},
	{"Read", ReadFile},
	{"Glob", ListFiles},
	{"LS", ListFiles},
	{"Grep", SearchFiles},
	{"WebFetch", WebFetch},
	{"WebSearch", WebSearch},
	{"Artifact", ReadFile}, // publishes the .html or .md file it names to the web
	{"LSP", ReadFile},      // opens filePath in a language server: its symbols, hover text
}

func readClaude(c *Call) error {
	return c.readCommon(claudeEvents, claudeTools, func(c *Call) {
		// Projects' project_write uploads local_path, a file of the
		// working directory, to a project's knowledge base (2.1.197's
		// sdk-tools.d.ts); its path is a document there, not a file here.
		if c.Tool.Name == "Skill" {
			c.readSkill()
		}
		if c.Tool.Name == "Artifact" {
			c.readArtifact()
		}
		if c.Tool.Name == "Projects" {
			var local string
			if json.Unmarshal(object(c.Tool.Input)["local_path"], &local) == nil && local != "" {
				c.Tool.Ability, c.Tool.Paths = ReadFile, []string{local}
			}
		}
		if c.Kind != PostTool {
			return
		}
		if c.AgentEvent == "PostToolUseFailure" {
			c.Status = "failure"
			c.ErrorMessage = c.opt("error")
		}
		c.DurationMS, c.HasDuration = c.number("duration_ms")
	})
}

// claudeAnswer: a denied prompt is decision "block" (Claude Code has no
// ask for prompts, so require_human blocks too, saying so); a tool call is
// permissionDecision deny or ask, as permissionAnswer says, except in a
// permission mode that asks no one (unaskedMode). Infra events only ever
// carry a systemMessage.
func claudeAnswer(c *Call, v verdict) hookOutput {
	out := hookOutput{SystemMessage: v.user}
	switch c.Kind {
	case Prompt:
		out.promptAnswer(c, v, "block")
	case PreTool:
		skillShell := c.AgentEvent == claudeSkillShellEvent
		if v.decision == event.RequireHuman && (skillShell || unaskedMode(c.opt("permission_mode"))) {
			v = verdict{decision: event.Deny, reason: v.blockReason(), user: v.user}
		}
		spec := hookSpecific{HookEventName: c.AgentEvent}
		spec.PermissionDecision, spec.PermissionDecisionReason, spec.AdditionalContext = permissionAnswer(v)
		if skillShell {
			spec.AdditionalContext = "" // not in the event's answer schema
		}
		if spec.PermissionDecision != "" || spec.AdditionalContext != "" {
			out.HookSpecificOutput = &spec
		}
	}
	return out
}

// claudeSkillShellEvent is asked before a skill's shell command runs. Its
// answer (2.1.332's schema) is permissionDecision and its reason alone: an
// ask keeps the command from running with "the hook asked for approval,
// which a skill can't wait for", so require_human is a deny that says a
// person must approve, and an allow's context has no field to go in.
const claudeSkillShellEvent = "PreSkillShellCommand"

// unaskedMode reports whether Claude Code's permission mode is one in
// which its hook's "ask" is not sure to reach a person: bypassPermissions,
// where the person chose never to be asked (Claude Code 2.1.199 ran such a
// call unasked, anthropics/claude-code#77212, fixed by 2.1.233), and auto,
// where an ask was reported not to stop the call (#89561). require_human
// is then a deny that says a person must approve, as for the agents that
// cannot ask. (dontAsk already turns an ask into a denial.)
func unaskedMode(mode string) bool {
	return mode == "bypassPermissions" || mode == "auto"
}

// readArtifact reads Artifact's action (2.1.332's sdk-tools.d.ts): a
// publish (the default) sends file_path to the web, and upload_asset sends
// file_path or each of file_paths to an artifact's assets, so each is a
// path of the read_file call; read_asset saves an asset, named by its id
// and an extension for its type, into out_dir, a write there (with no
// out_dir, into Claude Code's scratchpad, outside the project, and the
// call stays a read that names no file). The other actions (list, read,
// watch, pin, ...) name no local file.
func (c *Call) readArtifact() {
	in := object(c.Tool.Input)
	var action, dir, id string
	_ = json.Unmarshal(in["action"], &action)
	if action == "read_asset" && json.Unmarshal(in["out_dir"], &dir) == nil && dir != "" {
		_ = json.Unmarshal(in["asset_id"], &id)
		c.Tool.Ability, c.Tool.Paths = WriteFile, []string{under(dir, id)}
		return
	}
	var list []string
	if json.Unmarshal(in["file_paths"], &list) == nil && len(list) > 0 {
		c.Tool.Paths = inputPaths(in)
		for _, p := range list {
			if p != "" {
				c.Tool.Paths = append(c.Tool.Paths, p)
			}
		}
	}
}

// claudeMonitorFields are the fields of Claude Code's Monitor input (MonitorInput in the
// package's sdk-tools.d.ts, 2.1.197 to 2.1.332; persistent as sent).
var claudeMonitorFields = []string{"description", "timeout_ms", "persistent", "command", "ws"}

// claudeWatchOnly reports whether a Monitor call's input provably runs no command: it watches
// a WebSocket (ws.url), sends no command, and holds no field MonitorInput does not declare,
// so that a command field a later version renames is not taken for a call that runs nothing.
func claudeWatchOnly(in map[string]json.RawMessage) bool {
	if cmd, ok := in["command"]; ok && string(cmd) != "null" {
		return false
	}
	for k := range in {
		if !slices.Contains(claudeMonitorFields, k) {
			return false
		}
	}
	var ws struct {
		URL *string `json:"url"`
	}
	return json.Unmarshal(in["ws"], &ws) == nil && ws.URL != nil && *ws.URL != ""
}
