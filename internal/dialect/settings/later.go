package settings

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bmatcuk/doublestar/v4"
	"go.yaml.in/yaml/v3"

	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/ojson"
	"github.com/hookrun/hookrun/internal/safefile"
)

// laterHooks names the hooks in the agent's other hook files
// (dialect.Settings.Later) that it runs after hookrun's entry, or beside
// it, on an event where a hook's answer can change the call hookrun let
// through. An entry that runs hookrun as install writes it for some agent
// is hookrun's, and not named. A file that is missing, or not JSON, names
// nothing here (the agent reads no hooks from it either).
func (a Agent) laterHooks(root, hooksDir string) []Problem {
	var out []Problem
	o := Options{HooksDir: hooksDir, Root: root}
	for _, l := range a.Later {
		if l.Plugins {
			continue // localPluginHooks reads them all at once
		}
		if l.Commands {
			for _, f := range filesMatching(root, l.File, l.Nested) {
				data, err := safefile.ReadFile(filepath.Join(root, f), 16<<20)
				if err != nil {
					continue
				}
				if strings.HasSuffix(f, ".json") || strings.HasSuffix(f, ".jsonc") {
					out = append(out, openCodeConfigCommands(root, f, data, l.Why)...)
					continue
				}
				cmds, err := shellCommandsOf(a.Dialect, f, data)
				switch {
				case err != nil:
					line, col := errAt(err)
					out = append(out, Problem{File: f, Message: fmt.Sprintf("hookrun cannot read it as TOML (%v), and it holds !{: %s", err, l.Why), Warning: true, Line: line, Col: col})
				case len(cmds) > 0:
					out = append(out, Problem{File: f, Message: fmt.Sprintf("runs %s: %s", commandList(cmds), l.Why), Warning: true})
				}
			}
			continue
		}
		if l.Frontmatter {
			for _, f := range filesMatching(root, l.File, l.Nested) {
				doc, err := readFrontmatter(filepath.Join(root, f))
				switch {
				case err != nil:
					out = append(out, Problem{File: f, Message: fmt.Sprintf("frontmatter: hookrun cannot read it (%v), and it names hooks: %s", err, l.Why)})
				case doc != nil:
					out = append(out, a.laterIn(f, "frontmatter ", nil, doc, l, l.Why, o)...)
				}
			}
			continue
		}
		files := []string{l.File}
		why := map[string]string{}
		if dir, ext, ok := strings.Cut(l.File, "/*"); ok {
			files = a.sortedBefore(root, dir, ext)
		}
		if l.Nested {
			for _, d := range holding(root, l.File) {
				files = append(files, d+"/"+l.File)
			}
		}
		if l.DirsKey != "" {
			files, why = hookDirFiles(root, l.File, l.DirsKey, l.Why)
		}
		for _, f := range files {
			doc := hooksDoc(root, f)
			if doc == nil {
				continue
			}
			out = append(out, a.laterIn(f, "", nil, doc, l, cmp.Or(why[f], l.Why), o)...)
		}
	}
	out = append(out, a.localPluginHooks(root, o)...)
	return append(out, a.repoHooks(root, o, out)...)
}

// repoHooks warns of each hook of the agent's project hook files
// (dialect.Settings.Hooks) that is not hookrun's: the agent runs it itself
// when its event fires, with no guard. A hook named already (a problem of
// named at the same place) is not named again.
func (a Agent) repoHooks(root string, o Options, named []Problem) []Problem {
	seen := map[string]bool{}
	key := func(f string, at []string) string { return f + "\x00" + strings.Join(at, "\x00") }
	for _, p := range named {
		seen[key(p.File, p.At)] = true
	}
	var out []Problem
	for _, l := range a.Hooks {
		for _, f := range filesMatching(root, l.File, l.Nested) {
			hooks := hooksOf(hooksDoc(root, f))
			if hooks == nil {
				continue
			}
			for _, ev := range hooks.Keys() {
				name := func(h *ojson.Node, path ...any) {
					p := at(append([]any{"hooks", ev}, path...)...)
					what := hookRuns(h)
					if what == "" || seen[key(f, p)] || a.hookrunsOwn(f, h, ev, o) {
						return
					}
					seen[key(f, p)] = true
					where := fmt.Sprintf("hooks.%s[%d]", ev, path[0])
					if len(path) > 1 {
						where += fmt.Sprintf(".hooks[%d]", path[2])
					}
					out = append(out, Problem{File: f, Message: fmt.Sprintf("%s %s: %s", where, what, fmt.Sprintf(l.Why, ev)), Warning: true, At: p})
				}
				list := hooks.Get(ev)
				if !list.IsArray() {
					continue
				}
				for i, item := range list.Items() {
					if hs := groupHooks(item); hs != nil {
						for j, h := range hs {
							name(h, i, "hooks", j)
						}
					} else {
						name(item, i)
					}
				}
			}
		}
	}
	return out
}

