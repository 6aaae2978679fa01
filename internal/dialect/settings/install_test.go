package settings

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/dialect"
)

func TestInstallWritesOnceKeepsModeAndHonoursDryRun(t *testing.T) {
	root := t.TempDir()
	agent, _ := Find(dialect.ClaudeCode)
	path := filepath.Join(root, agent.File)
	o := Options{Timeout: time.Minute}

	res, err := Install(agent, root, o, true)
	if err != nil || !res.Changed {
		t.Fatalf("dry run: %v, changed %v", err, res.Changed)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("a dry run wrote %s: %v", agent.File, err)
	}

	if _, err := Install(agent, root, o, false); err != nil {
		t.Fatal(err)
	}
	written, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(written), "hookrun emit --dialect claude-code") {
		t.Fatalf("after install: %v\n%s", err, written)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	res, err = Install(agent, root, o, false)
	if err != nil || res.Changed {
		t.Fatalf("second install: %v, changed %v (want no change)", err, res.Changed)
	}
	o.Timeout = 2 * time.Minute // a different timeout rewrites the entries
	if res, err = Install(agent, root, o, false); err != nil || !res.Changed {
		t.Fatalf("install with a new timeout: %v, changed %v", err, res.Changed)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v after rewrite, want 0600 kept", st.Mode().Perm())
	}
}

func TestInstallNamesTheFileItCannotRead(t *testing.T) {
	root := t.TempDir()
	agent, _ := Find(dialect.Cursor)
	if err := os.MkdirAll(filepath.Join(root, agent.File), 0o755); err != nil { // a directory where the file should be
		t.Fatal(err)
	}
	_, err := Install(agent, root, Options{Timeout: time.Minute}, false)
	if err == nil || !strings.HasPrefix(err.Error(), "reading "+agent.File+": ") {
		t.Fatalf("error %v, want one naming %s", err, agent.File)
	}
}

// TestWaitFallsBackToTheAgentsDefault: an entry of hookrun's with no
// timeout (hand-written, or in a matcher group) is waited for as long as
// the agent's own default, not forever: past it the agent lets the call
// through, so hookrun must answer first.
func TestWaitFallsBackToTheAgentsDefault(t *testing.T) {
	awayFromHome(t)
	const claudeDefault = "its default for a hook with no timeout; .claude/settings.json gives hookrun's entry none"
	for _, tc := range []struct {
		name  string
		agent dialect.Name
		file  string // "" for no settings file
		want  time.Duration
		from  string
	}{
		{"installed", dialect.ClaudeCode, `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"exec hookrun emit --dialect claude-code","timeout":90}]}]}}`,
			90 * time.Second, "the timeout in .claude/settings.json"},
		{"claude no timeout", dialect.ClaudeCode, `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"hookrun emit --dialect claude-code"}]}]}}`,
			10 * time.Minute, claudeDefault},
		{"claude no entry", dialect.ClaudeCode, "", 10 * time.Minute, claudeDefault},
		{"claude zero", dialect.ClaudeCode, `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"hookrun emit --dialect claude-code","timeout":0}]}]}}`,
			10 * time.Minute, claudeDefault},
		{"in a matcher group", dialect.ClaudeCode, `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"hookrun emit --dialect claude-code","timeout":20}]}]}}`,
			20 * time.Second, "the timeout in .claude/settings.json"},
		{"codex", dialect.Codex, `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"hookrun emit --dialect codex"}]}]}}`,
			10 * time.Minute, "its default for a hook with no timeout; .codex/hooks.json gives hookrun's entry none"},
		{"gemini", dialect.GeminiCLI, `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"hookrun emit --dialect gemini-cli"}]}]}}`,
			time.Minute, "its default for a hook with no timeout; .gemini/settings.json gives hookrun's entry none"},
		{"copilot shortest", dialect.Copilot, `{"version":1,"hooks":{"UserPromptSubmit":[{"type":"command","bash":"hookrun emit --dialect copilot","timeoutSec":120}],"PreToolUse":[{"type":"command","bash":"hookrun emit --dialect copilot"}]}}`,
			30 * time.Second, "its default for a hook with no timeoutSec; .github/hooks/hookrun.json gives hookrun's entry none"},
		{"copilot explicit shorter", dialect.Copilot, `{"version":1,"hooks":{"UserPromptSubmit":[{"type":"command","bash":"hookrun emit --dialect copilot","timeoutSec":10}],"PreToolUse":[{"type":"command","bash":"hookrun emit --dialect copilot"}]}}`,
			10 * time.Second, "the timeout in .github/hooks/hookrun.json"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			a, _ := Find(tc.agent)
			if tc.file != "" {
				path := filepath.Join(root, a.File)
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(tc.file), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			wait, from, ok := a.Wait(root)
			if !ok || wait != tc.want || from != tc.from {
				t.Errorf("Wait = %s, %q, %v; want %s, %q, true", wait, from, ok, tc.want, tc.from)
			}
		})
	}
	// No default known (Cursor is not pinned), and OpenCode's plugin keeps its own.
	for _, n := range []dialect.Name{dialect.Cursor, dialect.OpenCode} {
		a, _ := Find(n)
		if wait, from, ok := a.Wait(t.TempDir()); ok {
			t.Errorf("%s: Wait = %s, %q, true; want none", n, wait, from)
		}
	}
}

