package event

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
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

// FuzzDuplicateKeys checks the single-pass scanner of DuplicateKeys
// against a slow reference built on encoding/json's tokenizer, on every
// valid UTF-8 JSON document (the only input its callers give it); on
// anything else it must not panic.
func FuzzDuplicateKeys(f *testing.F) {
	f.Add([]byte(`{"a":1,"a":2}`), uint8(5))
	f.Add([]byte(`{"a":{"b":[{"c":1,"\u0063":2}]},"s":"{\"a\":1,\"a\":2}","a":[]}`), uint8(5))
	f.Add([]byte(`[{"x":"\\","x":"\""},{"y":{},"y":[]}]`), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, max uint8) {
		n := int(max%8) + 1
		if !utf8.Valid(data) || !json.Valid(data) {
			DuplicateKeys(data, n) // must not panic, whatever it finds
			return
		}
		got, want := DuplicateKeys(data, n), referenceDuplicateKeys(data, n)
		if !slices.Equal(got, want) {
			t.Fatalf("DuplicateKeys(%q, %d) = %q, reference %q", data, n, got, want)
		}
	})
}

func referenceDuplicateKeys(data []byte, max int) []string {
	type frame struct {
		object, wantKey bool
		keys            map[string]bool
		key             string
		index           int
	}
	var stack []*frame
	var dups []string
	path := func(last string) string {
		var parts []string
		for _, f := range stack[:len(stack)-1] {
			if f.object {
				parts = append(parts, "."+f.key)
			} else {
				parts = append(parts, fmt.Sprintf("[%d]", f.index))
			}
		}
		return strings.TrimPrefix(strings.Join(parts, "")+"."+last, ".")
	}
	done := func() {
		if len(stack) > 0 {
			if top := stack[len(stack)-1]; top.object {
				top.wantKey = true
			} else {
				top.index++
			}
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	for len(dups) < max {
		tok, err := dec.Token()
		if err != nil {
			return dups
		}
		if len(stack) > 0 {
			if top := stack[len(stack)-1]; top.object && top.wantKey {
				if tok == json.Delim('}') {
					stack = stack[:len(stack)-1]
					done()
					continue
				}
				k := tok.(string)
				if top.keys[k] {
					dups = append(dups, path(k))
				}
				top.keys[k], top.key, top.wantKey = true, k, false
				continue
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{object: true, wantKey: true, keys: map[string]bool{}})
		case json.Delim('['):
			stack = append(stack, &frame{})
		case json.Delim(']'):
			stack = stack[:len(stack)-1]
			done()
		default:
			done()
		}
	}
	return dups
}
