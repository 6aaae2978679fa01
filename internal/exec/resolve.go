package exec

import (
	"context"
	"errors"
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
)

// Shell runs handler commands that need one.
const Shell = "/bin/sh"

// NeedsShell reports whether a command line uses anything beyond a plain
// path: spaces, quotes, variables, redirections, globs. A plain path is
// executed directly, which saves starting a shell on every event.
func NeedsShell(command string) bool {
	for _, r := range command {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		case strings.ContainsRune("/._-+,:@", r):
		default:
			return true
		}
	}
	return false
}

// Resolve returns the program to execute and its argv. With args (hasArgs),
// command is the program, run without a shell. Without args, a plain path
// is run directly and anything else by /bin/sh -c. A program path that
// starts with ./ or ../ resolves against dir (the project root); a bare name
// resolves through PATH, else to dir/name when that file exists, and is an
// error when it is both (an executable dir/name) and hookrun cannot tell
// which one the hook means. tree is the
// project's work tree ("" for dir): no directory of it on PATH is searched.
func Resolve(command string, args []string, hasArgs bool, dir, tree string) (string, []string, error) {
	if !hasArgs && NeedsShell(command) {
		argv := []string{"sh", "-c", command}
		// sh finds the line's program on PATH; a file of that name in the
		// root may be the one its author meant (check --strict), and a
		// program put on PATH then answered for the guard.
		if first, ok := firstProgram(command); ok && !slices.Contains(shellWords, first) && !strings.ContainsAny(first, "/"+string(filepath.Separator)) {
			var amb *AmbiguousError
			if _, err := resolveProgram(first, dir, tree); errors.As(err, &amb) {
				return Shell, argv, err
			}
		}
		return Shell, argv, shellAvailable(command)
	}
	argv := append([]string{command}, args...)
	path, err := resolveProgram(command, dir, tree)
	return path, argv, err
}

// Program resolves a program name the way Resolve does, in the project
// whose root is dir. PATH comes before the project root, as in a shell:
// the root is the repository's, and a file an agent writes there (a new
// file in no guarded directory) must not become the sh, python3 or node
// that a guard runs. For the same reason no directory of the project on
// PATH is searched (see TrustedPATH).
func Program(name, dir string) (string, error) { return resolveProgram(name, dir, dir) }

func resolveProgram(name, dir, tree string) (string, error) {
	switch {
	case filepath.IsAbs(name):
		return name, nil
	case strings.ContainsAny(name, "/"+string(filepath.Separator)):
		return filepath.Join(dir, name), nil
	}
	if tree == "" {
		tree = dir
	}
	path, inTree, ok := lookPath(name, tree)
	local := filepath.Join(dir, name)
	st, serr := os.Stat(local)
	inRoot := serr == nil && !st.IsDir()
	switch {
	case ok && inRoot && (st.Mode()&0o111 != 0 || runtime.GOOS == "windows"):
		// Either one could be what the hook means: a guard declared as
		// "command: check.sh" for the root's check.sh, or "python3" for
		// the system's. Taking PATH's let a check.sh an agent put on PATH
		// (~/.local/bin) answer for the project's guard; taking the root's
		// would let a file an agent writes there stand in for python3.
		return name, &AmbiguousError{Name: name, OnPATH: path, Root: dir}
	case ok:
		return path, nil
	case inRoot:
		return local, nil
	}
	if inTree != "" {
		return name, fmt.Errorf("command not found: %s is on PATH only in %s, a directory of the project (%s), whose files an agent may write: hookrun runs no guard's program from there. Install it outside the project, or name it by its path in handler.command", name, filepath.Dir(inTree), tree)
	}
	return name, fmt.Errorf("command not found: %s is neither in the project root %s nor on PATH", name, dir)
}

// AmbiguousError is a bare program name that is both on PATH and an
// executable file in the project root: either could be what a hook means.
type AmbiguousError struct{ Name, OnPATH, Root string }

