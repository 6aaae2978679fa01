package tty

import (
	"io"
	"os"
)

// IsTerminalWriter reports whether w is a terminal.
func IsTerminalWriter(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && IsTerminal(f)
}

// IsTerminalReader reports whether r is a terminal.
func IsTerminalReader(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && IsTerminal(f)
}
