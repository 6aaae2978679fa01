package scaffold

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	yaml "go.yaml.in/yaml/v3"
	"mvdan.cc/sh/v3/syntax"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
)

// Spec is what `hookrun new` was asked for.
type Spec struct {
	ID       string
	Event    event.Name
	Blocking bool
	Priority *int     // nil: left out (the default, 0)
	Scope    []string // match.ability_scope
	Paths    []string // match.paths, or match.only_if_changed_paths on SessionStop (PathsField)
	Lang     string   // the stub's language: sh, python or node; "" for the OS's default (DefaultLang)
	Kind     string   // the handler's kind: "" or script for a stub, rules for a rules handler (no script)
	OS       string   // the GOOS the handler will start on (runtime.GOOS): "windows" cannot start a #! script
	// HooksDir is the hooks directory, from the project root, when it is
	// not .system/hooks (--hooks-dir chose it): the stub's commands and
	// notes name it, as they would otherwise read another directory. New
	// sets it.
	HooksDir string
	// PathWarnings is what validate warns of in --paths globs in the
	// project whose root it is given (inspect.PathGlobWarnings); nil: none.
	PathWarnings func(root string, globs []string) []string
}

func (s Spec) pathWarnings(root string) []string {
	if s.PathWarnings == nil {
		return nil
	}
	return s.PathWarnings(root, s.Paths)
}

// Check applies validate's rules to the spec, so that what New writes is
// valid: the id, the event, and each match field's event and globs.
func (s Spec) Check() error {
	if err := s.checkKind(); err != nil {
		return err
	}
	if s.Lang != "" && !slices.Contains(Langs, s.Lang) {
		if meant := langMeant(s.Lang); meant != "" {
			return fmt.Errorf("unknown --lang %q: did you mean --lang %s? (use %s)", s.Lang, meant, strings.Join(Langs, ", "))
		}
		return fmt.Errorf("unknown --lang %q; use %s", s.Lang, strings.Join(Langs, ", "))
	}
	if s.OS == "windows" && s.lang() == "sh" && !s.rules() {
		return fmt.Errorf("--lang sh: Windows cannot start a sh script (it has no /bin/sh and reads no #! line); " +
			"use --lang node or --lang python (the hook then runs node or python with the script), " +
			"or, for a guard on a command or a path, a rules hook that needs no script (docs/rules.md)")
	}
	if !config.ValidID(s.ID) {
		return fmt.Errorf("invalid hook id %q: use lowercase letters, digits, \"-\" and \"_\", at most 128 characters%s", s.ID, idHint(s.ID))
	}
	if _, ok := event.Parse(string(s.Event)); !ok {
		return errors.New("--event: " + config.UnknownEvent(string(s.Event)))
	}
	pathsField := s.PathsField()
	if len(s.Paths) > 0 && pathsField == "" {
		return fmt.Errorf("--paths does not apply to %s hooks: it sets match.paths on %s hooks (the paths a call names) and match.only_if_changed_paths on %s hooks (the files a session changed)",
			s.Event, joinEventsAnd(config.MatchFieldEvents("paths")), joinEventsAnd(config.MatchFieldEvents("only_if_changed_paths")))
	}
	flags := []struct {
		flag, field string
		globs       []string
	}{
		{"--scope", "ability_scope", s.Scope},
		{"--paths", pathsField, s.Paths},
	}
	for _, m := range flags {
		if len(m.globs) == 0 {
			continue
		}
		if evs := config.MatchFieldEvents(m.field); !slices.Contains(evs, s.Event) {
			return fmt.Errorf("%s sets match.%s, which does not apply to %s hooks; it applies to %s", m.flag, m.field, s.Event, joinEvents(evs))
		}
		for _, g := range m.globs {
			if g == "" {
				return fmt.Errorf("%s: an empty glob (a comma with nothing after it?): give each glob, separated by commas", m.flag)
			}
			if !doublestar.ValidatePattern(g) {
				return fmt.Errorf("%s: invalid glob %q (check for an unclosed '[' or '{', or a trailing '\\')", m.flag, g)
			}
		}
	}
	if err := s.checkWriters(); err != nil {
		return err
	}
	// What validate warns of in a match field (an agent's tool name, Bash
	// for shell; a regular expression for a glob) makes a hook that never
	// runs for an agent's call, while the sample context new writes, which
	// copies the flag, makes it run under emit as if it worked.
	_, fs := config.ParseFile(s.ID+".yaml", YAML(s, ""))
	for _, f := range fs {
		for _, m := range flags {
			if msg, ok := strings.CutPrefix(f.Message, "match."+m.field+": "); ok {
				return fmt.Errorf("%s: %s; new writes no hook that validate warns of: correct %s, or write the declaration by hand", m.flag, msg, m.flag)
			}
		}
	}
	return nil
}

