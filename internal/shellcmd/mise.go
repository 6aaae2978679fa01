package shellcmd

import (
	"cmp"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// mise runs the tasks of its configuration (mise.toml and its other spellings, in the directory it
// starts in or the nearest above holding one): each task's run lines, a shell line each, its
// depends first and depends_post after, the script its file names, with its env; or a file task,
// an executable file of mise-tasks/ (.mise/tasks/…) named as the task.

// miseRuns notes the tasks mise's words run: mise run NAME [WORDS] (r, tasks run, watch), NAME
// ::: NAME …, or mise NAME when NAME is no command of mise's; -C/--cd DIR where.
func (r *reader) miseRuns(cmd Command, depth int) {
	var words []Arg
	dir := Arg{}
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case len(words) > 0 && words[0].Value != "tasks" || len(words) > 1:
			words = append(words, a) // the words after run or a task's name: the task's, or another's after :::
		case pathOption(args, &i, &dir, "-C", "--cd"):
		case slices.Contains([]string{"-E", "--env", "-j", "--jobs", "-o", "--output", "-t", "--tool", "-p", "--prefix"}, a.Value):
			i++
		case strings.HasPrefix(a.Value, "-") && !a.Dynamic:
		default:
			words = append(words, a)
		}
	}
	if len(words) > 0 && words[0].Value == "tasks" && !words[0].Dynamic {
		if len(words) < 2 || words[1].Value != "run" {
			return // mise tasks ls, info, edit…
		}
		words = words[1:]
	}
	if len(words) == 0 {
		return
	}
	switch sub := words[0]; {
	case sub.Dynamic:
		r.manifestUnknown(cmd)
		return
	case sub.Value == "run" || sub.Value == "r" || sub.Value == "watch" || sub.Value == "w":
		words = words[1:]
	case miseCommand(sub.Value):
		return
	}
	var names []string
	var given []Arg
	for len(words) > 0 {
		w := words[0]
		switch {
		case w.Dynamic:
			r.manifestUnknown(cmd)
			return
		case strings.HasPrefix(w.Value, "-"):
			words = words[1:]
			continue
		}
		names = append(names, w.Value)
		end := slices.IndexFunc(words, func(a Arg) bool { return a.Value == ":::" && !a.Dynamic })
		if end < 0 {
			end = len(words)
		}
		if len(names) == 1 {
			given = words[1:end]
		}
		words = words[min(end+1, len(words)):]
	}
	if len(names) == 0 {
		return
	}
	run := r.ran(runNpm, Arg{Value: "mise.toml"}, depth)
	if run == nil {
		return
	}
	run.manager, run.names, run.args, run.argsFor = "mise", names, given, names[0]
	if dir.Dynamic {
		r.manifestUnknown(cmd)
		return
	}
	if dir.Value != "" {
		run.dir = under(run.dir, dir.Value)
	}
}

// miseCommand reports whether mise reads the word as a command of its own, not a task's name.
func miseCommand(w string) bool {
	switch w {
	case "activate", "alias", "backends", "bin-paths", "cache", "completion", "config", "cfg", "current", "deactivate",
		"doctor", "dr", "en", "env", "e", "exec", "x", "fmt", "generate", "g", "global", "hook-env", "hook-not-found",
		"implode", "install", "i", "install-into", "latest", "link", "ln", "local", "ls", "list", "ls-remote", "outdated",
		"plugins", "p", "prune", "registry", "reshim", "search", "self-update", "set", "settings", "shell", "sh", "sync",
		"tasks", "t", "test-tool", "tool", "trust", "uninstall", "unset", "unuse", "upgrade", "up", "usage", "use", "u",
		"version", "v", "where", "which", "help", "lock", "mcp", "edit", "tool-stub", "shell-alias":
		return true
	}
	return false
}

// miseConfigNames are the configuration files mise reads tasks from in a directory, the local
// ones (which override the others) first.
func miseConfigNames() []string {
	return []string{"mise.local.toml", ".mise.local.toml", "mise.toml", ".mise.toml", ".config/mise.toml"}
}

// miseTaskDirs are the directories of a project mise finds file tasks in.
func miseTaskDirs() []string {
	return []string{"mise-tasks", ".mise-tasks", "mise/tasks", ".mise/tasks", ".config/mise/tasks"}
}

// A miseTask is a task of a mise configuration as hookrun reads it.
type miseTask struct {
	run         []string // shell lines; "\x00NAME" runs the task NAME
	depends     []string
	dependsPost []string
	file        string
	dir         string
	env         map[string]string
}

// maxMiseTasks bounds the tasks read of one configuration.
const maxMiseTasks = 1024

// miseTasks are the tasks of a mise configuration's text ([tasks.NAME] tables, or [tasks]
// NAME = "line" / ["line", …]).
func miseTasks(text string) map[string]miseTask {
	var doc map[string]any
	if toml.Unmarshal([]byte(text), &doc) != nil {
		return nil
	}
	tasks := map[string]miseTask{}
	table, _ := doc["tasks"].(map[string]any)
	for name, v := range table {
		if len(tasks) >= maxMiseTasks {
			break
		}
		var t miseTask
		runs := v
		if m, ok := v.(map[string]any); ok {
			runs = m["run"]
			t.depends, t.dependsPost = miseList(m["depends"]), miseList(m["depends_post"])
			t.file, _ = m["file"].(string)
			t.dir, _ = m["dir"].(string)
			t.env = map[string]string{}
			for k, e := range tomlTable(m, "env") {
				if s, ok := e.(string); ok {
					t.env[k] = s
				}
			}
		}
		switch runs := runs.(type) {
		case string:
			t.run = []string{runs}
		case []any:
			for _, item := range runs {
				switch item := item.(type) {
				case string:
					t.run = append(t.run, item)
				case map[string]any:
					if s, ok := item["task"].(string); ok {
						t.run = append(t.run, "\x00"+s)
					}
					for _, s := range tomlStrings(item["tasks"]) {
						t.run = append(t.run, "\x00"+s)
					}
				}
			}
		}
		tasks[name] = t
	}
	return tasks
}

