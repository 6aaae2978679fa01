package shellcmd

import (
	"encoding/json"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// pixi, devbox, rye and cargo-make run the tasks of a manifest (pixi.toml or pyproject's
// [tool.pixi], devbox.json, pyproject's [tool.rye.scripts], Makefile.toml), and rake the Ruby
// of a Rakefile: read as package.json's scripts are (packageScripts), a task another runs (pixi's
// depends-on, rye's chain, cargo-make's dependencies) a line "\x00NAME" in its lines.

// taskLine is a task's line that runs the task name.
func taskLine(name string) string { return "\x00" + name }

// devboxInit names the init_hook of a devbox.json among its scripts: it runs before each.
const devboxInit = "shell.init_hook"

// cargoMakeAny names the lines of every task of a Makefile.toml: cargo-make's own flows (its
// default task, build, test…) run the tasks of the file that have their names.
const cargoMakeAny = "\x00any"

// manifestTaskRuns notes the tasks pixi, devbox, rye, cargo-make and rake run: pixi run NAME
// (--manifest-path FILE|DIR), devbox run NAME (its init_hook first; devbox shell that alone;
// -c FILE|DIR), rye run NAME (--pyproject FILE), cargo make [TASK] (cargo-make make, makers;
// --makefile FILE, -t TASK, the default task "default"), rake [TASK…] (-f FILE, -C DIR). A name
// of pixi, devbox or rye that is no task is a command they run: read as one (wrappers.go).
func (r *reader) manifestTaskRuns(cmd Command, depth int) {
	if r.noRuns() {
		return
	}
	args := cmd.Args
	var manager, file string
	var manifest, dir Arg
	var names []string
	var given []Arg
	word := func(i int) bool { // a task's name at i: false when only known when the line runs
		if args[i].Dynamic {
			r.manifestUnknown(cmd)
			return false
		}
		names, given = append(names, args[i].Value), args[i+1:]
		return true
	}
	switch cmd.Name {
	case "pixi", "devbox", "rye":
		manager, file = cmd.Name, map[string]string{"pixi": "pixi.toml", "devbox": "devbox.json", "rye": "pyproject.toml"}[cmd.Name]
		opt := map[string]string{"pixi": "--manifest-path", "devbox": "--config", "rye": "--pyproject"}[cmd.Name]
		short := map[string]string{"devbox": "-c"}[cmd.Name]
		var values []string
		if i, ok := findName(len(runners), cmd.Name, func(i int) string { return runners[i].name }); ok {
			values = runners[i].values
		}
		var words []int // the words before the task's name: run, shell
		for i := 0; i < len(args); i++ {
			switch a := args[i]; {
			case pathOption(args, &i, &manifest, short, opt):
			case a.Value == "--" && !a.Dynamic:
				if len(words) == 1 && i+1 < len(args) {
					words = append(words, i+1)
				}
				i = len(args)
			case slices.Contains(values, a.Value):
				i++
			case strings.HasPrefix(a.Value, "-") && !a.Dynamic:
			default:
				words = append(words, i)
				if len(words) == 2 || a.Dynamic {
					i = len(args)
				}
			}
		}
		if len(words) == 0 {
			return
		}
		switch sub := args[words[0]]; {
		case sub.Dynamic:
			r.manifestUnknown(cmd)
			return
		case cmd.Name == "devbox" && (sub.Value == "shell" || sub.Value == "services"):
			names = []string{devboxInit}
		case sub.Value == "run" || cmd.Name == "pixi" && sub.Value == "r":
			if len(words) < 2 {
				return // pixi run, devbox run: a list
			}
			if !word(words[1]) {
				return
			}
			if cmd.Name == "devbox" {
				names = []string{devboxInit, names[0]}
			}
		default:
			return
		}
		if manifest.Dynamic {
			r.manifestUnknown(cmd)
			return
		}
		if m := manifest.Value; m != "" && cmd.Name != "rye" && !strings.HasSuffix(m, path.Ext(file)) {
			manifest, dir = Arg{}, manifest // a directory: its manifest
		}
	case "goreleaser", "mask":
		// Every hook of the configuration, every block of the maskfile, whichever task runs.
		manager, file, names = cmd.Name, map[string]string{"goreleaser": ".goreleaser.yaml", "mask": "maskfile.md"}[cmd.Name], []string{cmd.Name}
		long := map[string]string{"goreleaser": "--config", "mask": "--maskfile"}[cmd.Name]
		first := true // goreleaser's command: check, init… run no hook
		for i := 0; i < len(args); i++ {
			switch a := args[i]; {
			case pathOption(args, &i, &manifest, map[string]string{"goreleaser": "-f"}[cmd.Name], long):
			case a.Value == "--" && !a.Dynamic:
				i = len(args)
			case !a.Dynamic && goreleaserQuiet(a.Value) && (strings.HasPrefix(a.Value, "-") || first && cmd.Name == "goreleaser"):
				return
			case !strings.HasPrefix(a.Value, "-"):
				first = false
			}
		}
		if manifest.Dynamic {
			r.manifestUnknown(cmd)
			return
		}
	case "fastlane":
		// fastlane loads the Ruby of its Fastfile for every lane: read whole, as a Rakefile is.
		manager, file, names = "fastlane", "Fastfile", []string{"fastlane"}
		for _, a := range args {
			if !a.Dynamic && (a.Value == "--version" || a.Value == "--help" || a.Value == "-h" || a.Value == "-v") {
				return
			}
		}
	case "mix":
		// mix loads the mix.exs of its directory, Elixir code, for every task it runs: read whole
		// (mixText), whichever task the line names.
		manager, file, names = "mix", "mix.exs", []string{"mix"}
	case "cargo", "cargo-make", "makers", "rake":
		if cmd.Name == "cargo" || cmd.Name == "cargo-make" {
			if len(args) == 0 || args[0].Value != "make" || args[0].Dynamic {
				return
			}
			args = args[1:]
		}
		manager, file = "cargo-make", "Makefile.toml"
		valued := []string{"--profile", "-p", "--cwd", "-e", "--env", "--env-file", "-l", "--loglevel", "--output-format",
			"--output-file", "--list-category-steps", "--plugin"}
		optFile, optDir := "--makefile", "--cwd"
		if cmd.Name == "rake" {
			manager, file = "rake", "Rakefile"
			valued = []string{"-I", "--libdir", "-r", "--require", "-R", "--rakelibdir", "-j", "--jobs", "-E", "--execute-continue",
				"-e", "--execute", "-p", "--execute-print", "-D", "--describe", "-T", "--tasks", "-W", "--where"}
			optFile, optDir = "--rakefile", "--directory"
		}
		for i := 0; i < len(args); i++ {
			a := args[i]
			switch {
			case pathOption(args, &i, &manifest, map[string]string{"rake": "-f"}[cmd.Name], optFile):
			case pathOption(args, &i, &dir, map[string]string{"rake": "-C"}[cmd.Name], optDir):
			case cmd.Name != "rake" && (a.Value == "-t" || a.Value == "--task") && i+1 < len(args):
				i++
				if !word(i) {
					return
				}
				i = len(args)
			case slices.Contains(valued, a.Value):
				i++
			case strings.HasPrefix(a.Value, "-") && !a.Dynamic:
			case strings.Contains(a.Value, "=") && cmd.Name == "rake":
				// NAME=VALUE: an environment variable rake sets
			case cmd.Name == "rake":
				if !word(i) {
					return
				}
			default:
				if !word(i) {
					return
				}
				i = len(args) // the words after cargo-make's task are its arguments
			}
		}
		if manager == "cargo-make" && len(names) == 0 {
			names = []string{"default"}
		}
		if cmd.Name == "rake" {
			names, given = []string{"rake"}, nil // every task of the Rakefile, read whole
		}
		if manifest.Dynamic || dir.Dynamic {
			r.manifestUnknown(cmd)
			return
		}
	default:
		return
	}
	if len(names) == 0 {
		return
	}
	run := r.ran(runNpm, Arg{Value: file}, depth)
	if run == nil {
		return
	}
	run.manager, run.names, run.manifest = manager, names, manifest.Value
	run.argsFor, run.args = names[len(names)-1], scriptArgs(manager, given)
	if dir.Value != "" {
		run.dir = under(run.dir, dir.Value)
	}
}

// taskManifestNames are the manifests a manager finds in a directory, nearest first; nil for
// one of another kind.
func taskManifestNames(manager string) []string {
	switch manager {
	case "pixi":
		return []string{"pixi.toml", "pyproject.toml"}
	case "devbox":
		return []string{"devbox.json"}
	case "rye":
		return []string{"pyproject.toml"}
	case "cargo-make":
		return []string{"Makefile.toml"}
	case "rake":
		return []string{"rakefile", "Rakefile", "rakefile.rb", "Rakefile.rb"}
	case "mix":
		return []string{"mix.exs"}
	case "goreleaser":
		return []string{".goreleaser.yml", ".goreleaser.yaml", "goreleaser.yml", "goreleaser.yaml"}
	case "mask":
		return []string{"maskfile.md"}
	case "fastlane":
		return []string{"fastlane/Fastfile", "Fastfile"}
	}
	return rubyFileTools(manager)
}

// taskManifestFound reports whether a manager's manifest text holds its tasks: a pyproject.toml
// without [tool.pixi] is no pixi manifest (pixi looks further up).
func taskManifestFound(manager, name, text string) bool {
	if manager != "pixi" || path.Base(name) != "pyproject.toml" {
		return true
	}
	var doc map[string]any
	return toml.Unmarshal([]byte(text), &doc) == nil && tomlTable(doc, "tool", "pixi") != nil
}

// maxRakeFiles bounds the files of rakelib/ read.
const maxRakeFiles = 64

// rakeFile reads a Rakefile, and the .rake files of rakelib/ beside it that rake loads, for the
// command lines their strings spell (sh "rm -rf ~", sh "rm", "-rf", "~", system, backticks):
// every string read as a line rake may run, whichever task the line names.
func (r *reader) rakeFile(file, text, dir string, depth int) {
	r.rubyTaskText(file, text, depth)
	if !r.withFiles() {
		return
	}
	libs := r.located(scriptRun{dir: path.Dir(file)}, "rakelib")
	if len(libs) == 0 {
		return
	}
	r.rubyFilesIn(libs[0], path.Join(path.Dir(file), "rakelib"), "rake", ".rake", depth)
}

// rubyFilesIn reads the Ruby files of the directory dir (shown as shown) whose names end in
// suffix, which by loads (rakelib's .rake files, a Gemfile's .gemspec ones), each once; a
// directory it cannot list, or of more than maxRakeFiles entries, is unresolved.
func (r *reader) rubyFilesIn(dir, shown, by, suffix string, depth int) {
	if r.files.List == nil {
		if r.exists(dir) {
			r.unresolved("%s loads the %s files of %s, which hookrun cannot list", by, suffix, shown)
		}
		return
	}
	entries, err := r.list(dir, maxRakeFiles+1)
	switch {
	case missing(err):
		return
	case err != nil || len(entries) > maxRakeFiles:
		r.unresolved("%s loads the %s files of %s, which hookrun cannot list (more than %d, or: %v)", by, suffix, shown, maxRakeFiles, err)
		return
	}
	for _, e := range entries {
		if strings.HasSuffix(e, suffix) {
			p := filepath.Join(dir, e)
			if t, ok := r.cachedText(p, p); ok && r.once("ruby:"+p) {
				r.rubyTaskText(path.Join(shown, e), t, depth)
			}
		}
	}
}

// rubyTaskText reads a Ruby file of tasks: each string a line it may run (rake's sh runs one, as
// system does; a #{…} in it only known when it runs), and each list of words a command. The
// strings are found by the shell's quoting, as another program's are; a quote in a comment line
// may hide the strings after it from that reading, so the text without its comment lines is
// read too.
func (r *reader) rubyTaskText(file, text string, depth int) {
	texts := []string{text}
	var kept []string
	for l := range strings.Lines(text) {
		if !strings.HasPrefix(strings.TrimLeft(l, " \t"), "#") {
			kept = append(kept, l)
		}
	}
	if t := strings.Join(kept, ""); t != text {
		texts = append(texts, t)
	}
	for _, t := range texts {
		r.codeLiterals([]string{t})
		lits := append(scriptLiterals(t), quoteOps(t)...)
		lists, complete := pyWordLists(t)
		if !complete || len(lits)+len(lists) > maxPyLines {
			r.unresolved("the line runs what %s says, which spells out more than %d strings and lists, more than hookrun reads", file, maxPyLines)
			return
		}
		for _, l := range append(lits, lists...) {
			r.fileScript(rubyInterpolated(l), file, depth+1, nil)
		}
	}
}

// mixText is the text of a mix.exs, Elixir, written so that rubyTaskText reads the commands it
// runs, as a Rakefile's (Elixir's strings, comments and #{…} are Ruby's): an alias's "cmd LINE"
// task is the line (mix's cmd task runs it through a shell), and System.cmd("PROG", ["A", …]) the
// list ["PROG", "A", …].
func mixText(text string) string {
	text = strings.ReplaceAll(text, `"cmd `, `"`)
	const call = "System.cmd("
	var b strings.Builder
	for {
		i := strings.Index(text, call)
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		b.WriteString(text[:i])
		rest := strings.TrimLeft(text[i+len(call):], " \t\n")
		prog, list, ok := "", "", false
		if strings.HasPrefix(rest, `"`) {
			if end := strings.IndexAny(rest[1:], "\"\\\n"); end >= 0 && rest[1+end] == '"' {
				prog = rest[:end+2]
				after := strings.TrimLeft(rest[end+2:], " \t\n")
				if after, ok = strings.CutPrefix(after, ","); ok {
					list, ok = strings.CutPrefix(strings.TrimLeft(after, " \t\n"), "[")
				}
			}
		}
		if !ok {
			b.WriteString(call)
			text = text[i+len(call):]
			continue
		}
		b.WriteString("[" + prog + ", ")
		text = list
	}
}

// rubyInterpolated is a Ruby string with each #{…} in it written as a value only known when it runs.
func rubyInterpolated(s string) string { return templated(s, "#{", "}", "${rake_value}") }

// pixiTemplate is a pixi line with its {{ … }} fields written as a value only known when pixi runs.
func pixiTemplate(l string) string { return templated(l, "{{", "}}", "${pixi_value}") }

// templated is s with each field from open to close written as value.
func templated(s, open, close, value string) string {
	for {
		i := strings.Index(s, open)
		if i < 0 {
			return s
		}
		j := strings.Index(s[i:], close)
		if j < 0 {
			return s
		}
		s = s[:i] + value + s[i+j+len(close):]
	}
}

// taskManifestScripts are the tasks of a pixi, devbox, rye or cargo-make manifest, each a list
// of shell lines; a line "\x00NAME" runs the task NAME (taskLine). Text that is not TOML (JSON)
// holds none: the tool refuses it.
func taskManifestScripts(manager, text string) map[string][]string {
	out := map[string][]string{}
	add := func(name string, lines []string) {
		if len(out) < maxPyScripts && len(lines) > 0 {
			out[name] = append(out[name], lines...)
		}
	}
	if manager == "devbox" {
		shell := jsonObject(text, "shell")
		add(devboxInit, jsonLines(shell["init_hook"]))
		var scripts map[string]json.RawMessage
		if json.Unmarshal(shell["scripts"], &scripts) == nil {
			for name, v := range scripts {
				add(name, jsonLines(v))
			}
		}
		return out
	}
	var doc map[string]any
	if toml.Unmarshal([]byte(text), &doc) != nil {
		return nil
	}
	switch manager {
	case "pixi":
		root := doc
		if t := tomlTable(doc, "tool", "pixi"); t != nil {
			root = t
		}
		tables := []map[string]any{tomlTable(root, "tasks")}
		for _, group := range []string{"feature", "target"} {
			for _, sub := range tomlTable(root, group) {
				tables = append(tables, tomlTable(sub, "tasks"))
				for _, target := range tomlTable(sub, "target") {
					tables = append(tables, tomlTable(target, "tasks")) // [feature.X.target.Y.tasks]
				}
			}
		}
		for _, table := range tables {
			for name, v := range table {
				add(name, pixiTask(v))
			}
		}
	case "rye":
		for name, v := range tomlTable(doc, "tool", "rye", "scripts") {
			add(name, ryeScript(v))
		}
	case "cargo-make":
		config := tomlTable(doc, "config")
		var around []string
		for _, k := range []string{"init_task", "end_task"} {
			if s, ok := config[k].(string); ok {
				around = append(around, taskLine(s))
			}
		}
		for name, v := range tomlTable(doc, "tasks") {
			lines := cargoMakeTask(v, 0)
			add(cargoMakeAny, lines)
			if len(around) > 0 && !slices.Contains(around, taskLine(name)) {
				lines = append([]string{around[0]}, append(lines, around[1:]...)...)
			}
			add(name, lines)
		}
	}
	return out
}

// pixiTask is a pixi task's lines: a line, or a table's depends-on (a name, a list of names or
// of {task = NAME}) first, then its cmd (a line or a list of words) with its env exported; a
// {{ argument }} is only known when pixi runs.
func pixiTask(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{pixiTemplate(v)}
	case map[string]any:
		var out []string
		for _, k := range []string{"depends-on", "depends_on"} {
			deps := v[k]
			if s, ok := deps.(string); ok {
				deps = []any{s}
			}
			items, _ := deps.([]any)
			for _, d := range items {
				switch d := d.(type) {
				case string:
					out = append(out, taskLine(d))
				case map[string]any:
					if s, ok := d["task"].(string); ok {
						out = append(out, taskLine(s))
					}
				}
			}
		}
		return append(out, tomlCommand(v["cmd"], v["env"], pixiTemplate)...)
	}
	return nil
}

