//go:build !windows

package inspect

import "syscall"

// writable reports whether this user may write the file at path.
func writable(path string) bool { return syscall.Access(path, 2 /* W_OK */) == nil }
