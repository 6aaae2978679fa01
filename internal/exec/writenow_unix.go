//go:build unix

package exec

import (
	"os"
	"syscall"
)

// writeNow writes what the pipe takes without waiting and returns what is
// left, or nil when nothing is: all of it written, or the handler already
// gone (a broken pipe is the handler's business).
func writeNow(w *os.File, data []byte) []byte {
	rc, err := w.SyscallConn()
	if err != nil {
		return data
	}
	rest := data
	_ = rc.Write(func(fd uintptr) bool {
		for len(rest) > 0 {
			n, err := syscall.Write(int(fd), rest)
			if n > 0 {
				rest = rest[n:]
			}
			switch err {
			case nil, syscall.EINTR:
				continue
			case syscall.EAGAIN:
				return true // full: the goroutine waits for the rest
			default:
				rest = nil // EPIPE and the like: nothing more can be written
			}
		}
		return true
	})
	if len(rest) == 0 {
		return nil
	}
	return rest
}