// hooksDoc is the hook file f under root read as TOML (a name ending in
// .toml) or JSON, or nil for one that is missing or does not parse (the
// agent reads no hooks from it either).
func hooksDoc(root, f string) *ojson.Node {
	data, err := safefile.ReadFile(filepath.Join(root, f), 16<<20)
	if err != nil {
		return nil
	}
	var doc *ojson.Node
	if strings.HasSuffix(f, ".toml") {
		doc, err = parseTOML(data)
	} else {
		doc, err = ojson.Parse(data)
	}
	if err != nil {
		return nil
	}
	return doc
}

// hookRuns says what a hook entry does that no guard sees: the command it
// runs, or where it sends the event (an http hook); "" for one that does
// neither (a prompt hook asks the model).
func hookRuns(h *ojson.Node) string {
	if !h.IsObject() {
		return ""
	}
	if cmd := commandOf(h); cmd != "" {
		return fmt.Sprintf("runs %q", capCommand(cmd))
	}
	if url := h.Get("url").Str(); url != "" {
		return fmt.Sprintf("sends the event to %q", capCommand(url))
	}
	return ""
}

// shellCommandsOf are the shell commands file f runs when its skill or
// command runs: a Markdown file's after its frontmatter (as Claude Code
// finds them, or as OpenCode does, for n), a TOML file's (Gemini CLI's
// custom command) in its prompt. An error says why hookrun cannot read a
// TOML file that holds an injection's opening !{.
func shellCommandsOf(n dialect.Name, f string, data []byte) ([]string, error) {
	if !strings.HasSuffix(f, ".toml") {
		_, content, _ := dialect.SplitFrontmatter(data)
		if n == dialect.OpenCode {
			return dialect.OpenCodeShellCommands(content), nil
		}
		return dialect.ShellCommands(content), nil
	}
	doc, err := parseTOML(data)
	switch {
	case err != nil && bytes.Contains(data, []byte("!{")):
		return nil, err
	case err != nil || doc.Get("prompt") == nil:
		return nil, nil
	}
	return dialect.GeminiInjections(doc.Get("prompt").Str()), nil
}

// laterIn names the hooks of doc, the hooks file f (prefix says where in
// it), on l's events.
func (a Agent) laterIn(f, prefix string, base []any, doc *ojson.Node, l dialect.Later, why string, o Options) []Problem {
	hooks := hooksOf(doc)
	if hooks == nil {
		return nil
	}
	var out []Problem
	for _, ev := range hooks.Keys() {
		list := hooks.Get(ev)
		if !list.IsArray() || !slices.ContainsFunc(l.Events, func(e string) bool { return strings.EqualFold(e, strings.ReplaceAll(ev, "_", "")) }) {
			continue
		}
		// Entries stand directly under the event (Copilot CLI's
		// files), or in groups of "hooks" (Claude Code's).
		after := !l.AfterOurs // in the agent's own list: past hookrun's entry
		for i, item := range list.Items() {
			if hs := groupHooks(item); hs != nil {
				for j, h := range hs {
					if !a.hookrunsOwn(f, h, ev, o) {
						out = append(out, Problem{File: f, Message: fmt.Sprintf("%shooks.%s[%d].hooks[%d]: %s", prefix, ev, i, j, why), At: at(append(base, "hooks", ev, i, "hooks", j)...)})
					}
				}
			} else if a.hookrunsOwn(f, item, ev, o) {
				after = true
			} else if after {
				out = append(out, Problem{File: f, Message: fmt.Sprintf("%shooks.%s[%d]: %s", prefix, ev, i, why), At: at(append(base, "hooks", ev, i)...)})
			}
		}
	}
	return out
}

// commandList names commands for a message: at most three, quoted, and
// how many more.
func commandList(cmds []string) string {
	quoted := make([]string, 0, 3)
	for _, c := range cmds[:min(len(cmds), 3)] {
		quoted = append(quoted, strconv.Quote(capCommand(c)))
	}
	list := strings.Join(quoted, ", ")
	if n := len(cmds) - len(quoted); n > 0 {
		list += fmt.Sprintf(" and %d more", n)
	}
	return list
}

// capCommand cuts a command to 80 bytes for a message.
func capCommand(c string) string {
	if len(c) <= 80 {
		return c
	}
	cut := 80
	for cut > 0 && !utf8.RuneStart(c[cut]) {
		cut--
	}
	return c[:cut] + "…"
}

// hooksOf is a settings document's "hooks" object, or nil.
func hooksOf(doc *ojson.Node) *ojson.Node {
	if doc == nil || !doc.IsObject() {
		return nil
	}
	if hooks := doc.Get("hooks"); hooks != nil && hooks.IsObject() {
		return hooks
	}
	return nil
}

// filesMatching lists the files under root (relative, slash-separated,
// in walk order) that match the doublestar pattern, or with nested match
// it beneath any directory.
func filesMatching(root, pattern string, nested bool) []string {
	if nested {
		pattern = "**/" + pattern
	}
	var out []string
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return nil
		}
		if ok, _ := doublestar.Match(pattern, filepath.ToSlash(rel)); ok {
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return out
}

