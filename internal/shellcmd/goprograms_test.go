package shellcmd

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestDiskGoPrograms: go run and go test build the project's Go code and run it: the package
// they name (go test its _test.go files too, ./... every package below) and the project's
// packages those import. A _test.go file with exec.Command("rm", "-rf", "b") or
// exec.Command("sh", "-c", "rm -rf b") passed a deny of rm -rf under go test ./...: its strings
// and lists of words are read as a Python program file's are (programfiles.go).
func TestDiskGoPrograms(t *testing.T) {
	files := map[string]string{
		"/p/go.mod":            "module example.com/p\n\ngo 1.22\n",
		"/p/main.go":           "package main\n\nimport \"example.com/p/internal/run\"\n\nfunc main() { run.Clean() }\n",
		"/p/internal/run/r.go": "package run\n\nimport \"os/exec\"\n\nfunc Clean() { exec.Command(\"sh\", \"-c\", \"rm -rf b\").Run() }\n",
		"/p/a/a_test.go":       "package a\n\nimport (\n\t\"os/exec\"\n\t\"testing\"\n)\n\nfunc TestA(t *testing.T) { exec.Command(\"rm\", \"-rf\", \"b\").Run() }\n",
		"/p/a/a.go":            "package a\n",
		"/p/ctx/c.go": "package main\n\nimport (\n\t\"context\"\n\t\"os/exec\"\n)\n\n" +
			"const flags = \"-rf\"\n\nfunc main() {\n\tdir := \"b\"\n\texec.CommandContext(context.Background(), \"rm\", []string{flags, dir}...).Run()\n}\n",
		"/p/sprintf/s.go": "package main\n\nimport (\n\t\"fmt\"\n\t\"os/exec\"\n)\n\nfunc main() { exec.Command(\"bash\", \"-c\", fmt.Sprintf(\"rm -rf %s\", \"x\")).Run() }\n",
		"/p/raw/r.go":     "package main\n\nimport \"syscall\"\n\nfunc main() { syscall.Exec(\"/bin/sh\", []string{\"sh\", \"-c\", `rm -rf b`}, nil) }\n",
		// Deletes through Go's own API, as a Python program's shutil.rmtree: no rm for a deny of
		// rm -rf to match (a rule's paths see the strings it names).
		"/p/api/api_test.go": "package api\n\nimport (\n\t\"os\"\n\t\"testing\"\n)\n\nfunc TestX(t *testing.T) { d := t.TempDir(); os.RemoveAll(d); os.RemoveAll(\"b\") }\n",
		// Strings of a program that runs no command are only paths.
		"/p/quiet/q.go": "package main\n\nfunc main() { println(\"rm -rf b\") }\n",
		// A comment is no string; testdata and vendor are no packages of ./...
		"/p/com/c.go":           "package main\n\nimport \"os/exec\"\n\n// exec.Command(\"rm\", \"-rf\", \"b\")\nfunc main() { exec.Command(\"ls\").Run() }\n",
		"/p/a/testdata/t.go":    "package t\n\nimport \"os/exec\"\n\nvar _ = exec.Command(\"rm\", \"-rf\", \"b\")\n",
		"/p/vendor/v/v.go":      "package v\n\nimport \"os/exec\"\n\nvar _ = exec.Command(\"rm\", \"-rf\", \"b\")\n",
		"/p/nested/go.mod":      "module example.com/nested\n",
		"/p/nested/n_test.go":   "package n\n\nimport \"os/exec\"\n\nvar _ = exec.Command(\"rm\", \"-rf\", \"b\")\n",
		"/p/lib/helper_test.go": "package lib\n\nimport \"testing\"\n\nfunc TestH(t *testing.T) { run(t, \"rm\", \"-rf\", \"b\") }\n",
		"/p/lib/run_test.go":    "package lib\n\nimport (\n\t\"os/exec\"\n\t\"testing\"\n)\n\nfunc run(t *testing.T, args ...string) { exec.Command(args[0], args[1:]...).Run() }\n",
		// A package whose tests run commands does not make one that imports it run its strings.
		"/p/w/w.go":      "package w\n\nconst X = 1\n",
		"/p/w/w_test.go": "package w\n\nimport \"os/exec\"\n\nvar _ = exec.Command(\"ls\")\n",
		"/p/v/v.go":      "package v\n\nimport \"example.com/p/w\"\n\nvar x, s = w.X, \"rm -rf b\"\n",
		// A generator beside a package, built by no go test of it: go run gen.go runs it.
		"/p/gen/gen.go":    "//go:build ignore\n\npackage main\n\nimport \"os/exec\"\n\nvar _ = exec.Command(\"rm\", \"-rf\", \"b\")\n",
		"/p/gen/g.go":      "//go:build !windows && (linux || darwin)\n\npackage g\n\nvar s = \"rm -rf b\"\n",
		"/p/gen/g_test.go": "//go:build windows\n\npackage g\n\nimport \"os/exec\"\n\nvar _ = exec.Command(\"ls\")\n",
		// A file the go/parser does not take is read by its tokens.
		"/p/broken/b.go": "package main\n\nimport \"os/exec\"\n\nfunc main() { exec.Command(\"sh\", \"-c\", \"rm -rf b\" \n",
		// Outside any module: the package alone.
		"/q/m.go":    "package main\n\nimport \"os/exec\"\n\nfunc main() { exec.Command(\"rm\", \"-rf\", \"b\").Run() }\n",
		"/r/go.mod":  "module r\n",
		"/s/go.mod":  "module s\n",
		"/s/big.go":  "package main\n\nvar s = `" + strings.Repeat("x", maxGoBytes) + "`\n",
		"/t/go.mod":  "module t\n",
		"/t/cgo.go":  "package main\n\n// #include <stdlib.h>\n// static void f(void) { system(\"rm -rf b\"); }\nimport \"C\"\n\nfunc main() { C.f() }\n",
		"/u/go.mod":  "module u\n",
		"/u/a/a.go":  "package a\n\nimport \"os/exec\"\n\nfunc Run(args ...string) { exec.Command(args[0], args[1:]...).Run() }\n",
		"/u/b/b.go":  "package b\n\nimport \"u/a\"\n\nfunc init() { a.Run(\"rm\", \"-rf\", \"b\") }\n",
		"/u/main.go": "package main\n\nimport _ \"u/b\"\n\nfunc main() {}\n",
		// A package that imports syscall for an errno runs no command: its tests' strings are
		// paths (hookrun's own go test ./internal/shellcmd/ was denied for its test strings).
		"/p/errs/e.go":      "package errs\n\nimport (\n\t\"errors\"\n\t\"syscall\"\n)\n\n// Not os.StartProcess.\nfunc Gone(err error) bool { return errors.Is(err, syscall.ENOTDIR) }\n",
		"/p/errs/e_test.go": "package errs\n\nimport \"testing\"\n\nfunc TestGone(t *testing.T) { _ = []string{\"rm -rf b\", \"rm\", \"-rf\"} }\n",
		"/p/sys/s_test.go":  "package sys\n\nimport (\n\t\"syscall\"\n\t\"testing\"\n)\n\nfunc TestS(t *testing.T) { syscall.Exec(\"/bin/rm\", []string{\"rm\", \"-rf\", \"b\"}, nil) }\n",
	}
	for i := range maxGoFiles + 1 {
		files[fmt.Sprintf("/r/many/f%d.go", i)] = "package m\n"
	}
	p := mustCompile("rm -rf")
	wantListed(t, files, p, Match, []string{`go test ./...`, `go test ./a`, `go test -run TestA -v ./a/...`, `go test -count=1 -race ./a`,
		`cd a && go test`, `go run .`, `go run main.go`, `go run ./ctx`, `go run ./sprintf`, `go run raw/r.go`, `go -C /p run .`,
		`go test ./lib`, `go run ./broken`, `cd /q && go run m.go`, `cd /q && go run .`, `cd /t && go run .`, `cd /u && go run .`,
		`go test example.com/p/a`, `go test -C a`, `go test ./sys`, `go test ./a -args -v`,
		`cd a && go test ./testdata`, `go test ./gen`, `go run gen/gen.go`, `go test -run X ./gen/gen.go`}) // named, not matched by ./...: a package as any other
	wantListed(t, files, p, NoMatch, []string{`go test ./api`, `go run ./quiet`, `go run ./com`, `go build ./...`, `go vet ./...`,
		`go test -c ./a`, `go test -n ./a`, `go run -n .`, `go test golang.org/x/tools/...`, `go run golang.org/x/tools/cmd/stringer@latest`,
		`go test ./api ./quiet`, `go test ./v`, `go run ./gen`, `go test ./errs`})
	wantListed(t, files, p, Unknown, []string{`cd /r && go test ./...`, `go test "$P"`, `cd /s && go run .`,
		`echo 'package a' > a/x_test.go && go test ./a`})
	l := ParseFiles(`go test ./...`, POSIX, withList(files))
	if !slices.ContainsFunc(l.Commands, func(c Command) bool { return c.Name == "rm" && c.File == "a/a_test.go" }) {
		t.Errorf("go test ./...: want rm in a/a_test.go, got %+v", l.Commands)
	}
	if slices.ContainsFunc(l.Commands, func(c Command) bool { return c.Name == "rm" && strings.Contains(c.File, "nested") }) {
		t.Errorf("go test ./...: read the nested module's files: %+v", l.Commands)
	}
	if len(l.Unresolved) > 0 {
		t.Errorf("go test ./...: unresolved %q", l.Unresolved)
	}
	// A rule's paths see the strings a test names, where go test runs it (its package's directory).
	l = ParseFiles(`go test ./api`, POSIX, withList(files))
	if !slices.Contains(l.Paths, "api/b") {
		t.Errorf("go test ./api: want the path api/b, got %q", l.Paths)
	}
}

