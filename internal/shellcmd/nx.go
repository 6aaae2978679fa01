package shellcmd

import (
	"encoding/json"
	"errors"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// nx runs the targets of the projects of its workspace (the nearest directory above holding
// nx.json): a project.json's targets (or package.json's "nx": {"targets": …}) and the scripts of
// a project's package.json, which nx takes for targets of their names. A target runs shell
// lines when it is a run-commands one (command, options.command, options.commands) or runs a
// script (nx:run-script), with its dependsOn first; nx.json's targetDefaults give every project's
// target of a name. Which project a line names is not looked up: a target is read in every
// project that has it (more, never fewer).

// maxNxLists bounds the directory listings made looking for an nx workspace's projects (each
// entry of a directory is tried as one): past it, the line is unresolved.
const maxNxLists = 16384

// nxSkip reports whether a directory of a workspace holds no project nx reads: dependencies, and
// git's and nx's own.
func nxSkip(name string) bool {
	return name == "node_modules" || name == ".git" || name == ".nx"
}

// nxRuns notes the targets nx's words run: nx run PROJECT:TARGET[:CONFIGURATION], nx TARGET
// [PROJECT], nx PROJECT:TARGET, nx run-many -t T1,T2 (affected); nx's own commands run none.
func (r *reader) nxRuns(cmd Command, depth int) {
	if r.noRuns() {
		return
	}
	args := cmd.Args
	var words []Arg
	var targets []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, value, hasValue := strings.Cut(a.Value, "=")
		switch {
		case a.Value == "--" && !a.Dynamic:
			i = len(args)
		case slices.Contains([]string{"-t", "--target", "--targets"}, name):
			if !hasValue {
				if i+1 >= len(args) {
					break
				}
				i++
				a, value = args[i], args[i].Value
			}
			if a.Dynamic {
				r.manifestUnknown(cmd)
				return
			}
			targets = append(targets, strings.Split(value, ",")...)
		case slices.Contains([]string{"-c", "--configuration", "-p", "--projects", "--project", "--exclude", "--base", "--head",
			"--files", "--output-style", "--nxBail", "--runner"}, a.Value):
			i++
		case strings.HasPrefix(a.Value, "-") && !a.Dynamic:
		default:
			words = append(words, a)
		}
	}
	if len(words) > 0 {
		w := words[0]
		switch {
		case w.Dynamic:
			r.manifestUnknown(cmd)
			return
		case w.Value == "run" || w.Value == "run-many" || w.Value == "affected":
			if w.Value == "run" && len(words) > 1 {
				if words[1].Dynamic {
					r.manifestUnknown(cmd)
					return
				}
				parts := strings.Split(words[1].Value, ":")
				targets = append(targets, parts[min(1, len(parts)-1)])
			}
		case nxCommand(w.Value):
			return
		default:
			parts := strings.Split(w.Value, ":")
			targets = append(targets, parts[min(1, len(parts)-1)]) // nx build app, nx app:build
		}
	}
	if len(targets) == 0 {
		return
	}
	run := r.ran(runNpm, Arg{Value: "nx.json"}, depth)
	if run != nil {
		run.manager, run.names = "nx", targets
	}
}

// nxCommand reports whether nx reads the word as a command of its own, not a target's name.
func nxCommand(w string) bool {
	switch w {
	case "add", "affected:graph", "connect", "connect-to-nx-cloud", "daemon", "exec", "format", "format:check",
		"format:write", "g", "generate", "graph", "dep-graph", "help", "import", "init", "list", "login", "logout",
		"migrate", "print-affected", "release", "repair", "report", "reset", "clear-cache", "show", "sync", "sync:check",
		"view-logs", "watch", "mcp", "configure-ai-agents":
		return true
	}
	return false
}

// nxFromDisk reads the targets an nx run names from the projects of its workspace.
func (r *reader) nxFromDisk(run scriptRun) {
	if run.dirUnknown != "" {
		r.unresolved("the line runs the nx targets of %s, a directory only known when it runs", run.dirUnknown)
		return
	}
	for _, start := range r.located(run, ".") {
		root, rel := start, run.dir
		for d, dr := start, run.dir; ; {
			if p := filepath.Join(d, "nx.json"); r.exists(p) {
				root, rel = d, dr
				break
			}
			up := filepath.Dir(d)
			if up == d {
				break
			}
			d, dr = up, path.Join(dr, "..")
		}
		var projects []string // the directories holding a project.json or package.json, as the line names them
		lists := 0
		var walk func(abs, rel string) bool
		walk = func(abs, rel string) bool {
			var names []string
			var err error = errReadTime
			if lists++; lists <= maxNxLists && r.files.List != nil {
				names, err = r.list(abs, maxNxLists)
			}
			switch {
			case errors.Is(err, errReadTime):
				r.unresolved("nx runs the targets of the projects of its workspace %s, more directories than hookrun lists", path.Clean(rel))
				return false
			case err != nil:
				return true // a file
			}
			slices.Sort(names)
			if slices.Contains(names, "project.json") || slices.Contains(names, "package.json") {
				projects = append(projects, rel)
			}
			for _, n := range names {
				if !nxSkip(n) && n != "project.json" && n != "package.json" && !walk(filepath.Join(abs, n), path.Join(rel, n)) {
					return false
				}
			}
			return true
		}
		if !walk(root, rel) {
			return
		}
		text, _ := r.cachedText(filepath.Join(root, "nx.json"), filepath.Join(root, "nx.json"))
		defaults := nxTargets(jsonObject(text, "targetDefaults"))
		r.nxTargetLines(run, root, rel, defaults, projects)
	}
}

