package callpath

import (
	"slices"
	"testing"

	"github.com/hookrun/hookrun/internal/shellcmd"
)

// The git commands that put the work tree's changes in a stash are found, with every directory
// the stash may run in; those that only read or bring a stash back (read as trees) are not. One
// in another repository's name (--git-dir, -c, a GIT_ variable) may change any file.
func TestStashes(t *testing.T) {
	for _, tc := range []struct {
		line  string
		dirs  []string // nil: no stash of the work tree's own repository
		trees []string
	}{
		{"git stash", []string{"."}, nil},
		{"git stash push -m wip", []string{"."}, nil},
		{"git stash save wip", []string{"."}, nil},
		{"git stash -k -q", []string{"."}, nil},
		{"git stash -- .system", []string{"."}, nil},
		{`git stash "$SUB"`, []string{"."}, nil},
		{`git "$SUB"`, []string{"."}, nil},
		{"git -C a -C b stash", []string{".", "a/b"}, nil},
		{"git --work-tree=/w stash", []string{".", "/w"}, nil},
		{"cd docs && git stash", []string{".", "docs"}, nil},
		{"pushd /other; sudo git stash", []string{".", "/other"}, nil},
		{"git -c alias.put=stash put", []string{"."}, nil},
		{"git -c core.worktree=. --no-pager stash", nil, []string{".", "."}},
		{"GIT_DIR=/tmp/x/.git git stash", nil, []string{".", "."}},
		{"git --git-dir=/tmp/x/.git -C sub stash -q", nil, []string{".", "sub"}},
		{"GIT_INDEX_FILE=/tmp/i git stash list", nil, nil},
		{"git stash list", nil, nil},
		{"git stash show -p", nil, nil},
		{"git stash pop", nil, nil},
		{"git stash drop", nil, nil},
		{"git status", nil, nil},
		{"echo git stash", nil, nil},
		{"cd docs", nil, nil},
	} {
		revs, trees := stashes(shellcmd.Parse(tc.line).Commands)
		if !slices.Equal(trees, tc.trees) {
			t.Errorf("%s: trees %q, want %q", tc.line, trees, tc.trees)
		}
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
