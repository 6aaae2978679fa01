//go:build unix

package config

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A FIFO where the hooks directory (or a group of declarations in it) is
// must not make hookrun wait for a writer: emit would then hang until the
// agent's own timeout, which lets the call through. Files opens a
// directory without waiting, so a FIFO fails at once. Here the FIFO has a
// writer, so that a plain open returns too (and fails only later, reading
// it as a directory) instead of hanging the test.
func TestFilesNeverWaitsOnAFIFOHooksDirectory(t *testing.T) {
	root := t.TempDir()
	hooks := filepath.Join(root, ".system", "hooks")
	if err := os.MkdirAll(filepath.Dir(hooks), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(hooks, 0o644); err != nil {
		t.Skipf("skipped: no FIFOs here: %v", err)
	}
	w, err := os.OpenFile(hooks, os.O_RDWR, 0) // never waits, on Linux
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	_, _, _, err = Files(hooks)
	if want := "reading hooks directory: open " + hooks + ": not a directory"; err == nil || err.Error() != want {
		t.Errorf("Files: %v, want %q: the open itself must refuse a FIFO", err, want)
	}
}
