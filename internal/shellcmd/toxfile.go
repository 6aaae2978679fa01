package shellcmd

import (
	"cmp"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// tox runs the commands of the environments of its configuration (tox.ini, setup.cfg's [tox:tox],
// pyproject.toml's [tool.tox], tox.toml), each a command line, in the configuration's directory:
// read by packageFromDisk (the run's manager "tox") as shell lines. tox splits a line into words
// itself, with no shell; reading it as sh's can only add what a rule matches.

// toxRuns notes the environments tox's words run: -e ENV,ENV (ALL for every one), else its
// env_list (toxDefault), with the words after "--" as {posargs}; tox exec runs the command
// after "--".
func (r *reader) toxRuns(cmd Command, depth int) {
	var envs []string
	config, root := Arg{}, Arg{}
	var posargs []Arg
	sub := ""
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Value == "--" && !a.Dynamic:
			posargs, i = args[i+1:], len(args)
		case pathOption(args, &i, &config, "-c", "--conf") || pathOption(args, &i, &root, "--root", "--root"):
		case a.Value == "-e" || a.Value == "--env" || strings.HasPrefix(a.Value, "-e") && !strings.HasPrefix(a.Value, "--") || strings.HasPrefix(a.Value, "--env="):
			var v Arg
			switch {
			case strings.HasPrefix(a.Value, "--env="):
				v = Arg{Value: a.Value[len("--env="):], Dynamic: a.Dynamic}
			case a.Value != "-e" && a.Value != "--env":
				v = Arg{Value: a.Value[2:], Dynamic: a.Dynamic}
			case i+1 < len(args):
				v, i = args[i+1], i+1
			}
			if v.Dynamic {
				r.manifestUnknown(cmd)
				return
			}
			envs = append(envs, strings.Split(v.Value, ",")...)
		case a.Value == "-m" || a.Value == "-f" || a.Value == "--labels" || a.Value == "--factors":
			envs, i = append(envs, "ALL"), i+1 // environments selected by label or factor: every one, reading more
		case slices.Contains([]string{"-x", "--override", "-n", "--workdir", "--installpkg", "--result-json", "--hashseed",
			"--discover", "--skip-env", "--runner", "-p", "--parallel", "--exit-and-dump-after", "--colored"}, a.Value):
			i++
		case strings.HasPrefix(a.Value, "-") || a.Dynamic:
		case sub == "":
			sub = a.Value
		}
	}
	switch sub {
	case "", "run", "r", "run-parallel", "p", "legacy", "le":
	case "exec", "x":
		if line, ok := scriptLine("", posargs); ok && len(posargs) > 0 {
			r.script(strings.TrimSpace(line), depth+1) // tox exec -e ENV -- CMD runs CMD in the environment
		}
		return
	default:
		return // list, config, depends, quickstart, devenv: no command of the configuration's
	}
	if config.Dynamic || root.Dynamic {
		r.manifestUnknown(cmd)
		return
	}
	if len(envs) == 0 {
		envs = []string{toxDefault}
	}
	if run := r.runnerFile("tox", cmp.Or(config.Value, "tox.ini"), config.Value, root.Value, depth); run != nil {
		run.names, run.args = envs, posargs
	}
}

// toxDefault names the environments tox runs with no -e: its env_list.
const toxDefault = "\x00env_list"

// toxNames are the files tox reads its configuration from, in its order.
func toxNames() []string { return []string{"tox.ini", "setup.cfg", "pyproject.toml", "tox.toml"} }

// Bounds on a tox configuration.
const (
	maxToxEnvs  = 256 // environments read of one configuration
	maxToxRefs  = 8   // {[section]key} within one another
	maxToxLines = 1024
)

// A toxConfig is a tox configuration as hookrun reads it: each environment's commands (its own
// lines of commands_pre, commands and commands_post; "" is the base every one without its own
// has), and its env_list.
type toxConfig struct {
	envs    map[string][3][]string
	envList []string
	all     bool // the env_list names environments only known as tox expands it (py3{11,12}): every one
}