// miseList is a task's depends: a name, or a list of them (each "NAME" or "NAME WORDS": the name).
func miseList(v any) []string {
	names := tomlStrings(v)
	if s, ok := v.(string); ok {
		names = []string{s}
	}
	for i, n := range names {
		names[i], _, _ = strings.Cut(strings.TrimSpace(n), " ")
	}
	return names
}

// miseFromDisk reads the tasks a mise run names from the nearest configuration above the
// directory it starts in, and file tasks of that name beside it.
func (r *reader) miseFromDisk(run scriptRun) {
	if run.dirUnknown != "" {
		r.unresolved("the line runs the mise tasks of %s, a directory only known when it runs", run.dirUnknown)
		return
	}
	for _, start := range r.located(run, ".") {
		dir, rel := start, run.dir
	up:
		for range 64 {
			tasks := map[string]miseTask{}
			file := ""
			for _, name := range miseConfigNames() {
				p := filepath.Join(dir, filepath.FromSlash(name))
				if text, ok := r.cachedText(p, p); ok {
					for k, t := range miseTasks(text) {
						if _, own := tasks[k]; !own {
							tasks[k] = t
						}
					}
					file = cmp.Or(file, path.Join(rel, name))
				}
			}
			if file != "" || r.miseFileTask(run, dir, rel, run.names[0], true) {
				r.miseTaskLines(run, tasks, file, dir, rel)
				break up
			}
			up := filepath.Dir(dir)
			if up == dir {
				break
			}
			dir, rel = up, path.Join(rel, "..")
		}
	}
}

// miseFileTask reads the file task name of the project at dir (rel, as the line names it), with
// the words given: a line that runs it by its path. With probe it only says whether one is there.
func (r *reader) miseFileTask(run scriptRun, dir, rel, name string, probe bool) bool {
	for _, d := range miseTaskDirs() {
		f := path.Join(d, strings.ReplaceAll(name, ":", "/"))
		if probe {
			if r.exists(filepath.Join(dir, filepath.FromSlash(f))) {
				return true
			}
			continue
		}
		if !r.exists(filepath.Join(dir, filepath.FromSlash(f))) {
			continue
		}
		line, ok := scriptLine(quotedLine([]string{"./" + f}), r.miseArgs(run, name))
		if ok && r.once(runNpm+"\x00mise\x00"+dir+"\x00"+line) {
			r.dir, r.dirUnknown = rel, ""
			r.fileScript(line, path.Join(rel, f), run.depth+1, nil)
		}
		return true
	}
	return false
}

// miseArgs are the words the line gives the task name.
func (r *reader) miseArgs(run scriptRun, name string) []Arg {
	if name == run.argsFor {
		return run.args
	}
	return nil
}

// miseTaskLines reads the tasks a run names of tasks (file, the configuration, in dir; rel as the
// line names it), their depends first and depends_post after, a task the configuration has not
// as a file task.
func (r *reader) miseTaskLines(run scriptRun, tasks map[string]miseTask, file, dir, rel string) {
	at, atUnknown := r.dir, r.dirUnknown
	defer func() { r.dir, r.dirUnknown = at, atUnknown }()
	seen := map[string]bool{}
	var do func(name string, depth int)
	do = func(name string, depth int) {
		if seen[name] || depth > maxDepth || len(seen) >= maxMakeTargets {
			return
		}
		seen[name] = true
		t, ok := tasks[name]
		if !ok {
			r.miseFileTask(run, dir, rel, name, false)
			return
		}
		for _, d := range t.depends {
			do(d, depth+1)
		}
		prefix := strings.Join(envAssignments(t.env, nil), "")
		from := path.Base(file) + " task " + strconv.Quote(name)
		where := under(rel, t.dir)
		lines := t.run
		if t.file != "" {
			f := t.file
			if !path.IsAbs(f) && !strings.HasPrefix(f, "./") && !strings.HasPrefix(f, "../") && !strings.HasPrefix(f, "~") {
				f = "./" + f // run by its path
			}
			lines = append(slices.Clip(lines), quotedLine([]string{f}))
		}
		for _, l := range lines {
			if callee, ok := strings.CutPrefix(l, "\x00"); ok {
				do(callee, depth+1)
				continue
			}
			line, ok := scriptLine(l, r.miseArgs(run, name))
			if ok && r.once(runNpm+"\x00mise\x00"+file+"\x00"+name+"\x00"+line) {
				r.dir, r.dirUnknown = where, ""
				r.fileScript(prefix+line, from, run.depth+1, nil)
			}
		}
		for _, d := range t.dependsPost {
			do(d, depth+1)
		}
	}
	for _, n := range run.names {
		do(n, 0)
	}
}