func (e *AmbiguousError) Error() string {
	return fmt.Sprintf("ambiguous command: %s is both %s on PATH and a file in the project root %s, and hookrun cannot tell which one the hook means (a program put on PATH must not take the place of the project's guard, nor a file of the repository the place of a program): name the project's file ./%s, or the program by its path, %s", e.Name, e.OnPATH, e.Root, e.Name, e.OnPATH)
}

// LookPath finds the program name (a bare name) on PATH as a handler's
// is found, and only there: in an absolute directory outside tree (the
// work tree whose files an agent writes), never in the working directory
// or the project's .venv/bin. For the programs hookrun itself runs (git).
func LookPath(name, tree string) (string, error) {
	path, inTree, ok := lookPath(name, tree)
	switch {
	case ok:
		return path, nil
	case inTree != "":
		return "", fmt.Errorf("%s is on PATH only in %s, a directory of the project (%s), whose files an agent may write: hookrun runs no program of its own from there; install it outside the project", name, filepath.Dir(inTree), realDir(tree))
	}
	return "", fmt.Errorf("%s is not on PATH", name)
}

// lookPath finds name in PATH's trusted directories (TrustedPATH's): an
// absolute one outside the project's work tree. When it is found only in
// a directory of the project, inTree is that file.
func lookPath(name, tree string) (path, inTree string, ok bool) {
	tree = realDir(tree)
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		if !filepath.IsAbs(d) {
			continue
		}
		at, trusted := place(d, tree)
		if !trusted {
			at = d
		}
		p, err := osexec.LookPath(filepath.Join(at, name))
		switch {
		case err != nil:
		case !trusted:
			if inTree == "" {
				inTree = p
			}
		default:
			return p, "", true
		}
	}
	return "", inTree, false
}

// place is where an absolute entry d of a search list may be used from,
// and false when it must not be (it lies in tree, resolved): d itself, or
// where it leads when it is a link inside tree that leads out (bin ->
// /opt/tools), which the agent could turn toward a directory of its own
// between hookrun's look and the process's.
func place(d, tree string) (string, bool) {
	real := realDir(d)
	if inside(real, tree) {
		return "", false
	}
	if inside(filepath.Clean(d), tree) {
		return real, true
	}
	return d, true
}

