package shellcmd

import (
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// nox runs the sessions of a noxfile.py and invoke the tasks of a tasks.py: Python, which can
// run anything and which hookrun does not read. A line that runs them, where the file is there,
// is unresolved, the reason naming it; inside a file read from disk that is quiet, as a program
// is.

// pythonRunnerRuns notes the Python file nox (-f/--noxfile FILE, else noxfile.py) or invoke
// (-c/--collection NAME, else tasks.py or the package tasks/; -r/--search-root DIR) runs, unless
// its words only list or describe what is there.
func (r *reader) pythonRunnerRuns(cmd Command, depth int) {
	var file, dir Arg
	var names []string
	nox := cmd.Name == "nox"
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case nox && (pathOption(args, &i, &file, "-f", "--noxfile")):
		case !nox && (pathOption(args, &i, &file, "-c", "--collection") || pathOption(args, &i, &dir, "-r", "--search-root")):
		case v == "--" && !args[i].Dynamic:
			i = len(args)
		case slices.Contains([]string{"-l", "--list", "--json", "-h", "--help", "--version", "-V", "--usage", "--complete",
			"--print-completion-script", "--list-format"}, v):
			return
		}
	}
	if file.Dynamic || dir.Dynamic {
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
	run.manager, run.names = commandName(cmd.Name), names
	if run.manager == "inv" {
		run.manager = "invoke"
	}
	if dir.Value != "" {
		run.dir = under(run.dir, dir.Value)
	}
}

// pythonRunnerFromDisk makes the line unresolved when the Python file a nox or invoke run names
// is there: in the directory it starts in (invoke: or the nearest above).
func (r *reader) pythonRunnerFromDisk(run scriptRun) {
	if run.dirUnknown != "" {
		r.unresolved("%s runs the Python of %s in %s, a directory only known when it runs", run.manager, run.names[0], run.dirUnknown)
		return
	}
	for _, start := range r.located(run, ".") {
		dir, rel := start, run.dir
		for range 64 {
			for _, name := range run.names {
				if p := filepath.Join(dir, filepath.FromSlash(name)); r.exists(p) {
					r.unresolved("%s runs the Python of %s, which hookrun does not read", run.manager, strings.TrimPrefix(path.Join(rel, name), "./"))
					return
				}
			}
			up := filepath.Dir(dir)
			if up == dir || run.manager == "nox" {
				break
			}
			dir, rel = up, path.Join(rel, "..")
		}
	}
}

// exists reports whether the file at p is there, read or not: one hookrun cannot read is there too.
func (r *reader) exists(p string) bool {
	_, _, err := r.readFile(p, headBytes)
	return !missing(err)
}
