package shellcmd

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A program file an interpreter runs (python3 x.py, node a.js, ruby x.rb, php x.php, awk -f
// p.awk, sed -f s.sed, python3 -m pkg, a file run by its path whose #! line names python or
// node) is read from disk as the same interpreter's program given in the line is read (code.go):
// its strings name paths, and those it may hand to a shell (os.system, child_process, system,
// backticks) are lines of their own. A file an earlier call wrote, or a hostile repository
// holds, runs what it says as surely as python3 -c does. Like a shell script read from disk, what
// the program leaves unknown does not count (the project's code, read as its scripts are); one
// hookrun cannot read, larger than maxScriptFile, or in an encoding it does not read, makes the
// line unresolved where the line itself runs it, as a shell script does.

// Program languages: the interpreter whose program a runCode run's file is (scriptRun.manager).
const (
	langPython = "python"
	langNode   = "node"
	langAwk    = "awk"
	langSed    = "sed"
)

// maxFileLiterals caps the strings of a program file read from disk read as lines and as paths:
// a real program holds more than the 256 a line's own program is read for (41 of the 665 .py files
// of Python 3.11's standard library that call something that runs a command), and past this one
// a file the line runs itself is unresolved (programText), where a string after the cap may run
// anything.
const maxFileLiterals = 4096

// literalCap is the number of a program's strings read (runLiterals, pathLiterals).
func (r *reader) literalCap() int {
	if r.literals > 0 {
		return r.literals
	}
	return maxLiterals
}

// maxProgramModules caps the project's modules read for one program file, and
// maxModuleBytes their text.
const (
	maxProgramModules = 16
	maxModuleBytes    = 1 << 20
)

// A moduleBudget counts the modules read for one program file; over says why one was not.
type moduleBudget struct {
	n, bytes int
	over     string
}

// moreModules reports whether a module of size bytes is read: within maxProgramModules and
// maxModuleBytes for its program file, while the line has half its reads left (the line's other
// files need the reads and the time left). Past them the rest is not read and b.over says so:
// a module not read may run anything, so the program file is then unresolved (programText).
func (r *reader) moreModules(b *moduleBudget, size int) bool {
	b.n++
	b.bytes += size
	switch {
	case b.n > maxProgramModules || b.bytes > maxModuleBytes:
		b.over = fmt.Sprintf("loads more than %d of the project's modules (or more than %d bytes of them)", maxProgramModules, maxModuleBytes)
	case r.fileReads >= maxFileReads/2:
		b.over = fmt.Sprintf("loads more of the project's modules than hookrun reads beside the line's other files (%d files)", maxFileReads/2)
	default:
		return true
	}
	return false
}

// programLang is the language of the programs the command name runs ("" for none): an
// interpreter's name with its version or under another name reads as that interpreter's.
func programLang(name string) string {
	n := interpreterName(name)
	switch {
	case strings.HasPrefix(n, "python") || strings.HasPrefix(n, "pypy"):
		return langPython
	case n == "node" || n == "bun" || n == "deno":
		return langNode
	case n == "awk" || n == "gawk" || n == "mawk" || n == "nawk" || n == "busybox-awk":
		return langAwk
	case n == "sed" || n == "gsed":
		return langSed
	case n == "perl" || n == "ruby" || n == "php" || n == "lua" || n == "luajit" || n == "rscript":
		return n
	}
	return ""
}

// programRuns notes the program file the interpreter cmd runs (scriptFiles): its first operand,
// unless an option gives the program in the line; python -m MOD's module in the directory it
// runs in (MOD.py, MOD/__main__.py and the packages' __init__.py); awk's and sed's -f files; deno
// run's and bun's file; uv run's .py file; and a file redirected to its standard input when
// nothing else gives it a program (python3 < x.py).
func (r *reader) programRuns(cmd Command, redirs []*syntax.Redirect, depth int) {
	lang := programLang(cmd.Name)
	defer func(n int) {
		// Where the program file's own loads are looked up: ruby -Ilib x.rb, PYTHONPATH=src.
		dirs := moduleDirs(lang, cmd.Args, cmd.Env, true)
		for i := n; i < len(r.runs); i++ {
			r.runs[i].loadDirs = dirs
		}
	}(len(r.runs))
	note := func(run *scriptRun) {
		if run != nil {
			run.manager = lang
		}
	}
	switch n := interpreterName(cmd.Name); {
	case cmd.Name == "uv":
		if ops := staticOperands(cmd.Args); len(ops) > 1 && ops[0] == "run" {
			for _, o := range ops[1:] {
				if strings.HasSuffix(o, ".py") || strings.HasSuffix(o, ".pyw") {
					lang = langPython
					note(r.ran(runCode, Arg{Value: o}, depth))
					break
				}
			}
		}
	case lang == langPython:
		if mod, _, ok := pythonModule(cmd.Args); ok {
			r.moduleRuns(mod, depth)
			return
		}
		r.interpreterFile(cmd, redirs, lang, 'c', "", "WX", "m", depth)
	case n == "deno" || n == "bun":
		// deno run FILE, bun FILE, bun run FILE: the first operand that is a JavaScript or
		// TypeScript file (bun run NAME is a package.json script, packages.go).
		ops := staticOperands(cmd.Args)
		if len(ops) > 0 && ops[0] == "run" {
			ops = ops[1:]
		} else if n == "deno" {
			return // deno's other commands (test, task, eval) are read elsewhere or run no file of the line's
		}
		if len(ops) > 0 && jsFile(ops[0]) {
			note(r.ran(runCode, Arg{Value: ops[0]}, depth))
		}
	case lang == langNode:
		r.interpreterFile(cmd, redirs, lang, 'e', "p", "r", "", depth)
	case lang == "perl":
		r.interpreterFile(cmd, redirs, lang, 'e', "E", "iIMmxCdD0l", "", depth)
	case lang == "ruby":
		r.interpreterFile(cmd, redirs, lang, 'e', "", "IrCEFx0KTW", "", depth)
	case lang == "php":
		if f := optionValues(cmd.Args, "-f", "--file"); len(f) > 0 {
			note(r.ran(runCode, f[0], depth))
			return
		}
		r.interpreterFile(cmd, redirs, lang, 'r', "BRE", "cdzF", "", depth)
	case lang == "lua" || lang == "luajit":
		r.interpreterFile(cmd, redirs, lang, 'e', "", "l", "", depth)
	case lang == "rscript":
		r.interpreterFile(cmd, redirs, lang, 'e', "", "", "", depth)
	case lang == langAwk || lang == langSed:
		names := []string{"-f", "--file"}
		if lang == langAwk {
			names = append(names, "-E", "--exec", "-i", "--include") // gawk's program and library files
		}
		for _, f := range optionValues(cmd.Args, names...) {
			switch {
			case !r.withFiles() || r.maybe:
			case f.Dynamic:
				r.unresolved("%s runs a program file %s names, only known when the line runs", cmd.Name, f.Value)
			case f.Value == "-":
				r.unresolved("%s reads its program from standard input: what it runs is only known when the line runs", cmd.Name)
			}
			note(r.ran(runCode, f, depth))
		}
	}
}

// programFileRun reports whether file is the program file the interpreter name runs, noted by
// programRuns: read as a program of its language, not as a command the interpreter may run.
func (r *reader) programFileRun(name, file string) bool {
	return programLang(name) != "" && slices.ContainsFunc(r.runs, func(run scriptRun) bool { return run.kind == runCode && run.file == file })
}

// interpreterFile notes the program file an interpreter of lang runs, with its options read as
// clusterCode reads them: its first operand, else a file redirected to its standard input.
func (r *reader) interpreterFile(cmd Command, redirs []*syntax.Redirect, lang string, letter rune, also, valued, stop string, depth int) {
	if run := r.programFile(cmd.Name, cmd.Args, string(letter)+also, valued, stop, depth); run != nil {
		run.manager = lang
		return
	}
	if _, stdin := clusterCode(cmd.Args, letter, also, valued, stop); !stdin || slices.ContainsFunc(cmd.Args, func(a Arg) bool { return a.Dynamic }) {
		return
	}
	for _, rd := range redirs {
		if (rd.N == nil || rd.N.Value == "0") && rd.Op == syntax.RdrIn {
			if ws := r.words("", []*syntax.Word{rd.Word}); len(ws) == 1 {
				if ws[0].Dynamic {
					r.unresolved("%s reads its program from %s, a file only known when the line runs", cmd.Name, ws[0].Value)
				} else if run := r.ran(runCode, ws[0], depth); run != nil {
					run.manager = lang
				}
			}
		}
	}
}

// optionValues are the values of the options names (-f FILE, -fFILE for a one-letter one,
// --file FILE, --file=FILE), in order.
func optionValues(args []Arg, names ...string) []Arg {
	var out []Arg
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			break
		}
		for _, n := range names {
			switch {
			case v == n && i+1 < len(args):
				i++
				out = append(out, args[i])
			case strings.HasPrefix(n, "--") && strings.HasPrefix(v, n+"="):
				out = append(out, Arg{Value: v[len(n)+1:], Dynamic: args[i].Dynamic})
			case !strings.HasPrefix(n, "--") && strings.HasPrefix(v, n) && len(v) > len(n) && !strings.HasPrefix(v, "--"):
				out = append(out, Arg{Value: v[len(n):], Dynamic: args[i].Dynamic})
			}
		}
	}
	return out
}

