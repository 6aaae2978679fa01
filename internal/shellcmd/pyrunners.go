package shellcmd

import (
	"path"
	"path/filepath"
	"slices"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// nox runs the sessions of a noxfile.py and invoke the tasks of a tasks.py: Python, which can
// run anything. Its text is read for the command lines it spells out (pysource.go), in the
// sessions or tasks the line runs, what they name and the file's top level: invoke's
// c.run("rm -rf ~") and nox's session.run("rm", "-rf", "~") run rm, as os.system does. What
// the Python builds when it runs is read as itself (the project's own code, as python3 x.py's
// x.py is); asking about every nox line would stop ordinary work (rules_ordinary_work).

// pythonRunnerRuns notes the Python file nox (-f/--noxfile FILE, else noxfile.py) or invoke
// (-c/--collection NAME, else tasks.py or the package tasks/; -r/--search-root DIR) runs, unless
// its words only list or describe what is there.
func (r *reader) pythonRunnerRuns(cmd Command, depth int) {
	var file, dir, config Arg
	var names, tasks []string
	all := false // a session or task only known when the line runs, or chosen by keyword or tag
	nox := cmd.Name == "nox"
	args := cmd.Args
	sessions := false
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case nox && (pathOption(args, &i, &file, "-f", "--noxfile")):
		case !nox && (pathOption(args, &i, &file, "-c", "--collection") || pathOption(args, &i, &dir, "-r", "--search-root") ||
			pathOption(args, &i, &config, "-f", "--config")):
		case v == "--" && !args[i].Dynamic:
			i = len(args)
		case slices.Contains([]string{"-l", "--list", "--json", "-h", "--help", "--version", "-V", "--usage", "--complete",
			"--print-completion-script", "--list-format"}, v):
			return
		case nox && slices.Contains([]string{"-s", "-e", "--session", "--sessions"}, v):
			sessions = true
		case nox && (strings.HasPrefix(v, "--session=") || strings.HasPrefix(v, "--sessions=")):
			_, s, _ := strings.Cut(v, "=")
			tasks = append(tasks, s)
		case nox && slices.Contains([]string{"-k", "--keywords", "-t", "--tags"}, v) || args[i].Dynamic:
			all = true
		case strings.HasPrefix(v, "-"):
			sessions = false
		case !nox || sessions:
			tasks = append(tasks, v) // invoke's words name its tasks (and their values: more read, never fewer)
		}
	}
	if all || !nox && len(tasks) == 0 {
		tasks = nil
	}
	if file.Dynamic || dir.Dynamic || config.Dynamic {
		r.manifestUnknown(cmd)
		return
	}
	switch {
	case nox && file.Value != "":
		names = []string{file.Value}
	case nox:
		names = []string{"noxfile.py"}
	case file.Value != "":
		names = []string{file.Value + ".py", path.Join(file.Value, "__init__.py")}
	default:
		names = []string{"tasks.py", "tasks/__init__.py"}
	}
	manager := "invoke" // inv too
	if nox {
		manager = "nox"
	}
	if run := r.runnerFile(manager, names[0], config.Value, dir.Value, depth); run != nil {
		run.names, run.tasks = names, tasks
	}
}

// exists reports whether the file at p is there, read or not: one hookrun cannot read is there too.
func (r *reader) exists(p string) bool {
	_, _, err := r.readFile(p, headBytes)
	return !missing(err)
}

// pythonFromDisk reads the first of the Python files a nox or invoke run names that is there
// (noxfile.py; tasks.py, else tasks/__init__.py) for the command lines it spells out.
func (r *reader) pythonFromDisk(run scriptRun) {
	for _, name := range run.names {
		for _, p := range r.located(run, name) {
			if text, ok := r.cachedText(p, p); ok {
				file := path.Join(run.dir, name)
				// Python looks an absolute import up beside the file and in the directory it
				// was found from (a tasks package's parent).
				roots := []string{filepath.Dir(p)}
				if base := strings.TrimSuffix(p, filepath.FromSlash(name)); base != p && base != "" {
					roots = append(roots, filepath.Clean(base))
				}
				r.pythonLines(run, file, text, path.Dir(file), pyModule{disk: p, roots: roots})
				if run.manager == "invoke" {
					// Its configuration lies beside the tasks.py, or the tasks package.
					r.invokeConfig(run, path.Join(run.dir, "tasks.py"), filepath.Dir(strings.TrimSuffix(p, filepath.FromSlash(name))+"x"))
				}
				return
			}
		}
	}
}

// A pyModule is where a Python file read from disk is (disk, "" for one the line writes) and
// the directories its absolute imports are looked up in.
type pyModule struct {
	disk  string
	roots []string
}

// pythonLines reads the command lines a nox or invoke file spells out in what the run asks for,
// each as a line of the file's, in dir; then the project's modules it imports (mod).
func (r *reader) pythonLines(run scriptRun, file, text, dir string, mod pyModule) {
	if enc, ok := pyEncoding(text); !ok {
		r.unresolved("%s declares the encoding %s, which Python decodes and hookrun does not read: what it runs is only known when it runs", file, enc)
		return
	}
	lines, ok := pyLines(text, run.tasks)
	if !ok {
		r.unresolved("the line runs what %s says, which spells out more than %d strings and lists, more than hookrun reads", file, maxPyLines)
		return
	}
	at, atUnknown := r.dir, r.dirUnknown
	r.dir, r.dirUnknown = dir, ""
	for _, l := range lines {
		r.fileScript(l, file, run.depth+1, nil)
	}
	r.dir, r.dirUnknown = at, atUnknown
	if mod.disk != "" {
		r.once("pymod\x00" + mod.disk) // read: an import of it reads it no more
		if r.once("py\x00" + mod.disk) {
			r.pythonImports(run, file, text, dir, mod)
		}
	}
}

