package config

import (
	"errors"
	"fmt"
	"github.com/hookrun/hookrun/internal/pathcase"
	"github.com/hookrun/hookrun/internal/safefile"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
)

// Set is every declaration found in a hooks directory.
type Set struct {
	Hooks    []*Hook   // valid hooks, in merge order (event, priority, id)
	Findings []Finding // every problem, sorted by file and position
	Files    []string  // every declaration file read, sorted
	Invalid  []string  // files with at least one error, sorted
	Ignored  []string  // editor and OS files named like declarations, not read (see Ignored)
	// Duplicates maps each hook id declared in more than one file to those
	// files, sorted: which of them is meant cannot be told.
	Duplicates map[string][]string
	// Parsed holds every file's hook as far as it could be decoded,
	// valid or not, in file order; validate's file-system checks use it.
	Parsed []*Hook
}

// HooksFor returns the valid hooks of one event, in merge order.
func (s *Set) HooksFor(ev string) []*Hook {
	var out []*Hook
	for _, h := range s.Hooks {
		if string(h.Event) == ev {
			out = append(out, h)
		}
	}
	return out
}

// Meant is the declaration name a person most likely meant name to have,
// or "" when name is a declaration's or nobody meant it as one: hookrun
// reads only names ending in .yaml or .yml, in lowercase and with nothing
// after, and a name that is one but for the case of its extension
// (guard.YAML), spaces, dots, invisible characters or a carriage return
// after it (as a script with Windows line endings leaves), or a .txt an editor added (Notepad
// saves guard.yaml as guard.yaml.txt, and Windows hides the .txt) was
// meant to be read. A backup or a template (guard.yaml~, guard.yaml.bak,
// guard.yaml.example) was not.
func Meant(name string) string {
	if IsDeclFile(name) {
		return ""
	}
	n := strings.TrimRightFunc(name, trailing)
	if ext := filepath.Ext(n); strings.EqualFold(ext, ".txt") {
		n = strings.TrimRightFunc(strings.TrimSuffix(n, ext), trailing)
	}
	ext := filepath.Ext(n)
	if fixed := strings.TrimSuffix(n, ext) + strings.ToLower(ext); IsDeclFile(fixed) && len(fixed) > len(ext) {
		return fixed
	}
	return ""
}

// trailing is what may follow a declaration's name unseen: spaces (of any
// kind), dots, line breaks, and the characters that show nothing (a
// zero-width space, a byte order mark, a direction mark): guard.yaml
// followed by U+200B lists as guard.yaml, and was silently not read.
func trailing(r rune) bool { return r == '.' || unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) }

// IsDeclFile reports whether name is a declaration file name.
func IsDeclFile(name string) bool {
	return strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")
}

// Ignored says why a file named like a declaration is not one, or ""
// when it is one or is not named like one: editors and operating systems
// leave such files beside the ones a person wrote, and reading them would
// block every event while a file is open in an editor. A .json file is
// named too: a hook written as JSON (which is YAML) is never read, and
// saying nothing would leave its author believing it runs; it may as well
// be a guard's data, so it is no error.
func Ignored(name string) string {
	switch {
	case strings.EqualFold(filepath.Ext(name), ".json") && len(name) > len(".json"):
		return fmt.Sprintf("a .json file (JSON is YAML, but hookrun reads only .yaml and .yml files: rename it to %s if it declares a hook)",
			strings.TrimSuffix(name, filepath.Ext(name))+".yaml")
	case IsDeclFile(name) && strings.HasPrefix(name, ".#"):
		return "an Emacs lock file"
	case IsDeclFile(name) && strings.HasPrefix(name, "._"):
		return "a macOS resource fork file"
	case leftover(name):
		return "a backup or temporary copy an editor or tool left"
	}
	return ""
}

