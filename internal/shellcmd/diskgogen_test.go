package shellcmd

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestDiskGoGenerate: go generate runs the //go:generate directives of the Go files of the
// packages it names (the directory's, ./... every one below it, the files given), each a command
// in the package's directory: //go:generate rm -rf ~ in a Go file passed a deny of rm -rf under
// go generate ./...
func TestDiskGoGenerate(t *testing.T) {
	files := map[string]string{
		"/p/go.mod":                "module x\n",
		"/p/main.go":               "package main\n\n//go:generate stringer -type=T\nfunc main() {}\n",
		"/p/gen/a.go":              "package gen\n\n// not a directive: //go:generate rm -rf ~\n//go:generate go run ./tool\n",
		"/p/gen/b_test.go":         "package gen\n//go:generate -command wipe rm -rf\n//go:generate wipe ~\n",
		"/p/internal/deep/x/c.go":  "package x\n//go:generate sh -c \"rm -rf ~\"\n",
		"/p/testdata/t.go":         "package t\n//go:generate rm -rf ~\n",
		"/p/.hidden/h.go":          "package h\n//go:generate rm -rf ~\n",
		"/p/other/d.go":            "package d\n//go:generate rm $GOFILE ~\n",
		"/p/other/e.go":            "package d\n//go:generate rm -rf ~\n",
		"/q/go.mod":                "module q\n",
		"/q/a.go":                  "package a\n//go:generate rm -rf ~\n",
		"/r/many/x.go":             "package m\n",
		"/s/fifo.go|fifo":          "",
		"/p/internal/deep/x/y.txt": "",
		"/t/ok.go":                 "package t\n//go:generate echo hi\n",
		"/t/testdata/a.go":         "package a\n//go:generate rm -rf ~\n",
		"/t/.x/b.go":               "package b\n//go:generate rm -rf ~\n",
		"/t/_y/c.go":               "package c\n//go:generate rm -rf ~\n",
		"/t/vendor/d.go":           "package d\n//go:generate rm -rf ~\n",
	}
	for i := range maxGoFiles + 1 {
		files[fmt.Sprintf("/r/many/f%d.go", i)] = "package m\n"
	}
	p := mustCompile("rm -rf")
	match := []string{`go generate ./...`, `go generate ./gen`, `go generate ./gen/...`, `go generate -v ./internal/...`,
		`go generate -run stringer ./gen`, `go generate other/e.go`, `go generate ./other`, `cd /q && go generate`,
		`go generate -C /q`, `cd gen && go generate .`, `go -C /q generate`, `go generate /q`,
		`go generate ./testdata`} // named, not matched by ./...: a package as any other
	wantListed(t, files, p, Match, match)
	wantListed(t, files, p, NoMatch, []string{`go generate`, `go generate .`, `go generate main.go`, `go generate -n ./...`,
		`go build ./...`, `go generate other/d.go`, `cd /t && go generate ./...`}) // ./... leaves out testdata, vendor, .x and _y
	wantListed(t, files, p, Unknown, []string{`cd /r && go generate ./...`, `go generate "$P"`, `go generate example.com/x/...`,
		`cd /s && go generate`, `echo '//go:generate rm -rf ~' > z.go && go generate`})
	for _, src := range []string{`go generate ./...`, `go generate`} {
		if l := ParseFiles(src, POSIX, withList(files)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
	l := ParseFiles(`go generate ./gen`, POSIX, withList(files))
	if !slices.ContainsFunc(l.Commands, func(c Command) bool { return c.Name == "rm" && c.File == "gen/b_test.go" }) {
		t.Errorf("go generate ./gen: want rm in gen/b_test.go, got %+v", l.Commands)
	}
}

// wantListed is wantOutcomeIn with the directories listed (withList).
func wantListed(t *testing.T, files map[string]string, p *Pattern, want Outcome, lines []string) {
	t.Helper()
	wantOutcomeFiles(t, func() *Files { return withList(files) }, p, want, lines)
}

// TestDiskGoGenerateSlowListing: a directory whose listing takes longer than the reading's time
// (a stalled mount, a FUSE directory the agent serves) was taken for a file, its package's
// directives left unread and the line allowed; it is unresolved.
func TestDiskGoGenerateSlowListing(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out the 2s reading time")
	}
	files := map[string]string{"/p/go.mod": "module x\n", "/p/slow/a.go": "package a\n//go:generate rm -rf ~\n"}
	f := withList(files)
	list := f.List
	f.List = func(dir string, max int) ([]string, error) {
		if strings.HasSuffix(dir, "slow") {
			time.Sleep(fileReadTime + time.Second)
		}
		return list(dir, max)
	}
	l := ParseFiles(`go generate ./...`, POSIX, f)
	if o, why := mustCompile("rm -rf").MatchLine(&l); o != Unknown {
		t.Errorf("go generate ./... with a slow listing: %v (%s), want unknown", o, why)
	}
}
