package shellcmd

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// line100KB is a 100 KB command line of many commands, each segment a pipeline, a list, wrappers and
// a substitution.
func line100KB() string {
	var sb strings.Builder
	for i := 0; sb.Len() < 100<<10; i++ {
		sb.WriteString(`echo "build $i: $(date +%s)" | grep -v 'skip me' && sudo -u ci timeout 30 rm -rf ./out/tmp-` + strings.Repeat("x", i%7) + "; ")
	}
	return sb.String()
}

// BenchmarkParseMatch100KB parses a 100 KB command line of many commands and matches two patterns
// on it. The target (issue 13) is under 5 ms; make bench reports it beside
// BenchmarkSyntaxParse100KB, the shell parser alone, rather than a test asserting it.
func BenchmarkParseMatch100KB(b *testing.B) {
	line := line100KB()
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

// BenchmarkSyntaxParse100KB is what no reading of the line can go below: mvdan.cc/sh's parser on it,
// and nothing else.
func BenchmarkSyntaxParse100KB(b *testing.B) {
	line := line100KB()
	b.SetBytes(int64(len(line)))
	b.ResetTimer()
	for b.Loop() {
		if _, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(line), ""); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseOneLongWord is the other shape of a long line: one 100 KB argument.
func BenchmarkParseOneLongWord(b *testing.B) {
	line := "echo '" + strings.Repeat("x", 100<<10) + "'; rm -rf /"
	p := mustCompile("rm -rf")
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		l := parse(line)
		p.MatchLine(&l)
	}
}
