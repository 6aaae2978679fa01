package shellcmd

import (
	"slices"
	"testing"
)

// TestSubshellDirs: a cd in a subshell ((…), $(…), <(…), a command run in the background, each
// command of a pipeline but the last) moves that subshell only, and the line goes on where it
// was: cd scripts; (cd /tmp); echo x > hooks/g.sh writes scripts/hooks/g.sh. The last command of
// a pipeline runs in the line's own shell under bash's lastpipe and in zsh, in a subshell
// otherwise: after a cd there the directory is only known when the line runs. pushd and popd
// keep a stack: popd goes back to where the line's own pushd was; popd past it, and the
// stack's +N and -N, are only known when the line runs.
func TestSubshellDirs(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{`cd scripts; (cd /tmp); echo x > hooks/g.sh`, "scripts/hooks/g.sh"},
		{`cd scripts; (cd /tmp; echo y > a); echo x > hooks/g.sh`, "scripts/hooks/g.sh"},
		{`cd scripts; echo $(cd /tmp && pwd) > hooks/g.sh`, "scripts/hooks/g.sh"},
		{`cd scripts; cd /tmp & echo x > hooks/g.sh`, "scripts/hooks/g.sh"},
		{`cd scripts; cd /tmp | true; echo x > hooks/g.sh`, "scripts/hooks/g.sh"},
		{`cd scripts; { cd /tmp; echo y > a; }; echo x > hooks/g.sh`, "/tmp/hooks/g.sh"}, // a group is the line's own shell
		{`pushd scripts; pushd /tmp; popd; echo x > hooks/g.sh`, "scripts/hooks/g.sh"},
		{`pushd scripts && pushd /tmp && popd && popd && cd scripts && echo x > hooks/g.sh`, "scripts/hooks/g.sh"},
	} {
		l := Parse(tc.line)
		if !slices.Contains(l.Paths, tc.want) {
			t.Errorf("Parse(%q).Paths = %q, want it to hold %q", tc.line, l.Paths, tc.want)
		}
		if len(l.UnknownPaths) > 0 {
			t.Errorf("Parse(%q).UnknownPaths = %q, want none", tc.line, l.UnknownPaths)
		}
	}
	for _, tc := range []struct{ line, first string }{
		{`cd scripts; true | cd /tmp; : > hooks/g.sh`, `hooks/g.sh is relative to scripts or /tmp, a directory only known when the line runs`},
		{`pushd scripts; pushd /tmp; pushd +1; : > hooks/g.sh`, `hooks/g.sh is relative to pushd +1, a directory only known when the line runs`},
		{`pushd scripts; popd; popd; : > hooks/g.sh`, `hooks/g.sh is relative to popd, a directory only known when the line runs`},
		{`popd -1; : > hooks/g.sh`, `hooks/g.sh is relative to popd -1, a directory only known when the line runs`},
		{`cd scripts; (cd /tmp); : > hooks/g.sh`, ``},
		{`cd scripts; cat <(cd /tmp; echo) > hooks/g.sh`, `the path <(cd /tmp; echo) is only known when the line runs`},
	} {
		checkFirstUnknown(t, tc.line, tc.first)
	}
}
