package inspect

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/safefile"
)

// contextFileFindings names each rule's additional_context_file that
// cannot be read beneath the project root as the files stand now: emit
// fails the hook each time the rule fires (a blocking guard's on_error
// then denies), and the declaration itself is valid, so only validate can
// say so before a call does. An error for an enabled hook, a warning for a
// disabled one, as for a handler command.
func contextFileFindings(set *config.Set, root string) []config.Finding {
	var out []config.Finding
	for _, h := range set.Hooks {
		if h.Handler.Rules == nil {
			continue
		}
		for i, r := range h.Handler.Rules.Rules {
			if r.ContextFile == "" {
				continue
			}
			why := contextFileProblem(root, filepath.FromSlash(r.ContextFile))
			if why == "" {
				continue
			}
			sev := config.Error
			if h.Disabled {
				sev = config.Warning
			}
			out = append(out, config.Finding{File: h.File, Line: r.Pos.Line, Col: r.Pos.Col, Severity: sev, HookID: h.ID,
				Message: fmt.Sprintf("handler.rules[%d].additional_context_file: %s %s; until then emit fails the hook each time the rule fires", i, r.ContextFile, why)})
		}
	}
	return out
}

// contextFileProblem opens rel beneath root as emit does (no symbolic
// link followed, a regular file only): "" when it opens, else what is
// wrong and what to do.
func contextFileProblem(root, rel string) string {
	d, err := safefile.OpenDir(root, filepath.Dir(rel), false)
	if err == nil {
		var f *os.File
		if f, err = d.OpenFile(filepath.Base(rel), os.O_RDONLY, 0); err == nil {
			f.Close()
		}
		d.Close()
	}
	switch {
	case err == nil:
		return ""
	case errors.Is(err, fs.ErrNotExist):
		return "does not exist (the path is relative to the project root): create it, or correct the path"
	}
	return "cannot be read: " + err.Error() + "; make it a regular file in the project, or correct the path"
}
