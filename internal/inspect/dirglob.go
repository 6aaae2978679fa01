package inspect

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/match"
	"github.com/hookrun/hookrun/internal/safefile"
)

// dirGlobFindings warns of each path glob (match.paths,
// match.only_if_changed_paths, a rule's paths) that PathGlobWarnings
// finds matching none of the project's files it names, at the glob.
func dirGlobFindings(set *config.Set, root string) []config.Finding {
	var out []config.Finding
	add := func(h *config.Hook, at config.Pos, places []config.Pos, field string, globs []string) {
		for i := range globs {
			msg := pathGlobWarning(root, globs, i)
			if msg == "" {
				continue
			}
			pos := at // places has one per glob; at only guards the index
			if i < len(places) {
				pos = places[i]
			}
			out = append(out, config.Finding{File: h.File, Line: pos.Line, Col: pos.Col, Severity: config.Warning, HookID: h.ID,
				Message: field + ": " + msg})
		}
	}
	for _, h := range set.Hooks {
		add(h, h.Pos, h.PathsPos, "match.paths", h.Match.Paths)
		add(h, h.Pos, h.ChangedPathsPos, "match.only_if_changed_paths", h.Match.OnlyIfChangedPaths)
		if h.Handler.Rules == nil {
			continue
		}
		for i, r := range h.Handler.Rules.Rules {
			add(h, r.Pos, r.PathsPos, fmt.Sprintf("handler.rules[%d].paths", i), r.Paths)
		}
	}
	return out
}

// PathGlobWarnings says, for a list of path globs in the project whose
// root is root, each glob that a guard written with it would pass every
// call on the files it names, and what to write (pathGlobWarning).
func PathGlobWarnings(root string, globs []string) []string {
	var out []string
	for i := range globs {
		if msg := pathGlobWarning(root, globs, i); msg != "" {
			out = append(out, msg)
		}
	}
	return out
}

// pathGlobWarning says what is wrong with globs[i], or "":
//   - one that names a directory of the project letter for letter, as
//     secrets or config/prod: a glob matches a call's paths as written,
//     so it matches the directory itself (a call that removes or replaces
//     it), not the files in it. A glob ending in "/" or "/**" is the way
//     to say the files too; a list that has one beside the bare name
//     (init's scripts/hooks and scripts/hooks/**) gets no warning;
//   - one that begins with "/" and whose first name is the project's and
//     not the machine root's (/config/prod/**): a call's paths and the
//     changed files are relative to the project root, so it matches none
//     of them (/etc/** names the machine's /etc, and is left alone).
func pathGlobWarning(root string, globs []string, i int) string {
	g := globs[i]
	if home, rest, ok := homeAnchored(g); ok {
		return fmt.Sprintf("%q begins with %s, which a glob does not expand: a call's paths outside the project are absolute (%s is %s), so it matches none of them; write %q (any directory of that name) or the home directory's path",
			g, home, home, cmp.Or(os.Getenv("HOME"), "the home directory"), "**/"+rest)
	}
	if rel, ok := inRoot(root, g); ok {
		return fmt.Sprintf("%q names the project by its absolute path, while a call's paths inside the project are relative to its root: it matches none of them; write %q", g, rel)
	}
	if rel, ok := rootAnchored(root, g); ok {
		return fmt.Sprintf("%q begins with /, the machine's root directory, while a call's paths and the changed files are relative to the project root: it matches no path in the project; write %q", g, rel)
	}
	dir, ok := projectDir(root, g)
	// A list that has the files too (scripts/hooks beside scripts/hooks/**) means the
	// directory entry by the bare name.
	if !ok || match.AnyPath(globs, []string{dir + "/any-file"}) {
		return ""
	}
	return fmt.Sprintf("%q names the directory %s of the project, and a glob matches paths as written: this one matches the directory itself (a call that removes or replaces it), not the files in it; write %q (the directory and all beneath it) to match them too",
		g, dir, dir+"/")
}

// homeAnchored reports whether the glob g begins with the home
// directory as a shell spells it (~/, $HOME/, ${HOME}/), which hookrun
// expands in a call's paths and never in a glob; the spelling, and the
// rest of g.
func homeAnchored(g string) (string, string, bool) {
	for _, home := range []string{"~", "$HOME", "${HOME}"} {
		if rest, ok := strings.CutPrefix(g, home+"/"); ok && rest != "" {
			return home, rest, true
		}
	}
	return "", "", false
}

