package shellcmd

import (
	"maps"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// A script file the line runs is read as itself (bash ./x.sh), but one the line writes first holds
// what the line gave it: echo 'rm -rf x' > s.sh; sh s.sh runs rm. So the files a line writes (a
// redirection, tee, a copy of such a file) and the script files it runs (a shell's file operand,
// source, a command named by its path, make's makefile, crontab's table, git's hooks and config)
// are matched once the whole line is read (a loop may run the file before the line writes it).

// A scriptRun is a file the line runs as a script.
type scriptRun struct {
	key             string // the file's base name: a directory the line changes to or spells otherwise matches too
	file            string // as written, for the reason
	kind            string // "sh" (a shell script), "make", "crontab" or "git" (its hooks and config)
	dir, dirUnknown string // where it runs
	depth           int
	exec            bool  // run by its path (./s.sh): its #! line says what reads it
	args            []Arg // then, the arguments it is given; for a package.json, those its script argsFor is given
	argsFor         string
	quiet           bool     // named by a file read from disk: what it leaves unknown does not count
	guessed         bool     // named by what a program hookrun has no reading for may run: nor where hookrun stops in it
	names           []string // the targets make builds; the package.json scripts npm runs
	tasks           []string // the sessions nox runs, the tasks invoke runs (nil: every one)
	vars            []string // make's command line variables (X=1)
	dryRun          bool     // make -n, -q, -t: recipes are not run
	makeDefault     bool     // make with no -f: the first of GNUmakefile, makefile and Makefile
	sub             string   // git's subcommand (gitfiles.go)
	shell           string   // the script-shell a package manager runs scripts with (packages.go)
	shellGiven      bool     // by the line's --script-shell, not by the package's .npmrc
	manager         string   // whose scripts: "" npm's (package.json), "composer" or "deno" (tasks.go)
	via             string   // the package manager that runs them: npm, yarn, pnpm, bun
	shellFrom       string   // the configuration file that names the script-shell
	manifest        string   // the configuration file the line names (pre-commit -c FILE, just -f FILE)
	workDir         string   // the directory the line names for what it runs (just -d DIR)
	sourced         bool     // run by . or source: it keeps the $0 (zero) of the script that sources it
	zero            string
	shellVars       map[string][]string // a sourced file's: the values the shell that sources it gives its variables (shellValues)
	env             []Arg               // the variables the line gives the command that runs it (Command.Env)
	workspaces      []Arg               // the workspaces whose scripts a package manager runs (npm -w X, pnpm --filter X), by path or name
	allWorkspaces   bool                // npm --workspaces, pnpm -r: every workspace's
	after           int                 // the commands that may change any file before it (reader.rewrote)
	loadDirs        []string            // a program file's: where its interpreter's options and variables look modules up (moduleDirs)
}

// A writtenFile is a file the line writes.
type writtenFile struct {
	key      string // base name; "" for a file only known when the line runs
	file     string
	text     string // what it holds, when literal
	literal  bool
	git      bool // a hook or the config of a git repository, or of a hook manager (gitRunsFile)
	startup  bool // a shell's startup file (shellStartup)
	fromFile bool // written by a file read from disk: only what such files run is matched with it
	every    bool // a command that may change any file to text only known when it runs (rewrites.go); file names it
	nth      int  // then, which of them (reader.rewrote)
}

// Script kinds.
const (
	runShell   = "sh"
	runMake    = "make"
	runCrontab = "crontab"
	runGit     = "git"
	runStartup = "startup" // a shell, which reads its startup files
	runCode    = "code"    // an interpreter's program file (python3 t.py): its text is read as python -c's
	runNpm     = "npm"     // package.json, whose scripts a package manager runs (packages.go)
	runGo      = "go"      // go generate: the //go:generate directives of Go files (gogenerate.go); go run, go test: their code (goprograms.go)
)

// outputRedirect reports whether rd writes to the file its word names.
func outputRedirect(rd *syntax.Redirect) bool {
	switch rd.Op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.AppClob, syntax.RdrInOut, syntax.DplOut,
		syntax.RdrAll, syntax.RdrAllClob, syntax.AppAll, syntax.AppAllClob:
		return true
	}
	return false
}

// written notes a file the line writes: its text when literal.
func (r *reader) written(a Arg, text string, literal bool) {
	if r.maybe {
		return
	}
	if a.Dynamic {
		r.wrote = append(r.wrote, writtenFile{file: a.Value, fromFile: r.fromFile})
		return
	}
	p, known := tilde(a.Value)
	if !known {
		r.wrote = append(r.wrote, writtenFile{file: a.Value, fromFile: r.fromFile})
		return
	}
	clean := path.Clean(under(r.dir, p))
	if strings.HasPrefix(clean, "/dev/") {
		return // /dev/null, /dev/stderr: no file a script is read from
	}
	key := fileKey(clean)
	r.wrote = append(r.wrote, writtenFile{key: key, file: a.Value, text: text, literal: literal && r.dirUnknown == "", fromFile: r.fromFile,
		git: gitRunsFile(clean, key), startup: shellStartup(key)})
}

