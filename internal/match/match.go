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

// Explain judges every hook of the context's event, in the order given
// (callers pass merge order). Hooks of other events are left out.
func Explain(hooks []*config.Hook, c *event.Context, opt Options) []Verdict {
	var out []Verdict
	for _, h := range hooks {
		if h.Event != c.Event {
			continue
		}
		reason := Check(h, c, opt)
		out = append(out, Verdict{Hook: h, Runs: reason == "", Reason: reason})
	}
	return out
}

// Select returns the hooks that run for the context, in the order given.
func Select(hooks []*config.Hook, c *event.Context, opt Options) []*config.Hook {
	var out []*config.Hook
	for _, h := range hooks {
		if h.Event == c.Event && Check(h, c, opt) == "" {
			out = append(out, h)
		}
	}
	return out
}

// Check returns "" when the hook runs for the context, else the reason it
// does not, in words a person can act on.
func Check(h *config.Hook, c *event.Context, opt Options) string {
	switch {
	case h.Event != c.Event:
		return fmt.Sprintf("declared for %s, not %s", h.Event, c.Event)
	case !h.Enabled:
		return "disabled (enabled: false)"
	case opt.BlockingOnly && !h.Blocking:
		return "not blocking, and only blocking hooks run under --blocking-only"
	}
	m := h.Match
	if m.AbilityScope != nil && !Ability(m.AbilityScope, c.AbilityID) {
		return fmt.Sprintf("ability %q is outside %s", c.AbilityID, strings.Join(m.AbilityScope, ","))
	}
	if m.CallerSource != nil && !slices.Contains(m.CallerSource, c.CallerSource) {
		return fmt.Sprintf("caller source %q is not %s", c.CallerSource, strings.Join(m.CallerSource, ","))
	}
	if m.MinDurationMS != nil && *m.MinDurationMS > 0 {
		if !c.HasDuration {
			return fmt.Sprintf("no duration_ms in the context; min_duration_ms is %dms", *m.MinDurationMS)
		}
		if c.DurationMS < float64(*m.MinDurationMS) {
			return fmt.Sprintf("duration %sms is below %dms", formatMS(c.DurationMS), *m.MinDurationMS)
		}
	}
	if m.OnlyIfChangedPaths != nil {
		if len(c.ChangedFiles) == 0 {
			return "no changed_files in the context; only_if_changed_paths needs at least one"
		}
		if !AnyPath(m.OnlyIfChangedPaths, c.ChangedFiles) {
			return fmt.Sprintf("no changed path under %s", strings.Join(m.OnlyIfChangedPaths, ","))
		}
	}
	return ""
}

// Ability reports whether id matches any of the globs; "*" alone matches
// every id, including ids with slashes.
func Ability(globs []string, id string) bool {
	for _, g := range globs {
		if g == "*" || g == "**" {
			return true
		}
		if ok, _ := doublestar.Match(g, id); ok {
			return true
		}
	}
	return false
}

// AnyPath reports whether any changed file matches any glob. Paths are
// compared relative to the project root, so a leading "./" is ignored.
func AnyPath(globs, files []string) bool {
	for _, f := range files {
		f = strings.TrimPrefix(f, "./")
		for _, g := range globs {
			if ok, _ := doublestar.Match(strings.TrimPrefix(g, "./"), f); ok {
				return true
			}
		}
	}
	return false
}

func formatMS(f float64) string {
	if f == float64(int64(f)) {
		return fmt.Sprintf("%d", int64(f))
	}
	return fmt.Sprintf("%g", f)
}