// inside reports whether the place d (absolute, its links already
// followed as far as the caller wants) is tree or lies in it (tree
// resolved by realDir; "" is no tree). A place that does not exist yet is
// placed by its nearest existing parent (realDir): an agent can make it.
func inside(d, tree string) bool {
	if tree == "" {
		return false
	}
	if foldsCase() {
		d, tree = strings.ToLower(d), strings.ToLower(tree)
	}
	rel, err := filepath.Rel(tree, d)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// foldsCase reports whether the usual file systems of this system ignore
// case (macOS's, Windows's): /Users/me/Proj/.venv/bin is then in /users/me/proj.
func foldsCase() bool { return runtime.GOOS == "darwin" || runtime.GOOS == "windows" }

// realDirs holds realDir's answers for this process, d: its real place.
// Every handler hookrun starts has each entry of PATH placed (TrustedPATH,
// lookPath), a few stats per component of each: for 100 hooks, eight
// thousand stats of the same directories. The first answer stands for the
// rest of the process, and is as safe as a fresh one: what is passed on is
// the place a link led to, never the link, so turning it later changes
// nothing hookrun starts.
var realDirs sync.Map

// realDir is d with the links on its way followed, as far as it exists;
// "" stays "". The first answer for d is kept (realDirs).
func realDir(d string) string {
	if d == "" {
		return ""
	}
	if r, ok := realDirs.Load(d); ok {
		return r.(string)
	}
	r := realDirNow(d)
	realDirs.Store(d, r)
	return r
}

// realDirNow is realDir, looked up now.
func realDirNow(d string) string {
	d = filepath.Clean(d)
	if filepath.IsAbs(d) && noLinks(d) {
		return d
	}
	return realDirWalk(d)
}

// realDirWalk is realDirNow the portable way, d clean: its links followed
// component by component, and what does not exist yet joined back on.
func realDirWalk(d string) string {
	rest := ""
	for {
		if r, err := filepath.EvalSymlinks(d); err == nil {
			return filepath.Join(r, rest)
		}
		up := filepath.Dir(d)
		if up == d {
			return filepath.Join(d, rest)
		}
		rest = filepath.Join(filepath.Base(d), rest)
		d = up
	}
}

// TrustedPATH returns env with the entries of its PATH that name a
// directory of the repository dropped, for every process hookrun starts:
// relative ones (".", an empty one, "bin": relative to wherever the process
// runs, usually the project) and those inside tree, the project's work tree
// (an activated .venv/bin, node_modules/.bin, a PATH_add of direnv's). What
// a #!/usr/bin/env line or a guard's own commands look up is then found as
// lookPath finds a bare name, never in files an agent writes as ordinary
// work: ln -sf /bin/true .venv/bin/python3 must not make every python guard
// answer allow. A link of the project that leads out of it is passed on
// as the place it leads to (place). The same holds for the lists of files
// and directories that a program loads code from before its own
// (loadVars).
func TrustedPATH(env []string, tree string) []string {
	tree = realDir(tree)
	out := env
	dropped := false
	for i, kv := range env {
		name, value, _ := strings.Cut(kv, "=")
		seps := string(filepath.ListSeparator)
		switch {
		case slices.Contains(startupDirs, name):
			at, ok := "", false
			if filepath.IsAbs(value) {
				at, ok = place(value, tree)
			}
			if ok && at == value {
				continue
			}
			if len(out) > 0 && &out[0] == &env[0] {
				out = slices.Clone(env)
			}
			if out[i], dropped = name+"="+at, dropped || !ok; !ok {
				out[i] = "" // unset: zsh reads /.zshenv for an empty ZDOTDIR
			}
			continue
		case pathVar(name):
		case slices.Contains(loadVars, name):
			if name == "LD_PRELOAD" {
				seps += " " // ld.so's list is separated by spaces too
			}
		default:
			continue
		}
		entries := strings.FieldsFunc(value, func(r rune) bool { return strings.ContainsRune(seps, r) })
		kept := make([]string, 0, len(entries))
		for _, d := range entries {
			if !filepath.IsAbs(d) {
				continue
			}
			if at, ok := place(d, tree); ok {
				kept = append(kept, at)
			}
		}
		if slices.Equal(kept, strings.Split(value, seps[:1])) {
			continue // nothing dropped or pinned, and no empty entry, which is the working directory
		}
		if len(out) > 0 && &out[0] == &env[0] {
			out = slices.Clone(env)
		}
		out[i] = name + "=" + strings.Join(kept, seps[:1])
	}
	if dropped {
		out = slices.DeleteFunc(out, func(kv string) bool { return kv == "" })
	}
	return out
}

// startupDirs name the one directory a shell reads its startup files from
// before the script it was started for, scripts included: zsh's
// $ZDOTDIR/.zshenv, fish's config.fish and PowerShell's profile under
// XDG_CONFIG_HOME. One that names a place of the project (a repository
// shipping ZDOTDIR=zsh in its .env and zsh/.zshenv holding exit 0 made
// every zsh guard answer allow) is unset for the processes hookrun starts;
// they then read the person's own, beneath HOME.
var startupDirs = []string{"ZDOTDIR", "XDG_CONFIG_HOME"}

// LoadsFromOutside reports whether name is one of the lists of places a
// program loads code from before its own (loadVars), or the directory a
// shell reads its startup files from (startupDirs), and value keeps an
// entry once TrustedPATH has dropped those of tree: an absolute place
// outside the project (LD_PRELOAD=/tmp/x.so), which the processes hookrun
// starts are given. Such a value must be the person's.
func LoadsFromOutside(name, value, tree string) bool {
	if !slices.Contains(loadVars, name) && !slices.Contains(startupDirs, name) || value == "" {
		return false
	}
	kept := TrustedPATH([]string{name + "=" + value}, tree)
	if len(kept) == 0 {
		return false
	}
	_, v, _ := strings.Cut(kept[0], "=")
	return v != ""
}

// loadVars hold lists of places a program loads code from before its own:
// the dynamic loader's libraries (every dynamically linked handler, /bin/sh
// too, runs them first) and the interpreters' module paths, which come
// before their standard libraries (PYTHONPATH=src, and a json.py an agent
// writes in src/ is the json a python guard imports). One that names a
// place of the project (LD_PRELOAD=./x.so, LD_LIBRARY_PATH=:/usr/lib, whose
// empty entry is the working directory) would run the repository's code
// inside every guard.
var loadVars = []string{
	"LD_PRELOAD", "LD_AUDIT", "LD_LIBRARY_PATH", "GCONV_PATH", "DYLD_INSERT_LIBRARIES", "DYLD_LIBRARY_PATH", "DYLD_FRAMEWORK_PATH",
	"PYTHONPATH", "PYTHONHOME", "PYTHONUSERBASE", "NODE_PATH", "PERL5LIB", "PERLLIB", "RUBYLIB",
}

// WithoutShellStartup returns env without the variables a shell acts on
// as it starts, before the script it was started for: a file to source
// first (BASH_ENV, and ENV for sh), options (SHELLOPTS, BASHOPTS: xtrace,
// with a PS4 that holds a command substitution, runs it before every
// line), that prompt (PS4), and the functions bash exports
// (BASH_FUNC_name%%), which bash takes over the commands of the same name,
// builtins such as exit too. Any of them in hookrun's environment (an
// agent gives its hooks the env of the project's settings) would run a
// file of the repository inside every bash guard, or turn its exit 2
// into exit 0. Every process hookrun starts gets env without them.
func WithoutShellStartup(env []string) []string {
	drop := func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "BASH_ENV", "ENV", "SHELLOPTS", "BASHOPTS", "PS4":
			return true
		}
		return strings.HasPrefix(name, "BASH_FUNC_")
	}
	if !slices.ContainsFunc(env, drop) {
		return env
	}
	return slices.DeleteFunc(slices.Clone(env), drop)
}

