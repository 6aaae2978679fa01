package inspect

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/match"
)

// dirGlobFindings warns of each path glob (match.paths,
// match.only_if_changed_paths, a rule's paths) that names a directory of
// the project letter for letter, as secrets or config/prod: a glob matches
// a call's paths as written, so it matches the directory itself (a call
// that removes or replaces it), not the files in it, and a guard written
// for them would pass every edit of them. A glob ending in "/" or "/**"
// is the way to say the files too; a list that has one beside the bare
// name (init's scripts/hooks and scripts/hooks/**) gets no warning.
func dirGlobFindings(set *config.Set, root string) []config.Finding {
	var out []config.Finding
	add := func(h *config.Hook, pos config.Pos, field string, globs []string) {
		for _, g := range globs {
			dir, ok := projectDir(root, g)
			// A list that has the files too (scripts/hooks beside scripts/hooks/**) means the
			// directory entry by the bare name.
			if !ok || match.AnyPath(globs, []string{dir + "/any-file"}) {
				continue
			}
			out = append(out, config.Finding{File: h.File, Line: pos.Line, Col: pos.Col, Severity: config.Warning, HookID: h.ID,
				Message: fmt.Sprintf("%s: %q names the directory %s of the project, and a glob matches paths as written: this one matches the directory itself (a call that removes or replaces it), not the files in it; write %q (the directory and all beneath it) to match them too",
					field, g, dir, dir+"/")})
		}
	}
	for _, h := range set.Hooks {
		add(h, h.Pos, "match.paths", h.Match.Paths)
		add(h, h.Pos, "match.only_if_changed_paths", h.Match.OnlyIfChangedPaths)
		if h.Handler.Rules == nil {
			continue
		}
		for i, r := range h.Handler.Rules.Rules {
			add(h, r.Pos, fmt.Sprintf("handler.rules[%d].paths", i), r.Paths)
		}
	}
	return out
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
