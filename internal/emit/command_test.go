package emit

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exitcode"
	"github.com/hookrun/hookrun/internal/project"
	"io"
	"time"
)

// noSignals is a process whose signals are already caught and never come.
type noSignals struct{}

func (noSignals) Interruptible() (context.Context, func()) { return context.Background(), func() {} }
func (noSignals) Caught()                                  {}

// panicking makes a project with one hook, ok, for the event ev, and lets
// the test replace runHooks (restored when it ends).
func panicking(t *testing.T, ev string) (dir, hooks string) {
	t.Cleanup(func(f func(context.Context, *event.Context, []*config.Hook, Options) Outcome, own bool) func() {
		return func() { runHooks, OwnOrphans = f, own }
	}(runHooks, OwnOrphans))
	OwnOrphans = false
	dir = t.TempDir()
	hooks = filepath.Join(dir, ".system", "hooks")
	if err := os.MkdirAll(hooks, 0o755); err != nil {
		t.Fatal(err)
	}
	decl := "id: ok\nevent_type: " + ev + "\nenabled: true\nblocking: true\nhandler:\n  kind: script\n  command: echo '{}'\n"
	if err := os.WriteFile(filepath.Join(hooks, "ok.yaml"), []byte(decl), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, hooks
}

// A panic anywhere in emit, on its own goroutine or a hook's, ends it with
// exit 1 and a message, never with Go's status 2 (read as deny) and never
// with a result on stdout.
func TestEmitPanicExitsOne(t *testing.T) {
	dir, hooks := panicking(t, "PromptSubmit")
	for _, tt := range []struct {
		value any
		want  string
	}{
		{"boom", "hookrun: internal error: boom; no result was printed."},
		{&Panic{HookID: "ok", Value: errors.New("index out of range"), Stack: []byte("goroutine 7")},
			"hookrun: internal error: index out of range (in hook ok); no result was printed."},
	} {
		runHooks = func(context.Context, *event.Context, []*config.Hook, Options) Outcome { panic(tt.value) }
		var stdout, stderr bytes.Buffer
		code, err := Main(Request{Event: "PromptSubmit", Summary: "never", AuditLog: "off",
			Dirs:  project.Dirs{Cwd: dir, HooksDir: hooks},
			Stdin: strings.NewReader(`{"session_id":"s1","user_raw_input":"hi"}`), Stdout: &stdout, Stderr: &stderr,
			Signals: noSignals{}})
		if code != exitcode.Error || stdout.Len() != 0 || err == nil || !strings.HasPrefix("hookrun: "+err.Error(), tt.want) {
			t.Errorf("panic(%v): exit %d, stdout %q, error %.200v; want exit 1, no stdout, %q", tt.value, code, stdout.String(), err, tt.want)
		}
	}
}

// Under --dialect a panic denies the tool call with a reason a person can read: the message, not
// the goroutine trace, which goes to stderr (a deny reason of kilobytes of trace buried it).
func TestEmitPanicUnderDialectDeniesBriefly(t *testing.T) {
	dir, hooks := panicking(t, "PreAbilityCall")
	runHooks = func(context.Context, *event.Context, []*config.Hook, Options) Outcome {
		panic(&Panic{HookID: "ok", Value: errors.New("index out of range"), Stack: []byte("goroutine 7 [running]:\nmain.f()")})
	}
	var stdout, stderr bytes.Buffer
	code, _ := Main(Request{Dialect: "claude-code", Summary: "never", AuditLog: "off",
		Dirs:   project.Dirs{Cwd: dir, HooksDir: hooks},
		Stdin:  strings.NewReader(`{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"Bash","tool_input":{"command":"ls"}}`),
		Stdout: &stdout, Stderr: &stderr, Signals: noSignals{}})
	want := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"hookrun could not check this call, so it is blocked: internal error: index out of range (in hook ok); no result was printed. This is a bug in hookrun; please report it with the trace hookrun printed on its standard error"}}` + "\n"
	if code != exitcode.OK || stdout.String() != want {
		t.Errorf("exit %d, stdout %q; want exit 0 and %q", code, stdout.String(), want)
	}
	if !strings.Contains(stderr.String(), "hookrun: internal error: index out of range (in hook ok); its trace:\ngoroutine 7 [running]:\nmain.f()") {
		t.Errorf("stderr %q, want the trace", stderr.String())
	}
}

// endless is stdin from a caller that never stops writing.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	e.n += int64(len(p))
	return len(p), nil
}

func TestEndlessContextIsNotReadToTheEnd(t *testing.T) {
	in := &endless{}
	_, err := ReadContext(context.Background(), in, "", nil)
	want := "the context on stdin is larger than the maximum of 8388608 bytes (8 MiB); no hook ran"
	if err == nil || err.Error() != want || exitcode.Of(err) != exitcode.Error {
		t.Fatalf("error %v (exit %d), want %q (exit 1)", err, exitcode.Of(err), want)
	}
	if in.n != event.MaxContextBytes+1 {
		t.Errorf("read %d bytes, want the maximum plus one (%d)", in.n, event.MaxContextBytes+1)
	}
}

func TestAuditPath(t *testing.T) {
	t.Setenv("HOOKRUN_AUDIT_LOG", "")
	found := config.Location{Root: "/p", Found: true}
	for _, tc := range []struct {
		flag, env string
		loc       config.Location
		want      string
	}{
		{"", "", found, "/p/.system/logs/hookrun.jsonl"},
		{"", "", config.Location{Root: "/cwd"}, ""}, // no project: no default log
		{"off", "", found, ""},
		{"", "off", found, ""},
		{"", "/var/log/h.jsonl", found, "/var/log/h.jsonl"},
		{"rel.jsonl", "/var/log/h.jsonl", found, "/cwd/rel.jsonl"}, // the flag wins, relative to the working directory
	} {
		t.Setenv("HOOKRUN_AUDIT_LOG", tc.env)
		if got := AuditPath(tc.flag, "/cwd", tc.loc); got != tc.want {
			t.Errorf("AuditPath(%q) with HOOKRUN_AUDIT_LOG=%q = %q, want %q", tc.flag, tc.env, got, tc.want)
		}
	}
}

// Under --dialect every failure becomes the agent's answer: what emit
// exits with and prints, case by case.
func TestDialectFailureMatrix(t *testing.T) {
	dir := t.TempDir()
	hooks := filepath.Join(dir, ".system", "hooks")
	if err := os.MkdirAll(hooks, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(hooks, "bad.yaml"), []byte("id: bad\nevent_type: Nope\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, dialect, event, payload string
		code                          int
		stdout, err                   string // substrings; "" for none expected
	}{
		// Entries a newer hookrun wrote may name what this one does not know: that must not
		// read as exit 1, which the agents take for a non-blocking error.
		{"an unknown dialect blocks", "nope", "", `{}`, exitcode.AgentBlock, "", `unknown --dialect "nope"`},
		{"EVENT beside --dialect denies a tool call", "claude-code", "PreAbilityCall", `{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"Bash","tool_input":{"command":"ls"}}`,
			exitcode.OK, `"permissionDecision":"deny","permissionDecisionReason":"hookrun could not check this call, so it is blocked: --dialect takes the event from the payload's hook_event_name: drop the EVENT argument PreAbilityCall"`, ""},
		{"an unreadable payload blocks", "claude-code", "", `not json`, exitcode.AgentBlock, "", "blocks the action"},
		{"invalid hooks deny a tool call", "claude-code", "", `{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"Bash","tool_input":{"command":"ls"}}`,
			exitcode.OK, `"permissionDecision":"deny"`, ""},
		{"an event without counterpart has no opinion", "claude-code", "", `{"hook_event_name":"Notification","session_id":"s"}`, exitcode.OK, `{}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code, err := Main(Request{Dialect: tc.dialect, Event: tc.event, Summary: "never", AuditLog: "off",
				Dirs:  project.Dirs{Cwd: dir, HooksDir: hooks},
				Stdin: strings.NewReader(tc.payload), Stdout: &stdout, Stderr: &stderr, Signals: noSignals{}})
			if code != tc.code {
				t.Errorf("exit %d, want %d (error %v)", code, tc.code, err)
			}
			if tc.stdout == "" && stdout.Len() != 0 || !strings.Contains(stdout.String(), tc.stdout) {
				t.Errorf("stdout %q, want it to contain %q", stdout.String(), tc.stdout)
			}
			if tc.err == "" && err != nil && err.Error() != "" || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Errorf("error %v, want one containing %q", err, tc.err)
			}
		})
	}
}

