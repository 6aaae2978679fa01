package event

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"unicode/utf8"
)

// FuzzParseContext feeds ParseContext arbitrary documents. It must never
// panic; it either refuses with a *ContextError or returns a context whose
// JSON is a valid UTF-8 object with event_type set, and that parses again
// to the same context (what handlers get is what hookrun matched on).
func FuzzParseContext(f *testing.F) {
	for _, doc := range valid {
		f.Add([]byte(doc), uint8(0))
	}
	f.Add([]byte(`{"event_type":"PreAbilityCall","ability_id":"a","caller":{"source":"ai_session"},"x":{"y":[1,{"z":null}]}}`), uint8(0))
	f.Add([]byte(`{"event_type":"SessionStop","session_id":"s","changed_files":["a","b"],"tasks_summary":[{"status":"partial"}]}`), uint8(5))
	f.Add([]byte(`{"ability_id":"a","status":"success","duration_ms":1e308}`), uint8(4))
	f.Add([]byte(`{"session_id":"s","user_raw_input":"<&>"}`), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, pick uint8) {
		var arg Name
		if i := int(pick) % (len(All) + 1); i > 0 {
			arg = All[i-1]
		}
		c, err := ParseContext(data, arg)
		if err != nil {
			var ce *ContextError
			if !errors.As(err, &ce) {
				t.Fatalf("error %T %v, want *ContextError", err, err)
			}
			return
		}
		if arg != "" && c.Event != arg {
			t.Fatalf("event %s, argument %s", c.Event, arg)
		}
		out := c.JSON()
		if !utf8.Valid(out) || !json.Valid(out) {
			t.Fatalf("JSON() is not valid UTF-8 JSON: %q", out)
		}
		// Raw values: unknown fields pass through as sent, numbers too
		// large for a float64 included.
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(out, &obj); err != nil || string(obj["event_type"]) != `"`+string(c.Event)+`"` {
			t.Fatalf("JSON() %s: event_type is not %s (%v)", out, c.Event, err)
		}
		again, err := ParseContext(out, c.Event)
		if err != nil {
			t.Fatalf("JSON() does not parse again: %v\n%s", err, out)
		}
		if string(again.JSON()) != string(out) || again.AbilityID != c.AbilityID || again.SessionID != c.SessionID ||
			again.CallerSource != c.CallerSource || again.HasDuration != c.HasDuration ||
			again.DurationMS != c.DurationMS || !slices.Equal(again.ChangedFiles, c.ChangedFiles) {
			t.Fatalf("parsing JSON() again changed the context:\n%+v\n%+v", *c, *again)
		}
	})
}
