//go:build unix

package config

import (
	"fmt"
	"github.com/hookrun/hookrun/internal/hardlink"
	"os"
	"syscall"
)

// untrusted says why someone other than the person running hookrun could
// change the file at path, which st describes, or "" when no one could.
// A regular file with a second name (a hard link) is changed by a write
// through that name, wherever it is: a program can make one without
// naming the hooks (cpio -pdl, a script's os.link), and a write through it
// then names no guarded path either.
func untrusted(path string, st os.FileInfo) string {
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return ""
	}
	switch me := uint32(os.Geteuid()); {
	case sys.Uid != me && sys.Uid != 0:
		return fmt.Sprintf("is owned by another user (uid %d; you are uid %d)", sys.Uid, me)
	case st.Mode().Perm()&0o002 != 0 && st.Mode()&os.ModeSticky == 0:
		return "is writable by every user"
	case st.Mode().IsRegular() && hardlink.Names(st) > 1 && !hardlink.InPackageStore(path):
		return fmt.Sprintf("has %d names (hard links), so a write through another, wherever it is, changes it unseen by a guard on this one (give it a name of its own: cp it to a new file and mv that over it)", hardlink.Names(st))
	}
	return ""
}