// A caller that never closes stdin gets an error after ContextTimeout,
// not a hang; under --dialect, the agent's block.
func TestContextReadIsBoundedInTime(t *testing.T) {
	defer func(d time.Duration) { ContextTimeout = d }(ContextTimeout)
	ContextTimeout = 50 * time.Millisecond
	r, w := io.Pipe()
	defer w.Close()
	_, err := ReadContext(context.Background(), r, "", nil)
	if exitcode.Of(err) != exitcode.Error || err == nil || !strings.Contains(err.Error(), "did not end: nothing arrived for 50ms") {
		t.Fatalf("error %v (exit %d), want the bound named, exit 1", err, exitcode.Of(err))
	}
	r2, w2 := io.Pipe()
	defer w2.Close()
	var stdout bytes.Buffer
	code, err := Main(Request{Dialect: "claude-code", Summary: "never", AuditLog: "off",
		Dirs: project.Dirs{Cwd: t.TempDir()}, Stdin: r2, Stdout: &stdout, Stderr: io.Discard, Signals: noSignals{}})
	if code != exitcode.AgentBlock {
		t.Errorf("--dialect: exit %d (%v), want %d, which every agent reads as block", code, err, exitcode.AgentBlock)
	}
}

// slowChunks is a caller that sends its context a MiB at a time, and
// before every read but the first fires the wait's timer and waits for
// the wait to be set again: as on a machine so loaded that reading 8 MiB
// takes longer than ContextTimeout.
type slowChunks struct {
	fire        chan time.Time
	reset, stop chan struct{}
	calls       int
	n           int64
}

