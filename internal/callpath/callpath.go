// Package callpath names the paths an ability call touches, the same way
// for every caller: the paths a dialect or caller sent, and those a shell
// command line names (its commands' operands and its redirection
// targets), each cleaned, relative to the project root inside it and
// absolute outside it; a file-name pattern also as the files it matches,
// and a path through a symbolic link also as the path it leads to.
package callpath

import (
	"cmp"
	"errors"
	"fmt"
	"github.com/hookrun/hookrun/internal/hardlink"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hookrun/hookrun/internal/pathcase"
	"github.com/hookrun/hookrun/internal/shellcmd"
)

// maxGlobEntries caps the directory entries one call's file-name patterns
// may read, in all: a pattern such as /*/*/*/* must not make reading a
// command line walk a whole file system.
const maxGlobEntries = 4096

// maxTreeEntries caps the directory entries read beneath the directories a call may change
// anything in (shellcmd.Line.TreePaths: rm -r's operands, where tar unpacks) or copies
// (shellcmd.Line.Copies), in all; past it what lies beneath is only known when the call runs.
const maxTreeEntries = 20000

// maxLinks caps the symbolic links followed for one path, as the kernel's
// own limit (ELOOP) does.
const maxLinks = 40

// Of returns the call's paths: given (what the caller sent) and those the
// command line (written for the shell sh) names, normalized against cwd
// (where the call runs; the root when unknown, and what a relative cwd is
// taken from) and root. A shell call's own paths are always read: the
// fields a caller sends beside a command must not hide what it runs.
// unknown says why some path is only known when the call runs (a
// variable, a directory the line changed to at run time, a pattern
// matching more files than are read, a revision git cannot read), or is
// "". git lists what a git command bringing another commit changes (the
// line's shellcmd.Revisions); nil leaves those paths unknown.
func Of(given []string, command string, sh shellcmd.Shell, cwd, root string, git Git) (paths []string, unknown string) {
	if command == "" {
		return OfLine(given, nil, cwd, root, git)
	}
	line := shellcmd.ParseAs(command, sh)
	return OfLine(given, &line, cwd, root, git)
}

