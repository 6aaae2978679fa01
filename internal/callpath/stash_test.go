package callpath

import (
	"slices"
	"testing"

	"github.com/hookrun/hookrun/internal/shellcmd"
)

// The git commands that put the work tree's changes in a stash are found, with every directory
// the stash may run in; those that only read or bring a stash back (read as trees) are not.
func TestStashes(t *testing.T) {
	for _, tc := range []struct {
		line string
		dirs []string // nil: no stash
	}{
		{"git stash", []string{"."}},
		{"git stash push -m wip", []string{"."}},
		{"git stash save wip", []string{"."}},
		{"git stash -k -q", []string{"."}},
		{"git stash -- .system", []string{"."}},
		{`git stash "$SUB"`, []string{"."}},
		{`git "$SUB"`, []string{"."}},
		{"git -C a -C b stash", []string{".", "a/b"}},
		{"git --work-tree=/w stash", []string{".", "/w"}},
		{"cd docs && git stash", []string{".", "docs"}},
		{"pushd /other; sudo git stash", []string{".", "/other"}},
		{"git -c alias.put=stash put", []string{"."}},
		{"git -c x=y --no-pager stash", []string{"."}},
		{"git stash list", nil},
		{"git stash show -p", nil},
		{"git stash pop", nil},
		{"git stash drop", nil},
		{"git status", nil},
		{"echo git stash", nil},
		{"cd docs", nil},
	} {
		revs := stashes(shellcmd.Parse(tc.line).Commands)
		var dirs []string
		for _, r := range revs {
			if r.Rev != "" || r.Guess {
				t.Errorf("%s: %+v is not the work tree", tc.line, r)
			}
			dirs = append(dirs, r.Dir)
		}
		if !slices.Equal(dirs, tc.dirs) {
			t.Errorf("%s: stashes in %q, want %q", tc.line, dirs, tc.dirs)
		}
	}
}
