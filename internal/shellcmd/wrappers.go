package shellcmd

import (
	"cmp"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// wrapper describes a command that runs another command given in its arguments.
type wrapper struct {
	valueShort string        // short options that take a value, attached (-uroot) or as the next word
	valueLong  []string      // long options that take a value, after = or as the next word
	valueWords []wordsOption // long options that take more than one word (bwrap --bind SRC DEST)
	noRun      string        // short options with which no command is run (command -v rm only looks rm up)
	splitShort byte          // env -S: the value is itself split into the command's words
	splitLong  string
	assigns    bool   // NAME=VALUE words may come before the command (env, sudo)
	operands   int    // words between the options and the command (timeout's duration, chroot's root)
	reads      bool   // xargs: the command also gets arguments read when the line runs
	shell      string // short options that start a shell reading standard input when no command follows (sudo -s)
	noCommand  bool   // with no command, a shell reading standard input runs (chroot DIR)
	joined     bool   // the command's words are joined with spaces and run as a script (watch)
	oneDash    bool   // -x86_64 is one option, not a cluster of letters (macOS arch)
	// secondLetter: only an option's second letter counts, a valueShort one taking the next word
	// whatever follows it (proxychains: -fq is -f CONF, -qf is -q).
	secondLetter bool
	// hedged: its words are read as an unknown program's too (mayRun), for what it may run past
	// an option its entry does not list: the entry makes a command only known when the line runs
	// unresolved, and the hedge keeps what the program's words name whatever its options are.
	hedged bool
}

// wrappers, sorted by name: wrapperOf finds one by binary search. A slice is laid out by the linker;
// a map literal would be built at every start of hookrun. The g-prefixed names are GNU coreutils and
// findutils as Homebrew installs them on macOS.
var wrappers = []namedWrapper{
	{"arch", wrapper{valueShort: "ed", oneDash: true}},
	{"builtin", wrapper{}},
	{"busybox", wrapper{}},
	{"bwrap", wrapper{valueLong: []string{"--args", "--argv0", "--chdir", "--remount-ro", "--overlay-src", "--tmp-overlay",
		"--ro-overlay", "--proc", "--exec-label", "--file-label", "--dev", "--tmpfs", "--mqueue", "--dir", "--lock-file",
		"--sync-fd", "--block-fd", "--userns-block-fd", "--info-fd", "--json-status-fd", "--seccomp", "--add-seccomp-fd",
		"--userns", "--userns2", "--pidns", "--unsetenv", "--uid", "--gid", "--hostname", "--cap-add", "--cap-drop",
		"--perms", "--size"}, valueWords: bwrapOptions, hedged: true}},
	{"caffeinate", wrapper{valueShort: "tw"}},
	{"catchsegv", wrapper{}},
	{"cgexec", wrapper{valueShort: "g", hedged: true}}, // getopt "+g:shbr"
	{"chronic", wrapper{hedged: true}},
	{"chroot", wrapper{valueLong: []string{"--groups", "--userspec", "--skip-chdir"}, operands: 1, noCommand: true}},
	{"chrt", wrapper{valueShort: "TPD", valueLong: []string{"--sched-runtime", "--sched-period", "--sched-deadline"}, noRun: "p", operands: 1}},
	{"command", wrapper{noRun: "vV"}},
	{"cross-env", wrapper{assigns: true}},                     // cross-env A=1 COMMAND (npm)
	{"cross-env-shell", wrapper{assigns: true, joined: true}}, // its words, joined, run by a shell
	{"dbus-run-session", wrapper{valueLong: []string{"--config-file", "--dbus-daemon"}}},
	{"doas", wrapper{valueShort: "Cu", noRun: "C", shell: "s"}},
	{"dumb-init", wrapper{valueShort: "r", valueLong: []string{"--rewrite"}}},
	{"eatmydata", wrapper{hedged: true}},
	{"env", wrapper{valueShort: "aCPu", splitShort: 'S', splitLong: "--split-string", assigns: true, valueLong: []string{"--argv0", "--chdir", "--unset"}}},
	{"envdir", wrapper{operands: 1, hedged: true}},
	{"exec", wrapper{valueShort: "a"}},
	{"fakeroot", wrapper{valueShort: "bils", valueLong: []string{"--lib", "--faked"}}},
	{"faketime", wrapper{valueShort: "p", valueLong: []string{"--date-prog"}, operands: 1, hedged: true}},
	{"firejail", wrapper{}},
	{"gchroot", wrapper{valueLong: []string{"--groups", "--userspec", "--skip-chdir"}, operands: 1, noCommand: true}},
	{"genv", wrapper{valueShort: "aCPu", splitShort: 'S', splitLong: "--split-string", assigns: true, valueLong: []string{"--argv0", "--chdir", "--unset"}}},
	{"gnice", wrapper{valueShort: "n", valueLong: []string{"--adjustment"}}},
	{"gnohup", wrapper{}},
	{"gosu", wrapper{operands: 1, hedged: true}},
	{"gstdbuf", wrapper{valueShort: "eio", valueLong: []string{"--error", "--input", "--output"}}},
	{"gtimeout", wrapper{valueShort: "ks", valueLong: []string{"--kill-after", "--signal"}, operands: 1}},
	{"gxargs", wrapper{valueShort: "adEIJLnPs", reads: true,
		valueLong: []string{"--arg-file", "--delimiter", "--max-args", "--max-procs", "--max-chars", "--process-slot-var"}}},
	{"ionice", wrapper{valueShort: "cnpPu", valueLong: []string{"--class", "--classdata", "--pid", "--pgid", "--uid"}}},
	{"ltrace", wrapper{valueShort: "aADeFlnopsuwxX"}},
	{"nice", wrapper{valueShort: "n", valueLong: []string{"--adjustment"}}},
	{"nocorrect", wrapper{}},
	{"noglob", wrapper{}},
	{"nohup", wrapper{}},
	{"nsenter", wrapper{valueShort: "tSG", valueLong: []string{"--target", "--setuid", "--setgid"}}},
	{"numactl", wrapper{valueShort: "CNmpPi", valueLong: []string{"--interleave", "--membind", "--cpunodebind", "--physcpubind", "--preferred", "--preferred-many"}}},
	{"pkexec", wrapper{valueLong: []string{"--user"}}},
	{"prlimit", wrapper{valueShort: "po", valueLong: []string{"--pid", "--output"}}},
	// proxychains reads an option's second letter alone: -qf is -q, with no value.
	{"proxychains", wrapper{valueShort: "f", oneDash: true, secondLetter: true, hedged: true}},
	{"proxychains4", wrapper{valueShort: "f", oneDash: true, secondLetter: true, hedged: true}},
	{"repeat", wrapper{operands: 1}}, // zsh: repeat N COMMAND
	{"setpriv", wrapper{valueLong: []string{"--reuid", "--regid", "--ruid", "--euid", "--rgid", "--egid", "--groups", "--inh-caps",
		"--ambient-caps", "--bounding-set", "--securebits", "--pdeathsig", "--selinux-label", "--apparmor-profile"}}},
	{"setsid", wrapper{}},
	{"setuidgid", wrapper{operands: 1, hedged: true}},
	{"ssh-agent", wrapper{valueShort: "aEPt", noRun: "k"}},
	{"stdbuf", wrapper{valueShort: "eio", valueLong: []string{"--error", "--input", "--output"}}},
	{"strace", wrapper{valueShort: "abeEIoOpPsSuUX"}},
	{"su-exec", wrapper{operands: 1, hedged: true}},
	{"sudo", wrapper{valueShort: "CDghpRrTtUu", noRun: "eKlVv", assigns: true, shell: "is",
		valueLong: []string{"--close-from", "--chdir", "--group", "--host", "--prompt", "--chroot", "--role", "--type", "--command-timeout", "--other-user", "--user"}}},
	{"systemd-run", wrapper{valueShort: "upEHM", valueLong: []string{"--unit", "--property", "--setenv", "--uid", "--gid", "--nice",
		"--working-directory", "--host", "--machine", "--slice", "--description", "--service-type", "--on-active",
		"--on-boot", "--on-startup", "--on-unit-active", "--on-unit-inactive", "--on-calendar", "--timer-property",
		"--path-property", "--socket-property", "--expand-environment"}}},
	{"taskset", wrapper{noRun: "p", operands: 1}},
	{"time", wrapper{valueShort: "fo", valueLong: []string{"--format", "--output"}}},
	{"timeout", wrapper{valueShort: "ks", valueLong: []string{"--kill-after", "--signal"}, operands: 1}},
	{"tini", wrapper{valueShort: "pe"}},
	{"torsocks", wrapper{valueShort: "upaP", valueLong: []string{"--user", "--pass", "--address", "--port"}, hedged: true}},
	{"toybox", wrapper{}},
	{"trickle", wrapper{valueShort: "duwtlnL", hedged: true}}, // getopt "hvVsw:n:u:d:t:l:L:"
	{"unbuffer", wrapper{}},
	{"unshare", wrapper{valueShort: "SGRw", valueLong: []string{"--setuid", "--setgid", "--root", "--wd", "--propagation", "--setgroups",
		"--map-user", "--map-group", "--map-users", "--map-groups", "--load-interp"}}},
	{"valgrind", wrapper{hedged: true}},
	{"watch", wrapper{valueShort: "nq", valueLong: []string{"--interval", "--equexit", "--shell"}, joined: true}},
	// Windows: wsl runs its arguments, joined, through the Linux distribution's shell (-e: directly).
	{"wsl", wrapper{valueShort: "du", valueLong: []string{"--distribution", "--distribution-id", "--user", "--cd", "--shell-type"}, joined: true}},
	{"xargs", wrapper{valueShort: "adEIJLnPs", reads: true,
		valueLong: []string{"--arg-file", "--delimiter", "--max-args", "--max-procs", "--max-chars", "--process-slot-var"}}},
	{"xvfb-run", wrapper{valueShort: "nsfepw", valueLong: []string{"--server-num", "--server-args", "--auth-file", "--error-file", "--xauth-protocol", "--wait"}}},
}

// findName is sort.Find over a table of n entries sorted by name (strings.Compare's order),
// nameAt(i) the name of the i-th: it finds one of the short names of the tables searched by name
// (wrappers, runners) with no call but nameAt's, inlined, at each step. sort.Find called a
// function that called strings.Compare, the runtime's general comparison, at each step, for every
// command read: a twelfth of reading a long line.
func findName(n int, name string, nameAt func(int) string) (int, bool) {
	lo, hi := 0, n
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		s := nameAt(m)
		i := 0
		for i < len(name) && i < len(s) && name[i] == s[i] {
			i++
		}
		switch {
		case i == len(name) && i == len(s):
			return m, true
		case i == len(name) || i < len(s) && name[i] < s[i]: // name sorts before s
			hi = m
		default:
			lo = m + 1
		}
	}
	return lo, false
}

