//go:build unix

package main

import (
	"os"
	"syscall"
)

// detachedAttr starts a process in a session of its own, out of its
// parent's process group.
func detachedAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }

func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }

// lockFile takes an exclusive flock on f, as another hookrun would.
func lockFile(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) }
