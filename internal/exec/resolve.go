package exec

import (
	"context"
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
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
// resolves through PATH, else to dir/name when that file exists.
func Resolve(command string, args []string, hasArgs bool, dir string) (string, []string, error) {
	if !hasArgs && NeedsShell(command) {
		return Shell, []string{"sh", "-c", command}, shellAvailable(command)
	}
	argv := append([]string{command}, args...)
	path, err := Program(command, dir)
	return path, argv, err
}

// Program resolves a program name the way Resolve does. PATH comes before
// the project root, as in a shell: the root is the repository's, and a
// file an agent writes there (a new file in no guarded directory) must not
// become the sh, python3 or node that a guard runs.
func Program(name, dir string) (string, error) {
	switch {
	case filepath.IsAbs(name):
		return name, nil
	case strings.ContainsAny(name, "/"+string(filepath.Separator)):
		return filepath.Join(dir, name), nil
	}
	if path, ok := lookPath(name); ok {
		return path, nil
	}
	local := filepath.Join(dir, name)
	if st, serr := os.Stat(local); serr == nil && !st.IsDir() {
		return local, nil
	}
	return name, fmt.Errorf("command not found: %s is neither in the project root %s nor on PATH", name, dir)
}

// lookPath finds name in PATH's absolute directories. A relative entry
// (".", an empty one, "bin") names a directory of wherever hookrun runs,
// usually the repository, whose files an agent can write: PATH=.:$PATH, or
// a stray "::" from an empty variable, must not make a file there the sh
// or python3 a guard runs. (os/exec refuses such a result too, ErrDot, but
// stops searching there.)
func lookPath(name string) (string, bool) {
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		if filepath.IsAbs(d) {
			if path, err := osexec.LookPath(filepath.Join(d, name)); err == nil {
				return path, true
			}
		}
	}
	return "", false
}

// AbsolutePATH returns env with the relative entries of its PATH dropped,
// for every process hookrun starts: what a #!/usr/bin/env line or a
// guard's own commands look up is then found as lookPath finds a bare
// name, never in the repository the process runs in.
func AbsolutePATH(env []string) []string {
	for i, kv := range env {
		name, value, _ := strings.Cut(kv, "=")
		if !pathVar(name) {
			continue
		}
		dirs := filepath.SplitList(value)
		kept := dirs[:0:0]
		for _, d := range dirs {
			if filepath.IsAbs(d) {
				kept = append(kept, d)
			}
		}
		if len(kept) == len(dirs) {
			continue
		}
		out := slices.Clone(env)
		out[i] = name + "=" + strings.Join(kept, string(filepath.ListSeparator))
		env = out
	}
	return env
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
		if err := innerSyntax(context.Background(), syntaxCheckLimit, command, dir); err != nil {
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
	if _, err := os.Stat(sb.interp); err != nil && filepath.IsAbs(sb.interp) {
		return notStartable(path, Display(path, dir))
	}
	return shellCRLF(path, Display(path, dir), sb)
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
