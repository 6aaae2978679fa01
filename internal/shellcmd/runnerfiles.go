package shellcmd

import (
	"cmp"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// goreleaser runs the hooks of its configuration, mask the code blocks of a maskfile.md: read as
// the task manifests of manifests.go are, every hook or block whichever task the line names.
// gulp, grunt, mage, tilt, earthly and act run the repository's code (JavaScript, Go, Starlark,
// an Earthfile's LOCALLY targets, a workflow's actions), which hookrun does not read. envdir,
// dotenv, dotenvx and env-cmd give the command they run the variables of files (envFileArgs).

// codeRunner reports whether name runs tasks a repository file defines in code hookrun does not
// read (gulp's gulpfile.js, mage's magefile.go, tilt's Tiltfile, earthly's Earthfile, whose
// LOCALLY targets run on the host and whose artifacts it writes there, act's workflows, which use
// actions it fetches).
func codeRunner(name string) bool {
	switch name {
	case "gulp", "grunt", "mage", "tilt", "earthly", "act", "moon", "rush", "nix", "nix-shell", "devenv":
		return true
	}
	return false
}

// codeRunnerRuns notes that cmd, a codeRunner, runs code only known when it runs: unresolved,
// unless its words only ask for its version or help (tilt version too).
func (r *reader) codeRunnerRuns(cmd Command) {
	if !r.withFiles() || r.maybe {
		return
	}
	for _, a := range cmd.Args {
		switch a.Value {
		case "--version", "-version", "--help", "-help", "-h", "-v", "-V":
			if !a.Dynamic {
				return
			}
		}
	}
	first := ""
	for _, a := range cmd.Args {
		if !strings.HasPrefix(a.Value, "-") || a.Dynamic {
			first = a.Value
			break
		}
	}
	switch {
	case (cmd.Name == "tilt" || cmd.Name == "devenv" || cmd.Name == "moon" || cmd.Name == "rush") && (first == "version" || first == "help"),
		cmd.Name == "devenv" && (first == "init" || first == "search"),
		cmd.Name == "nix" && first != "develop", // nix build, nix run: a program, read as itself
		cmd.Name == "nix-shell" && slices.ContainsFunc(cmd.Args, func(a Arg) bool { return a.Value == "-p" || a.Value == "--packages" }):
		return
	}
	if cmd.Name == "nix" || cmd.Name == "nix-shell" {
		switch what, local := nixSource(cmd); {
		case what != "" && local == "":
			r.unresolved("%s runs the shellHook of %s, code hookrun does not read", cmd.Name, what)
			return
		case local != "":
			// nix develop ./sub: the flake of that directory, or the nearest above it, as nix looks.
			if path.IsAbs(local) && r.exists(filepath.FromSlash(path.Join(local, "flake.nix"))) || r.nearFile(path.Join(local, "flake.nix"), true) {
				r.unresolved("%s runs the shellHook of %s, code hookrun does not read", cmd.Name, what)
			}
			return
		}
	}
	// The Nix file they evaluate, which holds the shellHook (enterShell) they run: none, none run.
	switch {
	case cmd.Name == "nix" && !r.nearFile("flake.nix", true),
		cmd.Name == "nix-shell" && !r.nearFile("shell.nix", false) && !r.nearFile("default.nix", false) &&
			!slices.ContainsFunc(cmd.Args, func(a Arg) bool { return strings.HasSuffix(a.Value, ".nix") || a.Dynamic }),
		cmd.Name == "devenv" && !r.nearFile("devenv.nix", true):
		return
	}
	r.unresolved("%s runs the tasks of the repository's %s, code hookrun does not read", cmd.Name, map[string]string{
		"gulp": "gulpfile", "grunt": "Gruntfile", "mage": "magefile.go", "tilt": "Tiltfile", "earthly": "Earthfile",
		"act": "workflows and the actions they use", "moon": "moon.yml files", "rush": "command-line.json and projects",
		"nix": "flake (its devShell's shellHook)", "nix-shell": "shell.nix or default.nix (its shellHook)",
		"devenv": "devenv.nix (its enterShell, processes and tasks)"}[cmd.Name])
}

// nixValued are nix develop's and nix-shell's options that take one word, and nixValued2 those
// that take two.
var (
	nixValued = []string{"--profile", "--phase", "-k", "--keep", "-u", "--unset", "--eval-store", "--store", "-I", "--include",
		"--inputs-from", "--reference-lock-file", "--output-lock-file", "--update-input", "--log-format", "-j", "--max-jobs",
		"--cores", "-A", "--attr", "--keep-going", "--run", "--command", "-p", "--packages"}
	nixValued2 = []string{"--arg", "--argstr", "--override-input", "--redirect", "-s", "--set-env-var", "--option", "--override-flake"}
)

// nixSource is what nix develop (or nix-shell) evaluates for its shellHook, when the line names it:
// a flake or a file elsewhere (github:owner/repo, nixpkgs#x, a URL, channel:…), an expression
// (--expr, -E) or a file (-f), in what; or, in local, the directory of a local flake (., ./sub,
// path:./sub#x). Both "" when it names none (the directory's own is looked for as before). nix-shell
// -p builds a shell from packages, with no shellHook of the repository's.
func nixSource(cmd Command) (what, local string) {
	args := cmd.Args
	if cmd.Name == "nix" {
		i := slices.IndexFunc(args, func(a Arg) bool { return a.Value == "develop" && !a.Dynamic })
		if i < 0 {
			return "", ""
		}
		args = args[i+1:]
	} else if slices.ContainsFunc(args, func(a Arg) bool { return a.Value == "-p" || a.Value == "--packages" }) {
		return "", ""
	}
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case cmd.Name == "nix" && (v == "-c" || v == "--command"):
			return "", ""
		case v == "--expr" || v == "-E" || v == "-f" || v == "--file":
			return "the Nix code " + v + " gives it", ""
		case slices.Contains(nixValued2, v):
			i += 2
		case slices.Contains(nixValued, v):
			i++
		case strings.HasPrefix(v, "-"):
		case cmd.Name == "nix-shell" && (strings.HasSuffix(v, ".nix") || !strings.Contains(v, ":") && !strings.HasPrefix(v, "<")):
			return "", "" // a file or directory of the project: looked for as before
		default:
			ref, _, _ := strings.Cut(strings.TrimPrefix(v, "path:"), "#")
			if ref == "" || ref == "." || strings.HasPrefix(ref, "./") || strings.HasPrefix(ref, "../") || strings.HasPrefix(ref, "/") {
				return v, cmp.Or(ref, ".")
			}
			return v, ""
		}
	}
	return "", ""
}

