package shellcmd

import (
	"cmp"
	"errors"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// What pytest collects, read from disk once the line is read (a runPytest run): pytest imports
// every test file it collects (test_*.py, *_test.py, or the python_files its configuration
// names; every .py with --doctest-modules), whose module-level code runs at collection, and the
// conftest.py of every directory it walks into and of each directory from the rootdir (every one
// above, with no configuration file, as pytest before 8 does) down to each path it collects; the
// modules the pytest_plugins of those files name, the -p plugins of the configuration's addopts,
// of PYTEST_ADDOPTS and of PYTEST_PLUGINS set on the line. Its configuration is the first of
// pytest.ini, .pytest.ini, pyproject.toml's [tool.pytest.ini_options], tox.ini's [pytest] and
// setup.cfg's [tool:pytest] in the directory it starts from and those above (or -c FILE), whose
// addopts, testpaths, python_files and norecursedirs (-o KEY=VALUE overriding them) say what it
// collects. It walks as pytest does, leaving out what norecursedirs names (by default .*, build,
// dist, node_modules, venv, *.egg…) and virtual environments (a directory holding pyvenv.cfg).
// Each file is read as python3 FILE's program file is (programfiles.go), in the directory the
// line runs pytest in. Plugins an installed package declares (its pytest11 entry point) are the
// environment's, as pytest itself is: not read.
const runPytest = "pytest"

// Bounds on what one pytest run reads: past them the line is unresolved.
const (
	maxPytestFiles = 512     // Python files read
	maxPytestDirs  = 1024    // directories listed
	maxPytestNames = 16384   // entries of those directories looked at
	maxPytestBytes = 8 << 20 // bytes of the files read
	maxPytestUp    = 64      // directories above where it starts, for its configuration and conftest.py
)

// pytestNames are the configuration files pytest looks for, in its order.
var pytestNames = []string{"pytest.ini", ".pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg"}

// pytestDefaultNoRecurse is norecursedirs' default.
var pytestDefaultNoRecurse = []string{"*.egg", ".*", "_darcs", "build", "CVS", "dist", "node_modules", "venv", "{arch}"}

// pytestOptions are what a pytest command line (with its addopts) says about what it collects.
type pytestOptions struct {
	config, rootdir, confcutdir string
	overrides                   map[string]string // -o KEY=VALUE
	plugins, operands           []string
	pyargs, doctest, inVenv     bool
}

// pytestParse reads pytest's arguments: its options with their values (--opt=V, --opt V, -pV,
// -p V, and a short option's value at the end of a cluster: -xpNAME), and its operands.
func pytestParse(args []string) pytestOptions {
	var o pytestOptions
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			o.operands = append(o.operands, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			o.operands = append(o.operands, a)
			continue
		}
		name, value, has := strings.Cut(a, "=")
		if !strings.HasPrefix(a, "--") {
			name, value, has = a, "", false
			for j := 1; j < len(a); j++ {
				if strings.IndexByte("pcokmWnr", a[j]) >= 0 {
					name, value, has = "-"+a[j:j+1], a[j+1:], j+1 < len(a)
					break
				}
			}
		}
		if !has && pytestValue(name) && i+1 < len(args) {
			value, has, i = args[i+1], true, i+1
		}
		switch name {
		case "--pyargs":
			o.pyargs = true
		case "--doctest-modules":
			o.doctest = true
		case "--collect-in-virtualenv":
			o.inVenv = true
		}
		if !has {
			continue
		}
		switch name {
		case "-p":
			if !strings.HasPrefix(value, "no:") {
				o.plugins = append(o.plugins, value)
			}
		case "-c", "--config-file":
			o.config = value
		case "--rootdir":
			o.rootdir = value
		case "--confcutdir":
			o.confcutdir = value
		case "-o", "--override-ini":
			if k, v, ok := strings.Cut(value, "="); ok {
				if o.overrides == nil {
					o.overrides = map[string]string{}
				}
				o.overrides[strings.TrimSpace(k)] = v
			}
		}
	}
	return o
}

// pytestWords splits an addopts value as Python's shlex.split does (POSIX: quotes and
// backslashes, # not a comment); false for an unclosed quote, which pytest refuses.
func pytestWords(s string) ([]string, bool) {
	var out []string
	var cur strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case quote == '"':
			switch {
			case c == '"':
				quote = 0
			case c == '\\' && i+1 < len(s) && strings.IndexByte("\\\"$`\n", s[i+1]) >= 0:
				i++
				cur.WriteByte(s[i])
			default:
				cur.WriteByte(c)
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if in {
				out, in = append(out, cur.String()), false
				cur.Reset()
			}
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == '\\':
			in = true
			if i+1 < len(s) {
				i++
				cur.WriteByte(s[i])
			}
		default:
			in = true
			cur.WriteByte(c)
		}
	}
	if quote != 0 {
		return nil, false
	}
	if in {
		out = append(out, cur.String())
	}
	return out, true
}

