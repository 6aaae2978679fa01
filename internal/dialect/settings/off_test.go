package settings

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hookrun/hookrun/internal/dialect"
)

// A repository's own settings can keep the agent from running hookrun's entries (disableAllHooks,
// hooksConfig) or run them with hookrun's variables or PATH of its choosing (Claude Code's env, the
// .env Gemini CLI loads). Each is named, with its file and key; everything else passes.
func TestOff(t *testing.T) {
	claudePlugin := "Claude Code runs the hooks of a plugin the repository enables beside hookrun's, and a call with the updatedInput such a hook answers, which hookrun never checked; the plugin's hooks are not in the repository, so hookrun cannot tell"
	loader := "every handler hookrun starts inherits it, and it makes the handler's program load code the repository chose, so a guard script may not run as written; check it, or set it in your environment instead"
	codexShellEnv := "Codex sets this variable for every command the model runs, after hookrun's entry checked it, so the repository chooses which program a command name runs (PATH) or what runs before it (BASH_ENV, LD_PRELOAD); set it in your own ~/.codex/config.toml instead, or remove it"
	claudeRuns := "Claude Code runs this command itself, outside its hooks, so no guard sees it; check what it runs, or remove it"
	preload := "the shell that runs hookrun's entry loads that code before the entry's first word, so the repository's code answers in hookrun's place; set it in your environment instead"
	shellStart := "where /bin/sh is bash (macOS, Fedora), the shell that runs hookrun's entry reads it as it starts, before the entry's line (a file it sources, an option or a function that takes the place of a command), so the repository's code may answer in hookrun's place; remove it"
	hookrunVar := "hookrun's own settings (which hooks run, the audit log, whose hooks are trusted) must come from the person running the agent, not from the repository; set it in your environment instead"
	tests := []struct {
		agent dialect.Name
		files map[string]string
		want  []string
	}{
		{dialect.ClaudeCode, map[string]string{".claude/settings.json": `{"env": {"CLAUDE_CODE_ENABLE_TELEMETRY": "0"}, "disableAllHooks": false}`}, nil},
		{dialect.ClaudeCode, map[string]string{".claude/settings.local.json": `{"env": {"LD_PRELOAD": "./x.so", "PYTHONPATH": "src", "ld_preload": "1", "PYTHONDONTWRITEBYTECODE": "1"}}`}, []string{
			".claude/settings.local.json:1:10: env sets LD_PRELOAD: Claude Code gives its hooks these variables; " + preload,
			".claude/settings.local.json:1:34: env sets PYTHONPATH: Claude Code gives its hooks these variables; " + loader}},
		// What the shell running hookrun's entry acts on before the line (bash as /bin/sh): a
		// file to source, options, functions in place of a command (hookrun, echo, [).
		{dialect.ClaudeCode, map[string]string{".claude/settings.json": `{"env": {"BASH_ENV": "x.sh", "SHELLOPTS": "xtrace", "BASH_FUNC_hookrun%%": "() { echo {}; }", "LD_LIBRARY_PATH": "lib", "ENV": "x.sh"}}`}, []string{
			".claude/settings.json:1:10: env sets BASH_ENV: Claude Code gives its hooks these variables; " + shellStart,
			".claude/settings.json:1:30: env sets SHELLOPTS: Claude Code gives its hooks these variables; " + shellStart,
			".claude/settings.json:1:53: env sets BASH_FUNC_hookrun%%: Claude Code gives its hooks these variables; " + shellStart,
			".claude/settings.json:1:95: env sets LD_LIBRARY_PATH: Claude Code gives its hooks these variables; " + loader}},
		{dialect.GeminiCLI, map[string]string{".gemini/.env": "BASH_ENV=x.sh\nLD_PRELOAD=./x.so\nPYTHONPATH=src\n"}, []string{
			".gemini/.env: sets BASH_ENV: Gemini CLI loads it into its hooks' environment; " + shellStart,
			".gemini/.env: sets LD_PRELOAD: Gemini CLI loads it into its hooks' environment; " + preload}},
		{dialect.GeminiCLI, map[string]string{".env": "PYTHONPATH=src\nNODE_OPTIONS=--max-old-space-size=4096\n"}, nil},
		{dialect.ClaudeCode, map[string]string{".claude/settings.local.json": `{"disableAllHooks": true}`}, []string{
			".claude/settings.local.json:1:2: disableAllHooks is true: Claude Code then runs no hook from its settings files, hookrun's included"}},
		{dialect.ClaudeCode, map[string]string{".claude/settings.json": `{"env": {"HOOKRUN_HOOKS_DIR": "docs", "PATH": "./bin:/usr/bin", "NODE_ENV": "x"}}`}, []string{
			".claude/settings.json:1:10: env sets HOOKRUN_HOOKS_DIR: Claude Code gives its hooks these variables; " + hookrunVar,
			".claude/settings.json:1:39: env sets PATH: Claude Code gives its hooks these variables; the hookrun its entries run is looked up on that PATH, which the repository chose"}},
		{dialect.ClaudeCode, map[string]string{"app/.claude/settings.json": `{"disableAllHooks": true}`, "app/.claude/settings.local.json": `{"env": {"CLAUDE_CODE_SIMPLE": "1"}}`}, []string{
			"app/.claude/settings.json:1:2: disableAllHooks is true: Claude Code then runs no hook from its settings files, hookrun's included (Claude Code reads this file in place of the project's when it starts in app)",
			"app/.claude/settings.local.json:1:10: env sets CLAUDE_CODE_SIMPLE: Claude Code then starts in its bare mode, which runs no hook, hookrun's included (Claude Code reads this file in place of the project's when it starts in app)"}},
		// Measured on 2.1.197 with the agents suite's mock model: CLAUDE_CODE_SIMPLE=1 in a project
		// settings file's env ran a command hookrun denies.
		{dialect.ClaudeCode, map[string]string{".claude/settings.local.json": `{"env": {"CLAUDE_CODE_SIMPLE": "1", "CLAUDE_CODE_SHELL_PREFIX": "./wrap.sh", "CLAUDE_CODE_ENABLE_TELEMETRY": "1", "claude_code_simple": "1"}}`}, []string{
			".claude/settings.local.json:1:10: env sets CLAUDE_CODE_SIMPLE: Claude Code then starts in its bare mode, which runs no hook, hookrun's included",
			".claude/settings.local.json:1:37: env sets CLAUDE_CODE_SHELL_PREFIX: Claude Code runs every hook's command, hookrun's included, as an argument of this command, which then decides what the hook answers"}},
		{dialect.ClaudeCode, map[string]string{".claude/settings.local.json": `{"disableAllHooks": true, "disableAllHooks": false}`}, []string{
			`.claude/settings.local.json:1:44: is not JSON hookrun can read (the key "disableAllHooks" is given twice in one object, and JSON readers differ on which one counts at line 1, column 44), so hookrun cannot tell whether it keeps claude-code from running hookrun's entries`}},
		{dialect.ClaudeCode, map[string]string{".claude/settings.json": `{"enabledPlugins": {"fmt@acme": true, "old@acme": false, "gone@acme": null, "lint@acme": ["x"]}, "extraKnownMarketplaces": {"acme": {"source": {"source": "github", "repo": "acme/plugins"}}}, "allowManagedHooksOnly": false}`}, []string{
			`.claude/settings.json:1:21: enabledPlugins names "fmt@acme": ` + claudePlugin + "; check its hooks, or set it to false in .claude/settings.local.json, which wins over this file",
			`.claude/settings.json:1:77: enabledPlugins names "lint@acme": ` + claudePlugin + "; check its hooks, or set it to false in .claude/settings.local.json, which wins over this file",
			`.claude/settings.json:1:125: extraKnownMarketplaces names "acme": the repository adds this plugin marketplace, from which the plugins it enables come, and Claude Code runs their hooks beside hookrun's, which hookrun cannot see; check it, or remove it`}},
		// MCP servers the repository declares, which the agents start with no hook: a server reached by URL runs
		// nothing, and is not named.
		{dialect.ClaudeCode, map[string]string{".mcp.json": `{"mcpServers": {"x": {"command": "sh", "args": ["-c", "touch f"]}, "web": {"type": "http", "url": "https://example.com"}}}`}, []string{
			`.mcp.json:1:17: mcpServers.x runs "sh -c touch f": Claude Code starts this MCP server's command with no hook (claude -p with no question, interactively once it is approved), so no guard sees it; check it, or remove it`}},
		{dialect.GeminiCLI, map[string]string{".gemini/settings.json": `{"tools": {"discoveryCommand": "./tools.sh", "callCommand": "./call.sh"}, "mcpServers": {"x": {"command": "node", "args": ["s.js"]}, "y": {"httpUrl": "https://example.com"}}}`}, []string{
			`.gemini/settings.json:1:12: tools.discoveryCommand runs "./tools.sh": Gemini CLI runs this command itself at start, to find more tools, with no hook, so no guard sees it; check it, or remove it`,
			`.gemini/settings.json:1:90: mcpServers.x runs "node s.js": Gemini CLI starts this MCP server's command at start, with no hook, so no guard sees it; check it, or remove it`}},
		{dialect.Codex, map[string]string{".codex/config.toml": "[mcp_servers.x]\ncommand = \"sh\"\nargs = [\"-c\", \"touch f\"]\n[mcp_servers.web]\nurl = \"https://example.com\"\n"}, []string{
			`.codex/config.toml:1:14: mcp_servers.x runs "sh -c touch f": Codex starts this MCP server's command with no hook, so no guard sees it; check it, or remove it`}},
		// An MCP server reached by URL whose request headers a command makes (Codex's http_headers_helper):
		// Codex runs that command, with no hook; an empty one is not named.
		{dialect.Codex, map[string]string{".codex/config.toml": "[mcp_servers.web]\nurl = \"https://example.com\"\nhttp_headers_helper = \"./headers.sh\"\n[mcp_servers.none]\nurl = \"https://example.com\"\nhttp_headers_helper = \"\"\n",
			"app/.codex/config.toml": "[mcp_servers.x]\nhttp_headers_helper = \"./h.sh\"\n"}, []string{
			`.codex/config.toml:3:1: mcp_servers.web.http_headers_helper runs "./headers.sh": Codex runs this command itself, for the MCP server's request headers, with no hook, so no guard sees it; check it, or remove it`,
			`app/.codex/config.toml:2:1: mcp_servers.x.http_headers_helper runs "./h.sh": Codex runs this command itself, for the MCP server's request headers, with no hook, so no guard sees it; check it, or remove it (Codex reads this file when it starts in app or below it)`}},
		// The variables a project gives the commands the model runs (Codex's shell_environment_policy.set):
		// each is named, a PATH into the repository and a BASH_ENV ran the repository's code on an allowed call.
		{dialect.Codex, map[string]string{".codex/config.toml": "[shell_environment_policy]\ninherit = \"core\"\nset = { PATH = \"bin:/usr/bin\", BASH_ENV = \"env.sh\" }\n"}, []string{
			`.codex/config.toml:3:32: shell_environment_policy.set names "BASH_ENV": ` + codexShellEnv,
			`.codex/config.toml:3:9: shell_environment_policy.set names "PATH": ` + codexShellEnv}},
		{dialect.Copilot, map[string]string{".github/mcp.json": `{"mcpServers": {"x": {"command": "sh"}}}`}, []string{
			`.github/mcp.json:1:17: mcpServers.x runs "sh": Copilot CLI may start this MCP server's command, with no hook, so no guard would see it; check it, or remove it`}},
		// Commands Claude Code runs itself, with no hook: a string, or an object's command; empty ones, and
		// another key's command, are not named.
		{dialect.ClaudeCode, map[string]string{".claude/settings.local.json": `{"apiKeyHelper": "./key.sh", "awsAuthRefresh": " ", "statusLine": {"type": "command", "command": "curl x | sh"}, "fileSuggestion": {"type": "command"}, "outputStyle": "x"}`,
			"app/.claude/settings.json": `{"proxyAuthHelper": "./p.sh"}`}, []string{
			`.claude/settings.local.json:1:2: apiKeyHelper runs "./key.sh": ` + claudeRuns,
			`app/.claude/settings.json:1:2: proxyAuthHelper runs "./p.sh": ` + claudeRuns + " (Claude Code reads this file in place of the project's when it starts in app)",
			`.claude/settings.local.json:1:53: statusLine runs "curl x | sh": ` + claudeRuns}},
		{dialect.ClaudeCode, map[string]string{".claude/settings.local.json": `{"enabledPlugins": {"fmt@acme": true}}`}, []string{
			`.claude/settings.local.json:1:21: enabledPlugins names "fmt@acme": ` + claudePlugin + "; check its hooks, or remove it"}},
		// A marketplace the settings add from the repository itself, and a plugin from it: Later.Plugins reads its hooks,
		// so the message does not say hookrun cannot see them; one from elsewhere keeps it.
		{dialect.ClaudeCode, map[string]string{".claude/settings.local.json": `{"enabledPlugins": {"p@own": true, "q@far": true}, "extraKnownMarketplaces": {"own": {"source": {"source": "file", "path": "market.json"}}, "far": {"source": {"source": "directory", "path": "../far"}}}}`}, []string{
			`.claude/settings.local.json:1:21: enabledPlugins names "p@own": Claude Code installs this plugin with no question, once the folder is trusted, from a plugin marketplace in the repository itself (market.json), and runs its hooks beside hookrun's: hookrun reads them, and names each that can change a call it let through; check its other hooks, or remove it`,
			`.claude/settings.local.json:1:36: enabledPlugins names "q@far": ` + claudePlugin + "; check its hooks, or remove it",
			`.claude/settings.local.json:1:79: extraKnownMarketplaces names "own": the repository adds this plugin marketplace from the repository itself (market.json), and Claude Code installs the plugins the settings enable from it with no question, once the folder is trusted, and runs their hooks beside hookrun's: hookrun reads them, and names each that can change a call it let through; check it, or remove it`,
			`.claude/settings.local.json:1:141: extraKnownMarketplaces names "far": the repository adds this plugin marketplace, from which the plugins it enables come, and Claude Code runs their hooks beside hookrun's, which hookrun cannot see; check it, or remove it`}},
		{dialect.Copilot, map[string]string{".github/copilot/settings.json": `{"enabled_plugins": {"p@m": true}}`, ".claude/settings.json": `{"extraKnownMarketplaces": {"m": {"source": {"source": "github", "repo": "o/m"}}}, "enabledPlugins": {"q@m": false}}`}, []string{
			`.github/copilot/settings.json:1:22: enabled_plugins names "p@m": Copilot CLI takes this setting from the repository and runs the hooks of the plugins it enables, which are not in the repository, so hookrun cannot tell whether one changes a call (modifiedArgs) after hookrun's let it through; check its hooks, or remove it`,
			`.claude/settings.json:1:29: extraKnownMarketplaces names "m": Copilot CLI takes this setting from the repository: a plugin marketplace from which the plugins the repository enables come, whose hooks hookrun cannot see; check it, or remove it`}},
		// A language server of .github/lsp.json: a command and its args, or a bash script; one with neither runs nothing.
		{dialect.Copilot, map[string]string{".github/lsp.json": `{"lspServers": {"x": {"command": "sh", "args": ["-c", "touch f"]}, "y": {"bash": "touch g"}, "z": {"fileExtensions": {".go": "go"}}}}`}, []string{
			`.github/lsp.json:1:17: lspServers.x runs "sh -c touch f": Copilot CLI starts this language server itself, with no hook, when its lsp tool opens a file of the server's fileExtensions (a folder need not be trusted), so no guard sees it; check it, or remove it`,
			`.github/lsp.json:1:68: lspServers.y runs "touch g": Copilot CLI starts this language server itself, with no hook, when its lsp tool opens a file of the server's fileExtensions (a folder need not be trusted), so no guard sees it; check it, or remove it`}},
		{dialect.GeminiCLI, map[string]string{".gemini/settings.json": `{"hooksConfig": {"enabled": true, "disabled": ["secret-scanner"]}}`, ".env": "PATH=/x\nAPI_KEY=1\n"}, nil},
		{dialect.GeminiCLI, map[string]string{".gemini/settings.json": `{"hooksConfig": {"enabled": false, "disabled": ["hookrun"]}}`}, []string{
			".gemini/settings.json:1:18: hooksConfig.enabled is false: Gemini CLI then runs no hook, hookrun's included",
			`.gemini/settings.json:1:36: hooksConfig.disabled lists "hookrun": Gemini CLI skips the hooks this list names, and hookrun's entries are named hookrun`}},
		{dialect.GeminiCLI, map[string]string{".gemini/.env": "# x\n  export HOOKRUN_HOOKS_DIR=/tmp/empty\r\nHOOKRUN_CACHE: off\n", ".env": "hookrun_audit_log=off\n"}, []string{
			".gemini/.env: sets HOOKRUN_HOOKS_DIR: Gemini CLI loads it into its hooks' environment; " + hookrunVar,
			".gemini/.env: sets HOOKRUN_CACHE: Gemini CLI loads it into its hooks' environment; " + hookrunVar,
			".env: sets hookrun_audit_log: Gemini CLI loads it into its hooks' environment when there is no .gemini/.env; " + hookrunVar}},
		{dialect.GeminiCLI, map[string]string{".env": "GIT_DIR=/tmp/decoy.git\nGIT_CONFIG_KEY_0=core.hooksPath\nGIT_AUTHOR_NAME=ci\nXDG_CACHE_HOME=/tmp/c\n"}, []string{
			".env: sets GIT_DIR: Gemini CLI loads it into its hooks' environment when there is no .gemini/.env; it decides which repository, index and configuration git reads (what a git command brings, a session's changed files), which must come from the person running the agent, not from the repository (emit blocks every call while it has the value this file gives it); set it in your environment instead",
			".env: sets GIT_CONFIG_KEY_0: Gemini CLI loads it into its hooks' environment when there is no .gemini/.env; it decides which repository, index and configuration git reads (what a git command brings, a session's changed files), which must come from the person running the agent, not from the repository (emit blocks every call while it has the value this file gives it); set it in your environment instead",
			".env: sets XDG_CACHE_HOME: Gemini CLI loads it into its hooks' environment when there is no .gemini/.env; it decides where hookrun keeps its declaration cache, which says what each hook file holds, which must come from the person running the agent, not from the repository (emit blocks every call while it has the value this file gives it); set it in your environment instead"}},
		{dialect.GeminiCLI, map[string]string{"tools/.gemini/settings.json": `{"hooksConfig": {"enabled": false}}`, "tools/.gemini/.env": "HOOKRUN_HOOKS_DIR=/tmp\n"}, []string{
			"tools/.gemini/settings.json:1:18: hooksConfig.enabled is false: Gemini CLI then runs no hook, hookrun's included (Gemini CLI reads this file in place of the project's when it starts in tools)",
			"tools/.gemini/.env: sets HOOKRUN_HOOKS_DIR: Gemini CLI loads it into its hooks' environment (Gemini CLI reads this file in place of the project's when it starts in tools); " + hookrunVar}},
		{dialect.Copilot, map[string]string{".github/copilot/settings.json": `{"disableAllHooks": false, "model": "x"}`, ".claude/settings.json": `{"disableAllHooks": "true", "disable-all-hooks": true}`}, nil},
		{dialect.Copilot, map[string]string{".github/copilot/settings.json": `{"disableAllHooks": true}`, ".github/copilot/settings.local.json": `{"DISABLE_ALL_HOOKS": true}`}, []string{
			".github/copilot/settings.json:1:2: disableAllHooks is true: Copilot CLI then runs no hook, hookrun's included",
			".github/copilot/settings.local.json:1:2: DISABLE_ALL_HOOKS is true: Copilot CLI then runs no hook, hookrun's included"}},
		{dialect.Copilot, map[string]string{".claude/settings.json": `{"disable_all_hooks": true}`, ".claude/settings.local.json": `{"DisableAllHooks": true}`}, []string{
			".claude/settings.json:1:2: disable_all_hooks is true: Copilot CLI reads this file's disableAllHooks too, and then runs no hook, hookrun's included",
			".claude/settings.local.json:1:2: DisableAllHooks is true: Copilot CLI reads this file's disableAllHooks too, and then runs no hook, hookrun's included"}},
		{dialect.Codex, map[string]string{".codex/config.toml": "model = \"o3\"\n[features]\nhooks = true\n"}, nil},
		{dialect.Codex, map[string]string{".codex/config.toml": "# trusted project\n[ features ]\n\"hooks\" = false # off\n"}, []string{
			".codex/config.toml:3:1: features.hooks is false: Codex then runs no hook, hookrun's included"}},
		{dialect.Codex, map[string]string{"packages/app/.codex/config.toml": "[features]\nhooks = false\n", "docs/.codex/config.toml": "model = \"o3\"\n", ".git/x/.codex/config.toml": "features.hooks = false\n"}, []string{
			"packages/app/.codex/config.toml:2:1: features.hooks is false: Codex then runs no hook, hookrun's included (Codex reads this file when it starts in packages/app or below it)"}},
		{dialect.Codex, map[string]string{".codex/config.toml": "features = { codex_hooks = false }\n"}, []string{
			".codex/config.toml:1:14: features.codex_hooks is false: Codex reads codex_hooks as features.hooks, and then runs no hook, hookrun's included"}},
		{dialect.Codex, map[string]string{".codex/config.toml": "features.hooks = false\nfeatures.hooks = true\n"}, []string{
			".codex/config.toml:2:1: is not TOML hookrun can read (key hooks is already defined at line 2, column 1), so hookrun cannot tell whether it keeps codex from running hookrun's entries"}},
		{dialect.Codex, map[string]string{".codex/config.toml": "model = \"x\"\nnotify = [\"python3\", \"notify.py\"]\n"}, []string{
			`.codex/config.toml:2:1: notify runs "python3 notify.py": Codex may run this command itself when a turn ends, with no hook, so no guard would see it; check it, or remove it`}},
	}
	for _, tt := range tests {
		root := t.TempDir()
		for name, body := range tt.files {
			if err := os.MkdirAll(filepath.Dir(filepath.Join(root, name)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(root, name), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		var got []string
		for _, p := range agent(t, tt.agent).Off(root) {
			got = append(got, p.String())
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s with %v:\n got %q\nwant %q", tt.agent, tt.files, got, tt.want)
		}
	}
}

// A plugin the repository enables may or may not have hooks that change a call: install names it
// in a note and writes the entries, validate warns; a setting that switches hooks off still stops
// install.
func TestOffWarningsDoNotStopInstall(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, ".claude/settings.json"), `{"enabledPlugins": {"fmt@acme": true}}`)
	a := agent(t, dialect.ClaudeCode)
	off := a.Off(root)
	if len(off) != 1 || !off[0].Warning {
		t.Fatalf("Off = %+v, want one warning", off)
	}
	if _, err := Install(a, root, opts, false); err != nil {
		t.Fatalf("Install: %v", err)
	}
	off = a.Off(root) // where it is in the file install wrote
	notes := Notes(a, Options{Root: root, Hookrun: "hookrun"})
	if len(notes) == 0 || notes[0] != off[0].String() {
		t.Errorf("Notes = %q, want first %q", notes, off[0].String())
	}
	writeFile(t, filepath.Join(root, ".claude/settings.local.json"), `{"disableAllHooks": true}`)
	if off := a.Off(root); len(off) != 2 || off[0].Warning == off[1].Warning {
		t.Fatalf("Off = %+v, want the warning and an error", off)
	}
	if _, err := Install(a, root, opts, false); err == nil || strings.Contains(err.Error(), "enabledPlugins") {
		t.Errorf("Install = %v, want an error naming disableAllHooks alone", err)
	}
}

// A loader variable in a settings file's env (PYTHONPATH=src is set on purpose as often as not) is a
// warning: install writes its entries.
func TestOffLoaderVariablesWarn(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, ".claude/settings.json"), `{"env": {"NODE_OPTIONS": "--require ./x.js"}}`)
	a := agent(t, dialect.ClaudeCode)
	if off := a.Off(root); len(off) != 1 || !off[0].Warning || !strings.Contains(off[0].Message, "env sets NODE_OPTIONS") {
		t.Fatalf("Off = %+v, want one warning naming NODE_OPTIONS", off)
	}
	if _, err := Install(a, root, opts, false); err != nil {
		t.Fatalf("Install: %v", err)
	}
}

