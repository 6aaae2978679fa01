package shellcmd

import (
	"errors"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/scanner"
	"go/token"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// go run and go test build the project's Go code and run it: the package go run names (its
// files, or the .go files given), and for go test each package it names with its _test.go files
// (./... every package below, as go lists them), with the project's packages they import (the
// module's own, found from its go.mod, and those go builds from other directories: goreplace.go;
// vendor/ and the module cache are other people's code,
// read as themselves). Their text is read as a Python program file's is (programfiles.go), by
// Go's own parser: every string names a path, and when the program may run a command (it
// imports os/exec, calls what of syscall, golang.org/x/sys/unix or /windows can start a program
// (their errnos, signals and stats cannot), calls os.StartProcess, has a //go:linkname, or its
// cgo preamble calls system), each string, each string expression (constants, +,
// fmt.Sprintf) and each list of words (a call's arguments from its first string on, a []string
// literal, a slice given with ...) is a line it may run. A package decides that with the
// project's packages it imports: a helper in one file runs what the calls of another give it. What the program builds at run
// time is not seen, and a deletion through Go's own API (os.RemoveAll) runs no rm, as Python's
// shutil.rmtree does not: a deny of rm -rf names rm, and a rule's paths see the strings.
// Files for every GOOS, GOARCH and build tag are read (more, never fewer), but for a file whose
// //go:build line no set of tags satisfies with ignore unset (//go:build ignore, a generator
// beside the package that go run runs by its name): go builds it into no package. Past maxGoFiles files, maxGoBytes bytes, or strings beyond maxFileLiterals in one
// file, the line is unresolved.

// Bounds on the Go code one go run or go test reads (with maxGoFiles, maxGoDirs).
const (
	maxGoBytes = 8 << 20  // bytes of Go files
	maxGoWork  = 16 << 20 // bytes of lines built from one file's strings
)

// goRuns notes the packages go generate, go run and go test read: their operands (a directory,
// dir/... every one below it, .go files, an import path of the module), else the directory's
// own; go -C DIR and the subcommand's -C DIR where. -n only prints, go test -c only builds, and
// a package at a version (go run x@v1) is fetched: none of them runs the project's.
func (r *reader) goRuns(cmd Command, depth int) {
	var dir Arg
	var pkgs []Arg
	sub := ""
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		name, value, hasValue := strings.Cut(a.Value, "=")
		switch {
		case sub == "" && (a.Dynamic || !strings.HasPrefix(a.Value, "-")):
			if a.Dynamic || a.Value != "run" && a.Value != "test" && a.Value != "generate" {
				return
			}
			sub = a.Value
		case (a.Value == "-n" || a.Value == "-c" && sub == "test") && !a.Dynamic:
			return
		case (name == "-C" || name == "--C") && !hasValue && i+1 < len(cmd.Args):
			dir, i = cmd.Args[i+1], i+1
		case (name == "-C" || name == "--C") && hasValue:
			dir = Arg{Value: value, Dynamic: a.Dynamic}
		case sub == "test" && a.Value == "-args" && !a.Dynamic:
			i = len(cmd.Args) // the rest is the test binary's
		case !a.Dynamic && !hasValue && (slices.Contains(goValues, a.Value) || sub == "test" && goTestValue(a.Value)):
			i++
		case strings.HasPrefix(a.Value, "-") && !a.Dynamic:
		case sub == "run" && len(pkgs) > 0 && !strings.HasSuffix(pkgs[0].Value, ".go"):
			i = len(cmd.Args) // the program's own arguments
		case sub == "run" && len(pkgs) > 0 && !strings.HasSuffix(a.Value, ".go"):
			i = len(cmd.Args)
		case sub != "":
			pkgs = append(pkgs, a)
		}
	}
	if sub == "" {
		return
	}
	if dir.Dynamic || slices.ContainsFunc(pkgs, func(a Arg) bool { return a.Dynamic }) {
		if sub == "generate" {
			r.unresolved("go generate runs the directives of packages only known when the line runs")
		} else {
			r.unresolved("go %s builds and runs packages only known when the line runs", sub)
		}
		return
	}
	if len(pkgs) == 0 {
		pkgs = []Arg{{Value: "."}}
	}
	run := r.ran(runGo, Arg{Value: "go.mod"}, depth)
	if run == nil {
		return
	}
	run.sub = sub
	for _, p := range pkgs {
		if sub == "generate" || !strings.Contains(p.Value, "@") {
			run.names = append(run.names, p.Value)
		}
	}
	if dir.Value != "" {
		run.dir = under(run.dir, dir.Value)
	}
}

