//go:build unix

package inspect

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// validate reads a guard's script without blocking: a script that is a
// FIFO when it is opened (swapped in after handlerFiles saw a file) is not
// read, and never holds validate waiting for a writer.
func TestGuardScriptReadersNeverWait(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "guard.sh")
	if err := syscall.Mkfifo(fifo, 0o755); err != nil {
		t.Skip(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		readsJSONByHand(fifo, jsonKey(), contextFieldNames())
		shellSource(fifo)
		shebangEnvName(fifo)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("reading a FIFO guard script waited for a writer")
	}
}
