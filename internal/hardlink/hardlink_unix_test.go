//go:build unix

package hardlink

import (
	"os"
	"path/filepath"
	"testing"
)

// TestNames: a file's names are counted as the system counts them, a second one made anywhere.
func TestNames(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.yaml"), filepath.Join(dir, "elsewhere.yaml")
	if err := os.WriteFile(a, []byte("id: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	count := func() uint64 {
		fi, err := os.Stat(a)
		if err != nil {
			t.Fatal(err)
		}
		return Names(fi)
	}
	if n := count(); n != 1 {
		t.Fatalf("Names = %d, want 1", n)
	}
	if err := os.Link(a, b); err != nil {
		t.Fatal(err)
	}
	if n := count(); n != 2 {
		t.Fatalf("after a link: Names = %d, want 2", n)
	}
}

// TestInPackageStore: beneath node_modules or site-packages, not a name that only holds those words.
func TestInPackageStore(t *testing.T) {
	for p, want := range map[string]bool{
		"/p/node_modules/x/guard.yaml":                 true,
		"/p/.venv/lib/python3.12/site-packages/m/x.py": true,
		"/p/.system/hooks/guard.yaml":                  false,
		"/p/my_node_modules/x.yaml":                    false,
		"node_modules/x.yaml":                          false, // relative: no directory above it to tell
	} {
		if got := InPackageStore(p); got != want {
			t.Errorf("InPackageStore(%q) = %v, want %v", p, got, want)
		}
	}
}
