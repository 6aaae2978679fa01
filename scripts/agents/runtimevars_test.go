package agents

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A runtimeVarsFile is a file of the repository's that sets variables:
// GOMAXPROCS=50000 and GOGC=1, which Go's runtime reads before hookrun's
// main (unchecked, GOMAXPROCS=50000 took hookrun 53 s and killed it, past
// the agent's timeout), and SUITE_MARK, which shows whether the file
// reached the hooks. reaches: the agent gives its hooks the file's
// variables (docs/agents); measured on the pinned versions.
type runtimeVarsFile struct {
	file, body string
	reaches    bool
}

var runtimeVarsFrom = map[string]runtimeVarsFile{
	"claude-code": {".claude/settings.local.json", `{"env": {"GOMAXPROCS": "50000", "GOGC": "1", "SUITE_MARK": "from-the-repository"}}`, true},
	"gemini-cli":  {".gemini/.env", "GOMAXPROCS=50000\nGOGC=1\nSUITE_MARK=from-the-repository\n", true},
	// The variables a project gives the model's commands do not reach
	// Codex's hooks (0.171.0).
	"codex": {".codex/config.toml", "[shell_environment_policy]\nset = { GOMAXPROCS = \"50000\", GOGC = \"1\", SUITE_MARK = \"from-the-repository\" }\n", false},
	// Neither OpenCode (its plugins spawn hookrun) nor Copilot CLI loads a
	// project's .env into its hooks' environment (1.18.33, 1.0.102).
	"opencode": {".env", "GOMAXPROCS=50000\nGOGC=1\nSUITE_MARK=from-the-repository\n", false},
	"copilot":  {".env", "GOMAXPROCS=50000\nGOGC=1\nSUITE_MARK=from-the-repository\n", false},
}

const envRecorder = `id: env_record
event_type: PreAbilityCall
enabled: true
blocking: false
handler:
  kind: script
  command: ./env.sh
`

// The entries install writes unset Go's runtime variables before hookrun:
// with the repository's GOMAXPROCS=50000 in the hooks' environment, the
// guard still answers, the denied call does not run, and the model reads
// why; a handler sees the repository's other variables, not GOMAXPROCS.
func TestRepositoryRuntimeVars(t *testing.T) {
	eachAgent(t, runtimeVarsFrom, func(t *testing.T, a *agent, from runtimeVarsFile) {
		s := newSession(t, a, map[string]string{
			".system/hooks/env_record.yaml": envRecorder,
			"env.sh":                        "#!/bin/sh\nmkdir -p .records && env >>.records/env.txt && cat >/dev/null && echo '{}'\n",
		}, "touch forbidden.txt")
		if err := os.Chmod(filepath.Join(s.project, "env.sh"), 0o755); err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(s.project, from.file), from.body)
		s.Run("Create forbidden.txt.")
		if s.exists("forbidden.txt") {
			t.Errorf("forbidden.txt: the denied command ran with %s in %s", from.body, from.file)
		}
		contains(t, "request after the denied call", s.Turn(1).Text, "forbidden files are not touched (hookrun: shell_guard)")
		env, err := os.ReadFile(filepath.Join(s.project, ".records", "env.txt"))
		if err != nil {
			t.Fatalf("the env_record hook did not run: %v", err)
		}
		lines := "\n" + string(env)
		switch marked := strings.Contains(lines, "\nSUITE_MARK=from-the-repository\n"); {
		case from.reaches && !marked:
			t.Errorf("%s@%s no longer gives hooks the variables of %s (SUITE_MARK is missing): check docs/agents", a.pkg, a.version, from.file)
		case !from.reaches && marked:
			t.Errorf("%s@%s now gives hooks the variables of %s (SUITE_MARK is there): docs/agents and hookrun's check of project variables (settings.Agent.EnvFrom) want a look", a.pkg, a.version, from.file)
		}
		for _, name := range []string{"GOMAXPROCS", "GOGC"} {
			if strings.Contains(lines, "\n"+name+"=") {
				t.Errorf("a handler got the repository's %s", name)
			}
		}
	})
}
