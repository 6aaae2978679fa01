package shellcmd

import (
	"strings"
	"testing"
)

// BenchmarkParseMatch100KB parses a 100 KB command line of many commands and matches two patterns
// on it. The target (issue 13) is under 5 ms; it is reported by make bench, not asserted.
func BenchmarkParseMatch100KB(b *testing.B) {
	var sb strings.Builder
	for i := 0; sb.Len() < 100<<10; i++ {
		sb.WriteString(`echo "build $i: $(date +%s)" | grep -v 'skip me' && sudo -u ci timeout 30 rm -rf ./out/tmp-` + strings.Repeat("x", i%7) + "; ")
	}
	line := sb.String()
	patterns := []*Pattern{mustCompile("rm -rf"), mustCompile("rm -r|-R|--recursive -f|--force")}
	b.SetBytes(int64(len(line)))
	b.ResetTimer()
	for b.Loop() {
		l := parse(line) // not Parse, which would answer from its last line
		for _, p := range patterns {
			p.MatchLine(&l)
		}
	}
}

// BenchmarkParseOneLongWord is the other shape of a long line: one 100 KB argument.
func BenchmarkParseOneLongWord(b *testing.B) {
	line := "echo '" + strings.Repeat("x", 100<<10) + "'; rm -rf /"
	p := mustCompile("rm -rf")
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		l := parse(line) // not Parse, which would answer from its last line
		p.MatchLine(&l)
	}
}
