package shellcmd

import (
	"maps"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxMayRun caps the words of one command read as the start of a command it may run, and
// maxMayWords the words of a whole line read so: a long line of unknown programs would otherwise
// be read maxMayRun times over. Past it the line is unresolved.
const (
	maxMayRun   = 16
	maxMayWords = 1 << 20
)

// mayRun reads what a program hookrun has no reading for may run: it may be a wrapper hookrun does
// not know (eatmydata rm -rf x, valgrind, cgexec, docker run IMAGE CMD, ssh HOST CMD, a project's
// ./run.sh CMD), or take a command line in an argument (hyperfine 'CMD', nix-shell --run 'CMD',
// entr -s 'CMD', tar --checkpoint-action=exec='CMD', rsync -e 'CMD'). So from each of its first
// maxMayRun words that is not an option, the words that follow are read as a command it may run,
// and a word (or an option's =VALUE) with a blank in it as a line it may run. What these readings
// name counts, as commands (Command.Maybe) and as paths; what they leave unknown does not, as a
// program's strings (quietly): they are not surely what runs.
func (r *reader) mayRun(cmd Command, redirs []*syntax.Redirect, depth int) {
	// What such a reading finds is not read so again: a text that mentions rm -rf (notify-send
	// 'Fix the rm -rf step') is read as a line once, and its words are not searched for what Fix
	// may run.
	if r.maybe || runsNoCommand(cmd.Name) || textOnly(cmd.Name) {
		return
	}
	r.readsCommands(cmd, redirs, depth)
	// A shell it may run that reads its script from the pipe or file it is given (ssh HOST bash,
	// docker exec -i C sh) runs what only the run knows, as a shell on the pipe's end does.
	shellStdin := r.shellStdin
	r.shellStdin = false
	defer func() {
		if r.shellStdin {
			r.unresolved("%s may hand what it reads from its standard input to a shell, which runs it: only known when the line runs", cmd.Name)
		}
		r.shellStdin = shellStdin
	}()
	n := 0
	dashes := false               // the word before was --: what follows is the command
	first, subcommands := true, 0 // the subcommand words still to come, known at the first word (docker container rm)
	afterOption := false          // the word before was an option, whose value this one may be
	for i, a := range cmd.Args {
		value, afterDashes := afterOption, dashes
		afterOption, dashes = false, false
		if a.Dynamic {
			continue
		}
		v := a.Value
		if v == "--" {
			dashes = true
			continue
		}
		if strings.HasPrefix(v, "-") {
			if _, val, ok := strings.Cut(v, "="); ok && hasBlank(val) {
				if n++; n > maxMayRun {
					return
				}
				r.mayRunLine(val, depth)
			} else if !ok && v != "--" && v != "-" {
				afterOption = true
			}
			continue
		}
		if r.programFileRun(cmd.Name, v) {
			continue // python3 -u t/m.py: read as Python (programRuns), not as a command python3 runs
		}
		// A word that may be an option's value does not count: docker run -e A1 … -e A17 img rm
		// would otherwise pass what the command runs beyond the words read. The line's budget
		// (maxMayWords) still holds.
		if !value {
			if first {
				first, subcommands = false, subcommandWords(cmd.Name, v)
			}
			if subcommands > 0 {
				subcommands--
				continue // docker rm, npm rm: the tool's subcommand, no command it runs
			}
			if n++; n > maxMayRun {
				return
			}
		}
		if hasBlank(v) {
			r.maybeRuns = true
			r.mayRunLine(v, depth)
			r.maybeRuns = false
			continue
		}
		if strings.Contains(v, "=") {
			continue // NAME=VALUE: a setting, not a command
		}
		if r.mayWords += len(cmd.Args) - i; r.mayWords > maxMayWords {
			if r.mayWords-(len(cmd.Args)-i) <= maxMayWords {
				r.unresolved("the line gives programs hookrun has no reading for more than %d words, too many to read for the commands they may run", maxMayWords)
			}
			return
		}
		r.aside(func() {
			r.suffix = true
			r.maybeRuns = afterDashes || mayRunsFiles(cmd.Args[i:], editsFiles(cmd.Name))
			r.command(cmd.Args[i:], redirs, depth+1)
		})
	}
}

// mayRunsFiles reports whether words, read as a command a program hookrun has no reading for
// may run, surely name one that runs files of the project: a program run by its path, wherever it
// stands among the program's words (eatmydata ./scripts/clean.sh, and after the wrapper's own
// words, which hookrun cannot tell from its command: faketime @0 ./x.sh, gdb --args ./x, bwrap
// --bind / / ./x, a value of an option it does not know: faketime -f @0 x/y.sh; a name with a /
// in it is run from where it points, not searched for on PATH, ./ or not: scripts/x.sh), or a
// program that runs them (make, npm, a shell, an interpreter, a task runner) given a word (make
// wipe, sh s.sh; make alone may be a package's name: brew install make). Such a command's files
// are read, as the line's own are; so are those of a command that follows a -- or is a line in one
// word (hyperfine 'make clean'). Reading a file a program only reads or writes (scp ./x host:,
// mytool -o out/x) as one it runs finds more than runs, as the rest of this reading does; a
// program's file or a script of another language is read as itself, and a URL or another host's
// path is no file of the project.
func mayRunsFiles(words []Arg, data bool) bool {
	name := words[0].Value
	if !data && strings.Contains(name, "/") && !strings.Contains(name, "://") && !remotePath(name) {
		return true
	}
	if len(words) < 2 {
		return false
	}
	switch interpreterName(name) {
	case "make", "gmake", "npm", "pnpm", "yarn", "bun", "just", "task", "tox", "nox", "invoke", "mise", "pixi", "devbox",
		"rye", "rake", "mix", "nx", "ninja", "goreleaser", "mask", "fastlane", "rushx", "composer", "deno", "pdm", "poe", "hatch", "node", "perl", "ruby", "bundle", "pod", "vagrant", "source", ".":
		return true
	}
	return isShell(name) || strings.HasPrefix(name, "python")
}

// editsFiles reports whether a program's operands are files it edits or shows, no program it runs:
// the editors and viewers whose words are read for the commands their options run (vim -c, bat
// --pager), not listed in runsNoCommand.
func editsFiles(name string) bool {
	base, _, _ := strings.Cut(name, ".") // Debian's vim.basic
	if isVim(base) {
		return true
	}
	switch name {
	case "ed", "red", "emacs", "emacsclient", "bat", "batcat", "sqlite3", "kak", "hx", "helix", "joe", "mcedit", "view":
		return true
	}
	return false
}

// remotePath reports whether a word is another host's path as scp and rsync write it (host:dir/x,
// user@host:x): a : before the first /.
func remotePath(w string) bool {
	colon := strings.IndexByte(w, ':')
	return colon > 0 && colon < strings.IndexByte(w, '/')
}

// noRuns reports whether the reader is in a reading whose files are not read: what a program
// hookrun has no reading for may run, unless it surely names a command (maybeRuns).
func (r *reader) noRuns() bool { return r.maybe && !r.maybeRuns }

// mayRunLine reads text, an argument with a blank in it, as a line a program may run: from after
// the last = before its first blank (ProxyCommand=CMD, exec=CMD). A text whose first word has a /
// inside it but names no command path (sed's s/rm -rf/x/) is not read.
func (r *reader) mayRunLine(text string, depth int) {
	first := strings.IndexAny(text, " \t\n")
	if eq := strings.LastIndexByte(text[:first], '='); eq >= 0 {
		text, first = text[eq+1:], first-eq-1
	}
	if w := text[:first]; strings.Contains(w, "/") && !strings.HasPrefix(w, "/") && !strings.HasPrefix(w, ".") && !strings.HasPrefix(w, "~") {
		return
	}
	r.aside(func() {
		if r.enter(text, depth+1) {
			if f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(text), ""); err == nil {
				walk(f, r.visit(text, depth+1))
			}
		}
	})
}

