package shellcmd

import (
	"strings"
	"testing"
)

// FuzzParse: nothing a command line holds makes Parse or Match panic, and
// a line that reads cleanly yields commands with a name.
func FuzzParse(f *testing.F) {
	for _, s := range mustMatch {
		f.Add(s)
	}
	for _, s := range mustNotMatch {
		f.Add(s)
	}
	f.Add(`$CMD -rf /`)
	ps := []*Pattern{mustCompile(f, rmRF[0]), mustCompile(f, rmRF[1]), mustCompile(f, "git push --force|-f *")}
	f.Fuzz(func(t *testing.T, src string) {
		l := Parse(src)
		for _, c := range l.Commands {
			if c.Name == "" && len(l.Unresolved) == 0 && !strings.Contains(src, `""`) && !strings.Contains(src, `''`) {
				t.Fatalf("%q: a command with no name %+v", src, c)
			}
			for _, p := range ps {
				p.Match(c)
			}
			c.Operands()
		}
	})
}

// BenchmarkParse100KB is the cost of reading a 100 KB command line and
// matching it: the target is well under 5 ms.
func BenchmarkParse100KB(b *testing.B) {
	var sb strings.Builder
	for sb.Len() < 100<<10 {
		sb.WriteString(`echo "building $x" && make -C src/app all || sudo rm -rf /tmp/build-cache; `)
	}
	src := sb.String()
	ps := []*Pattern{mustCompile(b, rmRF[0]), mustCompile(b, rmRF[1])}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if !matchesAny(Parse(src), ps) {
			b.Fatal("no match")
		}
	}
}
