package config

import "syscall"

// statID returns the identity of the file at path (following symlinks).
func statID(path string) (fileID, bool) {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		return fileID{}, false
	}
	return fileID{
		dev: uint64(st.Dev), ino: st.Ino, size: uint64(st.Size),
		mtime: st.Mtim.Nano(), ctime: st.Ctim.Nano(),
	}, true
}
