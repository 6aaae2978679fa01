//go:build unix

package config

import (
	"fmt"
	"os"
	"syscall"
)

// untrusted says why someone other than the person running hookrun could
// change the file st describes, or "" when no one could.
func untrusted(_ string, st os.FileInfo) string {
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return ""
	}
	switch me := uint32(os.Geteuid()); {
	case sys.Uid != me && sys.Uid != 0:
		return fmt.Sprintf("is owned by another user (uid %d; you are uid %d)", sys.Uid, me)
	case st.Mode().Perm()&0o002 != 0 && st.Mode()&os.ModeSticky == 0:
		return "is writable by every user"
	}
	return ""
}
