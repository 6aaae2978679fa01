//go:build unix

package main

import "syscall"

// detachedAttr starts a process in a session of its own, out of its
// parent's process group.
func detachedAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }

func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }
