//go:build unix

package exec

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// EndSignals are the signals besides SIGINT, SIGTERM and SIGHUP that ask
// a process to end when another process sends them. Left to Go's default
// action, each one would end hookrun with a dump of its goroutines and
// exit 2, which promises a result it never printed, and leave its
// handlers running until the watchdog notices; so emit catches them and
// ends as SIGTERM ends it. SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP and
// SIGSYS raised by a fault of hookrun's own are not caught this way: Go
// still crashes on them.
var EndSignals = []os.Signal{
	syscall.SIGQUIT, syscall.SIGABRT, syscall.SIGSEGV, syscall.SIGBUS,
	syscall.SIGILL, syscall.SIGFPE, syscall.SIGTRAP, syscall.SIGSYS,
}

// systemSignalName is the system's name for sig ("SIGTRAP"), or "".
func systemSignalName(sig syscall.Signal) string { return unix.SignalName(sig) }
