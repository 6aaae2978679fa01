package shellcmd

import (
	"cmp"
	"path"
	"slices"
	"strconv"
	"strings"
)

// just runs the recipes of a justfile (justfile, Justfile or .justfile in the directory it starts
// in or the nearest above, or the one -f names), each body line a shell line with its {{…}}
// written in; a recipe's dependencies run first. Read as package.json's scripts are (packages.go),
// the run's manager "just".

// justRuns notes the recipes just's words run: its options, then NAME=VALUE overrides, then
// recipes each with the words its parameters take.
func (r *reader) justRuns(cmd Command, depth int) {
	var words []Arg
	file, dir := Arg{}, Arg{}
	var sets []string
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case len(words) > 0 || a.Dynamic && !strings.HasPrefix(v, "-"):
			words = append(words, a)
		case v == "--":
			words = append(words, args[i+1:]...)
			i = len(args)
		case pathOption(args, &i, &file, "-f", "--justfile") || pathOption(args, &i, &dir, "-d", "--working-directory"):
		case v == "--set" && i+2 < len(args):
			sets, i = append(sets, args[i+1].Value+"="+args[i+2].Value), i+2
		case justInfo(v):
			return // --list, --show, --dry-run…: no recipe runs
		case justValueOption(v):
			i++
		case strings.HasPrefix(v, "-"):
		default:
			words = append(words, a)
		}
	}
	if file.Dynamic || dir.Dynamic {
		r.manifestUnknown(cmd)
		return
	}
	for len(words) > 0 && !words[0].Dynamic && strings.Contains(words[0].Value, "=") {
		sets, words = append(sets, words[0].Value), words[1:] // just flags=-rf clean
	}
	if len(words) > 0 && words[0].Dynamic {
		r.manifestUnknown(cmd)
		return
	}
	if run := r.runnerFile("just", cmp.Or(file.Value, "justfile"), file.Value, "", depth); run != nil {
		run.args, run.vars, run.workDir = words, sets, dir.Value // -d: where the recipes run, not where just looks
	}
}

// runnerFile notes the file a task runner (manager) reads what it runs from: name (manifest, when
// the line's option named it) in the directory dir an option gave, else where the line is; nil
// when the line runs no file it can name.
func (r *reader) runnerFile(manager, name, manifest, dir string, depth int) *scriptRun {
	run := r.ran(runNpm, Arg{Value: name}, depth)
	if run == nil {
		return nil
	}
	run.manager, run.manifest = manager, manifest
	if dir != "" {
		run.dir = under(run.dir, dir)
	}
	return run
}

// pathOption reads the option at args[*i] when it is short or long (-f FILE, --justfile FILE,
// --justfile=FILE) into to, moving *i past its value.
func pathOption(args []Arg, i *int, to *Arg, short, long string) bool {
	a := args[*i]
	switch {
	case (a.Value == short || a.Value == long) && *i+1 < len(args):
		*to, *i = args[*i+1], *i+1
	case strings.HasPrefix(a.Value, long+"="):
		*to = Arg{Value: a.Value[len(long)+1:], Dynamic: a.Dynamic}
	default:
		return false
	}
	return true
}

// justInfo reports whether just's option makes it print, not run a recipe.
func justInfo(o string) bool {
	switch o {
	case "-l", "--list", "--summary", "--show", "-s", "--dump", "--evaluate", "--fmt", "--edit", "-e", "--init",
		"--choose", "--variables", "--groups", "--completions", "--changelog", "--man", "-n", "--dry-run", "--help",
		"-h", "--version", "-V", "--check":
		return true
	}
	return false
}

// justValueOption reports whether just's option takes the next word as its value.
func justValueOption(o string) bool {
	switch o {
	case "--dotenv-filename", "--dotenv-path", "-E", "--shell", "--shell-arg", "--chooser", "--color", "--command-color",
		"--list-heading", "--list-prefix", "--dump-format", "--timestamp-format", "-c", "--command":
		return true
	}
	return false
}

// A justRecipe is a recipe of a justfile.
type justRecipe struct {
	params   []string // names; a trailing + or * one takes the rest
	defaults map[string]string
	deps     [][]string // each dependency: its name and the words given it
	body     []string
}

