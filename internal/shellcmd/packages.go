package shellcmd

import (
	"encoding/json"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// npm, pnpm, yarn and bun run the scripts of the package.json above the directory they start in
// (npm test, npm run NAME, yarn NAME…), each through sh -c, with its pre and post scripts; an
// install runs the package's own lifecycle scripts.

// Script lists of what package managers run.
var (
	installScripts = []string{"preinstall", "install", "postinstall", "prepublish", "preprepare", "prepare", "postprepare"}
	packScripts    = []string{"prepack", "prepare", "postpack", "prepublishOnly", "prepublish", "publish", "postpublish"}
)

// prePost is a script's name with its pre and post scripts.
func prePost(name string) []string { return []string{"pre" + name, name, "post" + name} }

// packageRuns notes the package.json scripts a package manager's words run: none for a script
// name only known when the line runs, or a workspace's (-w, --filter), read as themselves.
func (r *reader) packageRuns(cmd Command, depth int) {
	const dynamic = "\x00"
	var words []string
	var at []int // where each word stands in args
	prefix, shell := Arg{}, (*Arg)(nil)
	var workspaces []Arg
	all := false
	args := cmd.Args
	foreach := false // yarn workspaces foreach: its options come before the command it runs
	for i := 0; i < len(args); i++ {
		yarnWorkspaces := cmd.Name == "yarn" && len(words) == 1 && (words[0] == "workspace" || words[0] == "workspaces")
		if cmd.Name != "npm" && scriptNamed(words) && !yarnWorkspaces {
			break // yarn, pnpm and bun give the words after a script's name to the script (yarn x -r)
		}
		a := args[i]
		name, value, hasValue := strings.Cut(a.Value, "=")
		switch {
		case yarnWorkspaces && words[0] == "workspaces" && !a.Dynamic && (a.Value == "foreach" || a.Value == "run"):
			// yarn workspaces foreach [-A] run SCRIPT (or foreach SCRIPT), yarn 1's yarn workspaces
			// run SCRIPT: the script of every workspace; --include, --from select some, read as all.
			all, foreach, words, at = true, a.Value == "foreach", nil, nil
			if a.Value == "run" {
				words, at = []string{"run"}, []int{i}
			}
		case foreach && len(words) == 0 && slices.Contains([]string{"--include", "--exclude", "--from", "-j", "--jobs"}, a.Value):
			i++
		case a.Dynamic && hasValue && (name == "--prefix" || name == "--dir" || name == "--cwd"):
			prefix = a
		case a.Dynamic && hasValue && (name == "--workspace" || name == "--filter" || name == "-w" || name == "-F"):
			workspaces = append(workspaces, Arg{Value: value, Dynamic: true})
		case a.Dynamic && strings.HasPrefix(a.Value, "-"):
		case a.Dynamic:
			words, at = append(words, dynamic), append(at, i)
		case a.Value == "--":
			i = len(args)
		case a.Value == "--prefix" || a.Value == "-C" || a.Value == "--dir" || a.Value == "--cwd":
			if i+1 < len(args) {
				prefix = args[i+1]
			}
			i++
		case hasValue && (name == "--prefix" || name == "--dir" || name == "--cwd"):
			prefix = Arg{Value: value}
		case cmd.Name == "yarn" && len(words) == 1 && words[0] == "workspace":
			workspaces, words, at = append(workspaces, a), nil, nil // yarn workspace NAME SCRIPT
		case (a.Value == "-w" || a.Value == "--workspace" || a.Value == "--filter" || a.Value == "-F") && i+1 < len(args):
			workspaces = append(workspaces, args[i+1])
			i++
		case hasValue && (name == "--workspace" || name == "--filter" || name == "-w" || name == "-F"):
			workspaces = append(workspaces, Arg{Value: value, Dynamic: a.Dynamic})
		case slices.Contains([]string{"--workspaces", "-ws", "-r", "--recursive"}, name):
			all = true
		case a.Value == "--script-shell" && !a.Dynamic:
			if i+1 < len(args) {
				shell = &args[i+1]
			}
			i++
		case name == "--script-shell" && hasValue:
			shell = &Arg{Value: value, Dynamic: a.Dynamic}
		case slices.Contains([]string{"--loglevel", "--registry", "--userconfig", "--cache", "--tag", "--otp", "--reporter"}, a.Value):
			i++
		case strings.HasPrefix(a.Value, "-"):
		default:
			words, at = append(words, a.Value), append(at, i)
		}
	}
	words, at = append(words, "", ""), append(at, len(args), len(args))
	sub, name := words[0], words[1]
	if shell != nil && shell.Dynamic {
		if r.withFiles() && !r.maybe {
			r.unresolved("%s runs the scripts with a --script-shell only known when the line runs", cmd.Name)
		}
		return
	}
	if prefix.Dynamic || sub == dynamic {
		if r.withFiles() && !r.maybe {
			r.unresolved("%s runs a script of a package only known when the line runs", cmd.Name)
		}
		return
	}
	var names []string
	given := -1 // the word, in words, whose script gets the words after it
	if runWord(sub) {
		sub = "run"
	}
	switch sub {
	case "run":
		if name == dynamic {
			if r.withFiles() && !r.maybe {
				r.unresolved("%s runs a script only known when the line runs", cmd.Name)
			}
			return
		}
		if name != "" {
			names, given = prePost(name), 1
		}
	case "test", "t", "tst":
		names, given = prePost("test"), 0
	case "start", "stop":
		names, given = prePost(sub), 0
	case "restart":
		names = slices.Concat(prePost("restart"), prePost("stop"), prePost("start"))
	case "install", "i", "ci", "add", "rebuild":
		names = installScripts
	case "install-test", "it", "install-ci-test", "cit":
		names = slices.Concat(installScripts, prePost("test"))
	case "pack", "publish":
		names = packScripts
	case "":
		if cmd.Name == "yarn" {
			names = installScripts
		}
	default:
		if cmd.Name != "npm" && !packageCommand(cmd.Name, sub) && !(cmd.Name == "bun" && bunCommand(sub)) {
			// yarn build, pnpm lint, bun lint: a script of that name, when there is one (bun
			// x.ts runs a file: a name no script has reads none).
			names, given = prePost(sub), 0
		}
	}
	if len(names) == 0 {
		return
	}
	run := r.ran(runNpm, Arg{Value: "package.json"}, depth)
	if run == nil {
		return
	}
	run.names, run.via, run.workspaces, run.allWorkspaces = names, cmd.Name, workspaces, all
	if shell != nil {
		run.shell, run.shellGiven = shell.Value, true
	}
	if given >= 0 {
		run.argsFor, run.args = names[1], scriptArgs(cmd.Name, args[at[given]+1:])
	}
	if prefix.Value != "" {
		run.dir = under(run.dir, prefix.Value)
	}
}

// scriptNamed reports whether a package manager's words so far name the script it runs.
func scriptNamed(words []string) bool {
	return len(words) == 2 || len(words) == 1 && !runWord(words[0])
}

// runWord reports whether a package manager's word runs the script the next word names.
func runWord(w string) bool {
	return w == "run" || w == "run-script" || w == "rum" || w == "urn"
}

// scriptArgs are the words a package manager adds to the line of the script it runs: every word
// after the script's name (yarn, pnpm and bun give their options there to the script too), but
// npm's own options before a "--", which npm keeps (npm run x -f: -f is npm's --force).
func scriptArgs(manager string, after []Arg) []Arg {
	if manager != "npm" {
		if len(after) > 0 && after[0].Value == "--" && !after[0].Dynamic {
			after = after[1:]
		}
		return after
	}
	var out []Arg
	for i, a := range after {
		if a.Value == "--" && !a.Dynamic {
			return append(out, after[i+1:]...)
		}
		if a.Dynamic || !strings.HasPrefix(a.Value, "-") {
			out = append(out, a)
		}
	}
	return out
}

// scriptLine is a script's line with the words given to it added, as npm writes them (shellWord).
// False when a word cannot be written for sh (a NUL byte).
func scriptLine(script string, args []Arg) (string, bool) {
	var b strings.Builder
	b.WriteString(script)
	for _, a := range args {
		w, ok := shellWord(a)
		if !ok {
			return "", false
		}
		b.WriteByte(' ')
		b.WriteString(w)
	}
	return b.String(), true
}

// shellWord is a word the line gives a script, written for sh: quoted, but a word the line left
// to the shell (a parameter, ~) as the line wrote it, so that it stays unknown or the home
// directory. False when it cannot be written for sh (a NUL byte).
func shellWord(a Arg) (string, bool) {
	if a.Dynamic {
		return a.Value, true
	}
	v, prefix := a.Value, ""
	if user, rest, slash := strings.Cut(v, "/"); strings.HasPrefix(user, "~") && userName(user[1:]) {
		if !slash {
			return user, true
		}
		prefix, v = user+"/", rest
	}
	q, err := syntax.Quote(v, syntax.LangBash)
	return prefix + q, err == nil
}

// userName reports whether ~name names a user's home directory as sh reads it.
func userName(name string) bool {
	return !strings.ContainsFunc(name, func(c rune) bool {
		return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-')
	})
}

// packageManager reports whether name runs the scripts of a package.json.
func packageManager(name string) bool {
	return name == "npm" || name == "pnpm" || name == "yarn" || name == "bun"
}

// packageCommand reports whether yarn, pnpm or bun read the word as a command of their own (or
// a program they run), not as a script's name. build is none's but bun's (bunCommand): yarn build
// and pnpm build run the script. yarn's are those yarn 1 and yarn 2+ both have (and dlx, which
// runs a package): a word only pnpm or only one yarn has (deploy, setup, fetch, store, prune,
// list, up) runs the script of that name under yarn, so it is read as one.
func packageCommand(manager, word string) bool {
	if manager == "yarn" {
		switch word {
		case "exec", "dlx", "create", "init", "remove", "link", "unlink", "info", "config", "cache", "bin",
			"node", "workspace", "workspaces", "version", "help", "why":
			return true
		}
		return false
	}
	switch word {
	case "exec", "dlx", "x", "create", "init", "remove", "rm", "uninstall", "update", "up", "upgrade", "link",
		"unlink", "list", "ls", "outdated", "why", "info", "audit", "config", "cache", "bin", "root", "store",
		"env", "node", "workspace", "workspaces", "set", "plugin", "patch", "import", "prune", "fetch", "deploy",
		"licenses", "login", "logout", "version", "help", "global", "dedupe", "setup":
		return true
	}
	return false
}

// bunCommand reports whether bun reads the word as a command of its own, beside those
// packageCommand lists: bun build bundles, whatever the package's build script says.
func bunCommand(word string) bool {
	switch word {
	case "build", "repl", "pm", "upgrade", "completions", "discord", "getcompletes", "c", "a", "un", "patch-commit":
		return true
	}
	return false
}

// packageFromDisk reads the scripts a run names from the package.json npm finds: in the
// directory it starts in or the nearest one above; composer.json and deno.json (or deno.jsonc)
// likewise, or the deno configuration the line names.
func (r *reader) packageFromDisk(run scriptRun) {
	if run.dirUnknown != "" {
		r.unresolved("the line runs the scripts of the %s in %s, a directory only known when it runs", run.file, run.dirUnknown)
		return
	}
	names := []string{"package.json"}
	switch {
	case run.manifest != "" && (run.manager == "task" || run.manager == "just" || run.manager == "tox" || run.manager == "ninja" || taskManifestNames(run.manager) != nil):
		for _, p := range r.located(run, run.manifest) {
			if text, ok := r.cachedText(p, p); ok {
				dir := path.Dir(under(run.dir, run.manifest))
				if run.workDir != "" {
					dir = under(run.dir, run.workDir) // just -d DIR
				}
				r.packageScripts(run, filepath.ToSlash(p), text, dir)
			}
		}
		return
	case run.manager == "task":
		names = taskfileNames()
	case run.manager == "just":
		names = []string{"justfile", "Justfile", ".justfile", "JUSTFILE"}
	case run.manager == "tox":
		names = toxNames()
	case taskManifestNames(run.manager) != nil:
		names = taskManifestNames(run.manager)
	case run.manager == "composer":
		names = []string{"composer.json"}
		if e, ok := lastEnv(run.env)["COMPOSER"]; ok && e.Value != "COMPOSER=" {
			// COMPOSER=FILE: composer reads that file, from the directory it starts in, instead.
			file := strings.TrimPrefix(e.Value, "COMPOSER=")
			if e.Dynamic {
				r.unresolved("composer reads the scripts of the file COMPOSER names, %s, only known when the line runs", file)
				return
			}
			for _, p := range r.located(run, file) {
				if text, ok := r.cachedText(p, p); ok {
					r.packageScripts(run, under(run.dir, file), text, path.Dir(under(run.dir, file)))
				}
			}
			return
		}
	case run.manager == "pdm" || run.manager == "poe":
		names = []string{"pyproject.toml"}
	case run.manager == "hatch":
		names = []string{"hatch.toml", "pyproject.toml"}
	case run.manager == "deno" && run.file != "deno.json":
		for _, p := range r.located(run, run.file) {
			if text, ok := r.cachedText(p, p); ok {
				r.packageScripts(run, filepath.ToSlash(p), text, path.Dir(under(run.dir, run.file)))
			}
		}
		return
	case run.manager == "deno":
		names = []string{"deno.json", "deno.jsonc"}
	}
	for _, start := range r.located(run, ".") {
		dir, rel := start, run.dir
	up:
		for range 64 {
			for _, name := range names {
				p := filepath.Join(dir, name)
				if text, ok := r.cachedText(p, p); ok {
					if run.manager == "tox" && !toxFound(name, text) || !taskManifestFound(run.manager, name, text) {
						continue // a setup.cfg or pyproject.toml without tox's (pixi's) configuration
					}
					if !run.shellGiven && run.manager == "" {
						r.configuredShell(&run, dir, rel)
					}
					if run.manager == "" && (len(run.workspaces) > 0 || run.allWorkspaces) {
						r.workspaceScripts(run, dir, rel, text)
					} else {
						r.packageScripts(run, path.Join(rel, name), text, rel)
					}
					break up
				}
			}
			up := filepath.Dir(dir)
			if up == dir {
				break
			}
			dir, rel = up, path.Join(rel, "..")
		}
	}
}

// packageScripts reads the scripts run names from the text of a package.json (composer.json,
// deno.json: manifestScripts), each a line sh runs in dir, the package's directory; file names
// it in reasons.
func (r *reader) packageScripts(run scriptRun, file, text, dir string) {
	switch run.manager {
	case "just":
		r.justRecipes(run, file, text, dir)
		return
	case "task":
		r.taskfileRecipes(run, file, text, dir)
		return
	case "tox":
		r.toxRecipes(run, file, text, dir)
		return
	case "mise":
		r.miseTaskLines(run, miseTasks(text), file, dir, dir) // a mise.toml the line writes
		return
	case "rake":
		r.rakeFile(file, text, dir, run.depth)
		return
	case "mix":
		r.rubyTaskText(file, mixText(text), run.depth)
		return
	case "goreleaser", "mask":
		r.runnerFileLines(run, file, text, dir)
		return
	case "fastlane":
		if fastfileImports(text) {
			r.unresolved("fastlane runs the lanes %s imports from other files or repositories, which hookrun does not read", file)
			return
		}
		r.rubyTaskText(file, text, run.depth)
		return
	case "ninja":
		r.ninjaFile(run, file, text, dir)
		return
	case "bundle", "pod", "vagrant", "brew", "danger":
		r.rubyEvaluated(run.manager, file, text, run.depth)
		return
	case "nx":
		r.unresolved("the line writes %s and runs nx, whose targets it changes: what they run is only known when the line runs", file)
		return
	case "nox", "invoke":
		// A noxfile.py or tasks.py the line writes, read as python3 reads a file the line writes,
		// and for the lines it spells out as one on disk is.
		r.pythonFile(file, text, run.depth)
		r.pythonLines(run, file, text, dir, pyModule{})
		return
	}
	scripts := manifestScripts(run.manager, text)
	if slices.ContainsFunc(run.names, func(n string) bool { _, ok := scripts[n]; return ok }) {
		r.scriptShell(run, file, dir)
	}
	lines, of := taskLines(scripts, run.names)
	for i, script := range lines {
		name := of[i]
		if name == run.argsFor && len(run.args) > 0 {
			line, ok := scriptLine(script, run.args)
			if !ok {
				r.unresolved("%s runs the script %q of %s with words sh cannot be given", run.file, name, file)
				continue
			}
			script = line
		}
		if !r.once(runNpm + "\x00" + file + "\x00" + name + "\x00" + script) {
			continue
		}
		at, atUnknown := r.dir, r.dirUnknown
		r.dir, r.dirUnknown = dir, ""
		r.fileScript(script, file+" script "+strconv.Quote(name), run.depth+1, nil)
		r.dir, r.dirUnknown = at, atUnknown
	}
}

// packageJSONScripts are the scripts of a package.json, as JSON.parse reads them: the last of
// keys given twice, and exactly "scripts" (encoding/json would take "Scripts" for it too), after a
// byte-order mark npm skips. Text that is not JSON holds none: npm refuses it.
func packageJSONScripts(text string) map[string]string {
	raw := jsonObject(text, "scripts")
	scripts := make(map[string]string, len(raw))
	for name, v := range raw {
		var s string
		if json.Unmarshal(v, &s) == nil {
			scripts[name] = s
		}
	}
	return scripts
}

// scriptShell reads the program a package manager runs each script with (PROGRAM -c SCRIPT), the
// script-shell of the line (--script-shell) or of the package's .npmrc, as a line that runs it in
// dir: a shell script there (./tools/sh.sh) is read as the file it is, a program as itself. The
// scripts are read as sh scripts too. One npm expands from the environment (${VAR}) is only known
// when the line runs.
func (r *reader) scriptShell(run scriptRun, file, dir string) {
	shell := run.shell
	switch {
	case scriptShellOwn(shell):
		return
	case strings.Contains(shell, "${"):
		r.unresolved("the .npmrc beside %s runs its scripts with the script-shell %s, only known when the line runs", file, shell)
		return
	}
	if !r.once(runNpm + "\x00shell\x00" + dir + "\x00" + shell) {
		return
	}
	at, atUnknown := r.dir, r.dirUnknown
	r.dir, r.dirUnknown = dir, ""
	from := "the script-shell of " + run.shellFrom
	if run.shellGiven {
		from = "the line's --script-shell"
	}
	r.shellProgram(shell, from, run.depth+1)
	r.dir, r.dirUnknown = at, atUnknown
}

// scriptShellOwn reports whether a script-shell is none, or a shell by its name: what runs the
// scripts is then a shell hookrun reads them as.
func scriptShellOwn(shell string) bool {
	return shell == "" || !strings.Contains(shell, "/") && isShell(shell)
}

// shellProgram reads the program a package manager runs each script with as a line that runs it,
// at depth: a shell script there (./tools/sh.sh) is read as the file it is, a program as itself.
func (r *reader) shellProgram(shell, from string, depth int) {
	if q, err := syntax.Quote(shell, syntax.LangBash); err == nil {
		r.fileScript(q, from, depth, nil)
	}
}

// configuredShell is the script-shell a package manager's configuration sets for the package in
// dir (rel, as the line names it): the project's .npmrc beside its package.json, then for yarn 1
// the nearest .yarnrc from there up and in the home directory, then the user's .npmrc
// ($NPM_CONFIG_USERCONFIG, or ~/.npmrc). Files the user keeps are read quietly.
func (r *reader) configuredShell(run *scriptRun, dir, rel string) {
	rc := filepath.Join(dir, ".npmrc")
	npmrc, _ := r.cachedText(rc, rc)
	if opts := npmrcValue(npmrc, "node-options"); opts != "" {
		r.npmNodeOptions(opts, rel, run.depth)
	}
	if run.shell, run.shellFrom = npmrcValue(npmrc, "script-shell"), path.Join(rel, ".npmrc"); run.shell != "" {
		return
	}
	if run.via == "yarn" {
		var rcs []string
		for d := dir; ; d = filepath.Dir(d) {
			rcs = append(rcs, filepath.Join(d, ".yarnrc"))
			if filepath.Dir(d) == d || len(rcs) == 64 {
				break
			}
		}
		if h, ok := home("~/.yarnrc"); ok {
			rcs = append(rcs, filepath.FromSlash(h))
		}
		for _, p := range rcs {
			if text, ok := r.probe(p); ok {
				if run.shell, run.shellFrom = yarnrcScriptShell(text), filepath.ToSlash(p); run.shell != "" {
					return
				}
			}
		}
	}
	user := os.Getenv("NPM_CONFIG_USERCONFIG")
	if user == "" {
		user = os.Getenv("npm_config_userconfig")
	}
	if user == "" {
		user = "~/.npmrc"
	}
	if p, ok := home(user); ok && path.IsAbs(p) {
		text, _ := r.probe(filepath.FromSlash(p))
		run.shell, run.shellFrom = npmrcValue(text, "script-shell"), p
	}
}

// yarnrcScriptShell is the script-shell a yarn 1 .yarnrc's text sets: a line KEY VALUE, either in
// double quotes, the last one of that key; # begins a comment.
func yarnrcScriptShell(text string) string {
	shell := ""
	for _, line := range strings.Split(strings.TrimPrefix(text, "\ufeff"), "\n") {
		line = strings.TrimSpace(line)
		key, value, _ := strings.Cut(line, " ")
		if unq, err := strconv.Unquote(key); err == nil {
			key = unq
		}
		if key != "script-shell" || strings.HasPrefix(line, "#") {
			continue
		}
		value = strings.TrimSpace(value)
		if unq, err := strconv.Unquote(value); err == nil {
			value = unq
		}
		shell = value
	}
	return shell
}

// npmNodeOptions reads the node-options of the project's .npmrc, which npm gives the node programs
// its scripts run as NODE_OPTIONS (--require ./x.js loads x.js into each), as the line's own
// NODE_OPTIONS is read (startcode.go), in rel, the package's directory.
func (r *reader) npmNodeOptions(opts, rel string, depth int) {
	at, atUnknown := r.dir, r.dirUnknown
	r.dir, r.dirUnknown = rel, ""
	defer func() { r.dir, r.dirUnknown = at, atUnknown }()
	code := r.optionCode(langNode, fieldArgs(opts))
	if len(code) > 0 && r.withFiles() {
		r.inlineFiles(langNode, code, nil, depth)
	}
	r.codeLiterals(code)
	for _, c := range code {
		r.runStrings(c, langNode, depth)
	}
}

// npmrcValue is the value of key an .npmrc's text sets, as npm's ini reader reads it: the last
// key=value line of that key, a value in double or single quotes unquoted, and lines that start
// with # or ; comments.
func npmrcValue(text, key string) string {
	shell := ""
	for _, line := range strings.Split(strings.TrimPrefix(text, "\ufeff"), "\n") {
		line = strings.TrimSpace(line)
		k, value, ok := strings.Cut(line, "=")
		if !ok || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";") || strings.TrimSpace(k) != key {
			continue
		}
		value = strings.TrimSpace(value)
		if len(value) >= 2 && (value[0] == '"' || value[0] == '\'') && value[len(value)-1] == value[0] {
			if s, err := strconv.Unquote(value); err == nil && value[0] == '"' {
				value = s
			} else {
				value = value[1 : len(value)-1]
			}
		}
		shell = value
	}
	return shell
}