func hasBlank(s string) bool { return strings.ContainsAny(s, " \t\n") }

// aside runs read as a program's own reading, not the line's: the commands it finds are Maybe,
// what it leaves unknown is dropped, and the shell's state (its directory, CDPATH, aliases) is left
// as it was.
func (r *reader) aside(read func()) {
	nu, np := len(r.out.Unresolved), len(r.out.UnknownPaths)
	dir, dirUnknown, cdSearch, aliases, maybe, maybeRuns := r.dir, r.dirUnknown, r.cdSearch, maps.Clone(r.aliases), r.maybe, r.maybeRuns
	defer func() {
		r.out.Unresolved, r.out.UnknownPaths = r.out.Unresolved[:nu], r.out.UnknownPaths[:np]
		r.dir, r.dirUnknown, r.cdSearch, r.aliases, r.maybe, r.suffix, r.maybeRuns = dir, dirUnknown, cdSearch, aliases, maybe, false, maybeRuns
	}()
	r.maybe = true
	read()
}

// runsNoCommand reports whether name is a program that never runs a command its arguments name,
// and whose arguments often spell one as text: a search (grep rm .), a look-up (man rm, which rm),
// a filter or an editor of text (sed 's/rm -rf/rm -r/'), a common file tool, the forges' command
// lines (gh pr create --body …), and bash's builtins
// (those that run a command, eval, trap, exec, command, are read on their own). A program not
// listed is only read for more than it runs.
func runsNoCommand(name string) bool {
	switch name {
	case "grep", "egrep", "fgrep", "rg", "ag", "ack", "sed", "gsed", "awk", "gawk", "mawk", "nawk",
		"man", "which", "whereis", "whatis", "apropos", "info", "tldr",
		"cat", "ls", "head", "tail", "less", "more", "wc", "sort", "uniq", "cut", "tr", "diff", "cmp", "file",
		"stat", "du", "jq", "yq", "mkdir", "touch", "cp", "mv", "rm", "ln", "chmod", "chown", "pkill", "pgrep", "killall",
		"gh", "glab", "hub", // titles and bodies of pull requests and issues: prose, code blocks and all
		// editors, viewers, linters and formatters, checksums and encoders: a file they are given is
		// their data (vim ./x.sh, shellcheck ./x.sh), no command they run
		"nano", "micro", "code", "codium", "cursor", "zed", "gedit", "kate",
		"nl", "od", "xxd", "hexdump", "strings", "md5sum", "sha1sum", "sha256sum", "sha512sum",
		"shasum", "b2sum", "cksum", "base64", "dos2unix", "unix2dos", "iconv", "shellcheck", "shfmt", "prettier",
		"eslint", "black", "ruff", "mypy", "flake8", "rubocop", "yamllint", "markdownlint", "codespell",
		"typos", "cspell", "ctags",
		// bash's builtins
		"bg", "bind", "break", "caller", "cd", "compgen", "complete", "compopt", "continue", "dirs", "disown",
		"fg", "getopts", "help", "history", "jobs", "kill", "logout", "popd", "pushd", "pwd", "shopt",
		"suspend", "times", "type", "ulimit", "umask", "unalias", "wait":
		return true
	}
	return false
}

