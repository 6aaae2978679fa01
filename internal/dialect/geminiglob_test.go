package dialect

import (
	"slices"
	"strings"
	"testing"
)

// Gemini CLI's read_many_files reads what its include globs match, with
// braces, extended globs and case ignored: the paths handed on must match
// at least that, as callpath expands them.
func TestReadManyPaths(t *testing.T) {
	for _, tc := range []struct {
		include []string
		want    []string
	}{
		{[]string{"config/prod/app.yaml"}, []string{"config/prod/app.yaml", "[cC]onfig/[pP]rod/[aA]pp.yaml"}},
		{[]string{".ENV"}, []string{".ENV", ".[eE]NV"}},
		{[]string{`config\prod\*.yaml`}, []string{"config/prod/*.yaml", "[cC]onfig/[pP]rod/*.yaml"}},
		{[]string{"{.env,README.md}"}, []string{"README.md", "[rR]EADME.md", ".env", ".[eE]nv"}},
		{[]string{"src/{a,{b,c}}.go"}, []string{"src/c.go", "[sS]rc/[cC].go", "src/b.go", "[sS]rc/[bB].go", "src/a.go", "[sS]rc/[aA].go"}},
		{[]string{"x{1..3}"}, []string{"x*"}},
		{[]string{"@(.env|x)", "+(.e)nv"}, []string{"*", "*nv"}},
		{[]string{"{a"}, []string{"**"}},
		{[]string{strings.Repeat("{a,b}", 7)}, []string{"**"}},
		{[]string{strings.Repeat("{", 5000)}, []string{"**"}},
		{[]string{"", "123"}, []string{"123"}},
	} {
		if got := readManyPaths(tc.include); !slices.Equal(got, tc.want) {
			t.Errorf("readManyPaths(%.40q) = %q, want %q", tc.include, got, tc.want)
		}
	}
}

// FuzzReadManyPaths: any include entry gives a bounded list of patterns with
// no brace left, quickly.
func FuzzReadManyPaths(f *testing.F) {
	for _, s := range []string{"{.env,x}", "a/{b,{c,d}}/e", "@(x|y)", `a\b`, "{", "}", "{1..9}", ".ENV"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := readManyPaths([]string{s})
		if len(got) > 2*(maxGlobVariants+1) {
			t.Fatalf("%d patterns for %q", len(got), s)
		}
		for _, p := range got {
			if strings.Contains(p, "{") && len(s) <= maxPathBytes {
				t.Fatalf("pattern %q of %q keeps a brace", p, s)
			}
		}
	})
}
