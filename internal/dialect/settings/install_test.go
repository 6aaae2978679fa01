package settings

import (
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