// nearFile reports whether name is in the directory the command runs in (or, up, one above it).
func (r *reader) nearFile(name string, up bool) bool {
	for _, start := range r.located(scriptRun{dir: r.dir, dirUnknown: r.dirUnknown}, ".") {
		for dir := start; ; dir = filepath.Dir(dir) {
			if r.exists(filepath.Join(dir, name)) {
				return true
			}
			if !up || filepath.Dir(dir) == dir {
				break
			}
		}
	}
	return false
}

// rushxRuns reads rushx NAME as npm run NAME with the words after it: the script of the
// package.json of the directory it runs in.
func (r *reader) rushxRuns(cmd Command, depth int) {
	for i, a := range cmd.Args {
		if strings.HasPrefix(a.Value, "-") && !a.Dynamic {
			continue
		}
		if a.Dynamic {
			r.manifestUnknown(cmd)
			return
		}
		if name, ok := shellWord(a); ok {
			if line, ok := scriptLine("npm run "+name+" --", cmd.Args[i+1:]); ok {
				r.script(line, depth+1)
			}
		}
		return
	}
}

// fastfileImports reports whether a Fastfile imports lanes from elsewhere: another file
// (import "../Fastfile") or a repository fastlane fetches (import_from_git).
func fastfileImports(text string) bool {
	return strings.Contains(text, "import_from_git") || strings.Contains(text, "import(") || strings.Contains(text, "import \"") ||
		strings.Contains(text, "import '")
}

