//go:build unix

package exec

import (
	"os"
	"syscall"
)

// Reraise sends s to this process again, once its handler has been reset,
// so it does what it would have done uncaught.
func Reraise(s os.Signal) {
	if sig, ok := s.(syscall.Signal); ok {
		_ = syscall.Kill(os.Getpid(), sig)
	}
}
