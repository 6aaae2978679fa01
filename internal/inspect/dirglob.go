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
	tr := newTree(root)
	add := func(h *config.Hook, at config.Pos, places []config.Pos, field string, globs []string) {
		for i := range globs {
			msg := pathGlobWarning(tr, globs, i)
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
	tr := newTree(root)
	for i := range globs {
		if msg := pathGlobWarning(tr, globs, i); msg != "" {
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
func pathGlobWarning(tr *tree, globs []string, i int) string {
	g, root := globs[i], tr.root
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
	if dir, ok := projectDir(root, g); ok {
		// A list that has the files too (scripts/hooks beside scripts/hooks/**) means the
		// directory entry by the bare name.
		if match.AnyPath(globs, []string{dir + "/any-file"}) {
			return ""
		}
		return fmt.Sprintf("%q names the directory %s of the project, and a glob matches paths as written: this one matches the directory itself (a call that removes or replaces it), not the files in it; write %q (the directory and all beneath it) to match them too",
			g, dir, dir+"/")
	}
	return depthWarning(tr, globs, g)
}

// depthWarning says what a glob that is read as a .gitignore pattern or
// a shell's misses: one without a / matches at the project root only
// (.env, not app/.env), and a * stops at a / (config/prod/* misses
// config/prod/eu/app.yaml). It warns only of a file of the project that
// the glob written to any depth matches and no glob of the list does, so
// a list that says the other depth too (.env beside **/.env), a glob that
// says the root alone (./.env) and a project with nothing deeper are
// left alone.
func depthWarning(tr *tree, globs []string, g string) string {
	if strings.HasPrefix(g, "./") || strings.HasPrefix(g, "/") || strings.Contains(g, "**") {
		return ""
	}
	missed := func(deep string, dir string) string {
		return tr.firstFile(dir, func(p string) bool {
			return match.AnyPath([]string{deep}, []string{p}) && !match.AnyPath(globs, []string{p})
		})
	}
	if !strings.Contains(g, "/") {
		if f := missed("**/"+g, "."); f != "" {
			return fmt.Sprintf("%q has no /, so it matches at the project root only, not %s: a glob is not a .gitignore pattern, which matches in every directory; write %q for every directory, or %q for the root alone",
				g, f, "**/"+g, "./"+g)
		}
		return ""
	}
	// The directory its words name before the first pattern, and what
	// follows: one or more * levels, then the last name (config/*/app.yaml).
	words := strings.Split(g, "/")
	lit := 0
	for lit < len(words) && !strings.ContainsAny(words[lit], `*?[]{}\`) && words[lit] != "" && words[lit] != "." && words[lit] != ".." {
		lit++
	}
	if lit == 0 || lit == len(words) {
		return ""
	}
	for _, w := range words[lit : len(words)-1] {
		if w != "*" {
			return "" // a name between the levels: written to any depth, it would say less
		}
	}
	dir, last := strings.Join(words[:lit], "/"), words[len(words)-1]
	if !strings.Contains(last, "*") && lit == len(words)-1 {
		return ""
	}
	deep := dir + "/**/" + last
	if last == "*" {
		deep = dir + "/**"
	}
	if f := missed(deep, dir); f != "" {
		return fmt.Sprintf("%q does not match %s: * stops at a /, so each * matches within one directory; write %q to match at any depth beneath %s",
			g, f, deep, dir)
	}
	return ""
}

// tree is the project's files as the depth warning looks at them, each
// directory walked once for every glob of every hook: a walk per glob
// made 50 globs without a / cost validate seconds on a large project.
type tree struct {
	root  string
	files map[string][]string // beneath a directory, in name order
	walks int                 // directories walked, for the test
}

func newTree(root string) *tree { return &tree{root: root, files: map[string][]string{}} }

// firstFile is the first file (not a directory) of the project beneath
// dir, in name order, that ok accepts, or "".
func (t *tree) firstFile(dir string, ok func(string) bool) string {
	files, walked := t.files[dir]
	if !walked {
		files = t.walk(dir)
		t.files[dir] = files
	}
	for _, p := range files {
		if ok(p) {
			return p
		}
	}
	return ""
}

// walk lists the files beneath dir in name order: no more than
// maxGlobWalk entries are looked at, no symbolic link is followed, and
// neither .git nor .system is entered (the hook files themselves, which
// init's protect_hooks guards, would name a file no team's glob is about).
func (t *tree) walk(dir string) []string {
	t.walks++
	var files []string
	seen := 0
	fs.WalkDir(listing(t.root), dir, func(p string, e fs.DirEntry, err error) error {
		if seen++; err != nil || seen > maxGlobWalk {
			return fs.SkipAll
		}
		switch {
		case e.IsDir() && (e.Name() == ".git" || e.Name() == ".system"):
			return fs.SkipDir
		case !e.IsDir():
			files = append(files, p)
		}
		return nil
	})
	return files
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
