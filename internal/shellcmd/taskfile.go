package shellcmd

import (
	"cmp"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
	"mvdan.cc/sh/v3/syntax"
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
	if run := r.runnerFile("task", cmp.Or(file.Value, "Taskfile.yml"), file.Value, dir.Value, depth); run != nil {
		run.args, run.vars = words, vars
	}
}

// taskfileNames are the names task looks for, in its order.
func taskfileNames() []string {
	return []string{"Taskfile.yml", "taskfile.yml", "Taskfile.yaml", "taskfile.yaml", "Taskfile.dist.yml",
		"taskfile.dist.yml", "Taskfile.dist.yaml", "taskfile.dist.yaml"}
}

// A taskfileTask is a task of a Taskfile as hookrun reads it.
type taskfileTask struct {
	dir    string
	deps   []string
	cmds   []yaml.Node
	vars   map[string]string
	env    map[string]string // its env's plain values
	sh     []string          // the lines it runs before its cmds: its dynamic vars' and env's sh, preconditions, status
	dotenv []string          // the files of variables it reads
}

// A taskfileDoc is one Taskfile task reads: the root one, or one it includes.
type taskfileDoc struct {
	ns   string            // the namespace its tasks are named in: "" for the root's, "docs:"…
	dir  string            // the directory its tasks run in, relative to the root Taskfile's
	base string            // the directory it is in, relative to the root Taskfile's: its includes are found from it
	vars map[string]string // its variables (an include's vars first), then the line's
	env  []string          // the assignments its env and dotenv files give every task's cmds, as shell text
}

// A taskfileEntry is a task, and the Taskfile that holds it.
type taskfileEntry struct {
	node yaml.Node
	doc  *taskfileDoc
}

// Bounds on the Taskfiles one line's task reads through includes.
const (
	maxTaskfiles     = 16      // files read
	maxTaskfileDepth = 4       // includes within includes
	maxTaskfileDocs  = 64      // readings of them, one for each name an include gives (aliases, flatten)
	maxTaskfileBytes = 4 << 20 // of text parsed
)

