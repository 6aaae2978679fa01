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
	run := r.ran(runNpm, Arg{Value: names[0]}, depth)
	if run == nil {
		return
	}
	run.manager, run.names, run.tasks, run.manifest = commandName(cmd.Name), names, tasks, config.Value
	if run.manager == "inv" {
		run.manager = "invoke"
	}
	if dir.Value != "" {
		run.dir = under(run.dir, dir.Value)
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
				r.pythonLines(run, file, text, path.Dir(file))
				if run.manager == "invoke" {
					// Its configuration lies beside the tasks.py, or the tasks package.
					r.invokeConfig(run, path.Join(run.dir, "tasks.py"), filepath.Dir(strings.TrimSuffix(p, filepath.FromSlash(name))+"x"))
				}
				return
			}
		}
	}
}

// pythonLines reads the command lines a nox or invoke file spells out in what the run asks for,
// each as a line of the file's, in dir.
func (r *reader) pythonLines(run scriptRun, file, text, dir string) {
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
		r.pythonLines(scriptRun{depth: run.depth}, path.Join(rel, "invoke.py"), text, rel)
	}
}