// jsFile reports whether a name is a JavaScript or TypeScript file's, as deno and bun run one.
func jsFile(name string) bool {
	switch path.Ext(name) {
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx":
		return true
	}
	return false
}

// pythonModule is the module python -m MOD runs, when its options name one, and the arguments
// python passes it.
func pythonModule(args []Arg) (mod Arg, rest []Arg, ok bool) {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic || v == "-" || v == "--" || !strings.HasPrefix(v, "-"):
			return Arg{}, nil, false
		case strings.HasPrefix(v, "--"):
		case strings.ContainsRune(v[1:], 'c'):
			return Arg{}, nil, false
		case strings.HasSuffix(v, "m"):
			if i+1 < len(args) {
				return args[i+1], args[i+2:], true
			}
			return Arg{}, nil, false
		case strings.Contains(v, "m"):
			return Arg{Value: v[strings.IndexByte(v, 'm')+1:]}, args[i+1:], true // -mpkg
		case strings.ContainsAny(v[len(v)-1:], "WX"):
			i++
		}
	}
	return Arg{}, nil, false
}

// moduleRuns notes the files python -m MOD runs from the directory it runs in (which python puts
// first on its path): MOD.py, or the package's __main__.py (a.b: a/b.py, a/b/__main__.py). A
// module not there (pytest, venv, http.server) is the environment's, read as itself.
func (r *reader) moduleRuns(mod Arg, depth int) {
	if mod.Dynamic {
		r.unresolved("python runs the module %s, only known when the line runs", mod.Value)
		return
	}
	p := strings.ReplaceAll(mod.Value, ".", "/")
	if p == "" || strings.HasPrefix(p, "/") {
		return
	}
	// python -m a.b imports a, then runs a/b.py, or imports a.b and runs a/b/__main__.py.
	files := []string{p + ".py", p + "/__init__.py", p + "/__main__.py"}
	for dir := path.Dir(p); dir != "."; dir = path.Dir(dir) {
		files = append(files, dir+"/__init__.py", dir+".py") // a module that is no package runs before python finds none below it
	}
	for _, f := range files {
		if run := r.ran(runCode, Arg{Value: f}, depth); run != nil {
			run.manager = langPython
		}
	}
}