// tomlCommand is a task's command, a line or a list of words, with the variables of its env
// table exported before it.
func tomlCommand(c, env any, template func(string) string) []string {
	vars := map[string]string{}
	if m, ok := env.(map[string]any); ok {
		for k, e := range m {
			if s, ok := e.(string); ok {
				vars[k] = s
			}
		}
	}
	prefix := strings.Join(envAssignments(vars, nil), "")
	switch c := c.(type) {
	case string:
		return []string{prefix + template(c)}
	case []any:
		return []string{prefix + quotedLine(tomlStrings(c))}
	}
	return nil
}

// ryeScript is a rye script's lines: a line, {cmd = LINE | [WORDS], env = {…}}, or a chain of
// other scripts ({chain = [NAME, …]}); {call = "module:function"} is Python.
func ryeScript(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		return []string{quotedLine(tomlStrings(v))}
	case map[string]any:
		var out []string
		for _, name := range tomlStrings(v["chain"]) {
			out = append(out, taskLine(name))
		}
		return append(out, tomlCommand(v["cmd"], v["env"], func(s string) string { return s })...)
	}
	return nil
}

// cargoMakeTask is a cargo-make task's lines: its dependencies (names or {name = NAME}) first,
// its command with its args, its script (a line, a list of lines, or {file = PATH} run by sh),
// then the tasks its run_task names; the platforms' overrides ([tasks.X.linux]) too.
func cargoMakeTask(v any, depth int) []string {
	t, ok := v.(map[string]any)
	if !ok || depth > 1 {
		return nil
	}
	var out []string
	for _, d := range asList(t["dependencies"]) {
		switch d := d.(type) {
		case string:
			out = append(out, taskLine(d))
		case map[string]any:
			if s, ok := d["name"].(string); ok {
				out = append(out, taskLine(s))
			}
		}
	}
	if c, ok := t["command"].(string); ok {
		out = append(out, quotedLine(append([]string{c}, tomlStrings(t["args"])...)))
	}
	switch s := t["script"].(type) {
	case string:
		out = append(out, s)
	case []any:
		out = append(out, strings.Join(tomlStrings(s), "\n"))
	case map[string]any:
		if f, ok := s["file"].(string); ok {
			out = append(out, quotedLine([]string{"sh", f}))
		}
	}
	for _, k := range []string{"condition_script", "condition_script_runner_args"} {
		out = append(out, tomlStrings(t[k])...)
	}
	switch rt := t["run_task"].(type) {
	case string:
		out = append(out, taskLine(rt))
	case map[string]any:
		if s, ok := rt["name"].(string); ok {
			out = append(out, taskLine(s))
		}
		for _, s := range tomlStrings(rt["name"]) {
			out = append(out, taskLine(s))
		}
	}
	for _, plat := range []string{"linux", "mac", "windows"} {
		out = append(out, cargoMakeTask(t[plat], depth+1)...)
	}
	return out
}

