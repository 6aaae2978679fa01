package merge

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/ojson"
	"github.com/hookrun/hookrun/internal/untrusted"
)

// SelfEncoding marks the result for ojson.Write: MarshalJSON's bytes are
// written as they are.
func (Result) SelfEncoding() {}

// MarshalJSON writes the result by hand. emit prints one result per
// process, so encoding/json would build its reflection tables for these
// types on every event; writing the fields directly skips that start-up
// cost. The bytes are those encoding/json gives with HTML escaping off,
// but for the characters escapeHidden writes as \u escapes in payloads
// (TestMarshalJSONMatchesEncodingJSON holds the two together).
func (r Result) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 512)
	b = append(b, `{"event_type":`...)
	b = ojson.AppendString(b, string(r.EventType))
	b = append(b, `,"decision":`...)
	b = ojson.AppendString(b, string(r.Decision))
	if r.Reason != "" {
		b = append(b, `,"reason":`...)
		b = ojson.AppendString(b, r.Reason)
	}
	if r.BlockedBy != nil {
		b = append(b, `,"blocked_by":`...)
		b = appendStrings(b, r.BlockedBy)
	}
	if r.HookSignals != nil {
		b = append(b, `,"hook_signals":[`...)
		for i, s := range r.HookSignals {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = appendSignal(b, s); err != nil {
				return nil, err
			}
		}
		b = append(b, ']')
	}
	if r.AdditionalContext != nil {
		b = append(b, `,"additional_context":`...)
		b = appendTexts(b, r.AdditionalContext)
	}
	b = append(b, `,"user_messages":`...)
	b = appendTexts(b, r.UserMessages)
	b = append(b, `,"logs":`...)
	b = appendStrings(b, r.Logs)
	b = append(b, `,"usage_recorded":`...)
	b = strconv.AppendBool(b, r.UsageRecorded)
	b = append(b, `,"errors":`...)
	if r.Errors == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, e := range r.Errors {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"hook_id":`...)
			b = ojson.AppendString(b, e.HookID)
			b = append(b, `,"code":`...)
			b = ojson.AppendString(b, e.Code)
			b = append(b, `,"message":`...)
			b = ojson.AppendString(b, e.Message)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = append(b, `,"warnings":`...)
	if r.Warnings == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, w := range r.Warnings {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"hook_id":`...)
			b = ojson.AppendString(b, w.HookID)
			b = append(b, `,"message":`...)
			b = ojson.AppendString(b, w.Message)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = append(b, `,"hooks":`...)
	if r.Hooks == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, h := range r.Hooks {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"id":`...)
			b = ojson.AppendString(b, h.ID)
			b = append(b, `,"status":`...)
			b = ojson.AppendString(b, h.Status)
			b = append(b, `,"blocking":`...)
			b = strconv.AppendBool(b, h.Blocking)
			b = append(b, `,"duration_ms":`...)
			b = strconv.AppendInt(b, h.DurationMS, 10)
			b = append(b, `,"exit_code":`...)
			if h.ExitCode == nil {
				b = append(b, "null"...)
			} else {
				b = strconv.AppendInt(b, int64(*h.ExitCode), 10)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}'), nil
}

func appendSignal(b []byte, s event.Signal) ([]byte, error) {
	b = append(b, `{"source_event":`...)
	b = ojson.AppendString(b, string(s.SourceEvent))
	b = append(b, `,"hook_id":`...)
	b = ojson.AppendString(b, s.HookID)
	b = append(b, `,"kind":`...)
	b = ojson.AppendString(b, s.Kind)
	b = append(b, `,"code":`...)
	b = ojson.AppendString(b, s.Code)
	if s.Severity != "" {
		b = append(b, `,"severity":`...)
		b = ojson.AppendString(b, s.Severity)
	}
	if len(s.Payload) > 0 {
		b = append(b, `,"payload":`...)
		// As encoding/json does with a RawMessage: compact, and refuse
		// anything that is not JSON.
		var buf bytes.Buffer
		if err := json.Compact(&buf, s.Payload); err != nil {
			return nil, err
		}
		b = escapeHidden(b, buf.Bytes())
	}
	return append(b, '}'), nil
}

// escapeHidden appends the JSON text src to b with every character that
// steers a terminal or reorders or hides text (untrusted.Hidden: C1
// controls, U+2028/9, format characters such as U+202E) written as a \u
// escape: the same JSON value, which a person reading the output sees
// as it is. In JSON text such characters stand only inside strings, where
// the escape means them; C0 controls are escaped there already.
func escapeHidden(b, src []byte) []byte {
	const hex = "0123456789abcdef"
	for i := 0; i < len(src); {
		c := src[i]
		if c < utf8.RuneSelf {
			b = append(b, c)
			i++
			continue
		}
		r, n := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && n == 1 || !untrusted.Hidden(r) {
			b = append(b, src[i:i+n]...)
			i += n
			continue
		}
		units := []rune{r}
		if r > 0xFFFF {
			r1, r2 := utf16.EncodeRune(r)
			units = []rune{r1, r2}
		}
		for _, u := range units {
			b = append(b, '\\', 'u', hex[u>>12&0xF], hex[u>>8&0xF], hex[u>>4&0xF], hex[u&0xF])
		}
		i += n
	}
	return b
}

func appendTexts(b []byte, ts []Text) []byte {
	if ts == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, t := range ts {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"hook_id":`...)
		b = ojson.AppendString(b, t.HookID)
		b = append(b, `,"text":`...)
		b = ojson.AppendString(b, t.Text)
		b = append(b, '}')
	}
	return append(b, ']')
}

func appendStrings(b []byte, ss []string) []byte {
	if ss == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = ojson.AppendString(b, s)
	}
	return append(b, ']')
}
