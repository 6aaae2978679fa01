package agents

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// What Codex does with a PreToolUse hook that fails without answering:
// one its timeout ends, one killed by a signal, one that exits 1 with
// nothing on stdout. hookrun never does the last two of its own accord
// (docs/agents/README.md, "When hookrun fails"), and answers within its
// entry's timeout; these sessions say what happens when something else
// ends it. Measured on 0.171.0: each let the call run (ran).
var codexHookFailures = []struct {
	name, command string
	timeout       int
	ran           bool
}{
	{"timed_out", "sleep 10", 2, true},
	{"killed", "kill -9 $$", 30, true},
	{"exit_1", "echo failed >&2; exit 1", 30, true},
}

func TestCodexHookFailures(t *testing.T) {
	for _, a := range suite(t) {
		if a.dialect != "codex" {
			continue
		}
		for _, f := range codexHookFailures {
			t.Run(f.name, func(t *testing.T) {
				t.Parallel()
				s := newSession(t, a, nil, "touch ran.txt")
				path := filepath.Join(s.project, ".codex", "hooks.json")
				hooks := map[string]any{"hooks": map[string]any{"PreToolUse": []any{map[string]any{"hooks": []any{
					map[string]any{"type": "command", "command": f.command, "timeout": f.timeout}}}}}}
				data, _ := json.Marshal(hooks)
				write(t, path, string(data))
				s.Run("Create ran.txt.")
				if got := s.exists("ran.txt"); got != f.ran {
					t.Errorf("ran.txt exists = %v, want %v: %s@%s with a PreToolUse hook that %s: docs/agents/codex.md wants a look", got, f.ran, a.pkg, a.version, f.name)
				}
				_ = os.Remove(path)
			})
		}
	}
}