// goPackageArg is a package operand of go's read as a path: dir/... (all) every package below
// dir, "." for ./... and ....
func goPackageArg(pkg string) (p string, all bool) {
	all = pkg == "..." || strings.HasSuffix(pkg, "/...")
	p = strings.TrimSuffix(strings.TrimSuffix(pkg, "..."), "/")
	if p == "" {
		p = "."
	}
	return p, all
}

// goRelative reports whether a package operand (goPackageArg's) is a directory or a file rather
// than an import path.
func goRelative(p string) bool {
	return path.IsAbs(p) || p == "." || p == ".." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../")
}

// goTestValue reports whether o is one of go test's own options that take the next word.
func goTestValue(o string) bool {
	switch strings.TrimPrefix(strings.TrimPrefix(o, "-"), "test.") {
	case "-bench", "-benchtime", "-count", "-cpu", "-parallel", "-timeout", "-coverprofile", "-cpuprofile", "-memprofile",
		"-memprofilerate", "-blockprofile", "-blockprofilerate", "-mutexprofile", "-mutexprofilefraction", "-trace", "-outputdir",
		"-o", "-fuzz", "-fuzztime", "-fuzzminimizetime", "-list", "-shuffle", "-vet", "-exec", "-json":
		return o != "-json" && o != "--json"
	}
	return false
}

// A goPackage is a directory of Go files a go run or go test builds.
type goPackage struct {
	abs, rel string // on disk, and as the line names it (for the reason)
	all      bool   // dir/...: every package below it too
	tests    bool   // its _test.go files are built too
	files    []string
}

// goProgramFromDisk reads the Go files a go run or go test run builds: the packages it names and
// the module's packages they import, each once.
func (r *reader) goProgramFromDisk(run scriptRun) {
	g := goReading{r: r, run: run, seen: map[string]bool{}, runs: map[string]bool{}, deps: map[string][]string{}, scripted: map[string]bool{}}
	var queue []goPackage
	for _, pkg := range run.names {
		p, all := goPackageArg(pkg)
		switch {
		case strings.HasSuffix(p, ".go") && !all:
			for _, abs := range r.located(run, p) {
				queue = append(queue, goPackage{abs: filepath.Dir(abs), rel: path.Dir(path.Join(run.dir, p)), tests: run.sub == "test", files: []string{filepath.Base(abs)}})
			}
		case goRelative(p):
			for _, abs := range r.located(run, p) {
				queue = append(queue, goPackage{abs: abs, rel: path.Join(run.dir, p), all: all, tests: run.sub == "test"})
			}
		default:
			// An import path: the module's own package is read, another module's or the
			// standard library's is read as itself.
			for _, abs := range r.located(run, ".") {
				start := goPackage{abs: abs, rel: run.dir}
				for _, q := range g.imported(start, p) {
					q.all, q.tests = all, run.sub == "test"
					queue = append(queue, q)
				}
			}
		}
	}
	for len(queue) > 0 && !g.over {
		pkg := queue[0]
		queue = queue[1:]
		queue = append(queue, g.pkg(pkg)...)
	}
	if g.testscriptDirs(); !g.over {
		g.read()
		g.readScripts()
	}
}

// goReading is one go run's or go test's reading of its files.
type goReading struct {
	r              *reader
	run            scriptRun
	seen           map[string]bool // directories listed (with their tests or not) and files read
	files, dirs    int
	bytes          int
	over           bool
	texts          []string // the files read
	srcs           []goSource
	names          []string            // each source's file, for the reason
	at             []string            // the directory each runs in
	pkgs           []string            // the package (its directory; with "\x00test" for a _test.go file) each is of
	runs           map[string]bool     // the packages a file of which may run a command, or one of those it imports
	deps           map[string][]string // the module's packages each package imports
	modRoot, modOf string              // the module's directory and path, once known
	mods           []goModDir          // the modules go builds from directories: the main one, replaced ones, a workspace's
	scripted       map[string]bool     // the packages a file of which imports testscript, or one of those it imports
	tested         []goPackage         // the packages go test runs the tests of
	scripts        []testscriptFile    // the txtar files their tests run (testscript.go)
}

