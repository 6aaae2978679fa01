package emit

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/hookrun/hookrun/internal/exitcode"
)

// ReadLimit is the most time emit's own work on one call may take, all
// its phases together (reading the context and the declarations, the
// command line's paths and the files it runs, choosing the hooks,
// rules): a call that takes longer is blocked, not waited for. A line
// built to be slow to read (thousands of cd's, each lengthening every
// later path) would otherwise keep hookrun busy past the agent's
// timeout, and the agent reads hookrun's death as "go ahead". Reading
// an ordinary line takes milliseconds, a 100 KB one tens of them.
var ReadLimit = 10 * time.Second

// lookAfter is how long a phase runs before the agent's deadline, when
// not yet known, is read from its settings: most phases end long before,
// and reading the settings on every call would cost every call.
var lookAfter = 250 * time.Millisecond

// MemoryLimit is the most memory emit's phases may hold while reading a
// call: a line built to make hookrun hold more (each of thousands of
// commands keeping a copy of what came before) would otherwise run the
// machine out of memory and hookrun be killed, which an agent reads as
// "go ahead". Reading a 100 KB line takes about 5 MB. It is counted every
// memoryEvery while a phase runs.
var MemoryLimit uint64 = 512 << 20

const memoryEvery = 50 * time.Millisecond

// budget is what is left of ReadLimit for emit's phases, and the agent's
// deadline, which ends them too. Phases run one after another, but an
// http handler's request is built in one on the handler's goroutine, so
// the budget is locked.
type budget struct {
	mu       sync.Mutex
	left     time.Duration
	agent    func() Deadline // reads the agent's deadline; nil until the root is known
	deadline Deadline        // what agent read
	looked   bool            // agent was called
	phase    string          // the phase that ran out of time, or ""
	why      string          // why it had no more time
}

type budgetKey struct{}

// withBudget gives the phases run with ctx a budget of ReadLimit.
func withBudget(ctx context.Context) (context.Context, *budget) {
	b := &budget{left: ReadLimit}
	return context.WithValue(ctx, budgetKey{}, b), b
}

// budgetOf is ctx's budget, or nil (no limit) for phases run without one.
func budgetOf(ctx context.Context) *budget {
	b, _ := ctx.Value(budgetKey{}).(*budget)
	return b
}

// knowDeadline lets the phases ask for the agent's deadline (dialectRun's
// deadline, read once however many ask); until then, only ReadLimit
// bounds them.
func (b *budget) knowDeadline(agent func() Deadline) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.agent = agent
}

// timer fires when the phase begun at began must stop, must look at the
// agent's deadline first, or must have its memory counted (check); stop
// releases it. A nil budget never fires.
func (b *budget) timer(began time.Time) (<-chan time.Time, func()) {
	if b == nil {
		return nil, func() {}
	}
	b.mu.Lock()
	limit := b.left
	if !b.looked && b.agent != nil {
		limit = min(limit, lookAfter)
	} else if !b.deadline.At.IsZero() {
		limit = min(limit, b.deadline.At.Sub(began))
	}
	b.mu.Unlock()
	t := time.NewTimer(min(max(limit-time.Since(began), 0), memoryEvery))
	return t.C, func() { t.Stop() }
}

// check is called when the timer of the phase begun at began fires: true
// when the phase is out of time or memory (it is then recorded), false
// when it may go on (the agent's deadline, only read now, leaves it more,
// or the timer fired to count the memory).
func (b *budget) check(phase string, began time.Time) bool {
	b.mu.Lock()
	agent := b.agent
	look := !b.looked && agent != nil
	b.mu.Unlock()
	if look && time.Since(began) >= lookAfter {
		d := agent() // outside the lock: it reads a file
		b.mu.Lock()
		b.deadline, b.looked = d, true
		b.mu.Unlock()
	}
	heap := heapBytes()
	b.mu.Lock()
	defer b.mu.Unlock()
	why := ""
	switch {
	case heap > MemoryLimit:
		why = fmt.Sprintf("within the %d MiB of memory hookrun allows itself to read a call", MemoryLimit>>20)
	case !b.deadline.At.IsZero() && !time.Now().Before(b.deadline.At):
		why = "in time (" + b.deadline.Why + ")"
	case time.Since(began) >= b.left:
		why = fmt.Sprintf("in time (the %s hookrun allows itself to read a call)", ReadLimit)
	default:
		return false
	}
	if b.phase == "" {
		b.phase, b.why = phase, why
	}
	return true
}

// heapBytes is the memory the heap's objects hold now, live or not yet
// collected. runtime.ReadMemStats stops the program for a few
// microseconds, which a count every memoryEvery can afford; the same
// number from runtime/metrics cost every start of hookrun that
// package's initialisation (a table of every GODEBUG setting built in
// about 100 allocations), counted or not.
func heapBytes() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// spend takes a finished phase's time from the budget.
func (b *budget) spend(d time.Duration) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.left -= d
}

// phaseName says what a phase was doing, for the error.
func phaseName(phase string) string {
	switch phase {
	case "env":
		return "reading the files the agent loads into its hooks' environment"
	case "parse":
		return "reading the context"
	case "load":
		return "loading the hook declarations"
	case "paths":
		return "reading the paths the call names"
	case "settings":
		return "reading the agent's settings for its timeout"
	case "match":
		return "choosing the hooks"
	case "rules":
		return "checking the call against the rules hooks"
	case "request":
		return "building an http hook's request from the call"
	case "input":
		return "building a script hook's input from the call"
	}
	return phase
}

// stopped is the error for a phase that did not end: a signal stopped
// it (interrupted, with what it was doing), or the budget ran out
// (overrun).
func stopped(ctx context.Context, what string) error {
	if err := overrun(ctx); err != nil && ctx.Err() == nil {
		return err
	}
	return interrupted(ctx, what)
}

// overrun is the error for a call whose reading ran out of time, or nil.
// It fails emit (exit 1, and under --dialect the agent's block): a call
// hookrun could not finish checking is not let through.
func overrun(ctx context.Context) error {
	b := budgetOf(ctx)
	if b == nil {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.phase == "" {
		return nil
	}
	advice := "a command line this costly to read (thousands of commands or cd's) must be split, or run by a person"
	switch b.phase {
	case "env", "parse", "load", "settings":
		advice = "the files hookrun reads before the call's own (the context, the hook declarations, the agent's settings) are too large or too slow to read: look for a slow or network file system, or a machine out of memory"
	}
	return exitcode.Failf("hookrun could not finish %s %s, so the call is blocked and no hook's answer was taken: %s", phaseName(b.phase), b.why, advice)
}
