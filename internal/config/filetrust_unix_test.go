//go:build unix

package config

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFileTrust checks the rule for a file of the project a handler runs:
// refused when it, or a directory between it and the tree, is writable by
// every user or owned by another user (root excepted), or when it has a
// second name (a hard link) outside node_modules; a file outside the
// tree, a directory named as a file, and a trusted directory are not.
func TestFileTrust(t *testing.T) {
	t.Setenv(TrustedDirsVar, "")
	tree := t.TempDir()
	dir := filepath.Join(tree, "scripts", "hooks")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "guard.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	chmod := func(p string, m os.FileMode) {
		t.Helper()
		if err := os.Chmod(p, m); err != nil {
			t.Fatal(err)
		}
	}
	check := func(name, path, want string) {
		t.Helper()
		got := ""
		in := tree
		if name == "outside the tree" {
			in = t.TempDir()
		}
		if err := FileTrust(path, in); err != nil {
			got = err.Error()
		}
		if got != want {
			t.Errorf("%s: got %q, want %q", name, got, want)
		}
	}
	check("private", script, "")
	chmod(script, 0o777)
	check("file writable by all", script, script+" is writable by every user: hookrun does not run hooks that someone else can change; if you trust it, add the directory it is in to HOOKRUN_TRUSTED_DIRS")
	check("outside the tree", script, "")
	t.Setenv(TrustedDirsVar, filepath.Join(tree, "scripts"))
	check("trusted", script, "")
	t.Setenv(TrustedDirsVar, "")
	chmod(script, 0o755)
	chmod(tree, 0o777)
	check("tree writable by all", script, tree+" is writable by every user: hookrun does not run hooks that someone else can change; if you trust it, add the directory to HOOKRUN_TRUSTED_DIRS")
	check("a directory named", dir, "")
	chmod(tree, 0o755)
	other := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.Link(script, other); err != nil {
		t.Fatal(err)
	}
	check("hard linked", script, script+" has 2 names (hard links), so a write through another, wherever it is, changes it unseen by a guard on this one (give it a name of its own: cp it to a new file and mv that over it): hookrun does not run hooks that someone else can change; if you trust it, add the directory it is in to HOOKRUN_TRUSTED_DIRS")
	store := filepath.Join(tree, "node_modules", "guards")
	if err := os.MkdirAll(store, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(script, filepath.Join(store, "guard.sh")); err != nil {
		t.Fatal(err)
	}
	check("hard linked from a package manager's store", filepath.Join(store, "guard.sh"), "")
	if err := os.Remove(other); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(tree, "node_modules")); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() == 0 {
		if err := os.Chown(script, 54321, 54321); err != nil {
			t.Fatal(err)
		}
		check("another user's", script, script+" is owned by another user (uid 54321; you are uid 0): hookrun does not run hooks that someone else can change; if you trust it, add the directory it is in to HOOKRUN_TRUSTED_DIRS")
	}
}