// toxRecipes reads the commands tox runs of the configuration text (file, in dir) for the run's
// environments, with the words after "--" as {posargs}.
func (r *reader) toxRecipes(run scriptRun, file, text, dir string) {
	c, ok := toxConfigOf(path.Base(file), text)
	if !ok {
		return
	}
	var envs []string
	for _, e := range run.names {
		switch e {
		case "ALL":
			envs = append(envs, slices.Sorted(maps.Keys(c.envs))...)
		case toxDefault:
			switch {
			case c.all:
				envs = append(envs, slices.Sorted(maps.Keys(c.envs))...)
			case len(c.envList) == 0:
				envs = append(envs, "") // the default environment, py: [testenv]'s commands
			default:
				envs = append(envs, c.envList...)
			}
		default:
			envs = append(envs, e)
		}
	}
	posargs, posOK := "", true
	if len(run.args) > 0 {
		posargs, posOK = scriptLine("", run.args)
		posargs = strings.TrimSpace(posargs)
	}
	if !posOK {
		r.unresolved("tox runs the commands of %s with words sh cannot be given", file)
		return
	}
	at, atUnknown := r.dir, r.dirUnknown
	defer func() { r.dir, r.dirUnknown = at, atUnknown }()
	for _, env := range envs {
		lines, own := c.envs[env]
		base := c.envs[""]
		for k := range lines {
			if !own || len(lines[k]) == 0 {
				lines[k] = base[k]
			}
		}
		for _, group := range lines {
			for _, line := range group {
				line = toxPosargs(line, posargs, len(run.args) > 0)
				if !r.once(runNpm + "\x00" + file + "\x00" + line) {
					continue
				}
				name := env
				if name == "" {
					name = "testenv"
				}
				r.dir, r.dirUnknown = dir, ""
				r.fileScript(line, path.Base(file)+" env "+strconv.Quote(name), run.depth+1, nil)
			}
		}
	}
}

// toxPosargs is a command with {posargs} (and {posargs:DEFAULT}, the legacy []) written in: the
// words given, when some are, else the default.
func toxPosargs(line, posargs string, given bool) string {
	var b strings.Builder
	for rest := line; ; {
		at := strings.Index(rest, "{posargs")
		if at < 0 {
			b.WriteString(rest)
			break
		}
		end := strings.IndexByte(rest[at:], '}')
		if end < 0 {
			b.WriteString(rest)
			break
		}
		b.WriteString(rest[:at])
		def, _ := strings.CutPrefix(rest[at+len("{posargs"):at+end], ":")
		if given {
			b.WriteString(posargs)
		} else {
			b.WriteString(def)
		}
		rest = rest[at+end+1:]
	}
	return b.String()
}

// toxConfigOf reads a tox configuration from the text of the file name: false when it holds
// none (a setup.cfg without [tox:tox], a pyproject.toml without [tool.tox]).
func toxConfigOf(name, text string) (toxConfig, bool) {
	switch name {
	case "pyproject.toml", "tox.toml":
		var doc map[string]any
		if toml.Unmarshal([]byte(text), &doc) != nil {
			return toxConfig{}, false
		}
		top := doc
		if name == "pyproject.toml" {
			if top = tomlTable(doc, "tool", "tox"); top == nil {
				return toxConfig{}, false
			}
		}
		if legacy, ok := top["legacy_tox_ini"].(string); ok {
			return toxINI(legacy, "tox")
		}
		return toxTOML(top), true
	case "setup.cfg":
		return toxINI(text, "tox:tox")
	}
	return toxINI(text, "tox")
}

// toxINI reads a tox configuration in INI form, its own section named main ([tox], setup.cfg's
// [tox:tox]): false when it has neither that nor a [testenv…] section.
func toxINI(text, main string) (toxConfig, bool) {
	sections := iniSections(text)
	c := toxConfig{envs: map[string][3][]string{}}
	_, found := sections[main]
	for name, keys := range sections {
		env, ok := strings.CutPrefix(name, "testenv:")
		switch {
		case name == "testenv":
			env = ""
		case !ok:
			continue
		}
		found = true
		if len(c.envs) >= maxToxEnvs {
			break
		}
		var lines [3][]string
		for k, key := range []string{"commands_pre", "commands", "commands_post"} {
			lines[k] = toxLines(sections, keys[key], 0)
		}
		c.envs[env] = lines
	}
	for _, e := range strings.FieldsFunc(sections[main]["env_list"]+","+sections[main]["envlist"], func(c rune) bool { return c == ',' || c == '\n' }) {
		if e = strings.TrimSpace(e); e != "" && !strings.HasPrefix(e, "#") {
			c.all = c.all || strings.ContainsAny(e, "{}")
			c.envList = append(c.envList, e)
		}
	}
	return c, found
}

