package exec

import (
	"strings"
	"testing"
)

// FuzzOtherNameHint: a handler's stderr is the handler's (or the repository's) to write.
// Reading it never panics, and a hint only ever names a program of OtherName's, never a
// word of the stderr otherwise.
func FuzzOtherNameHint(f *testing.F) {
	for _, s := range []string{"sh: 1: python: not found\n", "bash: line 1: pip: command not found", "/usr/bin/env: ‘node’: No such file or directory", "env: 'python3': No such file or directory", "", ": : not found"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, stderr []byte) {
		h := OtherNameHint(stderr, "")
		if h == "" {
			return
		}
		for _, n := range []string{"python", "python3", "pip", "pip3", "node", "nodejs"} {
			if strings.HasPrefix(h, " ("+n+" is not on PATH and "+OtherName(n)+" is: did you mean "+OtherName(n)+"?)") {
				return
			}
		}
		t.Errorf("hint %q names no known program", h)
	})
}