// pkg reads the Go files of a package (and below it, for dir/...), and returns the module's
// packages they import.
func (g *goReading) pkg(p goPackage) []goPackage {
	r := g.r
	names := p.files
	if names == nil {
		key := p.abs + "\x00" + strconv.FormatBool(p.tests) + strconv.FormatBool(p.all)
		if g.seen[key] || g.seen[p.abs+"\x00truetrue"] || !p.tests && g.seen[p.abs+"\x00truefalse"] {
			return nil
		}
		g.seen[key] = true
		if r.files.List == nil {
			g.stop("go %s builds the packages of %s, a directory hookrun cannot list", g.run.sub, p.rel)
			return nil
		}
		var err error
		names, err = r.list(p.abs, maxGoFiles+1)
		switch {
		case errors.Is(err, errReadTime):
			g.stop("go %s builds the packages below %s, which hookrun could not list in time: %v", g.run.sub, p.rel, err)
			return nil
		case err != nil:
			return nil // a file, or nothing: no package
		}
		// Counted once listed: a file ./... walks into is no directory.
		if g.dirs++; g.dirs > maxGoDirs {
			g.stop("go %s builds the packages below %s, more directories than hookrun lists (%d)", g.run.sub, p.rel, maxGoDirs)
			return nil
		}
		slices.Sort(names)
	}
	if p.tests {
		g.tested = append(g.tested, p)
	}
	var more []goPackage
	for _, n := range names {
		switch {
		case strings.HasSuffix(n, ".go") && (p.tests || !strings.HasSuffix(n, "_test.go")):
			for _, imp := range g.file(filepath.Join(p.abs, n), path.Join(p.rel, n), p.rel, p.files != nil) {
				for _, q := range g.imported(p, imp) {
					from := p.abs
					if strings.HasSuffix(n, "_test.go") {
						from += "\x00test"
					}
					g.deps[from] = append(g.deps[from], q.abs)
					more = append(more, q)
				}
			}
			if g.over {
				return nil
			}
		// ./... leaves out directories starting with . or _, testdata and vendor, and other
		// modules (a directory with its own go.mod), as go does.
		case p.all && !strings.HasPrefix(n, ".") && !strings.HasPrefix(n, "_") && n != "testdata" && n != "vendor" && !strings.HasSuffix(n, ".go"):
			sub := filepath.Join(p.abs, n)
			if !r.exists(filepath.Join(sub, "go.mod")) {
				more = append(more, goPackage{abs: sub, rel: path.Join(p.rel, n), all: true, tests: p.tests})
			}
		}
	}
	return more
}

// imported is the package of the module that the import path imp names, from a file of p.
func (g *goReading) imported(p goPackage, imp string) []goPackage {
	if g.modOf == "" {
		imp0, mod, ok := g.r.goImportPath(filepath.ToSlash(p.abs))
		if !ok || mod == "" {
			g.modOf = "\x00" // no module: its imports are other people's
			return nil
		}
		g.modRoot = path.Dir(mod)
		rel := strings.TrimPrefix(strings.TrimPrefix(filepath.ToSlash(p.abs), g.modRoot), "/")
		g.modOf = strings.TrimSuffix(strings.TrimSuffix(imp0, rel), "/")
		g.mods = []goModDir{{g.modOf, g.modRoot}}
		if !g.goModDirs() {
			return nil
		}
	}
	// The module of the longest path that imp is in: the main module's, or one go builds from
	// another directory (goreplace.go).
	var in *goModDir
	for i, m := range g.mods {
		if (imp == m.mod || strings.HasPrefix(imp, m.mod+"/")) && (in == nil || len(m.mod) > len(in.mod)) {
			in = &g.mods[i]
		}
	}
	if in == nil {
		return nil
	}
	rest := imp[len(in.mod):]
	if strings.Contains(rest, "/vendor/") {
		return nil
	}
	abs := filepath.FromSlash(in.dir + rest)
	rel := filepath.ToSlash(abs)
	if d, err := filepath.Rel(p.abs, abs); err == nil {
		rel = path.Join(p.rel, filepath.ToSlash(d))
	}
	return []goPackage{{abs: abs, rel: rel}}
}

