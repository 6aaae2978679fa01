package shellcmd

import (
	"encoding/json"
	"path"
	"path/filepath"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// npm -w X (--workspace, --workspaces), pnpm --filter X (-F, -r), yarn workspace X and yarn
// workspaces foreach (yarn 1's yarn workspaces run) run the scripts of the workspaces a project's root declares (package.json's workspaces,
// pnpm-workspace.yaml's packages), instead of the root's: found by path or by the name their
// package.json gives, a pattern's directories listed through Files.List.

// Bounds on the workspaces one line reads.
const (
	maxWorkspacePatterns = 32
	maxWorkspaceEntries  = 256 // entries of one listed directory
)

// workspaceScripts reads the scripts run names of the workspaces run selects, in the project whose
// root package.json (text) is in the directory abs (rel from where the line starts).
func (r *reader) workspaceScripts(run scriptRun, abs, rel, text string) {
	patterns := workspacePatterns(text)
	if y, ok := r.probe(filepath.Join(abs, "pnpm-workspace.yaml")); ok {
		var ws struct {
			Packages []string `yaml:"packages"`
		}
		if yaml.Unmarshal([]byte(y), &ws) == nil {
			patterns = append(patterns, ws.Packages...)
		}
	}
	// The workspaces' directories, from the root's; listed once a selector needs them.
	var dirs []string
	listed, unlisted := false, ""
	list := func() {
		if listed {
			return
		}
		listed = true
		for i, p := range patterns {
			p = strings.TrimPrefix(path.Clean(p), "./")
			switch {
			case i >= maxWorkspacePatterns:
				unlisted = "more patterns than hookrun reads"
				return
			case strings.HasPrefix(p, "!") || strings.HasPrefix(p, "../") || path.IsAbs(p):
			case !strings.ContainsAny(p, "*?[{"):
				dirs = append(dirs, p)
			default:
				parent, last := path.Split(p)
				parent = strings.TrimSuffix(parent, "/")
				if last != "*" && last != "**" || strings.ContainsAny(parent, "*?[{") || r.files.List == nil {
					unlisted = p
					continue
				}
				names, err := r.list(filepath.Join(abs, filepath.FromSlash(parent)), maxWorkspaceEntries)
				if err != nil && !missing(err) && len(names) == 0 {
					unlisted = p
					continue
				}
				for _, n := range names {
					dirs = append(dirs, path.Join(parent, n))
				}
			}
		}
	}
	read := func(d string) (string, bool) {
		return r.cachedText(filepath.Join(abs, filepath.FromSlash(d), "package.json"), filepath.Join(abs, filepath.FromSlash(d), "package.json"))
	}
	scripts := func(d string) {
		if t, ok := read(d); ok {
			r.packageScripts(run, path.Join(rel, d, "package.json"), t, path.Join(rel, d))
		}
	}
	if len(patterns) == 0 {
		// A root that declares no workspaces: npm and pnpm refuse a workspace's name, and run
		// the project's own scripts for -r.
		if run.allWorkspaces {
			r.packageScripts(run, path.Join(rel, "package.json"), text, rel)
		}
		return
	}
	all := run.allWorkspaces
	var names []string
	for _, w := range run.workspaces {
		v := strings.Trim(w.Value, "{}")
		switch {
		case w.Dynamic:
			r.unresolved("%s runs the scripts of the workspace %s, only known when the line runs", run.via, w.Value)
			return
		case strings.HasPrefix(v, "!") || strings.Contains(v, "...") || strings.HasPrefix(v, "^"):
			all = true // pnpm's exclusions and dependency graphs: every workspace, reading more
		case strings.HasPrefix(v, ".") || strings.HasPrefix(v, "/") || strings.Contains(v, "/") && !strings.HasPrefix(v, "@"):
			scripts(strings.TrimPrefix(path.Clean(v), "./")) // a workspace by its directory
		default:
			names = append(names, v)
		}
	}
	if all || len(names) > 0 {
		list()
	}
	if all {
		if unlisted != "" {
			r.unresolved("%s runs the scripts of every workspace, and hookrun cannot list those of %s", run.via, unlisted)
		}
		for _, d := range dirs {
			scripts(d)
		}
		return
	}
	for _, want := range names {
		found := false
		for _, d := range workspaceGuess(dirs, want) {
			t, ok := read(d)
			var pkg struct {
				Name string `json:"name"`
			}
			if !ok || json.Unmarshal([]byte(strings.TrimPrefix(t, "\ufeff")), &pkg) != nil {
				continue
			}
			if m, _ := path.Match(want, pkg.Name); m || pkg.Name == want {
				found = true
				r.packageScripts(run, path.Join(rel, d, "package.json"), t, path.Join(rel, d))
				if !strings.ContainsAny(want, "*?[") {
					break
				}
			}
		}
		if t, ok := read(want); !found && ok && !strings.ContainsAny(want, "*?[") {
			found = true // a workspace's directory, named as npm takes a path: -w web
			r.packageScripts(run, path.Join(rel, want, "package.json"), t, path.Join(rel, want))
		}
		if !found {
			why := "which hookrun does not find among the root's workspaces"
			if unlisted != "" {
				why = "and hookrun cannot list the workspaces of " + unlisted
			}
			r.unresolved("%s runs the scripts of the workspace %s, %s", run.via, want, why)
		}
	}
}

// workspaceGuess is dirs with the one named as the package name want (its part after a scope)
// first: a name is most often its directory's, and the others are read only when it is not.
func workspaceGuess(dirs []string, want string) []string {
	short := path.Base(want)
	out := make([]string, 0, len(dirs))
	for _, d := range dirs {
		if path.Base(d) == short {
			out = append(out, d)
		}
	}
	for _, d := range dirs {
		if path.Base(d) != short {
			out = append(out, d)
		}
	}
	return out
}

// workspacePatterns are a root package.json's workspaces: a list, or {"packages": […]} (yarn 1).
func workspacePatterns(text string) []string {
	var top map[string]json.RawMessage
	if json.Unmarshal([]byte(strings.TrimPrefix(text, "\ufeff")), &top) != nil {
		return nil
	}
	var list []string
	if json.Unmarshal(top["workspaces"], &list) == nil {
		return list
	}
	var obj struct {
		Packages []string `json:"packages"`
	}
	if json.Unmarshal(top["workspaces"], &obj) == nil {
		return obj.Packages
	}
	return nil
}