// pytestIni is the pytest section of a configuration file named name (its base name; -c FILE
// may name any): ok false when the file has none.
func pytestIni(name, text string) (map[string]string, bool) {
	if strings.HasSuffix(name, ".toml") {
		var doc map[string]any
		if toml.Unmarshal([]byte(text), &doc) != nil {
			return nil, false
		}
		t := tomlTable(doc, "tool", "pytest", "ini_options")
		if t == nil {
			return nil, false
		}
		out := map[string]string{}
		for k, v := range t {
			switch v := v.(type) {
			case string:
				out[k] = v
			case []any:
				// A list is pytest's words as they are: quoted for pytestWords.
				var ws []string
				for _, s := range tomlStrings(v) {
					ws = append(ws, "'"+strings.ReplaceAll(s, "'", `'"'"'`)+"'")
				}
				out[k] = strings.Join(ws, " ")
			}
		}
		return out, true
	}
	// tox.ini's is [pytest], setup.cfg's [tool:pytest]; a file -c names may hold either.
	sections := iniSections(text)
	for _, s := range []string{"pytest", "tool:pytest"} {
		if name == "tox.ini" && s != "pytest" || name == "setup.cfg" && s != "tool:pytest" {
			continue
		}
		if sec, ok := sections[s]; ok {
			return sec, true
		}
	}
	if name == "pytest.ini" || name == ".pytest.ini" {
		return map[string]string{}, true // pytest.ini is pytest's however empty
	}
	return nil, false
}

// pytestPlugins are the modules a Python file's pytest_plugins names (pytest_plugins = "a" or
// = ["a", "b.c"]); dynamic is true when it is set to anything else, only known when it runs.
func pytestPlugins(text string) (mods []string, dynamic bool) {
	if !strings.Contains(text, "pytest_plugins") {
		return nil, false
	}
	toks, ok := pyTokens(text, 1<<20)
	if !ok {
		return nil, true
	}
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].kind != 'n' || toks[i].text != "pytest_plugins" || toks[i+1].kind != 'o' ||
			toks[i+1].text != "=" && toks[i+1].text != "+=" {
			continue
		}
		for j := i + 2; j < len(toks) && toks[j].kind != ';'; j++ {
			switch t := toks[j]; {
			case t.kind == 's':
				mods = append(mods, t.text)
			case t.kind == 'o' && strings.Contains("[](),+", t.text):
			default:
				return mods, true
			}
		}
	}
	return mods, false
}

// A pytestReading is one pytest run's reading from disk: what it has read, and its bounds.
type pytestReading struct {
	r                   *reader
	run                 scriptRun
	cwd                 string // absolute, where the line runs pytest
	files, dirs, names  int
	bytes               int
	over, inVenv        bool
	patterns, noRecurse []string
	texts               []pytestFile
}

// pytestFromDisk reads what a pytest run collects, in each directory the line may run it in.
func (r *reader) pytestFromDisk(run scriptRun) {
	if by := r.rewritten(); by != "" {
		r.unresolved("the line runs pytest after %s, which may change its tests to text only known when the line runs", by)
	}
	env := lastEnv(run.env)
	var envArgs, envPlugins []string
	if e, ok := env["PYTEST_ADDOPTS"]; ok {
		v := strings.TrimPrefix(e.Value, "PYTEST_ADDOPTS=")
		ws, ok := pytestWords(v)
		if e.Dynamic || !ok {
			r.unresolved("pytest reads its options from PYTEST_ADDOPTS, %s, only known when the line runs", v)
			return
		}
		envArgs = ws
	}
	if e, ok := env["PYTEST_PLUGINS"]; ok {
		v := strings.TrimPrefix(e.Value, "PYTEST_PLUGINS=")
		if e.Dynamic {
			r.unresolved("pytest loads the plugins PYTEST_PLUGINS names, %s, only known when the line runs", v)
			return
		}
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p != "" {
				envPlugins = append(envPlugins, p)
			}
		}
	}
	if r.files.List == nil {
		r.unresolved("pytest runs the tests it collects below where it runs, a directory hookrun cannot list")
		return
	}
	for _, cwd := range r.located(run, ".") {
		p := &pytestReading{r: r, run: run, cwd: cwd}
		p.read(envArgs, envPlugins)
		if !p.over {
			p.programs() // past a bound the line is unresolved: the files read are not parsed
		}
	}
}

