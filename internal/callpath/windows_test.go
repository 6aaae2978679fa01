//go:build windows

package callpath

import (
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"

	"github.com/hookrun/hookrun/internal/shellcmd"
)

// TestOfWindowsShortNames: an 8.3 short name (.SYSTE~1) is listed by its long name too, so that a
// glob on .system/** sees it. Skipped where the volume makes no short names.
func TestOfWindowsShortNames(t *testing.T) {
	root := t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	long := filepath.Join(root, ".system", "hooks")
	if err := os.MkdirAll(long, 0o755); err != nil {
		t.Fatal(err)
	}
	in, err := syscall.UTF16PtrFromString(filepath.Join(root, ".system"))
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]uint16, 1024)
	n, err := syscall.GetShortPathName(in, &buf[0], uint32(len(buf)))
	short := filepath.Base(syscall.UTF16ToString(buf[:n]))
	if err != nil || short == ".system" {
		t.Skipf("skipped: this volume makes no 8.3 short names (%v)", err)
	}
	got, _ := Of([]string{filepath.Join(root, short, "hooks", "x.yaml")}, "", shellcmd.POSIX, "", root, nil)
	if !slices.Contains(got, ".system/hooks/x.yaml") {
		t.Errorf("Of(%s\\hooks\\x.yaml) = %q, want .system/hooks/x.yaml among them", short, got)
	}
}
