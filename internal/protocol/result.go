package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/ojson"
)

// OutputError says what is wrong with a handler's stdout. Foreign is set
// when the output is an answer in another format (an agent's, OPA's): the
// caller, which knows the handler's kind, says how that kind denies.
type OutputError struct {
	Msg     string
	Foreign bool
}

func (e *OutputError) Error() string { return e.Msg }

func badOutput(format string, args ...any) error {
	return &OutputError{Msg: fmt.Sprintf(format, args...)}
}

var (
	resultFields = []string{"logs", "usage_recorded", "hook_signals", "error", "additional_context", "user_message"}
	signalFields = []string{"source_event", "hook_id", "kind", "code", "severity", "payload"}
	errorFields  = []string{"code", "message"}
)

// foreignAnswers are the top-level fields with which the agents' hook
// formats and OPA carry a decision: OPA's Data API wraps it in result, and
// a policy's own rules are most often allow, deny or violation (Rego's
// idioms, Gatekeeper's and Conftest's), or an admission review's allowed.
// They come back as the answer when an http hook's url names the policy's
// package instead of its result rule.
var foreignAnswers = []string{"decision", "permissionDecision", "hookSpecificOutput", "continue", "action", "result", "allow", "allowed", "deny", "violation"}

// ParseResult parses a handler's stdout as a HookResult. Empty output is
// {}. A field of the wrong type is an error: a guard whose output hookrun
// cannot read must fail, not pass, and so must a key given twice. What
// hookrun reads differently from what the handler wrote (unknown fields,
// bytes that are not UTF-8, a severity outside the enum) is returned as
// notes, never silently dropped.
func ParseResult(data []byte) (r event.HookResult, notes []string, err error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return r, nil, nil
	}
	if at := ojson.InvalidUTF8(data); at >= 0 {
		// The merged result must be valid JSON whatever a handler printed
		// (a compiler's log in a non-UTF-8 locale, say): keep the text.
		data = bytes.ToValidUTF8(data, []byte("\uFFFD"))
		notes = append(notes, fmt.Sprintf("output is not valid UTF-8 (at byte %d); invalid bytes were replaced with U+FFFD", at+1))
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) {
			return event.HookResult{}, nil, badOutput("output must be a JSON object, got %s", event.JSONKind(data))
		}
		return event.HookResult{}, nil, badOutput("output is not valid JSON: %s", event.JSONProblem(err))
	}
	if obj == nil {
		return event.HookResult{}, nil, badOutput("output must be a JSON object, got null")
	}
	// A key given twice is read one way by hookrun and maybe another by
	// whoever reads the handler's output next; and a handler that pastes
	// the command into its JSON can be made to print a second "code" after
	// its deny. Ambiguous output fails the hook, as an ambiguous context does.
	if dup := ojson.DuplicateKeys(data, 1); len(dup) > 0 {
		return event.HookResult{}, nil, badOutput("output key %q appears more than once: hookrun cannot tell which one the handler meant", dup[0])
	}
	if err := twinKey(obj, resultFields, ""); err != nil {
		return event.HookResult{}, nil, err
	}
	for _, k := range sortedKeys(obj) {
		if !slices.Contains(resultFields, k) {
			notes = append(notes, fmt.Sprintf("unknown output field %q ignored", k))
		}
	}
	present := func(name string) (json.RawMessage, bool) {
		raw, ok := obj[name]
		return raw, ok && string(raw) != "null"
	}
	typed := func(name string, into any, want string) error {
		raw, ok := present(name)
		if !ok {
			return nil
		}
		if !isKind(raw, want) || json.Unmarshal(raw, into) != nil {
			return badOutput("output field %q must be %s, got %s", name, want, event.JSONKind(raw))
		}
		return nil
	}
	var logs, sigs []json.RawMessage
	for _, err := range []error{
		typed("logs", &logs, "an array of strings"),
		typed("usage_recorded", &r.UsageRecorded, "true or false"),
		additionalContext(obj["additional_context"], &r.AdditionalContext),
		typed("user_message", &r.UserMessage, "a string"),
		typed("hook_signals", &sigs, "an array of signal objects"),
	} {
		if err != nil {
			return event.HookResult{}, nil, err
		}
	}
	for i, raw := range logs {
		var s string
		if !isKind(raw, "a string") || json.Unmarshal(raw, &s) != nil {
			return event.HookResult{}, nil, badOutput("output field \"logs[%d]\" must be a string, got %s", i, event.JSONKind(raw))
		}
		r.Logs = append(r.Logs, s)
	}
	if raw, ok := present("error"); ok {
		he, errNotes, err := parseError(raw)
		if err != nil {
			return event.HookResult{}, nil, err
		}
		r.Error = he
		notes = append(notes, errNotes...)
	}
	for i, raw := range sigs {
		sig, sigNotes, err := parseSignal(i, raw)
		if err != nil {
			return event.HookResult{}, nil, err
		}
		notes = append(notes, sigNotes...)
		r.Signals = append(r.Signals, sig)
	}
	// An answer in an agent's own hook format ({"decision": "deny"},
	// hookSpecificOutput.permissionDecision, {"continue": false}, OpenCode's
	// action, OPA's result) and no signal of hookrun's means a decision
	// hookrun does not read: taken as no opinion, the deny it was meant to
	// be would let the call through. Beside signals it is only a note.
	if len(r.Signals) == 0 {
		// In any case: other policy services write Allow or Decision.
		keys := sortedKeys(obj)
		for _, f := range foreignAnswers {
			for _, k := range keys {
				if strings.EqualFold(k, f) {
					return event.HookResult{}, nil, &OutputError{Msg: fmt.Sprintf("output field %q is an agent's or OPA's answer, which hookrun does not read", k), Foreign: true}
				}
			}
		}
		// A field spelt another way ("Hook_Signals", "hookSignals",
		// "signals", "Error") is one hookrun does not read either: its deny
		// or error would pass as no opinion.
		for _, k := range sortedKeys(obj) {
			if f := meantField(k); f != "" {
				return event.HookResult{}, nil, badOutput("output field %q is not %q: hookrun reads its fields only as spelt, and taken as no opinion the signals or error it holds would let the call through", k, f)
			}
			// A key written in another encoding, or with half a surrogate
			// pair, is no name hookrun can compare: it may be either of them.
			if strings.ContainsRune(k, utf8.RuneError) {
				return event.HookResult{}, nil, badOutput("output field %q %s, and taken as no opinion the signals or error it may hold would let the call through", k, unreadableKey)
			}
		}
	}
	return r, notes, nil
}

