package emit

import (
	"context"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

// phaseWorker is the goroutine inPhase runs phases on, one after
// another: its stack grows once to what the deepest phase needs, where a
// goroutine per phase would start small and copy its stack up again each
// time. A phase that finds it busy (on a phase whose ctx ended, still
// running) gets a goroutine of its own.
type phaseWorker struct {
	start sync.Once
	busy  atomic.Bool
	jobs  chan func()
}

var phases phaseWorker // started by the first phase: no package initialisation at every start

func (w *phaseWorker) run() {
	// jobs is never closed: the worker ends only when a job calls
	// runtime.Goexit (a test's t.FailNow), and a new one takes its place,
	// or the next phase would wait on it for ever.
	defer func() { go w.run() }()
	growStack(0)
	for job := range w.jobs {
		job()
	}
}

// phaseStarted is called on a phase's goroutine before its work; tests
// replace it to hold a phase until a signal has come.
var phaseStarted = func(phase string) {}

// inPhase does work that does not watch for signals (parsing the context,
// loading declarations, reading a command line's paths, choosing the hooks,
// rules) away from the caller's goroutine (on the phase worker, else on a
// goroutine of its own), so that SIGINT or SIGTERM ends emit
// at once whatever it is doing: an agent that gets no answer within its
// grace kills hookrun, and reads that death as "go ahead". For the same
// reason the phases share a budget of time (ctx's, withBudget): a phase
// that uses it up ends like one a signal stopped, and stopped(ctx) says
// which. When ctx ends or the budget runs out first, ok is false and f
// finishes unseen, so f must write nothing its caller reads. A panic in f goes on up the caller's goroutine, with f's
// stack.
func inPhase[T any](ctx context.Context, phase string, f func() T) (v T, ok bool) {
	if ctx.Err() != nil {
		return v, false
	}
	type result struct {
		v     T
		crash *Panic
	}
	done := make(chan result, 1)
	worker := phases.busy.CompareAndSwap(false, true)
	job := func() {
		var r result
		defer func() {
			if p := recover(); p != nil {
				r.crash = &Panic{Value: p, Stack: debug.Stack()}
			}
			if worker {
				phases.busy.Store(false) // before done: the next phase finds it idle
			}
			done <- r
		}()
		phaseStarted(phase)
		r.v = f()
	}
	if worker {
		phases.start.Do(func() {
			phases.jobs = make(chan func(), 1)
			go phases.run()
		})
		phases.jobs <- job
	} else {
		go job() // the worker is still on a phase ctx ended or overran
	}
	b := budgetOf(ctx)
	began := time.Now()
	for {
		over, stop := b.timer(began)
		select {
		case r := <-done:
			stop()
			b.spend(time.Since(began))
			if r.crash != nil {
				panic(r.crash)
			}
			return r.v, true
		case <-ctx.Done():
			stop()
			return v, false
		case <-over:
			if b.check(phase, began) {
				return v, false
			}
		}
	}
}

// growStack grows the calling goroutine's stack in one step to what
// emit's deepest work needs (16 KB covers a rules-only emit), while the
// goroutine holds a frame or two: each doubling later on would copy every
// frame of a deep parse, looking up each one's stack map. Measured with
// callgrind on a cached rules-only emit: the phase worker took the
// instructions from 2.53 M to 2.38 M, growing its stack and the main
// goroutine's here to 2.25 M.
//
//go:noinline
func growStack(i int) byte {
	var pad [16 << 10]byte
	return pad[i]
}
