package settings

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/hookrun/hookrun/internal/safefile"
)

// AbsoluteHookrun is the hookrun at exe (the running program: install
// --absolute names the hookrun that ran it) as the entries should name
// it: its absolute path with every link resolved, so that no PATH the
// agent's hooks get (a repository's .envrc, Claude Code's env, a venv,
// node_modules/.bin) picks another program named hookrun. It refuses a
// hookrun the repository under root or any other user could replace,
// which would answer for the hooks as surely as one found on PATH: one
// inside the project, or one whose file or directory others may write.
func AbsoluteHookrun(exe, root string) (string, error) {
	path, err := filepath.EvalSymlinks(exe)
	if err == nil {
		path, err = filepath.Abs(path)
	}
	if err != nil {
		return "", fmt.Errorf("--absolute: cannot tell where the running hookrun is: %w", err)
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", fmt.Errorf("--absolute: cannot tell where the project is, to keep the entries from running a hookrun inside it: %w", err)
	}
	if _, in := safefile.Beneath(realRoot, path); in {
		return "", fmt.Errorf("--absolute: the running hookrun, %s, is inside the project, whose files the repository controls: entries naming it would run whatever the repository puts there; run install with a hookrun installed outside the project (or name the project's own with --hookrun %s, knowing that)", path, NPMHookrun)
	}
	for _, p := range []string{path, filepath.Dir(path)} {
		if fi, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("--absolute: %w", err)
		} else if fi.Mode().Perm()&0o002 != 0 {
			return "", fmt.Errorf("--absolute: %s is writable by every user (mode %v): any of them could replace the hookrun the entries run; install hookrun where only you or root can write", p, fi.Mode().Perm())
		}
	}
	return path, nil
}