// stop notes why the reading ends: the line is unresolved.
func (g *goReading) stop(format string, args ...any) {
	g.over = true
	g.r.unresolved(format, args...)
}

// file reads one Go file's text; the import paths it names.
func (g *goReading) file(abs, rel, dir string, explicit bool) []string {
	if g.seen[abs] {
		return nil
	}
	g.seen[abs] = true
	data, ok := g.readFile(abs, rel)
	if !ok {
		return nil
	}
	if !explicit && !goBuilt(string(data)) {
		return nil // //go:build ignore: a generator go run runs by its name, no file of the package
	}
	// Only the imports now: the files are parsed once all are read, outside the time the line's
	// reads have.
	f, _ := parser.ParseFile(token.NewFileSet(), "", data, parser.ImportsOnly|parser.SkipObjectResolution)
	var imports []string
	if f != nil {
		for _, imp := range f.Imports {
			if p, err := strconv.Unquote(imp.Path.Value); err == nil {
				imports = append(imports, p)
			}
		}
	}
	g.texts, g.names = append(g.texts, string(data)), append(g.names, rel)
	at := g.run.dir // go run runs where the line does; a test in its package's directory
	if g.run.sub == "test" {
		at = dir
	}
	g.at = append(g.at, at)
	// A _test.go file is its own package's program only: a package that imports it does not
	// build it.
	pkg := filepath.Dir(abs)
	if strings.HasSuffix(abs, "_test.go") {
		pkg += "\x00test"
	}
	g.pkgs = append(g.pkgs, pkg)
	if slices.ContainsFunc(imports, testscriptImport) {
		g.scripted[pkg] = true
	}
	return imports
}

// readFile reads a file go builds or its tests run, within the bounds on them all: false for a
// file not there, and once past the bounds (the reading stops).
func (g *goReading) readFile(abs, rel string) ([]byte, bool) {
	r := g.r
	if g.files++; g.files > maxGoFiles {
		g.stop("go %s builds and runs more than %d Go and script files, more than hookrun reads", g.run.sub, maxGoFiles)
		return nil, false
	}
	// One file may be as large as the budget left (a generated table of a megabyte or more).
	data, whole, err := r.readAt(abs, int64(maxGoBytes-g.bytes))
	switch {
	case missing(err):
		return nil, false
	case err != nil:
		g.stop("go %s builds or runs %s, which hookrun cannot read: %v", g.run.sub, rel, err)
		return nil, false
	case !whole:
		g.stop("go %s builds and runs more than %d bytes of Go and script files, more than hookrun reads", g.run.sub, maxGoBytes)
		return nil, false
	}
	g.bytes += len(data)
	return data, true
}

