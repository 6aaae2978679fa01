// Package protocol is the handler protocol: it turns what one handler did
// (its exit, its stdout and stderr) into that hook's report, applying the
// exit-code convention, the HookResult schema, provenance and the
// per-event constraints. merge then combines the reports.
package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/merge"
	"github.com/hookrun/hookrun/internal/untrusted"
)

// report is a hook's report while Evaluate builds it.
type report struct {
	merge.Report
	hook *config.Hook
	who  string // "hook ID: what it ran", for error messages
	// what names, in a failed blocking hook's reason, what it called
	// ("POST URL", the url as written) when the hook's id alone does not
	// tell the person where to look.
	what string
	// hideOutput: the answer is never quoted in messages (an http answer
	// to a request that carried secrets may echo them in any encoding).
	hideOutput bool
}

// outputStart quotes the start of a handler's output for an error message.
func (r *report) outputStart(out []byte) string {
	if r.hideOutput {
		return "the answer is not quoted: the request carried expanded variables, which it may echo"
	}
	return "output began: " + quoteStart(out)
}

// Limits on what one hook may put in the merged result.
const (
	MaxAdditionalContext = 10 << 10 // bytes per hook of additional_context and of user_message (docs/handlers.md, "HookResult")
	MaxReason            = 4 << 10  // bytes of an exit-2 reason
	maxStderrInError     = 1 << 10  // bytes of stderr quoted in an error
)

// Evaluate judges one hook's run on event ev.
func Evaluate(ev event.Name, h *config.Hook, o exec.Outcome) merge.Report {
	r := newReport(h, o.Duration, "hook "+h.ID+": "+commandText(h, o))
	// A rules or http hook starts no process: an exit status in its
	// hooks[] entry (a prompt denied as exit 2 would be) would read as one.
	if o.Exited && h.Handler.Kind == config.KindScript {
		code := o.ExitCode
		r.Run.ExitCode = &code
	}
	if o.PipesHeld {
		r.warn(h.ID, "a process it started held its output open after it exited: what it printed within %s of exiting is its answer, and that process's group was ended", exec.ExitGrace)
	}
	switch o.Failure {
	case exec.StartFailed:
		return r.fail(merge.CodeStartFailed, "%v", o.Err)
	case exec.TimedOut:
		r.Run.Status = merge.StatusTimeout
		extra := ""
		if o.Exited {
			// It exited as hookrun ended it (a trap on SIGTERM that
			// exits), or at the very moment its time ran out. A handler
			// that exited in time while a process it started held its
			// output is no timeout (PipesHeld).
			extra = fmt.Sprintf(" (it exited with status %d as it was: a status given as it is ended is no answer)", o.ExitCode)
		}
		return r.fail(merge.CodeTimeout, "timed out after %s; its process group was ended%s", h.Handler.Timeout, extra)
	case exec.OutputTooLarge:
		return r.fail(merge.CodeOutputTooLarge, "output exceeds %d bytes; its process group was ended", o.StdoutLimit)
	case exec.Interrupted:
		return r.fail(merge.CodeInterrupted, "interrupted before it finished; its process group was ended")
	}
	if !o.Exited {
		return r.fail(merge.CodeSignal, "killed by signal %s%s", exec.SignalName(o.Signal), stderrSuffix(o.Stderr))
	}
	switch {
	case o.ExitCode == 2 && h.Blocking && ev.AIFacing():
		r.Run.Status = merge.StatusDenied
		r.Decision = event.Deny
		r.Reason = exitTwoReason(o)
		if untrusted.Blank(r.Reason) {
			r.Reason = fmt.Sprintf("denied by hook %s (exit status 2)", h.ID)
		}
		if len(bytes.TrimSpace(o.Stdout)) > 0 {
			r.warn(h.ID, "stdout ignored: exit status 2 denies with stderr as the reason; to send signals, exit 0")
		}
		return r.Report
	case o.ExitCode == 2:
		why := "it is not blocking"
		if !ev.AIFacing() {
			why = string(ev) + " is infra-only"
		}
		return r.fail(merge.CodeExitStatus, "exited with status 2, the deny convention, but %s so it cannot deny%s", why, stderrSuffix(o.Stderr))
	case o.ExitCode == 127: // the shell's or env's "not found": say python3 where python is missing, as validate does
		return r.fail(merge.CodeExitStatus, "exited with status %d%s%s", o.ExitCode, stderrSuffix(o.Stderr), exec.OtherNameHint(o.Stderr, ""))
	case o.ExitCode != 0:
		return r.fail(merge.CodeExitStatus, "exited with status %d%s", o.ExitCode, stderrSuffix(o.Stderr))
	}
	if f := answerOnStderr(o.Stdout, o.Stderr); f != "" {
		return r.fail(merge.CodeInvalidOutput, "its stdout is empty and its stderr holds a result (field %q): a result goes on stdout, and taken as no opinion the deny it may hold would let the call through", f)
	}
	if o.StderrCut && cutObjectOnStderr(o.Stdout, o.Stderr) {
		return r.fail(merge.CodeInvalidOutput, "its stdout is empty and its stderr's last line is longer than the %d KiB of stderr hookrun keeps, and ends as a JSON object does: it may be a result, and taken as no opinion the deny it may hold would let the call through", len(o.Stderr)>>10)
	}
	return r.answer(ev, h, o.Stdout)
}