// gitRunsFile reports whether git, or a hook manager it runs, runs the file p (base name key) or
// what it says: a hook in .git/hooks, .husky or .githooks (the usual core.hooksPath), the
// repository's config, and the configuration of pre-commit, lefthook and overcommit.
func gitRunsFile(p, key string) bool {
	p = "/" + strings.ToLower(p)
	for _, dir := range []string{"/.git/hooks/", "/.husky/", "/.githooks/"} {
		if strings.Contains(p, dir) {
			return true
		}
	}
	switch key {
	case ".pre-commit-config.yaml", "lefthook.yml", "lefthook.yaml", ".lefthook.yml", ".lefthook.yaml",
		"lefthook-local.yml", "lefthook-local.yaml", ".overcommit.yml":
		return true
	}
	return strings.HasSuffix(p, "/.git/config")
}

// shellStartup reports whether a file of that base name is one a shell reads when it starts
// (from the home directory, or ZDOTDIR for zsh: ZDOTDIR=. zsh -c true reads ./.zshenv).
func shellStartup(key string) bool {
	switch key {
	case ".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshenv", ".zprofile", ".zshrc", ".zlogin",
		".kshrc", ".mkshrc", ".cshrc", ".tcshrc", ".login", "config.fish":
		return true
	}
	return false
}

// fileKey is the name a written file and a script run are matched by: the base name, in lower
// case, as a file system that ignores case opens S.SH for s.sh.
func fileKey(p string) string { return strings.ToLower(path.Base(path.Clean(p))) }

// anyFile is the key of a script file the line runs whose name is only known when it runs (find
// -exec sh {}): it may be any file the line writes.
const anyFile = "\x00any"

// everyFile is the key of the written files that may be any file of any kind (writtenFile.every).
const everyFile = "\x00every"

// writers notes the files a program writes under the names its words give, with text the line
// does not spell out: dd of=FILE, sponge FILE, and what curl and wget download (their -o and -O
// values, and the name a URL's path ends with).
func (r *reader) writers(cmd Command) {
	r.inPlace(cmd) // sed -i, perl -pi, ed (inplace.go)
	switch cmd.Name {
	case "dd":
		for _, a := range cmd.Args {
			if v, ok := strings.CutPrefix(a.Value, "of="); ok {
				r.written(Arg{Value: v, Dynamic: a.Dynamic}, "", false)
			}
		}
	case "sponge":
		for _, a := range cmd.Args {
			if !strings.HasPrefix(a.Value, "-") || a.Dynamic {
				r.written(a, "", false)
			}
		}
	case "curl", "wget":
		for _, a := range cmd.Args {
			v := a.Value
			if _, rest, ok := strings.Cut(v, "://"); ok && !a.Dynamic {
				rest, _, _ = strings.Cut(rest, "?")
				if _, p, ok := strings.Cut(rest, "/"); ok && p != "" {
					r.written(Arg{Value: p}, "", false)
				}
				continue
			}
			if !strings.HasPrefix(v, "-") || a.Dynamic {
				r.written(a, "", false)
			}
		}
	}
}

// ran notes a script file the line runs; nil when it is none the line can name.
func (r *reader) ran(kind string, a Arg, depth int) *scriptRun {
	if r.noRuns() || a.Dynamic {
		return nil // a file only known when the line runs is unresolved where it runs
	}
	p, _ := tilde(a.Value)
	key := fileKey(p)
	if r.found && strings.Contains(p, "{}") {
		key = anyFile
	}
	r.runs = append(r.runs, scriptRun{key: key, file: a.Value, kind: kind, dir: r.dir, dirUnknown: r.dirUnknown, depth: depth, quiet: r.fromFile || r.maybe, guessed: r.maybe, zero: r.zero, env: slices.Clip(r.env), after: r.rewrote})
	return &r.runs[len(r.runs)-1]
}