// inRoot reports whether the glob g is the absolute path of a place in
// the project (root/config/prod/**, through a symbolic link to the root
// too), and g relative to the root. A call's paths inside the project
// are relative to it, so such a glob matches none of them.
func inRoot(root, g string) (string, bool) {
	if !strings.HasPrefix(g, "/") || root == "" {
		return "", false
	}
	roots := []string{filepath.ToSlash(root)}
	if real, err := filepath.EvalSymlinks(root); err == nil {
		roots = append(roots, filepath.ToSlash(real))
	}
	for _, r := range roots {
		if rel, ok := strings.CutPrefix(g, strings.TrimSuffix(r, "/")+"/"); ok && r != "/" && rel != "" {
			return rel, true
		}
	}
	return "", false
}

// rootAnchored reports whether the glob g begins with "/", its first
// name is not one of the machine's root directory, and g without the "/"
// matches a path of the project (init's /root/bin/** is left alone on a
// Mac, which has no /root, in a project with a root directory but no
// root/bin); and g relative to the project.
func rootAnchored(root, g string) (string, bool) {
	rel := strings.TrimLeft(g, "/")
	if rel == g || strings.HasPrefix(g, "//") || rel == "" {
		return "", false
	}
	// The directory the glob's words name before its first pattern
	// character: only it is walked, never the whole project.
	var lit []string
	for _, w := range strings.Split(rel, "/") {
		if w == "" || w == "." || w == ".." || strings.ContainsAny(w, `*?[]{}\`) {
			break
		}
		lit = append(lit, w)
	}
	if len(lit) == 0 {
		return "", false
	}
	if _, err := os.Lstat(string(filepath.Separator) + lit[0]); err == nil {
		return "", false
	}
	return rel, matchesBeneath(root, path.Join(lit...), rel)
}

// maxGlobWalk bounds the entries rootAnchored looks at for a match.
const maxGlobWalk = 10000

// matchesBeneath reports whether glob matches the project path dir (its
// literal start) or a path beneath it, looking at no more than
// maxGlobWalk entries and following no symbolic link.
func matchesBeneath(root, dir, glob string) bool {
	found, seen := false, 0
	fs.WalkDir(listing(root), dir, func(p string, _ fs.DirEntry, err error) error {
		if seen++; err != nil || seen > maxGlobWalk {
			return fs.SkipAll
		}
		if match.AnyPath([]string{glob}, []string{p}) {
			found = true
			return fs.SkipAll
		}
		return nil
	})
	return found
}

// listing is the project at its root as fs.WalkDir reads it: a name's
// own entry (not followed, as filepath.WalkDir takes its root), and each
// directory's entries opened without waiting (safefile.OpenListing), so
// that a FIFO an agent races in where a directory was fails at once
// instead of holding validate for a writer. At most maxGlobWalk entries
// of a directory are read: the walk stops there anyway.
type listing string

func (l listing) path(name string) string { return filepath.Join(string(l), filepath.FromSlash(name)) }

// Open is not used by fs.WalkDir, which takes Stat and ReadDir.
func (l listing) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
}

func (l listing) Stat(name string) (fs.FileInfo, error) { return os.Lstat(l.path(name)) }

func (l listing) ReadDir(name string) ([]fs.DirEntry, error) {
	f, err := safefile.OpenListing(l.path(name))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	entries, err := f.ReadDir(maxGlobWalk)
	if errors.Is(err, io.EOF) {
		err = nil // an empty directory
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, err
}

// projectDir reports whether the glob g, with no pattern character in
// it, names a directory beneath root (not through a symbolic link), and
// its name.
func projectDir(root, g string) (string, bool) {
	name := strings.TrimPrefix(g, "./")
	if name == "" || name == "." || strings.Contains("/"+name+"/", "/../") || strings.HasSuffix(name, "/") || strings.ContainsAny(name, `*?[]{}\`) || filepath.IsAbs(name) || strings.HasPrefix(name, "/") {
		return "", false
	}
	fi, err := os.Lstat(filepath.Join(root, filepath.FromSlash(name)))
	if err != nil || !fi.IsDir() {
		return "", false
	}
	return name, true
}
