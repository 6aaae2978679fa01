// Package merge combines the reports of an event's hooks, given in merge
// order, into the one result emit prints: the decision and its reason,
// signals, texts, errors and warnings, all in declaration order. It knows
// neither declarations nor processes; it is pure: no I/O, no clocks.
package merge

import (
	"slices"

	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/untrusted"
)

// Hook statuses (docs/result.md).
const (
	StatusOK           = "ok"
	StatusDenied       = "denied"
	StatusRequireHuman = "require_human"
	StatusFailed       = "failed"
	StatusTimeout      = "timeout"
)

// Error codes hookrun gives failed hooks. A handler's own error object
// keeps the code it chose.
const (
	CodeStartFailed    = "start_failed"
	CodeTimeout        = "timeout"
	CodeOutputTooLarge = "output_too_large"
	CodeInterrupted    = "interrupted"
	CodeExitStatus     = "exit_status"
	CodeSignal         = "killed_by_signal"
	CodeInvalidOutput  = "invalid_output"
	CodeHandlerError   = "handler_error"
	CodeHTTPStatus     = "http_status" // an http handler's service answered with a status that is not 2xx
	CodeUnreachable    = "unreachable" // an http handler got no answer: connection, DNS, TLS, redirect, or its request could not be made
)

// Result is the merged result printed by emit (docs/result.md). Fields
// marked omitzero appear only where the contract has them.
type Result struct {
	EventType         event.Name     `json:"event_type"`
	Decision          event.Decision `json:"decision"`
	Reason            string         `json:"reason,omitempty"`
	BlockedBy         []string       `json:"blocked_by,omitzero"`
	HookSignals       []event.Signal `json:"hook_signals,omitzero"`
	AdditionalContext []Text         `json:"additional_context,omitzero"`
	UserMessages      []Text         `json:"user_messages"`
	Logs              []string       `json:"logs"`
	UsageRecorded     bool           `json:"usage_recorded"`
	Errors            []HookError    `json:"errors"`
	Warnings          []Warning      `json:"warnings"`
	Hooks             []HookRun      `json:"hooks"`
}

// Text is a piece of text and the hook it came from.
type Text struct {
	HookID string `json:"hook_id"`
	Text   string `json:"text"`
}

// HookError is one failure.
type HookError struct {
	HookID  string `json:"hook_id"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Warning is a misconfiguration or a dropped field; it changes nothing.
type Warning struct {
	HookID  string `json:"hook_id"`
	Message string `json:"message"`
}

// HookRun is one hook that ran.
type HookRun struct {
	ID         string `json:"id"`
	Status     string `json:"status"`
	Blocking   bool   `json:"blocking"`
	DurationMS int64  `json:"duration_ms"`
	ExitCode   *int   `json:"exit_code"`
}

// Report is one hook's contribution, before merging.
type Report struct {
	Run               HookRun
	Decision          event.Decision // allow unless this blocking hook denies or asks
	Reason            string
	Signals           []event.Signal
	AdditionalContext string
	UserMessage       string
	Logs              []string
	UsageRecorded     bool
	Errors            []HookError
	Warnings          []Warning
}

// Merge combines the reports, given in merge order, into the event's result.
func Merge(ev event.Name, reports []Report) Result {
	res := Result{
		EventType:    ev,
		Decision:     event.Allow,
		UserMessages: []Text{},
		Logs:         []string{},
		Errors:       []HookError{},
		Warnings:     []Warning{},
		Hooks:        []HookRun{},
	}
	if ev.AIFacing() {
		res.HookSignals = []event.Signal{}
		res.AdditionalContext = []Text{}
	}
	for _, r := range reports {
		if r.Decision.Rank() > res.Decision.Rank() {
			res.Decision = r.Decision
		}
	}
	for _, r := range reports {
		id := r.Run.ID
		if res.Decision != event.Allow && r.Decision == res.Decision {
			if res.Reason == "" {
				res.Reason = r.Reason
			}
			res.BlockedBy = append(res.BlockedBy, id)
		}
		if ev.AIFacing() {
			res.HookSignals = append(res.HookSignals, r.Signals...)
			if r.AdditionalContext != "" {
				res.AdditionalContext = append(res.AdditionalContext, Text{id, r.AdditionalContext})
			}
		}
		if r.UserMessage != "" {
			res.UserMessages = append(res.UserMessages, Text{id, r.UserMessage})
		}
		res.Logs = append(res.Logs, r.Logs...)
		res.UsageRecorded = res.UsageRecorded || r.UsageRecorded
		res.Errors = append(res.Errors, r.Errors...)
		res.Warnings = append(res.Warnings, r.Warnings...)
		res.Hooks = append(res.Hooks, r.Run)
	}
	return res
}

// Clean is r with every text a hook wrote (its reason, additional context,
// user message, logs, and the error and warning messages that quote its
// output) cleaned as untrusted.Text cleans text: whatever hookrun passes
// on (the result, an agent's answer, the audit log) holds no character that
// steers a terminal, reorders text or hides it. Signals' payloads are the
// hook's data, passed on as written.
func Clean(r Report) Report {
	r.Reason = untrusted.Text(r.Reason)
	r.AdditionalContext = untrusted.Text(r.AdditionalContext)
	r.UserMessage = untrusted.Text(r.UserMessage)
	r.Logs = cleanEach(r.Logs, func(s *string) *string { return s })
	r.Errors = cleanEach(r.Errors, func(e *HookError) *string { return &e.Message })
	r.Warnings = cleanEach(r.Warnings, func(w *Warning) *string { return &w.Message })
	return r
}

// cleanEach is a copy of xs with the text that text points to in each
// cleaned: the report's slices are shared with its caller's.
func cleanEach[T any](xs []T, text func(*T) *string) []T {
	if xs == nil {
		return nil
	}
	out := slices.Clone(xs)
	for i := range out {
		p := text(&out[i])
		*p = untrusted.Text(*p)
	}
	return out
}
