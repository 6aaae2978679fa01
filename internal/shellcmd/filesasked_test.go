package shellcmd

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// askingLines are lines a reading with files reads differently from one without: each comes to a
// step that asks for them (reader.withFiles).
var askingLines = []string{
	"sh scripts/clean.sh", "./scripts/del.sh -rf ~", "make", "make $T", "npm test", "npm run $X", "npm --script-shell=$S test",
	"bash --rcfile rc -i", "sh < x.sh", "cat x.sh | sh", "terraform apply", "bundle exec rake", "envdir d cmd", "tilt up",
	"python3 -c 'import x'", "composer $X", "rake",
}

// unaskingLines are lines that run no file: their reading with files is their reading without.
var unaskingLines = []string{"ls -la", "rm -rf out && ls | grep x", "sudo -u ci timeout 30 rm -rf ./out", "echo $(date) > log"}

// corpusLines are the lines of the package's tables and fuzz corpora.
func corpusLines(t testing.TB) []string {
	lines := append(append([]string{}, askingLines...), unaskingLines...)
	for _, table := range [][]string{attackMatch, attackUnknown, attackNoMatch, reevalMatch, reevalUnknown, reevalKnown, moreMatch, moreNoMatch, moreUnknown, psAttackMatch} {
		lines = append(lines, table...)
	}
	for _, tc := range mustMatch {
		lines = append(lines, tc.line)
	}
	for _, tc := range mustNotMatch {
		lines = append(lines, tc.line)
	}
	for _, tc := range mustBeUnknown {
		lines = append(lines, tc.line)
	}
	lines = append(lines, line100KB()[:4000])
	corpora, _ := filepath.Glob("testdata/fuzz/*/*")
	for _, p := range corpora {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			if s, ok := strings.CutPrefix(l, "string("); ok {
				if v, err := strconv.Unquote(strings.TrimSuffix(s, ")")); err == nil {
					lines = append(lines, v)
					break // the first string of an entry is its line
				}
			}
		}
	}
	return lines
}

// fakeDisks are projects where the files a line runs hold something: a reading with them that
// took another step than the reading without would find another line.
func fakeDisks() []*Files {
	every := everyFileHolds("#!/bin/sh\nrm -rf ~ .system\ncd /; sh ./x.sh \"$@\"\n")
	every.List = func(string, int) ([]string, error) { return []string{"a", "b.sh", "c.rake"}, nil }
	every.Link = func(p string) (string, error) { return "/bin/rm", nil }
	return []*Files{memFiles(hostileProject), every}
}

// unaskedAlike checks that a reading of line without files that never asked for them is the
// reading with each fake disk's files; it reports whether the reading asked.
func unaskedAlike(t *testing.T, line string, sh Shell) bool {
	t.Helper()
	alone, asked := read(line, sh, nil)
	if asked {
		return true
	}
	for _, files := range fakeDisks() {
		if withFiles := parseWith(line, sh, files); !reflect.DeepEqual(withFiles, alone) {
			t.Errorf("%q (%v): the reading without files never asked for them, but the one with them differs:\n%+v\nwithout:\n%+v", line, sh, withFiles, alone)
		}
	}
	return false
}

// TestUnaskedReadsAlike holds what lets ParseFiles answer from ParseAs's reading (readAlone): over
// every line of the package's tables and corpora, read for each shell, a reading without files
// that never asked for them (reader.withFiles) is the reading with them, Unresolved, Paths and
// Commands alike. The asking lines do ask, and their readings differ: the check can fail.
func TestUnaskedReadsAlike(t *testing.T) {
	forgetLines()
	asked := 0
	lines := corpusLines(t)
	for _, line := range lines {
		for _, sh := range []Shell{POSIX, PowerShell, AnyShell} {
			if unaskedAlike(t, line, sh) {
				asked++
			}
		}
	}
	if asked == 0 || asked == 3*len(lines) {
		t.Fatalf("%d of %d readings asked for files: the corpus does not tell the two kinds apart", asked, 3*len(lines))
	}
	for _, line := range askingLines {
		alone, a := read(line, POSIX, nil)
		if !a {
			t.Errorf("%q: the reading did not ask for the files it runs", line)
		}
		differs := false
		for _, files := range fakeDisks() {
			differs = differs || !reflect.DeepEqual(parseWith(line, POSIX, files), alone)
		}
		if !differs {
			t.Errorf("%q: no fake disk makes its reading with files differ: it does not show the check can fail", line)
		}
	}
	for _, line := range unaskingLines {
		if _, a := read(line, POSIX, nil); a {
			t.Errorf("%q: the reading asked for files, though the line runs none", line)
		}
	}
}