// OfLine is Of with the command line read already (nil for none): a rules hook reads it with
// the files it runs.
func OfLine(given []string, line *shellcmd.Line, cwd, root string, git Git) (paths []string, unknown string) {
	pathcase.Notice(root)
	switch {
	case cwd == "":
		cwd = root
	case !filepath.IsAbs(cwd): // a directory the call names, from the root
		cwd = root + string(filepath.Separator) + cwd
	}
	if physical, ok := physicalDir(cwd); ok {
		// A cwd of docs/hk/.. is docs to a shell's logical cd and, when docs/hk is a link,
		// where the link leads to the kernel: the call's paths from both.
		paths, unknown = OfLine(given, line, filepath.Clean(cwd), root, git)
		more, u := OfLine(given, line, physical, root, git)
		for _, p := range more {
			if !slices.Contains(paths, p) {
				paths = append(paths, p)
			}
		}
		return paths, cmp.Or(unknown, u)
	}
	raw, trees, revisions, copies, finds := given, []string(nil), []shellcmd.Revision(nil), []shellcmd.Copy(nil), []shellcmd.Find(nil)
	for _, p := range given {
		// A program written in C opens the name up to its first NUL; Go, Node, Python and Rust refuse it.
		if i := strings.IndexByte(p, 0); i > 0 {
			raw = append(slices.Clip(raw), p[:i])
		}
	}
	var unpacks []shellcmd.Unpack
	if line != nil {
		trees, revisions, copies, finds, unpacks = line.TreePaths, line.Revisions, line.Copies, line.Finds, line.Unpacks
		if stashed, whole := stashes(line.Commands); len(stashed) > 0 || len(whole) > 0 {
			revisions = append(slices.Clip(revisions), stashed...)
			trees = append(slices.Clip(trees), whole...)
		}
		raw = append(slices.Clip(raw), line.Paths...)
		for _, p := range line.OptionPaths {
			if mayBePath(p, cwd) {
				raw = append(raw, p)
			}
		}
		switch {
		case len(line.UnknownPaths) > 0:
			unknown = line.UnknownPaths[0]
		case len(line.Unresolved) > 0:
			// A command hookrun cannot read (echo "rm x" | sh, eval "$X") names what only its run knows.
			unknown = line.Unresolved[0]
		}
	}
	out := make([]string, 0, len(raw))
	seen := make(map[string]bool, len(raw))
	// Each path is added as named, then as cleaned and as its links resolve, most often the same
	// string each time: the last one's relative path is kept.
	var lastP, lastN string
	add := func(p string) {
		n := lastN
		if p != lastP || p == "" {
			n = relative(p, root)
			lastP, lastN = p, n
		}
		if n != "" && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	links := resolver{cwd: cwd}
	budget := maxGlobEntries
	treeBudget := maxTreeEntries
	// beneath lists what lies beneath the directory top (the literal directory lit, then the
	// pattern pat, which the call names as name) and does something to (does: "the command may
	// change any of them"), within what is left of the budget.
	beneath := func(lit, pat, name, does string) []string {
		below, complete := glob(lit, filepath.Join(pat, "**"), &treeBudget)
		if !complete && unknown == "" {
			unknown = fmt.Sprintf("%s holds more than the %d entries hookrun reads for one call, and %s", quote(name), maxTreeEntries, does)
		}
		return below
	}
	for _, p := range raw {
		abs := absolute(p, cwd)
		if abs == "" {
			continue
		}
		cleaned := clean(abs)
		add(cleaned)
		targets := []string{abs}
		lit, pat := literalDir(p, cwd)
		if top, ok := strings.CutSuffix(cleaned, string(filepath.Separator)+"**"); ok && !strings.ContainsAny(strings.TrimSuffix(pat, "**"), patternChars) {
			// DIR/** is everything beneath DIR (a search tool's directory, as a dialect
			// gives it): a tree, read within the trees' budget, not the patterns'.
			name := strings.TrimSuffix(strings.TrimSuffix(p, "**"), "/")
			if name == "" {
				name = "."
			}
			targets = append(targets, beneath(top, "", name, "the call reads all of them")...)
		} else if strings.ContainsAny(pat, patternChars) {
			matches, complete := glob(lit, pat, &budget)
			if !complete && unknown == "" {
				unknown = fmt.Sprintf("the pattern %s matches more than the %d directory entries hookrun reads for one call", quote(p), maxGlobEntries)
			}
			targets = append(targets, matches...)
		}
		for _, t := range targets {
			add(t)
			add(links.resolve(t))
			if unknown == "" {
				unknown = hardLinked(t, root)
			}
		}
	}
	const mayChange = "the command may change any of them"
	// An archive unpacked over a file may write it in place (tar --overwrite, Python's zipfile),
	// so through a hard link there; which names it holds is only known when it runs.
	unpacked := map[string]bool{}
	for _, u := range unpacks {
		if abs := absolute(u.Dir, cwd); abs != "" {
			unpacked[filepath.Clean(abs)] = true
		}
	}
	for _, t := range trees {
		abs := absolute(t, cwd)
		if abs == "" {
			continue
		}
		raw := abs
		abs = filepath.Clean(abs)
		overwrites := unpacked[abs]
		lit, pat := literalDir(t, cwd)
		tops := [][2]string{{lit, pat}}
		if to := links.resolve(raw); to != abs { // a link named is followed, as chmod -R and tar -C do
			tops = append(tops, [2]string{to, ""})
		}
		add(abs)
		for _, top := range tops {
			add(filepath.Join(top[0], top[1]))
			for _, b := range beneath(top[0], top[1], t, mayChange) {
				add(b)
				add(links.resolve(b))
				if overwrites && unknown == "" {
					unknown = hardLinked(b, root)
				}
			}
		}
	}
	// An archive's files are named by the archive: beneath where it is unpacked, any name may be
	// made, and only the files there already are listed above. Into the project's root (or a
	// directory holding it) that is any file of the project; beneath another directory, only a
	// guard over what may lie there is concerned (Unpacked, which the rules handler reads).
	for _, u := range unpacks {
		abs := absolute(u.Dir, cwd)
		if unknown != "" || abs == "" {
			continue
		}
		for _, d := range []string{filepath.Clean(abs), links.resolve(filepath.Clean(abs))} {
			if _, holds := inside(root, d); holds && unknown == "" {
				unknown = unpackedUnknown(u)
			}
		}
	}
	// What a copy, a move or a link brings lands beneath its target: cp -r /tmp/evil scripts
	// writes scripts/hooks/guard.sh when /tmp/evil holds hooks/guard.sh.
	for _, c := range copies {
		from, to := absolute(c.From, cwd), absolute(c.To, cwd)
		if from == "" || to == "" {
			continue
		}
		from, to = filepath.Clean(from), filepath.Clean(to)
		lit, pat := literalDir(c.From, cwd)
		for _, b := range beneath(lit, pat, c.From, "the command copies all of them") {
			if rel, err := filepath.Rel(from, b); err == nil && rel != "." {
				add(filepath.Join(to, rel))
				if unknown == "" { // a copy over a file there writes it in place
					unknown = hardLinked(filepath.Join(to, rel), root)
				}
			}
		}
	}
	// A find that acts on some names only: the files beneath its start point whose names match.
	for _, f := range finds {
		abs := absolute(f.Dir, cwd)
		if abs == "" {
			continue
		}
		abs = filepath.Clean(abs)
		lit, pat := literalDir(f.Dir, cwd)
		for _, p := range found(f, abs, beneath(lit, pat, f.Dir, mayChange)) {
			add(p)
			add(links.resolve(p))
			if f.Runs && unknown == "" { // the command may write it in place; -delete writes nothing
				unknown = hardLinked(p, root)
			}
		}
	}
	for _, rv := range revisions {
		files, err := brought(git, rv, cwd)
		if len(files) > treeBudget {
			err = fmt.Errorf("it changes more than the %d files hookrun reads for one call", maxTreeEntries)
		}
		if err != nil {
			if unknown == "" && rv.Rev == "" {
				unknown = fmt.Sprintf("which uncommitted changes git stash puts away is only known when the call runs: %v", err)
			} else if unknown == "" {
				unknown = fmt.Sprintf("what %s brings is only known when the call runs: %v", quote(rv.Rev), err)
			}
			continue
		}
		treeBudget -= len(files)
		for _, f := range files {
			add(f)
			add(links.resolve(f))
		}
	}
	return out, unknown
}

// physicalDir is the absolute directory dir as the kernel resolves it, and whether that differs
// from dir cleaned as text: a ".." after a symbolic link climbs from the link's target.
func physicalDir(dir string) (string, bool) {
	if runtime.GOOS == "windows" || !strings.Contains(dir, "..") {
		return "", false
	}
	physical := follow(dir)
	return physical, physical != follow(filepath.Clean(dir))
}

// hardLinked says why a call naming the existing regular file p (named as relative to root) is only
// known when it runs, when the file has other names (hard links): a write through one changes the
// file under all of them (ln .system/hooks/a.yaml b, then an edit of b), and hookrun cannot list
// them without reading every directory. "" for a file with one name, a directory, a missing file,
// and a file beneath node_modules or site-packages: pnpm and uv install packages as hard links
// to their stores, and reading one (cat node_modules/x/package.json) must not ask a person.
func hardLinked(p, root string) string {
	if hardlink.InPackageStore(p) {
		return ""
	}
	fi, err := os.Stat(p)
	if err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	if n := hardlink.Names(fi); n > 1 {
		return fmt.Sprintf("%s is a file with %d names (hard links): a change through one changes it under the others, which hookrun cannot list", quote(relative(p, root)), n)
	}
	return ""
}

// Unpacked lists the directories the command line (written for the shell sh, run in cwd)
// unpacks an archive into, named as Of names paths and links followed, each with the reason a
// path beneath it is only known when the call runs: a guard over what may lie beneath one cannot
// know whether the archive writes it. A scratch directory outside the project (beneath /tmp) is
// left out: that is where such work belongs and no guard is expected to look.
func Unpacked(command string, sh shellcmd.Shell, cwd, root string) []shellcmd.Unpack {
	if command == "" {
		return nil
	}
	unpacks := shellcmd.ParseAs(command, sh).Unpacks
	if len(unpacks) == 0 {
		return nil
	}
	switch {
	case cwd == "":
		cwd = root
	case !filepath.IsAbs(cwd):
		cwd = root + string(filepath.Separator) + cwd
	}
	var links resolver
	var out []shellcmd.Unpack
	for _, u := range unpacks {
		abs := absolute(u.Dir, cwd)
		if abs == "" || scratch(filepath.Clean(abs), root, &links) {
			continue
		}
		why := unpackedUnknown(u)
		for _, d := range []string{filepath.Clean(abs), links.resolve(abs)} {
			if n := relative(d, root); !slices.ContainsFunc(out, func(o shellcmd.Unpack) bool { return o.Dir == n }) {
				out = append(out, shellcmd.Unpack{Dir: n, By: why})
			}
		}
	}
	return out
}

func unpackedUnknown(u shellcmd.Unpack) string {
	return fmt.Sprintf("%s unpacks files beneath %s under names only the archive holds, known when the call runs", u.By, quote(u.Dir))
}

// scratch reports whether dir, and where a link there leads, lies in the system's temporary
// directory (os.TempDir, /tmp, /var/tmp) and neither inside the project nor holding it.
func scratch(dir, root string, links *resolver) bool {
	for _, d := range []string{dir, links.resolve(dir)} {
		if _, in := inside(d, root); in {
			return false
		}
		if _, holds := inside(root, d); holds {
			return false
		}
		tmp := false
		for _, t := range []string{os.TempDir(), "/tmp", "/var/tmp"} {
			resolved, err := filepath.EvalSymlinks(t) // macOS: /tmp is /private/tmp
			for _, t := range []string{filepath.Clean(t), resolved} {
				if rel, in := inside(d, t); err == nil && in && rel != "." {
					tmp = true
				}
			}
		}
		if !tmp {
			return false
		}
	}
	return true
}

// Git lists the files that differ between HEAD and rev in the git work
// tree holding dir, joined to dir; with guess, a rev that names no
// commit is taken for a remote's branch of that name; rev "" is the work
// tree and its index, what git stash puts away (gitchanges.Brought).
type Git func(dir, rev string, guess bool) ([]string, error)

func brought(git Git, rv shellcmd.Revision, cwd string) ([]string, error) {
	if git == nil {
		return nil, errors.New("hookrun does not ask git here")
	}
	return git(filepath.Clean(absolute(rv.Dir, cwd)), rv.Rev, rv.Guess)
}

// mayBePath reports whether p, a value a short option may carry in its own word (-o.system/x,
// -Cscripts), is taken for a path: when it is spelled as one (a separator, a dot, a leading ~, a
// pattern) or names a file that exists. So tar -C.system and sort -oguard.sh are read, and the f
// of rm -rf is not.
func mayBePath(p, cwd string) bool {
	if strings.ContainsAny(p, "/."+patternChars) || strings.HasPrefix(p, "~") {
		return true
	}
	_, err := os.Lstat(absolute(p, cwd))
	return err == nil
}

// Normalize cleans p: relative to root, with no ".", ".." or trailing
// slash, when it lies inside root; absolute otherwise. A leading ~ is the
// home directory; a relative p is taken from cwd.
func Normalize(p, cwd, root string) string {
	pathcase.Notice(root)
	return relative(absolute(p, cwd), root)
}

// absolute is p from cwd, ~ as the home directory, not yet cleaned: a ".."
// after a symbolic link leads from the link's target.
func absolute(p, cwd string) string {
	if p == "" {
		return ""
	}
	if p == "~" || strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			p = home + string(filepath.Separator) + p[1:]
		}
	}
	if !filepath.IsAbs(p) {
		p = cwd + string(filepath.Separator) + p
	}
	return p
}

