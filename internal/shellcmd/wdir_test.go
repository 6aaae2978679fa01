package shellcmd

import (
	"slices"
	"strings"
	"testing"
)

// TestWrapperDirs: a wrapper that runs its command in another directory (env -C, sudo -D, unshare
// --wd, nsenter --wd, systemd-run --working-directory, wsl --cd) has the command's relative paths
// taken from there, as after a cd, for that command only; one that gives it another root
// (chroot, sudo -R, unshare -R) leaves them unknown.
func TestWrapperDirs(t *testing.T) {
	for _, tc := range []struct{ line, path, unknown string }{
		{line: "env -C scripts rm hooks/guard.sh", path: "scripts/hooks/guard.sh"},
		{line: "env --chdir=scripts rm hooks/guard.sh", path: "scripts/hooks/guard.sh"},
		{line: "env -i -Cscripts FOO=1 rm hooks/guard.sh", path: "scripts/hooks/guard.sh"},
		{line: "sudo -D scripts rm hooks/guard.sh", path: "scripts/hooks/guard.sh"},
		{line: "sudo --chdir scripts -u root rm hooks/guard.sh", path: "scripts/hooks/guard.sh"},
		{line: "unshare --wd=scripts rm hooks/guard.sh", path: "scripts/hooks/guard.sh"},
		{line: "unshare -w scripts rm hooks/guard.sh", path: "scripts/hooks/guard.sh"},
		{line: "nsenter -t 1 --wd=scripts rm hooks/guard.sh", path: "scripts/hooks/guard.sh"},
		{line: "nsenter -wscripts rm hooks/guard.sh", path: "scripts/hooks/guard.sh"},
		{line: "systemd-run --working-directory=scripts rm hooks/guard.sh", path: "scripts/hooks/guard.sh"},
		{line: "cd sub && env -C ../scripts rm hooks/guard.sh", path: "scripts/hooks/guard.sh"},
		{line: "env -C scripts env -C hooks rm guard.sh", path: "scripts/hooks/guard.sh"},
		// git -C runs in the directory too: its pathspecs and file operands are taken from there.
		{line: "git -C scripts rm -f hooks/guard.sh", path: "scripts/hooks/guard.sh"},
		{line: "git -C scripts mv hooks/guard.sh /tmp/g", path: "scripts/hooks/guard.sh"},
		{line: "git -C a -C ../scripts checkout HEAD~1 hooks/guard.sh", path: "scripts/hooks/guard.sh"},
		{line: "env -C $D rm hooks/guard.sh", unknown: "hooks/guard.sh is relative to $D"},
		{line: "chroot scripts /bin/rm /hooks/guard.sh", unknown: "chroot runs its command with scripts as its root"},
		{line: "sudo -R scripts rm /hooks/guard.sh", unknown: "sudo runs its command with scripts as its root"},
		{line: "unshare --root=scripts rm /hooks/guard.sh", unknown: "unshare runs its command with scripts as its root"},
	} {
		l := Parse(tc.line)
		if tc.path != "" && !slices.Contains(l.Paths, tc.path) {
			t.Errorf("Parse(%q).Paths = %q, want %q among them", tc.line, l.Paths, tc.path)
		}
		if tc.unknown != "" && (len(l.UnknownPaths) == 0 || !strings.Contains(l.UnknownPaths[0], tc.unknown)) {
			t.Errorf("Parse(%q).UnknownPaths = %q, want one with %q", tc.line, l.UnknownPaths, tc.unknown)
		}
	}
	// The directory is the wrapped command's only: the next command runs where the line is.
	if l := Parse("env -C scripts true; rm hooks/guard.sh"); slices.Contains(l.Paths, "scripts/hooks/guard.sh") {
		t.Errorf("env -C's directory outlived its command: %q", l.Paths)
	}
	if l := Parse("chroot / ls; sudo -R / ls"); len(l.UnknownPaths) > 0 {
		t.Errorf("a root of / is the root: %q", l.UnknownPaths)
	}
}
