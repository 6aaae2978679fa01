package config

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookrun/hookrun/internal/safefile"
)

// HooksSubdir is where declarations live, relative to the project root.
const HooksSubdir = ".system/hooks"

// Location is where a command found the project and its hooks.
type Location struct {
	Root     string // project root: handlers run here, commands resolve here
	HooksDir string // the directory scanned for *.yaml / *.yml
	Found    bool   // false when no hooks directory exists: there are no hooks
	// Hidden lists the hooks directories above Root, up to the top of the
	// git work tree, that the nearer one hides: their hooks do not run
	// for a call from here. Nil when an override named the directory.
	Hidden []string
}

// Discover finds the hooks directory (docs/hooks.md). With override empty it
// looks from cwd upward for the nearest .system/hooks directory, stopping
// at the root of the enclosing git work tree (a directory holding .git)
// when there is one, and going on past it, to the hooks of the work tree
// around it, when it found none there; otherwise override is the hooks directory, and the
// root is its grandparent when it ends in .system/hooks, else cwd.
//
// cwd is resolved to the physical directory first, so one directory has
// one hook set whatever path (a symbolic link, $PWD) led to it. A hooks
// directory found or named, or a found one's .system, that another user
// owns or anyone may write is refused (see checkTrust). A .system/hooks that is not a
// directory ends the search as found: reading it is then an error.
func Discover(cwd, override string) (Location, error) {
	cwd, err := filepath.Abs(cwd)
	if err != nil {
		return Location{}, err
	}
	if cwd, err = filepath.EvalSymlinks(cwd); err != nil {
		return Location{}, fmt.Errorf("working directory: %w", unwrapPath(err))
	}
	if override != "" {
		dir, named := override, override
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(cwd, dir)
			// An agent runs hookrun in its own working directory, which
			// may be below the project root the path was written for.
			named += ", relative to the working directory " + cwd
		}
		dir = filepath.Clean(dir)
		st, err := os.Stat(dir)
		if err != nil {
			return Location{}, fmt.Errorf("hooks directory %s: %w", named, unwrapPath(err))
		}
		if !st.IsDir() {
			return Location{}, fmt.Errorf("hooks directory %s: not a directory", named)
		}
		// Named or found, whoever can write it can delete a guard from it.
		if err := checkTrust(dir, st); err != nil {
			return Location{}, err
		}
		return Location{Root: OverrideRoot(cwd, dir), HooksDir: dir, Found: true}, nil
	}
	d, st, found := nearest(cwd)
	if !found {
		// A repository nested in a project's work tree (a submodule, a
		// vendored clone, or a .git an agent made) that has no hooks of its
		// own is guarded by the project's: ending here would run no hook
		// for a call from it, a call that may well change the project. A
		// hooks directory above every work tree (a shared /tmp) is still
		// no one's.
		for top := d; GitTop(top) && filepath.Dir(top) != top; {
			if top, st, found = nearest(filepath.Dir(top)); found {
				if !inWorkTree(top) {
					found = false
				}
				d = top
				break
			}
		}
	}
	if !found {
		return Location{Root: cwd, HooksDir: filepath.Join(cwd, HooksSubdir)}, nil
	}
	hd := filepath.Join(d, HooksSubdir)
	if !st.IsDir() {
		// Something put where the hooks directory is (a file, a FIFO)
		// is that directory broken, not a directory missing: reading
		// it fails, and emit refuses to run, where going on upward
		// would run another hook set, or none.
		return Location{Root: d, HooksDir: hd, Found: true}, nil
	}
	for _, p := range []string{filepath.Dir(hd), hd} {
		if st, err := os.Stat(p); err == nil {
			if err := checkTrust(p, st); err != nil {
				return Location{}, err
			}
		}
	}
	return Location{Root: d, HooksDir: hd, Found: true, Hidden: hiddenAbove(d)}, nil
}

