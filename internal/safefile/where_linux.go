package safefile

import (
	"os"
	"strconv"
	"strings"
)

// fdPath is the path of the file the descriptor of f is open on, as the
// kernel keeps it.
func fdPath(f *os.File) (string, bool) {
	rc, err := f.SyscallConn()
	if err != nil {
		return "", false
	}
	var (
		real string
		ok   bool
	)
	_ = rc.Control(func(fd uintptr) {
		p, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(int(fd)))
		// Not an absolute path: no /proc, or a file that is no longer
		// anywhere ("/p/x (deleted)" still is one, inside where x was).
		real, ok = p, err == nil && strings.HasPrefix(p, "/")
	})
	return real, ok
}
