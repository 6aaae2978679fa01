package emit

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exitcode"
	"github.com/hookrun/hookrun/internal/project"
)

// signalsAt is a process whose SIGTERM comes when ctx is canceled.
type signalsAt struct{ ctx context.Context }

func (s signalsAt) Interruptible() (context.Context, func()) { return s.ctx, func() {} }
func (signalsAt) Caught()                                    {}

// A SIGTERM while emit parses, loads declarations, reads a command's
// paths, reads the agent's settings for its timeout, chooses hooks or
// runs rules ends emit at once with its answer
// (143, or under --dialect the agent's block), without waiting for the
// phase: work that watches no signal can take longer than the grace an
// agent gives before it kills hookrun, and a killed hookrun lets the call
// through. Each phase is held from the moment the signal comes until emit
// has returned; an emit that waited for it would fail after a minute.
func TestSignalEndsEveryPhaseAtOnce(t *testing.T) {
	dir := t.TempDir()
	hooks := filepath.Join(dir, ".system", "hooks")
	if err := os.MkdirAll(hooks, 0o755); err != nil {
		t.Fatal(err)
	}
	decl := "id: no_rm\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nmatch: {ability_scope: shell}\n" +
		"handler:\n  kind: rules\n  rules:\n    - {decision: deny, reason: no rm -rf, commands: [rm -rf]}\n"
	if err := os.WriteFile(filepath.Join(hooks, "no_rm.yaml"), []byte(decl), 0o644); err != nil {
		t.Fatal(err)
	}
	// A script hook too: the agent's settings, whose timeout bounds the
	// handlers, are read only when a hook runs a handler that can wait.
	withScript := filepath.Join(dir, "with_script", ".system", "hooks")
	if err := os.MkdirAll(withScript, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"no_rm.yaml": decl,
		"wait.yaml": "id: wait\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler: {kind: script, command: ./wait.sh}\n"} {
		if err := os.WriteFile(filepath.Join(withScript, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	plain := `{"event_type":"PreAbilityCall","ability_id":"shell","caller":{"source":"ai_session"},"command":"rm -rf x"}`
	claude := `{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"Bash","tool_input":{"command":"rm -rf x"}}`
	deny := `"permissionDecision":"deny","permissionDecisionReason":"hookrun could not check this call, so it is blocked: interrupted by SIGTERM before its hooks finished"`
	for _, tc := range []struct {
		phase, dialect, payload string
		code                    int
		err, stdout             string
	}{
		{"parse", "", plain, exitcode.Terminated, "interrupted by SIGTERM: while reading the context; no hook ran and no result was printed", ""},
		{"load", "", plain, exitcode.Terminated, "interrupted by SIGTERM: while loading the hook declarations; no hook ran and no result was printed", ""},
		{"paths", "", plain, exitcode.Terminated, "interrupted by SIGTERM: while reading the paths of the call; no hook ran and no result was printed", ""},
		{"match", "", plain, exitcode.Terminated, "interrupted by SIGTERM: running handlers were stopped and no result was printed", ""},
		{"rules", "", plain, exitcode.Terminated, "interrupted by SIGTERM: running handlers were stopped and no result was printed", ""},
		{"parse", "claude-code", claude, exitcode.AgentBlock, "hookrun could not tell what the agent asked, so it blocks the action (exit 2)", ""},
		{"env", "claude-code", claude, exitcode.OK, "", deny},
		{"load", "claude-code", claude, exitcode.OK, "", deny},
		{"paths", "claude-code", claude, exitcode.OK, "", deny},
		{"match", "claude-code", claude, exitcode.OK, "", deny},
		{"rules", "claude-code", claude, exitcode.OK, "", deny},
		{"settings", "claude-code", claude, exitcode.OK, "", deny},
	} {
		t.Run(tc.phase+"/"+tc.dialect, func(t *testing.T) {
			ctx, cancel := context.WithCancelCause(context.Background())
			defer cancel(nil)
			started, returned, held := make(chan struct{}), make(chan struct{}), make(chan bool, 1)
			defer func(f func(string)) { phaseStarted = f }(phaseStarted)
			phaseStarted = func(p string) {
				if p != tc.phase {
					return
				}
				close(started)
				cancel(Interrupt{Signal: syscall.SIGTERM})
				select {
				case <-returned:
					held <- true
				case <-time.After(time.Minute):
					held <- false
				}
			}
			cwd, hd := dir, hooks
			if tc.phase == "settings" {
				cwd, hd = filepath.Dir(filepath.Dir(withScript)), withScript
			}
			var stdout, stderr bytes.Buffer
			code, err := Main(Request{Dialect: tc.dialect, Summary: "never", AuditLog: "off",
				Dirs:  project.Dirs{Cwd: cwd, HooksDir: hd},
				Stdin: strings.NewReader(tc.payload), Stdout: &stdout, Stderr: &stderr, Signals: signalsAt{ctx}})
			close(returned)
			select {
			case <-started:
			default:
				t.Fatalf("phase %s never started (exit %d, %v)", tc.phase, code, err)
			}
			if !<-held {
				t.Fatalf("emit waited a minute for phase %s to end after the signal", tc.phase)
			}
			checkAnswer(t, code, err, stdout.String(), tc.code, tc.err, tc.stdout)
		})
	}
}

// checkAnswer compares what Main returned and printed with what a test
// wants: the exit code, an error holding wantErr ("" for none), and a
// stdout holding wantStdout ("" for an empty one).
func checkAnswer(t *testing.T, code int, err error, stdout string, wantCode int, wantErr, wantStdout string) {
	t.Helper()
	if code != wantCode {
		t.Errorf("exit %d (%v), want %d", code, err, wantCode)
	}
	if wantErr == "" && err != nil || wantErr != "" && (err == nil || !strings.Contains(err.Error(), wantErr)) {
		t.Errorf("error %v, want one containing %q", err, wantErr)
	}
	if wantStdout == "" && stdout != "" || !strings.Contains(stdout, wantStdout) {
		t.Errorf("stdout %q, want %q", stdout, wantStdout)
	}
}

// goroutineID is the number runtime.Stack names the calling goroutine by.
func goroutineID() string {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	id, _, _ := strings.Cut(strings.TrimPrefix(string(buf), "goroutine "), " ")
	return id
}

// Phases run one after another on one goroutine, the phase worker, whose
// stack grows once; a phase that finds the worker still held by one whose
// ctx ended (a signal came) runs at once on a goroutine of its own, and
// the worker serves phases again once it is free.
func TestPhasesShareOneGoroutineUnlessItIsHeld(t *testing.T) {
	workerIdle := func() {
		deadline := time.Now().Add(time.Minute) // a phase an earlier test held may still be ending
		for phases.busy.Load() && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
	}
	workerIdle()
	first, _ := inPhase(t.Context(), "a", goroutineID)
	second, _ := inPhase(t.Context(), "b", goroutineID)
	if first != second || first == goroutineID() {
		t.Fatalf("phases ran on goroutines %s and %s (caller %s), want one worker apart from the caller", first, second, goroutineID())
	}
	release := make(chan struct{})
	ended, cancel := context.WithCancel(t.Context())
	cancel()
	held := make(chan struct{})
	go func() {
		defer close(held)
		// ctx already ended: inPhase returns at once and does not start f.
		if _, ok := inPhase(ended, "ended", func() bool { return true }); ok {
			t.Error("inPhase on an ended ctx reported ok")
		}
	}()
	<-held
	// Hold the worker with a phase its caller gives up on.
	giveUp, stop := context.WithCancel(t.Context())
	started := make(chan struct{})
	go func() {
		_, _ = inPhase(giveUp, "held", func() string { close(started); <-release; return "" })
	}()
	<-started
	stop()
	other, ok := inPhase(t.Context(), "c", goroutineID)
	if !ok || other == first {
		t.Fatalf("with the worker held, a phase ran on %s (ok %v), want a goroutine of its own, not the worker %s", other, ok, first)
	}
	close(release)
	workerIdle()
	if again, _ := inPhase(t.Context(), "d", goroutineID); again != first {
		t.Errorf("once free, the worker did not serve the next phase: it ran on %s, want %s", again, first)
	}
}

// A phase whose work ends its goroutine (runtime.Goexit, as t.FailNow does) takes the worker
// with it; the next phase still runs, on a worker that took its place.
func TestPhaseAfterGoexitStillRuns(t *testing.T) {
	exited := make(chan struct{})
	go func() {
		defer close(exited)
		_, _ = inPhase(t.Context(), "goexit", func() bool {
			runtime.Goexit()
			return true
		})
	}()
	select {
	case <-exited:
	case <-time.After(time.Minute):
		t.Fatal("the phase that called Goexit never returned")
	}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	if v, ok := inPhase(ctx, "after", func() int { return 7 }); !ok || v != 7 {
		t.Fatalf("the next phase: %d, ok %v; want 7, true", v, ok)
	}
}

// A SIGTERM that comes after the last handler ended, while emit ends the
// processes they left behind, is answered as one that comes earlier: no
// result (143), or under --dialect the agent's block. Before, emit went on
// to print its result as if no signal had come.
func TestSignalAfterTheHandlersIsAnswered(t *testing.T) {
	dir := t.TempDir()
	hooks := filepath.Join(dir, ".system", "hooks")
	if err := os.MkdirAll(hooks, 0o755); err != nil {
		t.Fatal(err)
	}
	decl := "id: ok\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler: {kind: script, command: \"echo '{}'\"}\n"
	if err := os.WriteFile(filepath.Join(hooks, "ok.yaml"), []byte(decl), 0o644); err != nil {
		t.Fatal(err)
	}
	plain := `{"event_type":"PreAbilityCall","ability_id":"shell","caller":{"source":"ai_session"},"command":"ls"}`
	claude := `{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"Bash","tool_input":{"command":"ls"}}`
	for _, tc := range []struct {
		dialect, payload string
		code             int
		err, stdout      string
	}{
		{"", plain, exitcode.Terminated, "interrupted by SIGTERM: after its handlers ended, while it ended the processes they left behind; no result was printed", ""},
		{"claude-code", claude, exitcode.OK, "", `"permissionDecision":"deny"`},
	} {
		t.Run("dialect="+tc.dialect, func(t *testing.T) {
			ctx, cancel := context.WithCancelCause(context.Background())
			defer cancel(nil)
			defer func(f func(context.Context, *event.Context, []*config.Hook, Options) Outcome, own bool) {
				runHooks, OwnOrphans = f, own
			}(runHooks, OwnOrphans)
			OwnOrphans = false
			runHooks = func(c context.Context, e *event.Context, h []*config.Hook, o Options) Outcome {
				out := Run(c, e, h, o)
				cancel(Interrupt{Signal: syscall.SIGTERM})
				return out
			}
			var stdout, stderr bytes.Buffer
			code, err := Main(Request{Dialect: tc.dialect, Summary: "never", AuditLog: "off",
				Dirs:  project.Dirs{Cwd: dir, HooksDir: hooks},
				Stdin: strings.NewReader(tc.payload), Stdout: &stdout, Stderr: &stderr, Signals: signalsAt{ctx}})
			checkAnswer(t, code, err, stdout.String(), tc.code, tc.err, tc.stdout)
		})
	}
}

// A phase that runs past what is left of ReadLimit, or past the agent's
// deadline, ends emit like a signal would, but with a block: exit 1 for a
// plain caller, the agent's deny under --dialect, and a reason that says
// which reading took too long. Before, hookrun waited for the phase, and a
// line built to be slow to read (thousands of cd's) kept it busy past the
// agent's timeout, which then let the call through.
func TestSlowPhaseBlocks(t *testing.T) {
	dir := t.TempDir()
	hooks := filepath.Join(dir, ".system", "hooks")
	if err := os.MkdirAll(hooks, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(hooks, "no_rm.yaml"), []byte("id: no_rm\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nmatch: {ability_scope: shell}\n"+
		"handler:\n  kind: rules\n  rules:\n    - {decision: deny, reason: no rm -rf, commands: [rm -rf]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The http hook is declared for the request phase's case only: elsewhere its request, built on
	// a goroutine of its own beside the held phase, could be the one over the memory limit, and
	// could still be running when the case ends and the next one sets phaseStarted.
	policy := filepath.Join(hooks, "policy.yaml")
	const policyText = "id: policy\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nmatch: {ability_scope: shell}\n" +
		"handler: {kind: http, url: \"http://127.0.0.1:9/v1/data/hookrun/result\"}\n"
	// The agent waits 1 s for hookrun: it must answer within 0.5 s of that.
	claudeDir := filepath.Join(dir, "agent")
	if err := os.MkdirAll(filepath.Join(claudeDir, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(hooks, filepath.Join(claudeDir, "hooks")); err != nil {
		t.Fatal(err)
	}
	entry := `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"hookrun emit --dialect claude-code","timeout":1}]}]}}`
	if err := os.WriteFile(filepath.Join(claudeDir, ".claude", "settings.json"), []byte(entry), 0o644); err != nil {
		t.Fatal(err)
	}
	plain := `{"event_type":"PreAbilityCall","ability_id":"shell","caller":{"source":"ai_session"},"command":"rm -rf x"}`
	claude := `{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"Bash","tool_input":{"command":"rm -rf x"}}`
	const tail = " in time (the 200ms hookrun allows itself to read a call), so the call is blocked and no hook's answer was taken: a command line this costly to read (thousands of commands or cd's) must be split, or run by a person"
	const filesTail = " in time (the 200ms hookrun allows itself to read a call), so the call is blocked and no hook's answer was taken: the files hookrun reads before the call's own (the context, the hook declarations, the agent's settings) are too large or too slow to read: look for a slow or network file system, or a machine out of memory"
	agentTail := " in time (that was all that was left of the 500ms hookrun keeps for its handlers, short of the 1s claude-code waits for it (the timeout in .claude/settings.json): the agent would let the call through once that passed), so the call is blocked"
	for _, tc := range []struct {
		phase, dialect, payload string
		limit                   time.Duration
		code                    int
		err, stdout             string
	}{
		{"parse", "", plain, 200 * time.Millisecond, exitcode.Error, "hookrun could not finish reading the context" + filesTail, ""},
		{"load", "", plain, 200 * time.Millisecond, exitcode.Error, "hookrun could not finish loading the hook declarations" + filesTail, ""},
		{"paths", "", plain, 200 * time.Millisecond, exitcode.Error, "hookrun could not finish reading the paths the call names" + tail, ""},
		{"match", "", plain, 200 * time.Millisecond, exitcode.Error, "hookrun could not finish choosing the hooks" + tail, ""},
		{"rules", "", plain, 200 * time.Millisecond, exitcode.Error, "hookrun could not finish checking the call against the rules hooks" + tail, ""},
		{"request", "", plain, 200 * time.Millisecond, exitcode.Error, "hookrun could not finish building an http hook's request from the call" + tail, ""},
		{"paths", "claude-code", claude, 200 * time.Millisecond, exitcode.OK, "",
			`"permissionDecision":"deny","permissionDecisionReason":"hookrun could not check this call, so it is blocked: hookrun could not finish reading the paths the call names` + tail},
		{"rules", "claude-code", claude, 200 * time.Millisecond, exitcode.OK, "",
			`"permissionDecision":"deny","permissionDecisionReason":"hookrun could not check this call, so it is blocked: hookrun could not finish checking the call against the rules hooks` + tail},
		// ReadLimit is longer than the agent waits: the agent's deadline,
		// read once the phase has run a while, ends it.
		{"paths", "claude-code/agent", claude, time.Minute, exitcode.OK, "",
			`"permissionDecisionReason":"hookrun could not check this call, so it is blocked: hookrun could not finish reading the paths the call names` + agentTail},
		// A phase that makes hookrun hold more than MemoryLimit (here
		// 4 MiB above what the heap held before; the held phase holds 8)
		// ends as soon as it is counted.
		{"rules", "memory", plain, time.Minute, exitcode.Error, "hookrun could not finish checking the call against the rules hooks within the %d MiB of memory hookrun allows itself to read a call, so the call is blocked", ""},
	} {
		t.Run(tc.phase+"/"+tc.dialect, func(t *testing.T) {
			if tc.phase == "request" {
				if err := os.WriteFile(policy, []byte(policyText), 0o644); err != nil {
					t.Fatal(err)
				}
				defer os.Remove(policy)
			}
			defer func(l time.Duration, m uint64) { ReadLimit, MemoryLimit = l, m }(ReadLimit, MemoryLimit)
			ReadLimit = tc.limit
			started, returned, held := make(chan struct{}), make(chan struct{}), make(chan bool, 1)
			defer func(f func(string)) { phaseStarted = f }(phaseStarted)
			hold := 0
			if tc.dialect == "memory" {
				// What the heap holds now, earlier tests' garbage
				// collected, and 4 MiB more: the phases before the held
				// one stay below it however long they run; the held one
				// goes 4 MiB past it.
				runtime.GC()
				MemoryLimit, tc.dialect, hold = heapBytes()+4<<20, "", 8<<20
				tc.err = fmt.Sprintf(tc.err, MemoryLimit>>20)
			}
			phaseStarted = func(p string) {
				if p != tc.phase {
					return
				}
				close(started)
				buf := make([]byte, hold)
				select {
				case <-returned:
					held <- true
				case <-time.After(time.Minute):
					held <- false
				}
				runtime.KeepAlive(buf)
			}
			cwd, hd, dia := dir, hooks, tc.dialect
			if strings.HasSuffix(tc.dialect, "/agent") {
				cwd, hd, dia = claudeDir, filepath.Join(claudeDir, "hooks"), strings.TrimSuffix(tc.dialect, "/agent")
			}
			var stdout, stderr bytes.Buffer
			began := time.Now()
			code, err := Main(Request{Dialect: dia, Summary: "never", AuditLog: "off",
				Dirs:  project.Dirs{Cwd: cwd, HooksDir: hd},
				Stdin: strings.NewReader(tc.payload), Stdout: &stdout, Stderr: &stderr, Signals: signalsAt{context.Background()}})
			took := time.Since(began)
			close(returned)
			select {
			case <-started:
			default:
				t.Fatalf("phase %s never started (exit %d, %v)", tc.phase, code, err)
			}
			if !<-held {
				t.Fatalf("emit waited a minute for phase %s", tc.phase)
			}
			if took > 30*time.Second {
				t.Errorf("emit took %s", took)
			}
			checkAnswer(t, code, err, stdout.String(), tc.code, tc.err, tc.stdout)
		})
	}
}
