package config

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	untrustedtext "github.com/hookrun/hookrun/internal/untrusted"
)

// Severity of a finding.
type Severity string

// Severities: errors make a file invalid; warnings only inform; notes
// (validate's, about the agents a project routes) are neither, and never
// fail validate --strict.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Note    Severity = "note"
)

// Finding is one problem in one declaration file.
type Finding struct {
	File     string   `json:"file"` // absolute; Rel gives the path to print
	Line     int      `json:"line"`
	Col      int      `json:"col"`
	Severity Severity `json:"severity"`
	HookID   string   `json:"hook_id,omitempty"`
	Message  string   `json:"message"`
	// Related points at a second place the message is about (the other
	// declaration of a duplicate id); Format prints it relative too.
	Related *Place `json:"related,omitempty"`
}

// Place is a position in a declaration file.
type Place struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
}

// Rel returns file relative to dir, the way it is printed: relative (with
// "../" when it lies outside dir) when that is shorter than the absolute
// path, as the go command prints paths; else unchanged.
func Rel(dir, file string) string {
	if dir == "" || !filepath.IsAbs(file) {
		return file
	}
	r, err := filepath.Rel(dir, file)
	if err != nil || len(r) >= len(file) {
		return file
	}
	return r
}

// Format renders a finding as path:line:col: message, with the paths
// relative to dir, for a person: on one line, with the control and
// bidirectional characters a repository's file names or values may hold
// replaced (untrusted.Clean), so that they cannot steer a terminal or
// print a line hookrun did not write. A message with a Related place
// holds one %s for it.
func (f Finding) Format(dir string) string {
	sev := ""
	if f.Severity == Warning || f.Severity == Note {
		sev = string(f.Severity) + ": "
	}
	where := fmt.Sprintf("%s:%d:%d", Rel(dir, f.File), f.Line, f.Col)
	if f.Line == 0 {
		where = Rel(dir, f.File) // a directory, or a file as a whole
	}
	return untrustedtext.Clean(where + ": " + sev + f.Text(dir))
}

// Text is the message alone, with any related place relative to dir.
func (f Finding) Text(dir string) string {
	if f.Related == nil {
		return f.Message
	}
	return fmt.Sprintf(f.Message, fmt.Sprintf("%s:%d:%d", Rel(dir, f.Related.File), f.Related.Line, f.Related.Col))
}

// SortFindings orders findings by file and position.
func SortFindings(fs []Finding) {
	slices.SortStableFunc(fs, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
}

// skipGuardWarning begins the warning on a blocking guard that says
// on_error: skip (decode.go); SkipGuardWarning finds it.
const skipGuardWarning = "on_error: skip on blocking hook"

// SkipGuardWarning is the index in fs of the warning on hook id's
// on_error: skip, or -1: a later check that names a surer way the guard
// fails open says it in that warning's place, so the hook gets one.
func SkipGuardWarning(fs []Finding, id string) int {
	return slices.IndexFunc(fs, func(f Finding) bool {
		return f.HookID == id && f.Severity == Warning && strings.HasPrefix(f.Message, skipGuardWarning)
	})
}

// HasErrors reports whether any finding is an error.
func HasErrors(fs []Finding) bool {
	return slices.ContainsFunc(fs, func(f Finding) bool { return f.Severity == Error })
}
