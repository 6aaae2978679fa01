package gitchanges

import (
	"strings"
	"testing"
)

func TestParseIndexEntry(t *testing.T) {
	for rec, want := range map[string]indexEntry{
		"h 100644 78981922613b2afb6025042ff6bd878ac1994e85 0\tsrc/a.go":    {assumed: true, mode: "100644", object: "78981922613b2afb6025042ff6bd878ac1994e85", stage: "0", name: "src/a.go"},
		"S 100644 61780798228d17af2d34fce4cfbdf35556832472 0\tsrc/b\tc.go": {skip: true, mode: "100644", object: "61780798228d17af2d34fce4cfbdf35556832472", stage: "0", name: "src/b\tc.go"},
		"s 120000 61780798228d17af2d34fce4cfbdf35556832472 0\tl":           {assumed: true, skip: true, mode: "120000", object: "61780798228d17af2d34fce4cfbdf35556832472", stage: "0", name: "l"},
		"H 100644 61780798228d17af2d34fce4cfbdf35556832472 0\tx":           {mode: "100644", object: "61780798228d17af2d34fce4cfbdf35556832472", stage: "0", name: "x"},
	} {
		if got, ok := parseIndexEntry(rec); !ok || got != want {
			t.Errorf("parseIndexEntry(%q) = %+v, %v; want %+v", rec, got, ok, want)
		}
	}
	for _, rec := range []string{"", "H 100644 x 0", "HH 100644 x 0\ty", "H 100644 x\ty", "H 100644 x 0\t"} {
		if got, ok := parseIndexEntry(rec); ok {
			t.Errorf("parseIndexEntry(%q) = %+v, want not an entry", rec, got)
		}
	}
}

// FuzzParseIndexEntry: a record of git ls-files -v -s, whose path is a
// name in the repository (anything but NUL), is read without a panic, and
// an entry keeps the whole path after the first tab.
func FuzzParseIndexEntry(f *testing.F) {
	f.Add("h 100644 78981922613b2afb6025042ff6bd878ac1994e85 0\tsrc/a.go")
	f.Add("S 160000 61780798228d17af2d34fce4cfbdf35556832472 0\tsub\tmodule")
	f.Fuzz(func(t *testing.T, rec string) {
		e, ok := parseIndexEntry(rec)
		if !ok {
			return
		}
		if _, name, _ := strings.Cut(rec, "\t"); e.name != name || name == "" {
			t.Fatalf("path %q, want %q", e.name, name)
		}
		if e.skip && !strings.ContainsAny(rec[:1], "Ss") {
			t.Fatalf("skip-worktree from tag %q", rec[:1])
		}
	})
}
