package emit

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/hookrun/hookrun/internal/exitcode"
	"github.com/hookrun/hookrun/internal/merge"
	"github.com/hookrun/hookrun/internal/untrusted"
)

// WriteSummary prints one line per hook and the decision, for a person
// running emit by hand.
func WriteSummary(w io.Writer, r merge.Result) {
	reasons := map[string]string{}
	for _, e := range r.Errors {
		if _, seen := reasons[e.HookID]; !seen {
			reasons[e.HookID] = e.Message
		}
	}
	if len(r.BlockedBy) > 0 {
		reasons[r.BlockedBy[0]] = r.Reason
	}
	for _, h := range r.Hooks {
		line := fmt.Sprintf("hookrun: %-24s %-13s %5dms", h.ID, h.Status, h.DurationMS)
		if why := reasons[h.ID]; why != "" {
			line += "  " + firstLine(why)
		}
		fmt.Fprintln(w, line)
	}
	counts := exitcode.Plural(len(r.Hooks), "hook")
	failed := 0
	for _, h := range r.Hooks {
		if h.Status == merge.StatusFailed || h.Status == merge.StatusTimeout {
			failed++
		}
	}
	if failed > 0 {
		counts += fmt.Sprintf(", %d failed", failed)
	}
	verdict := fmt.Sprintf("hookrun: %s: %s (%s)", r.EventType, r.Decision, counts)
	if len(r.BlockedBy) > 0 {
		verdict += " by " + strings.Join(r.BlockedBy, ", ")
	}
	fmt.Fprintln(w, verdict)
}

func firstLine(s string) string {
	lines := untrusted.Lines(s)
	if len(lines) == 0 {
		return ""
	}
	s = lines[0]
	if len(s) > 160 {
		cut := 157
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}
