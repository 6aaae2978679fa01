//go:build unix

package emit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUntrustedFileShellLine holds that a handler script every user can write is named however
// a shell line spells it: quoted, after cd, fed on stdin, by a pattern, before a ;. A shell line
// split only at blanks checked "./guard.sh" (quotes and all), found no such file and ran it.
func TestUntrustedFileShellLine(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "scripts", "hooks")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "guard.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho '{}'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(script, 0o777); err != nil { // past the umask
		t.Fatal(err)
	}
	for _, line := range []string{
		"./scripts/hooks/guard.sh",
		`"./scripts/hooks/guard.sh"`,
		`'./scripts/hooks/guard.sh' --strict`,
		`sh -c "./scripts/hooks/guard.sh"`,
		"./scripts/hooks/guard.sh;true",
		"sh <scripts/hooks/guard.sh",
		"cd scripts/hooks && ./guard.sh",
		"./scripts/hooks/g*.sh",
	} {
		err := UntrustedFile(line, nil, false, root, root)
		if err == nil || !strings.Contains(err.Error(), script+" is writable by every user") {
			t.Errorf("%s: %v; want %s named as writable by every user", line, err, script)
		}
	}
	if err := UntrustedFile(`echo "{}"`, nil, false, root, root); err != nil {
		t.Errorf("a line naming no file of the project: %v", err)
	}
}
