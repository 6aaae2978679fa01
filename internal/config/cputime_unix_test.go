//go:build unix

package config

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time this process has used: the "does not hang"
// bounds hold it, not the wall clock, which a loaded machine stretches
// (TestHugeFile's parse took 48 s of wall time under make test at load 45).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// mkfifo makes a FIFO at p.
func mkfifo(p string) error { return syscall.Mkfifo(p, 0o644) }
