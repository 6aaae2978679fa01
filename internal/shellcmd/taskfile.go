package shellcmd

import (
	"path"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// task (go-task) runs the tasks of a Taskfile (Taskfile.yml and its other spellings, in the
// directory it starts in or the nearest above, or the one -t names), each cmd a shell line with
// its {{.VAR}} written in; a task's deps and the tasks its cmds call run too. Read as
// package.json's scripts are (packages.go), the run's manager "task".

// taskRuns notes the tasks task's words run: task names, VAR=value, and the words after "--"
// (CLI_ARGS).
func (r *reader) taskRuns(cmd Command, depth int) {
	var words []Arg
	file, dir := Arg{}, Arg{}
	var vars []string
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case v == "--" && !a.Dynamic:
			var quoted []string
			for _, c := range args[i+1:] {
				if w, ok := shellWord(c); ok {
					quoted = append(quoted, w)
				}
			}
			vars, i = append(vars, "CLI_ARGS="+strings.Join(quoted, " ")), len(args)
		case pathOption(args, &i, &file, "-t", "--taskfile") || pathOption(args, &i, &dir, "-d", "--dir"):
		case v == "-l" || v == "--list" || v == "-a" || v == "--list-all" || v == "--summary" || v == "-n" ||
			v == "--dry" || v == "--init" || v == "-i" || v == "--help" || v == "-h" || v == "--version" || v == "--status":
			return
		case v == "--output" || v == "-o" || v == "--concurrency" || v == "-C" || v == "--interval" || v == "--sort":
			i++
		case strings.HasPrefix(v, "-") && !a.Dynamic:
		case !a.Dynamic && strings.Contains(v, "="):
			vars = append(vars, v)
		default:
			words = append(words, a)
		}
	}
	if file.Dynamic || dir.Dynamic || len(words) > 0 && words[0].Dynamic {
		r.manifestUnknown(cmd)
		return
	}
	name := "Taskfile.yml"
	if file.Value != "" {
		name = file.Value
	}
	run := r.ran(runNpm, Arg{Value: name}, depth)
	if run == nil {
		return
	}
	run.manager, run.manifest, run.args, run.vars = "task", file.Value, words, vars
	if dir.Value != "" {
		run.dir = under(run.dir, dir.Value)
	}
}

// taskfileNames are the names task looks for, in its order.
func taskfileNames() []string {
	return []string{"Taskfile.yml", "taskfile.yml", "Taskfile.yaml", "taskfile.yaml", "Taskfile.dist.yml",
		"taskfile.dist.yml", "Taskfile.dist.yaml", "taskfile.dist.yaml"}
}

// A taskfileTask is a task of a Taskfile as hookrun reads it.
type taskfileTask struct {
	dir  string
	deps []string
	cmds []yaml.Node
	vars map[string]string
}

// taskfileLines are the shell lines task runs for the tasks names (default for none), each with
// the task's name and the directory it runs in (relative to the Taskfile's).
func taskfileLines(text string, names, lineVars []string) [][3]string {
	var config struct {
		Vars  map[string]yaml.Node `yaml:"vars"`
		Tasks map[string]yaml.Node `yaml:"tasks"`
	}
	if yaml.Unmarshal([]byte(text), &config) != nil {
		return nil
	}
	global := taskVars(config.Vars)
	for _, v := range lineVars {
		k, val, _ := strings.Cut(v, "=")
		global[k] = val
	}
	var out [][3]string
	seen := map[string]bool{}
	var run func(name string, depth int)
	run = func(name string, depth int) {
		node, ok := config.Tasks[name]
		if !ok || seen[name] || depth > maxDepth || len(seen) >= maxMakeTargets {
			return
		}
		seen[name] = true
		t := taskOf(node)
		for _, d := range t.deps {
			run(d, depth+1)
		}
		vars := map[string]string{}
		for k, v := range global {
			vars[k] = v
		}
		for k, v := range t.vars {
			vars[k] = v // a task's own variables come first, as task gives them
		}
		for _, c := range t.cmds {
			var line string
			var call struct {
				Cmd   string    `yaml:"cmd"`
				Task  string    `yaml:"task"`
				Defer yaml.Node `yaml:"defer"`
			}
			switch {
			case c.Kind == yaml.ScalarNode:
				line = c.Value
			case c.Decode(&call) != nil:
			case call.Task != "":
				run(call.Task, depth+1)
				continue
			case call.Defer.Kind == yaml.ScalarNode:
				line = call.Defer.Value // - defer: LINE runs when the task ends
			case call.Defer.Kind == yaml.MappingNode:
				var deferred struct {
					Task string `yaml:"task"`
				}
				if call.Defer.Decode(&deferred) == nil && deferred.Task != "" {
					run(deferred.Task, depth+1)
				}
				continue
			default:
				line = call.Cmd
			}
			if line != "" {
				out = append(out, [3]string{name, t.dir, taskTemplate(line, vars)})
			}
		}
	}
	if len(names) == 0 {
		names = []string{"default"}
	}
	for _, n := range names {
		run(n, 0)
	}
	return out
}

