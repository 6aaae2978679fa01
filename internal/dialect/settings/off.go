package settings

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/ojson"
	"github.com/hookrun/hookrun/internal/safefile"
)

// Problem is a reason the agent would not run hookrun's entries for every
// call, or not as installed: the file (relative to the project root) and
// what is wrong there.
type Problem struct {
	File, Message string
	// Warning: the setting may let a hook hookrun cannot see run beside
	// hookrun's (a plugin the repository enables), but need not: install
	// goes on, and validate warns (dialect.Switch.Warn).
	Warning bool
	// At is the path in the file's JSON document of what the problem is
	// about (keys, and array indices in decimal), which placed turns into
	// Line and Col; nil for the file as a whole.
	At []string
	// Line and Col point into the file (from 1, the column in bytes);
	// 0 for the file as a whole.
	Line, Col int
}

func (p Problem) String() string {
	if p.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Col, p.Message)
	}
	return p.File + ": " + p.Message
}

// placed sets each problem's Line and Col from its At, in its file under
// root read as JSON with comments (the agents' files are JSON, some with
// comments), or as TOML (Codex's config.toml; in Markdown an At is not
// followed), each file read once.
func placed(root string, ps []Problem) []Problem {
	files := map[string][]byte{}
	for i, p := range ps {
		if p.At == nil || p.Line > 0 || strings.HasSuffix(p.File, ".md") {
			continue
		}
		toml := strings.HasSuffix(p.File, ".toml")
		data, ok := files[p.File]
		if !ok {
			raw, err := safefile.ReadFile(filepath.Join(root, p.File), 16<<20)
			if err == nil && !toml {
				raw = plainJSON(raw)
			}
			data = raw
			files[p.File] = data
		}
		switch {
		case data == nil:
		case toml:
			ps[i].Line, ps[i].Col = locateTOML(data, p.At)
		default:
			ps[i].Line, ps[i].Col = ojson.Locate(data, p.At)
		}
	}
	return ps
}

// errAt is where a parse error points, or 0, 0.
func errAt(err error) (line, col int) {
	var se *ojson.SyntaxError
	if errors.As(err, &se) {
		return se.Line, se.Col
	}
	return 0, 0
}

// at is a JSON path from its parts: keys, and array indices.
func at(parts ...any) []string {
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = fmt.Sprint(p)
	}
	return out
}