// Check reports why a handler command cannot be started, or nil when it
// looks startable: the program exists, is a file, and is executable. For a
// shell line it checks the program the line runs first when sh expands
// nothing in its name (firstProgram).
func Check(command string, args []string, hasArgs bool, dir string) error {
	if err := windowsPath(command, hasArgs, dir); err != nil {
		return err
	}
	prog := command
	if line, ok := ShellLine(command, args); ok && hasArgs {
		if path, err := Program(command, dir); err == nil {
			if err := shellSyntax(context.Background(), syntaxCheckLimit, path, filepath.Base(command), line, "the line it runs with -c (handler.args)"); err != nil {
				return err
			}
		}
	}
	if !hasArgs && NeedsShell(command) {
		if err := shellAvailable(command); err != nil {
			return err
		}
		if err := shellSyntax(context.Background(), syntaxCheckLimit, Shell, "sh", command, "this command line"); err != nil {
			return err
		}
		if err := innerSyntax(context.Background(), syntaxCheckLimit, command, dir, dir); err != nil {
			return err
		}
		first, ok := firstProgram(command)
		if !ok || slices.Contains(shellWords, first) {
			return nil // too dynamic to check without running it
		}
		prog = first
	}
	path, err := Program(prog, dir)
	if err != nil {
		return err
	}
	if prog != command && !strings.ContainsAny(prog, "/"+string(filepath.Separator)) && path == filepath.Join(dir, prog) {
		// sh looks a bare name up on PATH only: the root's file is not
		// what it runs, and a program of that name put on PATH would be.
		return fmt.Errorf("command not found: sh looks %s up on PATH, where it is not, and does not run the file of that name in the project root: name it ./%s", prog, prog)
	}
	st, err := os.Stat(path)
	switch {
	case err != nil:
		return notFound(Display(path, dir))
	case st.IsDir():
		return fmt.Errorf("%s is a directory, not a command", Display(path, dir))
	case !st.Mode().IsRegular():
		return notRegular(Display(path, dir), st.Mode())
	case !executable(path, st):
		return notExecutable(Display(path, dir))
	}
	if err := missingScript(command, args, hasArgs, dir); err != nil {
		return err
	}
	sb, ok := readShebang(path)
	switch {
	case !ok && runtime.GOOS != "windows" && isText(path):
		return noShebang(path, Display(path, dir))
	case !ok:
		return nil
	case sb.crlf || sb.interp == "":
		return notStartable(path, Display(path, dir))
	}
	if err := interpreterInTree(path, dir, dir); err != nil {
		return err
	}
	if _, err := os.Stat(sb.interp); err != nil && filepath.IsAbs(sb.interp) {
		return notStartable(path, Display(path, dir))
	}
	if err := envInterpreter(Display(path, dir), sb, dir); err != nil {
		return err
	}
	return shellCRLF(path, Display(path, dir), sb)
}