// taskfileLines are the shell lines task runs for the tasks names (default for none), each with
// the task's name and the directory it runs in (relative to the Taskfile's), and the namespaces of
// included Taskfiles only known when task runs that a task the line runs may be in. load reads an
// included Taskfile by its path from the root Taskfile's directory (a file, or a directory holding
// one): its text, the path it was found at, and whether it was.
//
// Besides a task's cmds task runs the sh of the Taskfiles' dynamic variables (vars or env {sh:
// LINE}: those of every Taskfile read, for any task), and a task's own, its preconditions and its
// status lines; a cmd sees the env the Taskfile, the task and their dotenv files give (readEnv
// reads one by its path from the root Taskfile's directory), written before it as assignments.
func taskfileLines(text, root string, names, lineVars []string, load func(p string) (string, string, bool), readEnv func(p string) (string, bool)) (out [][3]string, unknown []string) {
	tasks := map[string]taskfileEntry{}
	var unknownNS, globalSh []string
	files := map[string]bool{root: true}
	docs, parsed := 0, 0
	var add func(text string, doc *taskfileDoc, depth int)
	add = func(text string, doc *taskfileDoc, depth int) {
		if docs++; docs > maxTaskfileDocs || parsed+len(text) > maxTaskfileBytes {
			return
		}
		parsed += len(text)
		var config struct {
			Vars     map[string]yaml.Node `yaml:"vars"`
			Env      map[string]yaml.Node `yaml:"env"`
			Dotenv   []string             `yaml:"dotenv"`
			Tasks    map[string]yaml.Node `yaml:"tasks"`
			Includes yaml.Node            `yaml:"includes"`
		}
		if yaml.Unmarshal([]byte(text), &config) != nil {
			return
		}
		for k, v := range taskVars(config.Vars) {
			if _, given := doc.vars[k]; !given {
				doc.vars[k] = v
			}
		}
		for _, v := range lineVars {
			k, val, _ := strings.Cut(v, "=")
			doc.vars[k] = val
		}
		for _, line := range append(taskShells(config.Vars), taskShells(config.Env)...) {
			globalSh = append(globalSh, taskTemplate(line, doc.vars))
		}
		doc.env = dotenvs(config.Dotenv, doc, readEnv, len(doc.env))
		doc.env = append(doc.env, envAssignments(taskVars(config.Env), doc.vars)...)
		for name, node := range config.Tasks {
			e := taskfileEntry{node, doc}
			addTask(tasks, doc.ns+name, e)
			if node.Kind == yaml.MappingNode {
				var a struct {
					Aliases []string `yaml:"aliases"`
				}
				if node.Decode(&a) == nil {
					for _, alias := range a.Aliases {
						addTask(tasks, doc.ns+alias, e)
					}
				}
			}
		}
		if config.Includes.Kind != yaml.MappingNode {
			return
		}
		for k := 0; k+1 < len(config.Includes.Content); k += 2 {
			ns, node := config.Includes.Content[k].Value, config.Includes.Content[k+1]
			var inc struct {
				Taskfile string               `yaml:"taskfile"`
				Dir      string               `yaml:"dir"`
				Flatten  bool                 `yaml:"flatten"`
				Aliases  []string             `yaml:"aliases"`
				Vars     map[string]yaml.Node `yaml:"vars"`
			}
			if node.Kind == yaml.ScalarNode {
				inc.Taskfile = node.Value
			} else if node.Decode(&inc) != nil {
				continue
			}
			prefixes := []string{doc.ns + ns + ":"}
			for _, a := range inc.Aliases {
				prefixes = append(prefixes, doc.ns+a+":")
			}
			if inc.Flatten {
				prefixes = append(prefixes, doc.ns)
			}
			p := taskTemplate(inc.Taskfile, doc.vars)
			if strings.Contains(p, "${task_value}") || strings.Contains(p, "://") {
				unknownNS = append(unknownNS, prefixes...)
				continue
			}
			if depth >= maxTaskfileDepth || len(files) >= maxTaskfiles {
				continue
			}
			incText, found, ok := load(under(doc.base, p))
			if !ok || files[found] {
				continue // a missing one is an error to task, or optional; one read already ends
			}
			files[found] = true
			dir := doc.dir
			if inc.Dir != "" {
				dir = under(doc.base, taskTemplate(inc.Dir, doc.vars))
			}
			vars := taskVars(inc.Vars)
			for _, prefix := range prefixes {
				sub := &taskfileDoc{ns: prefix, dir: dir, base: path.Dir(found), vars: maps.Clone(vars)}
				add(incText, sub, depth+1)
			}
		}
	}
	top := &taskfileDoc{vars: map[string]string{}}
	add(text, top, 0)
	seen := map[string]bool{}
	var run func(name string, from *taskfileDoc, depth int)
	run = func(name string, from *taskfileDoc, depth int) {
		e, full, ok := lookupTask(tasks, name, from)
		if !ok {
			for _, ns := range unknownNS {
				if strings.HasPrefix(full, ns) {
					unknown = append(unknown, full)
					break
				}
			}
			return
		}
		if seen[full] || depth > maxDepth || len(seen) >= maxMakeTargets {
			return
		}
		seen[full] = true
		t := taskOf(e.node)
		for _, d := range t.deps {
			run(d, e.doc, depth+1)
		}
		vars := maps.Clone(e.doc.vars)
		for k, v := range t.vars {
			vars[k] = v // a task's own variables come first, as task gives them
		}
		dir := e.doc.dir
		if t.dir != "" {
			dir = under(e.doc.base, t.dir)
		}
		for _, line := range globalSh {
			out = append(out, [3]string{full, dir, line})
		}
		globalSh = nil // run once, for the first task
		for _, line := range t.sh {
			out = append(out, [3]string{full, dir, taskTemplate(line, vars)})
		}
		env := slices.Concat(e.doc.env, dotenvs(t.dotenv, e.doc, readEnv, 0), envAssignments(t.env, vars))
		prefix := strings.Join(env, "")
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
				run(call.Task, e.doc, depth+1)
				continue
			case call.Defer.Kind == yaml.ScalarNode:
				line = call.Defer.Value // - defer: LINE runs when the task ends
			case call.Defer.Kind == yaml.MappingNode:
				var deferred struct {
					Task string `yaml:"task"`
				}
				if call.Defer.Decode(&deferred) == nil && deferred.Task != "" {
					run(deferred.Task, e.doc, depth+1)
				}
				continue
			default:
				line = call.Cmd
			}
			if line != "" {
				out = append(out, [3]string{full, dir, prefix + taskTemplate(line, vars)})
			}
		}
	}
	if len(names) == 0 {
		names = []string{"default"}
	}
	for _, n := range names {
		run(n, top, 0)
	}
	return out, unknown
}

// addTask names a task, unless a Taskfile read before names another so.
func addTask(tasks map[string]taskfileEntry, name string, e taskfileEntry) {
	if _, ok := tasks[name]; !ok {
		tasks[name] = e
	}
}

// lookupTask finds the task name names when a task of from calls it: :NAME is the root's, else
// from's namespace's first, then NAME as it stands; a namespace alone is its default task.
func lookupTask(tasks map[string]taskfileEntry, name string, from *taskfileDoc) (taskfileEntry, string, bool) {
	var tries []string
	if rest, ok := strings.CutPrefix(name, ":"); ok {
		tries = []string{rest}
	} else {
		if from.ns != "" {
			tries = append(tries, from.ns+name)
		}
		tries = append(tries, name)
	}
	for _, n := range tries {
		for _, full := range []string{n, n + ":default"} {
			if e, ok := tasks[full]; ok {
				return e, full, true
			}
		}
	}
	return taskfileEntry{}, tries[len(tries)-1], false
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
			Cmds          []yaml.Node          `yaml:"cmds"`
			Cmd           yaml.Node            `yaml:"cmd"`
			Deps          []yaml.Node          `yaml:"deps"`
			Dir           string               `yaml:"dir"`
			Vars          map[string]yaml.Node `yaml:"vars"`
			Env           map[string]yaml.Node `yaml:"env"`
			Dotenv        []string             `yaml:"dotenv"`
			Status        []string             `yaml:"status"`
			Preconditions []yaml.Node          `yaml:"preconditions"`
		}
		if node.Decode(&full) != nil {
			return t
		}
		t.cmds, t.dir, t.vars, t.env, t.dotenv = full.Cmds, full.Dir, taskVars(full.Vars), taskVars(full.Env), full.Dotenv
		t.sh = slices.Concat(taskShells(full.Vars), taskShells(full.Env), full.Status)
		for _, c := range full.Preconditions {
			var pre struct {
				Sh string `yaml:"sh"`
			}
			if c.Kind == yaml.ScalarNode {
				t.sh = append(t.sh, c.Value)
			} else if c.Decode(&pre) == nil && pre.Sh != "" {
				t.sh = append(t.sh, pre.Sh)
			}
		}
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