// Off lists the project settings under root that keep the agent from
// running hookrun's entries, or give them an environment the repository
// chose (dialect.Switch), one problem each, naming the key. Another file
// that may hold such a switch but cannot be read as JSON is a problem too:
// hookrun cannot tell what the agent reads in it. A missing file switches
// nothing.
func (a Agent) Off(root string) []Problem {
	var out []Problem
	docs := map[string]*ojson.Node{}
	dirs := map[string][]string{} // a file: the subdirectories holding it
	var markets map[string]string // the repository's own plugin marketplaces, read when first wanted
	for _, l := range a.Settings.Loads {
		for _, f := range filesMatching(root, l.File, false) {
			out = append(out, Problem{File: f, Message: l.Why, Warning: true})
		}
	}
	for _, sw := range withFrontmatter(root, nested(root, a.Settings.Off, dirs)) {
		data, err := safefile.ReadFile(filepath.Join(root, sw.File), 16<<20)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			out = appendOnce(out, Problem{File: sw.File, Message: fmt.Sprintf("cannot be read (%v), so hookrun cannot tell whether it keeps %s from running hookrun's entries", unwrap(err), a.Dialect)})
			continue
		}
		if sw.Key == "" {
			// A preload the value check below names (at its line, with the
			// value) is not named twice.
			valued := map[string]bool{}
			for _, kv := range dotenvValues(data) {
				valued[kv.name] = valued[kv.name] || exec.LoadsCode(kv.name, kv.value, root) != ""
			}
			for _, name := range dotenvNames(data) {
				if valued[name] && slices.Contains(preloadVars, name) {
					continue
				}
				if why := envWhy(name, sw); why != "" {
					out = append(out, Problem{File: sw.File, Message: fmt.Sprintf("sets %s: %s; %s", name, sw.Why, why)})
				}
			}
			for _, kv := range dotenvValues(data) {
				if what := exec.LoadsCode(kv.name, kv.value, root); what != "" {
					out = append(out, Problem{File: sw.File, Line: kv.line, Col: 1, Message: fmt.Sprintf("sets %s to %q: %s; it decides %s, which must come from the person running the agent, not from the repository (emit blocks every call while it has the value this file gives it); set it in your environment instead", kv.name, kv.value, sw.Why, what)})
				}
			}
			continue
		}
		cached := sw.File
		if sw.Frontmatter {
			cached += "\x00" + sw.Key // frontmatterDoc holds the key alone
		}
		doc, ok := docs[cached]
		if !ok {
			format := "JSON"
			switch {
			case sw.Frontmatter:
				format = "YAML frontmatter"
				doc, err = frontmatterDoc(data, sw.Key)
			case strings.HasSuffix(sw.File, ".toml"):
				format = "TOML"
				doc, err = parseTOML(data)
			default:
				doc, err = ojson.Parse(data)
			}
			// The agent's own file is Merge's and Unrouted's to report.
			if err != nil && sw.File != a.File {
				line, col := errAt(err)
				out = appendOnce(out, Problem{File: sw.File, Message: fmt.Sprintf("is not %s hookrun can read (%v), so hookrun cannot tell whether it keeps %s from running hookrun's entries", format, err, a.Dialect), Line: line, Col: col, Warning: sw.Frontmatter && sw.Warn})
			}
			docs[cached] = doc
		}
		n := len(out)
		for _, f := range lookup(doc, sw.Key, sw.Fold) {
			key, v := f.key, f.node
			in := func(more ...string) []string { return append(slices.Clone(f.path), more...) }
			switch {
			case sw.Env && v.IsObject():
				for _, name := range v.Keys() {
					if i := slices.IndexFunc(sw.EnvOff, func(e dialect.EnvVar) bool { return e.Name == name }); i >= 0 {
						out = append(out, Problem{File: sw.File, Message: fmt.Sprintf("%s sets %s: %s", key, name, sw.EnvOff[i].Why), At: in(name)})
					} else if why := envWhy(name, sw); why != "" {
						out = append(out, Problem{File: sw.File, Message: fmt.Sprintf("%s sets %s: %s; %s", key, name, sw.Why, why), At: in(name)})
					} else if slices.Contains(loaderVars, name) {
						out = append(out, Problem{File: sw.File, Message: fmt.Sprintf("%s sets %s: %s; every handler hookrun starts inherits it, and it makes the handler's program load code the repository chose, so a guard script may not run as written; check it, or set it in your environment instead", key, name, sw.Why), Warning: true, At: in(name)})
					}
				}
			case sw.Runs && sw.Each && v.IsObject():
				for _, name := range v.Keys() {
					if cmd := commandOf(v.Get(name)); cmd != "" {
						out = append(out, Problem{File: sw.File, Message: fmt.Sprintf("%s.%s runs %q: %s", key, name, cmd, sw.Why), Warning: sw.Warn, At: in(name)})
					}
				}
			case sw.Runs && !sw.Each:
				if cmd := commandOf(v); cmd != "" {
					out = append(out, Problem{File: sw.File, Message: fmt.Sprintf("%s runs %q: %s", key, cmd, sw.Why), Warning: sw.Warn, At: in()})
				}
			case sw.Listed != "" && v.IsArray() && slices.ContainsFunc(v.Items(), func(n *ojson.Node) bool { return n.Str() == sw.Listed }):
				out = append(out, Problem{File: sw.File, Message: fmt.Sprintf("%s lists %q: %s", key, sw.Listed, sw.Why), At: in()})
			case sw.Is != "" && compact(v) == sw.Is:
				out = append(out, Problem{File: sw.File, Message: fmt.Sprintf("%s is %s: %s", key, sw.Is, sw.Why), At: in()})
			case sw.Each && v.IsObject():
				for _, name := range v.Keys() {
					if on := compact(v.Get(name)); on != "false" && on != "null" {
						why := sw.Why
						market := name // a marketplace's name, or a plugin's NAME@MARKETPLACE
						if _, m, ok := strings.Cut(name, "@"); ok {
							market = m
						}
						if sw.LocalWhy != "" {
							if markets == nil {
								markets = a.localMarkets(root)
							}
							if f := markets[market]; f != "" {
								why = fmt.Sprintf(sw.LocalWhy, f)
							}
						}
						out = append(out, Problem{File: sw.File, Message: fmt.Sprintf("%s names %q: %s", key, name, why), Warning: sw.Warn, At: in(name)})
					}
				}
			}
		}
		if sw.Frontmatter {
			// Named by their path in the frontmatter: a position in its
			// JSON is not one in the Markdown file.
			for i := n; i < len(out); i++ {
				out[i].Message, out[i].At = "frontmatter "+out[i].Message, nil
			}
		}
	}
	return placed(root, out)
}