// OverrideRoot is the project root for a hooks directory dir (absolute,
// clean) that --hooks-dir or HOOKRUN_HOOKS_DIR named: dir's grandparent
// when dir ends in .system/hooks, else the working directory cwd.
func OverrideRoot(cwd, dir string) string {
	if filepath.Base(dir) == "hooks" && filepath.Base(filepath.Dir(dir)) == ".system" {
		return filepath.Dir(filepath.Dir(dir))
	}
	return cwd
}

// Searched says how far up from cwd Discover looks for a hooks directory,
// for a message saying it found none: to the top of the git work tree,
// or, in none, to the root.
func Searched(cwd string) string {
	for d := cwd; ; d = filepath.Dir(d) {
		if GitTop(d) {
			return "or above it, up to the top of its git work tree"
		}
		if filepath.Dir(d) == d {
			return "or any directory above it, all outside any git work tree"
		}
	}
}

// nearest looks from dir upward, up to the top of the work tree holding
// it (or of the file system), for a directory holding .system/hooks
// (anything there, a directory or not). It returns that directory, what
// is there and true, or the top it stopped at and false.
func nearest(dir string) (string, os.FileInfo, bool) {
	for d := dir; ; d = filepath.Dir(d) {
		if st, err := os.Stat(filepath.Join(d, HooksSubdir)); err == nil {
			return d, st, true
		}
		if workTreeTop(d) {
			return d, nil, false
		}
	}
}

// inWorkTree reports whether d is in a git work tree (at its top or below).
func inWorkTree(d string) bool {
	for !workTreeTop(d) {
		d = filepath.Dir(d)
	}
	return GitTop(d)
}

// workTreeTop reports whether the upward search ends at d: d is the top
// of a git work tree (GitTop), or of the file system.
func workTreeTop(d string) bool {
	return GitTop(d) || filepath.Dir(d) == d
}

// GitTop reports whether d is the top of a git work tree as git finds
// one: d/.git is a directory holding HEAD, or a file naming the
// repository ("gitdir: …", as a submodule's and a linked worktree's
// are). An empty or garbled .git (touch .git, a directory made by hand)
// is no work tree: git stops at it with an error, and an agent that makes
// one must not end the search for the project's hooks or its bound there.
func GitTop(d string) bool {
	git := filepath.Join(d, ".git")
	fi, err := os.Stat(git)
	switch {
	case err != nil:
		return false
	case fi.IsDir():
		_, err := os.Stat(filepath.Join(git, "HEAD"))
		return err == nil
	}
	data, err := safefile.ReadFile(git, 4096) // a FIFO or a device is not read
	return err == nil && bytes.HasPrefix(data, []byte("gitdir: "))
}

// hiddenAbove returns the hooks directories above root, up to the top of
// its work tree, that root's hooks directory hides from a call started
// at or below root. At the top of a work tree (the usual case) it costs
// GitTop's two stats.
func hiddenAbove(root string) []string {
	var out []string
	for d := root; !workTreeTop(d); {
		d = filepath.Dir(d)
		hd := filepath.Join(d, HooksSubdir)
		if st, err := os.Stat(hd); err == nil && st.IsDir() {
			out = append(out, hd)
		}
	}
	return out
}

// unwrapPath drops the path from an *os.PathError, whose caller names it.
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// HiddenNote says which hooks directories the found one hides (see
// Location.Hidden), and what to do about it, as a predicate for the found
// one ("hides the hooks in …"); "" when it hides none. Paths print
// relative to base, as Rel prints them.
func (l Location) HiddenNote(base string) string {
	if len(l.Hidden) == 0 {
		return ""
	}
	hidden := make([]string, len(l.Hidden))
	for i, h := range l.Hidden {
		hidden[i] = Rel(base, h)
	}
	top := filepath.Dir(filepath.Dir(l.Hidden[len(l.Hidden)-1]))
	return fmt.Sprintf("hides the hooks in %s: hookrun started in %s or below it runs only its hooks (the nearest hooks directory wins); to run those, start hookrun in %s or name them with --hooks-dir",
		strings.Join(hidden, " and "), Rel(base, l.Root), Rel(base, top))
}
