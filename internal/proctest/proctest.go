// Package proctest holds what hookrun's process tests share: handlers
// that record their pid in a file, and whether those processes still run.
// Only tests import it.
package proctest

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// RecordPid appends the calling process's pid to file, one per line.
func RecordPid(file string) error {
	f, err := os.OpenFile(file, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(f, os.Getpid())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Pids reads the pids RecordPid appended to file.
func Pids(file string) []int {
	data, _ := os.ReadFile(file)
	var pids []int
	for _, f := range strings.Fields(string(data)) {
		if pid, err := strconv.Atoi(f); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// WaitPids waits up to 30 seconds for file to list n pids, and returns
// those it lists.
func WaitPids(file string, n int) []int {
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if pids := Pids(file); len(pids) >= n {
			return pids
		}
	}
	return Pids(file)
}

// Gone waits up to 5 seconds for pid to stop running, and reports whether it did. A process
// sent SIGKILL ends only once the kernel next runs it, which on a loaded machine can come after
// the process that killed it has exited; one that nothing ended still runs after the wait.
func Gone(pid int) bool {
	for deadline := time.Now().Add(5 * time.Second); Running(pid); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			return false
		}
	}
	return true
}

// GrowLog appends a line to f every interval until stop is called, as
// another writer that holds a log's lock and keeps writing does.
func GrowLog(f *os.File, every time.Duration) (stop func()) {
	done, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		for {
			_, _ = f.WriteString("{}\n")
			select {
			case <-done:
				return
			case <-time.After(every):
			}
		}
	}()
	return func() { close(done); <-stopped }
}