// answerOnStderr names the deciding field of a result a handler printed on
// stderr instead of stdout (its whole stderr, or its last line, a JSON
// object with a hook_signals array or an error object, spelt right or not,
// or an agent's block: decision block or deny, a hookSpecificOutput,
// continue false, action block, or any other no foreignBlock reads: allow
// false, a deny set, OPA's result), when its stdout is empty; else "". Empty
// stdout is {}: a guard's deny written to the wrong stream would pass as no
// opinion. A JSON log line ({"level":"error","error":"boom"}) is no result.
func answerOnStderr(stdout, stderr []byte) string {
	if len(bytes.TrimSpace(stdout)) > 0 {
		return ""
	}
	text := bytes.TrimSpace(stderr)
	candidates := [][]byte{text}
	if i := bytes.LastIndexByte(text, '\n'); i >= 0 {
		candidates = append(candidates, bytes.TrimSpace(text[i+1:]))
	}
	for _, c := range candidates {
		var obj map[string]json.RawMessage
		if len(c) == 0 || c[0] != '{' || json.Unmarshal(c, &obj) != nil {
			continue
		}
		for _, k := range sortedKeys(obj) {
			if resultLike(k, obj[k]) {
				return k
			}
		}
		if f, _ := foreignBlock(c, ""); f != "" {
			return f // a policy's no: allow false, a deny set, OPA's result
		}
	}
	return ""
}

// cutObjectOnStderr reports, for a stderr whose start was dropped, whether
// its last line began before what was kept and ends as a JSON object does,
// with stdout empty: answerOnStderr cannot read such a line, which may be
// a result (a deny whose reason echoes a long command line).
func cutObjectOnStderr(stdout, stderr []byte) bool {
	text := bytes.TrimSpace(stderr)
	return len(bytes.TrimSpace(stdout)) == 0 && bytes.IndexByte(text, '\n') < 0 && bytes.HasSuffix(text, []byte("}"))
}

// resultLike reports whether the field k with value v is one of a hook's
// result that may decide: hookrun's signals or error, or an agent's block.
func resultLike(k string, v json.RawMessage) bool {
	f, kind := k, event.JSONKind(v)
	if m := meantField(k); m != "" {
		f = m
	}
	switch f {
	case "hook_signals":
		return kind == "an array"
	case "error", "hookSpecificOutput":
		return kind == "an object"
	case "decision", "action":
		var s string
		return json.Unmarshal(v, &s) == nil && slices.Contains([]string{"block", "deny", "ask"}, strings.ToLower(s))
	case "continue":
		return string(v) == "false"
	}
	return false
}

