package agents

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// defaultWaits are the agents whose own default for a hook entry with no
// timeout is short enough to run here, with the settings key it replaces
// and what hookrun's reason says of it (docs/agents/README.md, "When
// hookrun fails"). Claude Code and Codex wait 10 minutes.
var defaultWaits = map[string]struct{ file, key, want string }{
	"copilot":    {".github/hooks/hookrun.json", "timeoutSec", "short of the 30s copilot waits for it (its default for a hook with no timeoutSec"},
	"gemini-cli": {".gemini/settings.json", "timeout", "short of the 1m0s gemini-cli waits for it (its default for a hook with no timeout"},
}

// A hand-written entry with no timeout: the agent waits its own default for
// hookrun and then lets the call through (measured with a hookrun that did
// not know the default: Copilot CLI 1.0.102 ran the call after 30 s,
// Gemini CLI 0.61.0 after 60 s).
// hookrun ends a slower guard before that and denies the call.
func TestEntryWithNoTimeout(t *testing.T) {
	for _, a := range suite(t) {
		dw, ok := defaultWaits[a.dialect]
		if !ok {
			continue
		}
		t.Run(a.dialect, func(t *testing.T) {
			if a.skip != "" {
				t.Skip(a.skip)
			}
			t.Parallel()
			slow := map[string]string{".system/hooks/slow_guard.yaml": "id: slow_guard\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\non_error: block\nmatch: {ability_scope: shell}\nhandler: {kind: script, command: sleep 200, timeout: 180s}\n"}
			s := newSession(t, a, slow, "touch slow.txt")
			path := filepath.Join(s.project, dw.file)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var doc any
			if err := json.Unmarshal(data, &doc); err != nil {
				t.Fatal(err)
			}
			dropKey(doc, dw.key)
			data, _ = json.Marshal(doc)
			write(t, path, string(data))
			s.Run("Create slow.txt.")
			if s.exists("slow.txt") {
				t.Errorf("slow.txt: %s@%s ran the call while hookrun's guard still ran", a.pkg, a.version)
			}
			contains(t, "request after the call", s.Turn(1).Text, dw.want)
		})
	}
}

// dropKey removes key from every object in v.
func dropKey(v any, key string) {
	switch v := v.(type) {
	case map[string]any:
		delete(v, key)
		for _, x := range v {
			dropKey(x, key)
		}
	case []any:
		for _, x := range v {
			dropKey(x, key)
		}
	}
}