// meantField is the deciding result field (hook_signals, error) an
// unknown output field k is a misspelling of (another case, camelCase,
// dashes, no hook_ prefix), or "". The other fields decide nothing: a
// misspelt one stays an unknown field.
func meantField(k string) string {
	switch k {
	case "hook_signals", "error":
		return ""
	}
	switch foldField(k) {
	case "hooksignals", "signals":
		return "hook_signals"
	case "error":
		return "error"
	}
	return ""
}

// foldField is a key in lower case without its underscores, dashes and
// spaces, for meantField. Every key of every handler's output is folded,
// so it is a loop over bytes: a strings.Replacer built per call allocated
// a 6 KB table each time, several times per key.
func foldField(k string) string {
	k = strings.ToLower(k)
	if !strings.ContainsAny(k, "_- ") {
		return k
	}
	b := make([]byte, 0, len(k))
	for i := 0; i < len(k); i++ {
		if c := k[i]; c != '_' && c != '-' && c != ' ' {
			b = append(b, c)
		}
	}
	return string(b)
}

// isKind reports whether raw is the JSON type a want message names, so
// that null inside an array, or a number where a string belongs, is not
// quietly read as a zero value.
func isKind(raw json.RawMessage, want string) bool {
	k := event.JSONKind(raw)
	switch {
	case strings.HasPrefix(want, "an array"):
		return k == "an array"
	case strings.HasPrefix(want, "an object"):
		return k == "an object"
	case want == "a string":
		return k == "a string"
	case want == "true or false":
		return k == "a boolean"
	}
	return false
}

func parseError(raw json.RawMessage) (*event.HandlerError, []string, error) {
	const want = "an object with string fields code and message"
	var obj map[string]json.RawMessage
	if !isKind(raw, "an object") || json.Unmarshal(raw, &obj) != nil {
		return nil, nil, badOutput("output field \"error\" must be %s, got %s", want, event.JSONKind(raw))
	}
	if err := twinKey(obj, errorFields, "error."); err != nil {
		return nil, nil, err
	}
	if err := keysReadable(obj, "error."); err != nil {
		return nil, nil, err
	}
	var notes []string
	for _, k := range sortedKeys(obj) {
		if !slices.Contains(errorFields, k) {
			notes = append(notes, fmt.Sprintf("error: unknown field %q ignored", k))
		}
	}
	var he event.HandlerError
	for _, f := range []struct {
		name string
		into *string
	}{{"code", &he.Code}, {"message", &he.Message}} {
		name, into := f.name, f.into
		v, ok := obj[name]
		if !ok || string(v) == "null" {
			continue
		}
		if !isKind(v, "a string") || json.Unmarshal(v, into) != nil {
			return nil, nil, badOutput("output field \"error.%s\" must be a string, got %s", name, event.JSONKind(v))
		}
	}
	return &he, notes, nil
}