// foreignBlock names the first field, in key order, of the JSON object out
// (at any depth under result, hookSpecificOutput or decision, dotted after
// within) that says block, deny or ask in an agent's or a policy's words,
// with its value as JSON, or "", "". Such words mean no, whatever hookrun
// makes of the signals beside them.
func foreignBlock(out []byte, within string) (field, value string) {
	var obj map[string]json.RawMessage
	if json.Unmarshal(bytes.TrimSpace(out), &obj) != nil {
		return "", ""
	}
	for _, k := range sortedKeys(obj) {
		v, name := obj[k], within+k
		if slices.ContainsFunc([]string{"result", "hookSpecificOutput", "decision"}, func(f string) bool { return strings.EqualFold(k, f) }) && event.JSONKind(v) == "an object" {
			if f, val := foreignBlock(v, name+"."); f != "" {
				return f, val
			}
			continue
		}
		if saysNo(k, v) {
			return name, capText(string(compactJSON(v)), 80)
		}
	}
	return "", ""
}

// saysNo reports whether field k with value v is an agent's or a policy's
// no: a decision, permissionDecision, behavior or action of block, deny or
// ask; continue, allow or allowed false; a deny or violation that holds
// anything.
func saysNo(k string, v json.RawMessage) bool {
	switch strings.ToLower(k) {
	case "decision", "permissiondecision", "behavior", "action":
		var s string
		return json.Unmarshal(v, &s) == nil && slices.Contains([]string{"block", "deny", "ask"}, strings.ToLower(strings.TrimSpace(s)))
	case "continue", "allow", "allowed":
		return string(compactJSON(v)) == "false"
	case "deny", "violation":
		switch string(compactJSON(v)) {
		case "false", "null", `""`, "[]", "{}", "0":
			return false
		}
		return true
	}
	return false
}

// compactJSON is v without insignificant space, or v when it is not JSON.
func compactJSON(v json.RawMessage) []byte {
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return v
	}
	return b.Bytes()
}

// newReport starts hook h's report; who names the hook and what it ran,
// for error messages.
// Interrupted is the report of a hook a signal to hookrun stopped before
// it answered, one that runs no process (rules).
func Interrupted(h *config.Hook, d time.Duration) merge.Report {
	r := newReport(h, d, "hook "+h.ID)
	return r.fail(merge.CodeInterrupted, "interrupted before it finished")
}

func newReport(h *config.Hook, d time.Duration, who string) *report {
	return &report{Report: merge.Report{Decision: event.Allow, Run: merge.HookRun{
		ID: h.ID, Status: merge.StatusOK, Blocking: h.Blocking, DurationMS: d.Milliseconds(),
	}}, hook: h, who: who}
}

// fail records that the hook failed; a blocking hook whose on_error is
// block then denies.
func (r *report) fail(code, format string, args ...any) merge.Report {
	h := r.hook
	if r.Run.Status == merge.StatusOK {
		r.Run.Status = merge.StatusFailed
	}
	r.Errors = append(r.Errors, merge.HookError{HookID: h.ID, Code: code, Message: r.who + ": " + fmt.Sprintf(format, args...)})
	if h.Blocking && h.OnError == config.OnErrorBlock {
		r.Decision = event.Deny
		id := h.ID
		if r.what != "" {
			id += " (" + r.what + ")"
		}
		r.Reason = fmt.Sprintf("hook %s failed and its on_error is block: %s", id, fmt.Sprintf(format, args...))
	}
	return r.Report
}

// denyAdvice says how the hook's kind of handler denies, for a failure
// that read an answer in another format: a script exits 2, a service
// answers a signal, and an OPA policy's url names the rule that builds the
// HookResult, not its package or a rule that says allow or deny.
func (r *report) denyAdvice() string {
	const signal = "a deny is an ability_guard signal with code ABILITY_DENIED"
	switch {
	case r.hook.Handler.HTTP == nil:
		return signal + ", or exit status 2 with the reason on stderr"
	case r.hook.Handler.HTTP.Response == config.ResponseOPA:
		return signal + " in the HookResult the url's rule builds: end the url with that rule (…/v1/data/PACKAGE/result), not the package or a rule that says allow or deny"
	}
	return signal + " in the HookResult the service answers"
}

