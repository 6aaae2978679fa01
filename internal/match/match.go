// Package match decides which hooks run for an event context. It is pure:
// the same hooks and context always give the same answer.
package match

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/pathcase"
	"github.com/hookrun/hookrun/internal/shellcmd"
)

// Options narrow the selection beyond the hooks' own match blocks.
type Options struct {
	BlockingOnly bool // only blocking hooks (the seed's run_hooks(..., blocking_only))
}

// Verdict says whether one hook runs for a context, and if not, why.
type Verdict struct {
	Hook   *config.Hook
	Runs   bool
	Reason string // why it does not run; empty when it runs
}

// Explain judges every hook given, in the order given (callers pass merge
// order); a hook of another event is judged not to run, and says so.
func Explain(hooks []*config.Hook, c *event.Context, opt Options) []Verdict {
	var out []Verdict
	for _, h := range hooks {
		reason := Check(h, c, opt)
		out = append(out, Verdict{Hook: h, Runs: reason == "", Reason: reason})
	}
	return out
}

// Select returns the hooks that run for the context, in the order given.
func Select(hooks []*config.Hook, c *event.Context, opt Options) []*config.Hook {
	var out []*config.Hook
	for _, h := range hooks {
		if h.Event == c.Event && check(h, c, opt, false) == "" {
			out = append(out, h)
		}
	}
	return out
}

// Check returns "" when the hook runs for the context, else the reason it
// does not, in words a person can act on.
func Check(h *config.Hook, c *event.Context, opt Options) string {
	return check(h, c, opt, true)
}

// skipped is check's answer when no one will read the reason: Select
// judges a thousand hooks without formatting a thousand sentences.
const skipped = "skipped"

func check(h *config.Hook, c *event.Context, opt Options, explain bool) string {
	no := func(format string, args ...any) string {
		if !explain {
			return skipped
		}
		return fmt.Sprintf(format, args...)
	}
	switch {
	case h.Event != c.Event:
		return no("declared for %s, not %s", h.Event, c.Event)
	case !h.Enabled:
		return no("disabled (enabled: false)")
	case opt.BlockingOnly && !h.Blocking:
		return no("not blocking, and only blocking hooks run under --blocking-only")
	}
	m := h.Match
	if m.AbilityScope != nil && !Ability(m.AbilityScope, c.AbilityID) {
		for _, g := range m.AbilityScope {
			if ex, ok := strings.CutPrefix(g, config.Exclude); ok && Ability([]string{ex}, c.AbilityID) {
				return no("ability %q is left out by %s", c.AbilityID, g)
			}
		}
		return no("ability %q is outside %s", c.AbilityID, joined(m.AbilityScope))
	}
	if m.CallerSource != nil && !slices.Contains(m.CallerSource, c.CallerSource) {
		return no("caller source %q is not %s", c.CallerSource, joined(m.CallerSource))
	}
	if m.MinDurationMS != nil && *m.MinDurationMS > 0 {
		if !c.HasDuration {
			return no("no duration_ms in the context; min_duration_ms is %dms", *m.MinDurationMS)
		}
		if c.DurationMS < float64(*m.MinDurationMS) {
			return no("duration %sms is below %dms", msText(c.DurationMS), *m.MinDurationMS)
		}
	}
	// A path only known when the command runs might be under the globs:
	// the hook runs and decides.
	// So might a file an archive the command unpacks makes, named only by the archive.
	if m.Paths != nil && c.UnknownPaths == "" && !unpacks(c) {
		if len(c.Paths) == 0 {
			return no("the call names no path; match.paths needs at least one")
		}
		if !AnyPath(m.Paths, c.Paths) {
			return no("no path of the call under %s", joined(m.Paths))
		}
	}
	if m.OnlyIfChangedPaths != nil {
		if len(c.ChangedFiles) == 0 {
			return no("no changed_files in the context; only_if_changed_paths needs at least one")
		}
		if !AnyPath(m.OnlyIfChangedPaths, c.ChangedFiles) {
			return no("no changed path under %s", joined(m.OnlyIfChangedPaths))
		}
	}
	return ""
}

// Ability reports whether the ability_scope globs take in id
// (config.InScope): "*" alone matches every id, including ids with slashes,
// and a "!GLOB" leaves out the ids it matches.
func Ability(globs []string, id string) bool {
	return config.InScope(globs, id, glob)
}

