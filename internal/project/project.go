// Package project finds the project a command works on (its root and
// hooks directory, honoring --hooks-dir and HOOKRUN_HOOKS_DIR) and loads
// its hook declarations through the declaration cache.
package project

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/declcache"
	"github.com/hookrun/hookrun/internal/exitcode"
)

// Dirs is where a command runs and the --hooks-dir it was given.
type Dirs struct {
	Cwd      string
	HooksDir string // --hooks-dir; "" for the environment, then discovery
}

// Locate finds the project and its hooks directory, honoring --hooks-dir
// and then HOOKRUN_HOOKS_DIR.
func (d Dirs) Locate() (config.Location, error) {
	loc, err := config.Discover(d.Cwd, d.override())
	if err != nil {
		return loc, exitcode.With(exitcode.Error, err)
	}
	return loc, nil
}

func (d Dirs) override() string {
	if d.HooksDir != "" {
		return d.HooksDir
	}
	return os.Getenv("HOOKRUN_HOOKS_DIR")
}

// LocateNew is Locate for hookrun new, which makes the hooks directory
// that --hooks-dir or HOOKRUN_HOOKS_DIR names when it does not exist yet
// (as it makes .system/hooks where there is none): its Location is then
// the one it will have, not Found. Every other command refuses such a
// directory, so that a misspelt one never runs no hooks.
func (d Dirs) LocateNew() (config.Location, error) {
	loc, err := d.Locate()
	dir := d.override()
	if err == nil || dir == "" {
		return loc, err
	}
	cwd, cerr := filepath.EvalSymlinks(d.Cwd)
	if cerr != nil {
		return loc, err
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(cwd, dir)
	}
	dir = filepath.Clean(dir)
	if _, serr := os.Lstat(dir); !errors.Is(serr, fs.ErrNotExist) {
		return loc, err
	}
	return config.Location{Root: config.OverrideRoot(cwd, dir), HooksDir: dir}, nil
}

// Load locates the hooks and loads every declaration, through the
// declaration cache: a file unchanged since the last load is not parsed
// again, and a changed one always is.
func (d Dirs) Load() (config.Location, *config.Set, error) {
	loc, err := d.Locate()
	if err != nil {
		return loc, nil, err
	}
	set, _, err := declcache.Load(loc.HooksDir, declcache.File(loc.HooksDir))
	if err != nil {
		return loc, nil, exitcode.With(exitcode.Error, err)
	}
	return loc, set, nil
}

// Root is the project root, or the working directory when no project is
// found.
func (d Dirs) Root() string {
	if loc, err := d.Locate(); err == nil {
		return loc.Root
	}
	return d.Cwd
}

// PrintFindings writes findings as path:line:col: message, one per line,
// paths relative to the working directory; only one severity unless only
// is "".
func (d Dirs) PrintFindings(w io.Writer, fs []config.Finding, only config.Severity) {
	for _, f := range fs {
		if only == "" || f.Severity == only {
			fmt.Fprintln(w, f.Format(d.Cwd))
		}
	}
}
