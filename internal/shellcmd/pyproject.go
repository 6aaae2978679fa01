package shellcmd

import (
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// pdm, poe (poethepoet) and hatch run the scripts a pyproject.toml declares (hatch those of a
// hatch.toml first), each a shell line, as npm runs a package.json's: read by packageFromDisk,
// the run's manager telling which tables and how.

// pyprojectRuns notes the scripts pdm, poe and hatch run: pdm run NAME (or pdm NAME, when it
// is no command of pdm's) with its pre_ and post_ scripts and the hooks of pdm's commands
// (post_install…), poe NAME, hatch run [ENV:]NAME (hatch -e ENV run NAME); each with the words
// after the name.
func (r *reader) pyprojectRuns(cmd Command, depth int) {
	switch cmd.Name {
	case "pdm":
		words, at, dir, ok := r.managerWords(cmd, []string{"-p", "--project"}, nil)
		if !ok {
			return
		}
		var names []string
		given := -1
		hooks := func(cmds ...string) {
			for _, c := range cmds {
				names = append(names, "pre_"+c, "post_"+c)
			}
		}
		switch sub := words[0]; sub {
		case "run":
			if words[1] == "" {
				return // pdm run --list
			}
			n := words[1]
			names, given = []string{n, "pre_" + n, "post_" + n}, 1
			hooks("script", "run")
		case "install", "sync", "add", "update", "remove":
			hooks("install", "lock")
		case "lock":
			hooks("lock")
		case "build":
			hooks("build")
		case "publish":
			hooks("publish", "build")
		case "init":
			hooks("init")
		default:
			if sub == "" || pdmCommand(sub) {
				return
			}
			names, given = []string{sub, "pre_" + sub, "post_" + sub}, 0 // pdm NAME runs the script NAME
			hooks("script", "run")
		}
		r.manifestRun(cmd, "pdm", "pyproject.toml", dir, names, given, words, at, depth)
	case "poe":
		words, at, dir, ok := r.managerWords(cmd, []string{"-C", "--directory", "--root"}, nil)
		if ok && words[0] != "" {
			r.manifestRun(cmd, "poe", "pyproject.toml", dir, []string{words[0]}, 0, words, at, depth)
		}
	case "hatch":
		env := "default"
		for i, a := range cmd.Args {
			if a.Value == "run" {
				break
			}
			if (a.Value == "-e" || a.Value == "--env") && i+1 < len(cmd.Args) {
				env = cmd.Args[i+1].Value
			} else if v, ok := strings.CutPrefix(a.Value, "--env="); ok {
				env = v
			}
		}
		words, at, dir, ok := r.managerWords(cmd, []string{"-p", "--project"}, []string{"-e", "--env", "--data-dir", "--cache-dir", "--config"})
		if !ok || words[0] != "run" || words[1] == "" {
			return
		}
		name := words[1]
		if e, n, ok := strings.Cut(name, ":"); ok {
			env, name = e, n
		}
		env, _, _ = strings.Cut(env, ".") // a matrix's environment (test.py3.12) has the scripts of test
		r.manifestRun(cmd, "hatch", "pyproject.toml", dir, []string{env + ":" + name}, 1, words, at, depth)
	}
}

// pdmCommand reports whether pdm's word is a command of its own, not a script's name.
func pdmCommand(w string) bool {
	switch w {
	case "add", "build", "cache", "completion", "config", "export", "fix", "import", "info", "init", "install", "list",
		"lock", "outdated", "publish", "python", "py", "remove", "run", "search", "self", "show", "sync", "update",
		"use", "venv", "plugin", "help":
		return true
	}
	return false
}

// Bounds on reading a pyproject's scripts.
const (
	maxPyScripts = 1024 // scripts of one table
	maxPyNest    = 8    // tasks within tasks (poe's sequence of sequences)
)

// pyprojectScripts are the scripts of a pyproject.toml (hatch.toml) manager runs, each a list of
// shell lines; a script that runs another is a line that runs it (pdm run NAME, poe NAME, hatch
// run ENV:NAME); one that calls Python (pdm's call, poe's script and expr) is none. Text that is
// not TOML holds none: the manager refuses it.
func pyprojectScripts(manager, text string) map[string][]string {
	var doc map[string]any
	if toml.Unmarshal([]byte(text), &doc) != nil {
		return nil
	}
	out := map[string][]string{}
	add := func(name string, lines []string) {
		if len(out) < maxPyScripts && len(lines) > 0 {
			out[name] = lines
		}
	}
	switch manager {
	case "pdm":
		for name, v := range tomlTable(doc, "tool", "pdm", "scripts") {
			add(name, pdmScript(v))
		}
	case "poe":
		for name, v := range tomlTable(doc, "tool", "poe", "tasks") {
			add(name, poeTask(v, 0))
		}
	case "hatch":
		envs := tomlTable(doc, "tool", "hatch", "envs")
		if envs == nil {
			envs = tomlTable(doc, "envs") // hatch.toml
		}
		defaults := tomlTable(envs, "default", "scripts")
		for env := range envs {
			scripts := tomlTable(envs, env, "scripts")
			for name, v := range defaults {
				if _, own := scripts[name]; !own {
					add(env+":"+name, hatchScript(v, env, defaults)) // an environment has the default's scripts
				}
			}
			for name, v := range scripts {
				add(env+":"+name, hatchScript(v, env, scripts))
			}
		}
		for name, v := range defaults {
			add("default:"+name, hatchScript(v, "default", defaults))
		}
	}
	return out
}

// tomlTable is the table at the keys' path in a decoded TOML document; nil when there is none.
func tomlTable(v any, keys ...string) map[string]any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	m, _ := v.(map[string]any)
	return m
}

