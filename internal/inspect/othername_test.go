package inspect

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// On a machine with python3 and no python (Debian, Ubuntu, macOS since
// 12.3), command: python, a shell line that starts with python and a
// script whose #! line is /usr/bin/env python are not found: validate
// names the other name, which is on PATH.
func TestCheckCommandNamesTheOtherName(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a #! script stands for python3")
	}
	bin, root := t.TempDir(), t.TempDir()
	write := func(p, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(bin, "python3"), "#!/bin/sh\nexit 0\n")
	write(filepath.Join(root, "scripts", "hooks", "env.py"), "#!/usr/bin/env python\nprint('{}')\n")
	write(filepath.Join(root, "scripts", "hooks", "g.py"), "print('{}')\n")
	t.Setenv("PATH", bin)
	for _, tc := range []struct {
		command string
		args    []string
		want    string
	}{
		{"python", []string{"scripts/hooks/g.py"}, "command not found: python is neither in the project root " + root + " nor on PATH (python3 is: did you mean python3?)"},
		{"python scripts/hooks/g.py", nil, "command not found: python is neither in the project root " + root + " nor on PATH (python3 is: did you mean python3?)"},
		{"./scripts/hooks/env.py", nil, "./scripts/hooks/env.py runs python through env on its #! line, but python is not on PATH: install it, or name the interpreter by its path on the #! line (python3 is: did you mean python3?)"},
		{"ruby scripts/hooks/g.rb", nil, "command not found: ruby is neither in the project root " + root + " nor on PATH"},
		{"python3", []string{"scripts/hooks/g.py"}, ""},
	} {
		err := checkCommand(tc.command, tc.args, tc.args != nil, root)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s %q:\n got %s\nwant %s", tc.command, tc.args, got, tc.want)
		}
	}
}