// withFrontmatter replaces each Frontmatter switch of sws with one for each
// file of the project its pattern matches, at any depth.
func withFrontmatter(root string, sws []dialect.Switch) []dialect.Switch {
	var out []dialect.Switch
	found := map[string][]string{}
	for _, sw := range sws {
		if !sw.Frontmatter {
			out = append(out, sw)
			continue
		}
		files, ok := found[sw.File]
		if !ok {
			files = filesMatching(root, sw.File, true)
			found[sw.File] = files
		}
		for _, f := range files {
			c := sw
			c.File = f
			out = append(out, c)
		}
	}
	return out
}

// Unrouted says why the agent's own settings file under root, which names
// hookrun, may not run it for every call as install wrote it with the
// hooks directory hooksDir ("" for the default): the file cannot be read
// as JSON (the agent may read it otherwise), hookrun's entry stands under
// a matcher, or an entry runs hookrun otherwise than install writes it (a
// changed command, an added field, a second entry; for a plugin, a changed
// file). hookrun install fixes all but the first.
func (a Agent) Unrouted(root, hooksDir string) []Problem {
	data, err := safefile.ReadFile(filepath.Join(root, a.File), 16<<20)
	if err != nil {
		return nil
	}
	out := a.unrouted(data, root, hooksDir)
	if bytes.Contains(data, []byte(a.marker())) {
		out = append(out, a.shadowed(root)...)
		if a.Plugin != nil {
			out = append(out, a.otherPlugins(root)...)
		}
		out = append(out, a.laterHooks(root, hooksDir)...)
	}
	return placed(root, out)
}

// shadowed names each subdirectory's copy of the agent's settings file
// that does not run hookrun, for an agent that reads the one of the
// directory it starts in only (dialect.Settings.Shadowed).
func (a Agent) shadowed(root string) []Problem {
	if a.Shadowed == "" {
		return nil
	}
	var out []Problem
	for _, d := range holding(root, a.File) {
		f := d + "/" + a.File
		data, err := safefile.ReadFile(filepath.Join(root, f), 16<<20)
		if err == nil && !bytes.Contains(data, []byte(a.marker())) {
			out = append(out, Problem{File: f, Message: fmt.Sprintf(a.Shadowed, d)})
		}
	}
	return out
}