// taskShells are the lines the dynamic variables among nodes run ({sh: LINE}), in their names'
// order.
func taskShells(nodes map[string]yaml.Node) []string {
	var lines []string
	for _, k := range slices.Sorted(maps.Keys(nodes)) {
		var dynamic struct {
			Sh string `yaml:"sh"`
		}
		if n := nodes[k]; n.Kind == yaml.MappingNode && n.Decode(&dynamic) == nil && dynamic.Sh != "" {
			lines = append(lines, dynamic.Sh)
		}
	}
	return lines
}

// maxTaskEnv bounds the variables a task's cmds are given from env and dotenv files.
const maxTaskEnv = 256

// envAssignments are env's variables as shell assignments exported to a cmd, in their names'
// order, each value with the task's {{.VAR}} written in; a name that is not a shell variable's is
// left out (no shell line reads it), and a value only known when task runs.
func envAssignments(env, vars map[string]string) []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(env)) {
		v := taskTemplate(env[k], vars)
		if q, err := syntax.Quote(v, syntax.LangBash); err == nil && len(out) < maxTaskEnv && isName(k) && !strings.Contains(v, "${task_value}") {
			out = append(out, "export "+k+"="+q+"\n")
		}
	}
	return out
}

// dotenvs are the assignments of the dotenv files names (found from doc's directory), after had
// assignments already given; a file only known when task runs, or missing, gives none (task
// skips a missing one).
func dotenvs(names []string, doc *taskfileDoc, readEnv func(p string) (string, bool), had int) []string {
	var out []string
	for _, n := range names[:min(len(names), maxTaskfiles)] {
		p := taskTemplate(n, doc.vars)
		if strings.Contains(p, "${task_value}") || readEnv == nil {
			continue
		}
		text, ok := readEnv(under(doc.base, p))
		if !ok {
			continue
		}
		out = append(out, envAssignments(dotenvVars(text, maxTaskEnv-had-len(out)), nil)...)
	}
	return out
}

// dotenvVars are the variables of a .env file's text, at most max: NAME=value lines (export
// before them, quotes around the value, comment lines and others left out).
func dotenvVars(text string, max int) map[string]string {
	env := map[string]string{}
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		line = strings.TrimSpace(strings.TrimPrefix(line, "export "))
		k, v, ok := strings.Cut(line, "=")
		if !ok || strings.HasPrefix(line, "#") || len(env) >= max {
			continue
		}
		v = strings.TrimSpace(v)
		if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
			v = v[1 : len(v)-1]
		}
		env[strings.TrimSpace(k)] = v
	}
	return env
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
	load := func(p string) (string, string, bool) {
		tries := []string{p}
		if !strings.HasSuffix(p, ".yml") && !strings.HasSuffix(p, ".yaml") {
			tries = tries[:0]
			for _, n := range taskfileNames() {
				tries = append(tries, path.Join(p, n))
			}
		}
		for _, t := range tries {
			for _, abs := range r.located(scriptRun{}, under(dir, t)) {
				if text, ok := r.cachedText(abs, abs); ok {
					return text, t, true
				}
			}
		}
		return "", "", false
	}
	readEnv := func(p string) (string, bool) {
		for _, abs := range r.located(scriptRun{}, under(dir, p)) {
			if text, ok := r.cachedText(abs, abs); ok {
				return text, true
			}
		}
		return "", false
	}
	lines, unknown := taskfileLines(text, path.Base(file), names, run.vars, load, readEnv)
	for _, u := range unknown {
		r.unresolved("%s runs the task %q of a Taskfile it includes from a place only known when task runs", file, u)
	}
	at, atUnknown := r.dir, r.dirUnknown
	for _, l := range lines {
		if r.once(runNpm + "\x00" + file + "\x00" + l[0] + "\x00" + l[2]) {
			r.dir, r.dirUnknown = under(dir, l[1]), ""
			r.fileScript(l[2], path.Base(file)+" task "+strconv.Quote(l[0]), run.depth+1, nil)
		}
	}
	r.dir, r.dirUnknown = at, atUnknown
}