func parseSignal(i int, raw json.RawMessage) (event.Signal, []string, error) {
	var s event.Signal
	var notes []string
	where := fmt.Sprintf("hook_signals[%d]", i)
	var obj map[string]json.RawMessage
	if !isKind(raw, "an object") || json.Unmarshal(raw, &obj) != nil {
		return s, nil, badOutput("%s must be an object, got %s", where, event.JSONKind(raw))
	}
	if err := twinKey(obj, signalFields, where+"."); err != nil {
		return s, nil, err
	}
	if err := keysReadable(obj, where+"."); err != nil {
		return s, nil, err
	}
	for _, k := range sortedKeys(obj) {
		if !slices.Contains(signalFields, k) {
			notes = append(notes, fmt.Sprintf("%s: unknown field %q ignored", where, k))
		}
	}
	str := func(name string, into *string, required bool) error {
		raw, ok := obj[name]
		if !ok || string(raw) == "null" {
			if required {
				return badOutput("%s: missing %q", where, name)
			}
			return nil
		}
		if !isKind(raw, "a string") || json.Unmarshal(raw, into) != nil {
			return badOutput("%s.%s must be a string, got %s", where, name, event.JSONKind(raw))
		}
		if required && *into == "" {
			return badOutput("%s.%s must not be empty", where, name)
		}
		return nil
	}
	var src string
	for _, err := range []error{
		str("kind", &s.Kind, true),
		str("code", &s.Code, true),
		str("severity", &s.Severity, false),
		str("hook_id", &s.HookID, false),
		str("source_event", &src, false),
	} {
		if err != nil {
			return s, nil, err
		}
	}
	if s.Severity != "" && !slices.Contains(event.Severities, s.Severity) {
		// A guard's deny must not be lost over a label: keep the signal.
		notes = append(notes, fmt.Sprintf("%s.severity %q dropped: it must be info, warning or error", where, s.Severity))
		s.Severity = ""
	}
	s.SourceEvent = event.Name(src)
	// Every signal has a payload (the specification's HookSignal requires
	// one); a handler that sent none gets null, so consumers can rely on it.
	s.Payload = json.RawMessage("null")
	if raw, ok := obj["payload"]; ok {
		s.Payload = raw
	}
	return s, notes, nil
}

// unreadableKey says why a key holding U+FFFD fails a hook's output.
const unreadableKey = "holds U+FFFD (bytes that are not UTF-8, or half a surrogate pair such as \\ud800, read as it): hookrun cannot tell which field it is"

// keysReadable fails a signal or error object (at where) with a key that
// holds U+FFFD: it may be any of the fields, the one that decides among
// them. (A top-level one fails only without a signal: ParseResult.)
func keysReadable(obj map[string]json.RawMessage, where string) error {
	for _, k := range sortedKeys(obj) {
		if strings.ContainsRune(k, utf8.RuneError) {
			return badOutput("output key %q %s", where+k, unreadableKey)
		}
	}
	return nil
}

// twinKey fails an object (at where) that holds one of fields and the
// same name in another case ("code" and "CODE") or spelt another way
// (meantField: "hookSignals", "signals"): hookrun reads only the one spelt
// right, but which one the handler meant cannot be told, and a
// handler that pastes text into its JSON can be made to print the other
// after its deny. A name in another case alone is an unknown field.
func twinKey(obj map[string]json.RawMessage, fields []string, where string) error {
	for _, k := range sortedKeys(obj) {
		for _, f := range fields {
			if _, both := obj[f]; both && k != f && (strings.EqualFold(k, f) || meantField(k) == f) {
				return badOutput("output keys %q and %q are one field spelt two ways: hookrun reads only %q, and cannot tell which one the handler meant", where+k, where+f, f)
			}
		}
	}
	return nil
}

func sortedKeys(m map[string]json.RawMessage) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// additionalContext reads additional_context: a string, or a list of
// strings joined by newlines (handlers written for agents that take one).
func additionalContext(raw json.RawMessage, into *string) error {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	if isKind(raw, "a string") && json.Unmarshal(raw, into) == nil {
		return nil
	}
	var list []string
	if isKind(raw, "an array of strings") && json.Unmarshal(raw, &list) == nil {
		*into = strings.Join(list, "\n")
		return nil
	}
	return badOutput("output field \"additional_context\" must be a string or an array of strings, got %s", event.JSONKind(raw))
}