// goreleaserQuiet reports whether goreleaser's word is a command of its that runs no hook.
func goreleaserQuiet(word string) bool {
	switch word {
	case "check", "c", "ck", "healthcheck", "hc", "init", "jsonschema", "schema", "completion", "help", "man", "announce",
		"--version", "-v", "--help", "-h":
		return true
	}
	return false
}

// goreleaserHooks are the lines a goreleaser configuration runs: the before and after hooks, the
// pre and post hooks of builds and universal binaries (a line, a list of lines, or of {cmd, dir,
// env}), and the commands with their args of signs, binary_signs, docker_signs, sboms and
// publishers; a {{ … }} field only known when it runs. GoReleaser splits a hook into words and
// runs it without a shell: read as a shell line, which names the same words. includes (files and
// URLs it merges in) make it unresolved: ok is false.
func goreleaserHooks(text string) (lines []string, ok bool) {
	var doc map[string]any
	if yaml.Unmarshal([]byte(text), &doc) != nil {
		return nil, true // goreleaser refuses it
	}
	if _, has := doc["includes"]; has {
		return nil, false
	}
	template := func(s string) string { return templated(s, "{{", "}}", "${goreleaser_value}") }
	hooks := func(v any) {
		for _, h := range asList(v) {
			switch h := h.(type) {
			case string:
				lines = append(lines, template(h))
			case map[string]any:
				env := map[string]any{}
				for _, e := range asList(h["env"]) {
					if s, ok := e.(string); ok {
						if k, v, ok := strings.Cut(s, "="); ok {
							env[k] = template(v)
						}
					}
				}
				for _, l := range tomlCommand(h["cmd"], env, template) {
					if d, ok := h["dir"].(string); ok && d != "" {
						if q, ok := shellWord(Arg{Value: template(d)}); ok {
							l = "cd " + q + " && " + l
						}
					}
					lines = append(lines, l)
				}
			}
		}
	}
	for _, k := range []string{"before", "after"} {
		if m, ok := doc[k].(map[string]any); ok {
			hooks(m["hooks"])
		}
	}
	for _, k := range []string{"builds", "universal_binaries"} {
		for _, b := range asList(doc[k]) {
			if b, ok := b.(map[string]any); ok {
				if h, ok := b["hooks"].(map[string]any); ok {
					hooks(h["pre"])
					hooks(h["post"])
				}
			}
		}
	}
	for _, k := range []string{"signs", "binary_signs", "docker_signs", "sboms", "publishers"} {
		for _, s := range asList(doc[k]) {
			s, ok := s.(map[string]any)
			if !ok {
				continue
			}
			c, ok := s["cmd"].(string)
			if !ok {
				continue
			}
			var words []string
			for _, a := range asList(s["args"]) {
				if a, ok := a.(string); ok {
					words = append(words, template(a))
				}
			}
			line := template(c)
			if len(words) > 0 {
				line = quotedLine(append([]string{line}, words...))
			}
			lines = append(lines, line)
		}
	}
	return lines, true
}