// jsonLines is a devbox script: a line, or a list of lines devbox runs as one script.
func jsonLines(v json.RawMessage) []string {
	var one string
	if json.Unmarshal(v, &one) == nil {
		return []string{one}
	}
	var lines []string
	if json.Unmarshal(v, &lines) == nil && len(lines) > 0 {
		return []string{strings.Join(lines, "\n")}
	}
	return nil
}

// asList is a TOML value as a list: a list, or one value alone.
func asList(v any) []any {
	if l, ok := v.([]any); ok {
		return l
	}
	if v == nil {
		return nil
	}
	return []any{v}
}

// taskLines are the lines of the tasks names of scripts, in the order the tool runs them: a
// line taskLine(NAME) gives way to NAME's lines, each task once (as make builds a target once);
// a task of cargo-make's own flows, which the file does not have, reads every task's. Each
// line comes with the name of its task.
func taskLines(scripts map[string][]string, names []string) (lines, of []string) {
	seen := map[string]bool{}
	var do func(name string, depth int)
	do = func(name string, depth int) {
		if seen[name] || depth > maxDepth || len(seen) >= maxMakeTargets {
			return
		}
		seen[name] = true
		own, ok := scripts[name]
		if !ok && name != devboxInit {
			own = scripts[cargoMakeAny]
		}
		for _, l := range own {
			if callee, ok := strings.CutPrefix(l, "\x00"); ok {
				do(callee, depth+1)
				continue
			}
			lines, of = append(lines, l), append(of, name)
		}
	}
	for _, n := range names {
		do(n, 0)
	}
	return lines, of
}
