package inspect

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/safefile"
)

// exitPatterns match, in a handler script's line, an exit with status 1
// and the ways a script denies (exit 2, a guard's signal), in sh, Python
// and Node. Functions, as jsonKey is: validate alone reads them.
func exitPatterns() (one, denies *regexp.Regexp) {
	return regexp.MustCompile(`\bexit\s+1\b|\b(sys\.exit|process\.exit|os\.Exit|exit)\(\s*1\s*\)`),
		regexp.MustCompile(`\bexit\s+2\b|\b(sys\.exit|process\.exit|os\.Exit|exit)\(\s*2\s*\)|ABILITY_DENIED|ABILITY_REQUIRES_HUMAN|ABILITY_UNAVAILABLE`)
}

// addExitOneFindings warns of a blocking guard that says on_error: skip
// and whose script says no with exit 1 and never denies (no exit 2, no
// signal that denies or asks): hookrun reads exit 1 as the hook failing,
// and skip ignores a failure, so the call it meant to stop goes through.
// The warning names the on_error line and takes the place of the one
// config gave it (a crash or timeout goes through), so that the hook gets
// one warning that says both.
func addExitOneFindings(set *config.Set, root string) {
	one, denies := exitPatterns()
	for _, h := range set.Hooks {
		if h.Disabled || !h.Blocking || !h.Event.AIFacing() || h.OnError != config.OnErrorSkip || h.Handler.Kind != config.KindScript {
			continue
		}
		for _, f := range handlerFiles(h, root) {
			head, _, err := safefile.ReadHead(f, maxScriptScan)
			if err != nil || bytes.IndexByte(head, 0) >= 0 { // a program, not a script
				continue
			}
			n, col := exitsOneOnly(head, one, denies)
			if n == 0 {
				continue
			}
			skip := "on_error: skip"
			var related *config.Place
			if i := config.SkipGuardWarning(set.Findings, h.ID); i >= 0 {
				w := set.Findings[i]
				skip, related = "on_error: skip (%s)", &config.Place{File: w.File, Line: w.Line, Col: w.Col}
				set.Findings = slices.Delete(set.Findings, i, i+1)
			}
			set.Findings = append(set.Findings, config.Finding{File: f, Line: n, Col: col, Severity: config.Warning, HookID: h.ID, Related: related,
				Message: fmt.Sprintf("hook %s runs this script as a guard with %s, and this line exits 1, which hookrun reads as the hook failing, not denying: a failure is skipped, so the call goes through, as it does when the script crashes or times out; exit 2 with the reason on stderr to deny (docs/handlers.md), and remove on_error so that a failure blocks (the default on %s)", h.ID, skip, h.Event)})
		}
	}
}

// exitsOneOnly is the first line (number, column) of the script text
// that exits 1, when no line of it denies; 0 otherwise. Comment lines
// (#, //) are passed over.
func exitsOneOnly(head []byte, one, denies *regexp.Regexp) (int, int) {
	line, col := 0, 0
	for n, text := range codeLines(head) {
		if denies.MatchString(text) {
			return 0, 0
		}
		if m := one.FindStringIndex(text); m != nil && line == 0 {
			line, col = n, m[0]+1
		}
	}
	return line, col
}