// PathsField is the match field --paths sets on the spec's event: paths
// (the call's) on the events that have a call, only_if_changed_paths (the
// session's changed files) on SessionStop; "" on the others.
func (s Spec) PathsField() string {
	for _, f := range []string{"paths", "only_if_changed_paths"} {
		if slices.Contains(config.MatchFieldEvents(f), s.Event) {
			return f
		}
	}
	return ""
}

// joinEventsAnd names events as a sentence does: A, B and C.
func joinEventsAnd(evs []event.Name) string {
	s := joinEvents(evs)
	if i := strings.LastIndex(s, ", "); i >= 0 {
		s = s[:i] + " and " + s[i+2:]
	}
	return s
}

func joinEvents(evs []event.Name) string {
	s := make([]string, len(evs))
	for i, e := range evs {
		s[i] = string(e)
	}
	return strings.Join(s, ", ")
}

// idHint suggests a valid id for an invalid one, as validate does; a
// declaration's file name or path given as the id (no_rm.yaml) loses its
// directory and extension.
func idHint(id string) string {
	base := path.Base(filepath.ToSlash(id))
	var dropped []string
	if base != id {
		dropped = append(dropped, "directory")
	}
	if config.IsDeclFile(base) {
		ext := path.Ext(base)
		base = strings.TrimSuffix(base, ext)
		dropped = append(dropped, ext)
	}
	fixed := config.FixID(base)
	switch {
	case fixed == "":
		return ""
	case len(dropped) > 0:
		return fmt.Sprintf(" (try %q: the id, without the file's %s)", fixed, strings.Join(dropped, " and "))
	}
	return fmt.Sprintf(" (try %q)", fixed)
}

// NextSteps says what to do after new: edit the file it names, then try
// the sample context. The commands name hooksDir when --hooks-dir chose
// it, since without it they would read another hooks directory. Each path
// is quoted for a shell when it needs it, so that the lines paste.
func NextSteps(edited, sample string, ev event.Name, hooksDir string) string {
	cmd := "hookrun"
	if hooksDir != "" {
		cmd += " --hooks-dir " + shellWord(hooksDir)
	}
	return fmt.Sprintf("next: edit %s, then see it work:\n"+
		"  %s explain %s --context %s   # would it run, and why\n"+
		"  %[2]s emit %[3]s --context %[4]s      # run it\n", shellWord(edited), cmd, ev, shellWord(sample))
}

// StubHooksDir is the Spec's HooksDir for the hooks directory dir of the
// project at root: dir from the root, slash-separated, or "" when it is
// .system/hooks, which every command finds without --hooks-dir.
func StubHooksDir(root, dir string) string {
	if a, err := filepath.Abs(dir); err == nil {
		dir = a
	}
	r := filepath.ToSlash(rel(root, dir))
	if r == config.HooksSubdir {
		return ""
	}
	return r
}

// hookrun is the command the stub's "Try it" lines start with.
func (s Spec) hookrun() string {
	if s.HooksDir == "" {
		return "hookrun"
	}
	return "hookrun --hooks-dir " + shellWord(s.HooksDir)
}

// declName is the declaration's path as the stub's notes name it.
func (s Spec) declName() string {
	if s.HooksDir == "" {
		return s.ID + ".yaml"
	}
	return path.Join(s.HooksDir, s.ID+".yaml")
}

// shellWord is s as one word of a shell line: as it is when nothing in
// it is special, else quoted ('…', "…" around a single quote, $'…' for a
// character that cannot be printed, which bash and zsh read).
func shellWord(s string) string {
	q, err := syntax.Quote(s, syntax.LangBash)
	if err != nil { // only a NUL byte, which no path holds
		return s
	}
	return q
}

// ScriptPath is the handler stub's path relative to the project root.
func ScriptPath(id string) string { return filepath.Join(ScriptsDir, id+".sh") }