// otherPlugins names the other code beside hookrun's plugin that the agent
// loads from the project: OpenCode 1.18 loads {plugin,plugins}/*.{ts,js}
// and its custom tools, {tool,tools}/*.{js,ts} (dot files and links
// included), from each of its configuration directories, the .opencode of
// the directory it starts in and of each one above it up to the
// worktree's top, the deepest first. Each is code the agent runs as it
// loads it, with no hook: it can run any command (measured on 1.18.33,
// agents suite TestOpenCodeProjectPluginRuns, and TestOpenCodeNestedConfigDir
// for a subdirectory's plugin and tool), so it is a warning. A deeper
// directory's plugins run before hookrun's (measured there too: hookrun
// denied the call one rewrote). One in hookrun's directory that sorts after
// hookrun's is an error: OpenCode runs the plugins' tool.execute.before one
// after another, in name order, on the same arguments, which the tool then
// runs with, so it can change a call's arguments after hookrun's answered.
func (a Agent) otherPlugins(root string) []Problem {
	own := path.Dir(a.File)
	conf := path.Dir(own)
	var out []Problem
	for _, d := range append([]string{""}, dirsNamed(root, conf)...) {
		where := "from the repository when it starts"
		if d != "" {
			where = fmt.Sprintf("when it starts in %s or a directory below it", d)
		}
		for _, sub := range []string{"plugin", "plugins", "tool", "tools"} {
			dir := path.Join(d, conf, sub)
			entries, err := os.ReadDir(filepath.Join(root, dir))
			if err != nil {
				continue
			}
			for _, e := range entries {
				name := e.Name()
				file := dir + "/" + name
				if file == a.File || !strings.HasSuffix(name, ".js") && !strings.HasSuffix(name, ".ts") || e.IsDir() {
					continue
				}
				what := "plugin"
				switch {
				case dir == own && name > path.Base(a.File):
					out = append(out, Problem{File: file, Message: fmt.Sprintf("%s runs this plugin after hookrun's (plugins run in name order), and it can change a tool call's arguments after hookrun's plugin let the call through; if you trust it, rename it to sort before %s so that hookrun checks what it changes",
						a.Dialect, path.Base(a.File))})
					continue
				case strings.HasPrefix(sub, "tool") && a.replacesOwn(name):
					out = append(out, a.ownToolProblem(file))
					continue
				case strings.HasPrefix(sub, "tool"):
					what = "custom tool"
				}
				out = append(out, Problem{File: file, Message: fmt.Sprintf("%s loads this %s %s, and runs its code in its own process, with no hook: it can run any command, which no guard sees; check what it does, or remove it", a.Dialect, what, where), Warning: true})
			}
		}
	}
	return append(out, a.pluginsAbove(root, conf)...)
}

// pluginsAbove names the plugins of each conf directory above root, up to
// the top of the git work tree holding root: the agent loads them too,
// after hookrun's (a higher directory's come later), so each can change a
// call after hookrun's plugin let it through (measured on OpenCode
// 1.18.33: agents suite TestOpenCodePluginAboveRoot). Outside a work tree
// nothing is named: above it are the person's own directories.
func (a Agent) pluginsAbove(root, conf string) []Problem {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil
	}
	above := 0 // directories above root, up to the work tree's top
	for d := abs; !config.GitTop(d); d = filepath.Dir(d) {
		if filepath.Dir(d) == d {
			return nil
		}
		above++
	}
	var out []Problem
	for i := 1; i <= above; i++ {
		up := strings.Repeat("../", i)
		for _, sub := range []string{"plugin", "plugins", "tool", "tools"} {
			dir := up + conf + "/" + sub
			entries, err := os.ReadDir(filepath.Join(root, dir))
			if err != nil {
				continue
			}
			for _, e := range entries {
				name := e.Name()
				if e.IsDir() || !strings.HasSuffix(name, ".js") && !strings.HasSuffix(name, ".ts") {
					continue
				}
				file := dir + "/" + name
				switch {
				case strings.HasPrefix(sub, "plugin"):
					out = append(out, Problem{File: file, Message: fmt.Sprintf("%s loads this plugin of a directory above the project after hookrun's, when it starts in the project, and it can change a tool call's arguments after hookrun's plugin let the call through; remove it, or move hookrun's hooks and plugin to the directory that holds it", a.Dialect)})
				case a.replacesOwn(name):
					out = append(out, a.ownToolProblem(file))
				default:
					out = append(out, Problem{File: file, Message: fmt.Sprintf("%s loads this custom tool of a directory above the project when it starts in the project, and runs its code in its own process, with no hook: it can run any command, which no guard sees; check what it does, or remove it", a.Dialect), Warning: true})
				}
			}
		}
	}
	return out
}

