package scaffold

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/match"
	"github.com/hookrun/hookrun/internal/rules"
	"github.com/hookrun/hookrun/internal/shellcmd"
)

func TestSpecCheck(t *testing.T) {
	cases := []struct {
		spec Spec
		want string // "" for valid
	}{
		{Spec{ID: "guard", Event: event.PreAbilityCall, Scope: []string{"edit_*"}}, ""},
		{Spec{ID: "stop", Event: event.SessionStop, Paths: []string{"services/**", "apps/**"}}, ""},
		{Spec{ID: "a-b_9", Event: event.PromptSubmit}, ""},
		{Spec{ID: "Guard", Event: event.PreAbilityCall}, `invalid hook id "Guard": use lowercase letters, digits, "-" and "_", at most 128 characters (try "guard")`},
		{Spec{ID: "x.y", Event: event.PreAbilityCall}, `invalid hook id "x.y": use lowercase letters, digits, "-" and "_", at most 128 characters (try "x-y")`},
		{Spec{ID: "no rm", Event: event.PreAbilityCall}, `(try "no-rm")`},
		{Spec{ID: "no_rm.yaml", Event: event.PreAbilityCall}, `(try "no_rm": the id, without the file's .yaml)`},
		{Spec{ID: ".system/hooks/no_rm.yml", Event: event.PreAbilityCall}, `(try "no_rm": the id, without the file's directory and .yml)`},
		{Spec{ID: "!!!", Event: event.PreAbilityCall}, `invalid hook id "!!!": use lowercase letters, digits, "-" and "_", at most 128 characters`},
		{Spec{ID: strings.Repeat("a", 129), Event: event.PreAbilityCall}, `invalid hook id`},
		{Spec{ID: "guard", Event: "Stop"}, `unknown event "Stop"`},
		{Spec{ID: "r", Event: event.PromptSubmit, Scope: []string{"*"}}, "--scope sets match.ability_scope, which does not apply to PromptSubmit hooks"},
		{Spec{ID: "r", Event: event.SessionStop, Scope: []string{"*"}}, "does not apply to SessionStop hooks"},
		{Spec{ID: "r", Event: event.PostAbilityCall, Paths: []string{"a/**"}}, ""},
		{Spec{ID: "r", Event: event.PreAbilityCall, Paths: []string{"config/prod/**"}}, ""},
		{Spec{ID: "r", Event: event.PreAbilityCreate, Paths: []string{"a/**"}}, "--paths does not apply to PreAbilityCreate hooks: it sets match.paths on PreAbilityCall and PostAbilityCall hooks (the paths a call names) and match.only_if_changed_paths on SessionStop hooks (the files a session changed)"},
		{Spec{ID: "r", Event: event.PromptSubmit, Paths: []string{"a/**"}}, "--paths does not apply to PromptSubmit hooks"},
		{Spec{ID: "r", Event: event.PreAbilityCall, Paths: []string{"^config/.*"}}, `--paths: "^config/.*" looks like a regular expression`},
		{Spec{ID: "r", Event: event.PreAbilityCall, Scope: []string{""}}, "--scope: an empty glob (a comma with nothing after it?): give each glob, separated by commas"},
		{Spec{ID: "r", Event: event.PreAbilityCall, Scope: []string{"a[b"}}, `--scope: invalid glob "a[b"`},
		{Spec{ID: "r", Event: event.PreAbilityCall, Scope: []string{"Bash"}}, `--scope: "Bash" is a tool name of claude-code, codex and copilot; hooks match the canonical ability id, so did you mean "shell"? (docs/agents/README.md); new writes no hook that validate warns of: correct --scope, or write the declaration by hand`},
		{Spec{ID: "r", Event: event.PreAbilityCall, Scope: []string{"shell", "mcp__github__*"}}, `--scope: "mcp__github__*" is how agents name an MCP tool; hooks match the canonical ability id, mcp/SERVER/TOOL, so did you mean "mcp/github/*"?`},
		{Spec{ID: "r", Event: event.SessionStop, Paths: []string{"^src/.*"}}, `--paths: `},
		{Spec{ID: "r", Event: event.PreAbilityCall, Scope: []string{"shell", "mcp/**", "*"}}, ""},
		{Spec{ID: "w", Event: event.PreAbilityCall, OS: "windows", Lang: "sh"}, "--lang sh: Windows cannot start a sh script (it has no /bin/sh and reads no #! line); use --lang node or --lang python"},
		{Spec{ID: "w", Event: event.PreAbilityCall, OS: "windows"}, ""},
		{Spec{ID: "w", Event: event.PreAbilityCall, OS: "windows", Lang: "python"}, ""},
		{Spec{ID: "w", Event: event.PreAbilityCall, OS: "darwin", Lang: "sh"}, ""},
		{Spec{ID: "r", Event: event.PreAbilityCall, Kind: "rules", OS: "windows"}, ""},
		{Spec{ID: "r", Event: event.PreAbilityCall, Kind: "http"}, `--kind http: new writes script and rules hooks; write an http hook's declaration by hand, from the one in docs/central-policy.md`},
		{Spec{ID: "r", Event: event.PreAbilityCall, Kind: "rulez"}, `unknown --kind "rulez"; use script or rules`},
		{Spec{ID: "l", Event: event.PreAbilityCall, Lang: "ruby"}, `unknown --lang "ruby"; use sh, python, node`},
		{Spec{ID: "l", Event: event.PreAbilityCall, Lang: "py"}, `unknown --lang "py": did you mean --lang python? (use sh, python, node)`},
		{Spec{ID: "l", Event: event.PreAbilityCall, Lang: "Python3"}, `unknown --lang "Python3": did you mean --lang python? (use sh, python, node)`},
		{Spec{ID: "l", Event: event.PreAbilityCall, Lang: "js"}, `unknown --lang "js": did you mean --lang node? (use sh, python, node)`},
		{Spec{ID: "l", Event: event.PreAbilityCall, Lang: "bash"}, `unknown --lang "bash": did you mean --lang sh? (use sh, python, node)`},
		{Spec{ID: "r", Event: event.PreAbilityCall, Kind: "rules", Lang: "python"}, "--lang sets a script's language, and a rules hook runs no script"},
		{Spec{ID: "r", Event: event.SessionStop, Kind: "rules"}, "--kind rules: SessionStop is infra-only, so a rule there can neither decide nor add context; rules apply to PromptSubmit, PreAbilityCreate, PreAbilityCall"},
		{Spec{ID: "r", Event: event.PostAbilityCall, Kind: "rules"}, "--kind rules: PostAbilityCall is infra-only"},
	}
	for _, c := range cases {
		err := c.spec.Check()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%+v: %v, want valid", c.spec, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%+v: error %v, want one containing %q", c.spec, err, c.want)
		}
	}
}

