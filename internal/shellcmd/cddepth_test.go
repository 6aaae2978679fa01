package shellcmd

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestCDDepthIsBounded: each relative cd lengthens the directory every later path is joined to,
// so thousands of them (cd a&&cd a&&…, or cd a&&cd ..&&… kept as written) made reading a 96 KB
// line take minutes and a gigabyte, past the agent's timeout, which lets the call through. Past
// maxDirDepth levels the directory is unknown: what a rule checks by name still holds, and the
// paths named from there are unknown, which a paths rule's unresolved decision answers.
func TestCDDepthIsBounded(t *testing.T) {
	deep := fmt.Sprintf(" is relative to the directory the line's cds lead to (more than %d levels deep, which hookrun does not follow), a directory only known when the line runs", maxDirDepth)
	for _, tc := range []struct{ name, step string }{
		{"down", "cd a&&"},
		{"down and up, as written", "cd a&&cd ..&&"},
		{"pushd", "pushd a&&"},
		{"one long cd", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			line := strings.Repeat(tc.step, 96000/max(len(tc.step), 1)) + "rm -rf -f x"
			if tc.step == "" {
				line = "cd " + strings.Repeat("a/", 2000) + "&& rm -rf -f x"
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			l := Parse(line)
			runtime.ReadMemStats(&after)
			if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<20 {
				t.Errorf("reading the line allocated %d MiB", grew>>20)
			}
			listed := 0
			for _, p := range l.Paths {
				listed += len(p)
			}
			if listed > 2*len(line) {
				t.Errorf("the paths listed hold %d bytes, from a line of %d", listed, len(line))
			}
			if !strings.Contains(strings.Join(l.UnknownPaths, "\n"), deep) {
				t.Errorf("unknown paths %q, want %q", l.UnknownPaths, deep)
			}
			p, err := Compile("rm -rf")
			if err != nil {
				t.Fatal(err)
			}
			if o, why := p.MatchLine(&l); o != Match {
				t.Errorf("rm -rf: %v %q, want a match", o, why)
			}
		})
	}
}
