package merge

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/hookrun/hookrun/internal/event"
)

// plain is Result without its MarshalJSON: encoding/json's own view of it.
type plain Result

func stdJSON(t testing.TB, r Result) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(plain(r)); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

func sample(s string) Result {
	code := 2
	return Result{
		EventType: event.PreAbilityCall, Decision: event.Deny, Reason: s,
		BlockedBy:         []string{"a", s},
		HookSignals:       []event.Signal{{SourceEvent: event.PreAbilityCall, HookID: "a", Kind: "ability_guard", Code: s, Severity: "error", Payload: json.RawMessage(`{ "reason" : "x",  "n": [1, 2] }`)}, {Kind: s}},
		AdditionalContext: []Text{{"a", s}},
		UserMessages:      []Text{},
		Logs:              []string{s, ""},
		UsageRecorded:     true,
		Errors:            []HookError{{"a", "exit_status", s}},
		Warnings:          []Warning{{"", s}},
		Hooks:             []HookRun{{ID: "a", Status: "denied", Blocking: true, DurationMS: 12, ExitCode: &code}, {ID: s}},
	}
}

var awkward = []string{
	"", "plain", `quote " and \ backslash`, "<html> & stuff", "\b\f\n\r\t\x00\x01\x1f\x7f",
	"caf\u00e9 \u2028 \u2029 \U0001F600", "bad \xff\xfe utf8 \xe2\x82", "é", "\xed\xa0\x80",
}

func TestMarshalJSONMatchesEncodingJSON(t *testing.T) {
	cases := []Result{{}, Merge(event.SessionStop, nil), Merge(event.PromptSubmit, nil)}
	for _, s := range awkward {
		cases = append(cases, sample(s))
	}
	for _, r := range cases {
		got, err := r.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		if want := stdJSON(t, r); !bytes.Equal(escapeHidden(nil, got), escapeHidden(nil, want)) {
			t.Errorf("MarshalJSON differs from encoding/json:\n got %s\nwant %s", got, want)
		}
	}
}

func TestMarshalJSONRefusesBadPayload(t *testing.T) {
	r := Result{HookSignals: []event.Signal{{Payload: json.RawMessage(`{"a":`)}}}
	if _, err := r.MarshalJSON(); err == nil {
		t.Fatal("a payload that is not JSON was written")
	}
}

func FuzzMarshalJSON(f *testing.F) {
	for _, s := range awkward {
		f.Add(s, `{"k": "v"}`)
	}
	f.Fuzz(func(t *testing.T, s, payload string) {
		r := sample(s)
		if !json.Valid([]byte(payload)) {
			payload = "null"
		}
		r.HookSignals[0].Payload = json.RawMessage(payload)
		got, err := r.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		if want := stdJSON(t, r); !bytes.Equal(escapeHidden(nil, got), escapeHidden(nil, want)) {
			t.Fatalf("MarshalJSON differs from encoding/json:\n got %s\nwant %s", got, want)
		}
	})
}

// A signal's payload is the hook's JSON, passed on as it wrote it, but
// the characters that steer a terminal or reorder text (C1 controls,
// bidirectional and other format characters) are written as \u escapes:
// the same JSON value, and a person reading emit's output sees them.
func TestPayloadHiddenCharactersEscaped(t *testing.T) {
	r := sample("x")
	r.HookSignals[0].Payload = json.RawMessage("{\"reason\":\"exe.\u202etxt \u009b31m \u200b\U000E0041 caf\u00e9 \U0001F600\",\"ok\":[1]}")
	got, err := r.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	const want = `"payload":{"reason":"exe.\u202etxt \u009b31m \u200b\udb40\udc41 café 😀","ok":[1]}`
	if !bytes.Contains(got, []byte(want)) {
		t.Errorf("got %s\nwant it to hold %s", got, want)
	}
	var back Result
	if err := json.Unmarshal(got, (*plain)(&back)); err != nil || !bytes.Equal(mustCompact(t, back.HookSignals[0].Payload), mustCompact(t, r.HookSignals[0].Payload)) {
		t.Errorf("payload read back %s (%v), want the same value as %s", back.HookSignals[0].Payload, err, r.HookSignals[0].Payload)
	}
}

func mustCompact(t *testing.T, raw json.RawMessage) []byte {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(v)
	return b
}