// replacesOwn reports whether the custom tool of the file name (NAME.js,
// NAME.ts, whose default export is the tool NAME) takes the place of one
// of the agent's own tools.
func (a Agent) replacesOwn(file string) bool {
	name := strings.TrimSuffix(strings.TrimSuffix(file, ".js"), ".ts")
	return a.OwnTool != nil && a.OwnTool(name)
}

// ownToolProblem is the error of a custom tool that replaces one of the
// agent's own: hookrun reads its calls as the built-in's (a shell guard
// checks the command line of a call of bash), and the repository's code
// runs them, with whatever arguments the model sent.
func (a Agent) ownToolProblem(file string) Problem {
	name := strings.TrimSuffix(strings.TrimSuffix(path.Base(file), ".js"), ".ts")
	return Problem{File: file, Message: fmt.Sprintf("%s runs this custom tool in place of its own %s tool: hookrun's plugin checks a call of %s as %s's own, while this file's code runs it, with whatever arguments the model sent, so it can do what no guard sees; rename it to a name none of %s's tools has, or remove it",
		a.Dialect, name, name, a.Dialect, a.Dialect)}
}

// dirsNamed lists the subdirectories of root (relative, slash-separated,
// in walk order; .git directories and symbolic links not followed) that
// hold a directory called name.
func dirsNamed(root, name string) []string {
	root = filepath.Clean(root)
	var out []string
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		switch d.Name() {
		case ".git":
			return filepath.SkipDir
		case name:
			if dir := filepath.Dir(p); dir != root {
				rel, _ := filepath.Rel(root, dir)
				out = append(out, filepath.ToSlash(rel))
			}
		}
		return nil
	})
	return out
}

// unrouted is Unrouted of the file's content data.
func (a Agent) unrouted(data []byte, root, hooksDir string) []Problem {
	if !bytes.Contains(data, []byte("hookrun")) {
		return nil
	}
	if a.Plugin != nil {
		if bytes.Contains(data, []byte(a.marker())) && a.pluginUnlike(data, hooksDir) {
			return []Problem{{File: a.File, Message: fmt.Sprintf("is not the plugin hookrun install %s writes (it was changed, or written for another hooks directory or by another hookrun version), so %s may go on whatever the hooks decide; hookrun install %s rewrites it", a.Dialect, a.Dialect, a.Dialect)}}
		}
		return nil
	}
	doc, err := ojson.Parse(data)
	if err != nil {
		if cline, ccol, ok := commentAt(data); ok && a.Comments {
			// The agent strips comments (and no trailing comma): only
			// when that leaves JSON is the comment the whole trouble.
			_, cerr := ojson.Parse(uncommented(data))
			if cerr == nil {
				line, col := errAt(err)
				return []Problem{{File: a.File, Message: fmt.Sprintf("is not JSON hookrun can read (%v), so hookrun cannot tell whether %s runs hookrun's entries in it: its comment at line %d, column %d is one %s reads and hookrun does not; remove the file's comments", err, a.Dialect, cline, ccol, a.Dialect), Line: line, Col: col}}
			}
			err = cerr
		}
		line, col := errAt(err)
		msg := fmt.Sprintf("is not JSON hookrun can read (%v), so hookrun cannot tell whether %s runs hookrun's entries in it", err, a.Dialect)
		if a.Unparsable != "" {
			// What the agent does with it was measured: say that.
			msg = fmt.Sprintf("is not JSON (%v): %s; correct it, or run hookrun install %s again once it is JSON", err, a.Unparsable, a.Dialect)
		}
		return []Problem{{File: a.File, Message: msg, Line: line, Col: col}}
	}
	hooks := hooksOf(doc)
	if hooks == nil {
		return nil
	}
	var out []Problem
	for _, ev := range hooks.Keys() {
		list := hooks.Get(ev)
		if a.Flat || !list.IsArray() {
			continue
		}
		for i, group := range list.Items() {
			hs := group.Get("hooks")
			if !group.IsObject() || !scoped(group) || hs == nil || !hs.IsArray() || !slices.ContainsFunc(hs.Items(), a.isOurs) {
				continue
			}
			out = append(out, Problem{File: a.File, Message: fmt.Sprintf("hooks.%s: hookrun's entry stands under the matcher %s, so %s runs it only for what the matcher names; hookrun install %s moves it to a group of its own",
				ev, compact(group.Get("matcher")), a.Dialect, a.Dialect), At: at("hooks", ev, i, "matcher")})
		}
	}
	return append(out, a.unlikeEntries(hooks, Options{HooksDir: hooksDir, Root: root})...)
}

