package settings

import (
	"cmp"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

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
			lwhy := cmp.Or(why[f], l.Why)
			data, err := safefile.ReadFile(filepath.Join(root, f), 16<<20)
			if err != nil {
				continue
			}
			var doc *ojson.Node
			if strings.HasSuffix(f, ".toml") {
				doc, err = parseTOML(data)
			} else {
				doc, err = ojson.Parse(data)
			}
			if err != nil || !doc.IsObject() {
				continue
			}
			hooks := doc.Get("hooks")
			if hooks == nil || !hooks.IsObject() {
				continue
			}
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
								out = append(out, Problem{File: f, Message: fmt.Sprintf("hooks.%s[%d].hooks[%d]: %s", ev, i, j, lwhy)})
							}
						}
					} else if a.hookrunsOwn(f, item, ev, o) {
						after = true
					} else if after {
						out = append(out, Problem{File: f, Message: fmt.Sprintf("hooks.%s[%d]: %s", ev, i, lwhy)})
					}
				}
			}
		}
	}
	return out
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
