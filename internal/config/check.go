package config

import (
	"slices"
)

// CommandCheck says why a handler command cannot be started as the files
// stand now, or nil. The process runner supplies it (exec.Check): config
// reads declarations and knows nothing of processes.
type CommandCheck func(command string, args []string, hasArgs bool, dir string) error

// CheckCommands adds a finding for every handler command that cannot be
// started as the files stand now: missing, not executable, a directory, a
// bad #! line. It is an error for an enabled hook and a warning for a
// disabled one. emit does not run these checks (a missing command there
// fails that hook, by its on_error), so they live apart from Load.
func CheckCommands(s *Set, root string, check CommandCheck) {
	for _, h := range s.Parsed {
		if h.Handler.Command == "" || h.Handler.Kind != KindScript {
			continue
		}
		err := check(h.Handler.Command, h.Handler.Args, h.Handler.HasArgs, root)
		if err == nil {
			continue
		}
		sev := Error
		if h.Disabled {
			sev = Warning
		}
		s.Findings = append(s.Findings, Finding{File: h.File, Line: h.CommandPos.Line, Col: h.CommandPos.Col,
			Severity: sev, HookID: h.ID, Message: "handler.command: " + err.Error()})
		if sev == Error {
			s.markInvalid(h)
		}
	}
	SortFindings(s.Findings)
}

// markInvalid moves h from the valid hooks to the invalid files.
func (s *Set) markInvalid(h *Hook) {
	for i, v := range s.Hooks {
		if v == h {
			s.Hooks = append(s.Hooks[:i], s.Hooks[i+1:]...)
			s.Invalid = append(s.Invalid, h.File)
			slices.Sort(s.Invalid)
			return
		}
	}
}