// wordsOption is a long option that takes the next words words as its values.
type wordsOption struct {
	name  string
	words int
}

// bwrapOptions are bubblewrap's options that take more than one word, from its parse_args
// (bubblewrap.c); it has no --opt=value form and no short options.
var bwrapOptions = []wordsOption{
	{"--bind", 2}, {"--bind-try", 2}, {"--ro-bind", 2}, {"--ro-bind-try", 2}, {"--dev-bind", 2}, {"--dev-bind-try", 2},
	{"--bind-fd", 2}, {"--ro-bind-fd", 2}, {"--file", 2}, {"--bind-data", 2}, {"--ro-bind-data", 2}, {"--symlink", 2},
	{"--setenv", 2}, {"--chmod", 2}, {"--overlay", 3},
}

type namedWrapper struct {
	name string
	wrapper
}

// wrapperOf returns the wrapper named name, if it is one.
func wrapperOf(name string) (wrapper, bool) {
	// findName, not slices.BinarySearchFunc, which copies each entry it compares: a third of
	// the time peel took on a long line.
	i, ok := findName(len(wrappers), name, func(i int) string { return wrappers[i].name })
	if !ok {
		return wrapper{}, false
	}
	return wrappers[i].wrapper, true
}

// isShell reports whether name is a shell, a version in its name (bash5.2, ksh93) or not. Shells
// run a script given with -c, or read it from standard input. The C shells, rc, nu, elvish and
// xonsh have languages of their own, read as bash's, as fish's is: a command line reads alike in
// each. (A switch on the name with its version cut by hand: strings.TrimRight and a list were
// 8% of reading a 100 KB line, asked of every command.)
func isShell(name string) bool {
	switch unversioned(name) {
	case "sh", "bash", "rbash", "zsh", "dash", "ksh", "mksh", "lksh", "oksh", "loksh", "pdksh", "ash",
		"yash", "posh", "bosh", "osh", "ysh", "fish", "csh", "tcsh", "rc", "es", "nu", "elvish", "xonsh":
		return true
	}
	return false
}

// unversioned is name without the digits and dots it ends in (bash5.2: bash, python3.12: python),
// as strings.TrimRight(name, "0123456789.") is, which built its set of bytes at every call: asked
// of every command a line runs (isShell, interpreterName), that was 3% of reading a long line.
func unversioned(name string) string {
	end := len(name)
	for end > 0 && ('0' <= name[end-1] && name[end-1] <= '9' || name[end-1] == '.') {
		end--
	}
	return name[:end]
}

