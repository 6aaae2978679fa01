package main

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"

	"github.com/hookrun/hookrun/internal/emit"
	"github.com/hookrun/hookrun/internal/exec"
)

// Catching signals is the dearest thing emit does before its first
// handler starts: os/signal starts two threads and makes a round trip to
// one of them per signal, about half a millisecond on a small machine.
// So the registration is made once per process, in the background from
// the moment run sees the emit command, and never undone; emit waits for
// it only before it starts a process (a handler, or git), the first point
// where a signal that killed hookrun outright would leave one running.
var signals struct {
	once   sync.Once
	caught chan struct{}                           // closed once the registration is in place
	emit   atomic.Pointer[context.CancelCauseFunc] // the running emit's, nil between emits
}

// notify is signal.Notify; a test slows it down to see what waits for it.
var notify = signal.Notify

// catchSignals starts the registration, once per process.
//
// SIGHUP (a closed terminal, or a process that sends it) and exec.EndSignals
// (SIGQUIT, SIGABRT, faults sent by kill) end emit as SIGTERM does: their
// default actions end hookrun with no answer (or a goroutine dump and exit
// 2), which agents read as a non-blocking error. SIGPIPE is caught too: a
// caller that closes its end of stdout no longer kills hookrun, the write
// fails and emit exits 1 (the decision's 2 or 3 when it blocks). It is
// ignored until then (one system call, no thread), so an emit that starts no
// process need not wait; none starts before the registration, so handlers
// start with the default action (only an ignored signal is inherited). The
// buffer keeps a SIGPIPE from crowding out a SIGINT that follows it.
func catchSignals() {
	signals.once.Do(func() {
		signal.Ignore(syscall.SIGPIPE)
		signals.caught = make(chan struct{})
		go func() {
			ch := make(chan os.Signal, 4)
			notify(ch, append([]os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE}, exec.EndSignals...)...)
			close(signals.caught)
			for s := range ch {
				if s == syscall.SIGPIPE {
					continue
				}
				if cancel := signals.emit.Load(); cancel != nil {
					(*cancel)(emit.Interrupt{Signal: s})
					continue
				}
				// No emit is running (it has returned, or this process
				// runs several, as tests do): the signal does what it
				// would have done uncaught.
				signal.Reset(s)
				exec.Reraise(s)
			}
		}()
	})
}

// signalsCaught returns once SIGINT and SIGTERM are caught. Until then
// they end hookrun the default way, so it is called before starting any
// process that hookrun must end on one.
func signalsCaught() {
	catchSignals()
	<-signals.caught
}

// interruptible returns a context canceled, with an emit.Interrupt cause,
// by the first SIGINT, SIGTERM or SIGHUP that comes once signals are caught, and
// stop, which ends the emit's claim on them.
func interruptible() (ctx context.Context, stop func()) {
	catchSignals()
	ctx, cancel := context.WithCancelCause(context.Background())
	signals.emit.Store(&cancel)
	return ctx, func() {
		signals.emit.CompareAndSwap(&cancel, nil)
		cancel(nil)
	}
}

// processSignals lends the process's signal handling to emit.
type processSignals struct{}

func (processSignals) Interruptible() (context.Context, func()) { return interruptible() }
func (processSignals) Caught()                                  { signalsCaught() }
