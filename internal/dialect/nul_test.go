package dialect

import (
	"slices"
	"testing"
)

// TestAnyPathsNUL: a string holding NUL names, to a tool written in C (a char * ends there), the
// file before the NUL: an MCP server that reads "scripts/hooks/g.sh\u0000/../../src/a.go" so
// writes the guard script. Go, Node, Python and Rust refuse such a name; the C reading counts.
func TestAnyPathsNUL(t *testing.T) {
	got := anyPaths([]byte(`{"path":"scripts/hooks/g.sh\u0000/../../src/a.go","n":"\u0000"}`))
	if !slices.Equal(got, []string{"scripts/hooks/g.sh"}) {
		t.Errorf("anyPaths = %q, want [scripts/hooks/g.sh]", got)
	}
}