// ExistsError says which file New refused to overwrite, or which file
// already declares the id.
type ExistsError struct {
	Path string // relative to the root
	Msg  string
}

func (e *ExistsError) Error() string { return e.Path + ": " + e.Msg }

// New writes the declaration into hooksDir and the handler stub under
// root/scripts/hooks (a rules hook has none), creating the directories as
// needed. It writes nothing when either file exists or another file
// already declares the id: it never overwrites.
func New(root, hooksDir string, s Spec) ([]Item, error) {
	// "edit_file, write_file" is two globs to a person; the flag's comma
	// split keeps the space, and " write_file" would match no ability.
	s.Scope, s.Paths = trimAll(s.Scope), trimAll(s.Paths)
	if err := s.Check(); err != nil {
		return nil, err
	}
	// What validate warns of only in the project (src, a directory's bare
	// name; /src/**, the machine's root) is refused as Check refuses the rest.
	if w := s.pathWarnings(root); len(w) > 0 {
		return nil, fmt.Errorf("--paths: %s; new writes no hook that validate warns of: correct --paths, or write the declaration by hand", w[0])
	}
	if err := s.missingInterpreter(root); err != nil {
		return nil, err
	}
	s.HooksDir = StubHooksDir(root, hooksDir)
	decl := filepath.Join(hooksDir, s.ID+".yaml")
	script := filepath.Join(root, s.ScriptFile())
	files := []string{decl, script}
	if s.rules() {
		files = files[:1]
	}
	for _, p := range files {
		if _, err := os.Lstat(p); err == nil {
			return nil, &ExistsError{rel(root, p), "already exists; hookrun new never overwrites (pick another id, or remove the file)"}
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	if set, err := config.Load(hooksDir); err == nil {
		for _, h := range set.Parsed {
			if h.ID == s.ID {
				return nil, &ExistsError{rel(root, h.File), fmt.Sprintf("already declares the id %q; ids are unique across files: pick another id", s.ID)}
			}
		}
	}
	_, err := os.Lstat(hooksDir)
	madeDir := errors.Is(err, fs.ErrNotExist)
	yml := YAML(s, SchemaRef(root, hooksDir))
	if made, err := writeNew(root, decl, yml, 0o644); err != nil || !made {
		return nil, writeErr(root, decl, err)
	}
	items := []Item{{rel(root, decl), Created, "the declaration"}}
	if madeDir {
		note := "the hooks directory"
		if hooksDir != filepath.Join(root, config.HooksSubdir) {
			note += ", which hookrun finds only when given as --hooks-dir or HOOKRUN_HOOKS_DIR"
		}
		items = append([]Item{{rel(root, hooksDir), Created, note}}, items...)
	}
	if s.rules() {
		items[0].Note = "the declaration, with its rules"
	} else {
		if made, err := writeNew(root, script, Script(s), 0o755); err != nil || !made {
			os.Remove(decl) // leave no half-made hook behind
			return nil, writeErr(root, script, err)
		}
		how := "the handler (executable)"
		if interp := s.interpreter(); interp != "" {
			how = "the handler (run by " + interp + ")"
		}
		items = append(items, Item{rel(root, script), Created, how})
	}
	// The sample context is a convenience: one already there is kept.
	sample := filepath.Join(root, ContextPath(s.ID))
	if made, err := writeNew(root, sample, SampleContext(s), 0o644); err == nil {
		items = append(items, Item{rel(root, sample), action(made), "a sample context to try it with"})
	}
	return items, nil
}

func trimAll(globs []string) []string {
	out := make([]string, len(globs))
	for i, g := range globs {
		out[i] = strings.TrimSpace(g)
	}
	return out
}

func writeErr(root, path string, err error) error {
	if err == nil {
		return &ExistsError{rel(root, path), "appeared while writing; hookrun new never overwrites"}
	}
	return fmt.Errorf("writing %s: %w", rel(root, path), err)
}

// YAML renders the declaration. schemaRef, when not empty, is the path of
// the JSON Schema relative to the file, for editors.
func YAML(s Spec, schemaRef string) []byte {
	var b strings.Builder
	if schemaRef != "" {
		fmt.Fprintf(&b, "# yaml-language-server: $schema=%s\n", schemaRef)
	}
	fmt.Fprintf(&b, "# Created by hookrun new. Check it with: hookrun validate\n")
	fmt.Fprintf(&b, "id: %s\n", scalar(s.ID))
	fmt.Fprintf(&b, "event_type: %s\n", s.Event)
	fmt.Fprintf(&b, "enabled: true\n")
	fmt.Fprintf(&b, "blocking: %t%s\n", s.Blocking, blockingNote(s))
	fmt.Fprintf(&b, "summary: >\n  Say what this hook is for (hookrun list --json shows it).\n")
	if s.Priority != nil {
		fmt.Fprintf(&b, "priority: %d  # lower runs and merges first; ties break by id\n", *s.Priority)
	}
	switch {
	case s.Blocking && s.Event.AIFacing():
		b.WriteString("on_error: block  # a failure of this hook (crash, timeout, bad output) denies: a guard fails closed\n")
	case s.Blocking:
		// blocking on an infra-only event means a CI gate, which only
		// on_error: block makes: without it a failed check exits 0.
		b.WriteString("on_error: block  # a failure of this hook (exit 1, a crash, a timeout) makes emit exit 2: a CI gate (docs/ci.md)\n")
	}
	if len(s.Scope) > 0 || len(s.Paths) > 0 {
		b.WriteString("match:\n")
		if len(s.Scope) > 0 {
			fmt.Fprintf(&b, "  ability_scope: %s\n", globList(s.Scope))
		}
		if len(s.Paths) > 0 {
			fmt.Fprintf(&b, "  %s: %s\n", s.PathsField(), globList(s.Paths))
		}
	}
	script := "./" + filepath.ToSlash(s.ScriptFile())
	if s.rules() {
		b.WriteString(rulesHandler(s))
	} else if interp := s.interpreter(); interp != "" {
		fmt.Fprintf(&b, "handler:\n  kind: script\n  command: %s  # Windows starts no #! script: the interpreter runs it\n  args: [%s]\n  timeout: %s\n", interp, quote(script), s.timeout())
	} else {
		fmt.Fprintf(&b, "handler:\n  kind: script\n  command: %s\n  timeout: %s\n", script, s.timeout())
	}
	return []byte(b.String())
}

// timeout is the stub's handler.timeout: 10s for a hook an agent waits on
// at each call, 10m on SessionStop, whose check is a build or a test run
// (an agent's own timeout still cuts it short under emit --dialect).
func (s Spec) timeout() string {
	if s.Event == event.SessionStop {
		return "10m"
	}
	return "10s"
}

func blockingNote(s Spec) string {
	switch {
	case !s.Event.AIFacing() && s.Blocking:
		return "  # with on_error: block, a failure of this hook fails emit"
	case s.Event == event.SessionStop:
		return "  # SessionStop is infra-only: its hooks never decide; true with on_error: block makes a failure of this hook fail emit (exit 2): a CI gate (docs/ci.md)"
	case !s.Event.AIFacing():
		return fmt.Sprintf("  # %s is infra-only: its hooks never decide", s.Event)
	case s.Blocking:
		return "  # may deny or ask for a human"
	}
	return "  # true lets this hook deny or ask for a human"
}

// scalar writes s plain when YAML reads it back as the same string, else
// quoted: an id such as 123 or true must stay a string.
func scalar(s string) string {
	var n yaml.Node
	if yaml.Unmarshal([]byte("v: "+s), &n) == nil && len(n.Content) == 1 &&
		len(n.Content[0].Content) == 2 && n.Content[0].Content[1].Tag == "!!str" && n.Content[0].Content[1].Value == s {
		return s
	}
	return quote(s)
}

// quote writes a YAML double-quoted scalar; JSON's escapes are YAML's.
func quote(s string) string {
	q, _ := json.Marshal(s)
	return string(q)
}

func globList(globs []string) string {
	if len(globs) == 1 {
		return quote(globs[0])
	}
	q := make([]string, len(globs))
	for i, g := range globs {
		q[i] = quote(g)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// langMeant is the --lang another name of a language stands for (py,
// python3, js, bash), or "".
func langMeant(lang string) string {
	switch strings.ToLower(lang) {
	case "py", "python3", "python2":
		return "python"
	case "js", "javascript", "nodejs", "node.js":
		return "node"
	case "bash", "shell", "posix", "dash":
		return "sh"
	case "sh", "python", "node":
		return strings.ToLower(lang)
	}
	return ""
}
