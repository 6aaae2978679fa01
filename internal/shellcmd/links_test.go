package shellcmd

import (
	"slices"
	"testing"
)

// TestLineLinks: a path through a symbolic link (or bind mount) the line makes itself names the
// path the link leads to, which no file on disk shows before the line runs: ln -s scripts x && rm
// x/hooks/guard.sh removes scripts/hooks/guard.sh.
func TestLineLinks(t *testing.T) {
	for _, tc := range []struct{ line, path, tree string }{
		{line: "ln -s scripts x && rm x/hooks/guard.sh", path: "scripts/hooks/guard.sh"},
		{line: "ln -sfn scripts x; echo hi > x/hooks/guard.sh", path: "scripts/hooks/guard.sh"},
		{line: "mkdir -p w && ln -s ../scripts w/s && rm w/s/hooks/guard.sh", path: "scripts/hooks/guard.sh"},
		{line: "ln -s scripts x && cd x && rm hooks/guard.sh", path: "scripts/hooks/guard.sh"},
		{line: "ln -s scripts x; ln -s x y; rm y/hooks/guard.sh", path: "scripts/hooks/guard.sh"},
		{line: "ln -s node_modules n && rm -rf n/hookrun", tree: "node_modules/hookrun"},
		{line: "ln -s /home/me/p/scripts x && rm x/hooks/g.sh", path: "/home/me/p/scripts/hooks/g.sh"},
		{line: "ln -s scripts/ dir && rm dir/link/hooks/g.sh", path: "scripts/link/hooks/g.sh"},
		{line: "mkdir d && ln -s ../scripts d && rm d/scripts/hooks/g.sh", path: "scripts/hooks/g.sh"},
		{line: "cp -rs /home/me/p/scripts y && echo x > y/hooks/g.sh", path: "/home/me/p/scripts/hooks/g.sh"},
		{line: "cp -rl scripts y && echo x > y/hooks/guard.sh", path: "scripts/hooks/guard.sh"},
		{line: "mount --bind scripts /mnt/s && rm /mnt/s/hooks/guard.sh", path: "scripts/hooks/guard.sh"},
		{line: "sudo mount -o bind scripts /mnt/s && rm /mnt/s/hooks/guard.sh", path: "scripts/hooks/guard.sh"},
	} {
		l := Parse(tc.line)
		if tc.path != "" && !slices.Contains(l.Paths, tc.path) || tc.tree != "" && !slices.Contains(l.TreePaths, tc.tree) {
			t.Errorf("Parse(%q): Paths %q, TreePaths %q; want %q / %q among them", tc.line, l.Paths, l.TreePaths, tc.path, tc.tree)
		}
	}
}
