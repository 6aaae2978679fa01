package shellcmd

import (
	"slices"
	"testing"
)

// The files a patch names, as every apply_patch reader would take them:
// Codex and Copilot CLI trim each line and want a space after the marker's
// colon; OpenCode 1.18.33 wants none (line.startsWith("*** Add File:"),
// then the rest trimmed), so "*** Add File:.system/x" adds .system/x there.
func TestPatchFiles(t *testing.T) {
	for _, tc := range []struct {
		patch string
		want  []string
	}{
		{"*** Begin Patch\n*** Add File: a.go\n+x\n*** Delete File: b.go\n*** Update File: c.go\n*** Move to: d.go\n*** End Patch", []string{"a.go", "b.go", "c.go", "d.go"}},
		{"*** Begin Patch\n*** Add File:.system/hooks/x.yaml\n+x\n*** End Patch", []string{".system/hooks/x.yaml"}},
		{"*** Add File:\t.system/hooks/x.yaml\r\n*** Delete File:scripts/hooks/g.sh\n*** Update File:a\n*** Move to:.system/hooks/y.yaml", []string{".system/hooks/x.yaml", "scripts/hooks/g.sh", "a", ".system/hooks/y.yaml"}},
		{"  *** Update File: README.md  \n", []string{"README.md"}},
		// Codex keeps what follows "*** Add File: ": a second space is part of the name.
		{"*** Add File:  x.go", []string{" x.go", "x.go"}},
		{"*** Add File:\n*** Add File: \n", nil},
	} {
		if got := PatchFiles(tc.patch); !slices.Equal(got, tc.want) {
			t.Errorf("PatchFiles(%q) = %q, want %q", tc.patch, got, tc.want)
		}
	}
}
