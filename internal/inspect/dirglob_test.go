package inspect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPathGlobWarningsHomeAndRoot: a glob written from the home directory
// (~/.ssh/**, $HOME/.aws/**) or from the project's absolute path matched
// no call's path (those outside the project are absolute, those inside
// relative to its root), and validate said OK.
func TestPathGlobWarningsHomeAndRoot(t *testing.T) {
	t.Setenv("HOME", "/home/me")
	root := filepath.Join(t.TempDir(), "proj")
	if err := os.MkdirAll(filepath.Join(root, "config", "prod"), 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(root, link); err != nil {
		t.Fatal(err)
	}
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		glob, want string // want: the start of the warning, "" for none
	}{
		{"~/.ssh/**", `"~/.ssh/**" begins with ~, which a glob does not expand: a call's paths outside the project are absolute (~ is /home/me), so it matches none of them; write "**/.ssh/**"`},
		{"$HOME/.aws/credentials", `"$HOME/.aws/credentials" begins with $HOME, which a glob does not expand: a call's paths outside the project are absolute ($HOME is /home/me), so it matches none of them; write "**/.aws/credentials"`},
		{"${HOME}/.netrc", `"${HOME}/.netrc" begins with ${HOME}`},
		{root + "/config/prod/**", `"` + root + `/config/prod/**" names the project by its absolute path, while a call's paths inside the project are relative to its root: it matches none of them; write "config/prod/**"`},
		{real + "/.env", `"` + real + `/.env" names the project by its absolute path`},
		{"~", ""},
		{"**/.ssh/**", ""},
		{"/etc/**", ""},
		{root + "x/**", ""},
		{"config/prod/**", ""},
	} {
		got := PathGlobWarnings(link, []string{c.glob})
		if c.want == "" {
			if len(got) != 0 {
				t.Errorf("%q: warned %q", c.glob, got)
			}
			continue
		}
		if len(got) != 1 || !strings.HasPrefix(got[0], c.want) {
			t.Errorf("%q: got %q, want one starting %q", c.glob, got, c.want)
		}
	}
}