// readFrontmatter reads a Markdown file's YAML frontmatter as Claude Code
// 2.1.197 finds it: the file starts with ---, and the frontmatter runs from
// the next line to the first --- after it, anywhere; YAML that does not
// parse is tried again with leading tabs as two spaces each. It returns
// nil for a file without frontmatter or without hooks in it, or whose
// frontmatter does not parse and does not mention hooks (the agent reads
// no hooks from it either), and an error for one that mentions hooks and
// that hookrun cannot read (a YAML reader may read it where hookrun's does
// not).
func readFrontmatter(path string) (*ojson.Node, error) {
	data, err := safefile.ReadFile(path, 16<<20)
	if err != nil {
		return nil, nil
	}
	return frontmatterDoc(data, "hooks")
}

// frontmatterDoc is the key of a Markdown file's YAML frontmatter (found
// as readFrontmatter finds it), as a JSON document {key: value}: nil for a
// file without frontmatter or without the key, or whose frontmatter does
// not parse and does not mention the key, and an error for one that
// mentions it and that hookrun cannot read.
func frontmatterDoc(data []byte, key string) (*ojson.Node, error) {
	body, _, ok := dialect.SplitFrontmatter(data)
	if !ok {
		return nil, nil
	}
	var v any
	if err := yaml.Unmarshal(body, &v); err != nil {
		tabs := regexp.MustCompile(`(?m)^\t+`)
		untabbed := tabs.ReplaceAllFunc(body, func(t []byte) []byte { return bytes.Repeat([]byte("  "), len(t)) })
		if yaml.Unmarshal(untabbed, &v) != nil {
			if !bytes.Contains(body, []byte(key)) {
				return nil, nil
			}
			return nil, err
		}
	}
	top, ok := v.(map[string]any)
	if !ok || top[key] == nil {
		return nil, nil
	}
	raw, err := json.Marshal(map[string]any{key: top[key]})
	if err != nil {
		return nil, err
	}
	return ojson.Parse(raw)
}

// hookDirFiles lists the .json files of the directories that the key
// (any spelling, as Switch.Fold) of the settings file names, in the order
// named and then by name; a directory outside the project (absolute, or
// leading out) is left out, as the agent leaves it. why maps each file to
// the message, format with the settings file and the key as spelled.
func hookDirFiles(root, file, key, format string) (files []string, why map[string]string) {
	data, err := safefile.ReadFile(filepath.Join(root, file), 16<<20)
	if err != nil {
		return nil, nil
	}
	doc, err := ojson.Parse(data)
	if err != nil {
		return nil, nil
	}
	why = map[string]string{}
	for _, f := range lookup(doc, key, true) {
		if !f.node.IsArray() {
			continue
		}
		for _, item := range f.node.Items() {
			dir := item.Str()
			if dir == "" {
				continue
			}
			if filepath.IsAbs(dir) {
				rel, err := filepath.Rel(root, dir)
				if err != nil {
					continue
				}
				dir = rel
			}
			dir = filepath.ToSlash(filepath.Clean(dir))
			if dir == ".." || strings.HasPrefix(dir, "../") || filepath.IsAbs(dir) {
				continue
			}
			entries, err := os.ReadDir(filepath.Join(root, dir))
			if err != nil {
				continue
			}
			for _, e := range entries {
				name := path.Join(dir, e.Name())
				if e.IsDir() || !strings.HasSuffix(name, ".json") || why[name] != "" {
					continue
				}
				files = append(files, name)
				why[name] = fmt.Sprintf(format, file, f.key)
			}
		}
	}
	return files, why
}

// sortedBefore lists the files of dir under root whose names end in ext
// and sort before the agent's own file's, in name order.
func (a Agent) sortedBefore(root, dir, ext string) []string {
	entries, err := os.ReadDir(filepath.Join(root, dir))
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if name := e.Name(); !e.IsDir() && strings.HasSuffix(name, ext) && name < filepath.Base(a.File) {
			out = append(out, dir+"/"+name)
		}
	}
	return out
}

// hookrunsOwn reports whether a hook entry in file f runs hookrun
// exactly as install writes it for some agent for event ev, or is one
// that unlikeEntries names already (it runs hookrun, in the agent's own
// file, on an event install routes).
func (a Agent) hookrunsOwn(f string, h *ojson.Node, ev string, o Options) bool {
	if f == a.File && a.mentions(h) && slices.Contains(a.Events, ev) {
		return true
	}
	for _, d := range dialect.Agents {
		b, _ := Find(d.Name)
		if b.Plugin == nil && b.isOurs(h) && b.unlike(h, ev, o) == "" {
			return true
		}
	}
	return false
}

// groupHooks returns the entries of a group ({"hooks": [...]}), or nil
// for an entry.
func groupHooks(item *ojson.Node) []*ojson.Node {
	if !item.IsObject() {
		return nil
	}
	if hs := item.Get("hooks"); hs != nil && hs.IsArray() {
		return hs.Items()
	}
	return nil
}