// A justfile is what hookrun reads of a justfile: its recipes, aliases, string variables, and
// the recipe just runs when the line names none.
type justfile struct {
	recipes    map[string]*justRecipe
	aliases    map[string]string
	vars       map[string]string
	fallback   string
	positional bool                   // set positional-arguments: a recipe's words are its "$@" too
	imports    []string               // the files it imports (import, import?)
	mods       [][2]string            // its modules: name and the path mod gives ("" for none)
	modules    map[string]*justModule // the modules read (justIncludes)
	programs   []string               // command lines of the programs its settings run recipes with (set shell), when a file's
	backticks  []string               // the commands its assignments' backticks run (x := `cmd`), whatever recipe runs
	exports    map[string]bool        // the variables it exports (export X := …) to its recipes' shell
	exportAll  bool                   // set export: every variable and parameter
	dotenv     string                 // the .env file set dotenv-load (dotenv-filename, dotenv-path) reads; "" none
	env        map[string]string      // that file's variables, every recipe's environment (justRecipes reads it)
}

// A justModule is a justfile's module (mod NAME): its justfile, and the directory its recipes run
// in, relative to the root justfile's.
type justModule struct {
	jf  *justfile
	dir string
}

// Bounds on the files one line's just reads through import and mod.
const (
	maxJustFiles = 16
	maxJustDepth = 4
)

// justIncludes reads the files jf (the text at base, a directory relative to the root
// justfile's) imports, as its own recipes (a recipe of its own first), and its modules; load reads
// one by its path from the root justfile's directory: its text, and whether it was there. seen are
// the files read, and the root's name.
func (jf *justfile) justIncludes(base string, load func(p string) (string, bool), seen map[string]bool, depth int) {
	if depth >= maxJustDepth {
		return
	}
	read := func(p string) (*justfile, bool) {
		if seen[p] || len(seen) >= maxJustFiles {
			return nil, false
		}
		text, ok := load(p)
		if !ok {
			return nil, false
		}
		seen[p] = true
		sub := parseJustfile(text)
		sub.justIncludes(path.Dir(p), load, seen, depth+1)
		return sub, true
	}
	for _, imp := range jf.imports {
		sub, ok := read(under(base, imp))
		if !ok {
			continue
		}
		for k, v := range sub.recipes {
			if _, own := jf.recipes[k]; !own {
				jf.recipes[k] = v
			}
		}
		for k, v := range sub.aliases {
			if _, own := jf.aliases[k]; !own {
				jf.aliases[k] = v
			}
		}
		for k, v := range sub.vars {
			if _, own := jf.vars[k]; !own {
				jf.vars[k] = v
			}
		}
		for k, v := range sub.modules {
			if _, own := jf.modules[k]; !own {
				if jf.modules == nil {
					jf.modules = map[string]*justModule{}
				}
				jf.modules[k] = v
			}
		}
		jf.positional = jf.positional || sub.positional
	}
	for _, m := range jf.mods {
		var tries []string
		switch {
		case m[1] != "" && (strings.HasSuffix(m[1], ".just") || strings.Contains(strings.ToLower(path.Base(m[1])), "justfile")):
			tries = []string{under(base, m[1])}
		case m[1] != "":
			tries = justModuleFiles(under(base, m[1]))
		default:
			tries = append([]string{path.Join(base, m[0]+".just")}, justModuleFiles(path.Join(base, m[0]))...)
		}
		for _, p := range tries {
			if sub, ok := read(p); ok {
				if jf.modules == nil {
					jf.modules = map[string]*justModule{}
				}
				jf.modules[m[0]] = &justModule{sub, path.Dir(p)}
				break
			}
		}
	}
}

// justModuleFiles are the files just looks for a module in, in the directory dir.
func justModuleFiles(dir string) []string {
	var out []string
	for _, n := range []string{"mod.just", "justfile", "Justfile", ".justfile"} {
		out = append(out, path.Join(dir, n))
	}
	return out
}