// taskOf reads a task: a line, a list of lines, or {cmds, cmd, deps, dir, vars}.
func taskOf(node yaml.Node) taskfileTask {
	t := taskfileTask{vars: map[string]string{}}
	switch node.Kind {
	case yaml.ScalarNode:
		t.cmds = []yaml.Node{node}
	case yaml.SequenceNode:
		for _, c := range node.Content {
			t.cmds = append(t.cmds, *c)
		}
	case yaml.MappingNode:
		var full struct {
			Cmds []yaml.Node          `yaml:"cmds"`
			Cmd  yaml.Node            `yaml:"cmd"`
			Deps []yaml.Node          `yaml:"deps"`
			Dir  string               `yaml:"dir"`
			Vars map[string]yaml.Node `yaml:"vars"`
		}
		if node.Decode(&full) != nil {
			return t
		}
		t.cmds, t.dir, t.vars = full.Cmds, full.Dir, taskVars(full.Vars)
		if full.Cmd.Kind == yaml.ScalarNode {
			t.cmds = append(t.cmds, full.Cmd)
		}
		for _, d := range full.Deps {
			var dep struct {
				Task string `yaml:"task"`
			}
			if d.Kind == yaml.ScalarNode {
				t.deps = append(t.deps, d.Value)
			} else if d.Decode(&dep) == nil && dep.Task != "" {
				t.deps = append(t.deps, dep.Task)
			}
		}
	}
	return t
}

// taskVars are the variables given plain values ({sh: …} ones are only known when task runs).
func taskVars(nodes map[string]yaml.Node) map[string]string {
	vars := map[string]string{}
	for k, n := range nodes {
		if n.Kind == yaml.ScalarNode {
			vars[k] = n.Value
		}
	}
	return vars
}

// taskTemplate is a cmd with each {{.NAME}} written in as its value; another template action is
// a value only known when task runs.
func taskTemplate(line string, vars map[string]string) string {
	var b strings.Builder
	for rest := line; ; {
		at := strings.Index(rest, "{{")
		end := strings.Index(rest[max(at, 0):], "}}")
		if at < 0 || end < 0 {
			b.WriteString(rest)
			return b.String()
		}
		b.WriteString(rest[:at])
		expr := strings.TrimSpace(strings.Trim(strings.TrimSpace(rest[at+2:at+end]), "-"))
		if v, ok := vars[strings.TrimPrefix(expr, ".")]; ok && strings.HasPrefix(expr, ".") {
			b.WriteString(v)
		} else {
			b.WriteString("${task_value}")
		}
		rest = rest[at+end+2:]
	}
}

// taskfileRecipes reads what task runs of a Taskfile's text, in dir.
func (r *reader) taskfileRecipes(run scriptRun, file, text, dir string) {
	var names []string
	for _, a := range run.args {
		names = append(names, a.Value)
	}
	at, atUnknown := r.dir, r.dirUnknown
	for _, l := range taskfileLines(text, names, run.vars) {
		if r.once(runNpm + "\x00" + file + "\x00" + l[0] + "\x00" + l[2]) {
			r.dir, r.dirUnknown = under(dir, l[1]), ""
			r.fileScript(l[2], path.Base(file)+" task "+strconv.Quote(l[0]), run.depth+1, nil)
		}
	}
	r.dir, r.dirUnknown = at, atUnknown
}