// nested returns the switches, each Nested one followed by a copy for
// every subdirectory of root that holds its file (in walk order, .git
// directories and symbolic links not followed), its File relative to
// root and the subdirectory named in its Why. dirs keeps each file's
// subdirectories, so the project is walked once for it.
func nested(root string, sws []dialect.Switch, dirs map[string][]string) []dialect.Switch {
	var out []dialect.Switch
	for _, sw := range sws {
		out = append(out, sw)
		if sw.Nested == "" {
			continue
		}
		for _, d := range holdingOnce(dirs, root, sw.File) {
			c := sw
			c.File = d + "/" + sw.File
			where := " (" + fmt.Sprintf(sw.Nested, d) + ")"
			c.Why += where
			c.EnvOff = nil
			for _, e := range sw.EnvOff {
				c.EnvOff = append(c.EnvOff, dialect.EnvVar{Name: e.Name, Why: e.Why + where})
			}
			out = append(out, c)
		}
	}
	return out
}

// holdingOnce is holding, remembered in dirs.
func holdingOnce(dirs map[string][]string, root, file string) []string {
	found, ok := dirs[file]
	if !ok {
		found = holding(root, file)
		dirs[file] = found
	}
	return found
}

// holding lists the subdirectories of root (relative, slash-separated)
// that hold file, a path whose first element is a directory (.codex/…).
func holding(root, file string) []string {
	first, rest, _ := strings.Cut(file, "/")
	var out []string
	for _, d := range dirsNamed(root, first) {
		if fi, err := os.Lstat(filepath.Join(root, d, first, rest)); err == nil && !fi.IsDir() {
			out = append(out, d)
		}
	}
	return out
}

// envWhy says why an environment variable a project file sets for the
// agent's hooks matters, or "" when it does not.
func envWhy(name string, sw dialect.Switch) string {
	switch {
	case strings.HasPrefix(strings.ToUpper(name), "HOOKRUN_"):
		return "hookrun's own settings (which hooks run, the audit log, whose hooks are trusted) must come from the person running the agent, not from the repository; set it in your environment instead"
	case strings.EqualFold(name, "PATH") && !sw.EnvKeepsSet:
		return "the hookrun its entries run is looked up on that PATH, which the repository chose"
	case slices.Contains(preloadVars, name):
		return "the shell that runs hookrun's entry loads that code before the entry's first word, so the repository's code answers in hookrun's place; set it in your environment instead"
	case slices.Contains(shellStartVars, name) || strings.HasPrefix(name, "BASH_FUNC_"):
		return "where /bin/sh is bash (macOS, Fedora), the shell that runs hookrun's entry reads it as it starts, before the entry's line (a file it sources, an option or a function that takes the place of a command), so the repository's code may answer in hookrun's place; remove it"
	}
	if what, ok := config.Knob(name); ok {
		return "it decides " + what + ", which must come from the person running the agent, not from the repository (emit blocks every call while it has the value this file gives it); set it in your environment instead"
	}
	return ""
}