// textAdvice says how to write what a script printed that is not one
// JSON object: plain text (the habit of the hook formats that take stdout
// as the model's context) or text after the object; "" otherwise. An http
// hook's service is told how to answer by denyAdvice's callers alone.
func (r *report) textAdvice(ev event.Name, out []byte) string {
	out = bytes.TrimSpace(out)
	if r.hook.Handler.HTTP != nil || len(out) == 0 || out[0] == '[' {
		return ""
	}
	if out[0] == '{' {
		d := json.NewDecoder(bytes.NewReader(out))
		var v json.RawMessage
		if d.Decode(&v) != nil || int(d.InputOffset()) >= len(out) {
			return ""
		}
		return "; print the JSON object alone: text after it belongs on stderr"
	}
	if json.Valid(out) { // a string or a number: "must be a JSON object" says it
		return ""
	}
	advice := "; hookrun reads a handler's stdout as one JSON object, not as text: "
	switch {
	case !ev.AIFacing():
		advice += `print {"logs": ["TEXT"]} to keep text in the result`
	case r.hook.Blocking:
		advice += `print {"additional_context": "TEXT"} to give the model text, or write the reason on stderr and exit 2 to block`
	default:
		advice += `print {"additional_context": "TEXT"} to give the model text`
	}
	return advice + "; diagnostics go to stderr"
}

// answer reads a handler's HookResult, whatever kind of handler gave it.
func (r *report) answer(ev event.Name, h *config.Hook, out []byte) merge.Report {
	res, notes, err := ParseResult(out)
	if err != nil {
		if oe := (*OutputError)(nil); errors.As(err, &oe) && oe.Foreign {
			return r.fail(merge.CodeInvalidOutput, "%v: %s; %s", err, r.denyAdvice(), r.outputStart(out))
		}
		return r.fail(merge.CodeInvalidOutput, "%v; %s%s", err, r.outputStart(out), r.textAdvice(ev, out))
	}
	for _, n := range notes {
		r.warn(h.ID, "%s", n)
	}
	r.Logs = res.Logs
	r.UsageRecorded = res.UsageRecorded
	r.UserMessage = r.capped(h, "user_message", res.UserMessage)
	if res.Error != nil {
		code, msg := res.Error.Code, strings.TrimSpace(res.Error.Message)
		if code == "" {
			code = merge.CodeHandlerError
		}
		if msg == "" {
			msg = "(no message)"
		}
		if n := len(res.Signals); n > 0 {
			r.warn(h.ID, "%d hook_signals ignored: the handler reported an error, so what it says is not acted on", n)
		}
		if res.AdditionalContext != "" {
			r.warn(h.ID, "additional_context ignored: the handler reported an error")
		}
		return r.fail(code, "reported an error: %s", msg)
	}
	if unread := r.takeSignals(ev, h, res.Signals); unread != "" {
		return r.fail(merge.CodeInvalidOutput, "%s, and none of its signals denies or asks for a human: a guard's answer hookrun cannot read must not let the call through; %s", unread, r.outputStart(out))
	}
	if h.Blocking && r.Decision == event.Allow {
		// Beside signals that neither deny nor ask (a routing hint, an
		// allow), an agent's block is a contradiction or a guard author's
		// agent-style deny: either way, not an allow.
		if field, value := foreignBlock(out, ""); field != "" {
			said := "is " + value
			if r.hideOutput {
				said = "says no (its value is not quoted)"
			}
			r.dropUnknown(h.ID, field)
			return r.fail(merge.CodeInvalidOutput, "output field %q %s, and none of its signals denies or asks for a human: hookrun reads none of an agent's or a policy's answers, and taken as no opinion the deny it was meant to be would let the call through; %s; %s", field, said, r.denyAdvice(), r.outputStart(out))
		}
	}
	r.takeContext(ev, h, res.AdditionalContext)
	switch r.Decision {
	case event.Deny:
		r.Run.Status = merge.StatusDenied
	case event.RequireHuman:
		r.Run.Status = merge.StatusRequireHuman
	}
	return r.Report
}

// dropUnknown takes back the warning that called the top-level field of
// field unknown and ignored: the failure that names it says otherwise.
func (r *report) dropUnknown(id, field string) {
	top, _, _ := strings.Cut(field, ".")
	prefix := fmt.Sprintf("unknown output field %q", top)
	r.Warnings = slices.DeleteFunc(r.Warnings, func(w merge.Warning) bool {
		return w.HookID == id && strings.HasPrefix(w.Message, prefix)
	})
}

