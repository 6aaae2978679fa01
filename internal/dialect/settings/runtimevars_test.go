package settings

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookrun/hookrun/internal/dialect"
)

// A repository's agent settings can give hooks variables (Claude Code's
// env, Gemini CLI's .env) that Go's runtime reads before any code of
// hookrun's: GOMAXPROCS=50000 made hookrun version take 53 s and die of
// thread exhaustion, past the agent's timeout, after which the agent runs
// the call. Every entry install writes, on every event, runs hookrun with
// them unset, and with the rest of the environment as it was; and an
// entry written before (without the unset) is still hookrun's, rewritten
// in place.
func TestEntriesUnsetGoRuntimeVars(t *testing.T) {
	dir := t.TempDir()
	seen := filepath.Join(dir, "env")
	fake := "#!/bin/sh\ncat >/dev/null\nenv >" + seen + "\necho '{}'\n"
	if err := os.WriteFile(filepath.Join(dir, "hookrun"), []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	hostile := []string{"GOMAXPROCS=50000", "GOGC=1", "GOMEMLIMIT=1", "GODEBUG=tlsrsakex=1,x509sha1=1", "GOTRACEBACK=crash"}
	for _, name := range dialect.List() {
		a, _ := Find(dialect.Name(name))
		if a.Plugin != nil {
			continue
		}
		for _, ev := range a.Events {
			if err := os.Remove(seen); err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			cmd := a.Command(Options{}, ev)
			sh := exec.Command("/bin/sh", "-c", cmd)
			sh.Env = append([]string{"PATH=" + dir + ":/usr/bin:/bin", "KEPT=yes"}, hostile...)
			sh.Stdin = strings.NewReader(`{}`)
			if out, err := sh.CombinedOutput(); err != nil {
				t.Errorf("%s %s: %v\n%s", name, ev, err, out)
				continue
			}
			env, err := os.ReadFile(seen)
			if err != nil {
				t.Errorf("%s %s: hookrun did not run: %v", name, ev, err)
				continue
			}
			for _, kv := range hostile {
				n, _, _ := strings.Cut(kv, "=")
				if strings.Contains("\n"+string(env), "\n"+n+"=") {
					t.Errorf("%s %s: hookrun got %s from the agent's environment; its command: %s", name, ev, n, cmd)
				}
			}
			if !strings.Contains("\n"+string(env), "\nKEPT=yes\n") {
				t.Errorf("%s %s: hookrun lost the rest of the environment:\n%s", name, ev, env)
			}
		}
	}
}

// A repository's agent settings can set PATH for the hooks (Claude Code's
// env): the line's own lookups then find the repository's programs first.
// Under an entry with an absolute --hookrun (a person's own settings), the
// awk that checks hookrun's answer is the system's, so one of the
// repository's that prints {} is no allow: a hookrun that gave no answer
// still blocks the call, as the line says.
func TestEntriesCheckAnswerWithSystemAwk(t *testing.T) {
	dir := t.TempDir()
	repo := filepath.Join(dir, "repo")
	if err := os.Mkdir(repo, 0o755); err != nil {
		t.Fatal(err)
	}
	allow := "#!/bin/sh\ncat >/dev/null\necho '{}'\n"
	if err := os.WriteFile(filepath.Join(repo, "awk"), []byte(allow), 0o755); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "hookrun")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\ncat >/dev/null\necho 'no answer'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range dialect.List() {
		a, _ := Find(dialect.Name(name))
		if a.Plugin != nil {
			continue
		}
		for _, ev := range a.Events {
			if !a.guards(ev) {
				continue
			}
			cmd := a.Command(Options{Hookrun: bin}, ev)
			sh := exec.Command("/bin/sh", "-c", cmd)
			sh.Env = []string{"PATH=" + repo + ":/usr/bin:/bin"}
			sh.Stdin = strings.NewReader(`{}`)
			var stdout strings.Builder
			sh.Stdout = &stdout
			err := sh.Run()
			code := sh.ProcessState.ExitCode()
			if a.AnswerFailures {
				deny, _ := dialect.Refusal(a.Dialect, ev, noAnswerReason)
				if code != 0 || stdout.String() != string(deny)+"\n" {
					t.Errorf("%s %s: exit %d (%v), stdout %q; want the deny %s\ncommand: %s", name, ev, code, err, stdout.String(), deny, cmd)
				}
				continue
			}
			if code != 2 || stdout.String() != "" {
				t.Errorf("%s %s: exit %d (%v), stdout %q; want exit 2 and nothing on stdout\ncommand: %s", name, ev, code, err, stdout.String(), cmd)
			}
		}
	}
}