// awayFromHome points the agents' own settings directories at an empty
// one, so the person's settings do not count.
func awayFromHome(t *testing.T) string {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("CODEX_HOME", filepath.Join(home, ".codex"))
	t.Setenv("CLAUDE_CONFIG_DIR", filepath.Join(home, ".claude"))
	t.Setenv("GEMINI_CLI_HOME", home)
	return home
}

// TestWaitReadsTheAgentsOtherFiles: an agent runs hookrun's entries from
// its other files too (the person's settings, Codex's config.toml and a
// subdirectory's layer), each ended at its own timeout, after which the
// agent lets the call through: hookrun answers within the shortest.
// Measured for Codex 0.171.0 (agents suite TestCodexEntryTimeout).
func TestWaitReadsTheAgentsOtherFiles(t *testing.T) {
	entry := func(agent, event string, timeout int) string {
		return fmt.Sprintf(`{"hooks":{%q:[{"hooks":[{"type":"command","command":"hookrun emit --dialect %s","timeout":%d}]}]}}`, event, agent, timeout)
	}
	const toml = "[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"hookrun emit --dialect codex\"\ntimeout = 5\n"
	for _, tc := range []struct {
		name  string
		agent dialect.Name
		files map[string]string // under root, or under HOME with a "~/"
		cwd   string            // under root
		want  time.Duration
		from  string // "~/" for HOME
	}{
		{"codex home hooks.json", dialect.Codex, map[string]string{".codex/hooks.json": entry("codex", "PreToolUse", 120), "~/.codex/hooks.json": entry("codex", "PreToolUse", 5)}, "",
			5 * time.Second, "the timeout in ~/.codex/hooks.json"},
		{"codex home config.toml", dialect.Codex, map[string]string{".codex/hooks.json": entry("codex", "PreToolUse", 120), "~/.codex/config.toml": toml}, "",
			5 * time.Second, "the timeout in ~/.codex/config.toml"},
		{"codex project config.toml", dialect.Codex, map[string]string{".codex/config.toml": toml}, "",
			5 * time.Second, "the timeout in .codex/config.toml"},
		{"codex layer on the way", dialect.Codex, map[string]string{".codex/hooks.json": entry("codex", "PreToolUse", 120), "app/.codex/hooks.json": entry("codex", "UserPromptSubmit", 7)}, "app/src",
			7 * time.Second, "the timeout in app/.codex/hooks.json"},
		{"codex layer elsewhere", dialect.Codex, map[string]string{".codex/hooks.json": entry("codex", "PreToolUse", 120), "lib/.codex/hooks.json": entry("codex", "PreToolUse", 7)}, "app",
			120 * time.Second, "the timeout in .codex/hooks.json"},
		{"codex home not hookrun's", dialect.Codex, map[string]string{".codex/hooks.json": entry("codex", "PreToolUse", 120), "~/.codex/hooks.json": entry("claude-code", "PreToolUse", 1)}, "",
			120 * time.Second, "the timeout in .codex/hooks.json"},
		{"codex home post tool", dialect.Codex, map[string]string{".codex/hooks.json": entry("codex", "PreToolUse", 120), "~/.codex/hooks.json": entry("codex", "PostToolUse", 1)}, "",
			120 * time.Second, "the timeout in .codex/hooks.json"},
		{"claude local", dialect.ClaudeCode, map[string]string{".claude/settings.json": entry("claude-code", "PreToolUse", 120), ".claude/settings.local.json": entry("claude-code", "PreToolUse", 6)}, "",
			6 * time.Second, "the timeout in .claude/settings.local.json"},
		{"claude person's", dialect.ClaudeCode, map[string]string{"~/.claude/settings.json": entry("claude-code", "PreToolUse", 8)}, "",
			8 * time.Second, "the timeout in ~/.claude/settings.json"},
		{"gemini person's", dialect.GeminiCLI, map[string]string{".gemini/settings.json": entry("gemini-cli", "BeforeTool", 120000), "~/.gemini/settings.json": entry("gemini-cli", "BeforeTool", 9000)}, "",
			9 * time.Second, "the timeout in ~/.gemini/settings.json"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home := awayFromHome(t)
			root := t.TempDir()
			for name, body := range tc.files {
				path := filepath.Join(root, name)
				if rest, ok := strings.CutPrefix(name, "~/"); ok {
					path = filepath.Join(home, rest)
				}
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.MkdirAll(filepath.Join(root, tc.cwd), 0o755); err != nil {
				t.Fatal(err)
			}
			t.Chdir(filepath.Join(root, tc.cwd))
			a, _ := Find(tc.agent)
			wait, from, ok := a.Wait(root)
			want := strings.Replace(tc.from, "~/", home+string(filepath.Separator), 1)
			if !ok || wait != tc.want || filepath.ToSlash(from) != filepath.ToSlash(want) {
				t.Errorf("Wait = %s, %q, %v; want %s, %q, true", wait, from, ok, tc.want, want)
			}
		})
	}
}

