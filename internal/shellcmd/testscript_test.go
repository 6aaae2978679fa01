package shellcmd

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestDiskTestscript: go test of a package that imports testscript runs the lines of its txtar
// files: exec rm -rf b in testdata/script/x.txtar passed a deny of rm -rf under go test ./...,
// as did a builtin rm of a path outside $WORK and an archive's shell script.
func TestDiskTestscript(t *testing.T) {
	const ts = "package a\n\nimport (\n\t\"testing\"\n\n\t\"github.com/rogpeppe/go-internal/testscript\"\n)\n\n" +
		"func TestScripts(t *testing.T) { testscript.Run(t, testscript.Params{Dir: \"testdata/script\"}) }\n"
	files := map[string]string{
		"/p/go.mod":                       "module example.com/p\n",
		"/p/a/a.go":                       "package a\n",
		"/p/a/a_test.go":                  ts,
		"/p/a/testdata/script/exec.txtar": "# wipes\nexec echo hi\n! exec rm -rf b\n-- b/x --\n",
		"/p/b/b_test.go":                  ts,
		"/p/b/testdata/script/ok.txtar":   "exec echo hi\nrm b\nrm $WORK/c\ncp a $WORK/d\nexec shfmt .zshrc -filename=/etc/zprofile\nsymlink a -> ../x\n[!windows] exec go version # rm -rf b\nstdout 'rm -rf b'\n-- a --\nrm -rf b\n",
		"/p/c/c_test.go":                  ts,
		"/p/c/testdata/script/rm.txt":     "[unix] rm /home/u/proj\n",
		"/p/d/d_test.go":                  ts,
		"/p/d/testdata/s.txtar":           "exec sh run.sh\n-- run.sh --\n#!/bin/sh\nrm -rf b\n",
		"/p/e/e_test.go":                  ts,
		"/p/e/testdata/script/cd.txtar":   "cd $HOME\nrm x\n",
		"/p/f/f_test.go":                  "package f\n\nimport \"example.com/p/internal/st\"\n\nfunc TestF(t *testing.T) { st.Run(t) }\n",
		"/p/f/scripts/q.txtar":            "exec 'rm' -rf b\n",
		"/p/internal/st/st.go":            "package st\n\nimport \"rsc.io/script/scripttest\"\n\nvar _ = scripttest.Test\n",
		"/p/g/g_test.go":                  "package g\n\nimport \"testing\"\n\nfunc TestG(t *testing.T) {}\n",
		"/p/g/testdata/x.txtar":           "exec rm -rf b\n",
		"/p/h/h_test.go":                  ts,
		"/p/h/testdata/utf8.txtar":        "cd ${\x8d\nexec rm -rf b\n", // no UTF-8: the lines after it are read too
		"/q/go.mod":                       "module q\n",
		"/q/q_test.go":                    ts,
	}
	for i := range maxGoFiles {
		files[fmt.Sprintf("/q/testdata/s%d.txtar", i)] = "exec echo\n"
	}
	p := mustCompile("rm -rf")
	wantListed(t, files, p, Match, []string{`go test ./...`, `go test ./a`, `go test ./c`, `go test ./d`, `go test ./e`, `go test ./f`, `go test ./h`,
		`cd a && go test -run TestScripts`})
	wantListed(t, files, p, NoMatch, []string{`go test ./b`, `go test ./g`, `go run ./a`, `go test -c ./a`, `go build ./...`,
		`go test ./b > log.txt`, `go test ./b | tee b/log.txt`})
	wantListed(t, files, p, Unknown, []string{`cd /q && go test`, `echo 'exec rm -rf b' > b/testdata/script/new.txtar && go test ./b`,
		`echo 'exec rm -rf b' > b/testdata/new.txt && go test ./b`})
	// A path relative to $WORK names no file of the project's; an absolute one is the line's.
	l := ParseFiles(`go test ./b`, POSIX, withList(files))
	if slices.ContainsFunc(l.Paths, func(p string) bool { return strings.Contains(p, "zshrc") }) || !slices.Contains(l.OptionPaths, "/etc/zprofile") {
		t.Errorf("go test ./b: want /etc/zprofile and no .zshrc, got %q %q", l.Paths, l.OptionPaths)
	}
	if l = ParseFiles(`cd "$WORK" && rm .env`, POSIX, withList(files)); len(l.UnknownPaths) == 0 {
		t.Errorf("cd \"$WORK\" && rm .env: want .env unknown, got %q", l.Paths)
	}
	l = ParseFiles(`go test ./a`, POSIX, withList(files))
	if !slices.ContainsFunc(l.Commands, func(c Command) bool { return c.Name == "rm" && c.File == "a/testdata/script/exec.txtar" }) {
		t.Errorf("go test ./a: want rm in a/testdata/script/exec.txtar, got %+v", l.Commands)
	}
}

