package protocol

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/merge"
)

// A handler whose shell or env did not find python, on a machine with
// only python3 (Debian, Ubuntu, macOS), fails with validate's hint, so
// that the person reading the block's reason knows what to change.
func TestExit127NamesTheOtherName(t *testing.T) {
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "python3"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	const hint = " (python is not on PATH and python3 is: did you mean python3?)"
	for _, tc := range []struct{ stderr, want string }{
		{"sh: 1: python: not found\n", "exited with status 127; stderr: sh: 1: python: not found" + hint},
		{"bash: line 1: python: command not found\n", "exited with status 127; stderr: bash: line 1: python: command not found" + hint},
		{"/usr/bin/env: ‘python’: No such file or directory\n", "exited with status 127; stderr: /usr/bin/env: ‘python’: No such file or directory" + hint},
		{"env: 'python': No such file or directory\n", "exited with status 127; stderr: env: 'python': No such file or directory" + hint},
		// No other name on PATH, or another program missing: no hint.
		{"sh: 1: node: not found\n", "exited with status 127; stderr: sh: 1: node: not found"},
		{"sh: 1: ruby: not found\n", "exited with status 127; stderr: sh: 1: ruby: not found"},
	} {
		rep := Evaluate(event.PreAbilityCall, hk("h", true, config.OnErrorBlock), exited(127, "", tc.stderr))
		if len(rep.Errors) != 1 || rep.Errors[0].Code != merge.CodeExitStatus || rep.Errors[0].Message != "hook h: ./h.sh: "+tc.want {
			t.Errorf("%q: errors %+v, want the message %q", tc.stderr, rep.Errors, tc.want)
		}
	}
}
