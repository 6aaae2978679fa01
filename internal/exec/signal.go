package exec

import (
	"fmt"
	"os"
	"syscall"
)

// SignalName names a signal the way people write it: "SIGTERM", or its
// number and description for one without a usual name.
func SignalName(s os.Signal) string {
	sig, ok := s.(syscall.Signal)
	if !ok {
		return s.String()
	}
	switch sig {
	case syscall.SIGKILL:
		return "SIGKILL"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGSEGV:
		return "SIGSEGV"
	case syscall.SIGABRT:
		return "SIGABRT"
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGHUP:
		return "SIGHUP"
	case syscall.SIGPIPE:
		return "SIGPIPE"
	case syscall.SIGBUS:
		return "SIGBUS"
	case syscall.SIGFPE:
		return "SIGFPE"
	case syscall.SIGILL:
		return "SIGILL"
	case syscall.SIGQUIT:
		return "SIGQUIT"
	}
	if name := systemSignalName(sig); name != "" {
		return name
	}
	return fmt.Sprintf("%d (%s)", int(sig), sig)
}