// An nxTarget is a target as hookrun reads it: the lines it runs (in the workspace's directory,
// or cwd), the package.json scripts it runs, the targets it depends on.
type nxTarget struct {
	lines, scripts, depends []string
	cwd                     string
}

// nxTargets reads the targets of a project.json's targets object (nx.json's targetDefaults).
func nxTargets(raw map[string]json.RawMessage) map[string]nxTarget {
	out := map[string]nxTarget{}
	for name, v := range raw {
		if len(out) >= maxPyScripts {
			break
		}
		var t struct {
			Command   any               `json:"command"`
			Executor  string            `json:"executor"`
			DependsOn []json.RawMessage `json:"dependsOn"`
			Options   struct {
				Command  any    `json:"command"`
				Commands []any  `json:"commands"`
				Script   string `json:"script"`
				Cwd      string `json:"cwd"`
			} `json:"options"`
		}
		if json.Unmarshal(v, &t) != nil {
			continue
		}
		var nt nxTarget
		for _, c := range append([]any{t.Command, t.Options.Command}, t.Options.Commands...) {
			switch c := c.(type) {
			case string:
				nt.lines = append(nt.lines, c)
			case map[string]any:
				if s, ok := c["command"].(string); ok {
					nt.lines = append(nt.lines, s)
				}
			}
		}
		if t.Options.Script != "" {
			nt.scripts = append(nt.scripts, t.Options.Script)
		}
		for _, d := range t.DependsOn {
			var s string
			var o struct {
				Target string `json:"target"`
			}
			if json.Unmarshal(d, &s) == nil {
				nt.depends = append(nt.depends, strings.TrimPrefix(s, "^"))
			} else if json.Unmarshal(d, &o) == nil && o.Target != "" {
				nt.depends = append(nt.depends, o.Target)
			}
		}
		nt.cwd = t.Options.Cwd
		out[name] = nt
	}
	return out
}

// nxTargetLines reads the targets a run names (and those they depend on) of each project, and of
// targetDefaults.
func (r *reader) nxTargetLines(run scriptRun, root, rel string, defaults map[string]nxTarget, projects []string) {
	type project struct {
		dir     string // as the line names it
		targets map[string]nxTarget
		scripts map[string]string
		file    string
	}
	var ps []project
	for _, p := range projects {
		abs := filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(p, rel)))
		pr := project{dir: p, targets: map[string]nxTarget{}}
		if text, ok := r.cachedText(path.Join(p, "package.json"), filepath.Join(abs, "package.json")); ok {
			pr.scripts = packageJSONScripts(text)
			var pkg struct {
				Nx struct {
					Targets map[string]json.RawMessage `json:"targets"`
				} `json:"nx"`
			}
			if json.Unmarshal([]byte(text), &pkg) == nil {
				pr.targets, pr.file = nxTargets(pkg.Nx.Targets), path.Join(p, "package.json")
			}
		}
		if text, ok := r.cachedText(path.Join(p, "project.json"), filepath.Join(abs, "project.json")); ok {
			pr.file = path.Join(p, "project.json")
			for k, v := range nxTargets(jsonObject(text, "targets")) {
				pr.targets[k] = v
			}
		}
		ps = append(ps, pr)
	}
	at, atUnknown := r.dir, r.dirUnknown
	defer func() { r.dir, r.dirUnknown = at, atUnknown }()
	read := func(lines []string, dir, from string) {
		for _, l := range lines {
			if r.once(runNpm + "\x00nx\x00" + from + "\x00" + l) {
				r.dir, r.dirUnknown = dir, ""
				r.fileScript(l, from, run.depth+1, nil)
			}
		}
	}
	target := func(t nxTarget, file, name string, scripts map[string]string, dir string) {
		from := file + " target " + strconv.Quote(name)
		read(t.lines, under(rel, t.cwd), from)
		for _, s := range t.scripts {
			if line, ok := scripts[s]; ok {
				read([]string{line}, dir, path.Join(dir, "package.json")+" script "+strconv.Quote(s))
			}
		}
	}
	seen := map[string]bool{}
	names := slices.Clone(run.names)
	for len(names) > 0 && len(seen) < maxMakeTargets {
		name := names[0]
		names = names[1:]
		if seen[name] {
			continue
		}
		seen[name] = true
		if t, ok := defaults[name]; ok {
			names = append(names, t.depends...)
			for _, pr := range ps {
				target(t, path.Join(rel, "nx.json"), name, pr.scripts, pr.dir)
			}
		}
		for _, pr := range ps {
			if t, ok := pr.targets[name]; ok {
				names = append(names, t.depends...)
				target(t, pr.file, name, pr.scripts, pr.dir)
			} else if line, ok := pr.scripts[name]; ok {
				read([]string{line}, pr.dir, path.Join(pr.dir, "package.json")+" script "+strconv.Quote(name))
			}
		}
	}
}