// peel returns the command a wrapper runs. Scripts (bash -c, eval, su -c, a heredoc fed to a shell)
// and find -exec commands are read here; wrapper is then true with no next command.
func (r *reader) peel(cmd Command, redirs []*syntax.Redirect, depth int) (next []Arg, isWrapper bool) {
	switch {
	case cmd.Name == "fc" && !slices.ContainsFunc(cmd.Args, func(a Arg) bool { return strings.HasPrefix(a.Value, "-") && strings.Contains(a.Value, "l") }):
		r.unresolved("fc runs a command from the shell's history, which the line may have filled (set -o history; history -s …)")
		return nil, true
	case (cmd.Name == "set" || isShell(cmd.Name)) && histExpand(cmd.Args):
		r.unresolved("%s turns on history expansion, where !! runs a command from the shell's history", cmd.Name)
		return nil, cmd.Name != "set" && r.shell(cmd, redirs, depth)
	case cmd.Name == "eval":
		return nil, r.eval(cmd.Args, depth)
	case isShell(cmd.Name):
		r.ran(runStartup, Arg{Value: cmd.Name}, depth) // a startup file the line writes: .zshenv, ~/.bashrc
		script := r.shell(cmd, redirs, depth)
		r.unread = !script // bash x.sh: a script file, which may run its arguments
		return nil, script
	case cmd.Name == "su" || cmd.Name == "runuser":
		if next := runuserCommand(cmd); next != nil {
			return next, true
		}
		return nil, r.su(cmd, redirs, depth)
	case cmd.Name == "find":
		r.find(cmd.Args, depth)
		return nil, false
	case cmd.Name == "git":
		r.gitRuns(cmd, depth)
		return nil, false
	case cmd.Name == "trap":
		return nil, r.trap(cmd.Args, depth)
	case cmd.Name == "mapfile" || cmd.Name == "readarray":
		return nil, r.callback(cmd, depth)
	case cmd.Name == "compgen" || cmd.Name == "complete":
		return nil, r.completion(cmd, depth)
	case cmd.Name == "alias" || cmd.Name == "hash" || cmd.Name == "enable":
		r.defines(cmd, depth)
		return nil, false
	case cmd.Name == "." || cmd.Name == "source":
		return nil, r.source(cmd, redirs, depth)
	case cmd.Name == "flock":
		return r.flock(cmd, depth)
	case cmd.Name == "script" || cmd.Name == "sg":
		return nil, r.scriptOption(cmd, redirs, depth)
	case cmd.Name == "apply_patch" || cmd.Name == "applypatch":
		r.applyPatch(cmd, redirs)
		return nil, false
	case cmd.Name == "pwsh" || cmd.Name == "powershell":
		return nil, r.pwshCLI(cmd, depth)
	case cmd.Name == "tmux" || cmd.Name == "screen":
		if cmd.Name == "screen" {
			if next := screenCommand(cmd.Args); next != nil {
				return next, true
			}
		} else if r.tmuxRuns(cmd.Args, depth) {
			return nil, true
		}
		return nil, r.typed(cmd, depth)
	case cmd.Name == "at" || cmd.Name == "batch":
		return nil, r.atJob(cmd, redirs, depth)
	case (cmd.Name == "setopt" || cmd.Name == "unsetopt" || cmd.Name == "emulate") && len(cmd.Args) > 0:
		r.unresolved("zsh's %s changes how the rest of the line is read (EXTENDED_GLOB's patterns, PROMPT_SUBST)", cmd.Name)
		return nil, false
	case scriptRunner(cmd.Name):
		r.unread = !r.scriptRunnerRuns(cmd, depth) // run-s clean: npm run clean
		return nil, false
	case cmd.Name == "cmd":
		r.unresolved("%s runs a cmd.exe command line, which hookrun does not read", cmd.Path)
		r.pathsUnknown("%s runs a cmd.exe command line, whose paths hookrun does not read", cmd.Path)
		return nil, true
	}
	if rn, args := runnerOf(cmd); rn != nil {
		return r.packageRun(cmd, rn, args, depth)
	}
	if words := installedAs(cmd.Name); words != nil { // yarnpkg ARGS is yarn ARGS, nr NAME npm run NAME
		next := make([]Arg, 0, len(words)+len(cmd.Args))
		for _, w := range words {
			next = append(next, Arg{Value: w})
		}
		return append(next, cmd.Args...), true
	}
	if cmd.Name == "corepack" && len(cmd.Args) > 0 { // corepack pnpm ARGS, pnpm@9 too: the package manager it keeps
		a := cmd.Args[0]
		if a.Dynamic {
			return cmd.Args, true // a name only known when the line runs
		}
		switch name, _, _ := strings.Cut(a.Value, "@"); name {
		case "npm", "pnpm", "yarn", "npx", "pnpx":
			return append([]Arg{{Value: name}}, cmd.Args[1:]...), true
		case "yarnpkg":
			return append([]Arg{{Value: "yarn"}}, cmd.Args[1:]...), true
		}
	}
	if cmd.Name == "coreutils" { // a multi-call build: coreutils --coreutils-prog=rm ARGS, or coreutils rm ARGS
		args := cmd.Args
		if len(args) > 0 && !args[0].Dynamic {
			if prog, ok := strings.CutPrefix(args[0].Value, "--coreutils-prog="); ok {
				return append([]Arg{{Value: prog}}, args[1:]...), true
			}
		}
		return args, len(args) > 0
	}
	w, ok := wrapperOf(cmd.Name)
	if !ok {
		r.unread = true
		return nil, false
	}
	args := cmd.Args
	shell := false // an option that starts a shell when no command follows
	o := r.options(cmd)
scan:
	for o.next() {
		a := args[o.i]
		switch {
		case a.Value == "--":
			o.i++
			break scan
		case strings.HasPrefix(a.Value, "--"):
			name, value, hasValue := strings.Cut(a.Value, "=")
			if w.splitLong != "" && name == w.splitLong {
				return r.splitOperand(cmd, args, o.i, value, hasValue)
			}
			if slices.Contains(w.valueLong, name) && !hasValue {
				o.i++
			}
			if k := slices.IndexFunc(w.valueWords, func(m wordsOption) bool { return m.name == a.Value }); k >= 0 {
				o.i += w.valueWords[k].words
			}
		case w.secondLetter && strings.HasPrefix(a.Value, "-") && len(a.Value) > 2 && strings.IndexByte(w.valueShort, a.Value[1]) >= 0:
			o.i++ // proxychains -fq CONF: -f, its value the next word
		case w.oneDash && strings.HasPrefix(a.Value, "-") && len(a.Value) > 2:
		case strings.HasPrefix(a.Value, "-") && len(a.Value) > 1:
			opts := a.Value[1:]
			for j := 0; j < len(opts); j++ {
				c := opts[j]
				if strings.IndexByte(w.noRun, c) >= 0 {
					return nil, false
				}
				if strings.IndexByte(w.shell, c) >= 0 {
					shell = true
				}
				if w.splitShort != 0 && c == w.splitShort {
					return r.splitOperand(cmd, args, o.i, opts[j+1:], j+1 < len(opts))
				}
				if strings.IndexByte(w.valueShort, c) >= 0 {
					if j == len(opts)-1 {
						o.i++ // the value is the next word
					}
					break
				}
			}
		default:
			break scan
		}
	}
	if o.dynamic {
		return nil, true
	}
	i := o.i
	// env takes every word with an = in it before the command for a variable, whatever its name:
	// env A%B=1 rm runs rm.
	for w.assigns && i < len(args) && (isAssignment(args[i].Value) || !args[i].Dynamic && strings.Contains(args[i].Value, "=")) {
		if strings.HasPrefix(args[i].Value, "=") && len(args[i].Value) > 1 {
			r.command(slices.Clone(args[i:]), nil, depth+1) // zsh reads =rm as the rm its PATH finds
		}
		name, value, _ := strings.Cut(args[i].Value, "=")
		r.shellVar(name, Arg{Value: value, Dynamic: args[i].Dynamic}, depth) // env BASH_ENV='$(…)' bash
		r.exportedFunction(name, Arg{Value: value, Dynamic: args[i].Dynamic}, depth)
		i++
	}
	i += w.operands
	if i >= len(args) {
		if shell || w.noCommand && i == len(args) {
			return nil, r.stdin(cmd.Name, redirs, depth)
		}
		return nil, false
	}
	next = args[i:]
	if w.joined {
		return nil, r.eval(next, depth)
	}
	if w.reads {
		next = slices.Clone(next)
		// xargs -I R puts each item it reads where R stands: such a word is only known when the line
		// runs (xargs -I{} sh -c {} runs what it reads as a script).
		for _, rs := range xargsReplace(args[:i]) {
			for k := range next {
				if strings.Contains(next[k].Value, rs) {
					next[k].Dynamic = true
				}
			}
		}
		next = append(next, Arg{Value: "(arguments " + cmd.Name + " reads when the line runs)", Dynamic: true})
	}
	return next, true
}