// relative is the absolute path p cleaned, relative to root inside it.
func relative(p, root string) string {
	if p == "" {
		return ""
	}
	p = clean(p)
	if rel, ok := cleanBeneath(p, root); ok { // inside's short way, p known clean
		return filepath.ToSlash(rel)
	}
	if rel, ok := inside(p, root); ok {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(p)
}

// inside is the cleaned absolute path p relative to root, when it lies
// inside it. Where file systems ignore case (pathcase.On), a spelling
// of root that differs in case is root: /Users/me/PROJ/.system is the
// project's .system, and must be named so for the globs to see it.
func inside(p, root string) (string, bool) {
	if rel, ok := beneath(p, root); ok {
		return rel, true
	}
	if rel, err := filepath.Rel(root, p); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return rel, true
	}
	if !pathcase.On() || root == "" {
		return "", false
	}
	sep := string(filepath.Separator)
	rs := strings.Split(strings.TrimSuffix(filepath.Clean(root), sep), sep)
	ps := strings.Split(p, sep)
	if len(ps) < len(rs) {
		return "", false
	}
	for i, r := range rs {
		if !pathcase.Equal(r, ps[i]) {
			return "", false
		}
	}
	if len(ps) == len(rs) {
		return ".", true
	}
	return strings.Join(ps[len(rs):], sep), true
}

