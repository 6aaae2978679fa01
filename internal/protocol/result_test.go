package protocol

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hookrun/hookrun/internal/event"
)

func TestParseResultErrors(t *testing.T) {
	cases := []struct {
		name, out, want string
	}{
		{"array", `[]`, `output must be a JSON object, got an array`},
		{"string", `"ok"`, `output must be a JSON object, got a string`},
		{"number", `0`, `output must be a JSON object, got a number`},
		{"boolean", `true`, `output must be a JSON object, got a boolean`},
		{"null", `null`, `output must be a JSON object, got null`},
		{"not JSON", `ok`, `output is not valid JSON: invalid character 'o' looking for beginning of value (at byte 1)`},
		{"truncated", `{"logs":["a"`, `output is not valid JSON: unexpected end of JSON input (at byte 12)`},
		{"trailing object", `{}{}`, `output is not valid JSON: invalid character '{' after top-level value (at byte 3)`},
		{"trailing text", "{}\nDone.", `output is not valid JSON: invalid character 'D' after top-level value (at byte 4)`},
		{"raw NUL", "{\"logs\":[\"a\x00\"]}", `output is not valid JSON: invalid character '\x00' in string literal (at byte 12)`},
		{"too deep", strings.Repeat(`{"a":`, 100000) + strings.Repeat("}", 100000), `output is not valid JSON: invalid character '{' exceeded max depth (at byte 50001)`},
		{"logs not an array", `{"logs":"x"}`, `output field "logs" must be an array of strings, got a string`},
		{"logs item not a string", `{"logs":["a",2]}`, `output field "logs[1]" must be a string, got a number`},
		{"logs item null", `{"logs":["a",null]}`, `output field "logs[1]" must be a string, got null`},
		{"usage_recorded a string", `{"usage_recorded":"true"}`, `output field "usage_recorded" must be true or false, got a string`},
		{"usage_recorded a number", `{"usage_recorded":1}`, `output field "usage_recorded" must be true or false, got a number`},
		{"additional_context an object", `{"additional_context":{"text":"x"}}`, `output field "additional_context" must be a string or an array of strings, got an object`},
		{"user_message an array", `{"user_message":["x"]}`, `output field "user_message" must be a string, got an array`},
		{"error a string", `{"error":"boom"}`, `output field "error" must be an object with string fields code and message, got a string`},
		{"error code a number", `{"error":{"code":1,"message":2}}`, `output field "error.code" must be a string, got a number`},
		{"error message an object", `{"error":{"code":"X","message":{}}}`, `output field "error.message" must be a string, got an object`},
		{"hook_signals an object", `{"hook_signals":{"kind":"ability_guard"}}`, `output field "hook_signals" must be an array of signal objects, got an object`},
		{"signal not an object", `{"hook_signals":[{"kind":"a","code":"b"},"deny"]}`, `hook_signals[1] must be an object, got a string`},
		{"signal null", `{"hook_signals":[null]}`, `hook_signals[0] must be an object, got null`},
		{"signal without kind", `{"hook_signals":[{"code":"ABILITY_DENIED"}]}`, `hook_signals[0]: missing "kind"`},
		{"signal without code", `{"hook_signals":[{"kind":"ability_guard","code":null}]}`, `hook_signals[0]: missing "code"`},
		{"signal with an empty kind", `{"hook_signals":[{"kind":"","code":"X"}]}`, `hook_signals[0].kind must not be empty`},
		{"signal code a number", `{"hook_signals":[{"kind":"ability_guard","code":403}]}`, `hook_signals[0].code must be a string, got a number`},
		{"signal severity a number", `{"hook_signals":[{"kind":"k","code":"c","severity":3}]}`, `hook_signals[0].severity must be a string, got a number`},
		{"signal hook_id mistyped", `{"hook_signals":[{"kind":"k","code":"c","hook_id":["x"]}]}`, `hook_signals[0].hook_id must be a string, got an array`},
		// A handler that pastes the command into its JSON ("reason":"$CMD") can be made to print
		// a second "code" after its deny: the output is ambiguous, and a guard's must not be.
		{"duplicate signal code", `{"hook_signals":[{"kind":"ability_guard","code":"ABILITY_DENIED","payload":{"reason":"x"},"code":"ABILITY_ALLOWED"}]}`,
			`output key "hook_signals[0].code" appears more than once: hookrun cannot tell which one the handler meant`},
		{"duplicate top-level key", `{"usage_recorded":false,"usage_recorded":true}`,
			`output key "usage_recorded" appears more than once: hookrun cannot tell which one the handler meant`},
		// A field beside the same name in another case: hookrun reads the one spelt right, and
		// a guard that pastes text into its JSON can be made to print the other after it.
		{"signal code in two cases", `{"hook_signals":[{"kind":"ability_guard","CODE":"ABILITY_DENIED","code":"ABILITY_ALLOWED"}]}`,
			`output keys "hook_signals[0].CODE" and "hook_signals[0].code" are one field spelt two ways: hookrun reads only "code", and cannot tell which one the handler meant`},
		{"hook_signals in two cases", `{"hook_signals":[{"kind":"ability_guard","code":"ABILITY_ALLOWED"}],"Hook_Signals":[{"kind":"ability_guard","code":"ABILITY_DENIED"}]}`,
			`output keys "Hook_Signals" and "hook_signals" are one field spelt two ways: hookrun reads only "hook_signals", and cannot tell which one the handler meant`},
		{"signals beside hook_signals", `{"hook_signals":[{"kind":"ability_guard","code":"ABILITY_ALLOWED"}],"signals":[{"kind":"ability_guard","code":"ABILITY_DENIED"}]}`,
			`output keys "signals" and "hook_signals" are one field spelt two ways: hookrun reads only "hook_signals", and cannot tell which one the handler meant`},
		{"error code in two cases", `{"error":{"code":"A","Code":"B"}}`,
			`output keys "error.Code" and "error.code" are one field spelt two ways: hookrun reads only "code", and cannot tell which one the handler meant`},
		// An agent's or OPA's answer means a decision hookrun does not read: as no opinion, a deny would pass.
		{"Claude Code's decision", `{"decision":"block","reason":"no"}`, `output field "decision" is an agent's or OPA's answer, which hookrun does not read`},
		{"Claude Code's permissionDecision", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}`, `output field "hookSpecificOutput" is an agent's or OPA's answer, which hookrun does not read`},
		{"continue false", `{"continue":false,"logs":[],"hook_signals":[]}`, `output field "continue" is an agent's or OPA's answer, which hookrun does not read`},
		{"OpenCode's action", `{"action":"block"}`, `output field "action" is an agent's or OPA's answer, which hookrun does not read`},
		{"OPA's result", `{"result":{"hook_signals":[]}}`, `output field "result" is an agent's or OPA's answer, which hookrun does not read`},
		// A policy's own decision rules: an OPA url that names the package instead of its result
		// rule answers {"result":{"allow":false,…}}, which as no opinion would let the call through.
		{"OPA's allow rule", `{"allow":false,"reason":"no rm"}`, `output field "allow" is an agent's or OPA's answer, which hookrun does not read`},
		{"OPA's deny set", `{"deny":["rm -rf is not allowed"]}`, `output field "deny" is an agent's or OPA's answer, which hookrun does not read`},
		{"an admission review's allowed", `{"allowed":false}`, `output field "allowed" is an agent's or OPA's answer, which hookrun does not read`},
		{"another service's Allowed", `{"Allowed":false,"Reason":"no"}`, `output field "Allowed" is an agent's or OPA's answer, which hookrun does not read`},
		{"another service's Decision", `{"Decision":"Deny"}`, `output field "Decision" is an agent's or OPA's answer, which hookrun does not read`},
		{"Gatekeeper's and Conftest's violation", `{"violation":[{"msg":"no"}]}`, `output field "violation" is an agent's or OPA's answer, which hookrun does not read`},
		// A field spelt another way holds a deny or an error hookrun would not read.
		{"hook_signals in another case", `{"Hook_Signals":[{"kind":"ability_guard","code":"ABILITY_DENIED"}]}`, `output field "Hook_Signals" is not "hook_signals": hookrun reads its fields only as spelt, and taken as no opinion the signals or error it holds would let the call through`},
		{"hook_signals in camelCase", `{"hookSignals":[]}`, `output field "hookSignals" is not "hook_signals": hookrun reads its fields only as spelt, and taken as no opinion the signals or error it holds would let the call through`},
		{"signals", `{"signals":[{"kind":"ability_guard","code":"ABILITY_DENIED"}]}`, `output field "signals" is not "hook_signals": hookrun reads its fields only as spelt, and taken as no opinion the signals or error it holds would let the call through`},
		{"Error", `{"Error":{"code":"E","message":"m"}}`, `output field "Error" is not "error": hookrun reads its fields only as spelt, and taken as no opinion the signals or error it holds would let the call through`},
		// Bytes that are not UTF-8 in a key (a guard's hook_signals written in another encoding)
		// leave a field hookrun cannot name, which may be hook_signals.
		{"a key that is not UTF-8", "{\"hook_sig\xffnals\":[{\"kind\":\"ability_guard\",\"code\":\"ABILITY_DENIED\"}]}", "output field \"hook_sig\ufffdnals\" holds U+FFFD (bytes that are not UTF-8, or half a surrogate pair such as \\ud800, read as it): hookrun cannot tell which field it is, and taken as no opinion the signals or error it may hold would let the call through"},
		// Half a surrogate pair, \u-escaped, is valid UTF-8 on the wire and decodes to U+FFFD.
		{"a key with half a surrogate pair", `{"hook_sig\ud800nals":[{"kind":"ability_guard","code":"ABILITY_DENIED"}]}`, "output field \"hook_sig\ufffdnals\" holds U+FFFD (bytes that are not UTF-8, or half a surrogate pair such as \\ud800, read as it): hookrun cannot tell which field it is, and taken as no opinion the signals or error it may hold would let the call through"},
		{"a signal key with half a surrogate pair", `{"hook_signals":[{"kind":"ability_guard","co\udc00de":"ABILITY_DENIED","code":"ABILITY_ALLOWED"}]}`, "output key \"hook_signals[0].co\ufffdde\" holds U+FFFD (bytes that are not UTF-8, or half a surrogate pair such as \\ud800, read as it): hookrun cannot tell which field it is"},
		{"an error key with half a surrogate pair", `{"error":{"co\udc00de":"X"}}`, "output key \"error.co\ufffdde\" holds U+FFFD (bytes that are not UTF-8, or half a surrogate pair such as \\ud800, read as it): hookrun cannot tell which field it is"},
		{"signal source_event mistyped", `{"hook_signals":[{"kind":"k","code":"c","source_event":true}]}`, `hook_signals[0].source_event must be a string, got a boolean`},
	}
	for _, c := range cases {
		r, notes, err := ParseResult([]byte(c.out))
		var oe *OutputError
		if !errors.As(err, &oe) {
			t.Errorf("%s: err %v, want an *OutputError", c.name, err)
			continue
		}
		if err.Error() != c.want {
			t.Errorf("%s:\n got  %s\n want %s", c.name, err, c.want)
		}
		if !reflect.DeepEqual(r, event.HookResult{}) || notes != nil {
			t.Errorf("%s: a failed parse returned %+v, notes %q", c.name, r, notes)
		}
	}
}

func TestParseResult(t *testing.T) {
	cases := []struct {
		name  string
		out   string
		want  event.HookResult
		notes []string
	}{
		{"empty", "", event.HookResult{}, nil},
		{"whitespace", " \n\t ", event.HookResult{}, nil},
		{"empty object", "{}", event.HookResult{}, nil},
		{"nulls are absent", `{"logs":null,"usage_recorded":null,"hook_signals":null,"error":null,"additional_context":null,"user_message":null}`,
			event.HookResult{}, nil},
		{"every field", `{"logs":["a","b"],"usage_recorded":true,"additional_context":"ctx","user_message":"hi",
			"error":{"code":"E","message":"m"},"hook_signals":[{"kind":"k","code":"c","severity":"info","hook_id":"x","source_event":"PromptSubmit","payload":[1]}]}`,
			event.HookResult{Logs: []string{"a", "b"}, UsageRecorded: true, AdditionalContext: "ctx", UserMessage: "hi",
				Error:   &event.HandlerError{Code: "E", Message: "m"},
				Signals: []event.Signal{{Kind: "k", Code: "c", Severity: "info", HookID: "x", SourceEvent: event.PromptSubmit, Payload: json.RawMessage(`[1]`)}}},
			nil},
		{"signal with a null payload keeps it", `{"hook_signals":[{"kind":"k","code":"c","payload":null}]}`,
			event.HookResult{Signals: []event.Signal{{Kind: "k", Code: "c", Payload: json.RawMessage(`null`)}}}, nil},
		{"unknown fields are notes, sorted", `{"zeta":1,"note":"deny","logs":[]}`,
			event.HookResult{Logs: nil},
			[]string{`unknown output field "note" ignored`, `unknown output field "zeta" ignored`}},
		{"an agent's answer beside a signal is a note", `{"decision":"deny","hook_signals":[{"kind":"ability_guard","code":"ABILITY_DENIED"}]}`,
			event.HookResult{Signals: []event.Signal{{Kind: "ability_guard", Code: "ABILITY_DENIED", Payload: null}}},
			[]string{`unknown output field "decision" ignored`}},
		{"unknown signal and error fields", `{"error":{"code":"E","message":"m","details":{}},"hook_signals":[{"kind":"k","code":"c","confidence":0.9}]}`,
			event.HookResult{Error: &event.HandlerError{Code: "E", Message: "m"}, Signals: []event.Signal{{Kind: "k", Code: "c", Payload: null}}},
			[]string{`error: unknown field "details" ignored`, `hook_signals[0]: unknown field "confidence" ignored`}},
		{"severity outside the enum is dropped, the signal kept", `{"hook_signals":[{"kind":"ability_guard","code":"ABILITY_DENIED","severity":"critical"}]}`,
			event.HookResult{Signals: []event.Signal{{Kind: "ability_guard", Code: "ABILITY_DENIED", Payload: null}}},
			[]string{`hook_signals[0].severity "critical" dropped: it must be info, warning or error`}},
		{"invalid UTF-8 is replaced, with a note", "{\"logs\":[\"caf\xe9\"],\"user_message\":\"\xff\"}",
			event.HookResult{Logs: []string{"caf\uFFFD"}, UserMessage: "\uFFFD"},
			[]string{`output is not valid UTF-8 (at byte 14); invalid bytes were replaced with U+FFFD`}},
		{"invalid UTF-8 in a payload is replaced too", "{\"hook_signals\":[{\"kind\":\"k\",\"code\":\"c\",\"payload\":\"\xc3(\"}]}",
			event.HookResult{Signals: []event.Signal{{Kind: "k", Code: "c", Payload: json.RawMessage("\"\uFFFD(\"")}}},
			[]string{`output is not valid UTF-8 (at byte 52); invalid bytes were replaced with U+FFFD`}},
		{"escaped NUL is text", `{"logs":["a\u0000b"]}`, event.HookResult{Logs: []string{"a\x00b"}}, nil},
		{"surrounding whitespace", "\n\n  {\"user_message\":\"x\"}  \n", event.HookResult{UserMessage: "x"}, nil},
	}
	for _, c := range cases {
		r, notes, err := ParseResult([]byte(c.out))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !reflect.DeepEqual(r, c.want) {
			t.Errorf("%s:\n got  %+v\n want %+v", c.name, r, c.want)
		}
		if !slices.Equal(notes, c.notes) {
			t.Errorf("%s: notes\n got  %q\n want %q", c.name, notes, c.notes)
		}
	}
}

func TestParseResultManyDuplicates(t *testing.T) {
	out := "{" + strings.Repeat(`"logs":[],`, 1000) + `"logs":["last"]}`
	_, _, err := ParseResult([]byte(out))
	if err == nil || err.Error() != `output key "logs" appears more than once: hookrun cannot tell which one the handler meant` {
		t.Errorf("err %v, want the first duplicate named", err)
	}
}

// null is the payload of a signal sent without one.
var null = json.RawMessage("null")

// additional_context may be a list of strings, as some agents take it: joined, not lost.
func TestAdditionalContextList(t *testing.T) {
	r, _, err := ParseResult([]byte(`{"additional_context":["one","two"]}`))
	if err != nil || r.AdditionalContext != "one\ntwo" {
		t.Fatalf("got %q, %v; want the lines joined", r.AdditionalContext, err)
	}
}

// TestMeantFieldAsReplacer holds meantField to what it was when each key was
// folded with a strings.Replacer built per call: over misspellings of both
// fields, keys that only look like them, Unicode whose lower case is ASCII
// (the Kelvin sign), invalid UTF-8, and every key of up to three bytes
// written with the letters and separators that matter.
func TestMeantFieldAsReplacer(t *testing.T) {
	old := func(k string) string {
		fold := func(s string) string {
			return strings.NewReplacer("_", "", "-", "", " ", "").Replace(strings.ToLower(s))
		}
		for _, f := range []string{"hook_signals", "error"} {
			if k == f {
				return ""
			}
			if fold(k) == fold(f) || fold(k) == fold(strings.TrimPrefix(f, "hook_")) {
				return f
			}
		}
		return ""
	}
	keys := []string{
		"", "hook_signals", "error", "hookSignals", "HOOK_SIGNALS", "hook-signals", "hook signals",
		"signals", "Signals", "_signals_", "s-i-g-n-a-l-s", "hook_signal", "hooksignals", "hook__signals",
		"Error", "ERROR", "e_r_r_o_r", "err-or", " error ", "errors", "error_", "hook_error",
		"hoo\u212a_signals", "\u212aey", "sign\xffals", "\xff", "error\x00", "hook_signals\u00a0",
		"ÉRROR", "sıgnals", "SİGNALS", "decision", "reason",
	}
	alphabet := []byte("_- erRsS\xff")
	for _, a := range alphabet {
		keys = append(keys, string(a))
		for _, b := range alphabet {
			keys = append(keys, string([]byte{a, b}))
			for _, c := range alphabet {
				keys = append(keys, string([]byte{a, b, c}))
			}
		}
	}
	for _, k := range keys {
		if got, want := meantField(k), old(k); got != want {
			t.Errorf("meantField(%q) = %q, want %q", k, got, want)
		}
	}
}