// xargsReplace lists the replace strings xargs's options set: -I R and BSD's -J R, GNU's -i[R]
// and --replace[=R] (both {} when R is not given).
func xargsReplace(opts []Arg) []string {
	var rs []string
	for k := 0; k < len(opts); k++ {
		v := opts[k].Value
		switch {
		case v == "--replace":
			rs = append(rs, "{}")
		case strings.HasPrefix(v, "--replace="):
			rs = append(rs, v[len("--replace="):])
		case strings.HasPrefix(v, "--"):
		case strings.HasPrefix(v, "-") && len(v) > 1:
			for j := 1; j < len(v); j++ {
				c := v[j]
				if c == 'i' {
					rs = append(rs, cmp.Or(v[j+1:], "{}"))
					break
				}
				if c != 'I' && c != 'J' {
					if strings.IndexByte("adELnPs", c) >= 0 {
						if j == len(v)-1 {
							k++ // the value is the next word
						}
						break
					}
					continue
				}
				if j+1 < len(v) {
					rs = append(rs, v[j+1:])
				} else if k+1 < len(opts) {
					k++
					rs = append(rs, opts[k].Value)
				}
				break
			}
		}
	}
	return slices.DeleteFunc(rs, func(s string) bool { return s == "" })
}

// exportedFunction reads a variable that defines a function in the bash it starts:
// BASH_FUNC_ls%%='() { rm -rf /; }' bash -c ls runs that body as ls. The body is read, and a
// later command of that name is unresolved.
func (r *reader) exportedFunction(name string, value Arg, depth int) {
	fn, ok := strings.CutPrefix(name, "BASH_FUNC_")
	if !ok {
		return
	}
	fn = strings.TrimSuffix(fn, "%%")
	r.alias(fn)
	if value.Dynamic {
		r.unresolved("%s defines the function %s as %s, only known when the line runs", name, fn, value.Value)
		return
	}
	r.script("f "+value.Value, depth+1)
}

func isAssignment(s string) bool {
	name, _, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return false
	}
	for i, c := range name {
		if c != '_' && !('a' <= c && c <= 'z') && !('A' <= c && c <= 'Z') && (i == 0 || !('0' <= c && c <= '9')) {
			return false
		}
	}
	return true
}

// split reads env -S's string as the first words of the command it runs.
func (r *reader) split(name, value string, rest []Arg) ([]Arg, bool) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(value), "")
	if err != nil || len(f.Stmts) != 1 {
		r.unresolved("the string %s splits into %q cannot be read as one command", name, value)
		return nil, true
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(f.Stmts[0].Redirs) > 0 || len(call.Assigns) > 0 {
		r.unresolved("the string %s splits into %q cannot be read as one command", name, value)
		return nil, true
	}
	words := r.words(value, call.Args)
	return append(words, rest...), true
}

// eval runs its arguments, joined with spaces, as a script.
func (r *reader) eval(args []Arg, depth int) bool {
	parts := make([]string, 0, len(args))
	for _, a := range args {
		if a.Dynamic {
			r.unresolved("eval runs %s, only known when the line runs", a.Value)
			return true
		}
		parts = append(parts, a.Value)
	}
	r.script(strings.Join(parts, " "), depth+1)
	return true
}

// shell reads the script a shell runs: the operand after -c, or its standard input when it has no
// script file. A file operand is run like any other program: it is not a wrapper.
func (r *reader) shell(cmd Command, redirs []*syntax.Redirect, depth int) bool {
	c, stdin := false, false
	args := cmd.Args
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			if c {
				break // the script
			}
			r.unresolved("the arguments of %s include %s, only known when the line runs", cmd.Name, a.Value)
			return true
		}
		v := a.Value
		if v == "--" || v == "-" {
			i++
			break
		}
		if !strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "+") || len(v) == 1 {
			break
		}
		if strings.HasPrefix(v, "--") {
			if (v == "--rcfile" || v == "--init-file") && i+1 < len(args) {
				// Read when the shell is interactive (-i, or a terminal on its standard input).
				i++
				switch {
				case !r.withFiles() || r.files.Read == nil || r.maybe:
				case args[i].Dynamic:
					r.unresolved("%s reads its startup file %s, only known when the line runs", cmd.Name, args[i].Value)
				default:
					r.ran(runShell, args[i], depth)
				}
			}
			continue
		}
		opts := v[1:]
		for j := 0; j < len(opts); j++ {
			switch opts[j] {
			case 'c':
				c = true
			case 's':
				stdin = true
			case 'o', 'O':
				if j == len(opts)-1 {
					i++
				}
				j = len(opts)
			}
		}
	}
	if c {
		if i >= len(args) {
			return true // bash -c with no script runs nothing
		}
		if args[i].Dynamic {
			r.unresolved("%s -c runs %s, only known when the line runs", cmd.Name, args[i].Value)
			return true
		}
		r.script(args[i].Value, depth+1)
		return true
	}
	if i < len(args) && !stdin {
		if fd, ok := scriptFD(args[i].Value); ok {
			return r.fdScript(cmd.Name, redirs, fd, depth)
		}
		return false
	}
	return r.stdin(cmd.Name, redirs, depth)
}

// histExpand reports whether set's or a shell's options turn on history expansion: -H (in a
// cluster) or -o histexpand.
func histExpand(args []Arg) bool {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic || v == "--" || !strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "+"):
			return false
		case v == "-o" || v == "+o":
			if v == "-o" && i+1 < len(args) && args[i+1].Value == "histexpand" {
				return true
			}
			i++
		case strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Contains(v, "H"):
			return true
		}
	}
	return false
}

// scriptFD says which of the shell's file descriptors a script file named on a command line is:
// /dev/stdin is 0, /dev/fd/N and /proc/self/fd/N are N (bash /dev/fd/3 3<<< 'rm -rf /').
func scriptFD(p string) (string, bool) {
	if p == "/dev/stdin" {
		return "0", true
	}
	for _, dir := range []string{"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"} {
		if n, ok := strings.CutPrefix(p, dir); ok && n != "" && strings.Trim(n, "0123456789") == "" {
			return n, true
		}
	}
	return "", false
}

// trap runs its first operand as a script when the signal comes (or the shell exits); a lone operand,
// or -, resets.
func (r *reader) trap(args []Arg, depth int) bool {
	i := 0
	for i < len(args) && !args[i].Dynamic && strings.HasPrefix(args[i].Value, "-") && args[i].Value != "-" {
		if args[i].Value == "--" {
			i++
			break
		}
		if args[i].Value == "-l" || args[i].Value == "-p" {
			return false
		}
		i++
	}
	if len(args)-i < 2 {
		return false
	}
	if args[i].Dynamic {
		r.unresolved("trap runs %s, only known when the line runs", args[i].Value)
		return true
	}
	if args[i].Value != "-" {
		r.script(args[i].Value, depth+1)
	}
	return true
}

// callback reads the script mapfile and readarray run every -c lines (-C CALLBACK).
func (r *reader) callback(cmd Command, depth int) bool {
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic || !strings.HasPrefix(a.Value, "-") || a.Value == "--" {
			if a.Dynamic && i > 0 && args[i-1].Value == "-C" {
				r.unresolved("%s -C runs %s, only known when the line runs", cmd.Name, a.Value)
				return true
			}
			continue
		}
		opts := a.Value[1:]
		for j := 0; j < len(opts); j++ {
			if strings.IndexByte("dnOsu", opts[j]) >= 0 {
				if j == len(opts)-1 {
					i++
				}
				break
			}
			if opts[j] != 'C' {
				continue
			}
			script := opts[j+1:]
			if script == "" {
				if i+1 >= len(args) {
					return false
				}
				i++
				if args[i].Dynamic {
					r.unresolved("%s -C runs %s, only known when the line runs", cmd.Name, args[i].Value)
					return true
				}
				script = args[i].Value
			}
			r.script(script, depth+1)
			return true
		}
	}
	return false
}