// beneath is what filepath.Rel gives for a clean absolute p that is root or lies beneath it by
// its spelling, root clean and absolute too: p's tail, with neither cleaned again nor split. A
// 100 KB line names thousands of paths, and filepath.Rel was half the time spent naming them.
// Any other pair is left to inside's other ways (false).
func beneath(p, root string) (string, bool) {
	if !strings.HasPrefix(p, root) || !isClean(p) {
		return "", false
	}
	return cleanBeneath(p, root)
}

// cleanBeneath is beneath for a p known to be clean: relative asks it of every path it has
// just cleaned, and looking for what Clean takes out again was a sixth of naming a long line's
// paths (BenchmarkOf100KB).
func cleanBeneath(p, root string) (string, bool) {
	if !strings.HasPrefix(p, root) || !filepath.IsAbs(root) || !isClean(root) {
		return "", false
	}
	rest := p[len(root):]
	switch {
	case rest == "":
		return ".", true
	case os.IsPathSeparator(root[len(root)-1]): // / or C:\
		return rest, true
	case os.IsPathSeparator(rest[0]):
		return rest[1:], true
	}
	return "", false
}

// isClean reports whether filepath.Clean(p) is p, for an absolute p: on a system whose only
// separator is /, by looking for what Clean takes out (//, a . or .. element, a trailing /) in
// one pass over p rather than building the cleaned path.
func isClean(p string) bool {
	if filepath.Separator != '/' || !strings.HasPrefix(p, "/") {
		return filepath.Clean(p) == p
	}
	if p == "/" {
		return true
	}
	for rest := p; ; {
		i := strings.IndexByte(rest, '/')
		if i < 0 {
			return true
		}
		// The element after this separator: neither empty (// or a trailing /), nor . nor ..
		rest = rest[i+1:]
		if rest == "" || rest[0] == '/' {
			return false
		}
		if rest[0] == '.' {
			if len(rest) == 1 || rest[1] == '/' || rest[1] == '.' && (len(rest) == 2 || rest[2] == '/') {
				return false
			}
		}
	}
}

