// Package event holds hookrun's shared vocabulary: the five events, the
// invocation sources, decisions, and the HookSignal a handler may return.
package event

import (
	"encoding/json"
	"strings"
)

// Name is one of the five events of the specification.
type Name string

// The events, in the order of a session's lifecycle.
const (
	PromptSubmit     Name = "PromptSubmit"
	PreAbilityCreate Name = "PreAbilityCreate"
	PreAbilityCall   Name = "PreAbilityCall"
	PostAbilityCall  Name = "PostAbilityCall"
	SessionStop      Name = "SessionStop"
)

// All lists the events in lifecycle order; listings sort by this order.
var All = []Name{PromptSubmit, PreAbilityCreate, PreAbilityCall, PostAbilityCall, SessionStop}

// Parse returns the event named s, or false when s names none.
func Parse(s string) (Name, bool) {
	for _, n := range All {
		if string(n) == s {
			return n, true
		}
	}
	return "", false
}

// Names returns the event names joined by ", " for error messages.
func Names() string {
	s := make([]string, len(All))
	for i, n := range All {
		s[i] = string(n)
	}
	return strings.Join(s, ", ")
}

// Index is the event's position in lifecycle order, or len(All) when unknown.
func (n Name) Index() int {
	for i, m := range All {
		if m == n {
			return i
		}
	}
	return len(All)
}

// AIFacing reports whether hooks of this event may shape the current turn
// or call (docs/hooks.md, "Events and their contexts"). The others are infra-only.
func (n Name) AIFacing() bool {
	return n == PromptSubmit || n == PreAbilityCreate || n == PreAbilityCall
}

// Sources are the InvocationSource values of the specification.
var Sources = []string{"ai_session", "background_job", "ci_pipeline", "manual_cli"}

// Shells are the values of a call context's "shell": the language its
// command is written in (unknown: either sh or PowerShell).
var Shells = []string{"sh", "bash", "powershell", "unknown"}

// ValidSource reports whether s is an InvocationSource.
func ValidSource(s string) bool {
	for _, v := range Sources {
		if v == s {
			return true
		}
	}
	return false
}

// Decision is the outcome of an event for the caller.
type Decision string

// Decisions, from weakest to strongest.
const (
	Allow        Decision = "allow"
	RequireHuman Decision = "require_human"
	Deny         Decision = "deny"
)

// Rank orders decisions by precedence: deny > require_human > allow.
func (d Decision) Rank() int {
	switch d {
	case Deny:
		return 2
	case RequireHuman:
		return 1
	}
	return 0
}

// KindEvent returns the event a signal kind of the specification is
// allowed on, or false for an unknown kind.
func KindEvent(kind string) (Name, bool) {
	switch kind {
	case "routing_hint", "normalized_intent":
		return PromptSubmit, true
	case "ability_preflight":
		return PreAbilityCreate, true
	case "ability_guard":
		return PreAbilityCall, true
	}
	return "", false
}

// Severities a signal may carry.
var Severities = []string{"info", "warning", "error"}

// Signal is an AI-visible HookSignal (docs/handlers.md, "Signals and decisions").
type Signal struct {
	SourceEvent Name            `json:"source_event"`
	HookID      string          `json:"hook_id"`
	Kind        string          `json:"kind"`
	Code        string          `json:"code"`
	Severity    string          `json:"severity,omitempty"`
	Payload     json.RawMessage `json:"payload,omitempty"`
}

// HookResult is what a handler prints on stdout (docs/handlers.md, "HookResult"),
// as parsed: absent fields are zero.
type HookResult struct {
	Logs              []string
	UsageRecorded     bool
	Signals           []Signal
	Error             *HandlerError
	AdditionalContext string
	UserMessage       string
}

// HandlerError is a failure a handler reports about itself.
type HandlerError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}
