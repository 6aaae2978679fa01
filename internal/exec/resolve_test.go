//go:build unix

package exec

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A bare program name is looked up on PATH first, as a shell does: a file
// of the same name in the project root (the repository's, which an agent
// can write) never shadows it, and is found only when PATH has none.
func TestProgramPrefersPATHToTheProjectRoot(t *testing.T) {
	bin, root := t.TempDir(), t.TempDir()
	for _, f := range []string{filepath.Join(bin, "tool"), filepath.Join(root, "tool"), filepath.Join(root, "mine")} {
		if err := os.WriteFile(f, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", bin)
	tests := []struct{ name, want, err string }{
		{"tool", filepath.Join(bin, "tool"), ""},
		{"mine", filepath.Join(root, "mine"), ""},
		{"./tool", filepath.Join(root, "tool"), ""},
		{filepath.Join(bin, "tool"), filepath.Join(bin, "tool"), ""},
		{"absent", "absent", "command not found: absent is neither in the project root " + root + " nor on PATH"},
	}
	for _, tt := range tests {
		got, err := Program(tt.name, root)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if got != tt.want || msg != tt.err {
			t.Errorf("Program(%q) = %q, %v\nwant %q, %s", tt.name, got, err, tt.want, tt.err)
		}
	}
}

// A relative PATH entry (".", an empty one, "bin") names a directory of
// wherever hookrun runs, the repository's root: a program there is never
// taken for a bare name before the absolute entries are searched, however
// the caller's PATH is ordered (PATH=.:$PATH, or a stray "::").
func TestProgramSkipsRelativePATHEntries(t *testing.T) {
	bin, root := t.TempDir(), t.TempDir()
	for _, f := range []string{filepath.Join(bin, "tool"), filepath.Join(root, "tool"), filepath.Join(root, "bin", "tool")} {
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(root)
	for _, path := range []string{".:" + bin, ":" + bin, "bin:" + bin, "./bin::" + bin} {
		t.Setenv("PATH", path)
		if got, err := Program("tool", root); got != filepath.Join(bin, "tool") || err != nil {
			t.Errorf("PATH=%s: Program(tool) = %q, %v; want %s", path, got, err, filepath.Join(bin, "tool"))
		}
	}
}

// Every process hookrun starts gets the caller's PATH without its relative
// entries: a #!/usr/bin/env line, or a command a guard's script runs, is
// looked up as Program looks up a bare name, never in the repository.
func TestRunDropsRelativePATHEntries(t *testing.T) {
	o := Run(t.Context(), Spec{
		Command: "/bin/sh", Args: []string{"-c", `printf %s "$PATH"`}, HasArgs: true, Dir: t.TempDir(),
		Env:     []string{"A=1", "PATH=.:/usr/bin::bin:./x:/bin:", "B=2"},
		Timeout: time.Minute,
	}, DefaultLimits)
	if o.Failure != None || string(o.Stdout) != "/usr/bin:/bin" {
		t.Errorf("failure %v %v, PATH seen %q; want /usr/bin:/bin", o.Failure, o.Err, o.Stdout)
	}
}
