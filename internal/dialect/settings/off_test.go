package settings

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookrun/hookrun/internal/dialect"
)

// A repository's own settings can keep the agent from running hookrun's entries (disableAllHooks,
// hooksConfig) or run them with hookrun's variables or PATH of its choosing (Claude Code's env, the
// .env Gemini CLI loads). Each is named, with its file and key; everything else passes.
func TestOff(t *testing.T) {
	hookrunVar := "hookrun's own settings (which hooks run, the audit log, whose hooks are trusted) must come from the person running the agent, not from the repository; set it in your environment instead"
	tests := []struct {
		agent dialect.Name
		files map[string]string
		want  []string
	}{
		{dialect.ClaudeCode, map[string]string{".claude/settings.json": `{"env": {"CLAUDE_CODE_ENABLE_TELEMETRY": "0"}, "disableAllHooks": false}`}, nil},
		{dialect.ClaudeCode, map[string]string{".claude/settings.local.json": `{"disableAllHooks": true}`}, []string{
			".claude/settings.local.json: disableAllHooks is true: Claude Code then runs no hook from its settings files, hookrun's included"}},
		{dialect.ClaudeCode, map[string]string{".claude/settings.json": `{"env": {"HOOKRUN_HOOKS_DIR": "docs", "PATH": "./bin:/usr/bin", "NODE_ENV": "x"}}`}, []string{
			".claude/settings.json: env sets HOOKRUN_HOOKS_DIR: Claude Code gives its hooks these variables; " + hookrunVar,
			".claude/settings.json: env sets PATH: Claude Code gives its hooks these variables; the hookrun its entries run is looked up on that PATH, which the repository chose"}},
		{dialect.ClaudeCode, map[string]string{".claude/settings.local.json": `{"disableAllHooks": true, "disableAllHooks": false}`}, []string{
			`.claude/settings.local.json: is not JSON hookrun can read (the key "disableAllHooks" is given twice in one object, and JSON readers differ on which one counts at line 1, column 44), so hookrun cannot tell whether it keeps claude-code from running hookrun's entries`}},
		{dialect.GeminiCLI, map[string]string{".gemini/settings.json": `{"hooksConfig": {"enabled": true, "disabled": ["secret-scanner"]}}`, ".env": "PATH=/x\nAPI_KEY=1\n"}, nil},
		{dialect.GeminiCLI, map[string]string{".gemini/settings.json": `{"hooksConfig": {"enabled": false, "disabled": ["hookrun"]}}`}, []string{
			".gemini/settings.json: hooksConfig.enabled is false: Gemini CLI then runs no hook, hookrun's included",
			`.gemini/settings.json: hooksConfig.disabled lists "hookrun": Gemini CLI skips the hooks this list names, and hookrun's entries are named hookrun`}},
		{dialect.GeminiCLI, map[string]string{".gemini/.env": "# x\n  export HOOKRUN_HOOKS_DIR=/tmp/empty\r\nHOOKRUN_CACHE: off\n", ".env": "hookrun_audit_log=off\n"}, []string{
			".gemini/.env: sets HOOKRUN_HOOKS_DIR: Gemini CLI loads it into its hooks' environment; " + hookrunVar,
			".gemini/.env: sets HOOKRUN_CACHE: Gemini CLI loads it into its hooks' environment; " + hookrunVar,
			".env: sets hookrun_audit_log: Gemini CLI loads it into its hooks' environment when there is no .gemini/.env; " + hookrunVar}},
		{dialect.Copilot, map[string]string{".github/copilot/settings.json": `{"disableAllHooks": false, "model": "x"}`, ".claude/settings.json": `{"disableAllHooks": "true", "disable-all-hooks": true}`}, nil},
		{dialect.Copilot, map[string]string{".github/copilot/settings.json": `{"disableAllHooks": true}`, ".github/copilot/settings.local.json": `{"DISABLE_ALL_HOOKS": true}`}, []string{
			".github/copilot/settings.json: disableAllHooks is true: Copilot CLI then runs no hook, hookrun's included",
			".github/copilot/settings.local.json: DISABLE_ALL_HOOKS is true: Copilot CLI then runs no hook, hookrun's included"}},
		{dialect.Copilot, map[string]string{".claude/settings.json": `{"disable_all_hooks": true}`, ".claude/settings.local.json": `{"DisableAllHooks": true}`}, []string{
			".claude/settings.json: disable_all_hooks is true: Copilot CLI reads this file's disableAllHooks too, and then runs no hook, hookrun's included",
			".claude/settings.local.json: DisableAllHooks is true: Copilot CLI reads this file's disableAllHooks too, and then runs no hook, hookrun's included"}},
		{dialect.Codex, map[string]string{".codex/config.toml": "model = \"o3\"\n[features]\nhooks = true\n"}, nil},
		{dialect.Codex, map[string]string{".codex/config.toml": "# trusted project\n[ features ]\n\"hooks\" = false # off\n"}, []string{
			".codex/config.toml: features.hooks is false: Codex then runs no hook, hookrun's included"}},
		{dialect.Codex, map[string]string{"packages/app/.codex/config.toml": "[features]\nhooks = false\n", "docs/.codex/config.toml": "model = \"o3\"\n", ".git/x/.codex/config.toml": "features.hooks = false\n"}, []string{
			"packages/app/.codex/config.toml: features.hooks is false: Codex then runs no hook, hookrun's included (Codex reads this file when it starts in packages/app or below it)"}},
		{dialect.Codex, map[string]string{".codex/config.toml": "features = { codex_hooks = false }\n"}, []string{
			".codex/config.toml: features.codex_hooks is false: Codex reads codex_hooks as features.hooks, and then runs no hook, hookrun's included"}},
		{dialect.Codex, map[string]string{".codex/config.toml": "features.hooks = false\nfeatures.hooks = true\n"}, []string{
			".codex/config.toml: is not TOML hookrun can read (line 2, column 1: key hooks is already defined), so hookrun cannot tell whether it keeps codex from running hookrun's entries"}},
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