// parseJustfile reads a justfile's text.
func parseJustfile(text string) *justfile {
	jf := &justfile{recipes: map[string]*justRecipe{}, aliases: map[string]string{}, vars: map[string]string{}}
	var current *justRecipe
	isDefault := false
	for _, line := range strings.Split(strings.ReplaceAll(strings.TrimPrefix(text, "\ufeff"), "\r\n", "\n"), "\n") {
		if current != nil && (line == "" || line[0] == ' ' || line[0] == '\t') {
			current.body = append(current.body, line)
			continue
		}
		current = nil
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "["):
			isDefault = isDefault || strings.Contains(line, "default")
			if _, args, ok := strings.Cut(line, "[script("); ok {
				jf.program(strings.TrimSuffix(strings.TrimSpace(args), ")]"))
			}
		case strings.HasPrefix(line, "alias "):
			if name, target, ok := strings.Cut(strings.TrimPrefix(line, "alias "), ":="); ok {
				jf.aliases[strings.TrimSpace(name)] = strings.TrimSpace(target)
			}
		case strings.HasPrefix(line, "import ") || strings.HasPrefix(line, "import? "):
			if p, ok := justString(strings.TrimSpace(line[strings.IndexByte(line, ' '):])); ok && len(jf.imports) < maxJustFiles {
				jf.imports = append(jf.imports, p)
			}
		case strings.HasPrefix(line, "mod ") || strings.HasPrefix(line, "mod? "):
			fields := strings.Fields(line[strings.IndexByte(line, ' '):])
			if len(fields) > 0 && len(jf.mods) < maxJustFiles {
				m := [2]string{fields[0], ""}
				if len(fields) > 1 {
					m[1], _ = justString(strings.Join(fields[1:], " "))
				}
				jf.mods = append(jf.mods, m)
			}
		case strings.HasPrefix(line, "set "):
			jf.positional = jf.positional || strings.Contains(line, "positional-arguments")
			jf.setting(line)
		case justAssignment(line):
			name, value, _ := strings.Cut(strings.TrimPrefix(line, "export "), ":=")
			name, value = strings.TrimSpace(name), strings.TrimSpace(value)
			if v, ok := justString(value); ok {
				jf.vars[name] = v
			}
			if strings.HasPrefix(line, "export ") && len(jf.exports) < maxTaskEnv {
				if jf.exports == nil {
					jf.exports = map[string]bool{}
				}
				jf.exports[name] = true
			}
			if cmd, ok := strings.CutPrefix(value, "`"); ok && len(jf.backticks) < maxMakeTargets {
				jf.backticks = append(jf.backticks, strings.Trim(cmd, "`"))
			}
		default:
			header, deps, ok := strings.Cut(line, ":")
			fields := strings.Fields(header)
			if !ok || len(fields) == 0 {
				continue
			}
			name := strings.TrimPrefix(fields[0], "@")
			rc := &justRecipe{defaults: map[string]string{}}
			for _, p := range fields[1:] {
				p, def, hasDef := strings.Cut(strings.TrimLeft(p, "$"), "=")
				rc.params = append(rc.params, p)
				if d, ok := justString(def); hasDef && ok {
					rc.defaults[strings.TrimLeft(p, "+*")] = d
				}
			}
			rc.deps = justDeps(deps)
			jf.recipes[name], current = rc, rc
			if jf.fallback == "" || isDefault {
				jf.fallback = name
			}
			isDefault = false
		}
	}
	return jf
}

// setting reads a set line: the programs set shell, windows-shell and script-interpreter name,
// set export, and the .env file set dotenv-load (dotenv-filename, dotenv-path) reads.
func (jf *justfile) setting(line string) {
	name, value, _ := strings.Cut(strings.TrimSpace(strings.TrimPrefix(line, "set ")), ":=")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	switch name {
	case "shell", "windows-shell", "script-interpreter":
		jf.program(strings.TrimSuffix(strings.TrimPrefix(value, "["), "]"))
	case "export":
		jf.exportAll = value == "" || value == "true"
	case "dotenv-load":
		if value == "" || value == "true" {
			jf.dotenv = cmp.Or(jf.dotenv, ".env")
		}
	case "dotenv-filename", "dotenv-path":
		if v, ok := justString(value); ok {
			jf.dotenv = v
		}
	}
}

// program notes the program a setting or [script(…)] names, its words just strings separated by
// commas, as a command line, when it is a file named by its path (./tools/sh): a program by its
// name (bash, python3) is read as itself.
func (jf *justfile) program(list string) {
	var words []string
	for _, w := range strings.Split(list, ",") {
		if v, ok := justString(strings.TrimSpace(w)); ok {
			words = append(words, v)
		}
	}
	if len(words) > 0 && strings.Contains(words[0], "/") && len(jf.programs) < maxJustFiles {
		jf.programs = append(jf.programs, quotedLine(words))
	}
}

