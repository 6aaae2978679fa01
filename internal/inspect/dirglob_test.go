package inspect

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
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

// TestDepthWarningWalksEachDirOnce: the depth warning walked the project
// (up to maxGlobWalk entries) once per glob: 50 globs without a / took
// validate from 0.25 s to 1.5-2.5 s on a project of 50,000 files. Each
// directory is now walked once for all the globs of every hook, and the
// warnings are those the walk per glob gave.
func TestDepthWarningWalksEachDirOnce(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"app/.env", "app/key.pem", "config/prod/eu/app.yaml", "src/a.go"} {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tr := newTree(root)
	var lists [][]string
	for i := range 50 {
		lists = append(lists, []string{fmt.Sprintf("secret%d.txt", i), "config/prod/*"})
	}
	lists = append(lists, []string{".env", "*.pem", "config/prod/*.yaml"}, []string{".env", "**/.env"})
	var got []string
	for _, globs := range lists {
		for i := range globs {
			if msg := pathGlobWarning(tr, globs, i); msg != "" {
				got = append(got, msg)
			}
		}
	}
	want := []string{
		`".env" has no /, so it matches at the project root only, not app/.env: a glob is not a .gitignore pattern, which matches in every directory; write "**/.env" for every directory, or "./.env" for the root alone`,
		`"*.pem" has no /, so it matches at the project root only, not app/key.pem: a glob is not a .gitignore pattern, which matches in every directory; write "**/*.pem" for every directory, or "./*.pem" for the root alone`,
		`"config/prod/*.yaml" does not match config/prod/eu/app.yaml: * stops at a /, so each * matches within one directory; write "config/prod/**/*.yaml" to match at any depth beneath config/prod`,
	}
	wantAll := append(slices.Repeat([]string{`"config/prod/*" does not match config/prod/eu/app.yaml: * stops at a /, so each * matches within one directory; write "config/prod/**" to match at any depth beneath config/prod`}, 50), want...)
	if !slices.Equal(got, wantAll) {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantAll, "\n"))
	}
	if tr.walks != 2 {
		t.Errorf("walked %d directories, want 2 (the root, config/prod)", tr.walks)
	}
}
