package agents

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// hookrunFailure is a way the hookrun an entry runs fails on a tool call:
// what a stand-in for it does instead of answering (the stand-in passes
// every other payload to the real hookrun), and, by agent, whether the
// agent ran the call then (measured on the pinned versions).
type hookrunFailure struct {
	name, does string
	ran        map[string]bool
}

// hookrunFailures: hookrun never does these of its own accord (a panic is
// answered as an error, docs/agents/README.md "When hookrun fails"); they
// are what a killed or broken hookrun, or another program named hookrun,
// leaves, and what each agent makes of it. Measured on Claude Code
// 2.1.332, Codex 0.171.0, Gemini CLI 0.61.0, OpenCode 1.18.33 and Copilot
// CLI 1.0.102; an agent that is not named blocked the call.
var hookrunFailures = []hookrunFailure{
	// Exit 1 is a non-blocking error to Claude Code, Codex and Gemini CLI:
	// their entries' shell turns it into exit 2 with a reason; Copilot
	// CLI's entry answers a deny for it.
	{"exit_1", "echo 'hookrun: broken' >&2; exit 1", nil},
	// Go's runtime ends a crashed program with exit 2: a block everywhere.
	{"go_crash", "echo 'fatal error: out of memory' >&2; exit 2", nil},
	// SIGKILL, the out-of-memory killer: as exit 1.
	{"killed", "kill -9 $$", nil},
	// Exit 0 with no answer the agent can read, which each agent but
	// OpenCode took for an allow with entries that checked only hookrun's
	// exit status: the entries' answer check blocks it, as OpenCode's
	// plugin, which reads the answer itself, does.
	{"garbage", "echo '{\"not\": an answer'; exit 0", nil},
	{"silent", "exit 0", nil},
	// Past the entry's timeout (5 s): the agent ends the entry and runs
	// the call; OpenCode's plugin blocks it.
	{"timed_out", "sleep 30", ranButOpenCode},
	// No hookrun on PATH: install's entries block (the prompt, here).
	{"missing", "", nil},
}

var (
	ranButOpenCode = map[string]bool{"claude-code": true, "codex": true, "gemini-cli": true, "copilot": true}
)

// TestHookrunFailures runs each agent with its entries as install wrote
// them (with --timeout 5s) and a stand-in hookrun that fails on the
// shell call "touch ran.txt"; "missing" runs it with no hookrun on PATH.
func TestHookrunFailures(t *testing.T) {
	if found, err := exec.LookPath("hookrun"); err == nil {
		t.Skipf("hookrun is on PATH (%s): the sessions without it would find it", found)
	}
	for _, a := range suite(t) {
		for _, f := range hookrunFailures {
			t.Run(a.dialect+"/"+f.name, func(t *testing.T) {
				if a.skip != "" {
					t.Skip(a.skip)
				}
				t.Parallel()
				s := newSession(t, a, nil, "touch ran.txt")
				run(t, s.project, hookrunBin, "install", a.dialect, "--timeout", "5s")
				bin := filepath.Join(filepath.Dir(s.project), "bin")
				if f.does != "" {
					script := "#!/bin/sh\npayload=$(cat)\ncase $payload in\n*ran.txt*) " + f.does + " ;;\nesac\nprintf '%s' \"$payload\" | exec " + hookrunBin + " \"$@\"\n"
					write(t, filepath.Join(bin, "hookrun"), script)
					if err := os.Chmod(filepath.Join(bin, "hookrun"), 0o755); err != nil {
						t.Fatal(err)
					}
				}
				// The last PATH wins: the stand-in's directory, or none.
				s.env = append(s.env, "PATH="+bin+":"+os.Getenv("PATH"))
				s.Run("Create the file the plan names.")
				if got, want := s.exists("ran.txt"), f.ran[a.dialect]; got != want {
					t.Errorf("ran.txt exists = %v, want %v: %s@%s with a hookrun that %s: docs/agents/README.md (\"When hookrun fails\") wants a look", got, want, a.pkg, a.version, f.name)
				}
			})
		}
	}
}