// scriptFiles notes the script files cmd runs and the text it prints, when the line spells it out,
// for each redirection of its output to a file.
func (r *reader) scriptFiles(cmd Command, redirs []*syntax.Redirect, depth int) {
	if r.noRuns() {
		return
	}
	r.envStartups(cmd, depth) // NODE_OPTIONS=-r ./x.js npm test (startcode.go)
	if text, ok := r.printedText(cmd, redirs); ok {
		for _, rd := range redirs {
			if outputRedirect(rd) && rd.Op != syntax.AppOut && rd.Op != syntax.AppAll && (rd.N == nil || rd.N.Value == "1") {
				if r.texts == nil {
					r.texts = map[*syntax.Redirect]string{}
				}
				r.texts[rd] = text
			}
		}
	}
	if strings.Contains(cmd.Path, "/") {
		if run := r.ran(runShell, Arg{Value: cmd.Path}, depth); run != nil {
			run.exec, run.args = true, cmd.Args
		}
	}
	ops := staticOperands(cmd.Args)
	switch {
	case isShell(cmd.Name):
		if file := shellFile(cmd.Args); file != nil {
			if run := r.ran(runShell, *file, depth); run != nil {
				for i := range cmd.Args {
					if &cmd.Args[i] == file {
						run.args = cmd.Args[i+1:] // its "$@"
					}
				}
			}
		}
	case cmd.Name == "." || cmd.Name == "source":
		args := cmd.Args
		if len(args) > 0 && args[0].Value == "--" {
			args = args[1:]
		}
		if len(args) > 0 {
			if run := r.ran(runShell, args[0], depth); run != nil {
				run.sourced, run.shellVars = true, r.shellValues()
			}
			// A file the line has written may cd: what follows runs where it leaves the shell.
			key := fileKey(args[0].Value)
			if !args[0].Dynamic && slices.ContainsFunc(r.wrote, func(w writtenFile) bool { return w.key == key || w.key == "" }) {
				r.dir, r.dirUnknown = "", "the directory "+args[0].Value+", which the line writes, leaves the shell in"
			}
		}
	case programLang(cmd.Name) != "" && cmd.Name != "deno":
		r.programRuns(cmd, redirs, depth) // programfiles.go
		r.pytestRuns(cmd, depth)          // python -m pytest (projectcode.go)
		if cmd.Name == "bun" {
			r.packageRuns(cmd, depth) // bun run NAME
		}
	case isPytest(cmd.Name):
		r.pytestRuns(cmd, depth) // projectcode.go
	case cmd.Name == "tee":
		text, ok := r.literalStdin(redirs)
		for _, a := range cmd.Args {
			if !strings.HasPrefix(a.Value, "-") || a.Dynamic {
				r.written(a, text, ok && !hasShort(cmd.Args, "a") && !hasLong(cmd.Args, "append"))
			}
		}
	case cmd.Name == "make" || cmd.Name == "gmake":
		r.makefiles(cmd, depth)
	case cmd.Name == "cmake" || cmd.Name == "mvn" || cmd.Name == "mvnw" || cmd.Name == "bazel" || cmd.Name == "bazelisk":
		r.buildOptionRuns(cmd, depth) // their options that name a program (buildopts.go)
	case cmd.Name == "go":
		r.goOptionRuns(cmd, depth)
		r.goRuns(cmd, depth) // go generate (gogenerate.go), go run, go test (goprograms.go)
	case cmd.Name == "crontab":
		r.crontabRuns(cmd, ops, redirs, depth)
	case packageManager(cmd.Name):
		r.packageRuns(cmd, depth)
	case cmd.Name == "composer" || cmd.Name == "composer.phar":
		r.composerRuns(cmd, depth)
	case cmd.Name == "deno":
		r.denoRuns(cmd, depth)
		r.programRuns(cmd, redirs, depth) // deno run FILE
	case cmd.Name == "pdm" || cmd.Name == "poe" || cmd.Name == "hatch":
		r.pyprojectRuns(cmd, depth)
	case cmd.Name == "just":
		r.justRuns(cmd, depth)
	case cmd.Name == "task" || cmd.Name == "go-task":
		r.taskRuns(cmd, depth)
	case cmd.Name == "tox":
		r.toxRuns(cmd, depth)
	case slices.Contains([]string{"pixi", "devbox", "rye", "cargo", "cargo-make", "makers", "rake", "mix", "goreleaser", "mask", "fastlane"}, cmd.Name):
		if cmd.Name == "cargo" {
			r.cargoRuns(cmd, depth)       // its configuration's runners and wrappers (cargoconfig.go)
			r.rustProgramRuns(cmd, depth) // the crate's build scripts and code (rustprograms.go)
		}
		r.manifestTaskRuns(cmd, depth)
	case codeRunner(cmd.Name):
		r.codeRunnerRuns(cmd)
	case rubyFileTools(cmd.Name) != nil:
		r.rubyFileRuns(cmd, depth)
	case cmd.Name == "terraform" || cmd.Name == "tofu" || cmd.Name == "terragrunt" || cmd.Name == "packer":
		r.hostCodeRuns(cmd)
	case cmd.Name == "rushx":
		r.rushxRuns(cmd, depth)
	case cmd.Name == "nx":
		r.nxRuns(cmd, depth)
	case cmd.Name == "ninja" || cmd.Name == "samu":
		r.ninjaRuns(cmd, depth)
	case cmd.Name == "nox" || cmd.Name == "invoke" || cmd.Name == "inv":
		r.pythonRunnerRuns(cmd, depth)
	case cmd.Name == "direnv" || cmd.Name == "mise":
		r.taskRunnerRuns(cmd, depth)
	case cmd.Name == "git" || cmd.Name == "pre-commit" || cmd.Name == "lefthook" || cmd.Name == "overcommit" || cmd.Name == "husky":
		sub, _, chdir := gitSubcommand(cmd.Args)
		dir, dirUnknown := r.dir, r.dirUnknown
		for _, c := range chdir {
			r.cd([]Arg{c})
		}
		if run := r.ran(runGit, Arg{Value: cmd.Name}, depth); run != nil && cmd.Name == "git" {
			run.sub, run.names, run.args = sub, gitHooks(sub), cmd.Args
		}
		if cmd.Name == "pre-commit" || cmd.Name == "lefthook" {
			r.hookManagerRun(cmd, depth)
		}
		r.dir, r.dirUnknown = dir, dirUnknown
	}
}