// shebangLang is the language a script's #! line names an interpreter of ("" for none, or a shell).
func shebangLang(text string) string {
	name, _ := shebang(text)
	if name == "" {
		return ""
	}
	lang := programLang(strings.ToLower(name))
	if lang == langNode && name != "node" && !strings.HasPrefix(name, "node") {
		// #!/usr/bin/env -S deno run, #!/usr/bin/env bun: the file is their program too.
		return langNode
	}
	return lang
}

// programFromDisk reads the program file a runCode run names, in each directory the line may
// start in.
func (r *reader) programFromDisk(run scriptRun) {
	if isPattern(run.file) {
		r.unresolved("the line runs the programs %s names, only known when it runs", run.file)
		return
	}
	for _, p := range r.located(run, run.file) {
		if r.once("code\x00" + p) {
			r.programAt(run, p)
		}
	}
}

// programAt reads the program file at p, of run.manager's language.
func (r *reader) programAt(run scriptRun, p string) {
	data, whole, err := r.readFile(p, maxScriptFile)
	switch {
	case missing(err):
		// Not there: the interpreter says so (python -m pytest: the environment's module).
	case err != nil:
		r.unresolved("the line runs %s, which hookrun cannot read: %s", run.file, err)
	case binary(data):
		// Compiled (a .pyc, a binary named by its path): read as itself.
	case !whole:
		r.unresolved("the line runs the program %s, larger than %d bytes, more than hookrun reads", run.file, maxScriptFile)
	default:
		if run.exec {
			r.mayNameItself(p, string(data))
		}
		r.programText(run, p, string(data))
	}
}

