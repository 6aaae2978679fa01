//go:build !linux && !windows

package tty

import "os"

// IsTerminal reports whether f is a character device, the best guess
// without a terminal ioctl.
func IsTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