// tomlStrings are a TOML array's strings.
func tomlStrings(v any) []string {
	items, _ := v.([]any)
	var out []string
	for _, it := range items {
		if s, ok := it.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// pdmScript is a pdm script's lines: a command ("…", {cmd = "…"}, {cmd = ["rm", "-rf"]}), a
// shell line ({shell = "…"}), or the scripts and commands of a composite, each pdm run ITEM.
func pdmScript(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case map[string]any:
		var out []string
		switch c := v["cmd"].(type) {
		case string:
			out = append(out, c)
		case []any:
			out = append(out, quotedLine(tomlStrings(c)))
		}
		if s, ok := v["shell"].(string); ok {
			out = append(out, s)
		}
		for _, item := range tomlStrings(v["composite"]) {
			out = append(out, "pdm run "+item)
		}
		return out
	}
	return nil
}

// quotedLine is the words as one shell line, each quoted for sh.
func quotedLine(words []string) string {
	var quoted []string
	for _, w := range words {
		if q, ok := shellWord(Arg{Value: w}); ok {
			quoted = append(quoted, q)
		}
	}
	return strings.Join(quoted, " ")
}

// poeTask is a poe task's lines: a command ("…", {cmd = "…"}), a shell script ({shell = "…"},
// unless its interpreter is not a shell), a reference to another ({ref = "…"}: poe …), a
// sequence (each item a task, a string item a reference unless default_item_type says
// otherwise), a switch's cases, and its deps and uses first (poe DEP).
func poeTask(v any, depth int) []string {
	if depth > maxPyNest {
		return nil
	}
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string // an array is a sequence
		for _, item := range v {
			out = append(out, poeItem(item, "ref", depth)...)
		}
		return out
	case map[string]any:
		var out []string
		for _, dep := range tomlStrings(v["deps"]) {
			out = append(out, "poe "+dep)
		}
		for _, u := range tomlTable(v, "uses") {
			if s, ok := u.(string); ok {
				out = append(out, "poe "+s)
			}
		}
		if c, ok := v["cmd"].(string); ok {
			out = append(out, c)
		}
		if s, ok := v["shell"].(string); ok {
			in, _ := v["interpreter"].(string)
			if in == "" || slices.Contains([]string{"sh", "bash", "zsh", "posix", "fish"}, in) {
				out = append(out, s)
			}
		}
		if ref, ok := v["ref"].(string); ok {
			out = append(out, "poe "+ref)
		}
		kind, _ := v["default_item_type"].(string)
		if kind == "" {
			kind = "ref"
		}
		if items, ok := v["sequence"].([]any); ok {
			for _, item := range items {
				out = append(out, poeItem(item, kind, depth)...)
			}
		}
		if cases, ok := v["switch"].([]any); ok {
			for _, c := range cases {
				out = append(out, poeTask(c, depth+1)...)
			}
		}
		return out
	}
	return nil
}

// poeItem is an item of a poe sequence: a string of the sequence's kind (a reference, a command,
// a shell script), or a task.
func poeItem(item any, kind string, depth int) []string {
	s, ok := item.(string)
	switch {
	case !ok:
		return poeTask(item, depth+1)
	case kind == "ref":
		return []string{"poe " + s}
	case kind == "cmd" || kind == "shell":
		return []string{s}
	}
	return nil // script, expr: Python
}

// hatchScript is a hatch script's lines ("…" or a list of them) in env: a line whose first word
// is another script of env runs it (hatch run ENV:NAME), and hatch's {args} are the words given
// after the script's name, added at the line's end; another {field} is only known when hatch
// runs.
func hatchScript(v any, env string, scripts map[string]any) []string {
	var lines []string
	switch v := v.(type) {
	case string:
		lines = []string{v}
	case []any:
		lines = tomlStrings(v)
	}
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		l = hatchFormat(l)
		if first, _, _ := strings.Cut(strings.TrimSpace(l), " "); first != "" {
			if _, ok := scripts[first]; ok {
				l = "hatch run " + env + ":" + strings.TrimSpace(l)
			}
		}
		out = append(out, l)
	}
	return out
}

// hatchFormat is a hatch command with its {args} (and {args:DEFAULT}) left out and another
// context field ({root}, {env:X}) written as a value only known when hatch runs; ${X}, {{ and }}
// are the shell's and text.
func hatchFormat(l string) string {
	var b strings.Builder
	for i := 0; i < len(l); i++ {
		c := l[i]
		switch {
		case c == '{' && i+1 < len(l) && l[i+1] == '{', c == '}' && i+1 < len(l) && l[i+1] == '}':
			b.WriteByte(c)
			i++
		case c == '{' && (i == 0 || l[i-1] != '$'):
			end := strings.IndexByte(l[i:], '}')
			if end < 0 {
				b.WriteString(l[i:])
				return b.String()
			}
			field := l[i+1 : i+end]
			if field != "args" && !strings.HasPrefix(field, "args:") {
				b.WriteString("${hatch_value}")
			}
			i += end
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