// readsCommands reads the programs that, given no command, run the lines they read: ssh with no
// command runs a shell on the host that reads them from standard input (when a pipe, a file or a
// here-document gives it one), and parallel runs each line of standard input, of a :::: file or
// each ::: word as a command (a word the line spells out is read as a line it may run, by mayRun).
func (r *reader) readsCommands(cmd Command, redirs []*syntax.Redirect, depth int) {
	var values string       // short options that take the next word as their value
	var longValues []string // long ones
	switch cmd.Name {
	case "ssh":
		values = "BbcDEeFIiJLlmOopQRSWw"
	case "parallel":
		values = "jPSaNnLdIEX"
		longValues = []string{"--jobs", "--max-procs", "--sshlogin", "--arg-file", "--joblog", "--colsep", "--delay",
			"--timeout", "--tmpdir", "--results", "--workdir", "--wd", "--halt", "--retries", "--env", "--tag-string",
			"--max-args", "--max-lines", "--memfree", "--load", "--basefile", "--bf", "--return", "--transfer-file",
			"--tf", "--sshloginfile", "--slf", "--termseq", "--nice", "--rpl", "--limit"}
	default:
		return
	}
	args := cmd.Args
	var operands []Arg
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic || !strings.HasPrefix(v, "-") || v == "-":
			operands = args[i:]
			i = len(args)
		case v == "--":
			operands = args[i+1:]
			i = len(args)
		case slices.Contains(longValues, v) || len(v) == 2 && strings.IndexByte(values, v[1]) >= 0:
			i++ // its value is the next word
		}
	}
	stdin := r.stdinPiped || slices.ContainsFunc(redirs, func(rd *syntax.Redirect) bool {
		return (rd.N == nil || rd.N.Value == "0") && (rd.Op == syntax.RdrIn || rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc || rd.Op == syntax.WordHdoc)
	})
	if cmd.Name == "ssh" {
		if len(operands) == 1 && stdin {
			r.fdScript("ssh with no command", redirs, "0", depth)
		}
		return
	}
	if len(operands) > 0 && !strings.HasPrefix(operands[0].Value, ":::") {
		return // a command, given what it reads as arguments
	}
	for _, a := range operands {
		if a.Dynamic || strings.HasPrefix(a.Value, "::::") {
			r.unresolved("parallel with no command runs the words or lines of %s as commands, only known when the line runs", a.Value)
			return
		}
	}
	if len(operands) == 0 {
		r.fdScript("parallel with no command", redirs, "0", depth)
	}
}

// subcommandWords is how many of the first words of a command line tool made of subcommands name
// its subcommand (docker rm, npm rm, docker container rm), given the first: none for a program that
// is not such a tool. Those words are no command it runs.
func subcommandWords(name, first string) int {
	switch name {
	case "docker", "podman", "nerdctl":
		switch first {
		case "builder", "buildx", "compose", "config", "container", "context", "image", "manifest", "network",
			"node", "plugin", "pod", "machine", "secret", "service", "stack", "system", "trust", "volume":
			return 2
		}
		return 1
	case "buildah", "kubectl", "oc", "helm", "npm", "deno", "cargo", "go", "pip", "pip3",
		"uv", "poetry", "pipenv", "pdm", "hatch", "rye", "conda", "mamba", "micromamba", "mise", "asdf",
		"bundle", "gem", "composer", "dotnet", "rustup", "brew", "apt", "apt-get", "dnf", "yum", "zypper",
		"snap", "flatpak", "systemctl", "gcloud", "aws", "az", "terraform", "mix":
		return 1
	case "pnpm", "yarn", "bun":
		// A word that is none of their own commands names a script, and else a program of
		// node_modules/.bin they run (pnpm nx run app:clean): a command it may run.
		if !managerCommand(name, first) {
			return 0
		}
		return 1
	}
	return 0
}

// managerCommand reports whether pnpm, yarn or bun read the word as a command of their own.
func managerCommand(name, w string) bool {
	switch w {
	case "install", "i", "ci", "add", "test", "t", "tst", "run", "run-script", "start", "stop", "restart", "pack",
		"publish", "rebuild", "install-test", "it":
		return true
	}
	return packageCommand(name, w) || name == "bun" && bunCommand(w)
}
