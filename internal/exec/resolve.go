package exec

import (
	"errors"
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
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
	path, err := osexec.LookPath(name)
	if err == nil {
		return path, nil
	}
	local := filepath.Join(dir, name)
	if st, serr := os.Stat(local); serr == nil && !st.IsDir() {
		return local, nil
	}
	if errors.Is(err, osexec.ErrNotFound) {
		return name, fmt.Errorf("command not found: %s is neither in the project root %s nor on PATH", name, dir)
	}
	return name, fmt.Errorf("command %s: %w", name, err)
}

// Check reports why a handler command cannot be started, or nil when it
// looks startable: the program exists, is a file, and is executable. For a
// shell line it checks the first word when that is a plain path.
func Check(command string, args []string, hasArgs bool, dir string) error {
	prog := command
	if !hasArgs && NeedsShell(command) {
		if err := shellAvailable(command); err != nil {
			return err
		}
		first, _, _ := strings.Cut(strings.TrimSpace(command), " ")
		if first == "" || NeedsShell(first) {
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
		return fmt.Errorf("command not found: %s does not exist", Display(path, dir))
	case st.IsDir():
		return fmt.Errorf("%s is a directory, not a command", Display(path, dir))
	case !executable(path, st):
		return notExecutable(Display(path, dir))
	}
	if sb, ok := readShebang(path); ok {
		if sb.crlf || sb.interp == "" {
			return notStartable(path, Display(path, dir))
		}
		if _, err := os.Stat(sb.interp); err != nil && filepath.IsAbs(sb.interp) {
			return notStartable(path, Display(path, dir))
		}
	}
	return nil
}

// Display shows path relative to dir when it lies inside it.
func Display(path, dir string) string {
	if r, err := filepath.Rel(dir, path); err == nil && !strings.HasPrefix(r, "..") {
		return "./" + r
	}
	return path
}