// programText reads text, the program file at p a run names, as run.manager's program given in
// the line, quietly: in the directory the line runs it in, its commands the file's. The project's
// modules a Python or JavaScript file loads are read too (pyModules, jsModules), within a
// moduleBudget.
func (r *reader) programText(run scriptRun, p, text string) {
	lang := run.manager
	if lang == langPython {
		if enc, ok := pyEncoding(text); !ok {
			r.unresolved("%s declares the encoding %s, which Python decodes and hookrun does not read: what it runs is only known when it runs", run.file, enc)
			return
		}
	}
	defer func(n int, c, pc bool) {
		r.literals, r.capped, r.pathsCapped = n, c || r.capped, pc || r.pathsCapped
	}(r.literals, r.capped, r.pathsCapped)
	r.literals, r.capped, r.pathsCapped = maxFileLiterals, false, false
	var mods moduleBudget
	r.asFile(func() {
		r.dir, r.dirUnknown, r.fileName = run.dir, run.dirUnknown, run.file
		r.programCode(lang, text, run.depth)
		if lang == langPython {
			r.once("pymod\x00" + p)
			roots := []string{filepath.Dir(p)}
			for _, d := range run.loadDirs {
				roots = append(roots, r.located(run, d)...) // PYTHONPATH: ahead of Python's own modules
			}
			var read func(display, q, text string) bool
			read = func(display, q, text string) bool {
				if !r.moreModules(&mods, len(text)) {
					return false
				}
				r.fileName = display
				r.programCode(langPython, text, run.depth)
				r.pyModules(display, q, text, roots, read)
				return true
			}
			r.pyModules(run.file, p, text, roots, read)
		}
		if lang == langNode {
			r.once("jsmod\x00" + p)
			r.jsModules(run.file, p, text, &mods, run.depth)
		}
		if lang != langPython && lang != langNode {
			r.once("codemod\x00" + p)
			r.codeModules(run, lang, run.file, p, text, run.loadDirs, &mods) // codeloads.go
		}
	})
	// Quiet within, but a string past a cap, in the file or a module it loads, and a module not
	// read may run anything, and padding a file or adding modules is free.
	capped, pathsCapped := r.capped, r.pathsCapped
	if mods.over != "" {
		r.unresolved("the line runs the program %s, which %s, more than hookrun reads", run.file, mods.over)
	} else if capped {
		r.unresolved("the line runs the program %s, which holds more strings than hookrun reads (%d; %d bytes of lines, %d deep)",
			run.file, maxFileLiterals, maxScriptBytes, maxDepth)
	}
	if pathsCapped {
		r.pathsUnknown("the line runs the program %s, which holds more than %d strings, more than hookrun reads as paths", run.file, maxFileLiterals)
	}
}