// TestYAMLValidates renders declarations for every event and option and
// runs them through validate's own parser: what new writes is valid.
func TestYAMLValidates(t *testing.T) {
	prio := -3
	for _, ev := range event.All {
		for _, s := range []Spec{
			{ID: "plain", Event: ev},
			{ID: "123", Event: ev, Blocking: true, Priority: &prio},
			{ID: "true", Event: ev},
			{ID: "null", Event: ev},
			{ID: "0x10", Event: ev},
		} {
			if slices.Contains(config.MatchFieldEvents("ability_scope"), ev) {
				s.Scope = []string{"*", "edit_file"}
			}
			if s.PathsField() != "" {
				s.Paths = []string{"services/**", "it's \"quoted\"/*"}
			}
			data := YAML(s, "../hookrun.schema.json")
			h, findings := config.ParseFile("x.yaml", data)
			if config.HasErrors(findings) {
				for _, f := range findings {
					t.Errorf("%s %s: %s\n%s", ev, s.ID, f.Message, data)
				}
				continue // this case's hook is not worth reading back; the next ones are
			}
			if h.ID != s.ID || h.Event != ev || h.Blocking != s.Blocking || !h.Enabled {
				t.Errorf("%s: read back as id %q event %s blocking %v enabled %v", ev, h.ID, h.Event, h.Blocking, h.Enabled)
			}
			if s.Priority != nil && h.Priority != *s.Priority {
				t.Errorf("%s: priority %d, want %d", ev, h.Priority, *s.Priority)
			}
			if strings.Join(append(h.Match.OnlyIfChangedPaths, h.Match.Paths...), "|") != strings.Join(s.Paths, "|") ||
				strings.Join(h.Match.AbilityScope, "|") != strings.Join(s.Scope, "|") {
				t.Errorf("%s: match read back as %+v", ev, h.Match)
			}
			if h.Handler.Command != "./scripts/hooks/"+s.ID+".sh" {
				t.Errorf("%s: command %q", ev, h.Handler.Command)
			}
		}
	}
}

// TestSamplePathMatches: the path new's sample context names for --paths
// is one the glob matches, so the hook runs on its own sample.
func TestSamplePathMatches(t *testing.T) {
	for _, c := range []struct{ glob, want string }{
		{"config/prod/**", "config/prod/main.go"},
		{"src/", "src/main.go"},
		{"**/.env", ".env"},
		{"*.env", "main.env"},
		{"config/prod/*", "config/prod/main"},
		{"docs/**/*.md", "docs/main.md"},
		{"README", "README"},
		{"{a,b}/**", "def"},
	} {
		got := samplePath([]string{c.glob}, "def")
		if got != c.want {
			t.Errorf("samplePath(%q) = %q, want %q", c.glob, got, c.want)
		}
		if got != "def" && !match.AnyPath([]string{c.glob}, []string{got}) {
			t.Errorf("samplePath(%q) = %q, which the glob does not match", c.glob, got)
		}
	}
}

func TestScriptPerEvent(t *testing.T) {
	for _, ev := range event.All {
		for _, blocking := range []bool{false, true} {
			s := string(Script(Spec{ID: "h", Event: ev, Blocking: blocking}))
			if !strings.HasPrefix(s, "#!/bin/sh\n") {
				t.Errorf("%s: no #!/bin/sh line", ev)
			}
			for _, banned := range []string{"jq", "python", "{{"} {
				if strings.Contains(s, banned) && !(banned == "jq" && strings.Contains(s, "without jq")) {
					t.Errorf("%s: stub mentions %q", ev, banned)
				}
			}
			want := map[event.Name][]string{
				event.PromptSubmit:     {"routing_hint", "additional_context", "exit 2"},
				event.PreAbilityCreate: {"ABILITY_UNAVAILABLE", "ABILITY_REQUIRES_HUMAN", "ABILITY_AVAILABLE"},
				event.PreAbilityCall:   {"ABILITY_DENIED", "ABILITY_REQUIRES_HUMAN", "ABILITY_ALLOWED"},
				event.PostAbilityCall:  {"infra-only", "usage_recorded"},
				event.SessionStop:      {"infra-only", "user_message"},
			}[ev]
			for _, w := range want {
				if !strings.Contains(s, w) {
					t.Errorf("%s: stub does not show %s", ev, w)
				}
			}
			notBlocking := strings.Contains(s, "NOT blocking")
			if notBlocking != (!blocking && ev.AIFacing()) {
				t.Errorf("%s blocking=%v: 'NOT blocking' note present=%v", ev, blocking, notBlocking)
			}
		}
	}
}