// maskBlocks are the lines mask runs a maskfile.md's code blocks with, each as its executor runs
// it: node -e for js, python -c for py, ruby -e for rb, php -r for php, LANG -c for any other
// (sh, bash, zsh, fish…), every block whichever command the line names. Only fences at the top
// level are read as CommonMark reads them (up to 3 spaces in, closed by a fence of the same
// character at least as long); a fence anywhere else (quoted, in a list item, indented 4 or more,
// one inside a block that does not close it) may be read otherwise by mask's parser: ok is false.
func maskBlocks(text string) (lines []string, ok bool) {
	var fence, lang string
	var body strings.Builder
	in := false
	flush := func() {
		exec, flag := lang, "-c"
		switch lang {
		case "js", "javascript":
			exec, flag = "node", "-e"
		case "py", "python":
			exec = "python"
		case "rb", "ruby":
			exec, flag = "ruby", "-e"
		case "php":
			flag = "-r"
		case "":
			exec = "sh" // mask refuses a block without a language; read as sh all the same
		}
		lines = append(lines, quotedLine([]string{exec, flag, body.String()}))
		body.Reset()
	}
	for l := range strings.Lines(text) {
		l = strings.TrimRight(l, "\r\n")
		trimmed := strings.TrimLeft(l, " \t>-*+0123456789.)")
		fenceLike := strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~")
		indent := len(l) - len(strings.TrimLeft(l, " "))
		top := indent <= 3 && !strings.HasPrefix(l[indent:], "\t") && (strings.HasPrefix(l[indent:], "```") || strings.HasPrefix(l[indent:], "~~~"))
		switch {
		case !in && top:
			rest := l[indent:]
			n := len(rest) - len(strings.TrimLeft(rest, rest[:1]))
			fence = rest[:n]
			info := strings.TrimSpace(rest[n:])
			if fence[0] == '`' && strings.Contains(info, "`") {
				return nil, false // no fence for CommonMark: an inline code span
			}
			lang, _, _ = strings.Cut(info, " ")
			in = true
		case !in && fenceLike:
			return nil, false
		case in && top && strings.HasPrefix(l[indent:], fence) && strings.Trim(l[indent:], fence[:1]+" \t") == "":
			flush()
			in = false
		case in && fenceLike:
			return nil, false
		case in:
			body.WriteString(l + "\n")
		}
	}
	if in {
		flush() // an unclosed block runs to the end of the file
	}
	return lines, true
}

// runnerFileLines reads the lines of a goreleaser configuration or a maskfile.md (file) as lines
// sh runs in dir, the file's directory.
func (r *reader) runnerFileLines(run scriptRun, file, text, dir string) {
	lines, ok := goreleaserHooks(text)
	why := "its includes, which goreleaser merges in from other files and URLs"
	if run.manager == "mask" {
		lines, ok = maskBlocks(text)
		why = "a code fence quoted, in a list, indented or nested, which mask's markdown parser may read otherwise"
	}
	if !ok {
		r.unresolved("%s runs what %s says, which hookrun does not read: %s", run.manager, file, why)
		return
	}
	at, atUnknown := r.dir, r.dirUnknown
	r.dir, r.dirUnknown = dir, ""
	for _, l := range slices.Compact(lines) {
		r.fileScript(l, file, run.depth+1, nil)
	}
	r.dir, r.dirUnknown = at, atUnknown
}

// maxEnvFiles bounds the files of an envdir directory read.
const maxEnvFiles = 256

