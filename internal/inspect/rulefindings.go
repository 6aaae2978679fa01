package inspect

import (
	"fmt"
	"strings"

	"github.com/hookrun/hookrun/internal/config"
)

// ruleFindings warns of rules that read as guards and never decide:
//   - in a hook that is not blocking, a rule that denies or asks for a
//     human (at the first such rule): only a blocking hook decides, so
//     emit only warns of it and the call goes through;
//   - a prompt pattern holding a backspace, which is what \b is in a
//     double-quoted YAML string ("(?i)\bdeploy\b"): a word boundary was
//     meant, and the pattern matches no prompt that was.
func ruleFindings(set *config.Set) []config.Finding {
	var out []config.Finding
	for _, h := range set.Hooks {
		if h.Disabled || h.Handler.Rules == nil {
			continue
		}
		warn := func(r config.Rule, format string, args ...any) {
			out = append(out, config.Finding{File: h.File, Line: r.Pos.Line, Col: r.Pos.Col, Severity: config.Warning, HookID: h.ID,
				Message: fmt.Sprintf(format, args...)})
		}
		named := h.Blocking
		for i, r := range h.Handler.Rules.Rules {
			if !named && (r.Decision == "deny" || r.Decision == "require_human") {
				warn(r, "handler.rules[%d].decision: %s in a hook that is not blocking decides nothing (emit only warns, and the call goes through): set blocking: true to let it decide", i, r.Decision)
				named = true
			}
			if r.Prompt != nil && strings.Contains(r.Prompt.String(), "\b") {
				fixed := strings.ReplaceAll(strings.ReplaceAll(r.Prompt.String(), "\b", `\b`), "'", "''")
				warn(r, "handler.rules[%d].prompt: holds a backspace character, which is what \\b is in a double-quoted YAML string, so it matches no prompt meant; for a word boundary write the pattern in single quotes: prompt: '%s'", i, fixed)
			}
		}
	}
	return out
}
