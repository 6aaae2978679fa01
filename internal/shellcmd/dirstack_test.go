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
		{`cd scripts; true | cd /tmp | true; echo x > hooks/g.sh`, "scripts/hooks/g.sh"},     // a pipe inside a pipe's first side
		{`cd scripts; (echo a | cd /tmp) | true; echo x > hooks/g.sh`, "scripts/hooks/g.sh"}, // and inside its subshell
		{`cd scripts; { cd /tmp; echo y > a; }; echo x > hooks/g.sh`, "/tmp/hooks/g.sh"},     // a group is the line's own shell
		{`pushd scripts; pushd /tmp; popd; echo x > hooks/g.sh`, "scripts/hooks/g.sh"},
		{`pushd scripts && pushd /tmp && popd && popd && cd scripts && echo x > hooks/g.sh`, "scripts/hooks/g.sh"},
		{`pwsh -c 'Push-Location scripts; Push-Location /tmp; Pop-Location; Set-Content hooks/g.sh x'`, "scripts/hooks/g.sh"},
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
		{`cd scripts; { cd /tmp | true; } | cd /x; : > hooks/g.sh`, `hooks/g.sh is relative to scripts or /x, a directory only known when the line runs`},
		{`cd a | cd b | cd c; : > g`, `g is relative to . or c, a directory only known when the line runs`},
		{`pushd scripts; pushd /tmp; pushd +1; : > hooks/g.sh`, `hooks/g.sh is relative to pushd +1, a directory only known when the line runs`},
		{`pushd scripts; popd; popd; : > hooks/g.sh`, `hooks/g.sh is relative to popd, a directory only known when the line runs`},
		{`popd -1; : > hooks/g.sh`, `hooks/g.sh is relative to popd -1, a directory only known when the line runs`},
		{`pwsh -c 'Pop-Location -StackName s; Set-Content hooks/g.sh x'`, `hooks/g.sh is relative to Pop-Location -StackName s, a directory only known when the line runs`},
		{`cd scripts; (cd /tmp); : > hooks/g.sh`, ``},
		{`cd scripts; cat <(cd /tmp; echo) > hooks/g.sh`, `the path <(cd /tmp; echo) is only known when the line runs`},
	} {
		checkFirstUnknown(t, tc.line, tc.first)
	}
}

// TestHomeSet: ~ is the directory HOME names when the shell expands it, and a line that sets HOME
// (an assignment, export, env, read, printf -v, declare) moves it: HOME=$PWD/scripts; echo x >
// ~/hooks/g.sh writes scripts/hooks/g.sh. Its ~ paths are only known when the line runs; so are
// its ~+ paths when it sets PWD, which bash's ~+ expands to.
func TestHomeSet(t *testing.T) {
	for _, tc := range []struct{ line, first string }{
		{`HOME=$PWD/scripts; : > ~/hooks/g.sh`, `~/hooks/g.sh is under ~, the home directory, and the line names HOME, so may set it: only known when it runs`},
		{`export HOME=scripts; : > ~/hooks/g.sh`, `~/hooks/g.sh is under ~, the home directory, and the line names HOME, so may set it: only known when it runs`},
		{`HOME=scripts bash -c ': > ~/hooks/g.sh'`, `~/hooks/g.sh is under ~, the home directory, and the line names HOME, so may set it: only known when it runs`},
		{`env HOME=/x sh -c 'rm ~/a'`, `~/a is under ~, the home directory, and the line names HOME, so may set it: only known when it runs`},
		{`read -r HOME < f; rm ~/a`, `~/a is under ~, the home directory, and the line names HOME, so may set it: only known when it runs`},
		{`printf -v HOME x; rm ~`, `~ is under ~, the home directory, and the line names HOME, so may set it: only known when it runs`},
		{`PWD=/p/scripts; : > ~+/hooks/g.sh`, `~+/hooks/g.sh is under ~+, the working directory, and the line names PWD, so may set it: only known when it runs`},
		{`cd src; export PWD=/p/scripts; rm ~+`, `~+ is under ~+, the working directory, and the line names PWD, so may set it: only known when it runs`},
		{`echo "$PWD"; : > ~+/src/a.go`, ``},
		{`echo "$HOME"; cat ${HOME}/x ~/.bashrc`, ``},
		{`export GOHOME=x HOME_DIR=y; ls ~/src`, ``},
		// The name is read from the line's text, as every way of setting it is (read, printf -v, eval): a line that only
		// names it, as grep's pattern, is counted too, and the reason says "names", not "sets".
		{`env | grep HOME; ls ~/src`, `~/src is under ~, the home directory, and the line names HOME, so may set it: only known when it runs`},
	} {
		checkFirstUnknown(t, tc.line, tc.first)
	}
}

// TestFDDirs: a file descriptor may name a directory (exec 3<scripts), and a path beneath
// /dev/fd/3 or /proc/self/fd/3, or a cd there, reaches what the descriptor names when the line
// runs: only known then.
func TestFDDirs(t *testing.T) {
	for _, tc := range []struct{ line, first string }{
		{`exec 3<scripts; cd /dev/fd/3; : > hooks/g.sh`, `hooks/g.sh is relative to /dev/fd/3, a directory only known when the line runs`},
		{`exec 3<scripts; : > /dev/fd/3/hooks/g.sh`, `the path /dev/fd/3/hooks/g.sh is only known when the line runs`},
		{`: > /proc/self/fd/3/hooks/g.sh`, `the path /proc/self/fd/3/hooks/g.sh is only known when the line runs`},
		{`: > /dev/stdin/hooks/g.sh`, `the path /dev/stdin/hooks/g.sh is only known when the line runs`},
		{`echo x > /dev/fd/2; cat /dev/stdin /proc/self/fd/0`, ``},
	} {
		checkFirstUnknown(t, tc.line, tc.first)
	}
}