// envFileArgs are the variables a program gives the command it runs from files, NAME=VALUE words
// read as env's are (BASH_ENV sourced by the bash it runs, GIT_PAGER run by git): envdir DIR, each
// file of DIR a variable, its first line the value; dotenv (dotenv-cli: -e FILE…, else .env),
// dotenvx run (-f FILE…, else .env) and env-cmd (-f FILE, else .env), the NAME=value lines of the
// files. The files dotenv -c, dotenvx --convention and env-cmd's rc file pick are not listed:
// unresolved.
func (r *reader) envFileArgs(cmd Command, depth int) []Arg {
	if !r.withFiles() || r.noRuns() {
		return nil
	}
	args := cmd.Args
	if cmd.Name == "envdir" {
		if len(args) < 2 {
			return nil
		}
		if args[0].Dynamic {
			r.unresolved("envdir gives the command the variables of %s, a directory only known when the line runs", args[0].Value)
			return nil
		}
		return r.envVars(r.envDir(args[0].Value), depth)
	}
	if cmd.Name == "dotenvx" {
		if len(args) == 0 || args[0].Dynamic || args[0].Value != "run" {
			return nil
		}
		args = args[1:]
	}
	var names []Arg
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, value, hasValue := strings.Cut(a.Value, "=")
		switch {
		case a.Value == "--" && !a.Dynamic:
			i = len(args)
		case (a.Value == "-e" && cmd.Name == "dotenv" || a.Value == "-f" && cmd.Name != "dotenv" ||
			(a.Value == "--env-file" || a.Value == "--file") && cmd.Name != "dotenv") && i+1 < len(args):
			names, i = append(names, args[i+1]), i+1
		case hasValue && (name == "--env-file" || name == "--file") && cmd.Name != "dotenv":
			names = append(names, Arg{Value: value, Dynamic: a.Dynamic})
		case a.Value == "-c" && cmd.Name == "dotenv", name == "--convention" && cmd.Name == "dotenvx",
			(a.Value == "-r" || name == "--rc-file" || a.Value == "-e" || name == "--environments") && cmd.Name == "env-cmd":
			r.unresolved("%s gives the command the variables of files it picks when the line runs, which hookrun does not list", cmd.Name)
			return nil
		case (a.Value == "-v" && cmd.Name == "dotenv" || a.Value == "--env" && cmd.Name == "dotenvx") && i+1 < len(args):
			i++ // NAME=VALUE, read as env's
		case strings.HasPrefix(a.Value, "-") && !a.Dynamic:
		default:
			i = len(args) // the command
		}
	}
	if len(names) == 0 {
		names = []Arg{{Value: ".env"}}
	}
	var out []Arg
	defer func() { r.envVars(out, depth) }()
	for _, n := range names {
		if n.Dynamic {
			r.unresolved("%s gives the command the variables of %s, a file only known when the line runs", cmd.Name, n.Value)
			continue
		}
		for _, p := range r.located(scriptRun{dir: r.dir, dirUnknown: r.dirUnknown}, n.Value) {
			if text, ok := r.cachedText(p, p); ok {
				vars := dotenvVars(text, maxEnv)
				for _, k := range slices.Sorted(maps.Keys(vars)) {
					out = envWord(out, k, vars[k])
				}
			}
		}
	}
	return out
}

// envDir is the variables envdir gives from the files of dir.
func (r *reader) envDir(dir string) []Arg {
	var out []Arg
	for _, p := range r.located(scriptRun{dir: r.dir, dirUnknown: r.dirUnknown}, dir) {
		if r.files.List == nil {
			r.unresolved("envdir gives the command the variables of the files of %s, which hookrun cannot list", dir)
			return nil
		}
		entries, err := r.list(p, maxEnvFiles+1)
		switch {
		case missing(err):
			continue // envdir fails, and runs nothing
		case err != nil || len(entries) > maxEnvFiles:
			r.unresolved("envdir gives the command the variables of the files of %s, which hookrun cannot list (more than %d, or: %v)", dir, maxEnvFiles, err)
			return nil
		}
		slices.Sort(entries)
		for _, e := range entries {
			f := filepath.Join(p, e)
			if text, ok := r.cachedText(f, f); ok {
				// The first line, a NUL in it a newline, blanks at its end cut.
				line, _, _ := strings.Cut(text, "\n")
				out = envWord(out, e, strings.TrimRight(strings.ReplaceAll(line, "\x00", "\n"), " \t"))
			}
		}
	}
	return out
}

// envVars reads the variables words give, as env NAME=VALUE's are read: BASH_ENV names a
// script, GIT_PAGER a line.
func (r *reader) envVars(words []Arg, depth int) []Arg {
	for _, w := range words {
		name, value, _ := strings.Cut(w.Value, "=")
		r.shellVar(name, Arg{Value: value}, depth)
		r.exportedFunction(name, Arg{Value: value}, depth)
	}
	return words
}

// envWord adds NAME=VALUE to words when NAME can be a variable's, up to maxEnv words.
func envWord(words []Arg, name, value string) []Arg {
	if !isName(name) || len(words) >= maxEnv {
		return words
	}
	return append(words, Arg{Value: name + "=" + value})
}