// clean is filepath.Clean(p), without Clean's pass over a path that is already clean: nearly
// every path a long line names is, and Clean was 40% of naming them (BenchmarkOf100KB).
func clean(p string) string {
	if isClean(p) {
		return p
	}
	return filepath.Clean(p)
}

// resolver follows symbolic links, remembering each directory it has
// resolved: a long command line names many files in few directories, and a
// system call per component of every path was most of the time it took.
type resolver struct {
	dirs map[string]resolvedDir
	cwd  string // the call's working directory: /proc/self/cwd to the command that opens it
}

type resolvedDir struct {
	path   string
	exists bool
	clean  bool // path is absolute and clean: joining a name to it needs no filepath.Join
}

// resolve follows the symbolic links of the absolute path p as the kernel
// would; a component that does not exist (a file about to be written) ends
// the links, and the rest is kept as written.
func (r *resolver) resolve(p string) string {
	if runtime.GOOS == "windows" {
		return r.resolveWindows(p)
	}
	i := strings.LastIndexByte(p, '/')
	base := p[i+1:]
	if i <= 0 || base == "" || base == "." || base == ".." {
		return followIn(p, r.cwd)
	}
	if r.dirs == nil {
		r.dirs = map[string]resolvedDir{}
	}
	dir, ok := r.dirs[p[:i]]
	if !ok {
		dir.path = followIn(p[:i], r.cwd)
		fi, err := os.Stat(dir.path)
		dir.exists = err == nil && fi.IsDir()
		dir.clean = strings.HasPrefix(dir.path, "/") && isClean(dir.path)
		r.dirs[p[:i]] = dir
	}
	// base is one name (no /, neither . nor ..): filepath.Join would only add the separator.
	var full string
	switch {
	case dir.path == "/":
		full = "/" + base
	case dir.clean:
		full = dir.path + "/" + base
	default:
		full = filepath.Join(dir.path, base)
	}
	if !dir.exists {
		return full
	}
	if fi, err := os.Lstat(full); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		return followIn(full, r.cwd)
	}
	return full
}

