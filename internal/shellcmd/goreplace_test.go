package shellcmd

import (
	"slices"
	"testing"
)

// TestDiskGoReplace: go builds a replaced module from the directory a replace directive names,
// and a workspace's modules from their use directories: main.go importing example.com/lib,
// replaced by ../lib whose init runs rm -rf b, passed a deny of rm -rf under go run .
func TestDiskGoReplace(t *testing.T) {
	const rm = "package lib\n\nimport \"os/exec\"\n\nfunc init() { exec.Command(\"rm\", \"-rf\", \"b\").Run() }\n"
	main := func(imp string) string { return "package main\n\nimport _ \"" + imp + "\"\n\nfunc main() {}\n" }
	files := map[string]string{
		"/p/go.mod":           "module example.com/p\n\nrequire example.com/lib v1.0.0\n\nreplace example.com/lib v1.0.0 => ../lib // local\n",
		"/p/main.go":          main("example.com/lib/sub"),
		"/lib/go.mod":         "module example.com/lib\n",
		"/lib/sub/s.go":       rm,
		"/b/go.mod":           "module b\n\nreplace (\n\tx.org/y => \"/opt/y\"\n\tx.org/z => x.org/z2 v1.2.0\n)\n",
		"/b/main.go":          main("x.org/y"),
		"/opt/y/y.go":         rm,
		"/b/z/main.go":        main("x.org/z"),
		"/w/go.work":          "go 1.22\n\nuse (\n\t./app\n\t./tools\n)\n",
		"/w/app/go.mod":       "module app\n",
		"/w/app/main.go":      main("tools/clean"),
		"/w/tools/go.mod":     "module tools\n",
		"/w/tools/clean/c.go": rm,
		"/w/app/ok/main.go":   main("tools2/clean"),
		"/u/go.mod":           "module u\n\nreplace(x => ../x)\n",
		"/u/main.go":          main("x"),
		"/v/go.mod":           "module v\n\nreplace x => ./x extra\n",
		"/v/main.go":          main("x"),
	}
	p := mustCompile("rm -rf")
	wantListed(t, files, p, Match, []string{`go run .`, `go test ./...`, `cd /b && go run .`, `cd /w/app && go run .`, `cd /w/app && go test .`})
	wantListed(t, files, p, NoMatch, []string{`cd /b && go run ./z`, `cd /w/app && go run ./ok`, `go build .`})
	wantListed(t, files, p, Unknown, []string{`cd /u && go run .`, `cd /v && go run .`})
	l := ParseFiles(`go run .`, POSIX, withList(files))
	if !slices.ContainsFunc(l.Commands, func(c Command) bool { return c.Name == "rm" && c.File == "../lib/sub/s.go" }) {
		t.Errorf("go run .: want rm in ../lib/sub/s.go, got %+v", l.Commands)
	}
}

// TestGoDirectives: the replace and use directives of a go.mod or go.work.
func TestGoDirectives(t *testing.T) {
	r, u, ok := goDirectives("module m\nreplace a v1 => ../a\nreplace (\n\t\"b\" => /b // c\n\tc => d v1.0.0\n)\nuse ./x\nuse (\n\t`./y`\n)\n")
	if !ok || !slices.Equal(r, []goModDir{{"a", "../a"}, {"b", "/b"}}) || !slices.Equal(u, []string{"./x", "./y"}) {
		t.Errorf("got %q %q %v", r, u, ok)
	}
	for _, bad := range []string{"replace a =>\n", "replace a b c => d\n", "use a b\n", "replace(a => b)\n", "replace \"a => ./b\n"} {
		if _, _, ok := goDirectives(bad); ok {
			t.Errorf("%q: read, want not", bad)
		}
	}
}

// FuzzGoDirectives: any text read as a go.mod: no panic, and every replace it reads is by a
// directory.
func FuzzGoDirectives(f *testing.F) {
	f.Add("module m\nreplace a v1 => ../a\nreplace (\n\t\"b\" => /b\n)\nuse ./x\n")
	f.Add("replace(\n")
	f.Fuzz(func(t *testing.T, text string) {
		r, _, ok := goDirectives(text)
		for _, m := range r {
			if !ok || !goLocalDir(m.dir) || m.mod == "" {
				t.Fatalf("%q: read %+v", text, m)
			}
		}
	})
}