func (s *slowChunks) Read(p []byte) (int, error) {
	if s.calls > 0 {
		s.fire <- time.Time{}
		select {
		case <-s.reset:
		case <-s.stop: // the wait gave up
			return 0, io.ErrUnexpectedEOF
		}
	}
	s.calls++
	p = p[:min(len(p), 1<<20)]
	for i := range p {
		p[i] = ' '
	}
	s.n += int64(len(p))
	return len(p), nil
}

// The 8 MiB cap counts bytes, not time: a context over it is refused for
// its size however long the reading takes, as long as bytes keep coming
// (fault_context_too_large, emit_context_document, on a loaded machine,
// reported "did not end within 10s" instead).
func TestContextCapWinsOverSlowReading(t *testing.T) {
	in := &slowChunks{fire: make(chan time.Time), reset: make(chan struct{}), stop: make(chan struct{})}
	defer close(in.stop)
	defer func(w func(time.Duration) (<-chan time.Time, func(time.Duration), func())) { waitTimer = w }(waitTimer)
	waitTimer = func(time.Duration) (<-chan time.Time, func(time.Duration), func()) {
		return in.fire, func(time.Duration) { in.reset <- struct{}{} }, func() {}
	}
	_, err := ReadContext(context.Background(), in, "", nil)
	want := "the context on stdin is larger than the maximum of 8388608 bytes (8 MiB); no hook ran"
	if err == nil || err.Error() != want || exitcode.Of(err) != exitcode.Error {
		t.Fatalf("error %v (exit %d), want %q (exit 1)", err, exitcode.Of(err), want)
	}
	if in.calls < 9 || in.n != event.MaxContextBytes+1 {
		t.Errorf("%d reads of %d bytes in all; want the timer fired at least 8 times, and the maximum plus one byte read", in.calls, in.n)
	}
}