// justAssignment reports whether a justfile line gives a variable a value: [export] NAME := ….
func justAssignment(line string) bool {
	name, _, ok := strings.Cut(strings.TrimPrefix(line, "export "), ":=")
	name = strings.TrimSpace(name)
	return ok && name != "" && !strings.ContainsAny(name, " \t:")
}

// justString is the value of a string literal of just ("x", 'x'), false for any other expression.
func justString(s string) (string, bool) {
	if len(s) < 2 || s[0] != s[len(s)-1] || s[0] != '"' && s[0] != '\'' {
		return "", false
	}
	if s[0] == '\'' {
		return s[1 : len(s)-1], !strings.Contains(s[1:len(s)-1], "'")
	}
	v, err := strconv.Unquote(s)
	return v, err == nil
}

// justDeps are a recipe's dependencies: NAME, or (NAME "word" …), before and after &&.
func justDeps(s string) [][]string {
	var deps [][]string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		switch {
		case strings.HasPrefix(s, "&&"):
			s = s[2:]
		case s[0] == '(':
			end := strings.IndexByte(s, ')')
			if end < 0 {
				end = len(s)
			}
			fields := strings.Fields(s[1:end])
			for i, w := range fields[min(1, len(fields)):] {
				if v, ok := justString(w); ok {
					fields[i+1] = v
				} else {
					fields[i+1] = "${just}"
				}
			}
			if len(fields) > 0 {
				deps = append(deps, fields)
			}
			s = s[min(end+1, len(s)):]
		default:
			w, rest, _ := strings.Cut(s, " ")
			deps, s = append(deps, []string{w}), rest
		}
	}
	return deps
}

// justLines are the shell lines just runs for the recipes the words name (the fallback when
// none), each recipe's dependencies first, with the words its parameters take: each a recipe's
// name, its text and the directory it runs in ("" the justfile's; a module's, relative to it). A
// module's name is followed by the words for it (just docs build, just docs::build).
func (jf *justfile) lines(words []string, sets []string) [][3]string {
	return jf.linesIn(words, sets, "", "", 0)
}

// linesIn is lines for a module's justfile: its recipes run in dir, named after the module (mod::).
func (jf *justfile) linesIn(words []string, sets []string, dir, prefix string, depth int) [][3]string {
	vars := make(map[string]string, len(jf.vars)+len(sets))
	for k, v := range jf.vars {
		vars[k] = v
	}
	for _, s := range sets {
		k, v, _ := strings.Cut(s, "=")
		vars[k] = v
	}
	var out [][3]string
	seen := map[string]bool{}
	var run func(name string, args []string, depth int)
	run = func(name string, args []string, depth int) {
		if target, ok := jf.aliases[name]; ok {
			name = target
		}
		rc, ok := jf.recipes[name]
		key := name + "\x00" + strings.Join(args, "\x00")
		if !ok || seen[key] || depth > maxDepth || len(seen) >= maxMakeTargets {
			return
		}
		seen[key] = true
		for _, dep := range rc.deps {
			run(dep[0], dep[1:], depth+1)
		}
		values := map[string]string{}
		for k, v := range vars {
			values[k] = v
		}
		for i, p := range rc.params {
			name := strings.TrimLeft(p, "+*")
			switch {
			case strings.HasPrefix(p, "+") || strings.HasPrefix(p, "*"):
				if i < len(args) {
					values[name] = strings.Join(args[i:], " ")
				} else {
					values[name] = rc.defaults[name]
				}
			case i < len(args):
				values[name] = args[i]
			default:
				values[name] = rc.defaults[name]
			}
		}
		body := justBody(rc.body)
		var b strings.Builder
		exported := map[string]string{}
		for k, v := range values {
			if jf.exportAll || jf.exports[k] {
				exported[k] = v
			}
		}
		b.WriteString(strings.Join(envAssignments(jf.env, nil), ""))
		b.WriteString(strings.Join(envAssignments(exported, nil), ""))
		for rest := body; ; {
			at := strings.Index(rest, "{{")
			if at < 0 {
				b.WriteString(rest)
				break
			}
			b.WriteString(rest[:at])
			if strings.HasPrefix(rest[at:], "{{{{") {
				b.WriteString("{{")
				rest = rest[at+4:]
				continue
			}
			end := strings.Index(rest[at:], "}}")
			if end < 0 {
				b.WriteString(rest[at:])
				break
			}
			expr := strings.TrimSpace(rest[at+2 : at+end])
			if v, ok := values[expr]; ok {
				b.WriteString(v)
			} else if v, ok := justString(expr); ok {
				b.WriteString(v)
			} else {
				b.WriteString("${just_value}") // an expression only known when just runs
			}
			rest = rest[at+end+2:]
		}
		out = append(out, [3]string{prefix + name, b.String(), dir})
		if len(args) > 0 && jf.positional {
			// set positional-arguments: the recipe's words are its "$@" and $1 … too.
			words := make([]Arg, len(args))
			for i, a := range args {
				words[i] = Arg{Value: a}
			}
			if text, ok := positional(b.String(), words); ok {
				out = append(out, [3]string{prefix + name, text, dir})
			}
		}
	}
	if len(words) == 0 {
		run(jf.fallback, nil, 0)
	}
	for i := 0; i < len(words); {
		name := words[i]
		if target, ok := jf.aliases[name]; ok {
			name = target
		}
		rc, ok := jf.recipes[name]
		mod, in, _ := strings.Cut(name, "::")
		if m := jf.modules[mod]; !ok && m != nil && depth < maxJustDepth {
			rest := words[i+1:]
			if in != "" {
				rest = append([]string{in}, rest...)
			}
			return append(out, m.jf.linesIn(rest, sets, m.dir, prefix+mod+"::", depth+1)...)
		}
		i++
		var args []string
		if ok {
			n := len(rc.params)
			if n > 0 && (strings.HasPrefix(rc.params[n-1], "+") || strings.HasPrefix(rc.params[n-1], "*")) {
				n = len(words)
			}
			args = words[i:min(i+n, len(words))]
			i += len(args)
		}
		run(name, args, 0)
	}
	return out
}

