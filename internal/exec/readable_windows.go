package exec

import (
	"errors"
	"os"
	"unsafe"

	"golang.org/x/sys/windows"
)

// peekNamedPipe is kernel32's PeekNamedPipe, which golang.org/x/sys/windows
// does not wrap; it works on anonymous pipes too.
var peekNamedPipe = windows.NewLazySystemDLL("kernel32.dll").NewProc("PeekNamedPipe")

// Readable reports whether a read of f would not wait: data, or the end of
// the pipe (its writers gone), is there to read.
func Readable(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	ready := false
	_ = rc.Control(func(h uintptr) {
		var avail uint32
		ok, _, err := peekNamedPipe.Call(h, 0, 0, 0, uintptr(unsafe.Pointer(&avail)), 0)
		ready = (ok != 0 && avail > 0) || (ok == 0 && errors.Is(err, windows.ERROR_BROKEN_PIPE))
	})
	return ready
}

// noWait: Windows has no FIFOs in the file system, and an open never waits.
const noWait = 0