// brokenPipe is a stdout the agent stopped reading.
type brokenPipe struct{ writes int }

func (b *brokenPipe) Write([]byte) (int, error) {
	b.writes++
	return 0, syscall.EPIPE
}

// An answer that blocks must block even when it cannot be written: exit 1
// is a non-blocking error to every agent, which then runs the call, so the
// reason goes to stderr with exit 2, which every agent reads as a block. An
// allow that cannot be written is a plain failure.
func TestDialectAnswerNotWritten(t *testing.T) {
	dir := t.TempDir()
	hooks := filepath.Join(dir, ".system", "hooks")
	if err := os.MkdirAll(hooks, 0o755); err != nil {
		t.Fatal(err)
	}
	decl := "id: no_rm\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nmatch: {ability_scope: shell}\n" +
		"handler:\n  kind: rules\n  rules:\n    - {decision: deny, reason: rm -rf is not allowed, commands: [rm -rf]}\n"
	if err := os.WriteFile(filepath.Join(hooks, "no_rm.yaml"), []byte(decl), 0o644); err != nil {
		t.Fatal(err)
	}
	bash := func(cmd string) string {
		return `{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"Bash","tool_input":{"command":"` + cmd + `"}}`
	}
	for _, tc := range []struct {
		name, dialect, payload string
		code                   int
		err                    string
	}{
		{"a deny", "claude-code", bash("rm -rf /"), exitcode.AgentBlock,
			"rm -rf is not allowed (hookrun: no_rm); hookrun could not write its answer (broken pipe), so it blocks the action with exit 2"},
		{"a deny, Gemini CLI", "gemini-cli", `{"hook_event_name":"BeforeTool","session_id":"s","tool_name":"run_shell_command","tool_input":{"command":"rm -rf /"}}`, exitcode.AgentBlock,
			"rm -rf is not allowed (hookrun: no_rm); hookrun could not write its answer (broken pipe), so it blocks the action with exit 2"},
		{"hookrun's own failure on a tool call", "claude-code", `{"hook_event_name":"PreToolUse","session_id":"s"}`, exitcode.AgentBlock,
			"hookrun could not check this call, so it is blocked: "},
		{"an allow", "claude-code", bash("ls"), exitcode.Error, "writing the answer: broken pipe"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr := &brokenPipe{}, &bytes.Buffer{}
			code, err := Main(Request{Dialect: tc.dialect, Summary: "never", AuditLog: "off",
				Dirs:  project.Dirs{Cwd: dir, HooksDir: hooks},
				Stdin: strings.NewReader(tc.payload), Stdout: stdout, Stderr: stderr, Signals: noSignals{}})
			if code != tc.code || err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("exit %d, error %v; want exit %d, an error containing %q", code, err, tc.code, tc.err)
			}
			if stdout.writes != 1 {
				t.Errorf("%d writes to stdout, want 1: a failed answer is not written again", stdout.writes)
			}
		})
	}
}

// Ending what handlers left behind never takes emit past the agent's
// deadline: the time left, at most orphanLimit, and none once it passed.
func TestOrphanTimeEndsAtTheDeadline(t *testing.T) {
	now := time.Now()
	for _, c := range []struct {
		d    Deadline
		want time.Duration
	}{
		{Deadline{}, orphanLimit},
		{Deadline{At: now.Add(time.Minute)}, orphanLimit},
		{Deadline{At: now.Add(300 * time.Millisecond)}, 300 * time.Millisecond},
		{Deadline{At: now.Add(-time.Second)}, -time.Second},
	} {
		if got := orphanTime(c.d, now); got != c.want {
			t.Errorf("orphanTime(%v from now) = %s, want %s", c.d.At.Sub(now), got, c.want)
		}
	}
}
