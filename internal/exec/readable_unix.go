//go:build unix

package exec

import (
	"os"

	"golang.org/x/sys/unix"
)

// Readable reports whether a read of f would not wait: data, or the end of
// the pipe, is there to read.
func Readable(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	ready := false
	_ = rc.Control(func(fd uintptr) {
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		for {
			n, err := unix.Poll(fds, 0)
			if err == unix.EINTR {
				continue
			}
			ready = err == nil && n > 0 && fds[0].Revents&(unix.POLLIN|unix.POLLHUP) != 0
			return
		}
	})
	return ready
}

// noWait makes an open of a FIFO return at once instead of waiting for a
// writer (a regular file reads as ever).
const noWait = unix.O_NONBLOCK
