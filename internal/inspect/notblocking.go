package inspect

import (
	"fmt"

	"github.com/hookrun/hookrun/internal/config"
)

// notBlockingRules warns of a rules hook that is not blocking and whose
// rules deny or ask for a human, at its first such rule: only a blocking
// hook decides, so emit only warns of the rule's decision and the call
// goes through, while the hook reads as a guard.
func notBlockingRules(set *config.Set) []config.Finding {
	var out []config.Finding
	for _, h := range set.Hooks {
		if h.Disabled || h.Blocking || h.Handler.Rules == nil {
			continue
		}
		for i, r := range h.Handler.Rules.Rules {
			if r.Decision != "deny" && r.Decision != "require_human" {
				continue
			}
			out = append(out, config.Finding{File: h.File, Line: r.Pos.Line, Col: r.Pos.Col, Severity: config.Warning, HookID: h.ID,
				Message: fmt.Sprintf("handler.rules[%d].decision: %s in a hook that is not blocking decides nothing (emit only warns, and the call goes through): set blocking: true to let it decide", i, r.Decision)})
			break
		}
	}
	return out
}