// toxLines are the command lines of a tox INI value: one a line, a trailing backslash joining the
// next, {[section]key} another section's value's lines, a factor condition (py311,lint: …) and
// the - and ! before a command left out.
func toxLines(sections map[string]map[string]string, value string, depth int) []string {
	var out []string
	value = strings.ReplaceAll(value, "\\\n", " ")
	for line := range strings.Lines(value) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || len(out) >= maxToxLines {
			continue
		}
		if cond, rest, ok := strings.Cut(line, ": "); ok && !strings.ContainsAny(cond, " \t'\"{$") {
			line = strings.TrimSpace(rest)
		}
		if ref, ok := strings.CutPrefix(line, "{["); ok && strings.HasSuffix(line, "}") {
			if section, key, ok := strings.Cut(strings.TrimSuffix(ref, "}"), "]"); ok && depth < maxToxRefs {
				out = append(out, toxLines(sections, sections[section][key], depth+1)...)
				continue
			}
		}
		out = append(out, strings.TrimLeft(line, "-! "))
	}
	return out
}

// iniSections are an INI text's sections, each its keys' values (a value's continuation lines,
// indented, joined to it with newlines), as Python's configparser reads them; the last of a
// key given twice.
func iniSections(text string) map[string]map[string]string {
	sections := map[string]map[string]string{}
	var cur map[string]string
	key := ""
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, "\r\n")
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#") || strings.HasPrefix(trimmed, ";"):
			if trimmed == "" {
				key = "" // an empty line ends a value
			}
		case strings.HasPrefix(line, "["):
			name := strings.TrimSpace(strings.Trim(trimmed, "[]"))
			if sections[name] == nil {
				sections[name] = map[string]string{}
			}
			cur, key = sections[name], ""
		case cur == nil:
		case line[0] == ' ' || line[0] == '\t':
			if key != "" {
				cur[key] += "\n" + trimmed
			}
		default:
			k, v, ok := strings.Cut(trimmed, "=")
			if !ok {
				k, v, ok = strings.Cut(trimmed, ":")
			}
			if ok {
				key = strings.TrimSpace(k)
				cur[key] = strings.TrimSpace(v)
			}
		}
	}
	return sections
}

// toxTOML reads a tox configuration in TOML form (tox.toml, or pyproject.toml's [tool.tox]):
// env_run_base the base, env.NAME each environment; each command a list of words, a
// {replace = "posargs", default = […]} the words given or the default, another replacement only
// known when tox runs.
func toxTOML(top map[string]any) toxConfig {
	c := toxConfig{envs: map[string][3][]string{}}
	read := func(env string, t map[string]any) {
		if t == nil || len(c.envs) >= maxToxEnvs {
			return
		}
		var lines [3][]string
		for k, key := range []string{"commands_pre", "commands", "commands_post"} {
			cmds, _ := t[key].([]any)
			for _, cmd := range cmds[:min(len(cmds), maxToxLines)] {
				words, _ := cmd.([]any)
				var line []string
				for _, w := range words {
					switch w := w.(type) {
					case string:
						line = append(line, quotedLine([]string{w}))
					case map[string]any:
						if w["replace"] == "posargs" {
							line = append(line, "{posargs:"+quotedLine(tomlStrings(w["default"]))+"}")
						} else {
							line = append(line, "${tox_value}")
						}
					}
				}
				if len(line) > 0 {
					lines[k] = append(lines[k], strings.Join(line, " "))
				}
			}
		}
		c.envs[env] = lines
	}
	read("", tomlTable(top, "env_run_base"))
	for name := range tomlTable(top, "env") {
		read(name, tomlTable(top, "env", name))
	}
	c.envList = tomlStrings(top["env_list"])
	return c
}

// toxFound reports whether the file name (text) found where tox looks holds its configuration.
func toxFound(name, text string) bool {
	_, ok := toxConfigOf(path.Base(filepath.ToSlash(name)), text)
	return ok
}