// resolveWindows is the absolute path p as Windows stores it, its
// directory resolved once: filepath.EvalSymlinks follows symbolic links
// and spells each existing name as stored, the long name for an 8.3 short
// one (.SYSTE~1 is .system, which a glob on .system/** would not see
// otherwise). A name not yet made (a file about to be written) is kept.
func (r *resolver) resolveWindows(p string) string {
	dir, base := filepath.Dir(p), filepath.Base(p)
	if dir == p {
		return p
	}
	if r.dirs == nil {
		r.dirs = map[string]resolvedDir{}
	}
	d, ok := r.dirs[dir]
	if !ok {
		d.path = dir
		if e, err := filepath.EvalSymlinks(dir); err == nil {
			d.path, d.exists = e, true
		}
		r.dirs[dir] = d
	}
	full := filepath.Join(d.path, base)
	if !d.exists {
		return full
	}
	if fi, err := os.Lstat(full); err == nil && (fi.Mode()&os.ModeSymlink != 0 || strings.Contains(base, "~")) {
		if e, err := filepath.EvalSymlinks(full); err == nil {
			return e
		}
	}
	return full
}

// lstat is os.Lstat; a test counts its calls.
var lstat = os.Lstat

// follow resolves every component of the absolute path p. Beneath a name
// that does not exist nothing is a link, so follow stats a name only while
// the directory it is in exists, and keeps the path as a list of names
// rather than a string it joins again at each one: a path of 400,000
// components (an agent's payload) took it quadratic time before. A ".."
// climbs back into what exists, which is followed again (a tool that
// cleans missing/../link/x itself reaches link's target).
func follow(p string) string { return followIn(p, "") }

// followIn is follow for a call run in the directory cwd: /proc/self/cwd (thread-self's, and
// hookrun's own /proc/PID/cwd, which /proc/self leads to here) is cwd, however the path reaches
// it (/dev/fd/../../self/cwd); with cwd "" it is hookrun's.
func followIn(p, cwd string) string {
	parts := strings.Split(p, "/")
	var names []string     // the path so far, below /
	missing, links := 0, 0 // missing: how many of the last names do not exist
	for i := 0; i < len(parts); i++ {
		switch parts[i] {
		case "", ".":
			continue
		case "..":
			if len(names) > 0 {
				names = names[:len(names)-1]
			}
			missing = max(missing-1, 0)
			continue
		}
		names = append(names, parts[i])
		if missing > 0 {
			missing++
			continue
		}
		if cwd != "" && parts[i] == "cwd" && ownProc(names[:len(names)-1]) {
			if links++; links > maxLinks {
				return p
			}
			names = nil
			parts = append(strings.Split(cwd, "/"), parts[i+1:]...)
			i = -1
			continue
		}
		next := "/" + strings.Join(names, "/")
		fi, err := lstat(next)
		if err != nil {
			missing = 1
			continue
		}
		if fi.Mode()&os.ModeSymlink == 0 {
			continue
		}
		target, err := os.Readlink(next)
		if links++; err != nil || links > maxLinks {
			return p
		}
		names = names[:len(names)-1]
		if filepath.IsAbs(target) {
			names = nil
		}
		parts = append(strings.Split(target, "/"), parts[i+1:]...)
		i = -1
	}
	return "/" + strings.Join(names, "/")
}

// ownProc reports whether the names (a path below /, links followed so far) are hookrun's own
// /proc entry, or its thread's: /proc/self, /proc/thread-self, /proc/PID, /proc/PID/task/TID.
func ownProc(names []string) bool {
	if len(names) < 2 || names[0] != "proc" {
		return false
	}
	ownPID := strconv.Itoa(os.Getpid()) // not at package level: nothing runs before main
	switch {
	case len(names) == 2:
		return names[1] == "self" || names[1] == "thread-self" || names[1] == ownPID
	case len(names) == 4:
		return names[1] == ownPID && names[2] == "task"
	}
	return false
}

// literalDir splits a path a call names into the directory it is taken from, which is no pattern
// (the working directory, the home directory: a project at /src/app[1] is that directory, not
// /src/app1), and the rest as written, whose pattern characters are the shell's; lit is "" for an
// absolute p.
func literalDir(p, cwd string) (lit, rest string) {
	if p == "~" || strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			return home, strings.TrimLeft(p[1:], "/")
		}
	}
	if filepath.IsAbs(p) {
		return "", p
	}
	return cwd, p
}

