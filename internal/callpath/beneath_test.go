package callpath

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBeneathAsRel holds beneath, inside's short way, to filepath.Rel: where it answers, it gives
// what filepath.Rel gives, and it answers for every clean absolute path beneath a clean root;
// cleanBeneath gives what beneath gives for every clean p.
func TestBeneathAsRel(t *testing.T) {
	for _, tc := range []struct {
		p, root string
		ok      bool
	}{
		{"/p/a/b", "/p", true}, {"/p", "/p", true}, {"/a", "/", true}, {"/", "/", true},
		{"/pa/b", "/p", false}, {"/q/a", "/p", false}, {"/p/../x", "/p", false}, {"/p/a/", "/p", false},
		{"p/a", "p", false}, {"/p/a", "/p/", false}, {"/p//a", "/p", false},
	} {
		rel, ok := beneath(tc.p, tc.root)
		if ok != tc.ok {
			t.Errorf("beneath(%q, %q) = %q, %v; want ok %v", tc.p, tc.root, rel, ok, tc.ok)
		}
		if want, err := filepath.Rel(tc.root, tc.p); ok && (err != nil || rel != want) {
			t.Errorf("beneath(%q, %q) = %q; filepath.Rel gives %q, %v", tc.p, tc.root, rel, want, err)
		}
		if crel, cok := cleanBeneath(tc.p, tc.root); isClean(tc.p) && (crel != rel || cok != ok) {
			t.Errorf("cleanBeneath(%q, %q) = %q, %v; beneath gives %q, %v", tc.p, tc.root, crel, cok, rel, ok)
		}
	}
}

// TestIsClean holds isClean, and clean, to filepath.Clean: the listed paths, and every absolute
// path of up to 8 bytes written with /, . and a.
func TestIsClean(t *testing.T) {
	paths := []string{"/", "/a", "/a/b", "/a/", "//a", "/a//b", "/./a", "/a/.", "/a/..", "/a/../b", "/.a", "/a..", "/a/.b/..c", "/..", "/...", "/a/...", "/a./b", "a", ".", "", "a/../b"}
	for n, tails := 1, []string{""}; n < 8; n++ {
		var next []string
		for _, tail := range tails {
			for _, c := range []string{"/", ".", "a"} {
				next = append(next, tail+c)
			}
		}
		tails = next
		for _, tail := range tails {
			paths = append(paths, "/"+tail)
		}
	}
	for _, p := range paths {
		if got, want := isClean(p), filepath.Clean(p) == p; got != want {
			t.Errorf("isClean(%q) = %v, filepath.Clean gives %q", p, got, filepath.Clean(p))
		}
		if got, want := clean(p), filepath.Clean(p); got != want {
			t.Errorf("clean(%q) = %q, filepath.Clean gives %q", p, got, want)
		}
	}
}

// TestResolveJoinsAsFilepathJoin holds resolve's join of a directory's resolved path and a name
// (a concatenation when the directory is clean) to filepath.Join: through a link to /, a link to
// a directory, a link loop (followIn gives the path back as written), and missing directories.
func TestResolveJoinsAsFilepathJoin(t *testing.T) {
	root := identityProject(t)
	for name, to := range map[string]string{"top": "/", "loop": "loop", "up": ".."} {
		if err := os.Symlink(to, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	var r resolver
	for _, rel := range []string{"src/a.go", "docs/hk/guard.sh", "top/tmp", "top/x", "loop/x", "loop/a/../x", "up/x", "missing/x", "missing/../src/a.go", "src/../docs/hk/x", "docs/hk/../x", ".system/hooks/a.yaml"} {
		p := root + "/" + rel
		i := strings.LastIndexByte(p, '/')
		dir := followIn(p[:i], "")
		want := filepath.Join(dir, p[i+1:])
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			if fi, err := os.Lstat(want); err == nil && fi.Mode()&os.ModeSymlink != 0 {
				want = followIn(want, "")
			}
		}
		if got := r.resolve(p); got != want {
			t.Errorf("resolve(%q) = %q, want %q", p, got, want)
		}
	}
}
