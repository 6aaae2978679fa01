//go:build unix

package exec

import (
	"os"
	"path/filepath"
	"testing"
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