// defines reads commands that make a name stand for another command: alias NAME=VALUE (VALUE is read
// as the script it becomes), hash -p PATH NAME, and enable -f FILE NAME (a builtin loaded from a
// shared object). A later command of that name is unresolved.
func (r *reader) defines(cmd Command, depth int) {
	args := cmd.Args
	switch cmd.Name {
	case "alias":
		for _, a := range args {
			if a.Dynamic {
				r.unresolved("alias defines %s, only known when the line runs", a.Value)
				continue
			}
			name, value, ok := strings.Cut(a.Value, "=")
			if !ok || strings.HasPrefix(a.Value, "-") {
				continue
			}
			r.alias(name)
			r.script(value, depth+1)
		}
	case "hash", "enable":
		flag := map[string]string{"hash": "p", "enable": "f"}[cmd.Name]
		loads := false
		for i, a := range args {
			switch {
			case a.Dynamic:
				if loads {
					r.unresolved("%s -%s names %s, only known when the line runs", cmd.Name, flag, a.Value)
					return
				}
			case strings.HasPrefix(a.Value, "-") && strings.Contains(a.Value[1:], flag):
				loads = true
			case loads && i > 0:
				r.alias(a.Value)
			}
		}
		if loads && cmd.Name == "enable" {
			r.unresolved("enable -f loads a builtin from a shared object, which can run anything")
		}
	}
}

// commandTable reads an assignment to BASH_CMDS or BASH_ALIASES, bash's tables of hashed commands
// and of aliases: BASH_CMDS[ls]=/bin/rm makes ls run rm, as hash -p does, and BASH_ALIASES[x]=VALUE
// defines an alias, as alias does. A later command of that name is unresolved.
func (r *reader) commandTable(src string, a *syntax.Assign, depth int) {
	if a.Name == nil || a.Name.Value != "BASH_CMDS" && a.Name.Value != "BASH_ALIASES" || r.tables[a] {
		return
	}
	if r.tables == nil {
		r.tables = map[*syntax.Assign]bool{}
	}
	r.tables[a] = true
	type entry struct {
		key   syntax.ArithmExpr
		value *syntax.Word
	}
	var entries []entry
	if a.Index != nil {
		entries = append(entries, entry{a.Index, a.Value})
	}
	if a.Array != nil {
		for _, e := range a.Array.Elems {
			entries = append(entries, entry{e.Index, e.Value})
		}
	}
	for _, e := range entries {
		w, _ := e.key.(*syntax.Word)
		key, ok := "", w != nil
		if ok {
			key, ok = literalWord(w)
		}
		if !ok {
			r.unresolved("%s gets an entry whose name is only known when the line runs, a command name it defines", a.Name.Value)
			continue
		}
		r.alias(key)
		if a.Name.Value == "BASH_ALIASES" && e.value != nil {
			if v, ok := literalWord(e.value); ok {
				r.script(v, depth+1)
			} else {
				r.unresolved("BASH_ALIASES[%s] makes an alias of %s, only known when the line runs", key, source(src, e.value))
			}
		}
	}
}

// source runs a file in the current shell: one that is the shell's standard input is read as a
// script; one only known when the line runs is unresolved; any other is run like a program.
func (r *reader) source(cmd Command, redirs []*syntax.Redirect, depth int) bool {
	args := cmd.Args
	if len(args) > 0 && args[0].Value == "--" && !args[0].Dynamic {
		args = args[1:]
	}
	if len(args) == 0 {
		return false
	}
	switch {
	case args[0].Dynamic:
		r.unresolved("%s runs the file %s, only known when the line runs", cmd.Name, args[0].Value)
		return true
	}
	if fd, ok := scriptFD(args[0].Value); ok {
		return r.fdScript(cmd.Name, redirs, fd, depth)
	}
	return false
}

// flock runs a command with a lock held: flock [options] FILE COMMAND [ARGS], or
// flock [options] FILE -c SCRIPT (-c may come before FILE).
func (r *reader) flock(cmd Command, depth int) ([]Arg, bool) {
	args := cmd.Args
	file := false
	o := r.options(cmd)
	for o.next() {
		if script, ok := commandOption(args, o.i); ok {
			if script == nil {
				return nil, false
			}
			r.runScript(cmd.Name+" -c", script, depth)
			return nil, true
		}
		v := args[o.i].Value
		switch {
		case v == "-w" || v == "--wait" || v == "--timeout" || v == "-E" || v == "--conflict-exit-code":
			o.i++
		case strings.HasPrefix(v, "-") && len(v) > 1 && v != "--":
		case !file:
			file = true
		default:
			return args[o.i:], true
		}
	}
	return nil, o.dynamic
}

// scriptOption reads the commands that take their command as one script: script -c SCRIPT [FILE]
// (with no -c, a shell reading standard input) and sg GROUP [-c] SCRIPT.
func (r *reader) scriptOption(cmd Command, redirs []*syntax.Redirect, depth int) bool {
	args := cmd.Args
	operands := 0
	o := r.options(cmd)
	for o.next() {
		a := args[o.i]
		v := a.Value
		script, isC := commandOption(args, o.i)
		switch {
		case isC:
		case strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.IndexByte(v, 'c') > 0:
			at := strings.IndexByte(v, 'c')
			if at+1 < len(v) {
				script = &Arg{Value: v[at+1:]}
			} else if o.i+1 < len(args) {
				script = &Arg{Value: args[o.i+1].Value, Dynamic: args[o.i+1].Dynamic}
			}
		case cmd.Name == "script" && len(v) == 2 && v[0] == '-' && strings.IndexByte("EIOBTmo", v[1]) >= 0:
			o.i++
			continue
		case strings.HasPrefix(v, "-") && len(v) > 1:
			continue
		default:
			operands++
			if cmd.Name == "sg" && operands == 2 {
				script = &a
			} else {
				continue
			}
		}
		r.runScript(cmd.Name, script, depth)
		return true
	}
	if o.dynamic {
		return true
	}
	if cmd.Name == "script" {
		return r.stdin(cmd.Name, redirs, depth)
	}
	return false
}

// stdin reads the script a shell takes from its standard input: a literal heredoc or here-string is
// read; anything else (a pipe, a file, the terminal) cannot be known.
func (r *reader) stdin(name string, redirs []*syntax.Redirect, depth int) bool {
	return r.fdScript(name, redirs, "0", depth)
}

// fdScript reads the script a shell takes from its file descriptor fd, as stdin does for 0.
func (r *reader) fdScript(name string, redirs []*syntax.Redirect, fd string, depth int) bool {
	for i := len(redirs) - 1; i >= 0; i-- {
		rd := redirs[i]
		if rd.N == nil && fd != "0" || rd.N != nil && rd.N.Value != fd {
			continue
		}
		if rd.Op == syntax.RdrIn && r.fileOnStdin(rd.Word, depth) {
			return true
		}
		switch rd.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			body, ok := heredoc(rd)
			if !ok {
				r.unresolved("%s reads a script from a here-document with expansions in it", name)
				return true
			}
			r.script(body, depth+1)
			return true
		case syntax.WordHdoc:
			ws := r.words("", []*syntax.Word{rd.Word})
			if len(ws) != 1 || ws[0].Dynamic {
				r.unresolved("%s reads a script from a here-string with expansions in it", name)
				return true
			}
			r.script(ws[0].Value, depth+1)
			return true
		case syntax.RdrIn, syntax.DplIn, syntax.RdrInOut:
			r.shellStdin = r.shellStdin || fd == "0"
			r.unresolved("%s reads its script from a file redirected to it", name)
			return true
		}
	}
	if fd != "0" {
		r.unresolved("%s reads its script from file descriptor %s", name, fd)
		return true
	}
	if r.catOnStdin(depth) {
		return true
	}
	r.shellStdin = r.shellStdin || r.stdinPiped
	r.unresolved("%s reads its script from standard input", name)
	return true
}