// leftover reports whether name is a declaration's name with what editors
// and tools add to the copies they leave: guard.yaml~, #guard.yaml#,
// .guard.yaml.swp, guard.yaml.orig.
func leftover(name string) bool {
	if len(name) > 2 && strings.HasPrefix(name, "#") && strings.HasSuffix(name, "#") && IsDeclFile(name[1:len(name)-1]) {
		return true
	}
	for _, suffix := range []string{"~", ".bak", ".orig", ".rej", ".swp", ".swo", ".tmp", ".old"} {
		if base, ok := strings.CutSuffix(name, suffix); ok && IsDeclFile(base) {
			return true
		}
	}
	return false
}

// notMeant is why a file Meant names is not read.
func notMeant(name, meant string) string {
	return fmt.Sprintf("not read, so the hook it declares does not run: hookrun reads only names ending in .yaml or .yml, in lowercase and with nothing after, and this one is %s; rename it to %s", strconv.QuoteToASCII(name), meant)
}

// notADecl is why a directory named like a declaration that holds none is
// an error: a declaration was meant to be there (a bind mount of a file
// that did not exist leaves such a directory).
const notADecl = "a directory named like a declaration, holding none: the hook meant to be declared here does not run (a directory under the hooks directory only groups declarations)"

// Files lists the declaration files under dir, sorted, and the names it
// ignored (see Ignored). A missing dir has none. It descends into
// subdirectories, following links to directories as it follows links to
// files (a directory reached twice, as in a link loop, is read once and
// reported as an error), and sorts once at the end rather than each
// directory's entries.
//
// A link that leads out of the project (see Bound) is listed with the
// files and in refused, with the reason it is not read: Refused turns it
// into a finding, so emit refuses to run while one is there. A hooks
// directory that is itself such a link is an error.
func Files(dir string) (files, ignored []string, refused map[string]string, err error) {
	w := walker{seen: map[[2]uint64]bool{}, bound: Bound(dir)}
	if real, err := filepath.EvalSymlinks(dir); err == nil && !w.inside(real) {
		return nil, nil, nil, fmt.Errorf("reading hooks directory: %s is a link to %s, %s", dir, real, w.outside())
	}
	if err := w.walk(dir); err != nil {
		if errors.Is(err, fs.ErrNotExist) && len(w.files) == 0 {
			if _, serr := os.Stat(dir); errors.Is(serr, fs.ErrNotExist) {
				return nil, nil, nil, nil
			}
		}
		return nil, nil, nil, fmt.Errorf("reading hooks directory: %w", err)
	}
	slices.Sort(w.files)
	slices.Sort(w.ignored)
	return w.files, w.ignored, w.refused, nil
}

// Bound is the directory, links resolved, that every declaration under
// the hooks directory dir must lie in once its links are followed: the
// git work tree holding the project, or the project itself outside git
// (the directory holding .system, or dir when it is not named
// .system/hooks). The errors hookrun prints about a file quote its text,
// so a link a repository ships to a file of the person running hookrun
// (~/.npmrc, ~/.git-credentials) would show that file to whoever reads
// validate's output or an agent's deny reason; git, for the same reason,
// does not follow a .gitattributes that is a link. "" means no bound (the
// project does not exist).
func Bound(dir string) string {
	root := dir
	if filepath.Base(dir) == "hooks" && filepath.Base(filepath.Dir(dir)) == ".system" {
		root = filepath.Dir(filepath.Dir(dir))
	}
	if !keepBounds.Load() {
		return boundNow(root)
	}
	if b, ok := bounds.Load(root); ok {
		return b.(string)
	}
	b := boundNow(root)
	bounds.Store(root, b)
	return b
}

// KeepBounds makes Bound keep its first answer for each root for the
// rest of the process, for emit, which runs one event a process and asked
// it four times for the same root (the cache's place, the cache, the
// declarations' walk, the handlers' work tree), each a walk up the tree:
// every use then reads the declarations, the cache and the handlers' PATH
// against the same bound, even should a .git appear midway.
func KeepBounds() { keepBounds.Store(true) }

