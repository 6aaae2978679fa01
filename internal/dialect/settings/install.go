package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hookrun/hookrun/internal/buildinfo"
	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/ojson"
	"github.com/hookrun/hookrun/internal/safefile"
)

// Install merges hookrun's entries into the agent's settings file under
// root (see Merge) and, unless dryRun, writes it back when it changed, in
// one rename so that the agent never reads a half-written file, and only
// while the file still holds what Install read: a change another program
// made meanwhile is an error, never overwritten (checked just before the
// rename: one in the instant between, or through a handle opened on the
// old file, is not seen; no lock binds other programs). The file
// is read only as a regular file (at most 16 MiB) and never written
// through a symbolic link, in the file or its directories. A project
// setting that keeps the agent from running the entries (Agent.Off) is an
// error, and nothing is written. The Result says what was, or would be,
// written.
func Install(a Agent, root string, o Options, dryRun bool) (Result, error) {
	if o.Root == "" {
		o.Root = root
	}
	if o.Absolute {
		if o.Hookrun != "" {
			return Result{}, errors.New("--absolute and --hookrun each name the hookrun the entries run: give one of them")
		}
		exe, err := os.Executable()
		if err == nil {
			o.Hookrun, err = AbsoluteHookrun(exe, root)
		}
		if err != nil {
			return Result{}, err
		}
	}
	var why []string
	for _, p := range a.Off(root) {
		if !p.Warning {
			why = append(why, p.String())
		}
	}
	if len(why) > 0 {
		return Result{}, fmt.Errorf("%s would not run hookrun's entries as installed: %s; nothing was written (change that setting first, then run install again)", a.Dialect, strings.Join(why, "; and "))
	}
	path := filepath.Join(root, a.File)
	old, err := safefile.ReadFile(path, 16<<20)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return Result{}, fmt.Errorf("reading %s: %w", a.File, err)
	}
	existed := err == nil
	res, err := Merge(a, old, o)
	res.Hookrun = o.Hookrun
	if err != nil || dryRun || !res.Changed {
		return res, err
	}
	if beforeWrite != nil {
		beforeWrite()
	}
	d, err := safefile.OpenDir(root, filepath.Dir(a.File), true)
	if err == nil {
		err = d.ReplaceFile(filepath.Base(a.File), old, existed, res.Data, 0o644)
		d.Close()
	}
	if err != nil {
		return Result{}, fmt.Errorf("writing %s: %w", a.File, err)
	}
	return res, nil
}

// beforeWrite, set by a test, runs between Install's read of the settings
// file and its write: where another writer's change would land.
var beforeWrite func()

// Routed returns the agents whose settings file under root routes at
// least one of their events to hookrun, in dialect.Agents order. A file
// that cannot be read or parsed routes nothing.
func Routed(root string) []Agent {
	var out []Agent
	for _, d := range dialect.Agents {
		a, _ := Find(d.Name)
		data, err := safefile.ReadFile(filepath.Join(root, a.File), 16<<20)
		if err != nil {
			continue
		}
		if a.Plugin != nil { // hookrun's plugin routes all of them
			if bytes.Contains(data, []byte(a.marker())) {
				out = append(out, a)
			}
			continue
		}
		doc, err := ojson.Parse(data)
		if err != nil || !doc.IsObject() {
			continue
		}
		hooks := doc.Get("hooks")
		if hooks == nil || !hooks.IsObject() {
			continue
		}
		for _, ev := range a.Events {
			if list := hooks.Get(ev); list != nil && list.IsArray() && a.find(list) != nil {
				out = append(out, a)
				break
			}
		}
	}
	return out
}

// Wait is how long the agent waits for hookrun on the events that guard an
// action (a prompt, a tool call), as hookrun's entries in its settings file
// under root say (in a matcher group too), and in the agent's other files
// of entries (Settings.WaitFiles: the person's own, say): the shortest, if
// they differ, and from says where that comes from, for a message. An
// entry with no timeout hookrun can read (a hand-written one), or no entry
// of hookrun's in any of those files, is waited for as long as the agent's
// own default (Settings.DefaultWait): past that the agent lets the call
// through. ok is false when that default is not known (Cursor) or the
// agent's hooks are code (OpenCode's plugin keeps its own timeout).
func (a Agent) Wait(root string) (wait time.Duration, from string, ok bool) {
	w, ok := a.WaitAt(root)
	return w.Wait, w.From, ok
}

// Waited is Wait's answer, with the file and the place in it (the entry's
// timeout, or the entry; 0, 0 for a file whose places hookrun does not
// read, or when no entry gave it) that gave the wait.
type Waited struct {
	Wait      time.Duration
	From      string
	File      string // absolute
	Line, Col int
}