// read reads what the files hold: their strings as paths, and as lines when the program may run
// a command.
func (g *goReading) read() {
	r := g.r
	for i, text := range g.texts {
		s, ok := goSourceOf(text)
		if !ok {
			r.unresolved("go %s builds %s, which holds more strings than hookrun reads", g.run.sub, g.names[i])
			return
		}
		g.srcs = append(g.srcs, s)
		if s.runs {
			g.runs[g.pkgs[i]] = true
		}
	}
	// Each package is a program of its own with the packages it imports (go test builds one for
	// each): it may run a command when one of theirs may, a helper that runs what it is given.
	for changed := true; changed; {
		changed = false
		for p, deps := range g.deps {
			if !g.runs[p] && slices.ContainsFunc(deps, func(d string) bool { return g.runs[d] }) {
				g.runs[p], changed = true, true
			}
		}
	}
	defer func(c, pc bool) { r.capped, r.pathsCapped = c || r.capped, pc || r.pathsCapped }(r.capped, r.pathsCapped)
	for i, s := range g.srcs {
		r.capped, r.pathsCapped = false, false
		r.asFile(func() {
			r.dir, r.dirUnknown, r.fileName = g.at[i], g.run.dirUnknown, g.names[i]
			defer func(n int) { r.literals = n }(r.literals)
			r.literals = maxFileLiterals
			var paths []string
			for _, s := range s.strs {
				if pathLiteral(s) {
					paths = append(paths, s)
				}
			}
			r.pathLiterals(paths)
			// A package's files are in its test's program too, when go test builds that.
			if p, _ := strings.CutSuffix(g.pkgs[i], "\x00test"); !g.runs[p] && !g.runs[p+"\x00test"] {
				return
			}
			if len(s.lines) > maxFileLiterals {
				r.capped = true
				return
			}
			for _, l := range s.lines {
				r.quietly(l, g.run.depth+1)
			}
		})
		if r.capped {
			r.unresolved("go %s builds %s, which holds more strings than hookrun reads (%d; %d bytes of lines, %d deep)",
				g.run.sub, g.names[i], maxFileLiterals, maxScriptBytes, maxDepth)
			return
		}
		if r.pathsCapped {
			r.pathsUnknown("go %s builds %s, which holds more than %d strings, more than hookrun reads as paths", g.run.sub, g.names[i], maxFileLiterals)
		}
	}
}

// A goSource is what hookrun reads of one Go file.
type goSource struct {
	strs    []string // its strings' values
	lines   []string // the lines it may run: strings, string expressions and lists of words
	imports []string
	runs    bool // it may run a command
}

// goExecImports are the packages through which a Go program runs a command.
var goExecImports = []string{"os/exec", "golang.org/x/sys/execabs",
	"github.com/magefile/mage/sh", "github.com/bitfield/script"}

// goSysImports are the packages of the system's calls: a program runs a command through them only
// by what can start one (goSysStarts), not by an errno, a signal or a stat of theirs.
var goSysImports = []string{"syscall", "golang.org/x/sys/unix", "golang.org/x/sys/windows"}

// goSysStarts are the parts of the names in goSysImports that can start a program or run code
// hookrun does not see: exec and fork calls, raw system calls (execve by its number), Windows'
// process calls and loaded libraries, tracing another process, mapping memory as code, a service
// Windows starts (CreateService names the program it runs).
var goSysStarts = []string{"Exec", "Spawn", "Syscall", "Proc", "DLL", "Dll", "Library", "Ptrace", "Fork", "Clone",
	"Mmap", "Mprotect", "Thread", "Shell", "Service"}

// goImportName is the name a file refers to an import by: its own, else the path's last element.
func goImportName(imp *ast.ImportSpec, p string) string {
	if imp.Name != nil {
		return imp.Name.Name
	}
	return path.Base(p)
}

// goStartsProcess reports whether a parsed Go file may start a process other than through
// goExecImports: a name of sys (goSysImports' names in the file) that goSysStarts holds,
// StartProcess (os's, under any name), or a //go:linkname, which reaches any function of the
// standard library, unexported ones too.
func goStartsProcess(f *ast.File, sys map[string]bool) bool {
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:linkname") {
				return true
			}
		}
	}
	starts := false
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if x, ok := n.X.(*ast.Ident); ok && sys[x.Name] && slices.ContainsFunc(goSysStarts, func(p string) bool {
				return strings.Contains(n.Sel.Name, p)
			}) {
				starts = true
			}
		case *ast.Ident:
			starts = starts || n.Name == "StartProcess"
		}
		return !starts
	})
	return starts
}

