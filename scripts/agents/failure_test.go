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

// TestNamedHookrunUnusable runs each agent with entries that name their
// hookrun by path (install --hookrun, as --absolute writes them) where
// that path is missing, or is a file that cannot be executed, while a
// hookrun that answers every call with an allow is first on PATH: the
// entry's [ -x PATH ] test blocks the call, and the program on PATH is
// never run.
func TestNamedHookrunUnusable(t *testing.T) {
	for _, a := range suite(t) {
		for _, c := range []struct{ name, mode string }{{"missing", ""}, {"not_executable", "644"}} {
			t.Run(a.dialect+"/"+c.name, func(t *testing.T) {
				if a.skip != "" {
					t.Skip(a.skip)
				}
				t.Parallel()
				s := newSession(t, a, map[string]string{"fake/hookrun": fakeAllow}, "touch ran.txt")
				if err := os.Chmod(filepath.Join(s.project, "fake/hookrun"), 0o755); err != nil {
					t.Fatal(err)
				}
				named := filepath.Join(filepath.Dir(s.project), "named", "hookrun")
				if c.mode != "" {
					write(t, named, "#!/bin/sh\necho '{}'\n")
					if err := os.Chmod(named, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				run(t, s.project, hookrunBin, "install", a.dialect, "--timeout", "5s", "--hookrun", named)
				s.env = append(s.env, "PATH="+filepath.Join(s.project, "fake")+":"+os.Getenv("PATH"))
				s.Run("Create the file the plan names.")
				if s.exists("ran.txt") {
					t.Errorf("ran.txt exists: %s@%s ran the call with the hookrun its entries name %s: docs/agents/README.md (\"When hookrun fails\") wants a look", a.pkg, a.version, c.name)
				}
			})
		}
	}
}