// preloadVars name code the dynamic loader runs in every program it
// starts, the shell that runs an agent's entry first: from a project's
// agent env, the repository's code then answers before hookrun's entry
// runs a word (LD_PRELOAD=./x.so whose constructor prints {} is an allow),
// which nothing in the line can undo. A library search path
// (LD_LIBRARY_PATH) stays a loaderVars warning: people set it on purpose.
var preloadVars = []string{"LD_PRELOAD", "LD_AUDIT", "DYLD_INSERT_LIBRARIES"}

// shellStartVars are what bash acts on as it starts, before the line it
// was given (exec.WithoutShellStartup drops them for handlers): a file to
// source (BASH_ENV), options (SHELLOPTS, BASHOPTS: xtrace with a PS4 that
// holds a command substitution runs it), that prompt, and exported
// functions (BASH_FUNC_name%%, which take the place of a command of that
// name: hookrun, echo). dash ignores them all; bash run as sh still takes
// the functions, and, with SHELLOPTS, the options. ENV is read only by an
// interactive sh, which an entry's is not.
var shellStartVars = []string{"BASH_ENV", "SHELLOPTS", "BASHOPTS", "PS4"}

// loaderVars are the variables that make a program load code other than
// its own before it runs: a library the dynamic loader preloads, an
// interpreter's module path or start-up options. People set some of them
// on purpose (PYTHONPATH=src), so one in a settings file's env is a
// warning, not a refusal. A dotenv file is checked for their values
// alone, those emit blocks on (exec.LoadsCode: LD_PRELOAD=/tmp/x.so), since
// an application's .env holds the names as often as not.
var loaderVars = []string{
	"LD_PRELOAD", "LD_AUDIT", "LD_LIBRARY_PATH", "DYLD_INSERT_LIBRARIES", "DYLD_LIBRARY_PATH", "DYLD_FRAMEWORK_PATH", "GCONV_PATH",
	"NODE_OPTIONS", "NODE_PATH", "PYTHONPATH", "PYTHONHOME", "PYTHONWARNINGS", "PERL5OPT", "PERL5LIB", "PERLLIB", "RUBYOPT", "RUBYLIB",
	"JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "LUA_INIT", "LUA_PATH",
}

// dotenvNames returns the variable names of a dotenv file: the name that
// begins each line (after "export "), as the dotenv package reads
// NAME=value and NAME: value lines. It may list more than dotenv sets (a
// name inside a quoted value that spans lines), never less.
func dotenvNames(data []byte) []string {
	var names []string
	for _, line := range bytes.FieldsFunc(data, func(r rune) bool { return r == '\n' || r == '\r' }) {
		s := dotenvStatement(string(line))
		end := strings.IndexFunc(s, notNameChar)
		if end < 0 {
			end = len(s)
		}
		if end > 0 {
			names = append(names, s[:end])
		}
	}
	return names
}

// dotenvStatement is a dotenv line without its indentation and "export ".
func dotenvStatement(line string) string {
	s := strings.TrimLeft(line, " \t")
	if rest, ok := strings.CutPrefix(s, "export"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
		s = strings.TrimLeft(rest, " \t")
	}
	return s
}

