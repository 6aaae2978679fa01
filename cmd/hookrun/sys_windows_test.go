package main

import (
	"errors"
	"os"
	"syscall"

	"golang.org/x/sys/windows"
)

// detachedAttr starts a process without its parent's console, in a
// process group of its own; it stays in its parent's job, as nothing
// started in a handler's job can leave it.
func detachedAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{CreationFlags: windows.DETACHED_PROCESS | windows.CREATE_NEW_PROCESS_GROUP}
}

func mkfifo(string) error { return errors.New("no FIFOs in a Windows file system") }

func lockFile(*os.File) error { return errors.New("hrtest holdlock: flock is Unix's") }
