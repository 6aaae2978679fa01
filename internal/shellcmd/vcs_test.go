package shellcmd

import (
	"strings"
	"testing"
)

// TestOtherVCS: a jj, Mercurial (hg, Sapling's sl) or Subversion command that may rewrite the
// work tree (update to another revision, revert, restore, an undone operation) names files only
// known when it runs; those that leave the work tree alone name nothing more.
func TestOtherVCS(t *testing.T) {
	for _, tc := range []struct{ line, unknown string }{
		{"jj edit abc", "jj edit may change the working copy's files to a revision's, only known when it runs"},
		{"jj new main", "jj new may change the working copy's files"},
		{"jj restore", "jj restore may change"},
		{"jj undo", "jj undo may change"},
		{"jj op restore abc", "jj op restore may change"},
		{"jj -R . --config x=y abandon", "jj abandon may change"},
		{"jj workspace add ../w", "jj workspace add may change"},
		{"jj git init --colocate", "jj git init may change"},
		{"hg update -C default", "hg update may change"},
		{"hg --cwd sub revert --all", "hg revert may change"},
		{"hg pull -u", "hg pull may change"},
		{"hg import /tmp/x.patch", "hg import may change"},
		{"sl goto main", "sl goto may change"},
		{"svn update", "svn update may change"},
		{"svn checkout https://x/repo .", "svn checkout may change"},
		{"sudo hg up tip", "hg up may change"},
		{"jj $sub", "the path $sub is only known"},

		{"jj st", ""},
		{"jj log -r ::@", ""},
		{"jj diff --git", ""},
		{"jj describe -m 'fix the build'", ""},
		{"jj commit -m msg", ""},
		{"jj new", ""},
		{"jj new -m next", ""},
		{"jj bookmark set main -r @-", ""},
		{"jj git push --bookmark main", ""},
		{"jj git fetch", ""},
		{"jj op log", ""},
		{"jj --ignore-working-copy edit abc", ""},
		{"hg status", ""},
		{"hg log -l 5", ""},
		{"hg diff -r tip", ""},
		{"hg commit -m msg", ""},
		{"hg pull", ""},
		{"hg push", ""},
		{"svn status", ""},
		{"svn log -l 3", ""},
		{"svn diff", ""},
		{"svn commit -m msg", ""},
	} {
		got := Parse(tc.line).UnknownPaths
		switch {
		case tc.unknown == "" && len(got) > 0:
			t.Errorf("Parse(%q).UnknownPaths = %q, want none", tc.line, got)
		case tc.unknown != "" && (len(got) == 0 || !strings.Contains(got[0], tc.unknown)):
			t.Errorf("Parse(%q).UnknownPaths = %q, want one with %q", tc.line, got, tc.unknown)
		}
	}
}
