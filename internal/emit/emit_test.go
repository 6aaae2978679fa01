package emit

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"fmt"
	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/merge"
	"github.com/hookrun/hookrun/internal/proctest"
	"github.com/hookrun/hookrun/internal/protocol"
	"strconv"
)

func testContext(t *testing.T) *event.Context {
	t.Helper()
	c, err := event.ParseContext([]byte(`{"session_id":"s1","user_raw_input":"a & b <c>"}`), event.PromptSubmit)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func shellHook(id, command string) *config.Hook {
	return &config.Hook{ID: id, Event: event.PromptSubmit, Enabled: true, Blocking: true, OnError: config.OnErrorSkip,
		Handler: config.Handler{Kind: "script", Command: command, Timeout: time.Minute}}
}

func testOptions(t *testing.T) Options {
	return Options{Root: t.TempDir(), Env: os.Environ(), Limits: exec.DefaultLimits}
}

func TestMergeOrderIsDeclarationOrder(t *testing.T) {
	hooks := []*config.Hook{
		shellHook("a_slow", `sleep 0.5; echo '{"logs":["a"]}'`),
		shellHook("b_fast", `echo '{"logs":["b"]}'`),
	}
	out := Run(context.Background(), testContext(t), hooks, testOptions(t))
	if got := strings.Join(out.Result.Logs, ","); got != "a,b" {
		t.Errorf("logs %s, want a,b: the slow hook is declared first", got)
	}
}

func TestHandlerGetsTheContextAsOneLine(t *testing.T) {
	opt := testOptions(t)
	out := Run(context.Background(), testContext(t), []*config.Hook{shellHook("save", `cat > got; echo '{}'`)}, opt)
	if len(out.Result.Errors) > 0 {
		t.Fatal(out.Result.Errors)
	}
	got, err := os.ReadFile(filepath.Join(opt.Root, "got"))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"event_type":"PromptSubmit","session_id":"s1","user_raw_input":"a & b <c>"}` + "\n"
	if string(got) != want {
		t.Errorf("handler read %q\nwant %q", got, want)
	}
}

func TestPanicInAHookGoroutineReachesTheCaller(t *testing.T) {
	defer func(f func(event.Name, *config.Hook, exec.Outcome) merge.Report) { evaluate = f }(evaluate)
	evaluate = func(ev event.Name, h *config.Hook, o exec.Outcome) merge.Report {
		if h.ID == "b_bad" {
			panic("merge bug")
		}
		return protocol.Evaluate(ev, h, o)
	}
	for name, hooks := range map[string][]*config.Hook{
		"beside a slower hook":                 {shellHook("a_slow", `sleep 0.3; echo '{}'`), shellHook("b_bad", `echo '{}'`)},
		"alone, run on the caller's goroutine": {shellHook("b_bad", `echo '{}'`)},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				var p *Panic
				if err, ok := recover().(error); !ok || !errors.As(err, &p) || p.HookID != "b_bad" || p.Value != "merge bug" || len(p.Stack) == 0 {
					t.Errorf("recovered %v, want the *Panic of hook b_bad", err)
				}
			}()
			Run(context.Background(), testContext(t), hooks, testOptions(t))
			t.Error("Run returned; want the hook's panic raised again")
		})
	}
}

func TestInterruptStopsHandlersAndWritesTheAudit(t *testing.T) {
	opt := testOptions(t)
	opt.AuditPath = filepath.Join(opt.Root, "audit.jsonl")
	pids := filepath.Join(opt.Root, "pids")
	hooks := []*config.Hook{
		shellHook("a", `echo $$ >> pids; exec sleep 60`),
		shellHook("b", `echo $$ >> pids; exec sleep 60`),
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	go func() {
		for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if data, _ := os.ReadFile(pids); strings.Count(string(data), "\n") == 2 {
				break
			}
		}
		cancel(Interrupt{Signal: syscall.SIGINT})
	}()
	start := time.Now()
	out := Run(ctx, testContext(t), hooks, opt)
	if took := time.Since(start); took > 30*time.Second {
		t.Errorf("Run took %v", took)
	}
	if !out.Interrupted || out.AuditErr != nil {
		t.Fatalf("interrupted %v, audit error %v", out.Interrupted, out.AuditErr)
	}
	for _, r := range out.Reports {
		if r.Run.Status != merge.StatusFailed || len(r.Errors) != 1 || r.Errors[0].Code != merge.CodeInterrupted {
			t.Errorf("hook %s: status %s errors %v, want failed/interrupted", r.Run.ID, r.Run.Status, r.Errors)
		}
	}
	data, _ := os.ReadFile(pids)
	for _, f := range strings.Fields(string(data)) {
		var pid int
		if err := json.Unmarshal([]byte(f), &pid); err == nil && !proctest.Gone(pid) {
			t.Errorf("handler %d outlived Run", pid)
		}
	}
	log, err := os.ReadFile(opt.AuditPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(log), "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("audit log has %d lines, want 2 hook lines and the event line:\n%s", len(lines), log)
	}
	var ev map[string]any
	if err := json.Unmarshal([]byte(lines[2]), &ev); err != nil || ev["kind"] != "event" || ev["interrupted"] != "SIGINT" || ev["decision"] != nil {
		t.Errorf("event line %s: want kind event, interrupted SIGINT and no decision", lines[2])
	}
}

// No more than MaxParallel handlers run at once, and the merge order is
// the declaration order all the same.
func TestHandlersRunAtMostMaxParallelAtOnce(t *testing.T) {
	n := MaxParallel + 8
	hooks := make([]*config.Hook, n)
	for i := range hooks {
		// Each handler notes itself in running/ while it runs, and
		// records how many it saw there.
		hooks[i] = shellHook(fmt.Sprintf("h%02d", i), `mkdir -p running; touch running/$$; ls running | wc -l >> seen; sleep 0.3; rm running/$$; echo '{"logs":["'$HOOKRUN_HOOK_ID'"]}'`)
	}
	opt := testOptions(t)
	out := Run(context.Background(), testContext(t), hooks, opt)
	if len(out.Result.Errors) > 0 {
		t.Fatal(out.Result.Errors)
	}
	data, err := os.ReadFile(filepath.Join(opt.Root, "seen"))
	if err != nil {
		t.Fatal(err)
	}
	most := 0
	for _, f := range strings.Fields(string(data)) {
		n, _ := strconv.Atoi(f)
		most = max(most, n)
	}
	if most > MaxParallel || most == 0 {
		t.Errorf("%d handlers ran at once, want at most %d", most, MaxParallel)
	}
	for i, l := range out.Result.Logs {
		if l != fmt.Sprintf("h%02d", i) {
			t.Fatalf("logs %v not in declaration order", out.Result.Logs)
		}
	}
}

// A hand-written entry with no timeout is waited for as long as the
// agent's default (Copilot CLI's 30 s): hookrun answers before it, where it
// had kept each handler's own timeout, racing the agent, which then lets
// the call through.
func TestDeadlineOfAnEntryWithNoTimeout(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, ".github/hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	entry := `{"version":1,"hooks":{"PreToolUse":[{"type":"command","bash":"hookrun emit --dialect copilot"}]}}`
	if err := os.WriteFile(filepath.Join(root, ".github/hooks/hookrun.json"), []byte(entry), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Unix(1000, 0)
	d := (&dialectRun{name: "copilot"}).deadline(root, start)
	want := "that was all that was left of the 27s hookrun keeps for its handlers, short of the 30s copilot waits for it (its default for a hook with no timeoutSec; .github/hooks/hookrun.json gives hookrun's entry none): the agent would let the call through once that passed"
	if !d.At.Equal(start.Add(27*time.Second)) || d.Why != want {
		t.Errorf("deadline = %s, %q;\nwant %s, %q", d.At.Sub(start), d.Why, 27*time.Second, want)
	}
	// What to raise names the field the entry lacks, where the entry is, and the command that writes it.
	if want := "give hookrun's entry in .github/hooks/hookrun.json:1:37 a timeoutSec (hookrun install copilot --timeout DURATION writes it)"; d.Raise != want {
		t.Errorf("raise = %q, want %q", d.Raise, want)
	}
}

// A handler that ran out of its own time is told where that time is set:
// its handler.timeout, at its place in the file, or the file to set it in
// when the hook has the default.
func TestTimeoutAdvice(t *testing.T) {
	root := t.TempDir()
	file := filepath.Join(root, ".system", "hooks", "slow.yaml")
	set := &config.Hook{ID: "slow", File: file, TimeoutPos: config.Pos{Line: 7, Col: 12}, Handler: config.Handler{Timeout: 3 * time.Second}}
	unset := &config.Hook{ID: "slow", File: file, Handler: config.Handler{Timeout: config.DefaultTimeout}}
	for _, c := range []struct {
		h    *config.Hook
		want string
	}{
		{set, "to give it longer, raise handler.timeout in .system/hooks/slow.yaml:7:12"},
		{unset, "to give it longer, set handler.timeout in .system/hooks/slow.yaml (30s when it is not set)"},
	} {
		if got := timeoutAdvice(root, c.h); got != c.want {
			t.Errorf("timeoutAdvice = %q, want %q", got, c.want)
		}
	}
}
