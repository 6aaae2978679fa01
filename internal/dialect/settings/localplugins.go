package settings

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/ojson"
	"github.com/hookrun/hookrun/internal/safefile"
)

// localPluginHooks names the hooks, on l's events, of the plugins that the
// project's settings files (each Later with Plugins) enable from a plugin
// marketplace that they add from the repository itself (a "directory" or
// "file" source inside the project): the agent installs such a plugin
// with no question (Claude Code 2.1.332's headless install, in a folder
// whose trust is recorded) and runs its hooks beside hookrun's, and here,
// unlike a plugin from elsewhere, hookrun can read them. A plugin's hooks
// are its hooks/hooks.json, the hooks its .claude-plugin/plugin.json holds
// or names, and those its marketplace entry holds.
func (a Agent) localPluginHooks(root string, o Options) []Problem {
	var out []Problem
	markets := a.localMarkets(root)
	var enabled []string
	var why string
	for _, l := range a.Later {
		if !l.Plugins {
			continue
		}
		why = l.Why
		doc := readJSON(root, l.File)
		if doc == nil || !doc.IsObject() {
			continue
		}
		if e := doc.Get("enabledPlugins"); e != nil && e.IsObject() {
			for _, id := range e.Keys() {
				if on := compact(e.Get(id)); on != "false" && on != "null" {
					enabled = append(enabled, id)
				}
			}
		}
	}
	var l dialect.Later
	for _, x := range a.Later {
		if x.Plugins {
			l = x
		}
	}
	seen := map[string]bool{}
	for _, id := range enabled {
		name, market, ok := strings.Cut(id, "@")
		file := markets[market]
		if !ok || file == "" || seen[id] {
			continue
		}
		seen[id] = true
		doc := readJSON(root, file)
		if doc == nil || !doc.IsObject() || !doc.Get("plugins").IsArray() {
			continue
		}
		msg := fmt.Sprintf(why, id)
		// Plugin sources are taken from the marketplace's root: the
		// directory holding .claude-plugin/, or a file source's own.
		marketRoot := path.Dir(file)
		if path.Base(marketRoot) == ".claude-plugin" {
			marketRoot = path.Dir(marketRoot)
		}
		for i, p := range doc.Get("plugins").Items() {
			if !p.IsObject() || p.Get("name").Str() != name {
				continue
			}
			out = append(out, a.laterIn(file, fmt.Sprintf("plugins[%d].", i), []any{"plugins", i}, p, l, msg, o)...)
			dir := inside(root, path.Join(marketRoot, p.Get("source").Str()))
			if p.Get("source").Str() == "" || dir == "" {
				continue
			}
			files := []string{path.Join(dir, "hooks/hooks.json")}
			manifest := path.Join(dir, ".claude-plugin/plugin.json")
			if m := readJSON(root, manifest); m != nil && m.IsObject() {
				out = append(out, a.laterIn(manifest, "", nil, m, l, msg, o)...)
				if h := m.Get("hooks"); h != nil {
					for _, s := range append([]*ojson.Node{h}, h.Items()...) {
						if f := inside(root, path.Join(dir, s.Str())); s.Str() != "" && f != "" {
							files = append(files, f)
						}
					}
				}
			}
			for _, f := range files {
				if doc := readJSON(root, f); doc != nil {
					out = append(out, a.laterIn(f, "", nil, doc, l, msg, o)...)
				}
			}
		}
	}
	return out
}

// localMarketplace is the marketplace.json (relative to root) of a
// marketplace source inside the project: a "directory" holding
// .claude-plugin/marketplace.json, or a "file"; "" for any other source.
// A relative path is taken from the project root.
// localMarkets are the plugin marketplaces the project's settings files
// (each Later with Plugins) add from the repository itself, by name: the
// marketplace's file, relative to root.
func (a Agent) localMarkets(root string) map[string]string {
	markets := map[string]string{}
	for _, l := range a.Later {
		if !l.Plugins {
			continue
		}
		doc := readJSON(root, l.File)
		if doc == nil || !doc.IsObject() {
			continue
		}
		if m := doc.Get("extraKnownMarketplaces"); m != nil && m.IsObject() {
			for _, name := range m.Keys() {
				if f := localMarketplace(root, m.Get(name).Get("source")); f != "" {
					markets[name] = f
				}
			}
		}
	}
	return markets
}

func localMarketplace(root string, src *ojson.Node) string {
	if src == nil || !src.IsObject() || src.Get("path").Str() == "" {
		return ""
	}
	p := src.Get("path").Str()
	switch src.Get("source").Str() {
	case "directory":
		p = filepath.Join(p, ".claude-plugin", "marketplace.json")
	case "file":
	default:
		return ""
	}
	return inside(root, p)
}

// inside is p (absolute, or relative to root) relative to root and
// slash-separated, or "" when it lies outside the project.
func inside(root, p string) string {
	if filepath.IsAbs(p) {
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return ""
		}
		p = rel
	}
	p = filepath.ToSlash(filepath.Clean(p))
	if p == ".." || strings.HasPrefix(p, "../") || filepath.IsAbs(p) {
		return ""
	}
	return p
}

// readJSON reads the JSON file f under root, or nil.
func readJSON(root, f string) *ojson.Node {
	data, err := safefile.ReadFile(filepath.Join(root, f), 16<<20)
	if err != nil {
		return nil
	}
	doc, err := ojson.Parse(data)
	if err != nil {
		return nil
	}
	return doc
}
