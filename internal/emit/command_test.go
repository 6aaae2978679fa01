package emit

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exitcode"
	"github.com/hookrun/hookrun/internal/project"
)

// noSignals is a process whose signals are already caught and never come.
type noSignals struct{}

func (noSignals) Interruptible() (context.Context, func()) { return context.Background(), func() {} }
func (noSignals) Caught()                                  {}

// A panic anywhere in emit, on its own goroutine or a hook's, ends it with
// exit 1 and a message, never with Go's status 2 (read as deny) and never
// with a result on stdout.
func TestEmitPanicExitsOne(t *testing.T) {
	defer func(f func(context.Context, *event.Context, []*config.Hook, Options) Outcome, own bool) {
		runHooks, OwnOrphans = f, own
	}(runHooks, OwnOrphans)
	OwnOrphans = false
	dir := t.TempDir()
	hooks := filepath.Join(dir, ".system", "hooks")
	if err := os.MkdirAll(hooks, 0o755); err != nil {
		t.Fatal(err)
	}
	decl := "id: ok\nevent_type: PromptSubmit\nenabled: true\nblocking: true\nhandler:\n  kind: script\n  command: echo '{}'\n"
	if err := os.WriteFile(filepath.Join(hooks, "ok.yaml"), []byte(decl), 0o644); err != nil {
		t.Fatal(err)
	}
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
	_, err := ReadContext(context.Background(), in, "")
	want := "the context on stdin is larger than the maximum of 8388608 bytes (8 MiB); no hook ran"
	if err == nil || err.Error() != want || exitcode.Of(err) != exitcode.Error {
		t.Fatalf("error %v (exit %d), want %q (exit 1)", err, exitcode.Of(err), want)
	}
	if in.n != event.MaxContextBytes+1 {
		t.Errorf("read %d bytes, want the maximum plus one (%d)", in.n, event.MaxContextBytes+1)
	}
}