// stop notes why the reading ends: the line is unresolved.
func (p *pytestReading) stop(format string, args ...any) {
	if !p.over {
		p.over = true
		p.r.unresolved(format, args...)
	}
}

// abs is the absolute path of a path pytest is given, from where it runs.
func (p *pytestReading) abs(q string) string {
	q, _ = home(q)
	if filepath.IsAbs(filepath.FromSlash(q)) {
		return filepath.Clean(filepath.FromSlash(q))
	}
	return filepath.Join(p.cwd, filepath.FromSlash(q))
}

// rel is how the reasons name the absolute path q: from where pytest runs when below it.
func (p *pytestReading) rel(q string) string {
	if d, err := filepath.Rel(p.cwd, q); err == nil {
		return path.Join(p.run.dir, filepath.ToSlash(d))
	}
	return filepath.ToSlash(q)
}

// text reads a file pytest reads (a configuration file, a Python file): ok false when it is not
// there or cannot be read whole (then the line is unresolved).
func (p *pytestReading) text(abs string) (string, bool) {
	if p.over {
		return "", false
	}
	data, whole, err := p.r.readAt(abs, int64(min(maxScriptFile, maxPytestBytes-p.bytes)))
	switch {
	case missing(err):
		return "", false
	case err != nil:
		p.stop("pytest runs %s, which hookrun cannot read: %v", p.rel(abs), err)
		return "", false
	case !whole:
		p.stop("pytest runs %s, with more than %d bytes of Python files (or one of more than %d), more than hookrun reads", p.rel(abs), maxPytestBytes, maxScriptFile)
		return "", false
	}
	p.bytes += len(data)
	return string(data), true
}

// exists reports whether a file is at abs (setup.py, which marks pytest's rootdir).
func (p *pytestReading) exists(abs string) bool {
	_, _, err := p.r.readAt(abs, 1)
	return !missing(err)
}

// pytestList is an ini value of pytest's args type, split as shlex does (as words when it
// cannot be).
func pytestList(v string) []string {
	if ws, ok := pytestWords(v); ok {
		return ws
	}
	return strings.Fields(v)
}