func (r *report) warn(id, format string, args ...any) {
	r.Warnings = append(r.Warnings, merge.Warning{HookID: id, Message: fmt.Sprintf(format, args...)})
}

// takeSignals applies provenance, the per-event constraints and the
// signal-to-decision table (docs/handlers.md, "Signals and decisions").
// A blocking hook's signal that could be a decision but that hookrun
// cannot act on as written (an unknown kind, a guard's or preflight's kind
// on another event, a code not in the table: "ability_denied", "Ability_Guard",
// "ABILITY_DENIED ") is what unread returns, when none of the hook's other
// signals denies or asks for a human: the deny it was likely meant to be
// must not pass as no opinion. Otherwise such a signal is a warning.
func (r *report) takeSignals(ev event.Name, h *config.Hook, sigs []event.Signal) (unread string) {
	if len(sigs) == 0 {
		return ""
	}
	if !ev.AIFacing() {
		r.warn(h.ID, "%d hook_signals dropped: %s is infra-only and its hooks cannot send AI-facing signals", len(sigs), ev)
		return ""
	}
	var unreadable []string
	drop := func(decision bool, format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		if decision && h.Blocking {
			unreadable = append(unreadable, msg)
			return
		}
		r.warn(h.ID, "%s", msg)
	}
	for i, s := range sigs {
		if s.HookID != "" && s.HookID != h.ID {
			r.warn(h.ID, "hook_signals[%d].hook_id %q replaced by %q: a hook speaks only for itself", i, s.HookID, h.ID)
		}
		if s.SourceEvent != "" && s.SourceEvent != ev {
			r.warn(h.ID, "hook_signals[%d].source_event %q replaced by %q", i, s.SourceEvent, ev)
		}
		s.HookID, s.SourceEvent = h.ID, ev
		allowedOn, known := event.KindEvent(s.Kind)
		switch {
		case !known:
			drop(true, "hook_signals[%d] dropped: unknown kind %q (known: routing_hint, normalized_intent, ability_preflight, ability_guard)", i, s.Kind)
			continue
		case allowedOn != ev:
			drop(allowedOn != event.PromptSubmit, "hook_signals[%d] dropped: kind %s belongs to %s, not %s", i, s.Kind, allowedOn, ev)
			continue
		}
		r.Signals = append(r.Signals, s)
		d, decides := Decide(s)
		if !decides {
			if s.Kind == "ability_guard" || s.Kind == "ability_preflight" {
				drop(true, "hook_signals[%d]: unknown %s code %q decides nothing", i, s.Kind, s.Code)
			}
			continue
		}
		if !h.Blocking {
			if d != event.Allow {
				r.warn(h.ID, "hook_signals[%d]: %s from a non-blocking hook decides nothing (set blocking: true to let it %s)", i, s.Code, verb(d))
			}
			continue
		}
		if d.Rank() > r.Decision.Rank() {
			r.Decision = d
			r.Reason = signalReason(s)
		}
	}
	if len(unreadable) > 0 && r.Decision == event.Allow {
		return unreadable[0]
	}
	for _, msg := range unreadable {
		r.warn(h.ID, "%s", msg)
	}
	return ""
}

// Decide maps a signal to a decision (docs/handlers.md, "Signals and decisions"). decides is false for
// signals that decide nothing: routing hints, intents, unknown codes.
func Decide(s event.Signal) (d event.Decision, decides bool) {
	switch s.Kind + "/" + s.Code {
	case "ability_guard/ABILITY_DENIED":
		if string(payloadField(s.Payload, "require_human")) == "true" {
			return event.RequireHuman, true
		}
		return event.Deny, true
	case "ability_guard/ABILITY_REQUIRES_HUMAN", "ability_preflight/ABILITY_REQUIRES_HUMAN":
		return event.RequireHuman, true
	case "ability_preflight/ABILITY_UNAVAILABLE":
		return event.Deny, true
	case "ability_guard/ABILITY_ALLOWED", "ability_preflight/ABILITY_AVAILABLE":
		return event.Allow, true
	}
	return event.Allow, false
}

