package config

import (
	"fmt"
	"os"
	"path/filepath"
)

// HooksSubdir is where declarations live, relative to the project root.
const HooksSubdir = ".system/hooks"

// Location is where a command found the project and its hooks.
type Location struct {
	Root     string // project root: handlers run here, commands resolve here
	HooksDir string // the directory scanned for *.yaml / *.yml
	Found    bool   // false when no hooks directory exists: there are no hooks
}

// Discover finds the hooks directory (docs/hooks.md). With override empty it
// looks from cwd upward for the nearest .system/hooks directory; otherwise
// override is the hooks directory, and the root is its grandparent when it
// ends in .system/hooks, else cwd.
func Discover(cwd, override string) (Location, error) {
	cwd, err := filepath.Abs(cwd)
	if err != nil {
		return Location{}, err
	}
	if override != "" {
		dir := override
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(cwd, dir)
		}
		dir = filepath.Clean(dir)
		st, err := os.Stat(dir)
		if err != nil {
			return Location{}, fmt.Errorf("hooks directory %s: %w", override, unwrapPath(err))
		}
		if !st.IsDir() {
			return Location{}, fmt.Errorf("hooks directory %s: not a directory", override)
		}
		root := cwd
		if filepath.Base(dir) == "hooks" && filepath.Base(filepath.Dir(dir)) == ".system" {
			root = filepath.Dir(filepath.Dir(dir))
		}
		return Location{Root: root, HooksDir: dir, Found: true}, nil
	}
	for d := cwd; ; d = filepath.Dir(d) {
		hd := filepath.Join(d, HooksSubdir)
		if st, err := os.Stat(hd); err == nil && st.IsDir() {
			return Location{Root: d, HooksDir: hd, Found: true}, nil
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return Location{Root: cwd, HooksDir: filepath.Join(cwd, HooksSubdir)}, nil
}

// unwrapPath drops the path from an *os.PathError, whose caller names it.
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