// shellValues are the values the text being read (the line, or a file read from disk) gives its
// variables: a file it sources runs in its shell and sees them, exported or not (F=-rf; . del.sh
// with rm $F ~ runs rm -rf ~), and so do the functions it defines. Each value given anywhere in
// the text counts, one given after the source too (more, never fewer). A name the text may give
// a value only known when it runs is left out, and so are those the shell sets itself; at most
// maxEnv names.
func (r *reader) shellValues() map[string][]string {
	c := r.consts
	if c == nil {
		return nil
	}
	out := map[string][]string{}
	for name, vs := range c.values {
		if !c.dyn[name] && c.waiting[name] == 0 && !shellSets(name) && len(out) < maxEnv {
			out[name] = vs
		}
	}
	return out
}

// shellFile is the script file a shell's arguments name; nil when they give it none (-c, -s).
func shellFile(args []Arg) *Arg {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic:
			return nil // the shell reports it
		case v == "--" || v == "-":
			if i+1 < len(args) && v == "--" {
				return &args[i+1]
			}
			return nil
		case v == "--rcfile" || v == "--init-file" || v == "-o" || v == "-O" || v == "+o" || v == "+O":
			i++
		case strings.HasPrefix(v, "-") || strings.HasPrefix(v, "+"):
			if !strings.HasPrefix(v, "--") && strings.ContainsAny(v, "cs") {
				return nil
			}
		default:
			return &args[i]
		}
	}
	return nil
}

// programFile notes the program file an interpreter runs: its first operand, unless an option
// gives the program in the line (code: python -c, node -e) or runs a module (stop: python -m);
// valued are the options that take the next word as their value. A word before it only known
// when the line runs (python3 "$F", python3 $OPTS x.py) leaves the program unknown. A long option
// that takes the next word as its value skips it (node --require ./ok.js x.js runs x.js); after
// one hookrun does not know, the word after the operand is read too when it is named as a program
// of the language (node --title x evil.js: x may be the title).
func (r *reader) programFile(name string, args []Arg, code, valued, stop string, depth int) *scriptRun {
	lang := programLang(name)
	unsure := false // the word before is a long option that may take it as its value
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		afterUnsure := unsure
		unsure = false
		switch {
		case args[i].Dynamic:
			r.unresolved("%s runs a program file %s names, only known when the line runs", name, v)
			return nil
		case v == "-":
			return nil
		case v == "--":
			if i+1 < len(args) {
				return r.ran(runCode, args[i+1], depth)
			}
			return nil
		case !strings.HasPrefix(v, "-"):
			if next := i + 1; afterUnsure && next < len(args) && !args[next].Dynamic && programExt(lang, args[next].Value) {
				if run := r.ran(runCode, args[next], depth); run != nil {
					run.manager = lang
				}
			}
			return r.ran(runCode, args[i], depth)
		case strings.HasPrefix(v, "--") && !strings.Contains(v, "="):
			if valuedLong(lang, v) {
				i++
				continue
			}
			unsure = true
		case strings.HasPrefix(v, "--"):
		case strings.ContainsAny(v[1:], code+stop):
			return nil
		case strings.ContainsAny(v[len(v)-1:], valued):
			i++
		}
	}
	return nil
}

// valuedLong reports whether an interpreter's long option takes the next word as its value.
func valuedLong(lang, opt string) bool {
	switch lang {
	case langPython:
		return opt == "--check-hash-based-pycs"
	case langNode:
		switch opt {
		case "--require", "--import", "--loader", "--experimental-loader", "--env-file", "--env-file-if-exists", "--title",
			"--input-type", "--conditions", "--inspect-port", "--debug-port", "--diagnostic-dir", "--report-dir",
			"--report-directory", "--report-filename", "--report-signal", "--redirect-warnings", "--heapsnapshot-signal",
			"--icu-data-dir", "--openssl-config", "--tls-cipher-list", "--tls-keylog", "--unhandled-rejections",
			"--dns-result-order", "--disable-warning", "--cpu-prof-dir", "--cpu-prof-name", "--heap-prof-dir",
			"--heap-prof-name", "--localstorage-file", "--test-reporter", "--test-reporter-destination",
			"--test-name-pattern", "--test-skip-pattern", "--test-concurrency", "--test-shard", "--snapshot-blob",
			"--watch-path", "--experimental-config-file", "--trace-event-categories", "--trace-event-file-pattern",
			"--max-old-space-size", "--stack-size", "--experimental-default-type":
			return true
		}
	}
	return false
}