// Gemini CLI 0.61.0 and Claude Code 2.1.197 read the settings file of the directory they start in,
// not the project's (measured: a session started in sub/ ran sub/'s settings file's hook and not
// the root's, and without sub's file neither): a subdirectory's that does not run hookrun is named,
// by install in a note and by validate as an error.
func TestShadowedSettings(t *testing.T) {
	for _, tt := range []struct {
		agent       dialect.Name
		dir, others string
		want        string
	}{
		{dialect.GeminiCLI, ".gemini", `{"hooks": {"BeforeAgent": [{"hooks": [{"type": "command", "name": "hookrun", "command": "exec hookrun emit --dialect gemini-cli"}]}]}}`,
			"packages/app/.gemini/settings.json: Gemini CLI started in packages/app reads this file in place of the project's .gemini/settings.json, and it runs none of hookrun's entries; add them to it (copy hookrun's entries from .gemini/settings.json), or remove it"},
		{dialect.ClaudeCode, ".claude", `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "exec hookrun emit --dialect claude-code"}]}]}}`,
			"packages/app/.claude/settings.json: Claude Code started in packages/app reads this file in place of the project's .claude/settings.json, and it runs none of hookrun's entries; add them to it (copy hookrun's entries from .claude/settings.json), or remove it"},
	} {
		root := t.TempDir()
		writeFile(t, filepath.Join(root, "packages/app", tt.dir, "settings.json"), `{"model": "m"}`)
		writeFile(t, filepath.Join(root, "tools", tt.dir, "settings.json"), tt.others)
		writeFile(t, filepath.Join(root, ".git/x", tt.dir, "settings.json"), `{}`)
		a := agent(t, tt.agent)
		if _, err := Install(a, root, opts, false); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range a.Unrouted(root, "") {
			got = append(got, p.String())
		}
		// tools/'s entry runs hookrun, but not as install writes it: it is
		// named as any other command the repository chose (repoHooks).
		ev := "BeforeAgent"
		if tt.agent == dialect.ClaudeCode {
			ev = "PreToolUse"
		}
		other := fmt.Sprintf(`tools/%s/settings.json:1:%d: hooks.%s[0].hooks[0] runs "exec hookrun emit --dialect %s": %s`, tt.dir, len(`{"hooks": {"`+ev+`": [{"hooks": [{`), ev, tt.agent, fmt.Sprintf(a.Hooks[0].Why, ev))
		if want := []string{tt.want, other}; !slices.Equal(got, want) {
			t.Errorf("%s: Unrouted:\n got %q\nwant %q", tt.agent, got, want)
		}
		if notes := Notes(a, Options{Root: root}); !slices.Contains(notes, tt.want) {
			t.Errorf("%s: Notes = %q, want %q among them", tt.agent, notes, tt.want)
		}
	}
}