// glob lists the existing files the pattern p matches in the directory lit (or the absolute
// pattern p when lit is ""), reading at most *budget directory entries; complete is false when
// the budget ran out first. It matches what any shell might, whatever its options (see
// matchName); a ** component also crosses directories, as zsh's and bash's globstar do: more
// paths, never fewer.
func glob(lit, p string, budget *int) (matches []string, complete bool) {
	dirs := []string{lit}
	if lit == "" {
		vol := filepath.VolumeName(p)
		p = p[len(vol):]
		dirs[0] = vol + string(filepath.Separator)
	}
	parts := strings.Split(filepath.Clean(p), string(filepath.Separator))
	for i, part := range parts {
		if part == "" {
			continue
		}
		var next []string
		switch {
		case !strings.ContainsAny(part, patternChars):
			for _, d := range dirs {
				next = append(next, filepath.Join(d, part))
			}
		case part == "**":
			// Every directory beneath, and each itself; the last ** also every file. A link is
			// listed, not followed: the shells' ** does not descend into links, nor does rm -r.
			next = slices.Clone(dirs)
			var files []string
			for j := 0; j < len(next); j++ {
				entries, err := os.ReadDir(next[j])
				if err != nil {
					continue
				}
				for _, e := range entries {
					if *budget--; *budget < 0 {
						return nil, false
					}
					switch {
					case e.IsDir():
						next = append(next, filepath.Join(next[j], e.Name()))
					case i == len(parts)-1:
						files = append(files, filepath.Join(next[j], e.Name()))
					}
				}
			}
			next = append(next, files...)
		default:
			for _, d := range dirs {
				entries, err := os.ReadDir(d)
				if err != nil {
					continue
				}
				for _, e := range entries {
					if *budget--; *budget < 0 {
						return nil, false
					}
					// The name as written, too: the shell passes a pattern that matches nothing as it is,
					// and a [ quoted in the line (rm -r 'd[1]') looks the same here.
					if matchName(part, e.Name()) || strings.EqualFold(part, e.Name()) {
						next = append(next, filepath.Join(d, e.Name()))
					}
				}
			}
		}
		dirs = next
	}
	return existing(dirs), true
}

// existing keeps the paths that exist.
func existing(ps []string) []string {
	out := ps[:0]
	for _, p := range ps {
		if _, err := os.Lstat(p); err == nil {
			out = append(out, p)
		}
	}
	return out
}

// quote quotes a word for a reason, cut to 120 bytes.
func quote(w string) string {
	if len(w) > 120 {
		cut := 120
		for cut > 0 && !utf8.RuneStart(w[cut]) {
			cut--
		}
		return strconv.Quote(w[:cut]) + "…"
	}
	return strconv.Quote(w)
}

// found are the paths of the find f acts on: its start point top and the entries below it whose
// names match all its patterns, with, for a find that may act on what lies beneath them, all
// that does.
func found(f shellcmd.Find, top string, below []string) []string {
	matched := map[string]bool{}
	var out []string
	for _, p := range append([]string{top}, below...) {
		hit := findName(f, filepath.Base(p))
		for q := p; f.Deep && !hit && q != top && len(q) > len(top); q = filepath.Dir(q) {
			hit = matched[filepath.Dir(q)]
		}
		if hit {
			matched[p] = true
			out = append(out, p)
		}
	}
	return out
}

// findName reports whether find's -name and -iname patterns all match the name (as fnmatch does:
// * matches a leading dot, [!x] is a negated class); a pattern Go cannot read matches.
func findName(f shellcmd.Find, name string) bool {
	for _, p := range f.Names {
		if ok, err := filepath.Match(fnmatchClass(p), name); err == nil && !ok {
			return false
		}
	}
	for _, p := range f.INames {
		if ok, err := filepath.Match(strings.ToLower(fnmatchClass(p)), strings.ToLower(name)); err == nil && !ok {
			return false
		}
	}
	return true
}

// fnmatchClass writes fnmatch's negated class [!x] as Go's [^x].
func fnmatchClass(p string) string {
	return strings.ReplaceAll(p, "[!", "[^")
}