// TestTestscriptOf: the shell lines a txtar file's testscript lines stand for.
func TestTestscriptOf(t *testing.T) {
	for _, c := range []struct{ text, script string }{
		{"exec rm -rf $WORK/b\n", "'rm' '-rf' \"${WORK}\"'/b'\n"},
		{"! exec sh -c 'rm -rf b' # c\n", "'sh' '-c' 'rm -rf b'\n"},
		{"[short] [!windows] exec x 'it''s' \"a b\"\n", "'x' 'it'\\''s' '\"a' 'b\"'\n"},
		{"exec bg &\n? exec ${X}y $\n", "'bg'\n\"${X}\"'y' '$'\n"},
		{"rm a $WORK/b $TMPDIR/c\nrm ../x\nrm $GOPATH\n", "rm -rf '../x'\nrm -rf \"${GOPATH}\"\n"},
		{"cd sub\nrm a\ncd /x\nmkdir y\nsymlink a -> b\n", "'cd' 'sub'\n'cd' '/x'\n'mkdir' 'y'\nln -s 'a' '->' 'b'\n"},
		{"# comment\nstdout rm\n\n-- rm --\nexec rm -rf b\n", ""},
		{"exec ${a b} ${1x} ${\n", "\"${__testscript}\" \"${__testscript}\" '${'\n"},
	} {
		if got, _ := testscriptOf(c.text); got != c.script {
			t.Errorf("%q:\n got %q\nwant %q", c.text, got, c.script)
		}
	}
	_, files := testscriptOf("exec x\n-- a.sh --\nrm -rf b\n-- b --\n#!/bin/sh\nls\n-- c --\nrm -rf c\n")
	if len(files) != 2 || files[0].rel != "a.sh" || files[0].text != "rm -rf b\n" || files[1].rel != "b" {
		t.Errorf("archive's scripts: got %+v", files)
	}
}

// FuzzTestscriptOf: any text read as a txtar file: no panic, and the shell script it gives
// parses, one simple command a line (testscript's words, quoted: none is an operator).
func FuzzTestscriptOf(f *testing.F) {
	f.Add("exec rm -rf $WORK/b\n! exec sh -c 'rm -rf ''b''' # x\n-- a.sh --\nrm -rf b\n")
	f.Add("[!windows] cd ${HOME}\nrm x\n")
	f.Add("exec ${ $ '")
	f.Fuzz(func(t *testing.T, text string) {
		script, _ := testscriptOf(text)
		f, err := syntax.NewParser().Parse(strings.NewReader(script), "")
		if err != nil {
			t.Fatalf("%q gives %q, which does not parse: %v", text, script, err)
		}
		if n := strings.Count(script, "\n"); len(f.Stmts) != n {
			t.Fatalf("%q gives %q: %d commands, want %d", text, script, len(f.Stmts), n)
		}
		for _, st := range f.Stmts {
			if _, ok := st.Cmd.(*syntax.CallExpr); !ok || st.Background || len(st.Redirs) > 0 {
				t.Fatalf("%q gives %q, not simple commands", text, script)
			}
		}
	})
}
