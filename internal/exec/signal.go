package exec

import (
	"fmt"
	"os"
	"syscall"
)

var signalNames = map[syscall.Signal]string{
	syscall.SIGKILL: "SIGKILL", syscall.SIGTERM: "SIGTERM", syscall.SIGSEGV: "SIGSEGV",
	syscall.SIGABRT: "SIGABRT", syscall.SIGINT: "SIGINT", syscall.SIGHUP: "SIGHUP",
	syscall.SIGPIPE: "SIGPIPE", syscall.SIGBUS: "SIGBUS", syscall.SIGFPE: "SIGFPE",
	syscall.SIGILL: "SIGILL", syscall.SIGQUIT: "SIGQUIT",
}

// SignalName names a signal the way people write it: "SIGTERM", or its
// number and description for one without a usual name.
func SignalName(s os.Signal) string {
	if sig, ok := s.(syscall.Signal); ok {
		if n, ok := signalNames[sig]; ok {
			return n
		}
		return fmt.Sprintf("%d (%s)", int(sig), sig)
	}
	return s.String()
}