// WaitAt is Wait, with where the wait comes from.
func (a Agent) WaitAt(root string) (Waited, bool) {
	var w Waited
	if a.Plugin != nil {
		return w, false
	}
	consider := func(d time.Duration, why, file string, e guardEntry) {
		if d > 0 && (w.Wait == 0 || d < w.Wait) {
			w = Waited{Wait: d, From: why, File: file}
			if e.data != nil {
				w.Line, w.Col = ojson.Locate(e.data, e.at)
			}
		}
	}
	own := filepath.Join(root, a.File)
	files := []string{own}
	if a.WaitFiles != nil {
		cwd, _ := os.Getwd()
		files = append(files, a.WaitFiles(root, cwd)...)
	}
	seen := false
	for i, f := range files {
		in := a.File
		if i > 0 {
			in = shownPath(root, f)
		}
		for _, e := range a.guarding(f) {
			seen = true
			raw, err := json.Marshal(e.h.Get(a.timeoutKey()))
			var n float64
			if err != nil || json.Unmarshal(raw, &n) != nil || n <= 0 {
				consider(a.DefaultWait, fmt.Sprintf("its default for a hook with no %s; %s gives hookrun's entry none", a.timeoutKey(), in), f, e)
				continue
			}
			e.at = append(e.at, a.timeoutKey())
			consider(time.Duration(n*float64(a.Unit)), "the timeout in "+in, f, e)
		}
	}
	if !seen {
		consider(a.DefaultWait, fmt.Sprintf("its default for a hook with no %s; %s gives hookrun's entry none", a.timeoutKey(), a.File), own, guardEntry{})
	}
	return w, w.Wait > 0
}

// shownPath is f relative to root when it is inside it, else as it is.
func shownPath(root, f string) string {
	if rel, err := filepath.Rel(root, f); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(rel)
	}
	return f
}

// guardEntry is one of hookrun's handlers, and where it is: its path in
// the file's JSON document, and the document (nil for TOML, whose places
// hookrun does not read).
type guardEntry struct {
	h    *ojson.Node
	at   []string
	data []byte
}

// guarding returns hookrun's handlers on the events that guard an action
// in the agent's file of entries at path (TOML when it ends in .toml), in
// matcher groups too; none when the file cannot be read or parsed.
func (a Agent) guarding(path string) []guardEntry {
	data, err := safefile.ReadFile(path, 16<<20)
	if err != nil {
		return nil
	}
	var doc *ojson.Node
	if strings.HasSuffix(path, ".toml") {
		doc, err = parseTOML(data)
		data = nil
	} else {
		doc, err = ojson.Parse(data)
	}
	if err != nil || !doc.IsObject() {
		return nil
	}
	hooks := doc.Get("hooks")
	if hooks == nil || !hooks.IsObject() {
		return nil
	}
	var out []guardEntry
	for _, ev := range a.Events {
		list := hooks.Get(ev)
		if !a.guards(ev) || list == nil || !list.IsArray() {
			continue
		}
		for i, item := range list.Items() {
			if a.Flat {
				if a.isOurs(item) {
					out = append(out, guardEntry{item, at("hooks", ev, i), data})
				}
				continue
			}
			if !item.IsObject() {
				continue
			}
			if hs := item.Get("hooks"); hs != nil && hs.IsArray() {
				for j, h := range hs.Items() {
					if a.isOurs(h) {
						out = append(out, guardEntry{h, at("hooks", ev, i, "hooks", j), data})
					}
				}
			}
		}
	}
	return out
}

// Summary says what Install did, for a person: "added A, B; updated C".
func (r Result) Summary() string {
	var did []string
	for _, d := range []struct {
		verb   string
		events []string
	}{{"added", r.Added}, {"updated", r.Updated}, {"removed", r.Removed}} {
		if len(d.events) > 0 {
			did = append(did, d.verb+" "+strings.Join(d.events, ", "))
		}
	}
	return strings.Join(did, "; ")
}

// NPMHookrun is where npm install -D hookrun puts hookrun in a project.
const NPMHookrun = "node_modules/.bin/hookrun"

// Notes say what keeps the entries from guarding that install does not
// change: another plugin the agent loads, maybe after hookrun's (otherPlugins),
// a setting that may run hooks hookrun cannot see (Off's warnings), a
// subdirectory's settings file read in place of the project's (shadowed),
// another hook that can change a call after hookrun's entry let it
// through (laterHooks), o.Hookrun missing under o.Root, or no hookrun on
// PATH, with a hint when the project has npm's.
func Notes(a Agent, o Options) []string {
	var later []string
	// What the agent waits is what its unit holds: 500ms is written as 1 s.
	if wait := time.Duration(a.timeout(o)) * a.Unit; o.Timeout > 0 && wait < MinWait {
		later = append(later, fmt.Sprintf("%s will wait %s for hookrun: enough while only rules hooks guard its calls, too short for a script or http hook, which needs at least %s (hookrun validate reports it as an error then)", a.Dialect, wait, MinWait))
	}
	ps := append(a.shadowed(o.Root), a.laterHooks(o.Root, o.HooksDir)...)
	if a.Plugin != nil {
		ps = append(a.otherPlugins(o.Root), ps...)
	}
	for _, p := range a.Off(o.Root) {
		if p.Warning {
			ps = append(ps, p)
		}
	}
	for _, p := range placed(o.Root, ps) {
		later = append(later, p.String())
	}
	later = append(later, a.belowTopNotes(o)...)
	return append(later, a.missingNotes(o)...)
}

