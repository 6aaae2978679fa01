package merge

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/hookrun/hookrun/internal/event"
)

func encode(t *testing.T, r Result) string {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestMergeNoHooks(t *testing.T) {
	cases := map[event.Name]string{
		event.PromptSubmit:   `{"event_type":"PromptSubmit","decision":"allow","hook_signals":[],"additional_context":[],"user_messages":[],"logs":[],"usage_recorded":false,"errors":[],"warnings":[],"hooks":[]}`,
		event.PreAbilityCall: `{"event_type":"PreAbilityCall","decision":"allow","hook_signals":[],"additional_context":[],"user_messages":[],"logs":[],"usage_recorded":false,"errors":[],"warnings":[],"hooks":[]}`,
		// Infra-only events carry no AI-facing fields at all.
		event.PostAbilityCall: `{"event_type":"PostAbilityCall","decision":"allow","user_messages":[],"logs":[],"usage_recorded":false,"errors":[],"warnings":[],"hooks":[]}`,
		event.SessionStop:     `{"event_type":"SessionStop","decision":"allow","user_messages":[],"logs":[],"usage_recorded":false,"errors":[],"warnings":[],"hooks":[]}`,
	}
	for ev, want := range cases {
		if got := encode(t, Merge(ev, nil)); got != want {
			t.Errorf("%s:\n got  %s\n want %s", ev, got, want)
		}
	}
}

func rep(id string, d event.Decision, reason string) Report {
	status := map[event.Decision]string{event.Allow: StatusOK, event.Deny: StatusDenied, event.RequireHuman: StatusRequireHuman}[d]
	return Report{Run: HookRun{ID: id, Status: status, Blocking: true}, Decision: d, Reason: reason}
}

// Precedence is deny > require_human > allow; the reason is the first
// hook's, in merge order, whose decision is the event's; blocked_by lists
// every such hook.
func TestMergePrecedence(t *testing.T) {
	A, H, D := event.Allow, event.RequireHuman, event.Deny
	cases := []struct {
		name      string
		reports   []Report
		decision  event.Decision
		reason    string
		blockedBy []string
	}{
		{"all allow", []Report{rep("a", A, ""), rep("b", A, "")}, A, "", nil},
		{"one deny", []Report{rep("a", A, ""), rep("b", D, "no"), rep("c", A, "")}, D, "no", []string{"b"}},
		{"one human", []Report{rep("a", H, "ask"), rep("b", A, "")}, H, "ask", []string{"a"}},
		{"deny beats an earlier human", []Report{rep("a", H, "ask"), rep("b", D, "no")}, D, "no", []string{"b"}},
		{"deny beats a later human", []Report{rep("a", D, "no"), rep("b", H, "ask")}, D, "no", []string{"a"}},
		{"two denies: the first's reason, both block", []Report{rep("a", A, ""), rep("b", D, "first"), rep("c", H, "ask"), rep("d", D, "second")}, D, "first", []string{"b", "d"}},
		{"two humans", []Report{rep("a", H, "one"), rep("b", H, "two")}, H, "one", []string{"a", "b"}},
		{"a failed on_error:block hook denies like any other", []Report{
			{Run: HookRun{ID: "broken", Status: StatusFailed, Blocking: true}, Decision: D, Reason: "hook broken failed and its on_error is block: exited with status 1"},
			rep("guard", D, "guard says no")}, D, "hook broken failed and its on_error is block: exited with status 1", []string{"broken", "guard"}},
	}
	for _, c := range cases {
		r := Merge(event.PreAbilityCall, c.reports)
		if r.Decision != c.decision || r.Reason != c.reason || !slices.Equal(r.BlockedBy, c.blockedBy) {
			t.Errorf("%s: %s %q %v; want %s %q %v", c.name, r.Decision, r.Reason, r.BlockedBy, c.decision, c.reason, c.blockedBy)
		}
		if len(r.Hooks) != len(c.reports) {
			t.Errorf("%s: %d hooks", c.name, len(r.Hooks))
		}
	}
}

// Reports are merged in the order given (merge order), whatever their
// durations: the slowest first stays first, in every list.

// Clean leaves nothing in a report that steers a terminal, reorders text
// or hides it, in any text hookrun passes on; the decision stays.
func TestClean(t *testing.T) {
	esc := "\x1b[2J\x1b]0;ok\a\r\u202Edone\u200B"
	const want = "\uFFFD[2J\uFFFD]0;ok\uFFFD\n\uFFFDdone\uFFFD"
	in := Report{
		Run: HookRun{ID: "g", Status: StatusDenied, Blocking: true}, Decision: event.Deny,
		Reason: esc, AdditionalContext: esc, UserMessage: esc, Logs: []string{esc},
		Errors: []HookError{{HookID: "g", Code: "x", Message: esc}}, Warnings: []Warning{{HookID: "g", Message: esc}},
	}
	got := Clean(in)
	texts := []string{got.Reason, got.AdditionalContext, got.UserMessage, got.Logs[0], got.Errors[0].Message, got.Warnings[0].Message}
	for i, s := range texts {
		if s != want {
			t.Errorf("text %d = %q, want %q", i, s, want)
		}
	}
	if got.Decision != event.Deny || in.Logs[0] != esc || in.Errors[0].Message != esc {
		t.Errorf("Clean changed the decision or its input: %+v", in)
	}
}
