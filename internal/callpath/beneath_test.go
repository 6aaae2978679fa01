package callpath

import (
	"path/filepath"
	"testing"
)

// TestBeneathAsRel holds beneath, inside's short way, to filepath.Rel: where it answers, it gives
// what filepath.Rel gives, and it answers for every clean absolute path beneath a clean root.
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
	}
}

// TestIsClean holds isClean to filepath.Clean.
func TestIsClean(t *testing.T) {
	for _, p := range []string{"/", "/a", "/a/b", "/a/", "//a", "/a//b", "/./a", "/a/.", "/a/..", "/a/../b", "/.a", "/a..", "/a/.b/..c", "/..", "/...", "/a/...", "/a./b"} {
		if got, want := isClean(p), filepath.Clean(p) == p; got != want {
			t.Errorf("isClean(%q) = %v, filepath.Clean gives %q", p, got, filepath.Clean(p))
		}
	}
}
