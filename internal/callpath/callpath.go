// Package callpath names the paths an ability call touches, the same way
// for every caller: the paths a dialect or caller sent, or those a shell
// command line names (its commands' operands and its redirection
// targets), each cleaned, relative to the project root inside it and
// absolute outside it.
package callpath

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookrun/hookrun/internal/shellcmd"
)

// Of returns the call's paths: given (when the caller sent a list) or
// those of the command line, normalized against cwd (where the call runs;
// the root when unknown) and root.
func Of(given []string, hasGiven bool, command, cwd, root string) []string {
	raw := given
	if !hasGiven && command != "" {
		raw = shellcmd.Parse(command).Paths
	}
	if cwd == "" || !filepath.IsAbs(cwd) {
		cwd = root
	}
	out := make([]string, 0, len(raw))
	for _, p := range raw {
		if n := Normalize(p, cwd, root); n != "" && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// Normalize cleans p: relative to root, with no ".", ".." or trailing
// slash, when it lies inside root; absolute otherwise. A leading ~ is the
// home directory; a relative p is taken from cwd.
func Normalize(p, cwd, root string) string {
	if p == "" {
		return ""
	}
	if p == "~" || strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			p = filepath.Join(home, p[1:])
		}
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(cwd, p)
	}
	p = filepath.Clean(p)
	if rel, err := filepath.Rel(root, p); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(p)
}
