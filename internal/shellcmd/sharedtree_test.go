package shellcmd

import (
	"reflect"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestTreeUnchangedByReading holds what lets an event's two readings of its command line (without
// its files, for the call's paths; with them, for rules hooks) walk one parsed tree (parseTree):
// reading a line, with or without the files it runs, leaves the tree as the parser made it. A
// reading that changed the tree would make the second one read another line.
func TestTreeUnchangedByReading(t *testing.T) {
	lines := []string{"echo {a,b}c; rm -r{f,} x", "sudo env A=1 bash -c 'rm -rf /' && eval \"rm $X\"", "cat <<EOF | sh\nrm -rf ~\nEOF\n",
		"sh scripts/clean.sh; make -C d; npm test; ./scripts/nested.sh", "for f in *.go; do gofmt -w $f; done > out 2>&1"}
	for _, tc := range mustMatch {
		lines = append(lines, tc.line)
	}
	for _, tc := range mustBeUnknown {
		lines = append(lines, tc.line)
	}
	for _, line := range lines {
		for _, files := range []*Files{nil, memFiles(hostileProject)} {
			forgetLines()
			_ = parseWith(line, POSIX, files)
			fresh, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(line), "")
			if err != nil {
				continue
			}
			if !lastTree.ok || lastTree.src != line {
				t.Fatalf("%q: the line's tree was not kept", line)
			}
			if !reflect.DeepEqual(lastTree.f, fresh) {
				t.Errorf("%q (files: %v): reading the line changed its syntax tree", line, files != nil)
			}
		}
	}
}

// TestEventReadsLineOnce: the reading without files and the one with them (ParseAs, then
// ParseFiles, as one event makes them) share one parse, and each gives what it gives alone.
func TestEventReadsLineOnce(t *testing.T) {
	line := "sh scripts/clean.sh && rm -f out"
	forgetLines()
	alone := parseWith(line, POSIX, memFiles(hostileProject))
	forgetLines()
	plain := parseAs(line, POSIX)
	f := lastTree.f
	files := parseWith(line, POSIX, memFiles(hostileProject))
	if lastTree.f != f {
		t.Fatal("the second reading parsed the line again")
	}
	if !reflect.DeepEqual(files, alone) {
		t.Errorf("with files after a plain reading:\n%+v\nalone:\n%+v", files, alone)
	}
	forgetLines()
	if again := parseAs(line, POSIX); !reflect.DeepEqual(again, plain) {
		t.Errorf("plain reading with a fresh parse:\n%+v\nshared:\n%+v", again, plain)
	}
	if len(files.Commands) <= len(plain.Commands) {
		t.Errorf("the reading with files found %d commands, the plain one %d: the files were not read", len(files.Commands), len(plain.Commands))
	}
}

// forgetLines drops every line kept for the next reading, so that a benchmark or a test reads
// (and parses) the line afresh.
func forgetLines() {
	lastTree.Lock()
	lastTree.ok, lastTree.f = false, nil
	lastTree.Unlock()
	last.Lock()
	last.ok = false
	last.Unlock()
	lastFiles.Lock()
	lastFiles.ok = false
	lastFiles.Unlock()
}
