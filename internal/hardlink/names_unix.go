//go:build unix

package hardlink

import (
	"io/fs"
	"syscall"
)

// Names is how many names (hard links) the file fi describes has; 1 when the system does not say.
func Names(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink) // uint32 on some systems
	}
	return 1
}