// programCode reads text as a program of lang given in the line (code.go).
func (r *reader) programCode(lang, text string, depth int) {
	switch lang {
	case langPython:
		r.pythonStrings(text, depth)
	case langSed:
		r.sedProgram(text, depth)
	default:
		r.codeLiterals([]string{text})
		r.runStrings(text, lang, depth)
	}
}

// maxJSSpecs caps the module names read from one JavaScript file's imports.
const maxJSSpecs = 256

// jsImports are the modules a JavaScript or TypeScript program names by a relative path, which
// are the project's: require('./b'), import x from "../b", import './b', export * from './b',
// import('./b'). Others (fs, node:child_process, a package) are the environment's.
func jsImports(text string) []string {
	var out []string
	for _, kw := range []string{"require", "import", "from"} {
		for _, rest := range callsOf(text, kw) {
			if len(out) == maxJSSpecs {
				return out
			}
			t := strings.TrimLeft(rest, " \t\r\n")
			if kw != "from" {
				t = strings.TrimLeft(strings.TrimPrefix(t, "("), " \t\r\n")
			}
			if t == "" || t[0] != '\'' && t[0] != '"' && t[0] != '`' {
				continue
			}
			end := strings.IndexByte(t[1:], t[0])
			if end < 0 {
				continue
			}
			spec := t[1 : 1+end]
			if strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") {
				out = append(out, spec)
			}
		}
	}
	return out
}

// jsModuleFiles are the files node (and deno, bun, tsx) may load for the relative module spec:
// the file itself, with each extension, its directory's index, and a .ts file for a .js name
// (TypeScript's own imports name the .js their output will be).
func jsModuleFiles(spec string) []string {
	files := []string{spec}
	for _, ext := range []string{".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx"} {
		files = append(files, spec+ext)
	}
	files = append(files, spec+"/index.js", spec+"/index.ts", spec+"/index.mjs", spec+"/index.cjs")
	for _, pair := range [][2]string{{".js", ".ts"}, {".js", ".tsx"}, {".mjs", ".mts"}, {".cjs", ".cts"}} {
		if base, ok := strings.CutSuffix(spec, pair[0]); ok {
			files = append(files, base+pair[1])
		}
	}
	return files
}

// jsModules reads the project's modules a JavaScript or TypeScript file at disk (named file)
// loads by a relative path (jsImports), each as a program of its own, and theirs in turn, up to
// maxProgramModules for one program file, each file once: a module's top level runs when it is
// loaded, and the program calls its functions.
func (r *reader) jsModules(file, disk, text string, mods *moduleBudget, depth int) {
	for _, spec := range jsImports(text) {
		for _, f := range jsModuleFiles(spec) {
			q := filepath.Join(filepath.Dir(disk), filepath.FromSlash(f))
			if !r.exists(q) {
				continue
			}
			if !r.once("jsmod\x00" + q) {
				break // read already (or the file itself)
			}
			display := path.Join(path.Dir(file), f)
			text, ok := r.cachedText(display, q)
			if !ok {
				continue // a directory: its index is next
			}
			if !r.moreModules(mods, len(text)) {
				return
			}
			r.fileName = display
			r.programCode(langNode, text, depth)
			r.jsModules(display, q, text, mods, depth)
			break
		}
	}
}
