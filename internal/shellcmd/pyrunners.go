package shellcmd

import (
	"path"
	"slices"
)

// nox runs the sessions of a noxfile.py and invoke the tasks of a tasks.py: Python, which can
// run anything. One on disk is read as itself, as python3 x.py's x.py is (the project's own code:
// asking about every nox line would stop ordinary work, rules_ordinary_work); one the line writes
// is read as a Python file the line writes (the shell lines its strings spell out).

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

// exists reports whether the file at p is there, read or not: one hookrun cannot read is there too.
func (r *reader) exists(p string) bool {
	_, _, err := r.readFile(p, headBytes)
	return !missing(err)
}
