package declcache

import "syscall"

// selfExe is the running binary itself, even when the file it was started
// from has since been replaced: one stat, where os.Executable and a stat
// of its answer are two system calls.
const selfExe = "/proc/self/exe"

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