var (
	keepBounds atomic.Bool
	bounds     sync.Map // root -> Bound's answer, once KeepBounds is called
)

// boundNow is Bound of the project root root, looked up now.
func boundNow(root string) string {
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		return ""
	}
	for d := real; ; d = filepath.Dir(d) {
		if GitTop(d) {
			return d
		}
		if filepath.Dir(d) == d {
			return real
		}
	}
}

type walker struct {
	files, ignored []string
	refused        map[string]string  // links out of bound, and why they are not read
	seen           map[[2]uint64]bool // directories read, by device and inode
	bound          string             // see Bound
}

// inside reports whether the resolved path real may be read: it lies in
// the bound, or in a directory the person trusts.
func (w *walker) inside(real string) bool { return inBound(w.bound, real) }

func (w *walker) outside() string { return outsideBound(w.bound) }

// inBound reports whether the resolved path real may be read under bound
// (see Bound): it lies in it, or in a directory the person trusts.
func inBound(bound, real string) bool {
	return bound == "" || within(bound, real) || trusted(real)
}

func outsideBound(bound string) string {
	return "outside the project (" + bound + "); hookrun reads declarations only from inside the project's git work tree (or the project, outside git), as an error about a file would show its text; to share hooks from there, add that directory to " + TrustedDirsVar
}

// within reports whether path lies in dir (both cleaned and absolute).
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

func (w *walker) walk(dir string) error {
	f, err := safefile.OpenListing(dir)
	if err != nil {
		return err
	}
	if id, ok := dirID(f); ok {
		if w.seen[id] {
			f.Close()
			return fmt.Errorf("%s: a directory link loop (this directory is already read through another path)", dir)
		}
		w.seen[id] = true
	}
	entries, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		return err
	}
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		isDir := e.IsDir()
		real := ""
		if e.Type()&fs.ModeSymlink != 0 {
			// A link to a directory is followed like a link to a file;
			// a dangling link named like a declaration is listed, and
			// reading it says what is wrong.
			if st, err := os.Stat(path); err == nil && st.IsDir() {
				isDir = true
			}
			real, _ = filepath.EvalSymlinks(path)
		}
		others := "" // why someone else could change a directory of declarations
		if isDir {
			others = w.untrusted(path)
		}
		switch {
		case !isDir && Ignored(e.Name()) != "":
			w.ignored = append(w.ignored, path)
		case !isDir && Meant(e.Name()) != "":
			w.refuse(path, notMeant(e.Name(), Meant(e.Name())))
		case !isDir && !IsDeclFile(e.Name()):
		case real != "" && !w.inside(real):
			w.refuse(path, "not read: a link to "+real+", "+w.outside())
		case isDir && others != "":
			w.refuse(path, "not read: this directory "+others+"; hookrun does not run hooks that someone else can change (if you trust it, add it to "+TrustedDirsVar+")")
		case isDir:
			before := len(w.files)
			if err := w.walk(path); err != nil {
				return err
			}
			if len(w.files) == before && (IsDeclFile(e.Name()) || Meant(e.Name()) != "") {
				w.refuse(path, notADecl)
			}
		default:
			w.files = append(w.files, path)
		}
	}
	return nil
}

// untrusted says why someone else could change the directory at path
// (its links followed), so that a guard in it could vanish unseen, or ""
// (see checkTrust; the hooks directory itself is Discover's to check).
func (w *walker) untrusted(path string) string {
	st, err := os.Stat(path)
	if err != nil {
		return ""
	}
	if why := untrusted(path, st); why != "" && !trustedAt(path) {
		return why
	}
	return ""
}

// refuse lists path with the files, and in refused with why it is not read.
func (w *walker) refuse(path, why string) {
	if w.refused == nil {
		w.refused = map[string]string{}
	}
	w.refused[path] = why
	w.files = append(w.files, path)
}

