package callpath

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookrun/hookrun/internal/shellcmd"
)

// identityProject is a project whose handler scripts are reached by other names: docs/hk is a
// symbolic link to scripts/hooks (a repository can ship one), and hard.sh a hard link to the
// guard script.
func identityProject(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	for _, d := range []string{"scripts/hooks", "docs", "src"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"scripts/hooks/guard.sh", "src/a.go"} {
		if err := os.WriteFile(filepath.Join(root, f), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("../scripts/hooks", filepath.Join(root, "docs/hk")); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(filepath.Join(root, "scripts/hooks/guard.sh"), filepath.Join(root, "hard.sh")); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	// A package store's hard link, as pnpm installs one.
	if err := os.MkdirAll(filepath.Join(root, "node_modules/x"), 0o755); err != nil {
		t.Fatal(err)
	}
	store := filepath.Join(t.TempDir(), "package.json")
	if err := os.WriteFile(store, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(store, filepath.Join(root, "node_modules/x/package.json")); err != nil {
		t.Fatal(err)
	}
	return root
}

// TestOfPhysicalParent: a ".." after a symbolic link climbs from where the link leads, as the
// kernel resolves it, whether the path, a cd before it or the call's own cwd spells it:
// docs/hk/../hooks/guard.sh is scripts/hooks/guard.sh. The spelling cleaned as text is listed too
// (bash's logical cd goes there).
func TestOfPhysicalParent(t *testing.T) {
	root := identityProject(t)
	reachGuard(t, root, []call{
		{[]string{"docs/hk/../hooks/guard.sh"}, "", ""},
		{[]string{"hooks/guard.sh"}, "", "docs/hk/.."},
		{[]string{"hooks/guard.sh"}, "", root + "/docs/hk/.."},
		{nil, "echo x > docs/hk/../hooks/guard.sh", ""},
		{nil, "cd docs && echo x > hk/../hooks/guard.sh", ""},
		{nil, "cd -P docs/hk/.. && echo x > hooks/guard.sh", ""},
		{nil, "cd docs/hk && cd .. && rm hooks/guard.sh", ""},
		{nil, "cd docs && rm -rf hk/../hooks", ""},
		{nil, "echo x > hooks/guard.sh", "docs/hk/.."},
	})
}

// call is what Of is given: the paths a caller sent, a command line, the directory it runs in.
type call struct {
	given   []string
	command string
	cwd     string
}

// reachGuard checks that each call names the guard script of identityProject's root.
func reachGuard(t *testing.T, root string, calls []call) {
	t.Helper()
	const want = "scripts/hooks/guard.sh"
	for _, tc := range calls {
		got, _ := Of(tc.given, tc.command, shellcmd.POSIX, tc.cwd, root, nil)
		if !slices.Contains(got, want) {
			t.Errorf("Of(%q, %q, cwd %q) = %q, want it to hold %q", tc.given, tc.command, tc.cwd, got, want)
		}
	}
}

// TestOfHardLinks: a file with more than one name (a hard link) changes under all of them, and
// hookrun cannot list the others: writing hard.sh writes the guard script. A call naming one is
// only known when it runs; a file with one name is not, nor a directory (which always has more).
func TestOfHardLinks(t *testing.T) {
	root := identityProject(t)
	for _, tc := range []struct {
		given   []string
		command string
		want    string
	}{
		{[]string{"hard.sh"}, "", `"hard.sh" is a file with 2 names (hard links): a change through one changes it under the others, which hookrun cannot list`},
		{[]string{root + "/hard.sh"}, "", `"hard.sh" is a file with 2 names (hard links): a change through one changes it under the others, which hookrun cannot list`},
		{nil, "echo x > hard.sh", `"hard.sh" is a file with 2 names (hard links): a change through one changes it under the others, which hookrun cannot list`},
		{nil, "sed -i s/x/y/ h*.sh", `"hard.sh" is a file with 2 names (hard links): a change through one changes it under the others, which hookrun cannot list`},
		{[]string{"src/a.go"}, "", ""},
		{nil, "echo x > src/a.go && go build ./...", ""}, // go test would run the Go file the line writes: unknown (goprograms.go)
		{nil, "ls src docs", ""},
		{nil, "cat node_modules/x/package.json", ""},
	} {
		_, got := Of(tc.given, tc.command, shellcmd.POSIX, "", root, nil)
		if got != tc.want {
			t.Errorf("Of(%q, %q) unknown = %q, want %q", tc.given, tc.command, got, tc.want)
		}
	}
}

// TestOfProcCWD: /proc/self/cwd (and thread-self's, and a path that reaches either through
// /dev/fd/../..) is the working directory of the process that opens it: the call's, not hookrun's.
// From src, /proc/self/cwd/../scripts/hooks/guard.sh is the guard script.
func TestOfProcCWD(t *testing.T) {
	if _, err := os.Stat("/proc/self/cwd"); err != nil {
		t.Skip("no /proc here")
	}
	root := identityProject(t)
	reachGuard(t, root, []call{
		{[]string{"/proc/self/cwd/../scripts/hooks/guard.sh"}, "", "src"},
		{nil, "echo x > /proc/self/cwd/../scripts/hooks/guard.sh", "src"},
		{nil, "echo x > /proc/thread-self/cwd/hooks/guard.sh", "scripts"},
		{nil, "echo x > /dev/fd/../../self/cwd/../scripts/hooks/guard.sh", "src"},
		{nil, "cd src && echo x > /proc/self/cwd/../scripts/hooks/guard.sh", ""},
		{nil, "echo x > /proc/self/cwd/scripts/hooks/guard.sh", ""},
	})
}

// TestOfNUL: a path holding NUL is also the path before it, which a program written in C opens
// (scripts/hooks/guard.sh\x00/../../../src/a.go is the guard script to it, src/a.go cleaned).
func TestOfNUL(t *testing.T) {
	got, _ := Of([]string{"scripts/hooks/guard.sh\x00/../../../src/a.go"}, "", shellcmd.POSIX, "", "/p", nil)
	if !slices.Contains(got, "scripts/hooks/guard.sh") {
		t.Errorf("Of = %q, want it to hold scripts/hooks/guard.sh", got)
	}
}

// TestOfHardLinksBeneath: a command that writes every file beneath a directory, or the ones
// find picks there, writes through a hard link found there as through one it names: find
// /tmp/q -exec cp new {} \; changes the guarded file /tmp/q/a.go is another name of, where
// cpio -pdl or a script's os.link put it, and so may an archive unpacked there (tar --overwrite
// and Python's zipfile open an existing file and write it). Deleting such a file (rm -r, find
// -delete) changes no other name, and is not unknown.
func TestOfHardLinksBeneath(t *testing.T) {
	root := identityProject(t)
	elsewhere := t.TempDir()
	if r, err := filepath.EvalSymlinks(elsewhere); err == nil {
		elsewhere = r
	}
	if err := os.Link(filepath.Join(root, "src/a.go"), filepath.Join(elsewhere, "a.go")); err != nil {
		t.Fatal(err)
	}
	linked := `"` + elsewhere + `/a.go" is a file with 2 names (hard links): a change through one changes it under the others, which hookrun cannot list`
	for _, tc := range []struct {
		command string
		want    string
	}{
		{"find " + elsewhere + " -name 'a*' -exec cp new.go {} \\;", linked},
		{"find " + elsewhere + " -type f -exec sed -i s/1/2/ {} +", linked},
		{"find " + elsewhere + " -execdir truncate -s0 {} +", linked},
		{"cp -r docs/. " + elsewhere, ""},
		{"cp -r src/. " + elsewhere, linked},
		{"tar --overwrite -xf a.tar -C " + elsewhere, linked},
		{"python3 -m zipfile -e a.zip " + elsewhere, linked},
		{"unzip -o a.zip -d " + elsewhere + "/sub", ""},
		{"rm -rf " + elsewhere, ""},
		{"find " + elsewhere + " -name 'a*' -delete", ""},
		{"find " + elsewhere + " -name 'b*' -exec cp new.go {} \\;", ""},
	} {
		_, got := Of(nil, tc.command, shellcmd.POSIX, "", root, nil)
		if got != tc.want {
			t.Errorf("Of(%q) unknown = %q, want %q", tc.command, got, tc.want)
		}
	}
}