// pythonImports reads the modules of the project a nox or invoke file (or a module of it)
// imports: their top level runs on import and the sessions call their functions (from tools
// import clean; clean(session)), so each is read whole, as a file the line runs, and the modules
// it imports in turn, each file once. A module is looked up as Python does: a relative one (from
// .x import y, from .. import z) from the file's package, an absolute one in mod.roots: a.b is
// a/__init__.py, then a/b.py or a/b/__init__.py; a name a from-import takes may be a submodule
// (from tools import helpers: tools/helpers.py). One not there (os, invoke, a package installed
// elsewhere) is the environment's, read as itself.
func (r *reader) pythonImports(run scriptRun, file, text, dir string, mod pyModule) {
	r.pyModules(file, mod.disk, text, mod.roots, func(display, p, text string) bool {
		r.pythonLines(scriptRun{depth: run.depth}, display, text, dir, pyModule{disk: p, roots: mod.roots})
		return true
	})
}

// pyModules hands read each module of the project that the Python file at disk (named file, with
// the text text) imports, looked up in roots as pythonImports says, each file once (shown by its
// path beside file's); read returns false to read no more.
func (r *reader) pyModules(file, disk, text string, roots []string, read func(display, p, text string) bool) {
	more := true
	visit := func(p string) {
		if !more || !r.once("pymod\x00"+p) || !r.exists(p) {
			return
		}
		display := p
		if rel, err := filepath.Rel(filepath.Dir(disk), p); err == nil {
			display = path.Join(path.Dir(file), filepath.ToSlash(rel))
		}
		if text, ok := r.cachedText(display, p); ok {
			more = read(display, p, text)
		}
	}
	for _, name := range pyImports(text) {
		rest := strings.TrimLeft(name, ".")
		bases := roots
		if dots := len(name) - len(rest); dots > 0 {
			base := filepath.Dir(disk)
			for range dots - 1 {
				base = filepath.Dir(base)
			}
			bases = []string{base}
		}
		parts := strings.Split(rest, ".")
		for _, base := range bases {
			if rest == "" {
				visit(filepath.Join(base, "__init__.py")) // from . import x: the package itself
				continue
			}
			for i, part := range parts {
				if i < len(parts)-1 {
					visit(filepath.Join(base, part, "__init__.py"))
					base = filepath.Join(base, part)
					continue
				}
				visit(filepath.Join(base, part+".py"))
				visit(filepath.Join(base, part, "__init__.py"))
			}
		}
	}
}

// invokeConfig reads what invoke's configuration makes it run beside a task's lines: the program
// run.shell names (invoke runs each c.run line as SHELL -c LINE: ./evil.sh there runs what it
// says), from the invoke.yaml, .yml or .json beside the tasks (file: their path, dir: where they
// are read from), the user's ~/.invoke.yaml…, the file -f names or INVOKE_RUN_SHELL; and the
// project's invoke.py, Python invoke imports, read as a tasks file's top level is.
func (r *reader) invokeConfig(run scriptRun, file, dir string) {
	rel := path.Dir(file)
	var configs [][2]string // where to read, how to name it
	for _, name := range []string{"invoke.yaml", "invoke.yml", "invoke.json"} {
		configs = append(configs, [2]string{filepath.Join(dir, name), path.Join(rel, name)})
		if h, ok := home("~/." + name); ok {
			configs = append(configs, [2]string{filepath.FromSlash(h), h})
		}
	}
	if run.manifest != "" {
		for _, p := range r.located(run, run.manifest) {
			configs = append(configs, [2]string{p, run.manifest})
		}
	}
	shell, from := "", ""
	for _, c := range configs {
		if text, ok := r.probe(c[0]); ok {
			var doc struct {
				Run struct {
					Shell string `yaml:"shell"`
				} `yaml:"run"`
			}
			if yaml.Unmarshal([]byte(text), &doc) == nil && doc.Run.Shell != "" {
				shell, from = doc.Run.Shell, c[1]
			}
		}
	}
	if e, ok := lastEnv(run.env)["INVOKE_RUN_SHELL"]; ok {
		shell, from = strings.TrimPrefix(e.Value, "INVOKE_RUN_SHELL="), "INVOKE_RUN_SHELL"
		if e.Dynamic {
			r.unresolved("invoke runs its tasks' lines with the shell INVOKE_RUN_SHELL names, %s, only known when the line runs", shell)
			return
		}
	}
	if shell != "" && !scriptShellOwn(shell) {
		at, atUnknown := r.dir, r.dirUnknown
		r.dir, r.dirUnknown = rel, ""
		r.shellProgram(shell, "the run.shell of "+from, run.depth+1)
		r.dir, r.dirUnknown = at, atUnknown
	}
	if text, ok := r.cachedText(filepath.Join(dir, "invoke.py"), filepath.Join(dir, "invoke.py")); ok {
		r.pythonLines(scriptRun{depth: run.depth}, path.Join(rel, "invoke.py"), text, rel,
			pyModule{disk: filepath.Join(dir, "invoke.py"), roots: []string{dir}})
	}
}