// fileOnStdin notes the file a shell reads its script from when the line names it (bash <
// scripts/clean.sh), to be read from disk as sh scripts/clean.sh is: false when the line reads no
// files, or the file is only known when it runs. /dev/null is an empty script.
func (r *reader) fileOnStdin(w *syntax.Word, depth int) bool {
	ws := r.words("", []*syntax.Word{w})
	if len(ws) != 1 || ws[0].Dynamic {
		return false
	}
	if ws[0].Value == "/dev/null" {
		return true
	}
	return r.withFiles() && r.files.Read != nil && r.ran(runShell, ws[0], depth) != nil
}

// catOnStdin notes the files a shell reads its script from through a pipe from cat that names
// them (cat scripts/clean.sh | sh), as fileOnStdin does; false for any other writer of the pipe
// (curl … | sh), a cat with options, or a file only known when the line runs.
func (r *reader) catOnStdin(depth int) bool {
	from := r.stdinFrom
	if from == nil || !r.withFiles() || r.files.Read == nil || len(from.Redirs) > 0 || from.Background || from.Negated {
		return false
	}
	call, ok := from.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Assigns) > 0 || len(call.Args) < 2 {
		return false
	}
	ws := r.words("", call.Args)
	if len(ws) != len(call.Args) || ws[0].Dynamic || ws[0].Value != "cat" {
		return false
	}
	for _, a := range ws[1:] {
		if a.Dynamic || strings.HasPrefix(a.Value, "-") {
			return false
		}
	}
	for _, a := range ws[1:] {
		if r.ran(runShell, a, depth) == nil {
			return false
		}
	}
	return true
}

// heredoc is the text a here-document gives its reader; false when it holds an expansion. With
// its delimiter unquoted, the shell removes a backslash before $, ` and \ and a backslash-newline
// first: bash <<EOF … \$c -rf x … EOF runs $c.
func heredoc(rd *syntax.Redirect) (string, bool) {
	w := rd.Hdoc
	if w == nil {
		return "", true
	}
	quoted := quotedDelimiter(rd.Word)
	var b strings.Builder
	for _, p := range w.Parts {
		lit, ok := p.(*syntax.Lit)
		if !ok {
			return "", false
		}
		if quoted || strings.IndexByte(lit.Value, '\\') < 0 {
			b.WriteString(lit.Value)
			continue
		}
		s := lit.Value
		for i := 0; i < len(s); i++ {
			if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\\\n", s[i+1]) >= 0 {
				i++
				if s[i] != '\n' {
					b.WriteByte(s[i])
				}
				continue
			}
			b.WriteByte(s[i])
		}
	}
	return b.String(), true
}

// runuserCommand is the command runuser -u USER [--] COMMAND runs directly, as sudo -u does; nil
// for su, for runuser without -u or with -c, and when no command follows (su reads those).
func runuserCommand(cmd Command) []Arg {
	if cmd.Name != "runuser" {
		return nil
	}
	user := false
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		switch v := a.Value; {
		case a.Dynamic:
			return nil
		case v == "--":
			if user && i+1 < len(cmd.Args) {
				return cmd.Args[i+1:]
			}
			return nil
		case v == "-u" || v == "--user":
			user = true
			i++
		case strings.HasPrefix(v, "--user="):
			user = true
		case v == "-c" || strings.HasPrefix(v, "--command") || strings.HasPrefix(v, "-c"):
			return nil
		case v == "-s" || v == "-g" || v == "-G" || v == "-w" || v == "--shell" || v == "--group" || v == "--supp-group" || v == "--whitelist-environment":
			i++
		case strings.HasPrefix(v, "-"):
		case user:
			return cmd.Args[i:]
		default:
			return nil
		}
	}
	return nil
}

// su and runuser run the command given with -c through the user's shell; without -c they run that
// shell, which reads its script from standard input.
func (r *reader) su(cmd Command, redirs []*syntax.Redirect, depth int) bool {
	args := cmd.Args
	o := r.options(cmd)
	for o.next() {
		v := args[o.i].Value
		script, isC := commandOption(args, o.i)
		switch {
		case isC:
		case strings.HasPrefix(v, "-c") && !strings.HasPrefix(v, "--"):
			script = &Arg{Value: v[2:]}
		case v == "-s" || v == "-g" || v == "-G" || v == "-w" || v == "--shell" || v == "--group" || v == "--supp-group":
			o.i++
			continue
		default:
			continue
		}
		r.runScript(cmd.Name+" -c", script, depth)
		return true
	}
	if o.dynamic {
		return true
	}
	return r.stdin(cmd.Name, redirs, depth)
}

// optionReader reads a command's arguments one at a time, for a loop over its options, as
// bufio.Scanner reads lines: for o.next() { … args[o.i] … }, and an option that takes the next word
// as its value steps over it with o.i++. An argument only known when the line runs could be any
// option, so next stops there, says so ("the arguments of su include $X, only known when the line
// runs") and sets dynamic: the caller then reads no further, and the command is unresolved.
type optionReader struct {
	r       *reader
	name    string
	args    []Arg
	i       int
	dynamic bool
}

func (r *reader) options(cmd Command) optionReader {
	return optionReader{r: r, name: cmd.Name, args: cmd.Args, i: -1}
}

// next steps to the next argument; false when there is none, or when it is only known at run time.
func (o *optionReader) next() bool {
	o.i++
	if o.i >= len(o.args) {
		return false
	}
	if a := o.args[o.i]; a.Dynamic {
		o.r.unresolved("the arguments of %s include %s, only known when the line runs", o.name, a.Value)
		o.dynamic = true
		return false
	}
	return true
}

// commandOption reads the option that gives a command its script, -c SCRIPT, --command SCRIPT or
// --command=SCRIPT, at args[i]; script is nil when the option ends the line.
func commandOption(args []Arg, i int) (script *Arg, ok bool) {
	switch v := args[i].Value; {
	case v == "-c" || v == "--command":
		if i+1 < len(args) {
			return &args[i+1], true
		}
		return nil, true
	case strings.HasPrefix(v, "--command="):
		return &Arg{Value: strings.TrimPrefix(v, "--command=")}, true
	}
	return nil, false
}

// runScript reads the script a command was given (what names the command, for the reason); nothing
// when it was given none, unresolved when it is only known at run time.
func (r *reader) runScript(what string, script *Arg, depth int) {
	switch {
	case script == nil:
	case script.Dynamic:
		r.unresolved("%s runs %s, only known when the line runs", what, script.Value)
	default:
		r.script(script.Value, depth+1)
	}
}

// find runs the command after each -exec, -execdir, -ok and -okdir, up to ; or +. It puts each
// file's name where {} stands: as the command's operand that is a file beneath find's start
// points, but a command name or a script holding {} is only known when the line runs (a file named
// $(rm -rf x).c runs rm in find . -exec sh -c 'cc {}' \;).
func (r *reader) find(args []Arg, depth int) {
	for i := 0; i < len(args); i++ {
		switch args[i].Value {
		case "-exec", "-execdir", "-ok", "-okdir":
		default:
			continue
		}
		j := i + 1
		for j < len(args) && args[j].Value != ";" && args[j].Value != "+" {
			j++
		}
		if j > i+1 {
			found := r.found
			r.found = true
			r.command(slices.Clone(args[i+1:j]), nil, depth+1)
			r.found = found
		}
		i = j
	}
}