// Refused is the result of a file Files refused, with why.
func Refused(path, why string) FileResult {
	return FileResult{Findings: []Finding{{File: path, Line: 1, Col: 1, Severity: Error, Message: why}}}
}

// Load reads and validates every declaration under dir. The error is for a
// directory that cannot be read at all; problems in files are findings.
func Load(dir string) (*Set, error) {
	files, ignored, refused, err := Files(dir)
	if err != nil {
		return nil, err
	}
	parsed := make([]FileResult, len(files))
	var all []int
	for i, f := range files {
		if why, ok := refused[f]; ok {
			parsed[i] = Refused(f, why)
		} else {
			all = append(all, i)
		}
	}
	ParseAll(Bound(dir), files, parsed, all)
	set := Assemble(files, parsed)
	set.Ignored = ignored
	return set, nil
}

// ParseAll parses the files at the given indexes, spread over the CPUs,
// each of them only where its links lead inside bound (see Bound; ReadFile).
// Each result goes to its own slot, so the order is the files' order.
func ParseAll(bound string, files []string, parsed []FileResult, which []int) {
	Spread(which, func(i int) { parsed[i] = ReadFile(files[i], bound) })
}

// Spread calls do for each index, on as many goroutines as there are CPUs
// when there is enough to share. Each call writes only its own index's
// slot, so the results keep the files' order.
func Spread(indexes []int, do func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), len(indexes)/64+1)
	if workers <= 1 {
		for _, i := range indexes {
			do(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				k := int(next.Add(1)) - 1
				if k >= len(indexes) {
					return
				}
				do(indexes[k])
			}
		})
	}
	wg.Wait()
}

// FileResult is what one file yields on its own, before cross-file checks.
type FileResult struct {
	Hook     *Hook // nil when the file declares no hook that could be decoded
	Findings []Finding
}

// MaxDeclBytes caps a declaration file: one hook is tens of lines, and a
// file larger than this is a mistake or an attack, never read whole.
const MaxDeclBytes = 1 << 20

// ReadFile reads and decodes one declaration file. Only a regular file is
// read (a link to one is followed), without blocking and at most
// MaxDeclBytes: a FIFO, a device or a huge file is a finding naming it.
// Files refuses a link that leads out of bound before anything is read;
// ReadFile checks where the file it opened is, so a link swapped in after
// that (a process flipping a declaration between a file and a link to
// ~/.npmrc) is refused too, its text never read.
//
// A file is trusted where it really is: a link to a file of a directory
// listed in TrustedDirsVar (hooks shared from outside the project, as
// often another user's) is trusted for that directory, as a path through
// it is.
func ReadFile(path, bound string) FileResult {
	real := path
	data, st, err := safefile.ReadFileWithin(path, MaxDeclBytes, func(r string) bool { real = r; return inBound(bound, r) })
	if err == nil && !trusted(real) {
		err = checkTrust(path, st)
	}
	if err != nil {
		msg := "cannot read file: " + unwrapPath(err).Error()
		var nr *safefile.NotRegularError
		var big *safefile.TooLargeError
		var untrusted *UntrustedError
		var out *safefile.OutsideError
		switch {
		case errors.As(err, &out) && out.Real == "":
			msg = "not read: it changed while hookrun opened it (a link swapped in?); run again"
		case errors.As(err, &out):
			msg = "not read: it led to " + out.Real + " when hookrun opened it, " + outsideBound(bound)
		case errors.As(err, &untrusted):
			msg = "not run: this file " + untrusted.Why + "; hookrun does not run hooks that someone else can change (if you trust it, add the directory it is in, " + filepath.Dir(real) + ", to " + TrustedDirsVar + ")"
		case errors.As(err, &nr):
			msg = "not a regular file: it is " + nr.Kind + "; hookrun reads only regular files (or links to them) as declarations"
		case errors.As(err, &big):
			msg = fmt.Sprintf("larger than the maximum of %d bytes (1 MiB) for a declaration of one hook", MaxDeclBytes)
		}
		return FileResult{Findings: []Finding{{File: path, Line: 1, Col: 1, Severity: Error, Message: msg}}}
	}
	h, fs := ParseFile(path, data)
	return FileResult{h, fs}
}