// TestInstallRefusesAFileChangedWhileItRan: a settings file another program
// (the agent, an editor, a second install) writes between install's read
// and its rename is not replaced by what install merged from the older
// text: that would drop the other writer's change in silence. install
// fails naming the file, and the other writer's text stays, whole.
func TestInstallRefusesAFileChangedWhileItRan(t *testing.T) {
	for _, c := range []struct {
		name          string
		before, other string // "" before: no file
	}{
		{"changed", `{"a": 1}`, `{"a": 2}`},
		{"created", "", `{"b": 1}`},
		{"emptied", `{"a": 1}`, ``},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			agent, _ := Find(dialect.ClaudeCode)
			path := filepath.Join(root, agent.File)
			if c.before != "" {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(c.before), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			beforeWrite = func() {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(c.other), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			defer func() { beforeWrite = nil }()
			_, err := Install(agent, root, Options{Timeout: time.Minute}, false)
			want := "writing " + agent.File + ": " + path + " changed while hookrun was writing it (another program wrote it meanwhile): nothing was written; run the command again"
			if err == nil || err.Error() != want {
				t.Fatalf("error %v\nwant %s", err, want)
			}
			if got, _ := os.ReadFile(path); string(got) != c.other {
				t.Errorf("%s holds %q, want the other writer's %q", agent.File, got, c.other)
			}
			if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*hookrun-*")); len(left) > 0 {
				t.Errorf("left behind: %v", left)
			}
		})
	}
}
