package emit

import (
	"context"
	"runtime/debug"
)

// phaseStarted is called on a phase's goroutine before its work; tests
// replace it to hold a phase until a signal has come.
var phaseStarted = func(phase string) {}

// inPhase does work that does not watch for signals (parsing the context,
// loading declarations, reading a command line's paths, choosing the hooks,
// rules) on a goroutine of its own, so that SIGINT or SIGTERM ends emit
// at once whatever it is doing: an agent that gets no answer within its
// grace kills hookrun, and reads that death as "go ahead". When ctx ends
// first, ok is false and f finishes unseen, so f must write nothing its
// caller reads. A panic in f goes on up the caller's goroutine, with f's
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
	go func() {
		var r result
		defer func() {
			if p := recover(); p != nil {
				r.crash = &Panic{Value: p, Stack: debug.Stack()}
			}
			done <- r
		}()
		phaseStarted(phase)
		r.v = f()
	}()
	select {
	case r := <-done:
		if r.crash != nil {
			panic(r.crash)
		}
		return r.v, true
	case <-ctx.Done():
		return v, false
	}
}