// goSourceOf reads a Go file's text by Go's parser (its tokens, where the parser gives up); ok
// false when the lines it spells add up to more than maxGoWork bytes.
func goSourceOf(text string) (goSource, bool) {
	var s goSource
	var cgo []string // the strings of its cgo preamble
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", text, parser.ParseComments|parser.SkipObjectResolution)
	sys := map[string]bool{} // the names syscall, x/sys/unix and x/sys/windows are imported as
	if f != nil {
		for _, imp := range f.Imports {
			if p, err := strconv.Unquote(imp.Path.Value); err == nil {
				s.imports = append(s.imports, p)
				switch {
				case slices.Contains(goSysImports, p):
					if name := goImportName(imp, p); name == "." {
						s.runs = true
					} else if name != "_" {
						sys[name] = true
					}
				case slices.Contains(goExecImports, p):
					s.runs = true
				}
				if p == "C" {
					// cgo's preamble is C the program calls: system("…") and popen run a line.
					pre := ""
					if imp.Doc != nil {
						pre = imp.Doc.Text()
					}
					for _, d := range f.Decls {
						if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT && gd.Doc != nil && slices.Contains(gd.Specs, ast.Spec(imp)) {
							pre += gd.Doc.Text()
						}
					}
					s.runs = s.runs || runsCommands(pre)
					cgo = append(cgo, scriptLiterals(pre)...)
				}
			}
		}
	}
	if err != nil || f == nil {
		// Not Go the parser takes: what it imports or names may run a command wherever it is.
		s.runs = s.runs || len(sys) > 0 || strings.Contains(text, "StartProcess") || strings.Contains(text, "go:linkname")
		// Not Go the parser takes (nor, then, the compiler): its strings by their tokens.
		var sc scanner.Scanner
		sc.Init(fset.AddFile("", -1, len(text)), []byte(text), nil, 0)
		for {
			_, tok, lit := sc.Scan()
			if tok == token.EOF {
				break
			}
			if tok == token.STRING {
				if v, err := strconv.Unquote(lit); err == nil {
					s.strs = append(s.strs, v)
				}
			}
		}
		s.strs = append(s.strs, cgo...)
		s.lines = slices.Clone(s.strs)
		return s, true
	}
	s.runs = s.runs || goStartsProcess(f, sys)
	w := goWords{consts: map[string][]string{}}
	for _, c := range cgo {
		s.strs = append(s.strs, c)
		w.add(c)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if i < len(n.Values) {
					w.bind(name.Name, n.Values[i])
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						w.bind(id.Name, n.Rhs[i])
					}
				}
			}
		}
		return w.work <= maxGoWork
	})
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				if v, err := strconv.Unquote(n.Value); err == nil {
					s.strs = append(s.strs, v)
					w.add(v)
				}
			}
		case *ast.BinaryExpr:
			if n.Op == token.ADD {
				for _, v := range w.values(n) {
					w.add(v)
				}
			}
		case *ast.CallExpr:
			if goSprintf(n) {
				for _, v := range w.values(n) {
					w.add(v)
				}
			}
			w.words(n.Args)
		case *ast.CompositeLit:
			w.words(n.Elts)
		}
		return w.work <= maxGoWork
	})
	s.lines = w.lines
	return s, w.work <= maxGoWork
}

// goWords reads a Go file's string expressions and lists of words.
type goWords struct {
	consts map[string][]string // what each name is given: every value, scope or not
	lines  []string
	seen   map[string]bool
	work   int
}

// bind notes a value a name is given, when it is a string expression.
func (w *goWords) bind(name string, e ast.Expr) {
	for _, v := range w.values(e) {
		if !slices.Contains(w.consts[name], v) && len(w.consts[name]) < maxPyValues && !strings.HasPrefix(v, pyField) {
			w.consts[name] = append(w.consts[name], v)
		}
	}
}

// add notes a line, once.
func (w *goWords) add(l string) {
	if strings.TrimSpace(strings.ReplaceAll(l, pyField, "")) == "" || w.seen[l] {
		return
	}
	if w.seen == nil {
		w.seen = map[string]bool{}
	}
	w.seen[l] = true
	w.work += len(l)
	w.lines = append(w.lines, strings.ReplaceAll(l, pyField, "$__py"))
}

// goSprintf reports whether a call is fmt.Sprintf, whose value is its format with each verb
// only known when the program runs.
func goSprintf(c *ast.CallExpr) bool {
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	return ok && x.Name == "fmt" && sel.Sel.Name == "Sprintf" && len(c.Args) > 0
}

