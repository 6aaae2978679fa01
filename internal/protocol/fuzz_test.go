package protocol

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/merge"
)

// FuzzParseResult feeds arbitrary handler output through ParseResult,
// Evaluate and merge.Merge on every event. Nothing may panic; a refusal is an
// *OutputError; an accepted result has signals with a kind and a code and
// a severity from the enum; and the merged result is always valid UTF-8
// JSON, the same on every run.
func FuzzParseResult(f *testing.F) {
	f.Add([]byte(`{"logs":["a"],"usage_recorded":true,"user_message":"m","additional_context":"c"}`))
	f.Add([]byte(`{"hook_signals":[{"kind":"ability_guard","code":"ABILITY_DENIED","severity":"error","payload":{"reason":"r","require_human":true}}]}`))
	f.Add([]byte(`{"hook_signals":[{"kind":"ability_preflight","code":"ABILITY_UNAVAILABLE","hook_id":"x","source_event":"PromptSubmit"}]}`))
	f.Add([]byte(`{"hook_signals":[{"kind":"routing_hint","code":"ROUTE","payload":{"suggested_abilities":[{"id":"a","confidence":0.9}]}}]}`))
	f.Add([]byte(`{"error":{"code":"E","message":"m"},"logs":["x"]}`))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, notes, err := ParseResult(data)
		if err != nil {
			var oe *OutputError
			if !errors.As(err, &oe) {
				t.Fatalf("error %T %v, want *OutputError", err, err)
			}
			if notes != nil {
				t.Fatalf("notes with an error: %q", notes)
			}
		}
		for _, s := range r.Signals {
			if s.Kind == "" || s.Code == "" || s.Severity != "" && !slices.Contains(event.Severities, s.Severity) {
				t.Fatalf("accepted signal %+v", s)
			}
		}
		for _, ev := range event.All {
			for _, blocking := range []bool{true, false} {
				rep := Evaluate(ev, hk("h", blocking, ""), ok(string(data)))
				// A blocking hook on an AI-facing event also fails on a
				// signal that may be a decision it cannot act on.
				failed, parseFailed := rep.Run.Status == merge.StatusFailed, err != nil || r.Error != nil
				if parseFailed && !failed || failed && !parseFailed && !(blocking && ev.AIFacing() && len(r.Signals) > 0) {
					t.Fatalf("%s: parse error %v but status %s", ev, err, rep.Run.Status)
				}
				if !blocking && rep.Decision != event.Allow {
					t.Fatalf("%s: a non-blocking hook decided %s", ev, rep.Decision)
				}
				if !ev.AIFacing() && (len(rep.Signals) > 0 || rep.AdditionalContext != "" || rep.Decision != event.Allow) {
					t.Fatalf("%s: infra event kept AI-facing output: %+v", ev, rep)
				}
				out, merr := json.Marshal(merge.Merge(ev, []merge.Report{rep, rep}))
				if merr != nil || !utf8.Valid(out) || !json.Valid(out) {
					t.Fatalf("%s: merged result is not valid UTF-8 JSON (%v): %q", ev, merr, out)
				}
				again, _ := json.Marshal(merge.Merge(ev, []merge.Report{rep, rep}))
				if string(again) != string(out) {
					t.Fatalf("%s: two merges differ", ev)
				}
			}
		}
	})
}
