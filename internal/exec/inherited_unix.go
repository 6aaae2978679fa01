//go:build unix

package exec

import (
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// closeInherited marks close-on-exec every descriptor past stderr that is
// open in hookrun, so none reaches a handler. Go opens its own so; one
// hookrun inherited from its caller (a shell's exec 7>>log, a runtime's
// socket) is not, and would pass to every handler and to whatever a
// handler leaves running: a repository's script could write into the
// caller's log or pipe, or hold it open. /dev/fd lists them (on Linux,
// /proc/self/fd); where it cannot be read, nothing is changed.
func closeInherited() {
	entries, err := os.ReadDir("/dev/fd")
	if err != nil {
		return
	}
	for _, e := range entries {
		if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
			_, _ = unix.FcntlInt(uintptr(fd), unix.F_SETFD, unix.FD_CLOEXEC)
		}
	}
}
