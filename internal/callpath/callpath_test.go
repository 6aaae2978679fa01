package callpath

import (
	"slices"
	"testing"
)

func TestOf(t *testing.T) {
	root := "/p"
	for _, tc := range []struct {
		given    []string
		hasGiven bool
		command  string
		cwd      string
		want     []string
	}{
		{nil, false, `rm -rf ./build/ ../outside; cat a > logs/out.txt`, "/p", []string{"build", "/outside", "a", "logs/out.txt"}},
		{nil, false, `sed -i s/a/b/ config/prod/app.yaml`, "/p/sub", []string{"sub/s/a/b", "sub/config/prod/app.yaml"}},
		{[]string{"/p/src/./x.go", "/etc/passwd", "rel/y/"}, true, `ignored`, "", []string{"src/x.go", "/etc/passwd", "rel/y"}},
		{nil, false, `cp .system/hooks/a.yaml /tmp/`, "", []string{".system/hooks/a.yaml", "/tmp"}},
		{nil, false, `ls /p`, "/p", []string{"."}},
	} {
		if got := Of(tc.given, tc.hasGiven, tc.command, tc.cwd, root); !slices.Equal(got, tc.want) {
			t.Errorf("Of(%q, %q) = %q, want %q", tc.given, tc.command, got, tc.want)
		}
	}
}