// makefiles notes the makefiles make reads: -f FILE (-fFILE, --file=FILE, --makefile=FILE), or
// GNUmakefile, makefile and Makefile, in the directory -C names; the targets it builds and the
// variables its words set go with them (makefile.go). One read from standard input is unresolved.
func (r *reader) makefiles(cmd Command, depth int) {
	var files, targets, vars []string
	var chdir []Arg
	dryRun, unknown, dynamicFile := false, "", ""
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			break
		}
		name, value, hasValue := strings.Cut(v, "=")
		switch {
		case args[i].Dynamic && (strings.HasPrefix(v, "-f") && v != "-f" || strings.HasPrefix(v, "--file=") || strings.HasPrefix(v, "--makefile=")):
			dynamicFile = v
		case args[i].Dynamic:
			if !strings.HasPrefix(v, "-") && !strings.Contains(v, "=") && unknown == "" {
				unknown = v // make -j$(nproc) test is test; make "$T" any target
			}
		case v == "-f" || v == "--file" || v == "--makefile":
			if i+1 < len(args) && args[i+1].Dynamic {
				dynamicFile = args[i+1].Value
			} else if i+1 < len(args) {
				files = append(files, args[i+1].Value)
			}
			i++
		case hasValue && (name == "--file" || name == "--makefile"):
			files = append(files, value)
		case strings.HasPrefix(v, "-f") && len(v) > 2:
			files = append(files, v[2:])
		case v == "-C" || v == "--directory":
			if i+1 < len(args) {
				chdir = append(chdir, args[i+1])
			}
			i++
		case hasValue && name == "--directory":
			chdir = append(chdir, Arg{Value: value})
		case strings.HasPrefix(v, "-C") && len(v) > 2:
			chdir = append(chdir, Arg{Value: v[2:]})
		case v == "-I" || v == "-o" || v == "-W" || v == "--eval" || v == "-E" || v == "--include-dir" || v == "--old-file" ||
			v == "--what-if" || v == "--new-file" || v == "--assume-old" || v == "--assume-new":
			i++
		case v == "-j" || v == "-l":
			if i+1 < len(args) && strings.Trim(args[i+1].Value, "0123456789.") == "" {
				i++
			}
		case v == "--just-print" || v == "--dry-run" || v == "--recon" || v == "--question" || v == "--touch" ||
			strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.ContainsAny(v, "nqt") && !strings.ContainsAny(v, "CfIoWEjl"):
			dryRun = true
		case strings.HasPrefix(v, "-"):
		case hasValue:
			vars = append(vars, v)
		default:
			targets = append(targets, v)
		}
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case a.Dynamic:
			r.makeProgramVar(a, depth)
		case v == "--eval" || v == "-E":
			if i+1 < len(args) && !args[i+1].Dynamic {
				r.makeText(args[i+1].Value, depth)
			}
			i++
		case strings.HasPrefix(v, "--eval="):
			r.makeText(v[len("--eval="):], depth)
		case strings.HasPrefix(v, "-E"):
			r.makeText(v[2:], depth)
		case !strings.HasPrefix(v, "-") && strings.Contains(v, "="):
			r.makeText(v, depth) // X:=$(shell CMD), a variable the command line sets
			r.makeProgramVar(a, depth)
		}
	}
	if dynamicFile != "" && r.withFiles() && !r.maybe {
		// make -f <(…), make -f "$F": a makefile whose recipes may run anything.
		r.unresolved("%s reads the makefile %s, only known when the line runs", cmd.Name, strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(dynamicFile, "--makefile="), "--file="), "-f"))
	}
	for _, f := range files {
		if f == "-" || f == "/dev/stdin" {
			r.unresolved("%s reads its makefile from standard input: the recipes it runs are only known when the line runs", cmd.Name)
			return
		}
	}
	given := len(files) > 0
	if !given {
		files = []string{"GNUmakefile", "Makefile"} // and makefile: names are matched ignoring case
	}
	dir, dirUnknown := r.dir, r.dirUnknown
	for _, c := range chdir {
		r.cd([]Arg{c})
	}
	if unknown != "" && r.withFiles() && !r.maybe {
		r.unresolved("%s builds the target %s, only known when the line runs", cmd.Name, unknown)
	}
	for _, f := range files {
		if run := r.ran(runMake, Arg{Value: f}, depth); run != nil {
			run.names, run.vars, run.dryRun, run.makeDefault = targets, vars, dryRun, !given
		}
	}
	r.dir, r.dirUnknown = dir, dirUnknown
}

// makeText reads text make evaluates (--eval, a variable the command line or MAKEFLAGS sets): the
// command each $(shell CMD) or ${shell CMD} runs, that of an assignment X != CMD, and a rule's
// recipe (after its ; or on a line that starts with a tab), each quietly: make's text is not
// surely a shell line. $$, make's $, is read as $ (reading more, never less).
func (r *reader) makeText(text string, depth int) {
	text = strings.ReplaceAll(text, "$$", "$")
	r.makeShells(text, depth)
	for _, line := range strings.Split(text, "\n") {
		if recipe, ok := strings.CutPrefix(line, "\t"); ok {
			r.quietly(strings.TrimLeft(recipe, "\t @+-"), depth+1)
			continue
		}
		if _, cmd, ok := strings.Cut(line, "!="); ok {
			r.quietly(cmd, depth+1)
			continue
		}
		if _, rule, ok := strings.Cut(line, ":"); ok {
			if _, recipe, ok := strings.Cut(rule, ";"); ok {
				r.quietly(recipe, depth+1)
			}
		}
	}
}