// TestGoSource: the strings, lists of words and imports hookrun reads from a Go file's text.
func TestGoSource(t *testing.T) {
	for _, c := range []struct {
		text  string
		lines []string
		runs  bool
	}{
		{"package a\nimport \"os/exec\"\nvar _ = exec.Command(\"rm\", \"-rf\", \"b\")\n", []string{"os/exec", "'rm' '-rf' 'b'", "rm", "-rf", "b"}, true},
		{"package a\nconst r = \"rm\" + \" -rf\"\nvar x = []string{r, \"b\"}\n", []string{"rm -rf", "rm", " -rf", "'rm -rf' 'b'", "b"}, false},
		{"package a\nimport \"fmt\"\nvar x = fmt.Sprintf(\"rm %s %d\", a, 1)\n", []string{"fmt", "rm $__py $__py", `'rm %s %d' "$__py" "$__py"`, "rm %s %d"}, false},
		{"package a\nvar m = map[string]string{\"rm\": \"-rf\"}\n", []string{"rm", "-rf"}, false},
		{"package a\nvar x = f(ctx, \"rm\", y...)\n", []string{`'rm' "$__py"`, "rm"}, false},
		{"package a\nvar x = `a\\n` + \"\\x41\"\n", []string{"a\\nA", "a\\n", "A"}, false},
		// syscall, x/sys/unix and x/sys/windows run a command only through what can start one:
		// an errno, a signal or a stat of theirs starts nothing.
		{"package a\nimport \"syscall\"\n", []string{"syscall"}, false},
		{"package a\nimport \"syscall\"\nvar _ = errors.Is(err, syscall.ENOTDIR) || syscall.Kill(1, syscall.SIGTERM) == nil\n", []string{"syscall"}, false},
		{"package a\nimport \"syscall\"\nvar _ = syscall.Exec(p, nil, nil)\n", []string{"syscall"}, true},
		{"package a\nimport sc \"syscall\"\nvar _, _ = sc.ForkExec(p, nil, nil)\n", []string{"syscall"}, true},
		{"package a\nimport \"syscall\"\nvar _, _, _ = syscall.RawSyscall(59, 0, 0, 0)\n", []string{"syscall"}, true},
		{"package a\nimport . \"syscall\"\nvar _ = ENOTDIR\n", []string{"syscall"}, true},
		{"package a\nimport \"golang.org/x/sys/unix\"\nvar _ = unix.Exec(p, nil, nil)\n", []string{"golang.org/x/sys/unix"}, true},
		{"package a\nimport \"golang.org/x/sys/windows\"\nvar _ = windows.NewLazySystemDLL(k).NewProc(c)\n", []string{"golang.org/x/sys/windows"}, true},
		{"package a\nimport \"golang.org/x/sys/unix\"\nvar _ = unix.EINTR\n", []string{"golang.org/x/sys/unix"}, false},
		// A service Windows starts runs the program its path names.
		{"package a\nimport \"golang.org/x/sys/windows\"\nvar _, _ = windows.CreateService(m, n, n, 0, 0, 0, 0, p, nil, nil, nil, nil, nil)\n", []string{"golang.org/x/sys/windows"}, true},
		{"package a\nimport \"os\"\nvar _, _ = os.StartProcess(p, nil, nil)\n", []string{"os"}, true},
		{"package a\nimport \"os\"\nvar _, _ = o.StartProcess(p, nil, nil)\n", []string{"os"}, true},
		// The word in a comment starts nothing; a linkname may reach anything unexported.
		{"package a\n// os.StartProcess is not called here\n", nil, false},
		// Go the parser does not take (newer syntax than hookrun's parser knows, which the
		// project's go may compile): what it imports or names may run a command.
		{"package a\nimport \"syscall\"\nfunc f() { syscall.Exec(\"/bin/rm\", nil, nil); x := [ }\n", []string{"syscall", "/bin/rm"}, true},
		{"package a\nfunc f() { os.StartProcess(\"/bin/rm\", nil, nil); x := [ }\n", []string{"/bin/rm"}, true},
		{"package a\nfunc f() { x := [ }\n//go:linkname f syscall.forkExec\n", nil, true},
		{"package a\nimport \"fmt\"\nfunc f() { fmt.Println(\"rm -rf b\"); x := [ }\n", []string{"fmt", "rm -rf b"}, false},
		{"package a\nimport _ \"unsafe\"\n//go:linkname f syscall.forkExec\nfunc f()\n", []string{"unsafe"}, true},
	} {
		s, ok := goSourceOf(c.text)
		if !ok || !slices.Equal(s.lines, c.lines) || s.runs != c.runs {
			t.Errorf("%q:\n got %q runs %v ok %v\nwant %q runs %v", c.text, s.lines, s.runs, ok, c.lines, c.runs)
		}
	}
}

