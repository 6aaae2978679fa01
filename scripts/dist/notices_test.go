package main

import (
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// A module's licence and notice files are found whatever their case and
// suffix; other files are not; a module with none is an error.
func TestLicenceFiles(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"LICENSE.txt": "MIT", "NOTICE": "notice", "COPYING": "gpl?",
		"README.md": "readme", "license_test.go": "package x", "PATENTS": "grant"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, err := licenceFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.name)
	}
	if want := []string{"COPYING", "LICENSE.txt", "NOTICE", "PATENTS"}; !slices.Equal(names, want) {
		t.Errorf("licence files %v, want %v", names, want)
	}
	empty := t.TempDir()
	os.WriteFile(filepath.Join(empty, "README.md"), nil, 0o644)
	if _, err := licenceFiles(empty); err == nil || !strings.Contains(err.Error(), "holds no LICENSE") {
		t.Errorf("a module without a licence: %v, want an error", err)
	}
}

// THIRD_PARTY_LICENSES has Go first, then the modules in path order, each
// licence text whole, and its section titles read back as written.
func TestNotices(t *testing.T) {
	goFiles := []file{{"LICENSE", []byte("Copyright 2009 The Go Authors.\n"), 0o644}}
	mods := []Module{
		{"mvdan.cc/sh/v3", "v3.14.1", []file{{"LICENSE", []byte("BSD-3 sh"), 0o644}}},
		{"github.com/spf13/cobra", "v1.10.2", []file{{"LICENSE.txt", []byte("Apache cobra\n"), 0o644}}},
	}
	n := string(Notices("go1.26.8", goFiles, mods))
	want := []string{"go 1.26.8 (Go's runtime and standard library)", "github.com/spf13/cobra v1.10.2", "mvdan.cc/sh/v3 v3.14.1"}
	if got := NoticeTitles([]byte(n)); !slices.Equal(got, want) {
		t.Errorf("titles %q, want %q", got, want)
	}
	for _, s := range []string{"LICENSE:\n\nCopyright 2009 The Go Authors.\n", "LICENSE.txt:\n\nApache cobra\n", "LICENSE:\n\nBSD-3 sh\n"} {
		if !strings.Contains(n, s) {
			t.Errorf("notices lack %q:\n%s", s, n)
		}
	}
	if strings.Index(n, "Apache cobra") > strings.Index(n, "BSD-3 sh") {
		t.Errorf("modules not in path order:\n%s", n)
	}
	if again := string(Notices("go1.26.8", goFiles, []Module{mods[1], mods[0]})); again != n {
		t.Errorf("the modules' order changed the bytes")
	}
}

// A release without LICENSE is not built.
func TestRunRequiresLicense(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("README.md", []byte("# hookrun\n"), 0o644)
	err := run(t.TempDir(), "v1.0.0", []string{"linux/amd64"})
	if err == nil || err.Error() != "LICENSE is missing: every release archive carries it" {
		t.Errorf("run without LICENSE: %v", err)
	}
}

// Check accepts a release whose archives hold the binary, README.md,
// LICENSE and notices naming exactly the binary's modules, and refuses
// one that lacks a member, differs from its sum, or whose notices leave a
// module out. testdata/linked stands in for hookrun: a test binary records
// no modules, and hookrun takes long to build on a loaded machine.
func TestCheck(t *testing.T) {
	built := filepath.Join(t.TempDir(), "hookrun")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", built, "./testdata/linked")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	bin, err := os.ReadFile(built)
	if err != nil {
		t.Fatal(err)
	}
	goVersion, mods, err := LinkedModules(bin)
	if err != nil {
		t.Fatal(err)
	}
	if len(mods) != 2 {
		t.Fatalf("testdata/linked records modules %v, want doublestar and yaml", mods)
	}
	for i := range mods {
		mods[i].Files = []file{{"LICENSE", []byte("licence of " + mods[i].Path), 0o644}}
	}
	t.Chdir(t.TempDir())
	os.WriteFile("README.md", []byte("# hookrun\n"), 0o644)
	os.WriteFile("LICENSE", []byte("Apache-2.0\n"), 0o644)
	readme := file{"README.md", []byte("# hookrun\n"), 0o644}
	license := file{"LICENSE", []byte("Apache-2.0\n"), 0o644}
	notices := file{NoticesName, Notices(goVersion, nil, mods), 0o644}
	release := func(t *testing.T, files []file, tamper bool) string {
		dir := t.TempDir()
		data, err := TarGz(files, time.Unix(1795412621, 0))
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(data)
		if tamper {
			data = append(data, 'x')
		}
		os.WriteFile(filepath.Join(dir, "hookrun_1.0.0_linux_amd64.tar.gz"), data, 0o644)
		os.WriteFile(filepath.Join(dir, "SHA256SUMS"), fmt.Appendf(nil, "%x  hookrun_1.0.0_linux_amd64.tar.gz\n", sum), 0o644)
		return dir
	}
	exe := file{"hookrun", bin, 0o755}
	if err := Check(release(t, []file{exe, readme, license, notices}, false), os.Stdout); err != nil {
		t.Errorf("a complete release: %v", err)
	}
	short := file{NoticesName, Notices(goVersion, nil, mods[1:]), 0o644}
	for name, c := range map[string]struct {
		files  []file
		tamper bool
		want   string
	}{
		"no LICENSE":        {[]file{exe, readme, notices}, false, "members [README.md THIRD_PARTY_LICENSES hookrun], want [LICENSE README.md THIRD_PARTY_LICENSES hookrun]"},
		"no notices":        {[]file{exe, readme, license}, false, "members [LICENSE README.md hookrun]"},
		"another LICENSE":   {[]file{exe, readme, {"LICENSE", []byte("MIT\n"), 0o644}, notices}, false, "LICENSE differs from the repository's"},
		"a module left out": {[]file{exe, readme, license, short}, false, "THIRD_PARTY_LICENSES covers"},
		"tampered":          {[]file{exe, readme, license, notices}, true, "SHA256SUMS says"},
	} {
		err := Check(release(t, c.files, c.tamper), os.Stdout)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", name, err, c.want)
		}
	}
}