// read reads what pytest collects where it runs, given the words of PYTEST_ADDOPTS and the
// modules of PYTEST_PLUGINS.
func (p *pytestReading) read(envArgs, envPlugins []string) {
	lineArgs := argValues(p.run.args)
	first := pytestParse(append(slices.Clone(envArgs), lineArgs...))
	start := p.cwd
	if len(first.operands) > 0 && !first.pyargs {
		start = p.abs(strings.Split(first.operands[0], "::")[0])
		for _, o := range first.operands[1:] {
			start = commonDir(start, p.abs(strings.Split(o, "::")[0]))
		}
		if strings.HasSuffix(start, ".py") {
			start = filepath.Dir(start)
		}
	}
	// The configuration file: -c FILE, else the first found from start up.
	var ini map[string]string
	iniDir, setupDir := "", ""
	if first.config != "" {
		f := p.abs(first.config)
		text, ok := p.text(f)
		if !ok {
			return // pytest stops: no such file
		}
		ini, _ = pytestIni(filepath.Base(f), text)
		iniDir = filepath.Dir(f)
	} else {
	up:
		for d, n := start, 0; n < maxPytestUp; d, n = filepath.Dir(d), n+1 {
			for _, name := range pytestNames {
				if text, ok := p.text(filepath.Join(d, name)); ok {
					if sec, ok := pytestIni(name, text); ok {
						ini, iniDir = sec, d
						break up
					}
				}
			}
			if setupDir == "" && p.exists(filepath.Join(d, "setup.py")) {
				setupDir = d
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	if p.over {
		return
	}
	var args []string
	if v, ok := ini["addopts"]; ok {
		ws, ok := pytestWords(v)
		if !ok {
			p.stop("pytest reads the options addopts gives in %s, which hookrun cannot split", p.rel(iniDir))
			return
		}
		args = ws
	}
	o := pytestParse(append(append(args, envArgs...), lineArgs...))
	value := func(key string) (string, bool) {
		if v, ok := o.overrides[key]; ok {
			return v, true
		}
		v, ok := ini[key]
		return v, ok
	}
	p.patterns = []string{"test_*.py", "*_test.py"}
	if v, ok := value("python_files"); ok {
		p.patterns = pytestList(v)
	}
	if o.doctest {
		p.patterns = append(p.patterns, "*.py")
	}
	p.noRecurse = pytestDefaultNoRecurse
	if v, ok := value("norecursedirs"); ok {
		p.noRecurse = pytestList(v)
	}
	rootdir := cmp.Or(iniDir, setupDir, start)
	if o.rootdir != "" {
		rootdir = p.abs(o.rootdir)
	}
	// conftest.py files are read up to the configuration file's directory; with none, pytest
	// before 8 reads them up to the file system's root.
	cut := iniDir
	if o.confcutdir != "" {
		cut = p.abs(o.confcutdir)
	}
	// Where it collects: the operands, else testpaths from the rootdir, else where it runs.
	var roots []string
	for _, op := range o.operands {
		op, _, _ = strings.Cut(op, "::")
		if o.pyargs && !strings.ContainsAny(op, "/\\") && !strings.HasSuffix(op, ".py") {
			mod := p.abs(strings.ReplaceAll(op, ".", "/"))
			roots = append(roots, mod, mod+".py")
			continue
		}
		roots = append(roots, p.abs(op))
	}
	if len(roots) == 0 {
		if v, ok := value("testpaths"); ok && iniDir == p.cwd && !strings.ContainsAny(v, "*?[") {
			for _, t := range pytestList(v) {
				roots = append(roots, filepath.Join(iniDir, filepath.FromSlash(t)))
			}
		}
		if len(roots) == 0 {
			roots = []string{p.cwd}
		}
	}
	p.inVenv = o.inVenv
	for _, m := range append(o.plugins, envPlugins...) {
		p.module(m, []string{p.cwd, rootdir})
	}
	for _, root := range roots {
		dir := root
		if strings.HasSuffix(root, ".py") {
			dir = filepath.Dir(root)
		}
		p.conftests(dir, cut)
		if strings.HasSuffix(root, ".py") {
			p.file(root, rootdir, true)
		} else {
			p.walk(root, rootdir, true)
		}
		if p.over {
			return
		}
	}
}

// commonDir is the deepest directory both a and b are in.
func commonDir(a, b string) string {
	for !(a == b || strings.HasPrefix(b, a+string(filepath.Separator)) || filepath.Dir(a) == a) {
		a = filepath.Dir(a)
	}
	return a
}

// conftests reads the conftest.py of dir and of each directory above it, up to cut (with cut
// empty, to the root): pytest leaves out only the directories above its confcutdir.
func (p *pytestReading) conftests(dir, cut string) {
	for d, n := dir, 0; n < maxPytestUp && !p.over; d, n = filepath.Dir(d), n+1 {
		if cut != "" && d != cut && strings.HasPrefix(cut, strings.TrimSuffix(d, string(filepath.Separator))+string(filepath.Separator)) {
			return // above the cut
		}
		p.file(filepath.Join(d, "conftest.py"), dir, false)
		if filepath.Dir(d) == d {
			return
		}
	}
}

// walk reads what pytest collects below dir: each directory's conftest.py and test files, and
// the __init__.py of a directory that holds one, which importing them runs.
func (p *pytestReading) walk(dir, rootdir string, root bool) {
	if p.over {
		return
	}
	names, err := p.r.list(dir, maxPytestNames+1)
	switch {
	case errors.Is(err, errReadTime):
		p.stop("pytest collects the tests below %s, which hookrun could not list in time: %v", p.rel(dir), err)
		return
	case err != nil:
		return // a file, or nothing
	case !root && !p.inVenv && slices.Contains(names, "pyvenv.cfg"):
		return // a virtual environment, which pytest leaves out
	}
	if p.dirs++; p.dirs > maxPytestDirs {
		p.stop("pytest collects the tests below %s, more directories than hookrun lists (%d)", p.rel(dir), maxPytestDirs)
		return
	}
	if p.names += len(names); p.names > maxPytestNames {
		p.stop("pytest collects the tests below %s, more files than hookrun looks at (%d)", p.rel(dir), maxPytestNames)
		return
	}
	slices.Sort(names)
	var tests, subdirs []string
	for _, n := range names {
		switch {
		case n == "conftest.py":
			p.file(filepath.Join(dir, n), rootdir, false)
		case strings.HasSuffix(n, ".py"):
			if p.collected(n) {
				tests = append(tests, n)
			}
		case n == "__pycache__" || pytestMatch(p.noRecurse, n):
		default:
			subdirs = append(subdirs, n)
		}
	}
	if len(tests) > 0 && slices.Contains(names, "__init__.py") {
		p.file(filepath.Join(dir, "__init__.py"), rootdir, false)
	}
	for _, n := range tests {
		p.file(filepath.Join(dir, n), rootdir, true)
	}
	for _, n := range subdirs {
		p.walk(filepath.Join(dir, n), rootdir, false)
	}
}

// collected reports whether pytest imports a .py file of this name as a test module.
func (p *pytestReading) collected(name string) bool {
	return pytestMatch(p.patterns, name)
}

// pytestMatch reports whether name matches one of pytest's fnmatch patterns; a pattern with a
// path in it, or one path.Match cannot read, matches (more read, never fewer).
func pytestMatch(patterns []string, name string) bool {
	for _, pat := range patterns {
		if strings.ContainsAny(pat, "/\\") {
			return true
		}
		if ok, err := path.Match(pat, name); ok || err != nil {
			return true
		}
	}
	return false
}

// file reads one Python file pytest imports, once, as python3 FILE's program file, with the
// plugins its pytest_plugins names.
func (p *pytestReading) file(abs, rootdir string, test bool) {
	r := p.r
	if p.over || !r.once("pytest\x00"+abs) {
		return
	}
	// A conftest.py the line names is read as a program already (pytestRuns); its
	// pytest_plugins are read here.
	program := r.once("code\x00" + abs)
	text, ok := p.text(abs)
	if !ok {
		return
	}
	if p.files++; p.files > maxPytestFiles {
		p.stop("pytest imports more than %d Python files below %s, more than hookrun reads", maxPytestFiles, p.rel(p.cwd))
		return
	}
	if program {
		p.texts = append(p.texts, pytestFile{abs, text, test})
	}
	mods, dynamic := pytestPlugins(text)
	if dynamic {
		p.stop("pytest loads the plugins %s's pytest_plugins names, only known when it runs", p.rel(abs))
		return
	}
	for _, m := range mods {
		p.module(m, []string{p.cwd, rootdir, filepath.Dir(abs)})
	}
}

// A pytestFile is a Python file pytest imports, read: a test module or not.
type pytestFile struct {
	abs, text string
	test      bool
}

// programs reads the files read as python3 FILE's program files, once all are read: outside the
// time the line's reads have. A test module's strings are read for the commands it runs, not as
// the paths it names: a test suite's URLs and path fixtures ("/..", "~/.config") would have
// every pytest line ask a rule on paths, where a conftest.py's and a plugin's are read as any
// program file's.
func (p *pytestReading) programs() {
	r := p.r
	for _, f := range p.texts {
		run := p.run
		run.kind, run.manager, run.file = runCode, langPython, p.rel(f.abs)
		if !f.test {
			r.programText(run, f.abs, f.text)
			continue
		}
		np, no, nt, nu := len(r.out.Paths), len(r.out.OptionPaths), len(r.out.TreePaths), len(r.out.UnknownPaths)
		r.programText(run, f.abs, f.text)
		for _, q := range r.out.Paths[np:] {
			delete(r.seen, q)
		}
		for _, q := range r.out.OptionPaths[no:] {
			delete(r.seen, "\x00"+q)
		}
		for _, q := range r.out.TreePaths[nt:] {
			delete(r.seen, "\x01"+q)
		}
		r.out.Paths, r.out.OptionPaths, r.out.TreePaths, r.out.UnknownPaths = r.out.Paths[:np], r.out.OptionPaths[:no], r.out.TreePaths[:nt], r.out.UnknownPaths[:nu]
	}
}

// module reads the project's module a plugin names (a.b: a/b.py, or a/b/__init__.py, with
// a/__init__.py), in each of dirs: one not there is the environment's.
func (p *pytestReading) module(name string, dirs []string) {
	if name == "" || strings.ContainsAny(name, "/\\:") {
		return
	}
	rel := filepath.FromSlash(strings.ReplaceAll(name, ".", "/"))
	for _, d := range dirs {
		files := []string{filepath.Join(d, rel+".py"), filepath.Join(d, rel, "__init__.py")}
		for q := filepath.Dir(rel); q != "."; q = filepath.Dir(q) {
			files = append(files, filepath.Join(d, q, "__init__.py"))
		}
		for _, f := range files {
			p.file(f, d, false)
		}
	}
}

// pytestWrites reports whether a file the line writes (its key: its base name, lowercased; ""
// for one only known when it runs) may be one pytest collects or reads its configuration from.
func pytestWrites(key string) bool {
	return key == "" || key == "conftest.py" || pytestMatch([]string{"test_*.py", "*_test.py"}, key) || slices.Contains(pytestNames, key)
}