// belowTopNotes: with no hooks directory yet, install writes under the
// working directory. Below the top of a git work tree, an agent started at
// the top reads the top's settings file, not this one, and emit run there
// looks for hooks from the top up, never down here.
func (a Agent) belowTopNotes(o Options) []string {
	if o.HooksDir != "" || config.GitTop(o.Root) {
		return nil
	}
	if _, err := os.Lstat(filepath.Join(o.Root, config.HooksSubdir)); err == nil {
		return nil
	}
	for d := filepath.Dir(o.Root); d != filepath.Dir(d); d = filepath.Dir(d) {
		if !config.GitTop(d) {
			continue
		}
		top, err := filepath.Rel(o.Root, d)
		if err != nil {
			top = d
		}
		return []string{fmt.Sprintf("this directory is below the top of its git work tree (%s): %s started there reads %s there, not this one, and finds no hooks here; run hookrun init and hookrun install %s at the top, unless %s always starts in this directory", top, a.Dialect, a.File, a.Dialect, a.Dialect)}
	}
	return nil
}

// MinWait is the shortest time an agent may wait for hookrun while hooks
// on the events that guard an action start processes: emit --dialect
// keeps a margin of the agent's wait for ending a handler that overruns
// (SIGTERM, and SIGKILL after exec.DefaultLimits.Grace) and answering, at
// least 3 s but never more than half the wait, and below twice those 3 s
// the half is too little. Measured on a loaded machine (load 25, 2 CPUs),
// with a guard ignoring SIGTERM: waits of 1 s and 2 s were answered after
// 2.2 s and 2.4 s, when the agent had let the call through.
const MinWait = 6 * time.Second

func (a Agent) missingNotes(o Options) []string {
	if _, _, err := entryHookrun(o); err == nil {
		return nil
	}
	if o.Hookrun != "" {
		return []string{fmt.Sprintf("%s does not exist yet: %s's entries block its tool calls and prompts until it does", o.Hookrun, a.Dialect)}
	}
	notes := []string{fmt.Sprintf("hookrun is not on PATH: %s needs it there to run the entries", a.Dialect)}
	if _, err := os.Stat(filepath.Join(o.Root, NPMHookrun)); err == nil {
		notes = append(notes, fmt.Sprintf("this project has %s (npm): hookrun install %s --hookrun %s runs that one", NPMHookrun, a.Dialect, NPMHookrun))
	}
	return notes
}

// entryHookrun finds the hookrun the entries run: o.Hookrun (relative to
// the project root), or hookrun on PATH in a directory outside the
// project, since one inside it, such as the node_modules/.bin that npx
// puts first on PATH, is not on the PATH the agent runs its hooks with.
// shown is how install names it.
func entryHookrun(o Options) (shown, path string, err error) {
	if o.Hookrun == "" {
		path, err = exec.LookPath("hookrun", o.Root)
		return path, path, err
	}
	path = o.Hookrun
	if !filepath.IsAbs(path) {
		path = filepath.Join(o.Root, path)
	}
	_, err = os.Stat(path)
	return o.Hookrun, path, err
}

// DynamicWarning says, when the hookrun the entries run was built with
// cgo, that the dynamic loader then runs what LD_PRELOAD names, which a
// repository can set for the agent's hooks, before hookrun's first
// check; when it is a script (npm's JavaScript shim, which npm install
// --ignore-scripts leaves in place of the binary: #!/usr/bin/env node),
// that what it starts may be looked up on the PATH the agent gives its
// hooks, which a repository can set too; "" otherwise.
func DynamicWarning(o Options) string {
	shown, path, err := entryHookrun(o)
	if err != nil {
		return ""
	}
	if line := shebang(path); line != "" {
		return fmt.Sprintf("%s is a script (%s), not hookrun's own binary: the program it starts (its interpreter, or a command it runs by name) may be looked up on the PATH the agent gives its hooks, which a repository can set (Claude Code's env), so that program would answer in hookrun's place; name the binary itself: npm puts it in place of its shim unless --ignore-scripts, or use a release archive", shown, line)
	}
	if !buildinfo.Dynamic(path) {
		return ""
	}
	return fmt.Sprintf("%s is linked dynamically (built with cgo): an LD_PRELOAD the repository sets for the agent's hooks (in a .env, in the settings' env) would run code inside it before hookrun checks anything; install a static build: a release archive, the npm package, or CGO_ENABLED=0 go install github.com/hookrun/hookrun/cmd/hookrun@latest", shown)
}

// shebang is the #! line a regular file starts with, at most 80 bytes of
// it; "" for a file that does not start with one, or cannot be read (a
// FIFO is not opened: that would wait for a writer).
func shebang(path string) string {
	if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	buf := make([]byte, 80)
	n, _ := io.ReadFull(f, buf)
	line, _, _ := strings.Cut(string(buf[:n]), "\n")
	if !strings.HasPrefix(line, "#!") {
		return ""
	}
	return strings.TrimSpace(line)
}