// values are what a string expression may be (pyField for a part only known when the program
// runs); nil for another expression.
func (w *goWords) values(e ast.Expr) []string {
	if w.work > maxGoWork {
		return nil
	}
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.STRING {
			if v, err := strconv.Unquote(e.Value); err == nil {
				return []string{v}
			}
		}
	case *ast.Ident:
		return w.consts[e.Name]
	case *ast.ParenExpr:
		return w.values(e.X)
	case *ast.CallExpr:
		if !goSprintf(e) {
			return nil
		}
		var out []string
		for _, f := range w.values(e.Args[0]) {
			out = append(out, goVerbs(f))
		}
		return out
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return nil
		}
		xs, ys := w.values(e.X), w.values(e.Y)
		if xs == nil && ys == nil {
			return nil
		}
		if xs == nil {
			xs = []string{pyField}
		}
		if ys == nil {
			ys = []string{pyField}
		}
		var out []string
		for _, x := range xs {
			for _, y := range ys {
				if len(out) < maxPyValues {
					w.work += len(x) + len(y)
					out = append(out, x+y)
				}
			}
		}
		return out
	}
	return nil
}

// goVerbs is a format with each verb (%s, %q, %-10v; not %%) only known when the program runs.
func goVerbs(f string) string {
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] != '%' || i+1 >= len(f) {
			b.WriteByte(f[i])
			continue
		}
		if f[i+1] == '%' {
			b.WriteByte('%')
			i++
			continue
		}
		j := i + 1
		for j < len(f) && strings.IndexByte("+-# 0123456789.*[]", f[j]) >= 0 {
			j++
		}
		b.WriteString(pyField)
		i = j
	}
	return b.String()
}

// words notes the list of words elems spell from the first that is a string on (a call's
// context or receiver before it left out), when there are two or more: a []string among them,
// or one given with ..., is its words; a key: value pair is none; anything else only known
// when the program runs.
func (w *goWords) words(elems []ast.Expr) {
	start := slices.IndexFunc(elems, func(e ast.Expr) bool {
		vs := w.values(e)
		return len(vs) > 0 && !strings.HasPrefix(vs[0], pyField)
	})
	if start < 0 {
		return
	}
	var args [][]string
	for _, e := range elems[start:] {
		switch e := e.(type) {
		case *ast.KeyValueExpr:
			continue
		case *ast.CompositeLit:
			if _, ok := e.Type.(*ast.ArrayType); ok {
				for _, el := range e.Elts {
					args = append(args, w.valuesOr(el))
				}
				continue
			}
		}
		args = append(args, w.valuesOr(e))
	}
	if len(args) < 2 {
		return
	}
	lines := []string{""}
	for _, vs := range args {
		var next []string
		for _, l := range lines {
			for _, v := range vs {
				if len(next) < maxPyValues {
					w.work += len(l) + len(v)
					next = append(next, strings.TrimPrefix(l+" "+pyWord(v), " "))
				}
			}
		}
		lines = next
	}
	for _, l := range lines {
		w.add(l)
	}
}

// valuesOr is what e may be, or a word only known when the program runs.
func (w *goWords) valuesOr(e ast.Expr) []string {
	if vs := w.values(e); len(vs) > 0 {
		return vs
	}
	return []string{pyField}
}

// maxGoTags caps the build tags of a //go:build line that goBuilt tries every setting of.
const maxGoTags = 10

// goBuilt reports whether a Go file's //go:build line (before its package clause) is satisfied
// by some setting of its tags with ignore unset: whether some go build of its package builds it.
// A line with more tags than maxGoTags, or that does not parse, counts as built.
func goBuilt(text string) bool {
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "package ") {
			return true
		}
		if !constraint.IsGoBuild(line) {
			continue
		}
		expr, err := constraint.Parse(line)
		if err != nil {
			return true
		}
		var tags []string
		expr.Eval(func(tag string) bool {
			if tag != "ignore" && !slices.Contains(tags, tag) {
				tags = append(tags, tag)
			}
			return false
		})
		if len(tags) > maxGoTags {
			return true
		}
		for set := 0; set < 1<<len(tags); set++ {
			if expr.Eval(func(tag string) bool {
				i := slices.Index(tags, tag)
				return i >= 0 && set&(1<<i) != 0
			}) {
				return true
			}
		}
		return false
	}
	return true
}
