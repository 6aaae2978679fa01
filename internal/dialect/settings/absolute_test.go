package settings

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestAbsoluteHookrun: install --absolute names the running hookrun by
// its real path, and refuses one the repository or another user could
// replace, which would answer "allow" in hookrun's place.
func TestAbsoluteHookrun(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("modes and links of this test are Unix's")
	}
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(base, "project")
	bin := filepath.Join(base, "bin")
	open := filepath.Join(base, "open")
	for _, d := range []string{filepath.Join(root, "node_modules", "hookrun", "bin"), bin, open} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	mk := func(p string, mode os.FileMode) {
		if err := os.WriteFile(p, []byte("\x7fELF"), mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
	}
	mk(filepath.Join(bin, "hookrun"), 0o755)
	mk(filepath.Join(root, "node_modules", "hookrun", "bin", "hookrun"), 0o755)
	mk(filepath.Join(open, "hookrun"), 0o755)
	if err := os.Chmod(open, 0o777); err != nil {
		t.Fatal(err)
	}
	mk(filepath.Join(bin, "shared"), 0o757)
	if err := os.Symlink(filepath.Join(bin, "hookrun"), filepath.Join(base, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "node_modules", "hookrun", "bin", "hookrun"), filepath.Join(bin, "npmlink")); err != nil {
		t.Fatal(err)
	}
	inside := filepath.Join(root, "node_modules", "hookrun", "bin", "hookrun")
	gone := filepath.Join(base, "gone")
	for _, c := range []struct {
		exe, root, want, err string
	}{
		{exe: filepath.Join(bin, "hookrun"), want: filepath.Join(bin, "hookrun")},
		// A project whose place cannot be told could hold the hookrun: refused, not let by.
		{exe: filepath.Join(bin, "hookrun"), root: gone, err: "--absolute: cannot tell where the project is, to keep the entries from running a hookrun inside it: lstat " + gone + ": no such file or directory"},
		{exe: filepath.Join(base, "link"), want: filepath.Join(bin, "hookrun")},
		{exe: inside, err: "--absolute: the running hookrun, " + inside + ", is inside the project, whose files the repository controls: entries naming it would run whatever the repository puts there; run install with a hookrun installed outside the project (or name the project's own with --hookrun node_modules/.bin/hookrun, knowing that)"},
		// A link outside the project to a hookrun inside it is inside.
		{exe: filepath.Join(bin, "npmlink"), err: "--absolute: the running hookrun, " + inside + ", is inside the project, whose files the repository controls: entries naming it would run whatever the repository puts there; run install with a hookrun installed outside the project (or name the project's own with --hookrun node_modules/.bin/hookrun, knowing that)"},
		{exe: filepath.Join(open, "hookrun"), err: "--absolute: " + open + " is writable by every user (mode -rwxrwxrwx): any of them could replace the hookrun the entries run; install hookrun where only you or root can write"},
		{exe: filepath.Join(bin, "shared"), err: "--absolute: " + filepath.Join(bin, "shared") + " is writable by every user (mode -rwxr-xrwx): any of them could replace the hookrun the entries run; install hookrun where only you or root can write"},
	} {
		if c.root == "" {
			c.root = root
		}
		got, err := AbsoluteHookrun(c.exe, c.root)
		var msg string
		if err != nil {
			msg = err.Error()
		}
		if got != c.want || msg != c.err {
			t.Errorf("AbsoluteHookrun(%s) = %q, %q\nwant %q, %q", c.exe, got, msg, c.want, c.err)
		}
	}
}