// notNameChar reports whether r cannot be part of a dotenv variable's name.
func notNameChar(r rune) bool {
	return !(r == '_' || r == '.' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
}

// dotenvValues returns the name and value of each one-line assignment of
// a dotenv file (NAME=value, NAME: value, after "export "), as the dotenv
// package reads them: a value in matching quotes is what lies between
// them, an unquoted one ends before a " #" comment, and blanks around it
// are dropped. A quoted value that spans lines is left out: its value is
// not known from one line.
func dotenvValues(data []byte) []dotenvValue {
	var out []dotenvValue
	for n, line := range strings.Split(string(data), "\n") {
		s := dotenvStatement(strings.TrimSuffix(line, "\r"))
		i := strings.IndexAny(s, "=:")
		if i <= 0 {
			continue
		}
		name, v := strings.TrimRight(s[:i], " \t"), strings.TrimSpace(s[i+1:])
		if strings.IndexFunc(name, notNameChar) >= 0 {
			continue
		}
		if v != "" && strings.ContainsRune("\"'`", rune(v[0])) {
			end := strings.IndexByte(v[1:], v[0])
			if end < 0 {
				continue // spans lines
			}
			v = v[1 : 1+end]
		} else if c := strings.Index(v, " #"); c >= 0 {
			v = strings.TrimSpace(v[:c])
		}
		out = append(out, dotenvValue{name, v, n + 1})
	}
	return out
}

// dotenvValue is one assignment of a dotenv file, and its line.
type dotenvValue struct {
	name, value string
	line        int
}

// parseTOML reads a TOML file (Codex's config.toml) as the JSON document
// its tables and values make, for lookup. A key given twice is an error, as
// it is to Codex. The library is one whose package initialisation does no
// work: every event pays for a dependency's init, and a TOML library that
// reads the local time zone at start-up made each one slower.
func parseTOML(data []byte) (*ojson.Node, error) {
	var v map[string]any
	if err := toml.Unmarshal(data, &v); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return nil, &ojson.SyntaxError{Err: errors.New(strings.TrimPrefix(de.Error(), "toml: ")), Line: row, Col: col}
		}
		return nil, err
	}
	j, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return ojson.Parse(j)
}

// found is a value lookup found, and its path as the file spells it:
// joined with ".", and as the keys.
type found struct {
	key  string
	node *ojson.Node
	path []string
}

// lookup follows a "."-joined path of keys and returns what it leads to:
// nothing, or one value; with fold, every key that is the path's with "_"
// left out and case folded is followed (Switch.Fold), in file order.
func lookup(doc *ojson.Node, path string, fold bool) []found {
	at := []found{{"", doc, nil}}
	for _, seg := range strings.Split(path, ".") {
		var next []found
		for _, f := range at {
			if f.node == nil || !f.node.IsObject() {
				continue
			}
			for _, k := range f.node.Keys() {
				if k == seg || seg == "*" || fold && strings.EqualFold(strings.ReplaceAll(k, "_", ""), seg) {
					next = append(next, found{strings.TrimPrefix(f.key+"."+k, "."), f.node.Get(k), append(slices.Clone(f.path), k)})
				}
			}
		}
		at = next
	}
	return at
}

func compact(n *ojson.Node) string {
	if n == nil {
		return ""
	}
	b, _ := n.MarshalJSON()
	return string(b)
}

func appendOnce(ps []Problem, p Problem) []Problem {
	if slices.ContainsFunc(ps, func(q Problem) bool { return q.File == p.File && q.Message == p.Message }) {
		return ps
	}
	return append(ps, p)
}

func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// commandOf is the command line a setting names for the agent to run: a
// string, a list of words, or an object's command (either) followed by its
// args; "" when it names none (an MCP server reached by URL).
func commandOf(v *ojson.Node) string {
	if v == nil {
		return ""
	}
	if v.IsObject() {
		cmd := commandOf(v.Get("command"))
		if cmd == "" {
			// Copilot CLI's language server may be a bash or powershell script.
			return cmp.Or(commandOf(v.Get("bash")), commandOf(v.Get("powershell")))
		}
		if args := commandOf(v.Get("args")); args != "" {
			cmd += " " + args
		}
		return cmd
	}
	if v.IsArray() {
		var words []string
		for _, w := range v.Items() {
			if s := w.Str(); s != "" {
				words = append(words, s)
			}
		}
		return strings.Join(words, " ")
	}
	return strings.TrimSpace(v.Str())
}