// Assemble adds the cross-file checks (duplicate ids) and sorts.
func Assemble(files []string, parsed []FileResult) *Set {
	s := &Set{Files: files}
	byID := map[string]int{}
	bad := make([]bool, len(parsed))
	for i, p := range parsed {
		s.Findings = append(s.Findings, p.Findings...)
		bad[i] = HasErrors(p.Findings) || p.Hook == nil
		if p.Hook != nil {
			s.Parsed = append(s.Parsed, p.Hook)
		}
		if p.Hook == nil || p.Hook.ID == "" {
			continue
		}
		j, dup := byID[p.Hook.ID]
		if !dup {
			byID[p.Hook.ID] = i
			continue
		}
		first := parsed[j].Hook
		if s.Duplicates == nil {
			s.Duplicates = map[string][]string{}
		}
		if len(s.Duplicates[p.Hook.ID]) == 0 {
			s.Duplicates[p.Hook.ID] = []string{files[j]}
		}
		s.Duplicates[p.Hook.ID] = append(s.Duplicates[p.Hook.ID], files[i])
		s.Findings = append(s.Findings,
			dupFinding(first, p.Hook),
			dupFinding(p.Hook, first))
		bad[i], bad[j] = true, true
	}
	s.Findings = append(s.Findings, caseTwins(files)...)
	for i, p := range parsed {
		if bad[i] {
			s.Invalid = append(s.Invalid, files[i])
		} else {
			s.Hooks = append(s.Hooks, p.Hook)
		}
	}
	Sort(s.Hooks)
	SortFindings(s.Findings)
	return s
}

// caseTwins warns of each file whose path differs from another's only in
// case or Unicode form (Guard.yaml and guard.yaml, a composed é and an e
// with a combining accent): both are read here, but macOS and Windows
// take them for one file and check out only one, so a hook set reviewed or
// validated on Linux is not the one that runs there. The names are also
// quoted in ASCII, since the two may look the same.
func caseTwins(files []string) []Finding {
	var out []Finding
	first := map[string]int{}
	for i, f := range files {
		key := pathcase.Key(filepath.ToSlash(f))
		j, twin := first[key]
		if !twin {
			first[key] = i
			continue
		}
		dir := commonDir(files[i], files[j])
		for _, p := range [][2]string{{files[i], files[j]}, {files[j], files[i]}} {
			out = append(out, Finding{File: p[0], Line: 1, Col: 1, Severity: Warning,
				Message: fmt.Sprintf("its name (%s) differs from %%s (%s) only in case or Unicode form: macOS and Windows take the two for one file and check out only one of them, so the hooks that run there are not the ones read here; rename one",
					strings.ReplaceAll(strconv.QuoteToASCII(Rel(dir, p[0])), "%", "%%"), strings.ReplaceAll(strconv.QuoteToASCII(Rel(dir, p[1])), "%", "%%")),
				Related: &Place{p[1], 1, 1}})
		}
	}
	return out
}

// commonDir is the longest directory that holds both a and b.
func commonDir(a, b string) string {
	d := filepath.Dir(a)
	for !within(d, b) && filepath.Dir(d) != d {
		d = filepath.Dir(d)
	}
	return d
}

func dupFinding(h, other *Hook) Finding {
	return Finding{File: h.File, Line: h.Pos.Line, Col: h.Pos.Col, Severity: Error, HookID: h.ID,
		Message: fmt.Sprintf("duplicate id %q: also declared at %%s; give each hook its own id", h.ID),
		Related: &Place{other.File, other.Pos.Line, other.Pos.Col}}
}