// makeShells quietly reads the command of each $(shell CMD) or ${shell CMD} in make's text.
func (r *reader) makeShells(text string, depth int) {
	for i := 0; ; {
		j := strings.Index(text[i:], "shell")
		if j < 0 {
			break
		}
		j += i
		i = j + len("shell")
		if j < 2 || text[j-2] != '$' || text[j-1] != '(' && text[j-1] != '{' || i >= len(text) || text[i] != ' ' && text[i] != '\t' {
			continue
		}
		r.quietly(text[i:closing(text, i, text[j-1])], depth+1)
	}
}

// crontabRuns reads the table crontab installs, whose commands cron runs: a file operand is a
// script file, read when the line writes it; a here-document or here-string is read; standard
// input otherwise (a pipe) is unresolved. Listing (-l), removing (-r) and editing (-e) install
// nothing from the line.
func (r *reader) crontabRuns(cmd Command, ops []string, redirs []*syntax.Redirect, depth int) {
	if hasShort(cmd.Args, "lreTV") {
		return
	}
	file := ""
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		switch {
		case a.Dynamic:
			r.unresolved("crontab installs the table %s, only known when the line runs", a.Value)
			return
		case a.Value == "-u" || a.Value == "-n":
			i++
		case a.Value == "-":
			file = "-"
		case !strings.HasPrefix(a.Value, "-"):
			file = a.Value
		}
	}
	if file != "" && file != "-" {
		r.ran(runCrontab, Arg{Value: file}, depth)
		return
	}
	text, ok := r.literalStdin(redirs)
	if !ok {
		r.unresolved("crontab installs a table it reads from standard input: the commands cron runs are only known when the line runs")
		return
	}
	r.crontab(text, depth)
}

// crontab reads a user's crontab: each entry's command after its five time fields (or an @reboot,
// @daily… one) is a line sh runs, in which cron turns each % into a line break (what follows the
// first is the command's standard input, read as lines too). A SHELL setting runs every entry
// through another program: unresolved.
func (r *reader) crontab(text string, depth int) {
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		first, _, _ := strings.Cut(line, " ")
		if name, _, ok := strings.Cut(first, "="); ok {
			if strings.TrimSpace(name) == "SHELL" {
				r.unresolved("the crontab sets SHELL, the program cron runs its commands with")
			}
			continue
		}
		fields := 5
		if line[0] == '@' {
			fields = 1
		}
		rest := line
		for range fields {
			rest = strings.TrimLeft(rest, " \t")
			if i := strings.IndexAny(rest, " \t"); i >= 0 {
				rest = rest[i:]
			} else {
				rest = ""
			}
		}
		r.script(strings.ReplaceAll(rest, "%", "\n"), depth+1)
	}
}

