package declcache

import (
	"os"
	"syscall"
)

// selfExe is the running binary itself, even when the file it was started
// from has since been replaced: one stat, where os.Executable and a stat
// of its answer are two system calls.
const selfExe = "/proc/self/exe"

// statID returns the identity of the declaration file at path (following
// symlinks).
func statID(path string) (fileID, bool) {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		return fileID{}, false
	}
	// A file that only HOOKRUN_TRUSTED_DIRS lets run (another user's, one
	// every user may write, one with a second name) is never cached: its
	// trust is decided anew on every load, as the variable may change.
	if me := uint32(syscall.Geteuid()); st.Uid != me && st.Uid != 0 || st.Mode&0o002 != 0 || st.Nlink > 1 {
		return fileID{}, false
	}
	return idOf(&st), true
}

// binaryID returns the identity of the hookrun binary at path.
func binaryID(path string) (fileID, bool) {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		return fileID{}, false
	}
	return idOf(&st), true
}

func idOf(st *syscall.Stat_t) fileID {
	return fileID{
		dev: uint64(st.Dev), ino: st.Ino, size: uint64(st.Size),
		mtime: st.Mtim.Nano(), ctime: st.Ctim.Nano(),
	}
}

// ownCache says whether a cache file is one only this user could have
// written: owned by the effective user, writable by no one else. Another
// user's file (a shared XDG_CACHE_HOME, a cache directory planted with
// mode 777) could say anything about a declaration.
func ownCache(st os.FileInfo) bool {
	sys, ok := st.Sys().(*syscall.Stat_t)
	return ok && sys.Uid == uint32(syscall.Geteuid()) && st.Mode().Perm()&0o022 == 0
}
