//go:build unix

package config

import (
	"os"
	"syscall"
)

// dirID is an open directory's device and inode, to notice a directory
// reached twice through links.
func dirID(f *os.File) ([2]uint64, bool) {
	st, err := f.Stat()
	if err != nil {
		return [2]uint64{}, false
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return [2]uint64{}, false
	}
	return [2]uint64{uint64(sys.Dev), uint64(sys.Ino)}, true
}
