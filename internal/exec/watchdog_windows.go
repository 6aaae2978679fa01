package exec

import "io"

// A Watchdog is not needed on Windows: each handler's job object ends its
// processes when hookrun's handle to it closes, and the system closes
// every handle of a process that dies, however it dies. The type keeps
// emit's code the same on every platform.
type Watchdog struct{}

// NewWatchdog returns a watchdog that starts nothing.
func NewWatchdog(binary string) *Watchdog { return &Watchdog{} }

// Err is always nil: there is no process to fail to start.
func (d *Watchdog) Err() error { return nil }

func (d *Watchdog) watch(int) func() { return func() {} }

// Close has no process to tell.
func (d *Watchdog) Close() (pid int) { return 0 }

// WatchdogMain is never started on Windows; run as one, it has nothing to do.
func WatchdogMain(io.Reader) int { return 0 }