func verb(d event.Decision) string {
	if d == event.Deny {
		return "deny"
	}
	return "ask for a human"
}

// signalReason is the payload's reason, else the signal's code.
func signalReason(s event.Signal) string {
	var reason string
	// A reason that shows nothing once cleaned (merge.Clean) is none.
	if json.Unmarshal(payloadField(s.Payload, "reason"), &reason) == nil && !untrusted.Blank(reason) {
		return capText(strings.TrimSpace(reason), MaxReason)
	}
	return fmt.Sprintf("%s from hook %s", s.Code, s.HookID)
}

// payloadField is the value of the payload's field name, spelt exactly so,
// or nil. Go's decoder would also take the field in another case
// ("Require_Human", "REASON", "reaſon" with a long s), the last one
// written winning, where every other reader of the handler's JSON takes
// only the one spelt right.
func payloadField(payload json.RawMessage, name string) json.RawMessage {
	var obj map[string]json.RawMessage
	if json.Unmarshal(payload, &obj) != nil {
		return nil
	}
	return obj[name]
}

func (r *report) takeContext(ev event.Name, h *config.Hook, text string) {
	if text == "" {
		return
	}
	if !ev.AIFacing() {
		r.warn(h.ID, "additional_context dropped: %s is infra-only", ev)
		return
	}
	r.AdditionalContext = r.capped(h, "additional_context", text)
}

// capped is a hook's text for the AI or the person (field) cut to
// MaxAdditionalContext bytes, with a warning when it was longer.
func (r *report) capped(h *config.Hook, field, text string) string {
	if len(text) <= MaxAdditionalContext {
		return text
	}
	r.warn(h.ID, "%s cut from %d to %d bytes", field, len(text), MaxAdditionalContext)
	return capText(text, MaxAdditionalContext)
}

// commandText is the command as the declaration wrote it, for messages.
func commandText(h *config.Hook, o exec.Outcome) string {
	if (h.Handler.HasArgs || h.Handler.Command == "") && len(o.Argv) > 0 {
		return strings.Join(o.Argv, " ")
	}
	return h.Handler.Command
}

func stderrSuffix(stderr []byte) string {
	s := strings.TrimSpace(string(stderr))
	if s == "" {
		return " (no stderr)"
	}
	return "; stderr: " + tailText(s, maxStderrInError)
}

func quoteStart(b []byte) string {
	b = bytes.TrimSpace(b)
	const n = 80
	if len(b) > n {
		return fmt.Sprintf("%q…", capText(string(b), n))
	}
	return fmt.Sprintf("%q", b)
}

// capText cuts s to at most n bytes on a rune boundary.
func capText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	// Back off only to the start of the rune cut in two; bytes that were
	// invalid UTF-8 to begin with are the output's business, not the cut's.
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

// exitTwoReason is the reason of an exit-2 deny: its stderr, trimmed, at
// most MaxReason bytes. A stderr that went on past what hookrun keeps (a
// process the guard left behind writing to it, or a guard that logs a
// lot) gives its start, where a guard writes why, and its end, where one
// that logged first writes it: the start of the tail kept is neither.
func exitTwoReason(o exec.Outcome) string {
	if !o.StderrCut || len(bytes.TrimSpace(o.StderrHead)) == 0 {
		return capText(strings.TrimSpace(string(o.Stderr)), MaxReason)
	}
	end := strings.TrimSpace(string(o.Stderr))
	if len(end) > MaxReason/4 {
		end = end[len(end)-MaxReason/4:]
		if i := strings.IndexByte(end, '\n'); i >= 0 && i < len(end)-1 {
			end = end[i+1:] // from a line's start
		}
		for len(end) > 0 && !utf8.RuneStart(end[0]) {
			end = end[1:]
		}
	}
	head := capText(strings.TrimSpace(string(o.StderrHead)), MaxReason/2)
	return head + "\n[… stderr went on past what hookrun keeps of it; it ended: …]\n" + end
}

// tailText keeps the last n bytes of s on a rune boundary, marking the cut.
func tailText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[len(s)-n:]
	for len(s) > 0 && !utf8.RuneStart(s[0]) {
		s = s[1:]
	}
	return "…" + s
}
