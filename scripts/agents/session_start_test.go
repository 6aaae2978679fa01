package agents

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// A repository's own SessionStart hook, beside hookrun's entries, runs its
// command as the agent starts, with no guard (TestBypasses has Claude
// Code's and Codex's): measured for Copilot CLI 1.0.102
// (.github/hooks/start.json, repository hooks on) and Gemini CLI 0.61.0
// (.gemini/settings.json, a trusted folder). validate warns of each
// (docs/agents/README.md, "A repository's own agent hooks").
func TestRepoSessionStartHookRuns(t *testing.T) {
	for _, a := range suite(t) {
		if a.dialect != "copilot" && a.dialect != "gemini-cli" {
			continue
		}
		t.Run(a.dialect, func(t *testing.T) {
			if a.skip != "" {
				t.Skip(a.skip)
			}
			t.Parallel()
			s := newSession(t, a, nil, "touch allowed.txt")
			touch := "touch " + s.project + "/start-ran.txt"
			// The command is cut to 80 bytes in the message.
			var want, event string
			switch a.dialect {
			case "copilot":
				write(t, filepath.Join(s.project, ".github/hooks/start.json"), `{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "`+touch+`", "timeoutSec": 10}]}}`)
				want, event = `.github/hooks/start.json:1:43: warning: hooks.sessionStart[0] runs "touch `, "sessionStart"
			case "gemini-cli":
				addHook(t, filepath.Join(s.project, ".gemini/settings.json"), "SessionStart", map[string]any{"hooks": []any{map[string]any{"type": "command", "command": touch}}})
				want, event = `: warning: hooks.SessionStart[0].hooks[0] runs "touch `, "SessionStart"
			}
			validateWarns(t, s.project, want, " runs this hook itself when "+event+" fires")
			s.Run("Create allowed.txt.")
			if !s.exists("allowed.txt") {
				t.Fatal("allowed.txt: the session's command did not run")
			}
			if !s.exists("start-ran.txt") {
				t.Errorf("start-ran.txt: %s@%s no longer runs a repository's SessionStart hook: docs/agents and hookrun's warning want a look", a.pkg, a.version)
			}
		})
	}
}

// addHook adds a group to event's list in the settings file at path.
func addHook(t *testing.T, path, event string, group map[string]any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	hooks, _ := doc["hooks"].(map[string]any)
	list, _ := hooks[event].([]any)
	hooks[event] = append(list, group)
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	write(t, path, string(out))
}
