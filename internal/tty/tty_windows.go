package tty

import (
	"os"

	"golang.org/x/sys/windows"
)

// IsTerminal reports whether f is a console: NUL is a character device
// too, and must not count as one.
func IsTerminal(f *os.File) bool {
	var mode uint32
	return windows.GetConsoleMode(windows.Handle(f.Fd()), &mode) == nil
}
