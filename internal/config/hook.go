// Package config finds, decodes and validates hook declarations: one YAML
// file per hook under .system/hooks/, every problem reported with its
// file, line and column.
package config

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hookrun/hookrun/internal/event"
)

// DefaultTimeout is a handler's timeout when the declaration names none.
const DefaultTimeout = 30 * time.Second

// On-error policies (docs/hooks.md).
const (
	OnErrorSkip  = "skip"
	OnErrorBlock = "block"
)

// Hook is one valid declaration.
type Hook struct {
	ID       string
	Event    event.Name
	Enabled  bool
	Blocking bool
	Summary  string
	Priority int
	OnError  string
	Match    Match
	Handler  Handler
	Effects  []any // strings and one-key maps, descriptive only

	File string // absolute path of the declaring file
	Pos  Pos    // position of the id, or of the declaration when it has none
	// CommandPos is where handler.command is written, for validate's
	// checks of the file system.
	CommandPos Pos
	// TimeoutPos is where handler.timeout is written, for validate's
	// warning of one too short to start a process in.
	TimeoutPos Pos
	// MinDurationPos is where match.min_duration_ms is written, for
	// validate's note on agents that send no duration.
	MinDurationPos Pos
	// PathsPos and ChangedPathsPos are where each glob of match.paths and
	// match.only_if_changed_paths is written, in order, for validate's
	// warnings on one of them.
	PathsPos, ChangedPathsPos []Pos
	// Disabled is true only when the file says enabled: false; a hook
	// whose enabled is missing or malformed is checked like an enabled one.
	Disabled bool
}

// Match holds the activation rules; empty fields do not restrict.
type Match struct {
	AbilityScope       []string
	MinDurationMS      *int64
	OnlyIfChangedPaths []string
	CallerSource       []string
	Paths              []string // globs on the call's paths
}

// Empty reports whether the match block restricts nothing: the hook always runs.
func (m Match) Empty() bool {
	return m.AbilityScope == nil && m.MinDurationMS == nil && m.OnlyIfChangedPaths == nil && m.CallerSource == nil && m.Paths == nil
}

// HandlerVars are the variables hookrun sets for every handler, replacing any the caller had; a
// declaration's handler.env cannot set them. All but the first three carry the context's common
// fields, so a shell handler need not parse JSON for them (empty when the context has none).
var HandlerVars = []string{"HOOKRUN_EVENT", "HOOKRUN_HOOK_ID", "HOOKRUN_PROJECT_DIR", "HOOKRUN_ABILITY_ID", "HOOKRUN_CALLER_SOURCE", "HOOKRUN_SESSION_ID",
	"HOOKRUN_STATUS", "HOOKRUN_DURATION_MS", "HOOKRUN_ENVIRONMENT", "HOOKRUN_PROMPT", "HOOKRUN_CHANGED_FILES"}

// Handler says how to run a hook.
type Handler struct {
	Kind    string
	Command string
	Args    []string
	HasArgs bool // args given: exec command directly, no shell
	Env     []EnvVar
	Timeout time.Duration
	Rules   *RuleSet // kind: rules
	HTTP    *HTTP    // kind: http
}

// EnvVar is one handler.env entry; entries keep their file order.
type EnvVar struct {
	Name, Value string
}

// Pos is a position in a file, 1-based.
type Pos struct {
	Line, Col int
}

// MatchFieldEvents returns the events a match field is meaningful for
// (docs/hooks.md, "match").
func MatchFieldEvents(field string) []event.Name {
	switch field {
	case "ability_scope":
		return []event.Name{event.PreAbilityCreate, event.PreAbilityCall, event.PostAbilityCall}
	case "min_duration_ms":
		return []event.Name{event.PostAbilityCall}
	case "only_if_changed_paths":
		return []event.Name{event.SessionStop}
	case "caller_source":
		return []event.Name{event.PreAbilityCreate, event.PreAbilityCall}
	case "paths":
		return []event.Name{event.PreAbilityCall, event.PostAbilityCall}
	}
	return nil
}

// Compare orders hooks the way they are listed and merged: by event in
// lifecycle order, then priority (lower first), then id.
func Compare(a, b *Hook) int {
	return cmp.Or(
		cmp.Compare(a.Event.Index(), b.Event.Index()),
		cmp.Compare(a.Priority, b.Priority),
		cmp.Compare(a.ID, b.ID),
	)
}

// Sort puts hooks in merge order.
func Sort(hooks []*Hook) { slices.SortFunc(hooks, Compare) }

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Summary renders the match block for listings: "ability=edit_file",
// "paths=services/**,apps/**", "min_duration=100ms", or "always".
func (m Match) Summary() string {
	var parts []string
	if m.AbilityScope != nil {
		parts = append(parts, "ability="+strings.Join(m.AbilityScope, ","))
	}
	if m.CallerSource != nil {
		parts = append(parts, "caller="+strings.Join(m.CallerSource, ","))
	}
	if m.MinDurationMS != nil {
		parts = append(parts, fmt.Sprintf("min_duration=%dms", *m.MinDurationMS))
	}
	if m.OnlyIfChangedPaths != nil {
		parts = append(parts, "paths="+strings.Join(m.OnlyIfChangedPaths, ","))
	}
	if m.Paths != nil {
		parts = append(parts, "call_paths="+strings.Join(m.Paths, ","))
	}
	if len(parts) == 0 {
		return "always"
	}
	return strings.Join(parts, " ")
}
