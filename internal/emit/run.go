// Package emit runs one event end to end: it selects the hooks whose match
// fits, runs their handlers, merges what they said in declaration order,
// and records the run in the audit log.
package emit

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"sync"
	"time"

	"github.com/hookrun/hookrun/internal/audit"
	"github.com/hookrun/hookrun/internal/callpath"
	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/httpcall"
	"github.com/hookrun/hookrun/internal/match"
	"github.com/hookrun/hookrun/internal/merge"
	"github.com/hookrun/hookrun/internal/rules"
)

// MaxParallel is how many handlers of one event run at once; the others
// wait for a slot, and the merge order is the declaration order all the
// same.
const MaxParallel = 32

// Options configure one run.
type Options struct {
	Root         string   // project root: handlers' working directory
	Tree         string   // the work tree of Root (config.Bound), kept off the handlers' PATH; "" for Root
	Env          []string // the caller's environment, passed on to handlers
	Sequential   bool     // one at a time in merge order, stopping at the first deny
	BlockingOnly bool     // only blocking hooks
	Limits       exec.Limits
	// Watchdog, when set, ends the handlers' groups should hookrun die.
	Watchdog  *exec.Watchdog
	AuditPath string // "" disables the audit log
	// Warnings are added to the result ahead of the hooks' own (for
	// example the invalid files skipped under --skip-invalid).
	Warnings []merge.Warning
	// Deadline, when set, is when every handler must have finished: each
	// handler's timeout is cut to what is left of it, and the audit log's
	// lock is not waited for past it.
	Deadline Deadline
	// Git lists what a git command of a file the line runs brings or puts away, for a rules
	// hook (callpath.OfLine); nil leaves it unknown.
	Git callpath.Git
}

// Deadline is the time by which the caller needs an answer, and why, for
// the error of a handler whose timeout it cut.
type Deadline struct {
	At  time.Time
	Why string
	// Raise says what a person raises to give the handlers longer (the
	// agent's timeout, where it is set), for that error too.
	Raise string
}

// Outcome is the result of one run.
type Outcome struct {
	Result      merge.Result
	Reports     []merge.Report // per hook, merge order
	Interrupted bool           // ctx was canceled, or the phases ran out of time: the result is incomplete
	AuditErr    error          // the audit log could not be written; the result stands
}

// Run runs the hooks of c's event. ctx cancels every running handler.
func Run(ctx context.Context, c *event.Context, hooks []*config.Hook, opt Options) Outcome {
	start := time.Now()
	read := sync.OnceValue(func() *rules.Call { return rules.Read(c, opt.Root, opt.Git) })
	// Interrupted while choosing, no hook runs: the audit's event line
	// says so.
	selected, _ := inPhase(ctx, "match", func() []*config.Hook {
		return match.Select(hooks, MatchContext(c, hooks, read), match.Options{BlockingOnly: opt.BlockingOnly})
	})
	// One line of JSON and a newline, so that a shell handler's `read`
	// sees a complete line.
	stdin := sync.OnceValue(func() []byte { return scriptInput(c, read) })
	base := withoutNames(opt.Env, config.HandlerVars...)
	hr := handlers{ctx: c, stdin: stdin, env: base, root: opt.Root, tree: opt.Tree, limits: opt.Limits, watchdog: opt.Watchdog, git: opt.Git,
		client: sync.OnceValue(httpcall.NewClient), deadline: opt.Deadline, read: read,
		body: sync.OnceValue(func() []byte { return policyBody(c, read()) })}
	reports := make([]merge.Report, len(selected))
	ran := len(selected)
	var crash crashes
	if opt.Sequential {
		for i, h := range selected {
			if h.Handler.Kind == config.KindRules {
				hr.rules(ctx, &crash, []*config.Hook{h}, reports[i:i+1])
			} else {
				reports[i] = hr.run(ctx, h)
			}
			if reports[i].Decision == event.Deny || ctx.Err() != nil || overrun(ctx) != nil {
				ran = i + 1
				break
			}
		}
	} else {
		// Each run writes only its own slot: merge order is declaration
		// order whatever order the handlers finish in. A lone hook runs
		// on this goroutine: starting another to wait for it costs more
		// (about 0.1 ms) than it overlaps. So do rules hooks, once the
		// processes have started: they take microseconds, and a goroutine
		// each made ten of them start threads.
		var wg sync.WaitGroup
		// At most MaxParallel handlers at once: hundreds of hooks must not
		// run the user out of processes.
		slots := make(chan struct{}, MaxParallel)
		inline := func(h *config.Hook) bool { return len(selected) == 1 || h.Handler.Kind == config.KindRules }
		for i, h := range selected {
			if !inline(h) {
				wg.Go(func() {
					defer crash.catch(h.ID)
					slots <- struct{}{}
					defer func() { <-slots }()
					reports[i] = hr.run(ctx, h)
				})
			}
		}
		var rulesHooks []*config.Hook
		var rulesAt []int
		for i, h := range selected {
			switch {
			case !inline(h):
			case h.Handler.Kind == config.KindRules:
				rulesHooks, rulesAt = append(rulesHooks, h), append(rulesAt, i)
			default: // a lone script or http hook
				func() {
					defer crash.catch(h.ID)
					reports[i] = hr.run(ctx, h)
				}()
			}
		}
		if len(rulesHooks) > 0 {
			got := make([]merge.Report, len(rulesHooks))
			hr.rules(ctx, &crash, rulesHooks, got)
			for j, i := range rulesAt {
				reports[i] = got[j]
			}
		}
		wg.Wait()
	}
	// A panic in one hook's goroutine would end the process with Go's
	// own exit status (2, which callers read as deny) before the other
	// handlers were stopped. Once they all are, it goes on up the
	// caller's goroutine, where it can be turned into an error.
	crash.rethrow()
	reports = reports[:ran]
	// What a hook wrote is cleaned once, here, for every reader after:
	// the result, an agent's answer, the summary, the audit log.
	for i := range reports {
		reports[i] = merge.Clean(reports[i])
	}
	out := Outcome{Reports: reports, Interrupted: ctx.Err() != nil || overrun(ctx) != nil}
	out.Result = merge.Merge(c.Event, reports)
	out.Result.Warnings = append(append([]merge.Warning{}, opt.Warnings...), out.Result.Warnings...)
	if opt.AuditPath != "" {
		out.AuditErr = writeAudit(opt.Root, opt.AuditPath, c, out, time.Since(start), interruption(ctx), opt.Deadline.At)
	}
	return out
}