func TestNewRefusesAndCleansUp(t *testing.T) {
	root := t.TempDir()
	hooks := filepath.Join(root, HooksDir)
	spec := Spec{ID: "guard", Event: event.PreAbilityCall}
	if _, err := New(root, hooks, spec); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(filepath.Join(root, ScriptPath("guard")))
	if err != nil || st.Mode().Perm()&0o111 == 0 {
		t.Fatalf("stub not executable: %v %v", st, err)
	}
	_, err = New(root, hooks, spec)
	if err == nil || err.Error() != filepath.Join(HooksDir, "guard.yaml")+": already exists; hookrun new never overwrites (pick another id, or remove the file)" {
		t.Errorf("second New: %v", err)
	}

	// The script's place is taken (by a directory here): nothing is written.
	if err := os.MkdirAll(filepath.Join(root, ScriptPath("other")), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := New(root, hooks, Spec{ID: "other", Event: event.PreAbilityCall}); err == nil {
		t.Fatal("New over a directory succeeded")
	}
	if _, err := os.Stat(filepath.Join(hooks, "other.yaml")); !os.IsNotExist(err) {
		t.Errorf("declaration left behind: %v", err)
	}
}

// The sample context new writes is valid for its event, and names an ability the hook's scope lets through.
func TestSampleContext(t *testing.T) {
	for _, tc := range []struct {
		spec    Spec
		ability string
	}{
		{Spec{ID: "a", Event: event.PreAbilityCall, Scope: []string{"deploy_*"}}, "deploy_x"},
		{Spec{ID: "b", Event: event.PreAbilityCall, Scope: []string{"edit_file", "x*"}}, "edit_file"},
		{Spec{ID: "c", Event: event.PreAbilityCall}, "shell"},
		{Spec{ID: "d", Event: event.PreAbilityCreate, Scope: []string{"db.*"}}, "db.x"},
		{Spec{ID: "e", Event: event.PostAbilityCall, Scope: []string{"run_tests"}}, "run_tests"},
		{Spec{ID: "f", Event: event.PromptSubmit}, ""},
		{Spec{ID: "g", Event: event.SessionStop, Paths: []string{"services/**"}}, ""},
	} {
		c, err := event.ParseContext(SampleContext(tc.spec), "")
		if err != nil {
			t.Errorf("%s: %v", tc.spec.Event, err)
			continue
		}
		if c.Event != tc.spec.Event || c.AbilityID != tc.ability {
			t.Errorf("%s: event %s ability %q, want %q", tc.spec.Event, c.Event, c.AbilityID, tc.ability)
		}
	}
}

// TestProtectHooksCoversEveryAgentsSettings: the settings file each agent's install writes (the one
// that makes the agent call hookrun) is among the paths init's protect_hooks guards, and so are
// tools without a canonical id; a read is not. An agent added later without its file here fails.
func TestProtectHooksCoversEveryAgentsSettings(t *testing.T) {
	h, findings := config.ParseFile("protect_hooks.yaml", []byte(protectHooks))
	if config.HasErrors(findings) {
		t.Fatalf("protect_hooks does not validate: %+v", findings)
	}
	// The .env files Gemini CLI loads into its hooks' environment have a rule of their own, the
	// sixth, whose reason says why.
	rules := h.Handler.Rules.Rules
	if !strings.Contains(rules[5].Reason, ".env") {
		t.Fatalf("protect_hooks' sixth rule is not the .env files': %s", rules[5].Reason)
	}
	globs := append(slices.Clip(rules[0].Paths), rules[5].Paths...)
	// The files that declare MCP servers (whose commands the agents start with no hook, named by
	// validate through Off) sit in the rule for code run at the next start, whose reason says so.
	var mcpGlobs []string
	for _, r := range rules {
		if strings.Contains(r.Reason, "MCP servers") && slices.Contains(r.Paths, "**/.mcp.json") {
			mcpGlobs = r.Paths
		}
	}
	if mcpGlobs == nil {
		t.Fatal("no protect_hooks rule names the MCP servers' files (**/.mcp.json)")
	}
	for _, a := range dialect.Agents {
		if !match.AnyPath(globs, []string{a.Settings.File}) {
			t.Errorf("%s's %s is not among protect_hooks' paths %v", a.Name, a.Settings.File, globs)
		}
		// Every file in which hookrun knows a setting that switches the agent's hooks off, or
		// hooks the agent runs beside hookrun's: an agent that writes one switches off its guards.
		var files []string
		for _, s := range a.Settings.Off {
			files = append(files, s.File)
		}
		for _, l := range a.Settings.Later {
			files = append(files, l.File)
		}
		slices.Sort(files)
		for _, f := range slices.Compact(files) {
			for _, p := range sampleFiles(f) {
				if !match.AnyPath(globs, []string{p}) && !match.AnyPath(mcpGlobs, []string{p}) {
					t.Errorf("%s reads %s (as %s), which is not among protect_hooks' paths", a.Name, f, p)
				}
			}
		}
	}
	for _, p := range []string{".claude/settings.local.json", ".system/hooks/protect_hooks.yaml", "services/api/.system", "services/api/.system/hooks/x.yaml", "/home/u/.claude/settings.json", "/home/u/.codex/config.toml", "/home/u/.gemini/settings.json", "/home/u/.cursor/hooks.json", "/home/u/.config/opencode/opencode.json", "/home/u/.copilot/config.json", "scripts/hooks/guard.sh", ".codex/config.toml", "node_modules/.bin/hookrun", "node_modules/.bin/hookrun.cmd", "node_modules/@hookrun/linux-x64/bin/hookrun", ".env", ".gemini/.env", "services/api/.env", "/home/u/.env", "/home/u/.gemini/.env", "/home/u/.cache/hookrun/decl-3107cf9320bde07b.bin", "/home/u/.cache/hookrun", ".git/hookrun", ".git/hookrun/sessions/6ca13d52ca70c883e0f0bb101e425a89", "/home/u/src/app/.git/worktrees/wt/hookrun/sessions/6ca13d52ca70c883e0f0bb101e425a89", "/Users/u/Library/Caches/hookrun", "C:/Users/u/AppData/Local/hookrun/decl-0123456789abcdef.bin", "/var/cache/u/hookrun/decl-0123456789abcdef.bin", ".claude", "/home/u/.claude", ".gemini", ".cursor", ".github", "services/api/.claude", ".claude/commands/x.md", ".claude/skills/deploy/SKILL.md", ".claude/agents/helper.md", "/home/u/.claude/skills/x/SKILL.md", "services/api/.claude/agents/a.md", "/home/u/.gemini/extensions/x/hooks/hooks.json", ".gemini/commands/deploy.toml", "services/api/.gemini/commands/ci/x.toml",
		// The scripts hooks beside hookrun's run (on every call, outside its guards), and Claude Code's plugins, which bring hooks.
		".claude/hooks/format.sh", "/home/u/.claude/hooks/log.py", "/home/u/.claude/plugins/marketplaces/m/p/hooks/hooks.json", ".cursor/hooks/audit.sh", "/home/u/.cursor/hooks/x.sh", ".gemini/hooks/check.sh", "/home/u/.cursor/plugins/p/hooks/hooks.json",
		// A plugin marketplace in the repository and its plugins, whose hooks Claude Code runs once the project's settings enable them.
		"market/.claude-plugin/marketplace.json", "market/plugins/p/.claude-plugin/plugin.json", "market/plugins/p/hooks/hooks.json", "plugins/p/hooks/hooks.json",
		// A hooks file a plugin's manifest names elsewhere (Claude Code's plugin reference names ./config/hooks.json).
		"market/plugins/p/config/hooks.json", "plugins/p/hooks.json",
		// What an agent's newest version loads from the project and runs with no hook of its own showing it: Claude Code's
		// workflows and routines (2.1.332, which its own sandbox keeps from writes) and its preview launch configuration (the
		// command a preview starts); Gemini CLI's subagents (0.61.0: their frontmatter's mcpServers start with the subagent);
		// OpenCode's tui.json (1.18.33: its plugin list loads code into the terminal UI); Copilot CLI's extensions (1.0.102).
		".claude/workflows/release.js", "services/api/.claude/workflows/x.js", ".claude/routines/nightly.md", ".claude/launch.json",
		".gemini/agents/reviewer.md", "tui.json", "tui.jsonc", "services/web/tui.json", ".github/extensions/x/extension.mjs",
		// The system-wide (managed) settings, which outrank the user's and the project's: an agent that runs as root writes them.
		"/etc/claude-code/managed-settings.json", "/Library/Application Support/ClaudeCode/managed-settings.json", "C:/Program Files/ClaudeCode/managed-settings.json",
		"/etc/gemini-cli/settings.json", "/Library/Application Support/GeminiCli/settings.json", "C:/ProgramData/gemini-cli/system-defaults.json",
		"/etc/codex/config.toml", "/etc/codex/requirements.toml", "/etc/codex/managed_config.toml",
		"/etc/cursor/hooks.json", "/Library/Application Support/Cursor/hooks.json", "C:/ProgramData/Cursor/hooks.json",
		// A program named hookrun in a directory of programs, wherever it lies: one ahead of the real hookrun on PATH (ln -s
		// /bin/true /usr/local/sbin/hookrun, go build -o ~/go/bin/hookrun) answers every hook the agents call, with no hook run.
		"/usr/local/sbin/hookrun", "/home/u/go/bin/hookrun", "/usr/bin/hookrun", "/opt/homebrew/bin/hookrun", "/home/u/.npm-global/bin/hookrun", "C:/Users/u/go/bin/hookrun.exe", "/home/u/.local/bin/hookrun.cmd",
		// A directory on PATH need not be named bin: a hookrun anywhere outside the project (cp x /opt/tools/hookrun).
		"/opt/tools/hookrun", "/home/u/.local/share/x/hookrun", "/srv/hookrun", "C:/tools/hookrun.exe", "D:/x/hookrun"} {
		if !match.AnyPath(globs, []string{p}) {
			t.Errorf("%s is not among protect_hooks' paths", p)
		}
	}
	for _, p := range []string{"src/main.go", ".env.example", ".systemd/unit", "node_modules/.bin/tsc", ".github/workflows/ci.yml", ".claude/CLAUDE.md", "/home/u/.cache/go-build/x", "/home/u/.cache/hookrun-notes", "cmd/hookrun/main.go", ".github/workflows", ".gemini/GEMINI.md", ".cursor/rules/x.mdc", "src/hooks/useAuth.ts", ".claude/plans/p.md", ".claude/output-styles/terse.md", "src/hooks.json.md", "docs/tui.json.md", ".github/agents.md", ".gemini/agents.md", "/Library/Application Support/Cursor/User/settings.json", "/etc/codexx/a", "src/etc/cursor.go", "src/hooks/hooks.ts", "market/plugins/p/README.md", "cmd/hookrun", "bin/hookrun-notes.md", "docs/hookrun.md", ".git/refs/heads/main", "src/hookrun/sessions/x"} {
		if match.AnyPath(globs, []string{p}) {
			t.Errorf("%s is among protect_hooks' paths, and should not be", p)
		}
	}
	// Git's hooks and configuration, which no diff shows and which run code at a person's next
	// commit or fetch, need a person too (the third rule, with its own reason).
	git := h.Handler.Rules.Rules[2].Paths
	for _, p := range []string{".git/hooks/post-commit", ".git/hooks", ".git/config", "services/api/.git/hooks/pre-push", ".git/config.worktree",
		// a submodule's and a worktree's, the user's and the system's git configuration
		".git/modules/lib/hooks/pre-commit", ".git/modules/a/b/config", ".git/worktrees/wt/config.worktree", "/home/u/.gitconfig", "/home/u/.config/git/config", "/etc/gitconfig",
		// the hook managers git runs, their hooks and configuration
		".husky/pre-commit", ".husky", ".husky/_/husky.sh", "web/.husky/pre-push", ".githooks/pre-commit", ".githooks", ".huskyrc", ".huskyrc.json", "husky.config.js",
		".pre-commit-config.yaml", "lefthook.yml", "lefthook.yaml", ".lefthook.yml", "lefthook-local.yml", ".lefthook-local.yaml", "lefthook.toml", "lefthook.json", ".lefthook/pre-commit/lint.sh",
		".overcommit.yml", ".git-hooks/pre_commit/check.rb", ".lintstagedrc", ".lintstagedrc.json", "lint-staged.config.mjs", ".simple-git-hooks.json", "simple-git-hooks.cjs",
		// the rest of the user's git directory (a hooksPath dotfiles point at, an included file) and a local include
		"/home/u/.config/git/hooks/pre-commit", "/home/u/.config/git/work.inc", "/home/u/.gitconfig.local", "/home/u/.config/git",
		// a worktree's or a submodule's .git file, whose gitdir: line says where git finds its hooks and configuration
		".git", "vendor/lib/.git"} {
		if !match.AnyPath(git, []string{p}) {
			t.Errorf("%s is not among protect_hooks' git paths %v", p, git)
		}
	}
	for _, p := range []string{".gitignore", ".gitattributes", ".git/HEAD", ".git/objects/ab/cdef", ".github/workflows/ci.yml", ".git/COMMIT_EDITMSG", ".gitmodules", "docs/husky.md", "src/lefthook_test.go", ".pre-commit-hooks.yaml"} {
		if match.AnyPath(git, []string{p}) {
			t.Errorf("%s is among protect_hooks' git paths, and should not be", p)
		}
	}
	// What runs when a person next opens a shell or starts an agent: a shell's startup files (which
	// also set the environment the agents and hookrun start with: HOOKRUN_HOOKS_DIR, CLAUDE_CONFIG_DIR)
	// and the MCP servers an agent starts, with no hook (the fourth rule, with its own reason).
	if len(h.Handler.Rules.Rules) < 4 {
		t.Fatalf("protect_hooks has %d rules, want a fourth for what runs at the next start", len(h.Handler.Rules.Rules))
	}
	next := h.Handler.Rules.Rules[3].Paths
	for _, p := range []string{"/home/u/.bashrc", "/home/u/.bash_profile", "/home/u/.bash_login", "/home/u/.bash_logout", "/home/u/.profile", "/home/u/.zshenv", "/home/u/.zprofile", "/home/u/.zshrc", "/home/u/.zlogin", "/home/u/.zlogout",
		"/home/u/.kshrc", "/home/u/.mkshrc", "/home/u/.cshrc", "/home/u/.tcshrc", "/home/u/.login", "/home/u/.bashrc.d/nvm.sh", "/home/u/.config/fish/config.fish", "/home/u/.config/fish/conf.d/x.fish", "/home/u/.config/fish",
		"/home/u/.config/powershell/Microsoft.PowerShell_profile.ps1", "C:/Users/u/Documents/PowerShell/Microsoft.PowerShell_profile.ps1", "C:/Users/u/Documents/WindowsPowerShell/profile.ps1", "/home/u/.config/environment.d/50-x.conf",
		"/etc/profile", "/etc/profile.d/x.sh", "/etc/bash.bashrc", "/etc/zsh/zshenv", "/etc/zshenv", "/etc/environment",
		".mcp.json", "/home/u/.claude.json", ".cursor/mcp.json", "/home/u/.cursor/mcp.json",
		// Copilot CLI's MCP servers and language servers of the project (1.0.102), which it starts with no hook
		".github/mcp.json", ".github/lsp.json",
		// what those startup files load in turn: Debian's .bash_aliases, local and .d files, oh-my-zsh, prezto, nvm, rustup's env
		"/home/u/.bash_aliases", "/home/u/.bashrc.local", "/home/u/.zshrc.local", "/home/u/.zshrc.d/aliases.zsh", "/home/u/.profile.d/x.sh", "/home/u/.oh-my-zsh/custom/x.zsh", "/home/u/.oh-my-zsh/oh-my-zsh.sh",
		"/home/u/.zprezto/init.zsh", "/home/u/.zpreztorc", "/home/u/.p10k.zsh", "/home/u/.nvm/nvm.sh", "/home/u/.cargo/env", "/home/u/.cargo/env.fish",
		// a program planted ahead on PATH, named like one a person runs (git)
		"/home/u/.local/bin/git", "/home/u/.cargo/bin/git", "/home/u/bin/git", "/Users/u/bin/git", "/root/bin/git",
		// and the directories of programs that come before the system's on PATH: /usr/local's (written by an agent that
		// runs as root, as in a container), Homebrew's, Go's (go install, go build -o)
		"/usr/local/bin/git", "/usr/local/sbin/sh", "/opt/homebrew/bin/node", "/opt/homebrew/sbin/x", "/home/u/go/bin/python3", "/Users/u/go/bin/git", "/usr/local/bin",
		// version managers' shims, first on PATH by design, and the tools' own directories of programs (bun, deno,
		// volta, proto): a python3 or jq there is what a guard's #!/usr/bin/env python3 or bare jq runs
		"/home/u/.asdf/shims/python3", "/home/u/.pyenv/shims/python", "/home/u/.rbenv/shims/ruby", "/home/u/.nodenv/shims/node", "/home/u/.local/share/mise/shims/jq",
		"/home/u/.proto/shims/node", "/home/u/.bun/bin/jq", "/home/u/.deno/bin/x", "/home/u/.volta/bin/node", "/Users/u/.proto/bin/proto",
		// direnv and mise, run when a person cd's into the project, and direnv's trust
		".envrc", "services/api/.envrc", "/home/u/.direnvrc", "/home/u/.config/direnv/direnv.toml", "/home/u/.local/share/direnv/allow/0a1b", "mise.toml", ".mise.toml", "mise.local.toml", ".mise.dev.toml", ".mise/config.toml", "/home/u/.config/mise/config.toml", "/home/u/.config/mise.toml",
		// an editor's files that run a program when a person opens the project: tasks run on folder open, settings that name
		// a program or a terminal's environment, a dev container's initializeCommand (on the host), JetBrains' startup tasks and file watchers
		".vscode/tasks.json", ".vscode/settings.json", "app.code-workspace", ".devcontainer.json", ".devcontainer/devcontainer.json", ".devcontainer/py/devcontainer.json", ".idea/workspace.xml", ".idea/watcherTasks.xml", ".zed/settings.json",
		// what runs at login or at a set time, and ssh's ProxyCommand, LocalCommand and rc
		"/home/u/.config/autostart/x.desktop", "/etc/xdg/autostart/x.desktop", "/home/u/.config/systemd/user/x.service", "/home/u/.local/share/systemd/user/x.timer", "/etc/systemd/system/x.service",
		"/Users/u/Library/LaunchAgents/x.plist", "/Library/LaunchDaemons/x.plist", "/etc/crontab", "/etc/cron.d/x", "/etc/cron.daily/x", "/var/spool/cron/crontabs/u", "/etc/anacrontab",
		"/home/u/.ssh/config", "/home/u/.ssh/config.d/work", "/home/u/.ssh/rc", "/etc/ssh/ssh_config", "/etc/ssh/ssh_config.d/x.conf", "/etc/ssh/sshrc",
		// an editor's user settings and tasks (every project's terminal environment and programs), and the startup files of
		// the editors git opens for a message, of tmux, of the prompt, of Python (a .pth line runs in every python, a guard's
		// too), of REPLs and debuggers a person starts in the project, and of a graphical login
		"/home/u/.config/Code/User/settings.json", "/Users/u/Library/Application Support/Cursor/User/settings.json", "C:/Users/u/AppData/Roaming/Code - Insiders/User/tasks.json",
		"/home/u/.config/VSCodium/User/settings.json", "/home/u/.vscode-server/data/Machine/settings.json", "/home/u/.config/zed/settings.json",
		"/home/u/.vimrc", "/home/u/.vim/plugin/x.vim", "/home/u/.config/nvim/init.lua", "/home/u/.emacs", "/home/u/.emacs.d/init.el", "/home/u/.config/emacs/init.el", "/home/u/.tmux.conf", "/home/u/.config/tmux/tmux.conf", "/home/u/.config/starship.toml",
		"/home/u/.local/lib/python3.12/site-packages/x.pth", ".venv/lib/python3.12/site-packages/sitecustomize.py", "/usr/lib/python3/site-packages/usercustomize.py", "/home/u/.ipython/profile_default/startup/00.py",
		".Rprofile", "/home/u/.irbrc", ".pryrc", "/home/u/.gdbinit", "/home/u/.xprofile", "/home/u/.xinitrc", "/home/u/.xsession", "/home/u/.pam_environment",
		// bash's completions (run at a person's tab), neovim's packages, an installed editor extension's code (run at the
		// editor's next start), Claude Code's status line script (the path its /statusline setup writes)
		"/home/u/.bash_completion", "/home/u/.local/share/bash-completion/completions/git", "/home/u/.local/share/nvim/lazy/x/plugin/x.lua",
		"/home/u/.vscode/extensions/ms-python.python-2026.1.0/dist/extension.js", "/home/u/.vscode-server/extensions/x/out/main.js", "/home/u/.cursor/extensions/x/extension.js", "/home/u/.claude/statusline-command.sh",
		// a tool's configuration that names a program it runs: docker's credsStore and CLI plugins, kubectl's exec credential,
		// aws' credential_process, gpg-agent's pinentry-program, gh's shell aliases, cargo's runner
		"/home/u/.docker/config.json", "/home/u/.docker/cli-plugins/docker-compose", "/home/u/.kube/config", "/home/u/.aws/config", "/home/u/.gnupg/gpg-agent.conf", "/home/u/.config/gh/config.yml", "/home/u/.cargo/config.toml", ".cargo/config.toml",
		// the directories that hold such files by name: a link in their place (ln -s /tmp/d .vscode) would move them where no guard looks
		"/home/u/.config", ".vscode", "services/web/.vscode", ".devcontainer", ".idea", ".zed", "/home/u/.config/zed", "/home/u/.config/Code/User", "/Users/u/Library/Application Support/Cursor/User",
		"/home/u/.ssh", "/home/u/.docker", "/home/u/.kube", "/home/u/.aws", "/home/u/.gnupg", "/home/u/.cargo", "/home/u/.config/gh",
		// and those named with what lies beneath them hold for the directory itself
		"/home/u/.oh-my-zsh", "/home/u/.local/bin", "/home/u/.config/systemd/user", "/home/u/.vscode/extensions"} {
		if !match.AnyPath(next, []string{p}) {
			t.Errorf("%s is not among protect_hooks' next-start paths %v", p, next)
		}
	}
	// Files that name a program only when a person starts it (a debug configuration, a Makefile, package.json's scripts),
	// version files, keys and project files of the same names pass.
	for _, p := range []string{"src/profile.go", ".bashrc.example", "docs/zshrc.md", ".config/app/config", "/home/u/.config/fish-notes", "package.json", ".claude.json.backup",
		".vscode/launch.json", ".vscode/extensions.json", ".idea/runConfigurations/app.xml", ".devcontainer/Dockerfile", "Makefile", ".tool-versions", ".nvmrc", "docs/mise.md", ".envrc.example",
		"bin/run", "src/bin/x", "/home/u/.local/share/fonts/x.ttf", "/home/u/.nvm/versions/node/v20.0.0/lib/x.js", "/home/u/.ssh/known_hosts", "/home/u/.ssh/id_ed25519.pub", "src/settings.json", "/home/u/.npmrc", "/home/u/project/bin-tools/x",
		"/home/u/.config/Code/User/keybindings.json", "src/vim/plugin.vim", "docs/emacs.md", ".venv/lib/python3.12/site-packages/requests/api.py", "src/site-packages.pth.md", "/home/u/.config/Code/logs/x.log",
		".vscode/extensions.json", "/home/u/.aws/credentials.md", "/home/u/.kube/cache/x", "/home/u/.docker/buildx/x", "/home/u/.claude/CLAUDE.md", "/home/u/.cargo/registry/index/x", "/home/u/.config/gh/hosts.yml.md",
		".vscodeignore", "src/.idea.md", "/home/u/.config/app", "/home/u/.ssh/id_ed25519.pub", "docs/.aws.md", "/home/u/.configure", "/usr/local/share/man/x.1", "/usr/local/lib/x.so", "src/go/bin.go", "/usr/bin/git", "src/shims/vue.d.ts", "/home/u/.bun/install/cache/x.tgz", "/home/u/.deno/deps/x"} {
		if match.AnyPath(next, []string{p}) {
			t.Errorf("%s is among protect_hooks' next-start paths, and should not be", p)
		}
	}
	for id, want := range map[string]bool{"shell": true, "write_file": true, "edit_file": true, "mcp/fs/move_file": true, "claude-code/TodoWrite": true, "read_file": false, "list_files": false, "search_files": false} {
		if got := match.Ability(h.Match.AbilityScope, id); got != want {
			t.Errorf("protect_hooks applies to %s: %v, want %v", id, got, want)
		}
	}
}

// What new writes depends on the OS the handler will start on: Windows
// starts no #! script, so there the stub is node (or python when asked) and
// the declaration runs the interpreter with the script; elsewhere the sh
// stub runs itself. The OS is a field, so every branch is tested here.
func TestNewPerOS(t *testing.T) {
	for _, c := range []struct {
		os, lang            string
		file, command, item string
		args                []string
		shebang             string
	}{
		{"linux", "", "guard.sh", "./scripts/hooks/guard.sh", "the handler (executable)", nil, "#!/bin/sh\n"},
		{"darwin", "node", "guard.js", "./scripts/hooks/guard.js", "the handler (executable)", nil, "#!/usr/bin/env node\n"},
		{"windows", "", "guard.js", "node", "the handler (run by node)", []string{"./scripts/hooks/guard.js"}, "#!/usr/bin/env node\n"},
		{"windows", "node", "guard.js", "node", "the handler (run by node)", []string{"./scripts/hooks/guard.js"}, "#!/usr/bin/env node\n"},
		{"windows", "python", "guard.py", "python", "the handler (run by python)", []string{"./scripts/hooks/guard.py"}, "#!/usr/bin/env python3\n"},
	} {
		name := c.os + "/" + c.lang
		root := t.TempDir()
		hooks := filepath.Join(root, HooksDir)
		items, err := New(root, hooks, Spec{ID: "guard", Event: event.PreAbilityCall, Blocking: true, Lang: c.lang, OS: c.os})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		// items[0] is the hooks directory, which New made.
		if len(items) < 3 || items[0].Path != HooksDir || items[2].Path != filepath.Join(ScriptsDir, c.file) || items[2].Note != c.item {
			t.Errorf("%s: items %+v, want %s as %q", name, items, c.file, c.item)
		}
		stub, err := os.ReadFile(filepath.Join(root, ScriptsDir, c.file))
		if err != nil || !strings.HasPrefix(string(stub), c.shebang) {
			t.Errorf("%s: stub %s starts %.30q (%v), want %q", name, c.file, stub, err, c.shebang)
		}
		data, _ := os.ReadFile(filepath.Join(hooks, "guard.yaml"))
		h, findings := config.ParseFile("guard.yaml", data)
		if config.HasErrors(findings) {
			t.Errorf("%s: the declaration is invalid: %v\n%s", name, findings, data)
			continue
		}
		if h.Handler.Command != c.command || h.Handler.HasArgs != (c.args != nil) || !slices.Equal(h.Handler.Args, c.args) {
			t.Errorf("%s: handler command %q args %q (given %v), want %q %q\n%s", name, h.Handler.Command, h.Handler.Args, h.Handler.HasArgs, c.command, c.args, data)
		}
	}
	root := t.TempDir()
	_, err := New(root, filepath.Join(root, HooksDir), Spec{ID: "guard", Event: event.PreAbilityCall, Lang: "sh", OS: "windows"})
	if err == nil || !strings.Contains(err.Error(), "Windows cannot start a sh script") {
		t.Errorf("windows/sh: %v, want a refusal", err)
	}
	if entries, _ := os.ReadDir(root); len(entries) != 0 {
		t.Errorf("windows/sh: refused, but wrote %v", entries)
	}
}

// The guard init writes is the one its hash names: whoever changes the template moves the old
// hash into earlierProtectHooks, so that init refreshes a guard an earlier hookrun wrote and
// nobody edited (and leaves an edited one alone).
func TestProtectHooksHash(t *testing.T) {
	sum := sha256.Sum256([]byte(protectHooks))
	if got := hex.EncodeToString(sum[:]); got != protectHooksSHA {
		t.Errorf("protectHooks changed: its SHA-256 is %s; set protectHooksSHA to it and add %s to earlierProtectHooks", got, protectHooksSHA)
	}
	if slices.Contains(earlierProtectHooks, protectHooksSHA) {
		t.Errorf("earlierProtectHooks holds the current template's hash")
	}
}

// A rules hook new writes validates with no finding, and on a blocking
// hook its example rules decide on the sample context; on one that is
// not blocking they only add context. Its rules are what --scope lets
// reach it: no commands rule when shell is out of scope, no paths rule
// that some of the file writers would pass.
func TestRulesYAML(t *testing.T) {
	for _, ev := range rulesEvents {
		for _, scope := range [][]string{nil, {"edit_file"}, {"shell"}} {
			if scope != nil && ev == event.PromptSubmit {
				continue
			}
			for _, blocking := range []bool{false, true} {
				s := Spec{ID: "g", Event: ev, Blocking: blocking, Scope: scope, Kind: "rules"}
				if s.partialWriters() && !s.scopeHas("shell") {
					// Its only rule would guard config/prod/** for edit_file calls alone.
					if err := s.Check(); err == nil || !strings.Contains(err.Error(), "give --scope edit_file,write_file,shell") {
						t.Errorf("%s scope %v blocking: Check = %v, want it refused naming the three writers", ev, scope, err)
					}
					continue
				}
				data := YAML(s, "")
				h, findings := config.ParseFile("g.yaml", data)
				for _, f := range findings {
					t.Errorf("%s scope %v blocking %v: %s\n%s", ev, scope, blocking, f.Message, data)
				}
				if h == nil || h.Handler.Kind != config.KindRules || h.Handler.Rules == nil {
					t.Fatalf("%s: not read back as a rules hook:\n%s", ev, data)
				}
				var decided, commands int
				for _, r := range h.Handler.Rules.Rules {
					if r.Decision != "" {
						decided++
					}
					if len(r.Commands) > 0 {
						commands++
					}
				}
				if blocking != (decided == len(h.Handler.Rules.Rules)) || (!blocking && decided != 0) {
					t.Errorf("%s blocking %v: %d of %d rules decide\n%s", ev, blocking, decided, len(h.Handler.Rules.Rules), data)
				}
				if want := ev == event.PreAbilityCall && s.scopeHas("shell"); (commands > 0) != want {
					t.Errorf("%s scope %v: %d commands rules, want some: %v\n%s", ev, scope, commands, want, data)
				}
			}
		}
	}
}

// sampleFiles names files a doublestar pattern of the dialect tables matches: each of a {a,b}
// group's choices, with a name for * and a directory for **.
func sampleFiles(pattern string) []string {
	if open := strings.Index(pattern, "{"); open >= 0 {
		end := open + strings.Index(pattern[open:], "}")
		var out []string
		for _, alt := range strings.Split(pattern[open+1:end], ",") {
			out = append(out, sampleFiles(pattern[:open]+alt+pattern[end+1:])...)
		}
		return out
	}
	return []string{strings.ReplaceAll(strings.ReplaceAll(pattern, "**", "d"), "*", "x")}
}

// TestProtectHooksCommands: the commands init's protect_hooks asks about and the everyday ones it
// lets through, as an AI session's shell calls, each with the rule that decides (its index).
func TestProtectHooksCommands(t *testing.T) {
	h, findings := config.ParseFile("protect_hooks.yaml", []byte(protectHooks))
	if config.HasErrors(findings) {
		t.Fatalf("protect_hooks does not validate: %+v", findings)
	}
	if len(h.Handler.Rules.Rules) < 8 {
		t.Fatalf("protect_hooks has %d rules, want an eighth for the commands that end hookrun", len(h.Handler.Rules.Rules))
	}
	const allow, unresolved = -1, -2
	for _, c := range []struct {
		line string
		rule int // the rule whose reason the call gets, or allow
	}{
		// Another agent started with its hooks off, bringing hooks or MCP servers of its own, or acting
		// unasked, by an option or a variable the line gives it.
		{`CLAUDE_CODE_SIMPLE=1 claude -p 'Tidy the repository'`, 1},
		{`env CLAUDE_CODE_SIMPLE=1 claude -p Tidy`, 1},
		{`export CLAUDE_CODE_SIMPLE=1; cd app && claude -p Tidy`, 1},
		{`CLAUDE_CODE_SHELL_PREFIX=/tmp/p.sh claude -p Tidy`, 1},
		{`CODEX_HOME=/tmp/x codex exec Tidy`, 1},
		{`OPENCODE_PURE=1 opencode run Tidy`, 1},
		{`HOOKRUN_HOOKS_DIR=/tmp/empty gemini -p Tidy`, 1},
		{`HOOKRUN_HOOKS_DIR=/tmp/empty npx -y @anthropic-ai/claude-code -p Tidy`, 1},
		{`set -a; HOOKRUN_HOOKS_DIR=/tmp/empty; git commit -m wip`, 1},
		{`claude -p 'Tidy the repository'`, allow},
		{`CLAUDE_CODE_SIMPLE=1; claude -p Tidy`, allow}, // not exported: the agent does not see it
		{`NODE_ENV=test npm test`, allow},
		{`claude -p --safe-mode 'Tidy the repository'`, 1},
		{`claude -p --restricted 'Tidy the repository'`, 1}, // 2.1.332: ignores the user's, project's and local settings
		{`claude -p --permission-prompt-tool mcp__x__approve 'Tidy'`, 1},
		{`claude -p --plugin-dir /tmp/p 'Tidy'`, 1},
		{`claude -p --mcp-config /tmp/m.json 'Tidy'`, 1},
		{`copilot -p Tidy --plugin-dir /tmp/p`, 1},
		{`opencode run --pure Tidy`, 1},
		{`CLAUDE_CODE_SIMPLE=1 claude -p --dangerously-skip-permissions 'Tidy'`, 1},
		{`CLAUDE_CODE_SIMPLE=1 claude -p --permission-mode bypassPermissions 'Tidy'`, 1},
		{`claude -p --allowedTools Bash 'Tidy'`, 1},
		{`CODEX_HOME=/tmp/x codex exec --dangerously-bypass-approvals-and-sandbox 'Tidy'`, 1},
		{`CODEX_HOME=/tmp/x codex exec -s workspace-write 'Tidy'`, 1},
		{`GEMINI_CLI_HOME=/tmp/x gemini -y -p 'Tidy'`, 1},
		{`gemini --approval-mode=yolo -p Tidy`, 1},
		{`copilot -p Tidy --allow-all-tools`, 1},
		{`opencode run --auto Tidy`, 1},
		// The same, started through a package runner, under the package's name and a version.
		{`npx @anthropic-ai/claude-code -p --dangerously-skip-permissions Tidy`, 1},
		{`npx -y @anthropic-ai/claude-code@latest -p --bare Tidy`, 1},
		{`npx @google/gemini-cli@0.61.0 extensions install https://example.com/ext`, 1},
		{`npx opencode-ai@latest run --pure Tidy`, 1},
		{`bunx @openai/codex@0.169.0 exec --dangerously-bypass-approvals-and-sandbox Tidy`, 1},
		{`npx -y hookrun@latest install claude-code`, 1},
		// What sets up code to run later, outside the session: hooks a hook manager installs from the
		// repository, a git setting whose value git runs, the user's git configuration, cron, a
		// service, an editor extension, direnv's and mise's trust.
		{`npx husky init`, 4},
		{`pre-commit install --hook-type pre-push`, 4},
		{`npx lefthook install`, 4},
		{`git config --global alias.st '!sh /tmp/x.sh'`, 4},
		{`git config set --global core.pager 'sh /tmp/x'`, 4},
		{`git -C lib config --system core.editor vim`, 4},
		{`git config core.fsmonitor /tmp/x.sh`, 4},
		{`git config alias.st '!sh /tmp/x.sh'`, 4},
		{`git config filter.x.smudge /tmp/x.sh`, 4},
		// git reads a setting's section and name in any case.
		{`git config CORE.FSMONITOR /tmp/x.sh`, 4},
		{`git config ALIAS.st '!sh /tmp/x.sh'`, 4},
		{`git config Filter.x.Smudge /tmp/x.sh`, 4},
		{`git config Core.Worktree /tmp/clean`, 6},
		{`crontab /tmp/cron.txt`, 4},
		{`direnv allow .`, 4},
		{`mise trust`, 4},
		{`systemctl --user enable x.service`, 4},
		{`launchctl setenv HOOKRUN_HOOKS_DIR /tmp`, 4},
		{`code --install-extension ./x.vsix`, 4},
		{`cursor --install-extension x.y`, 4},
		// npm's user configuration: a script-shell or node-options there runs at every npm run.
		{`npm config set script-shell /tmp/x.sh`, 4},
		{`npm set node-options='--require /tmp/x.js'`, 4},
		{`pnpm config set script-shell /tmp/x.sh`, 4},
		{`yarn config set yarnPath /tmp/x.cjs`, 4},
		// What changes the files git shows without a diff showing it: the work tree git looks at,
		// what it ignores, which index entries it trusts, which commit a name stands for.
		{`git config core.worktree /tmp/clean`, 6},
		{`git config core.excludesFile /tmp/x`, 6},
		{`git config core.ignoreStat true`, 6},
		{`git config set core.untrackedCache true`, 6},
		{`git config extensions.worktreeConfig true`, 6},
		{`git update-index --assume-unchanged src/a.go`, 6},
		{`git update-index --skip-worktree src/a.go`, 6},
		{`git replace HEAD~1 HEAD`, 6},
		{`git update-index --refresh && git replace --list`, 6},
		// What ends hookrun as it starts, a background loop of it every guard of the calls after it
		// (pkill's pattern is a regular expression, and without -f a part of the name: k is
		// hookrun), a kill of every process, and a kill whose process is only known when it runs.
		{`while :; do pkill -9 -f hookrun; done &`, 7},
		{`pkill -f 'hook.un'`, 7},
		{`pkill k`, 7},
		{`killall -9 hookrun`, 7},
		{`killall5 -9`, 7},
		{`kill -9 -1`, 7},
		{`kill -s KILL -1`, 7},
		{`kill -- -1`, 7},
		// A process only known when the line runs: the rule is unresolved, which asks with its own reason.
		{`kill $(pgrep hookrun)`, unresolved},
		{`pgrep -f hook | xargs kill -9`, unresolved},
		{`kill -9 $!`, unresolved},
		{`fuser -k -9 3000/tcp`, 7},
		// hookrun's program by its path is a path rule 0 guards, which comes first.
		{`fuser -k -9 /usr/local/bin/hookrun`, 0},
		// A debugger or tracer attached to a running hookrun makes it answer as told (gdb's call exit(0)).
		{`gdb -p 4242 -batch -ex 'call exit(0)'`, 7},
		{`strace -p 4242 -e inject=write:error=EIO`, 7},
		{`lldb --attach-name hookrun`, 7},
		{`gdb -batch -ex run ./a.out && strace -f make`, allow},
		// Windows: taskkill and wmic by name (and PowerShell's Stop-Process -Name, in TestProtectHooksPowerShellKills).
		{`taskkill /F /IM hookrun.exe`, 7},
		{`taskkill.exe /f /im hookrun.exe`, 7},
		{`wmic process where name="hookrun.exe" delete`, 7},
		{`taskkill /PID 4242 /F && wmic os get caption`, allow},
		{`kill 12345 && kill -TERM 12346 %1 && kill -l`, allow},
		{`pgrep -f vite && pidof node && fuser 3000/tcp`, allow},
		// Everyday work.
		{`claude -p 'Summarise the diff'`, allow},
		{`npx @anthropic-ai/claude-code -p 'Summarise the diff' && claude-monitor --help`, allow},
		{`npm config get registry && npm config list`, allow},
		{`codex exec 'Summarise the diff' && gemini -p 'Summarise' && copilot -p x && opencode run x`, allow},
		{`npx husky`, allow}, // npm install runs it (package.json's prepare), and it installs the guarded .husky
		{`pre-commit run --all-files && lefthook run pre-commit`, allow},
		{`git commit -m x && git add config && git push`, allow},
		{`git config user.email bot@example.com && git config --get remote.origin.url && git config --list`, allow},
		{`git config pull.rebase true`, allow},
		{`npm install && mise install && mise use node@20 && direnv reload`, allow},
		{`systemctl --user status x.service`, allow},
		{`code . && code -r src/main.go`, allow},
		{`cat ~/.npmrc && ssh -T git@github.com`, allow},
	} {
		ctx, err := event.ParseContext([]byte(`{"event_type":"PreAbilityCall","ability_id":"shell","caller":{"source":"ai_session"},"command":`+strconv.Quote(c.line)+`}`), "")
		if err != nil {
			t.Fatal(err)
		}
		rep := rules.Evaluate(h, ctx, t.TempDir(), nil)
		switch {
		case c.rule == unresolved && (rep.Decision != event.RequireHuman || !strings.HasPrefix(rep.Reason, "hookrun could not check this command without running it: ")):
			t.Errorf("%s: %s (%s), want require_human, unresolved", c.line, rep.Decision, rep.Reason)
		case c.rule == unresolved:
		case c.rule == allow && rep.Decision != event.Allow:
			t.Errorf("%s: %s (%s), want allow", c.line, rep.Decision, rep.Reason)
		case c.rule != allow && (rep.Decision != event.RequireHuman || rep.Reason != h.Handler.Rules.Rules[c.rule].Reason):
			t.Errorf("%s: %s (%s), want require_human with rule %d's reason", c.line, rep.Decision, rep.Reason, c.rule)
		}
	}
}

// PowerShell's Stop-Process (kill and spps are its aliases) by a name ends hookrun as pkill does; by its
// number it passes.
func TestProtectHooksPowerShellKills(t *testing.T) {
	h, _ := config.ParseFile("protect_hooks.yaml", []byte(protectHooks))
	for line, want := range map[string]event.Decision{
		`Stop-Process -Name hookrun -Force`:           event.RequireHuman,
		`spps -n hook*`:                               event.RequireHuman,
		`while ($true) { kill -ProcessName hookrun }`: event.RequireHuman,
		`Stop-Process -Id 4242; kill 4243`:            event.Allow,
	} {
		ctx, err := event.ParseContext([]byte(`{"event_type":"PreAbilityCall","ability_id":"shell","shell":"powershell","caller":{"source":"ai_session"},"command":`+strconv.Quote(line)+`}`), "")
		if err != nil {
			t.Fatal(err)
		}
		rep := rules.Evaluate(h, ctx, t.TempDir(), nil)
		if rep.Decision != want || want != event.Allow && rep.Reason != h.Handler.Rules.Rules[7].Reason {
			t.Errorf("%s: %s (%s), want %s with rule 7's reason", line, rep.Decision, rep.Reason, want)
		}
	}
}

// TestProtectHooksNamesEveryHooksOffVariable: each variable an agent's table says switches its hooks
// off (dialect's EnvOff), and hookrun's own HOOKRUN_HOOKS_DIR, asks a person when the line gives it
// to a command: a variable added to a table later without its pattern here fails.
func TestProtectHooksNamesEveryHooksOffVariable(t *testing.T) {
	h, findings := config.ParseFile("protect_hooks.yaml", []byte(protectHooks))
	if config.HasErrors(findings) {
		t.Fatalf("protect_hooks does not validate: %+v", findings)
	}
	names := []string{"HOOKRUN_HOOKS_DIR"}
	for _, a := range dialect.Agents {
		for _, s := range a.Settings.Off {
			for _, e := range s.EnvOff {
				names = append(names, e.Name)
			}
		}
	}
	for _, name := range names {
		l := shellcmd.Parse(name + "=1 agent -p Tidy")
		asked := false
		for _, p := range h.Handler.Rules.Rules[1].Commands {
			if o, _ := p.MatchLine(&l); o == shellcmd.Match {
				asked = true
			}
		}
		if !asked {
			t.Errorf("%s=1 agent -p Tidy: no commands pattern of protect_hooks' rule 1 names %s", name, name)
		}
	}
}

// A python or node stub on a machine whose PATH has no python3 or node
// is a hook validate fails and emit fails on every call (env's exit
// 127; from a blocking guard, a deny): new writes nothing, and says so.
func TestNewRefusesAStubWhoseInterpreterIsMissing(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stub runs through its #! line")
	}
	t.Setenv("PATH", t.TempDir())
	for _, c := range []struct{ lang, want string }{
		{"python", "--lang python: the stub runs python3 (#!/usr/bin/env python3), and python3 is not on PATH: install it, or use another --lang, or for a guard on a command or a path a rules hook (--kind rules), which runs no process"},
		{"node", "--lang node: the stub runs node (#!/usr/bin/env node), and node is not on PATH: install it, or use another --lang, or for a guard on a command or a path a rules hook (--kind rules), which runs no process"},
	} {
		root := t.TempDir()
		_, err := New(root, filepath.Join(root, HooksDir), Spec{ID: "guard", Event: event.PreAbilityCall, Blocking: true, Lang: c.lang, OS: runtime.GOOS})
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: %v\nwant %s", c.lang, err, c.want)
		}
		if entries, _ := os.ReadDir(root); len(entries) != 0 {
			t.Errorf("%s: refused, but wrote %v", c.lang, entries)
		}
	}
	root := t.TempDir()
	if _, err := New(root, filepath.Join(root, HooksDir), Spec{ID: "guard", Event: event.PreAbilityCall, Lang: "sh", OS: runtime.GOOS}); err != nil {
		t.Errorf("sh: %v", err)
	}
}