// splitOperand splits env -S's string: the value attached to the option
// (-Sstring, --split-string=string), or else the next argument.
func (r *reader) splitOperand(cmd Command, args []Arg, i int, value string, attached bool) ([]Arg, bool) {
	if !attached {
		if i+1 >= len(args) {
			return nil, false
		}
		i++
		if args[i].Dynamic {
			r.unresolved("%s -S splits %s, only known when the line runs", cmd.Name, args[i].Value)
			return nil, true
		}
		value = args[i].Value
	}
	return r.split(cmd.Name, value, args[i+1:])
}

// runner is a program that runs a command given after its subcommand: a package runner (npx, npm
// exec), a tool that runs a command in a project's environment (uv run, poetry run, bundle exec,
// mise exec, conda run, pyenv exec) or with its secrets (dotenv, op run).
type runner struct {
	name     string
	subs     []string // the subcommands that run a command; none: the program itself does
	values   []string // options that take the next word as their value
	operands int      // words between the options and the command (direnv exec DIR, aws-vault exec PROFILE)
	script   []string // options whose value is a command line it runs (npm exec -c, mise exec --command)
	dashes   bool     // words before a -- are its own (mise exec node@20 -- COMMAND)
	command  []string // options after which its words are the command it runs (nix develop -c COMMAND)
	only     bool     // only those options and script's run a command: its other words are its own (nix-shell -p PKG)
	packages bool     // it runs a package's program, named with its version or not (npx nx@19)
}

// installedBin is the command a package runner runs, given from its package's name on: the
// package's program, the version after its name's @ left out (npx nx@latest runs nx, as corepack
// pnpm@9 runs pnpm; a scope's leading @ stays), and for npm, whose own option parser takes the
// first -- away wherever it stands, without it (npm exec nx -- run x runs nx run x).
func installedBin(rest []Arg, npm bool) []Arg {
	first := rest[0]
	if at := strings.LastIndexByte(first.Value, '@'); at > 0 && !first.Dynamic {
		first.Value = first.Value[:at]
	}
	if bin := packageBin(first.Value); bin != "" && !first.Dynamic {
		first.Value = bin
	}
	out := append([]Arg{first}, rest[1:]...)
	if npm {
		if at := slices.IndexFunc(out, func(a Arg) bool { return a.Value == "--" && !a.Dynamic }); at > 0 {
			out = slices.Delete(out, at, at+1)
		}
	}
	return out
}

// packageBin is the program a package runner runs for a package whose program hookrun reads and
// is not named as the package (without its scope, as npm, pnpm and yarn pick one of several):
// npx dotenv-cli runs dotenv, which gives its command the variables of .env. "" for the others,
// whose program is named as the package.
func packageBin(pkg string) string {
	switch pkg {
	case "dotenv-cli":
		return "dotenv"
	case "@go-task/cli":
		return "task"
	case "rust-just":
		return "just"
	case "gulp-cli":
		return "gulp"
	case "grunt-cli":
		return "grunt"
	case "@moonrepo/cli":
		return "moon"
	case "@nrwl/cli":
		return "nx"
	case "@pnpm/exe":
		return "pnpm"
	case "@yarnpkg/cli-dist":
		return "yarn"
	}
	return ""
}

// installedAs is what a tool hookrun reads is also installed as: the words of the command the
// name runs (yarn's yarnpkg, pnpm 10's pn and pnx, concurrently's conc, dotenvx's dx, moon's
// moonx, which runs a task, and @antfu/ni's nr, na, nlx, ni and nci, which run a script, the
// package manager, a package, an install and a clean install, read as npm's); nil for others.
func installedAs(name string) []string {
	switch name {
	case "yarnpkg":
		return []string{"yarn"}
	case "bundler":
		return []string{"bundle"}
	case "pn":
		return []string{"pnpm"}
	case "pnx":
		return []string{"pnpx"}
	case "conc":
		return []string{"concurrently"}
	case "dx":
		return []string{"dotenvx"}
	case "moonx":
		return []string{"moon", "run"}
	case "nr":
		return []string{"npm", "run"}
	case "na":
		return []string{"npm"}
	case "nlx":
		return []string{"npx"}
	case "ni":
		return []string{"npm", "install"}
	case "nci":
		return []string{"npm", "ci"}
	}
	return nil
}

var npmScript = []string{"-c", "--call"}

var npmValues = []string{"-p", "--package", "-w", "--workspace", "--registry", "--cache", "--prefix", "--userconfig", "--node-options", "--cwd"}

// runners, found by name in runnerOf (a slice, laid out by the linker; see wrappers).
var runners = []runner{
	{name: "asdf", subs: []string{"exec"}},
	{name: "aws-vault", subs: []string{"exec"}, values: []string{"-d", "--duration", "-t", "--mfa-token", "-r", "--region"}, operands: 1},
	{name: "bun", subs: []string{"x"}, values: npmValues, script: npmScript, packages: true},
	{name: "bundle", subs: []string{"exec"}, values: []string{"--gemfile"}},
	{name: "bunx", values: npmValues, script: npmScript, packages: true},
	{name: "conda", subs: []string{"run"}, values: []string{"-n", "--name", "-p", "--prefix", "--cwd"}},
	{name: "devbox", subs: []string{"run"}, values: []string{"-c", "--config", "-e", "--env", "--env-file", "--environment"}},
	{name: "direnv", subs: []string{"exec"}, operands: 1},
	{name: "doppler", subs: []string{"run"}, values: []string{"-p", "--project", "-c", "--config", "--token", "--mount"}, script: []string{"--command"}},
	{name: "dotenv", values: []string{"-e", "-v", "-c"}},
	{name: "dotenvx", subs: []string{"run"}, values: []string{"-f", "--env-file", "-fv", "--env-vault-file", "-e", "--env",
		"-fk", "--env-keys-file", "--convention"}, dashes: true},
	{name: "env-cmd", values: []string{"-f", "--file", "-e", "--environments", "-r", "--rc-file"}},
	{name: "fnm", subs: []string{"exec"}, values: []string{"--using", "--node-dist-mirror", "--fnm-dir", "--log-level", "--arch",
		"--version-file-strategy"}},
	{name: "goenv", subs: []string{"exec"}},
	{name: "hatch", subs: []string{"run"}, values: []string{"-e", "--env"}},
	{name: "infisical", subs: []string{"run"}, values: []string{"--env", "--path", "--projectId", "--token"}, script: []string{"--command"}},
	{name: "mamba", subs: []string{"run"}, values: []string{"-n", "--name", "-p", "--prefix", "--cwd"}},
	{name: "micromamba", subs: []string{"run"}, values: []string{"-n", "--name", "-p", "--prefix", "--cwd"}},
	{name: "mise", subs: []string{"exec", "x"}, values: []string{"-C", "--cd", "-j", "--jobs", "-E", "--env"}, script: []string{"-c", "--command"}, dashes: true},
	{name: "nix", subs: []string{"develop", "shell"}, command: []string{"-c", "--command"}, only: true},
	{name: "nix-shell", script: []string{"--run", "--command"}, only: true},
	{name: "nodenv", subs: []string{"exec"}},
	{name: "npm", subs: []string{"exec", "x"}, values: npmValues, script: npmScript, packages: true},
	{name: "npx", values: npmValues, script: npmScript, packages: true},
	{name: "op", subs: []string{"run"}, values: []string{"--env-file", "--account"}},
	{name: "pdm", subs: []string{"run"}, values: []string{"-p", "--project"}},
	{name: "pipenv", subs: []string{"run"}},
	{name: "pixi", subs: []string{"run", "exec"}, values: []string{"-e", "--environment", "--manifest-path", "-s", "--spec",
		"-c", "--channel", "--platform"}},
	{name: "pnpm", subs: []string{"exec", "dlx"}, values: npmValues, script: npmScript, packages: true},
	{name: "pnpx", values: npmValues, script: npmScript, packages: true},
	{name: "poetry", subs: []string{"run"}, values: []string{"-C", "--directory", "-P", "--project"}},
	{name: "pyenv", subs: []string{"exec"}},
	{name: "rbenv", subs: []string{"exec"}},
	{name: "rye", subs: []string{"run"}, values: []string{"--pyproject"}},
	{name: "uv", subs: []string{"run"}, values: []string{"--with", "-w", "--with-editable", "--with-requirements", "-p", "--python",
		"--package", "--extra", "--group", "--only-group", "--index", "--index-url", "--extra-index-url", "--directory",
		"--project", "--env-file", "--from", "--cache-dir", "--config-file"}},
	{name: "uvx", values: []string{"--from", "--with", "-w", "--with-editable", "--with-requirements", "-p", "--python",
		"--index", "--index-url", "--extra-index-url", "--directory", "--project", "--cache-dir", "--config-file"}},
	{name: "volta", subs: []string{"run"}, values: []string{"--node", "--npm", "--pnpm", "--yarn", "--env"}},
	{name: "yarn", subs: []string{"exec", "dlx"}, values: npmValues, script: npmScript, packages: true},
}

