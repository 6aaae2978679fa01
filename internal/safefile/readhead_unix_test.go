//go:build unix

package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// TestReadHead: a regular file is read whole, or its first max bytes; a missing one is
// fs.ErrNotExist; a FIFO (or a link to one) is refused at once, never waited on.
func TestReadHead(t *testing.T) {
	dir := t.TempDir()
	small, big, fifo := filepath.Join(dir, "small"), filepath.Join(dir, "big"), filepath.Join(dir, "fifo")
	if err := os.WriteFile(small, []byte("echo hi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(big, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := unix.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(fifo, filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if data, whole, err := ReadHead(small, 100); string(data) != "echo hi\n" || !whole || err != nil {
		t.Errorf("small: %q %v %v", data, whole, err)
	}
	if data, whole, err := ReadHead(big, 4); string(data) != "0123" || whole || err != nil {
		t.Errorf("big: %q %v %v", data, whole, err)
	}
	if _, _, err := ReadHead(filepath.Join(dir, "none"), 4); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
	for _, p := range []string{fifo, filepath.Join(dir, "link"), dir} {
		var nr *NotRegularError
		if _, _, err := ReadHead(p, 4); !errors.As(err, &nr) {
			t.Errorf("%s: %v, want not a regular file", p, err)
		}
	}
	// A directory runs nothing: shellcmd reads one a line runs as a missing file.
	if _, _, err := ReadHead(dir, 4); !errors.Is(err, syscall.EISDIR) {
		t.Errorf("directory: %v, want EISDIR", err)
	}
	if _, _, err := ReadHead(fifo, 4); errors.Is(err, syscall.EISDIR) {
		t.Errorf("FIFO: %v is EISDIR", err)
	}
}