// envInterpreter says when a script's #! line runs its interpreter
// through env (#!/usr/bin/env python3) and env would not find it on the
// PATH a handler gets (outside the project): the script then fails with
// status 127, which from a blocking hook is a deny of every call it
// guards. An option after env (-S) is not looked into.
func envInterpreter(shown string, sb shebang, dir string) error {
	if filepath.Base(sb.interp) != "env" || sb.arg == "" || strings.HasPrefix(sb.arg, "-") || strings.ContainsAny(sb.arg, "=/") {
		return nil
	}
	if _, err := LookPath(sb.arg, dir); err != nil {
		return fmt.Errorf("%s runs %s through env on its #! line, but %v: install it, or name the interpreter by its path on the #! line", shown, sb.arg, err)
	}
	return nil
}

// interpreterInTree says when the script at path, run from dir, names on
// its #! line an interpreter inside tree, the project's work tree: the
// kernel starts that file, which an agent may write (cp /bin/true
// .venv/bin/python3 is ordinary work to every guard), and each answer of
// the guard would then be the agent's. That is a path into the tree, one
// the kernel resolves from dir (#!.venv/bin/python3, and #!python3, which
// is ./python3 there), a link outside that leads in, and the program env
// runs when it is given as a path (#!/usr/bin/env -S .venv/bin/python3):
// env finds a bare name on the PATH a handler gets, from which the
// project's directories are gone already (TrustedPATH). Not on Windows,
// which reads no #! line.
func interpreterInTree(path, dir, tree string) error {
	if runtime.GOOS == "windows" || tree == "" || path == "" {
		return nil
	}
	sb, ok := readShebang(path)
	if !ok || sb.interp == "" {
		return nil
	}
	names := []string{sb.interp}
	if prog := envProgram(sb); strings.Contains(prog, "/") {
		names = append(names, prog)
	}
	for _, name := range names {
		at := name
		if !filepath.IsAbs(at) {
			at = filepath.Join(dir, at)
		}
		if inside(filepath.Clean(at), filepath.Clean(tree)) || inside(realDirNow(at), realDir(tree)) {
			return fmt.Errorf("bad interpreter: %s names %s on its #! line, a file of the project (%s), whose files an agent may write: hookrun runs no guard's interpreter from there unseen. Name one outside the project (#!/usr/bin/env python3 finds it on PATH outside it), or name this one in handler.command with the script in handler.args, where validate says whether a guard keeps agents from changing it", Display(path, dir), name, tree)
		}
	}
	return nil
}

// startedScript is the file whose #! line the kernel reads when the
// handler of s starts, path resolved: path itself, or for a shell line
// (./scripts/hooks/guard.py --strict, sh -c '…' in handler.args) the
// program it runs first, when sh expands nothing in its name
// (firstProgram); "" when that is not known.
func startedScript(s Spec, path string) string {
	line, ok := ShellLine(s.Command, s.Args)
	switch {
	case !s.HasArgs && NeedsShell(s.Command):
		line = s.Command
	case !ok || !s.HasArgs:
		return path
	}
	first, ok := firstProgram(line)
	if !ok || slices.Contains(shellWords, first) {
		return ""
	}
	p, err := resolveProgram(first, s.Dir, s.tree())
	if err != nil {
		return ""
	}
	return p
}

