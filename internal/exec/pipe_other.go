//go:build !linux

package exec

import "os"

// pipe is os.Pipe where pipe2 is not available.
func pipe(bool) (r, w *os.File, err error) { return os.Pipe() }