// glob is doublestar.Match, skipped when the pattern's literal start
// already rules the name out: most hooks of a large set are ruled out
// that way, without the matcher's allocations. The shortcut is taken only
// for an ASCII start, where bytes and runes agree.
func glob(pattern, name string) bool {
	i := strings.IndexAny(pattern, `*?[{\`)
	if i < 0 {
		i = len(pattern)
	}
	prefix := pattern[:i]
	if strings.HasPrefix(pattern[i:], "**") {
		prefix = strings.TrimSuffix(prefix, "/") // "a/**" matches "a" too
	}
	if ascii(prefix) && !strings.HasPrefix(name, prefix) {
		return false
	}
	ok, _ := doublestar.Match(pattern, name)
	return ok
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// AnyPath reports whether any path matches any glob, comparing names as
// the file systems do (pathcase.On: ignoring case on macOS and Windows,
// where .SYSTEM/hooks opens .system/hooks). Paths are compared relative
// to the project root, so a leading "./" is ignored. A glob that ends in
// "/" names a directory and matches every path beneath it (infra/ matches
// infra/main.tf): no cleaned path ends in a slash, so as written it would
// match none, and a guard that stops calls would pass them all.
func AnyPath(globs, files []string) bool { return anyPath(globs, files, pathcase.On()) }

// AnyPathExact is AnyPath without folding: for a rule that allows, which
// folding must never make let more through. A glob that ends in "/" names
// the directory and all beneath it here too, as the person who wrote
// docs/ on an allow rule meant docs/**: as written it would allow nothing.
func AnyPathExact(globs, files []string) bool { return anyPath(globs, files, false) }

func anyPath(globs, files []string, fold bool) bool {
	globs = dirGlobs(globs)
	var folded []string // the globs' keys, made once a path needs them
	for _, f := range files {
		f = strings.TrimPrefix(f, "./")
		for _, g := range globs {
			if glob(strings.TrimPrefix(g, "./"), f) {
				return true
			}
		}
		if !fold {
			continue
		}
		if folded == nil {
			folded = make([]string, len(globs))
			for i, g := range globs {
				folded[i] = pathcase.Key(strings.TrimPrefix(g, "./"))
			}
		}
		// Exact first, then folded: folding never matches less than the
		// glob as written ([A-z] folded is [a-z]).
		key := pathcase.Key(f)
		for _, g := range folded {
			if glob(g, key) {
				return true
			}
		}
	}
	return false
}

// dirGlobs reads a glob that ends in "/" as the directory it names and
// all that is beneath it (infra/ as infra and infra/**), since no cleaned
// path ends in a slash; the globs come back as given, with no copy made,
// when none does.
func dirGlobs(globs []string) []string {
	var out []string
	for i, g := range globs {
		if len(g) < 2 || !strings.HasSuffix(g, "/") {
			if out != nil {
				out = append(out, g)
			}
			continue
		}
		if out == nil {
			out = append(make([]string, 0, len(globs)+1), globs[:i]...)
		}
		for len(g) > 1 && strings.HasSuffix(g, "/") {
			g = g[:len(g)-1]
		}
		out = append(out, g, g+"/**")
	}
	if out == nil {
		return globs
	}
	return out
}

// unpacks reports whether the call's command unpacks an archive (shellcmd.Line.Unpacks).
func unpacks(c *event.Context) bool {
	if c.Command == "" {
		return false
	}
	sh, _ := shellcmd.ShellNamed(c.Shell)
	return len(shellcmd.ParseAs(c.Command, sh).Unpacks) > 0
}

// Beneath reports whether a path beneath the directory dir (not dir itself) may match one of the
// globs, comparing names as AnyPath does: a file an archive unpacked into dir makes, under a name
// only the archive holds, may be one they guard. .system/hooks/** and **/*.sh may match beneath
// ., and .system/** beneath .system/hooks, and so does .system/ (AnyPath reads it as
// .system/**); docs/** does not beneath build.
func Beneath(globs []string, dir string) bool {
	fold := pathcase.On()
	dir = strings.TrimPrefix(dir, "./")
	if fold {
		dir = pathcase.Key(dir)
	}
	var ds []string
	if dir != "." && dir != "" {
		ds = strings.Split(dir, "/")
	}
	for _, g := range dirGlobs(globs) {
		g = strings.TrimPrefix(g, "./")
		if fold {
			g = pathcase.Key(g)
		}
		if beneath(g, ds) {
			return true
		}
	}
	return false
}

func beneath(g string, ds []string) bool {
	if strings.ContainsAny(g, `{\`) || strings.Contains(g, "[!") || strings.Contains(g, "[^") {
		return true // an alternative, an escape or a negated class may hold a separator (a/{b,c/d}, a[!0]b): read as may
	}
	gs := strings.Split(g, "/")
	for _, s := range gs {
		if i := strings.LastIndex(s, "["); i >= 0 && !strings.Contains(s[i:], "]") {
			return true // a class holding the separator (a[/x]b): read as may
		}
		if s != "**" && strings.Contains(s, "**") {
			// doublestar does not match such a segment alone as it does within the whole
			// glob (**y**** alone misses 00y, **y****/* matches 00y/0). Read as may.
			return true
		}
	}
	for i, d := range ds {
		if i >= len(gs) {
			return false
		}
		if gs[i] == "**" {
			return true
		}
		if ok, err := doublestar.Match(gs[i], d); err != nil || !ok {
			return false
		}
	}
	return len(gs) > len(ds)
}

func formatMS(f float64) string {
	if f == float64(int64(f)) {
		return fmt.Sprintf("%d", int64(f))
	}
	return fmt.Sprintf("%g", f)
}

// joined prints as a comma-separated list, formatted only when printed.
type joined []string

func (j joined) String() string { return strings.Join(j, ",") }

// msText prints a duration in milliseconds, formatted only when printed.
type msText float64

func (m msText) String() string { return formatMS(float64(m)) }