// envProgram is the program a #! line that runs env has it start: the
// first word after env's options and NAME=VALUE settings, read as env's
// getopt reads them (short options clustered, -vS./tool; a long one by a
// unique prefix, --split=./tool; -S's words read again as env's own);
// "" when the line does not run env.
func envProgram(sb shebang) string {
	if filepath.Base(sb.interp) != "env" {
		return ""
	}
	words := slices.Clone(sb.words)
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "--":
			if i+1 < len(words) {
				return words[i+1]
			}
			return ""
		case strings.HasPrefix(w, "--"):
			name, value, hasValue := strings.Cut(w[2:], "=")
			switch long := envLongOption(name); {
			case long == "split-string" && hasValue:
				words[i], i = value, i-1 // its words are env's own
			case long != "" && !hasValue && long != "split-string":
				i++ // its value
			}
		case strings.HasPrefix(w, "-"):
			for j := 1; j < len(w); j++ {
				if !strings.ContainsRune("uCSa", rune(w[j])) {
					continue // -i, -0, -v, or one env refuses
				}
				switch rest := w[j+1:]; {
				case w[j] == 'S' && rest != "":
					words[i], i = rest, i-1 // -S.venv/bin/python3: its words are env's own
				case rest == "" && w[j] != 'S':
					i++ // its value; -S's words follow as words
				}
				break
			}
		case strings.Contains(w, "="):
		default:
			return w
		}
	}
	return ""
}

// envLongOption is the option of env's that takes a value which a long
// option's name (a unique prefix is enough) spells, or "".
func envLongOption(name string) string {
	if name == "" {
		return ""
	}
	var match []string
	for _, o := range []string{"ignore-environment", "null", "unset", "chdir", "split-string", "block-signal", "default-signal", "ignore-signal", "list-signal-handling", "debug", "help", "version", "argv0"} {
		if o == name {
			match = []string{o}
			break
		}
		if strings.HasPrefix(o, name) {
			match = append(match, o)
		}
	}
	if len(match) == 1 && slices.Contains([]string{"unset", "chdir", "split-string", "argv0"}, match[0]) {
		return match[0]
	}
	return ""
}

// shellWords are sh's builtins and reserved words that can start a line:
// sh has them whatever PATH holds, so a line that starts with one (cd dir
// && ./guard.sh, set -e; …) is no missing command.
var shellWords = []string{
	".", ":", "alias", "bg", "break", "case", "cd", "command", "continue", "do", "done", "echo",
	"elif", "else", "esac", "eval", "exec", "exit", "export", "false", "fc", "fg", "fi", "for",
	"getopts", "hash", "if", "jobs", "kill", "local", "printf", "pwd", "read", "readonly",
	"return", "set", "shift", "test", "then", "times", "trap", "true", "type", "ulimit",
	"umask", "unalias", "unset", "until", "wait", "while",
}

// notRegular names what a handler command is when it is no file: a FIFO
// or a device is never opened (opening a FIFO waits for a writer).
func notRegular(shown string, mode os.FileMode) error {
	kind := "a special file"
	switch {
	case mode&os.ModeNamedPipe != 0:
		kind = "a FIFO"
	case mode&os.ModeDevice != 0:
		kind = "a device"
	case mode&os.ModeSocket != 0:
		kind = "a socket"
	}
	return fmt.Errorf("%s is not a regular file but %s: a handler command is a program or a script", shown, kind)
}

// notFound is the failure of a command whose file does not exist, shown
// as Display shows it, with the ways on.
func notFound(shown string) error {
	if strings.HasPrefix(shown, "./") {
		return fmt.Errorf("command not found: %s does not exist (a relative path resolves against the project root): create it, or correct the path", shown)
	}
	return fmt.Errorf("command not found: %s does not exist: create it, or correct the path", shown)
}

// Display shows path relative to dir when it lies inside it.
func Display(path, dir string) string {
	if r, err := filepath.Rel(dir, path); err == nil && !strings.HasPrefix(r, "..") {
		return "./" + r
	}
	return path
}
