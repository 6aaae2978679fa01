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
