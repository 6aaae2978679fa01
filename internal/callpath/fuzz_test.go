package callpath

import (
	"github.com/hookrun/hookrun/internal/shellcmd"
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
		paths, _ := Of(nil, line, shellcmd.POSIX, "", root, nil)
		for _, p := range paths {
			if p == "" || p == ".." || strings.HasPrefix(p, "../") || !filepath.IsAbs(p) && strings.HasPrefix(p, "/") {
				t.Fatalf("path %q from %q", p, line)
			}
		}
	})
}

// FuzzMatchName: reading any pattern never panics, and it matches at least what Go's own
// filepath.Match matches (bash's reading of the plain cases): more names, never fewer.
func FuzzMatchName(f *testing.F) {
	for _, s := range [][2]string{{".sy[!x]tem", ".system"}, {"[[:alpha:]]*", "a"}, {"[]x]", "]"}, {`a\*`, "a*"}, {"[", "["}, {"*.YAML", "x.yaml"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, pattern, name string) {
		got := matchName(pattern, name)
		if strings.Contains(name, "/") {
			return
		}
		if ok, err := filepath.Match(pattern, name); err == nil && ok && !got {
			t.Fatalf("matchName(%q, %q) = false; filepath.Match says true", pattern, name)
		}
	})
}
