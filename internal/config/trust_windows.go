package config

import (
	"fmt"
	"os"
	"unsafe"

	"golang.org/x/sys/windows"
)

// untrusted says why someone other than the person running hookrun could
// change the file at path, or "" when no one could. Windows has no uid
// and no "others" bits: the file's owner must be this user, the
// administrators or the system (as root is on Unix), and its access list
// must not let everyone, every signed-in user or the Users group write
// it. Where the answer cannot be read, the file is not trusted: hookrun
// fails closed.
func untrusted(path string, _ os.FileInfo) string {
	sd, err := windows.GetNamedSecurityInfo(path, windows.SE_FILE_OBJECT,
		windows.OWNER_SECURITY_INFORMATION|windows.DACL_SECURITY_INFORMATION)
	if err != nil {
		return fmt.Sprintf("has an owner and access list hookrun cannot read (%v)", err)
	}
	owner, _, err := sd.Owner()
	if err != nil || owner == nil {
		return "has no owner hookrun can read"
	}
	me, err := windows.GetCurrentProcessToken().GetTokenUser()
	if err != nil {
		return fmt.Sprintf("cannot be compared with the current user (%v)", err)
	}
	if !owner.Equals(me.User.Sid) && !owner.IsWellKnown(windows.WinBuiltinAdministratorsSid) &&
		!owner.IsWellKnown(windows.WinLocalSystemSid) {
		return fmt.Sprintf("is owned by another user (%s; you are %s)", owner, me.User.Sid)
	}
	dacl, _, err := sd.DACL()
	if err != nil || dacl == nil {
		return "has no access list, so every user may write it"
	}
	for i := uint32(0); i < uint32(dacl.AceCount); i++ {
		var ace *windows.ACCESS_ALLOWED_ACE
		if windows.GetAce(dacl, i, &ace) != nil {
			return "has an access list hookrun cannot read"
		}
		if ace.Header.AceType != windows.ACCESS_ALLOWED_ACE_TYPE || ace.Header.AceFlags&windows.INHERIT_ONLY_ACE != 0 {
			continue // a denial, or one that applies only to what is created inside
		}
		sid := (*windows.SID)(unsafe.Pointer(&ace.SidStart))
		if uint32(ace.Mask)&writeAccess != 0 && (sid.IsWellKnown(windows.WinWorldSid) ||
			sid.IsWellKnown(windows.WinAuthenticatedUserSid) || sid.IsWellKnown(windows.WinBuiltinUsersSid)) {
			return "is writable by every user"
		}
	}
	return ""
}

// writeAccess is every right that lets its holder change a file or what a
// directory holds, or give themselves that right.
const writeAccess = windows.FILE_WRITE_DATA | windows.FILE_APPEND_DATA | windows.FILE_WRITE_EA |
	0x40 /* FILE_DELETE_CHILD */ | windows.DELETE | windows.WRITE_DAC | windows.WRITE_OWNER |
	windows.GENERIC_WRITE | windows.GENERIC_ALL
