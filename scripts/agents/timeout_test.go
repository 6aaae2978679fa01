package agents

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// defaultWaits are the agents whose own default for a hook entry with no
// timeout is short enough to run here, with the settings key it replaces
// and what hookrun's reason says of it (docs/agents/README.md, "When
// hookrun fails"). Claude Code and Codex wait 10 minutes.
var defaultWaits = map[string]defaultWait{
	"copilot":    {".github/hooks/hookrun.json", "timeoutSec", "short of the 30s copilot waits for it (its default for a hook with no timeoutSec"},
	"gemini-cli": {".gemini/settings.json", "timeout", "short of the 1m0s gemini-cli waits for it (its default for a hook with no timeout"},
}

// defaultWait is where an agent's settings hold an entry's timeout, and
// what hookrun's reason says of the agent's default wait.
type defaultWait struct{ file, key, want string }

// slowGuard is a guard on every shell call that outlasts any agent's wait.
var slowGuard = map[string]string{".system/hooks/slow_guard.yaml": "id: slow_guard\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\non_error: block\nmatch: {ability_scope: shell}\nhandler: {kind: script, command: sleep 200, timeout: 180s}\n"}

// A hand-written entry with no timeout: the agent waits its own default for
// hookrun and then lets the call through (measured with a hookrun that did
// not know the default: Copilot CLI 1.0.102 ran the call after 30 s,
// Gemini CLI 0.61.0 after 60 s).
// hookrun ends a slower guard before that and denies the call.
func TestEntryWithNoTimeout(t *testing.T) {
	eachAgent(t, defaultWaits, func(t *testing.T, a *agent, dw defaultWait) {
		s := newSession(t, a, slowGuard, "touch slow.txt")
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

// Where hookrun's Codex entry lives, and whether hookrun knows the timeout
// Codex kills it at: Codex runs the hooks of every config layer, the
// project's .codex/hooks.json and .codex/config.toml [hooks] and the same
// two files in CODEX_HOME, and a hook its timeout ends lets the call run
// (TestHookrunFailures). Each session moves hookrun's PreToolUse entry
// there with a 5 s timeout, beside a guard slower than that: hookrun must
// end the guard and deny before Codex ends hookrun.
var codexEntryPlaces = []struct{ name, file string }{
	{"project_hooks_json", "project/.codex/hooks.json"},
	{"project_config_toml", "project/.codex/config.toml"},
	{"home_hooks_json", "home/.codex/hooks.json"},
	{"home_config_toml", "home/.codex/config.toml"},
}

func TestCodexEntryTimeout(t *testing.T) {
	for _, a := range suite(t) {
		if a.dialect != "codex" {
			continue
		}
		for _, p := range codexEntryPlaces {
			t.Run(p.name, func(t *testing.T) {
				if a.skip != "" {
					t.Skip(a.skip)
				}
				t.Parallel()
				s := newSession(t, a, slowGuard, "touch slow.txt")
				installed := filepath.Join(s.project, ".codex", "hooks.json")
				data, err := os.ReadFile(installed)
				if err != nil {
					t.Fatal(err)
				}
				var doc struct {
					Hooks map[string][]struct {
						Hooks []struct{ Command string }
					}
				}
				if err := json.Unmarshal(data, &doc); err != nil {
					t.Fatal(err)
				}
				command := doc.Hooks["PreToolUse"][0].Hooks[0].Command
				if err := os.Remove(installed); err != nil {
					t.Fatal(err)
				}
				dst := filepath.Join(filepath.Dir(s.project), p.file)
				if strings.HasSuffix(dst, ".json") {
					entry, _ := json.Marshal(map[string]any{"hooks": map[string]any{"PreToolUse": []any{map[string]any{"hooks": []any{
						map[string]any{"type": "command", "command": command, "timeout": 5}}}}}})
					write(t, dst, string(entry))
				} else {
					quoted, _ := json.Marshal(command) // a TOML basic string too
					toml := "\n[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = " + string(quoted) + "\ntimeout = 5\n"
					if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
						t.Fatal(err)
					}
					s.appends = map[string]string{dst: toml}
				}
				s.Run("Create slow.txt.")
				if s.exists("slow.txt") {
					t.Errorf("slow.txt: %s@%s ran the call: it ended hookrun's entry in %s at its 5 s timeout before hookrun denied", a.pkg, a.version, p.file)
				}
				contains(t, "request after the call", s.Turn(1).Text, "short of the 5s codex waits for it")
			})
		}
	}
}