// MatchContext is the context the hooks of c's event are chosen by: c, or, when one of hooks
// chooses by the paths of a call with a command line (match.paths), the call as the rules hooks
// read it (read), with the paths the files its line runs name: ./y.sh, where y.sh writes
// config/prod/db.yaml, runs a hook with match.paths config/prod/** as it fires a rules hook's
// paths rule on those globs. explain chooses by it too.
func MatchContext(c *event.Context, hooks []*config.Hook, read func() *rules.Call) *event.Context {
	if c.Command == "" {
		return c
	}
	for _, h := range hooks {
		if h.Event == c.Event && h.Match.Paths != nil {
			return read().Context()
		}
	}
	return c
}

// Panic is a panic while running a hook, on its own goroutine or (a lone
// hook) on Run's caller's, raised again on the caller's once every
// handler is done; or in a phase of emit (inPhase), raised again on its
// caller's.
type Panic struct {
	HookID string // "" for a phase
	Value  any
	Stack  []byte // of the goroutine that panicked
}

func (p *Panic) Error() string {
	if p.HookID == "" {
		return fmt.Sprintf("panic: %v", p.Value)
	}
	return fmt.Sprintf("hook %s: panic: %v", p.HookID, p.Value)
}

// crashes keeps the first panic of the hooks' goroutines.
type crashes struct {
	mu    sync.Mutex
	first *Panic
}

// catch is deferred by each hook's run.
func (c *crashes) catch(id string) {
	v := recover()
	if v == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.first == nil {
		c.first = &Panic{HookID: id, Value: v, Stack: debug.Stack()}
	}
}

func (c *crashes) rethrow() {
	c.mu.Lock() // a rules phase a signal left running may still catch one
	defer c.mu.Unlock()
	if c.first != nil {
		panic(c.first)
	}
}

// Interrupt is the cancel cause a command gives when a signal stops it.
type Interrupt struct{ Signal os.Signal }

func (i Interrupt) Error() string { return "interrupted by " + exec.SignalName(i.Signal) }

// interruption names what canceled ctx ("time" when its phases ran out
// of their budget), or "" when nothing did.
func interruption(ctx context.Context) string {
	if ctx.Err() == nil {
		if overrun(ctx) != nil {
			return "time"
		}
		return ""
	}
	var i Interrupt
	if errors.As(context.Cause(ctx), &i) {
		return exec.SignalName(i.Signal)
	}
	return "canceled"
}

// writeAudit appends the run's lines to the log; by, when not zero, is
// when the answer is due: the log's lock is not waited for past it.
func writeAudit(root, path string, c *event.Context, out Outcome, took time.Duration, interruptedBy string, by time.Time) error {
	now := time.Now().UTC().Format(time.RFC3339Nano)
	records := make([]any, 0, len(out.Reports)+1)
	for _, r := range out.Reports {
		line := audit.HookLine{
			Time: now, Kind: "hook", EventType: string(c.Event), HookID: r.Run.ID,
			Status: r.Run.Status, Decision: string(r.Decision), DurationMS: r.Run.DurationMS,
			ExitCode: r.Run.ExitCode, SessionID: c.SessionID,
		}
		if len(r.Errors) > 0 {
			line.Error = r.Errors[0].Message
		}
		records = append(records, line)
	}
	ev := audit.EventLine{
		Time: now, Kind: "event", EventType: string(c.Event), Hooks: len(out.Reports),
		Errors: len(out.Result.Errors), DurationMS: took.Milliseconds(), SessionID: c.SessionID,
		Interrupted: interruptedBy,
	}
	if !out.Interrupted {
		ev.Decision = string(out.Result.Decision)
		ev.Reason = out.Result.Reason
		ev.BlockedBy = out.Result.BlockedBy
	}
	records = append(records, ev)
	data, err := audit.Encode(records...)
	if err != nil {
		return err
	}
	return audit.AppendBy(root, path, data, by)
}
