//go:build unix

package inspect

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// validate's walk for a root-anchored glob (/config/**) lists the
// project's directories without blocking: a FIFO raced in where a
// directory was (after the walk saw a directory there) fails at once,
// where a plain open, as filepath.WalkDir's, waited for a writer forever.
func TestGlobWalkNeverWaitsOnAFIFO(t *testing.T) {
	root := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(root, "config"), 0o644); err != nil {
		t.Skip(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := listing(root).ReadDir("config")
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, syscall.ENOTDIR) {
			t.Errorf("ReadDir of a FIFO: %v, want ENOTDIR", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("listing a FIFO in place of a directory waited for a writer")
	}
	// The walk itself, over a tree with the FIFO beside a directory it goes into.
	if err := os.MkdirAll(filepath.Join(root, "conf", "prod"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "conf", "prod", "db.yaml"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if !matchesBeneath(root, "conf", "conf/prod/*.yaml") || matchesBeneath(root, "conf", "conf/*.json") {
		t.Error("matchesBeneath does not find conf/prod/db.yaml, or finds what is not there")
	}
}