// printedText is what cmd prints when the line spells it out: echo's words (with no option first, and
// no backslash, which dash's and zsh's echo read as an escape), printf's format alone (no %, its
// escapes read), and what cat or tee copies from a literal here-document or here-string.
func (r *reader) printedText(cmd Command, redirs []*syntax.Redirect) (string, bool) {
	for _, a := range cmd.Args {
		if a.Dynamic {
			return "", false
		}
	}
	switch cmd.Name {
	case "echo":
		words := make([]string, len(cmd.Args))
		for i, a := range cmd.Args {
			if i == 0 && strings.HasPrefix(a.Value, "-") || strings.Contains(a.Value, `\`) {
				return "", false
			}
			words[i] = a.Value
		}
		return strings.Join(words, " ") + "\n", true
	case "printf":
		if len(cmd.Args) != 1 || strings.ContainsAny(cmd.Args[0].Value, "%") || strings.HasPrefix(cmd.Args[0].Value, "-") {
			return "", false
		}
		// A config of its own: given none, Format writes mvdan.cc/sh's package variable, a
		// data race between lines read at once (as for a $'…' word in parse.go).
		s, _, err := expand.Format(&expand.Config{}, cmd.Args[0].Value, nil)
		return s, err == nil
	case "cat", "tee":
		if cmd.Name == "cat" && len(cmd.Args) > 0 && !(len(cmd.Args) == 1 && cmd.Args[0].Value == "-") {
			return "", false
		}
		return r.literalStdin(redirs)
	}
	return "", false
}

// literalStdin is the text of a here-document or here-string with no expansion in it on
// standard input; false for anything else (a pipe, a file).
func (r *reader) literalStdin(redirs []*syntax.Redirect) (string, bool) {
	text, from, ok := r.stdinLiteral(redirs)
	if from == hereString {
		text += "\n" // bash ends a here-string with a line break
	}
	return text, ok
}

// Where standard input comes from, for stdinLiteral.
const (
	hereDocument = "here-document"
	hereString   = "here-string"
	stdinFile    = "file"
)

// stdinLiteral is the text a here-document or here-string gives standard input, and which of
// them gives it (from); ok is false when it holds an expansion, or when a file (stdinFile) or
// nothing the line names ("") gives it.
func (r *reader) stdinLiteral(redirs []*syntax.Redirect) (text, from string, ok bool) {
	for i := len(redirs) - 1; i >= 0; i-- {
		rd := redirs[i]
		if rd.N != nil && rd.N.Value != "0" {
			continue
		}
		switch rd.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			text, ok := heredoc(rd)
			return text, hereDocument, ok
		case syntax.WordHdoc:
			ws := r.words("", []*syntax.Word{rd.Word})
			if len(ws) != 1 || ws[0].Dynamic {
				return "", hereString, false
			}
			return ws[0].Value, hereString, true
		case syntax.RdrIn, syntax.DplIn, syntax.RdrInOut:
			return "", stdinFile, false
		}
	}
	return "", "", false
}

// maxWrittenScripts caps the written script files read for one line; past it they are unresolved.
const maxWrittenScripts = 64

// finishScripts reads each script file the line runs and writes: as the literal text it writes,
// or unresolved when that is not known (written by anything but a literal, more than once, or to
// a file only known when the line runs). Copies of a written file are written files too.
func (r *reader) finishScripts() {
	if len(r.runs) == 0 {
		return
	}
	r.copiedRuns()              // cp a/x.sh x.sh && sh x.sh runs a/x.sh (inplace.go)
	byKey := map[string][]int{} // the written files of each base name; "" for those only known when the line runs, runGit for git's
	indexed := 0
	index := func() { // the files written since: a file read from disk writes some too
		for ; indexed < len(r.wrote); indexed++ {
			w := r.wrote[indexed]
			byKey[w.key] = append(byKey[w.key], indexed)
			if w.git {
				byKey[runGit] = append(byKey[runGit], indexed)
			}
			if w.startup {
				byKey[runStartup] = append(byKey[runStartup], indexed)
			}
			if w.every {
				byKey[everyFile] = append(byKey[everyFile], indexed)
			}
		}
	}
	index()
	for _, c := range r.out.Copies {
		// A copy of a written file, or of what the copy reads on standard input (cp /dev/stdin s.sh).
		if len(byKey[fileKey(c.From)]) > 0 || strings.HasPrefix(c.From, "/dev/") || strings.HasPrefix(c.From, "/proc/") {
			r.wrote = append(r.wrote, writtenFile{key: fileKey(c.To), file: c.To})
			index()
		}
	}
	read := 0
	for i := 0; i < len(r.runs); i++ {
		run := r.runs[i]
		index()
		if run.quiet {
			nu, np, ns := len(r.out.Unresolved), len(r.out.UnknownPaths), len(r.stopped)
			r.asFile(func() { r.readRun(run, byKey, &read) })
			if run.guessed {
				// A file a program only reads (mytool src/main.c) is no script a shell stops in.
				r.out.Unresolved, r.out.UnknownPaths, r.stopped = r.out.Unresolved[:nu], r.out.UnknownPaths[:np], r.stopped[:ns]
			}
		} else {
			r.readRun(run, byKey, &read)
		}
	}
}

// readRun reads a script file the line runs: as the text the line writes to it (read counts
// those), or from disk when the line writes no file of its name.
func (r *reader) readRun(run scriptRun, byKey map[string][]int, read *int) {
	defer func(e []Arg, before int) { r.fileEnv, r.before = e, before }(r.fileEnv, r.before)
	r.fileEnv, r.before = run.env, run.after+1
	var found []int
	switch run.kind {
	case runGit, runStartup:
		found = byKey[run.kind]
	case runMake, runNpm, runInstaller:
		found = byKey[run.key]
	case runCargo: // a configuration file the line writes; for the crate's code, a Rust file or a manifest
		for _, k := range slices.Sorted(maps.Keys(byKey)) {
			if run.sub != "" && (strings.HasSuffix(k, ".rs") || k == "cargo.toml" || k == "") {
				found = append(found, byKey[k]...)
				continue
			}
			if run.sub == "" && (k == "config.toml" || k == "config" || k == "" || slices.ContainsFunc(run.names, func(n string) bool { return fileKey(n) == k })) {
				found = append(found, byKey[k]...)
			}
		}
	case runGo: // any Go file the line writes may hold a directive; a txtar file (a .txt one in testdata) a test's script
		for _, k := range slices.Sorted(maps.Keys(byKey)) {
			if strings.HasSuffix(k, ".go") || k == "" || run.sub == "test" && strings.HasSuffix(k, ".txtar") {
				found = append(found, byKey[k]...)
				continue
			}
			for _, i := range byKey[k] {
				if run.sub == "test" && strings.HasSuffix(k, ".txt") && strings.Contains("/"+r.wrote[i].file, "/testdata/") {
					found = append(found, i)
				}
			}
		}
	case runPytest: // a test file, conftest.py or configuration file the line writes
		for _, k := range slices.Sorted(maps.Keys(byKey)) {
			if pytestWrites(k) {
				found = append(found, byKey[k]...)
			}
		}
	case runShell, runCrontab, runCode:
		found = append(slices.Clip(byKey[run.key]), byKey[""]...)
		if run.key == anyFile || isPattern(run.key) {
			found = nil
			for k, ws := range byKey {
				if ok, _ := path.Match(run.key, k); ok || run.key == anyFile || k == "" {
					found = append(found, ws...)
				}
			}
			if len(found) == 1 {
				found = append(found, found[0]) // a file only known when the line runs: never read as one text
			}
		}
	}
	// git's own files and a shell's startup files lie outside the work tree; a file a file read
	// from disk runs is read as it is, what it leaves unknown not counting.
	if run.kind != runGit && run.kind != runStartup {
		for _, i := range byKey[everyFile] {
			if !slices.Contains(found, i) {
				found = append(found, i)
			}
		}
	}
	if !run.quiet {
		// What a build script writes (cat > "$OUT") is no file the line's own sh x.sh runs: that
		// is read from disk, as a file written by any other program is.
		found = slices.DeleteFunc(slices.Clone(found), func(i int) bool { return r.wrote[i].fromFile })
	}
	// What a command rewrites counts for what the line runs after it (python3 -c 'import x' reads
	// x.py first).
	found = slices.DeleteFunc(slices.Clone(found), func(i int) bool { return r.wrote[i].every && (run.quiet || r.wrote[i].nth > run.after) })
	if len(found) == 0 {
		r.fromDisk(run)
		return
	}
	if i := slices.IndexFunc(found, func(i int) bool { return r.wrote[i].every }); i >= 0 {
		w, what := r.wrote[found[i]], run.file
		if run.makeDefault {
			what = "make's makefile"
		}
		r.unresolved("the line runs %s after %s, which may change it to text only known when the line runs", what, w.file)
		r.pathsUnknown("the line runs %s after %s, which may change it to text only known when the line runs", what, w.file)
		if !slices.ContainsFunc(found, func(i int) bool { return !r.wrote[i].every }) {
			r.fromDisk(run) // what it holds now still counts: a deny there stays one
		}
		return
	}
	w := r.wrote[found[0]]
	if run.kind == runGit || run.kind == runStartup || run.kind == runMake || run.kind == runGo || run.kind == runPytest || run.kind == runCargo || run.kind == runInstaller || len(found) > 1 || !w.literal || *read == maxWrittenScripts {
		what := run.file
		if run.kind != runShell && run.kind != runCrontab {
			what = w.file
		}
		r.unresolved("the line writes %s and runs it: what it runs is only known when the line runs", what)
		r.pathsUnknown("the line writes %s and runs it: what it runs is only known when the line runs", what)
		return
	}
	*read++
	dir, dirUnknown := r.dir, r.dirUnknown
	r.dir, r.dirUnknown = run.dir, run.dirUnknown
	switch {
	case run.kind == runNpm:
		r.packageScripts(run, w.file, w.text, run.dir) // a package.json's scripts, read as the project's
	case run.kind == runCrontab:
		r.crontab(w.text, run.depth)
	case run.kind == runCode || !shebangShell(w.text):
		// python3 t.py, or #!/usr/bin/env python3: its strings name paths and the lines it may
		// hand to a shell, as python3 -c's do.
		if run.manager == "python" || strings.HasSuffix(strings.ToLower(w.file), ".py") || shebangPython(w.text) {
			r.pythonFile(w.file, w.text, run.depth)
			break
		}
		r.codeLiterals([]string{w.text})
		r.runStrings(w.text, "", run.depth)
	default:
		r.script(w.text, run.depth+1)
	}
	r.dir, r.dirUnknown = dir, dirUnknown
}

// shebangShell reports whether a script's #! line, if it has one, names a shell (directly or
// through env): a file without one is run by the shell that runs it.
func shebangShell(text string) bool {
	name, ok := shebang(text)
	return !ok || name == "" || isShell(name)
}

// shebang is the base name of the interpreter a script's #! line names, through env and its
// options and assignments; ok is false for a file without one ("" for a #! line naming nothing).
func shebang(text string) (name string, ok bool) {
	first, _, _ := strings.Cut(text, "\n")
	interp, ok := strings.CutPrefix(first, "#!")
	if !ok {
		return "", false
	}
	fields := strings.Fields(interp)
	if len(fields) == 0 {
		return "", true
	}
	name = path.Base(fields[0])
	for _, f := range fields[1:] {
		if name != "env" {
			break
		}
		if !strings.HasPrefix(f, "-") && !strings.Contains(f, "=") {
			name = path.Base(f)
		}
	}
	return name, true
}