// TestStubReadsOnlyItsEvent: each event's stub, in each language, reads
// only fields its event's context has, and uses every variable it sets: a
// PromptSubmit stub that computed an ability and a caller source (which a
// prompt has not) taught a first handler to read fields that are never there.
func TestStubReadsOnlyItsEvent(t *testing.T) {
	reads := map[string]*regexp.Regexp{
		"python": regexp.MustCompile(`\.get\("(\w+)"`),
		"node":   regexp.MustCompile(`ctx\.(\w+)|\?\.(\w+)`),
		"sh":     regexp.MustCompile(`\$HOOKRUN_(ABILITY_ID|CALLER_SOURCE|SESSION_ID)`),
	}
	shFields := map[string]string{"ABILITY_ID": "ability_id", "CALLER_SOURCE": "source", "SESSION_ID": "session_id"}
	sets := map[string]*regexp.Regexp{
		"python": regexp.MustCompile(`^(\w+) = `),
		"node":   regexp.MustCompile(`^const (\w+) = `),
		"sh":     regexp.MustCompile(`^(\w+)=`),
	}
	for _, ev := range event.All {
		fields := event.FieldNames(ev)
		if ev == event.PreAbilityCreate {
			fields = append(fields, "ability_id") // HOOKRUN_ABILITY_ID is ability_ref.value
		}
		for _, lang := range Langs {
			s := Spec{ID: "h", Event: ev, Blocking: ev.AIFacing(), Lang: lang, OS: "linux"}
			var code []string
			for _, line := range strings.Split(string(Script(s)), "\n") {
				if t := strings.TrimSpace(line); t != "" && !strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "//") {
					code = append(code, line)
				}
			}
			if lang == "python" { // the docstring is no code
				code = code[slices.Index(code, `"""`)+1:]
			}
			for i, line := range code {
				for _, m := range reads[lang].FindAllStringSubmatch(line, -1) {
					name := m[1] + m[len(m)-1] // one of node's two groups
					if len(m) == 2 {
						name = m[1]
					}
					if lang == "sh" {
						name = shFields[m[1]]
					}
					if !slices.Contains(fields, name) {
						t.Errorf("%s %s stub reads %s, which a %s context has not: %s", ev, lang, name, ev, line)
					}
				}
				if m := sets[lang].FindStringSubmatch(line); m != nil && m[1] != "ctx" {
					used := regexp.MustCompile(`\b` + m[1] + `\b`)
					if !slices.ContainsFunc(code[i+1:], used.MatchString) {
						t.Errorf("%s %s stub sets %s and never uses it: %s", ev, lang, m[1], line)
					}
				}
			}
		}
	}
}
