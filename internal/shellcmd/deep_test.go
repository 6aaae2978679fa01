package shellcmd

import (
	"strings"
	"testing"
	"time"
)

// deepLines are lines built to make reading them slow or crash it: nesting a parser recurses into
// (Go's stack is not unlimited), and nested words whose every level repeats the source of the levels
// inside it.
var deepLines = map[string]func(n int) string{
	"subshells":     func(n int) string { return strings.Repeat("( ", n) + "rm x" + strings.Repeat(" )", n) },
	"substitutions": func(n int) string { return strings.Repeat("$(", n) + "rm x" + strings.Repeat(")", n) },
	"quoted":        func(n int) string { return strings.Repeat(`"$(`, n) + "rm x" + strings.Repeat(`)"`, n) },
	"dynamic args":  func(n int) string { return strings.Repeat("rm $(", n) + "x" + strings.Repeat(")", n) },
	"groups":        func(n int) string { return strings.Repeat("{ ", n) + "rm x;" + strings.Repeat(" }", n) },
	"ifs":           func(n int) string { return strings.Repeat("if true; then ", n) + "rm x;" + strings.Repeat(" fi;", n) },
	"parameters":    func(n int) string { return "rm " + strings.Repeat("${x:-", n) + "y" + strings.Repeat("}", n) },
}

// TestDeepLinesStayCheap: a line nested 9,900 deep (tens of KB, well within a context's 8 MiB) is read without a crash, is unresolved, and what is said about it stays small. Before, the
// substitutions took minutes (every level's reason quoted the levels inside it) and a million
// subshells overflowed Go's stack, which no recover catches.
func TestDeepLinesStayCheap(t *testing.T) {
	p := mustCompile("rm")
	for name, mk := range deepLines {
		start := time.Now()
		l := parse(mk(9900))
		t.Logf("%s: %v", name, time.Since(start))
		size := 0
		for _, u := range append(l.Unresolved, l.UnknownPaths...) {
			size += len(u)
		}
		if o, _ := p.MatchLine(&l); o == NoMatch || size > 4096 {
			t.Errorf("%s: %v, %d reasons of %d bytes; want a match or unknown, at most 4096 bytes", name, o, len(l.Unresolved)+len(l.UnknownPaths), size)
		}
	}
}

// TestTooManyOpensIsUnresolved: past maxOpens a line is not parsed at all (a million nested
// subshells overflowed Go's stack).
func TestTooManyOpensIsUnresolved(t *testing.T) {
	l := parse(deepLines["subshells"](1000000))
	want := "the line opens more than 10000 brackets and compound commands, too many to read"
	if len(l.Unresolved) != 1 || l.Unresolved[0] != want {
		t.Errorf("unresolved %q, want %q", l.Unresolved, want)
	}
}

// opensByByte is opens as first written, a switch on the word ending at each byte: opens must count
// what it counts, on any text.
func opensByByte(src string) int {
	n := strings.Count(src, "(") + strings.Count(src, "{") + strings.Count(src, "[")
	word := 0
	for i := 0; i <= len(src); i++ {
		if i < len(src) && 'a' <= src[i] && src[i] <= 'z' {
			continue
		}
		switch src[word:i] {
		case "if", "case", "while", "until", "for", "select":
			n++
		}
		word = i + 1
	}
	return n
}

func TestOpensAsByByte(t *testing.T) {
	lines := []string{"", "if", "fi", "if true; then x; fi", "Iif xif ifx for(for[for{", "while;until\nselect\tcase esac",
		"é if é", "for", "x for", "forr", "selects select", "(((", "$(if)", "a b c de fgh ijklmno", line100KB()}
	for _, mk := range deepLines {
		lines = append(lines, mk(50))
	}
	// Random text over the letters and marks that matter.
	const alphabet = "ifcaseworhlntu (){}[];\n\tIF$é"
	seed := uint32(1)
	for range 2000 {
		var b strings.Builder
		for range int(seed % 40) {
			seed = seed*1664525 + 1013904223
			b.WriteByte(alphabet[seed>>24%uint32(len(alphabet))])
		}
		seed = seed*1664525 + 1013904223
		lines = append(lines, b.String())
	}
	for _, l := range lines {
		if got, want := opens(l), opensByByte(l); got != want {
			t.Errorf("opens(%q) = %d, want %d", short(l), got, want)
		}
	}
}