// runnerOf returns the runner cmd is, and the arguments after its subcommand: the first argument
// that names one, wherever it stands (npm --prefix . exec rm: options may come before it).
func runnerOf(cmd Command) (*runner, []Arg) {
	i, ok := findName(len(runners), cmd.Name, func(i int) string { return runners[i].name }) // as wrapperOf
	if !ok {
		return nil, nil
	}
	rn := &runners[i]
	if len(rn.subs) == 0 {
		return rn, cmd.Args
	}
	for j, a := range cmd.Args {
		if a.Dynamic || a.Value == "--" {
			return nil, nil
		}
		if slices.Contains(rn.subs, a.Value) {
			return rn, cmd.Args[j+1:]
		}
	}
	return nil, nil
}

// packageRun returns the command a runner runs; a command line given with -c, --call or --command
// is read as a script.
func (r *reader) packageRun(cmd Command, rn *runner, args []Arg, depth int) ([]Arg, bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, value, hasValue := strings.Cut(a.Value, "=")
		switch {
		case a.Dynamic:
			r.unresolved("the arguments of %s include %s, only known when the line runs", cmd.Name, a.Value)
			return nil, true
		case a.Value == "--":
			if rn.packages && i+1 < len(args) {
				return installedBin(args[i+1:], false), true // npm exec -- nx@19 x: npm took the -- away
			}
			return args[i+1:], true
		case slices.Contains(rn.script, name):
			if !hasValue {
				if i+1 >= len(args) || args[i+1].Dynamic {
					r.unresolved("%s %s runs a command line only known when the line runs", cmd.Name, name)
					return nil, true
				}
				value = args[i+1].Value
			}
			r.script(value, depth+1)
			return nil, true
		case slices.Contains(rn.command, a.Value):
			return args[i+1:], true
		case slices.Contains(rn.values, name) && !hasValue:
			i++
		case strings.HasPrefix(a.Value, "-") || rn.only:
		default:
			rest := args[i:]
			if rn.packages {
				rest = installedBin(rest, cmd.Name == "npm")
			}
			if at := slices.IndexFunc(rest, func(a Arg) bool { return a.Value == "--" && !a.Dynamic }); rn.dashes && at >= 0 {
				return rest[at+1:], true
			}
			if rn.operands >= len(rest) {
				return nil, true
			}
			rest = rest[rn.operands:]
			if len(rest) > 0 && rest[0].Value == "--" && rn.operands > 0 {
				rest = rest[1:]
			}
			if cmd.Name == "uv" && len(rest) > 0 && (strings.HasSuffix(rest[0].Value, ".py") || strings.HasSuffix(rest[0].Value, ".pyw")) {
				// uv run x.py runs python x.py, not the file as a program: a shell never reads it
				return append([]Arg{{Value: "python3"}}, rest...), true
			}
			return rest, true
		}
	}
	return nil, true
}

// wrapperFiles names the files a wrapper itself writes: its log or trace (strace -o, ltrace -o,
// time -o, script's typescript and logs, xvfb-run's auth and error files), nohup.out, the lock file
// flock opens, creating it (strace -o .system/hooks/x.yaml true makes a hook file), and the value
// of each of its own --option=VALUE words, as an operand's is: unshare --mount=FILE mounts the
// namespace over FILE. next is the command it runs.
func (r *reader) wrapperFiles(cmd Command, next []Arg) {
	own := cmd.Args
	if len(next) <= len(own) {
		own = own[:len(own)-len(next)]
	}
	for _, a := range own {
		if _, v, ok := strings.Cut(a.Value, "="); ok && !a.Dynamic && strings.HasPrefix(a.Value, "--") {
			r.path(v)
		}
	}
	var short, skip string // options whose value is a file written; other options that take a value
	var long []string
	operand := false // the first operand is a file written (flock's lock, script's typescript)
	switch cmd.Name {
	case "nohup", "gnohup":
		// Where its output is a terminal; hookrun cannot tell, so it is named.
		r.path("nohup.out")
		return
	case "strace", "ltrace", "time", "gtime":
		short, long = "o", []string{"--output"}
	case "script":
		short, skip, long, operand = "IOBT", "cEm", []string{"--log-in", "--log-out", "--log-io", "--log-timing"}, true
	case "xvfb-run":
		short, long = "fe", []string{"--auth-file", "--error-file"}
	case "flock":
		skip, operand = "wEc", true
	default:
		return
	}
	if w, ok := wrapperOf(cmd.Name); ok {
		skip += w.valueShort
	}
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		next := func() {
			if i+1 < len(args) {
				i++
				if args[i].Dynamic {
					r.unknownPath(args[i].Value)
				} else {
					r.path(args[i].Value)
				}
			}
		}
		switch {
		case args[i].Dynamic:
			return
		case v == "--":
			if operand && i+1 < len(args) && !args[i+1].Dynamic {
				r.path(args[i+1].Value)
			}
			return
		case strings.HasPrefix(v, "--"):
			name, value, hasValue := strings.Cut(v, "=")
			if slices.Contains(long, name) {
				if hasValue {
					r.path(value)
				} else {
					next()
				}
			}
		case strings.HasPrefix(v, "-") && len(v) > 1:
			for j := 1; j < len(v); j++ {
				c := v[j]
				if strings.IndexByte(short, c) >= 0 {
					if j+1 < len(v) {
						r.path(v[j+1:])
					} else {
						next()
					}
					break
				}
				if strings.IndexByte(skip, c) >= 0 {
					if j+1 == len(v) {
						i++
					}
					break
				}
			}
		default:
			if operand && (cmd.Name != "flock" || strings.Trim(v, "0123456789") != "") {
				r.path(v)
			}
			return
		}
	}
}