// justBody is a recipe's body as one script: its indentation and each line's @ and - removed; a
// #! body whose interpreter is not a shell is none (a program, read as itself).
func justBody(lines []string) string {
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return ""
	}
	first := strings.TrimSpace(lines[0])
	if strings.HasPrefix(first, "#!") && !shebangShell(first+"\n") {
		// A program runs the body, written to a file: one of the repository's (#!./tools/run)
		// is read as the command it is, another as itself.
		if interp := strings.Fields(first[2:]); len(interp) > 0 && strings.Contains(interp[0], "/") && !path.IsAbs(interp[0]) {
			return quotedLine(interp) + "\n"
		}
		return ""
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(strings.TrimLeft(strings.TrimSpace(l), "@-"))
		b.WriteByte('\n')
	}
	return b.String()
}

// justRecipes reads what just runs of a justfile's text, in dir.
func (r *reader) justRecipes(run scriptRun, file, text, dir string) {
	var words []string
	for _, a := range run.args {
		words = append(words, a.Value)
	}
	at, atUnknown := r.dir, r.dirUnknown
	jf := parseJustfile(text)
	if len(jf.imports) > 0 || len(jf.mods) > 0 {
		load := func(p string) (string, bool) {
			for _, abs := range r.located(scriptRun{}, under(dir, p)) {
				if text, ok := r.cachedText(abs, abs); ok {
					return text, true
				}
			}
			return "", false
		}
		jf.justIncludes(".", load, map[string]bool{path.Base(file): true}, 0)
	}
	if jf.dotenv != "" {
		// set dotenv-load: the .env in the justfile's directory (or the path it names) is every
		// recipe's environment; just goes on without one.
		for _, abs := range r.located(scriptRun{}, under(dir, jf.dotenv)) {
			if text, ok := r.cachedText(abs, abs); ok {
				jf.env = dotenvVars(text, maxTaskEnv)
				break
			}
		}
	}
	r.dir, r.dirUnknown = dir, ""
	for i, line := range slices.Concat(jf.programs, jf.backticks) {
		what := " assignment"
		if i < len(jf.programs) {
			what = " shell"
		}
		if r.once(runNpm + "\x00" + file + "\x00" + what + "\x00" + line) {
			r.fileScript(line, path.Base(file)+what, run.depth+1, nil)
		}
	}
	for _, l := range jf.lines(words, run.vars) {
		if r.once(runNpm + "\x00" + file + "\x00" + l[0] + "\x00" + l[1] + "\x00" + l[2]) {
			r.dir, r.dirUnknown = under(dir, l[2]), ""
			r.fileScript(l[1], path.Base(file)+" recipe "+strconv.Quote(l[0]), run.depth+1, nil)
		}
	}
	r.dir, r.dirUnknown = at, atUnknown
}
