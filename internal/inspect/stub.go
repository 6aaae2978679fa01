package inspect

import (
	"fmt"
	"path/filepath"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/safefile"
	"github.com/hookrun/hookrun/internal/scaffold"
)

// stubFindings warns of a blocking hook whose script is still the stub
// hookrun new wrote for it: the stub denies nothing and fails no gate, so
// a guard committed so, which validate otherwise passes, lets every call
// through.
func stubFindings(set *config.Set, root string) []config.Finding {
	var out []config.Finding
	for _, h := range set.Hooks {
		if h.Disabled || !h.Blocking || h.Handler.Kind != config.KindScript {
			continue
		}
		for _, f := range handlerFiles(h, root) {
			head, _, err := safefile.ReadHead(f, maxScriptScan)
			if err != nil || !scaffold.IsStub(h.ID, h.Event, scaffold.StubHooksDir(root, filepath.Dir(h.File)), head) {
				continue
			}
			out = append(out, config.Finding{File: f, Line: 1, Col: 1, Severity: config.Warning, HookID: h.ID,
				Message: fmt.Sprintf("hook %s is blocking, but this script is still the stub hookrun new wrote: %s; write the check where its comments show, or, for a guard on a command or a file, a rules handler (docs/rules.md)", h.ID, stubLets(h.Event))})
		}
	}
	return out
}

// stubLets says what an unedited stub lets through on ev.
func stubLets(ev event.Name) string {
	switch ev {
	case event.PromptSubmit:
		return "it denies no prompt, so every prompt goes through"
	case event.PreAbilityCreate:
		return "it makes no ability unavailable, so every one goes ahead"
	case event.PreAbilityCall:
		return "it denies no call and asks for no one, so every call goes through"
	}
	return "it never fails, so the gate always passes"
}
