package callpath

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzOf names the paths of arbitrary command lines in a small project with a link in it: no panic,
// no empty path, every path relative to the root without "..", or absolute.
func FuzzOf(f *testing.F) {
	for _, s := range []string{`rm .sys*/hooks/*`, `cat sys/../x`, `cd $D && rm x`, `ls /*/*`, `rm [`, `cat ~/x l/../../y`} {
		f.Add(s)
	}
	root := f.TempDir()
	if err := os.MkdirAll(filepath.Join(root, ".system", "hooks"), 0o755); err != nil {
		f.Fatal(err)
	}
	if err := os.Symlink(".system", filepath.Join(root, "sys")); err != nil {
		f.Fatal(err)
	}
	if err := os.Symlink("l", filepath.Join(root, "l")); err != nil { // a loop
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, line string) {
		for _, p := range Of(nil, line, "", root) {
			if p == "" || p == ".." || strings.HasPrefix(p, "../") || !filepath.IsAbs(p) && strings.HasPrefix(p, "/") {
				t.Fatalf("path %q from %q", p, line)
			}
		}
	})
}
