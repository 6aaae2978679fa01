//go:build unix

package emit

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/exitcode"
)

// --context FIFO that no one opens for writing: opening it waits for a
// writer, and that wait is bounded as reading is, and a signal ends it
// (before, emit hung in open(2), past SIGTERM, until SIGKILL).
func TestContextFIFOWithoutWriter(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "ctx")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("skipped: mkfifo: %v", err)
	}
	defer func(d time.Duration) { ContextTimeout = d }(ContextTimeout)
	ContextTimeout = 50 * time.Millisecond
	_, err := ReadContext(context.Background(), nil, fifo, nil)
	if exitcode.Of(err) != exitcode.Error || err == nil || !strings.Contains(err.Error(), "--context "+fifo+": no one opened it for writing within 50ms") {
		t.Errorf("no writer: error %v (exit %d), want the wait named, exit 1", err, exitcode.Of(err))
	}

	ContextTimeout = time.Hour
	ctx, cancel := context.WithCancelCause(context.Background())
	caught := func() { cancel(Interrupt{Signal: syscall.SIGTERM}) } // the signal comes as the wait starts
	_, err = ReadContext(ctx, nil, fifo, caught)
	if exitcode.Of(err) != exitcode.Terminated || err == nil || !strings.Contains(err.Error(), "interrupted by SIGTERM: while opening the context") {
		t.Errorf("SIGTERM: error %v (exit %d), want interrupted, exit %d", err, exitcode.Of(err), exitcode.Terminated)
	}

	// A writer that comes: its context is read. (Another FIFO: the opens
	// given up above still wait on the first, and would take the writer.)
	fifo = filepath.Join(t.TempDir(), "ctx2")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	go func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.WriteString(`{"ability_id":"shell"}`)
			f.Close()
		}
	}()
	data, err := ReadContext(context.Background(), nil, fifo, nil)
	if err != nil || string(data) != `{"ability_id":"shell"}` {
		t.Errorf("with a writer: %q, %v; want the context", data, err)
	}
}