// TestParseFilesAnswersFromParseAs: after ParseAs of a line that runs no file, ParseFiles of it
// gives that reading (no reading of its own: its files' cache stays empty); of a line that runs
// one, it reads the files.
func TestParseFilesAnswersFromParseAs(t *testing.T) {
	files := memFiles(hostileProject)
	files.uncached = false
	for _, tc := range []struct {
		line string
		own  bool
	}{{"rm -rf out; ls", false}, {"sh scripts/clean.sh", true}} {
		forgetLines()
		plain := ParseAs(tc.line, POSIX)
		got := ParseFiles(tc.line, POSIX, files)
		lastFiles.Lock()
		own := lastFiles.ok
		lastFiles.Unlock()
		if own != tc.own {
			t.Errorf("%q: ParseFiles read it itself: %v, want %v", tc.line, own, tc.own)
		}
		if alike := reflect.DeepEqual(got, plain); alike == tc.own {
			t.Errorf("%q: ParseFiles's reading is ParseAs's: %v, want %v", tc.line, alike, !tc.own)
		}
	}
	forgetLines()
}

// FuzzUnaskedFiles: for any line, a reading without files that never asked for them
// (reader.withFiles) is the reading with them.
func FuzzUnaskedFiles(f *testing.F) {
	for _, line := range corpusLines(f) {
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if len(line) > 4096 {
			return
		}
		for _, sh := range []Shell{POSIX, AnyShell} {
			unaskedAlike(t, line, sh)
		}
	})
}

// TestFilesAskedAtEveryStep holds the other half of readAlone's promise: the reader's course
// depends on whether it has files only where it asks (withFiles). No code of the package reads
// the reader's files field as a value (r.files == nil, a call given r.files); it only reads its
// fields (r.files.Read), which a reading without files cannot reach without asking first. The one
// check outside withFiles is inlineFiles's, whose only call asks first (code.go).
func TestFilesAskedAtEveryStep(t *testing.T) {
	names, _ := filepath.Glob("*.go")
	inline := 0
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil || fn.Name.Name == "withFiles" {
				continue
			}
			var parents []ast.Node
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if n == nil {
					parents = parents[:len(parents)-1]
					return true
				}
				if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "files" && isReader(fn, sel.X) {
					if p, ok := parents[len(parents)-1].(*ast.SelectorExpr); !ok || p.X != n {
						if fn.Name.Name == "inlineFiles" {
							inline++
						} else {
							t.Errorf("%s: %s reads the reader's files as a value; ask withFiles instead", name, fn.Name.Name)
						}
					}
				}
				if call, ok := n.(*ast.CallExpr); ok {
					if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "inlineFiles" && !askedFirst(parents) {
						t.Errorf("%s: %s calls inlineFiles without asking withFiles first", name, fn.Name.Name)
					}
				}
				parents = append(parents, n)
				return true
			})
		}
	}
	if inline > 1 {
		t.Errorf("inlineFiles reads the reader's files as a value %d times; one is known", inline)
	}
}

// isReader reports whether x is the receiver of fn, a method of reader, or a variable named r.
func isReader(fn *ast.FuncDecl, x ast.Expr) bool {
	id, ok := x.(*ast.Ident)
	if !ok {
		return false
	}
	if fn.Recv != nil && len(fn.Recv.List) == 1 && len(fn.Recv.List[0].Names) == 1 {
		if star, ok := fn.Recv.List[0].Type.(*ast.StarExpr); ok {
			if t, ok := star.X.(*ast.Ident); ok && t.Name == "reader" {
				return id.Name == fn.Recv.List[0].Names[0].Name
			}
		}
	}
	return id.Name == "r"
}

// askedFirst reports whether the innermost if among parents asks withFiles in its condition.
func askedFirst(parents []ast.Node) bool {
	for i := len(parents) - 1; i >= 0; i-- {
		if s, ok := parents[i].(*ast.IfStmt); ok {
			asked := false
			ast.Inspect(s.Cond, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "withFiles" {
					asked = true
				}
				return true
			})
			return asked
		}
	}
	return false
}