// FuzzGoSource: any text read as a Go file: no panic, no hang, and what is read is bounded.
func FuzzGoSource(f *testing.F) {
	f.Add("package a\nimport \"os/exec\"\nvar _ = exec.Command(\"rm\", \"-rf\", \"b\")\n")
	f.Add("package a\nconst r = \"rm\" + r + \" -rf\"\nvar x = []string{r, r + r, fmt.Sprintf(\"%s%s\", r, r)}\n")
	f.Add("package a\n// #include <x.h>\n// void f() { system(\"rm -rf b\"); }\nimport \"C\"\n")
	f.Add("package a\nfunc f() { g(\"a\" \n")
	f.Fuzz(func(t *testing.T, text string) {
		s, ok := goSourceOf(text)
		if n := 0; ok {
			for _, l := range s.lines {
				n += len(l)
			}
			if n > maxGoWork+len(text) {
				t.Fatalf("read %d bytes of lines from %d of text", n, len(text))
			}
		}
	})
}

// TestGoBuilt: a file go builds into its package under some setting of its tags.
func TestGoBuilt(t *testing.T) {
	for text, want := range map[string]bool{
		"package a\n":                                                 true,
		"//go:build ignore\n\npackage a\n":                            false,
		"// Code generated.\n//go:build ignore\npackage a":            false,
		"//go:build !ignore\npackage a\n":                             true,
		"//go:build linux && !linux\npackage a\n":                     false,
		"//go:build !windows\npackage a\n":                            true,
		"//go:build ignore || tools\npackage a\n":                     true,
		"package a\n//go:build ignore\n":                              true,
		"//go:build (\npackage a\n":                                   true,
		"//go:build a&&b&&c&&d&&e&&f&&g&&h&&i&&j&&k&&!k\npackage a\n": true,
	} {
		if got := goBuilt(text); got != want {
			t.Errorf("goBuilt(%q) = %v, want %v", text, got, want)
		}
	}
}
