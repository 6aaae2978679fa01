package merge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/hookrun/hookrun/internal/event"
)

// OutputError says what is wrong with a handler's stdout.
type OutputError struct{ Msg string }

func (e *OutputError) Error() string { return e.Msg }

func badOutput(format string, args ...any) error {
	return &OutputError{Msg: fmt.Sprintf(format, args...)}
}

var (
	resultFields = []string{"logs", "usage_recorded", "hook_signals", "error", "additional_context", "user_message"}
	signalFields = []string{"source_event", "hook_id", "kind", "code", "severity", "payload"}
)

// ParseResult parses a handler's stdout as a HookResult. Empty output is
// {}. A field of the wrong type is an error: a guard whose output hookrun
// cannot read must fail, not pass. Fields hookrun does not know are
// returned as notes, never silently dropped.
func ParseResult(data []byte) (r event.HookResult, notes []string, err error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return r, nil, nil
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		if data[0] != '{' {
			if json.Valid(data) {
				return r, nil, badOutput("output must be a JSON object, got %s", event.JSONKind(data))
			}
		}
		return r, nil, badOutput("output is not valid JSON: %s", event.JSONProblem(err))
	}
	if obj == nil {
		return r, nil, badOutput("output must be a JSON object, got null")
	}
	for _, k := range sortedKeys(obj) {
		if !slices.Contains(resultFields, k) {
			notes = append(notes, fmt.Sprintf("unknown output field %q ignored", k))
		}
	}
	field := func(name string, into any, want string) error {
		raw, ok := obj[name]
		if !ok || string(raw) == "null" {
			return nil
		}
		if json.Unmarshal(raw, into) != nil {
			return badOutput("output field %q must be %s, got %s", name, want, event.JSONKind(raw))
		}
		return nil
	}
	var he *event.HandlerError
	var sigs []map[string]json.RawMessage
	for _, f := range []error{
		field("logs", &r.Logs, "an array of strings"),
		field("usage_recorded", &r.UsageRecorded, "true or false"),
		field("additional_context", &r.AdditionalContext, "a string"),
		field("user_message", &r.UserMessage, "a string"),
		field("error", &he, "an object with string fields code and message"),
		field("hook_signals", &sigs, "an array of signal objects"),
	} {
		if f != nil {
			return event.HookResult{}, nil, f
		}
	}
	r.Error = he
	for i, s := range sigs {
		sig, sigNotes, err := parseSignal(i, s)
		if err != nil {
			return event.HookResult{}, nil, err
		}
		notes = append(notes, sigNotes...)
		r.Signals = append(r.Signals, sig)
	}
	return r, notes, nil
}

func parseSignal(i int, obj map[string]json.RawMessage) (event.Signal, []string, error) {
	var s event.Signal
	var notes []string
	where := fmt.Sprintf("hook_signals[%d]", i)
	if obj == nil {
		return s, nil, badOutput("%s must be an object, got null", where)
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
		if json.Unmarshal(raw, into) != nil {
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
		return s, nil, badOutput("%s.severity must be one of info, warning, error; got %q", where, s.Severity)
	}
	s.SourceEvent = event.Name(src)
	if raw, ok := obj["payload"]; ok {
		s.Payload = raw
	}
	return s, notes, nil
}

func sortedKeys(m map[string]json.RawMessage) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
