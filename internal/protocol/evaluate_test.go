package protocol

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/envref"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/httpcall"
	"github.com/hookrun/hookrun/internal/merge"
)

func hk(id string, blocking bool, onError string) *config.Hook {
	if onError == "" {
		onError = config.OnErrorSkip
	}
	return &config.Hook{
		ID: id, Enabled: true, Blocking: blocking, OnError: onError,
		Handler: config.Handler{Kind: "script", Command: "./" + id + ".sh", Timeout: 5 * time.Second},
	}
}

func exited(code int, stdout, stderr string) exec.Outcome {
	return exec.Outcome{Exited: true, ExitCode: code, Stdout: []byte(stdout), Stderr: []byte(stderr), Duration: 7 * time.Millisecond}
}

func ok(stdout string) exec.Outcome { return exited(0, stdout, "") }

func code(n int) *int { return &n }

func warnings(r merge.Report) []string {
	var out []string
	for _, w := range r.Warnings {
		out = append(out, w.Message)
	}
	return out
}

func signal(kind, code, payload string) string {
	s := `{"kind":"` + kind + `","code":"` + code + `"`
	if payload != "" {
		s += `,"payload":` + payload
	}
	return s + `}`
}

func signals(sigs ...string) string { return `{"hook_signals":[` + strings.Join(sigs, ",") + `]}` }

// TestDecisionTable covers every row of the signal-to-decision
// table, on the event the kind belongs to, from a blocking hook, and the
// signals that decide nothing.
func TestDecisionTable(t *testing.T) {
	cases := []struct {
		name     string
		ev       event.Name
		stdout   string
		decision event.Decision
		status   string
		reason   string
		warn     []string
	}{
		{"guard denied", event.PreAbilityCall,
			signals(signal("ability_guard", "ABILITY_DENIED", `{"reason":"prod is off limits"}`)),
			event.Deny, merge.StatusDenied, "prod is off limits", nil},
		{"guard denied, require_human true", event.PreAbilityCall,
			signals(signal("ability_guard", "ABILITY_DENIED", `{"reason":"needs a person","require_human":true}`)),
			event.RequireHuman, merge.StatusRequireHuman, "needs a person", nil},
		{"guard denied, require_human false", event.PreAbilityCall,
			signals(signal("ability_guard", "ABILITY_DENIED", `{"reason":"no","require_human":false}`)),
			event.Deny, merge.StatusDenied, "no", nil},
		{"guard denied, require_human not a boolean", event.PreAbilityCall,
			signals(signal("ability_guard", "ABILITY_DENIED", `{"reason":"no","require_human":"yes"}`)),
			event.Deny, merge.StatusDenied, "no", nil},
		{"guard denied, no payload", event.PreAbilityCall,
			signals(signal("ability_guard", "ABILITY_DENIED", "")),
			event.Deny, merge.StatusDenied, "ABILITY_DENIED from hook g", nil},
		{"guard denied, blank reason", event.PreAbilityCall,
			signals(signal("ability_guard", "ABILITY_DENIED", `{"reason":"  "}`)),
			event.Deny, merge.StatusDenied, "ABILITY_DENIED from hook g", nil},
		{"guard requires human", event.PreAbilityCall,
			signals(signal("ability_guard", "ABILITY_REQUIRES_HUMAN", `{"reason":"approve the migration"}`)),
			event.RequireHuman, merge.StatusRequireHuman, "approve the migration", nil},
		{"guard allowed", event.PreAbilityCall,
			signals(signal("ability_guard", "ABILITY_ALLOWED", `{}`)),
			event.Allow, merge.StatusOK, "", nil},
		{"preflight unavailable", event.PreAbilityCreate,
			signals(signal("ability_preflight", "ABILITY_UNAVAILABLE", `{"reason":"not enabled in prod"}`)),
			event.Deny, merge.StatusDenied, "not enabled in prod", nil},
		{"preflight requires human", event.PreAbilityCreate,
			signals(signal("ability_preflight", "ABILITY_REQUIRES_HUMAN", `{"reason":"input needed"}`)),
			event.RequireHuman, merge.StatusRequireHuman, "input needed", nil},
		{"preflight available", event.PreAbilityCreate,
			signals(signal("ability_preflight", "ABILITY_AVAILABLE", `{}`)),
			event.Allow, merge.StatusOK, "", nil},
		{"routing hint decides nothing", event.PromptSubmit,
			signals(signal("routing_hint", "ROUTE_SUGGESTION", `{"suggested_abilities":[]}`)),
			event.Allow, merge.StatusOK, "", nil},
		{"normalized intent decides nothing", event.PromptSubmit,
			signals(signal("normalized_intent", "INTENT", `{"scope":"signup"}`)),
			event.Allow, merge.StatusOK, "", nil},
		{"a routing hint with a deny-like code decides nothing", event.PromptSubmit,
			signals(signal("routing_hint", "ABILITY_DENIED", ``)),
			event.Allow, merge.StatusOK, "", nil},
		{"strongest signal wins, reason from the first at that strength", event.PreAbilityCall,
			signals(
				signal("ability_guard", "ABILITY_ALLOWED", `{}`),
				signal("ability_guard", "ABILITY_REQUIRES_HUMAN", `{"reason":"a"}`),
				signal("ability_guard", "ABILITY_DENIED", `{"reason":"b"}`),
				signal("ability_guard", "ABILITY_DENIED", `{"reason":"c"}`)),
			event.Deny, merge.StatusDenied, "b", nil},
	}
	for _, c := range cases {
		r := Evaluate(c.ev, hk("g", true, ""), ok(c.stdout))
		if r.Decision != c.decision || r.Run.Status != c.status || r.Reason != c.reason {
			t.Errorf("%s: decision %s, status %s, reason %q; want %s, %s, %q", c.name, r.Decision, r.Run.Status, r.Reason, c.decision, c.status, c.reason)
		}
		if !slices.Equal(warnings(r), c.warn) {
			t.Errorf("%s: warnings %q, want %q", c.name, warnings(r), c.warn)
		}
		if len(r.Errors) != 0 {
			t.Errorf("%s: errors %v", c.name, r.Errors)
		}
		var want struct {
			HookSignals []json.RawMessage `json:"hook_signals"`
		}
		_ = json.Unmarshal([]byte(c.stdout), &want)
		if len(r.Signals) != len(want.HookSignals) {
			t.Errorf("%s: %d signals kept, want all %d", c.name, len(r.Signals), len(want.HookSignals))
		}
	}
}

func TestDecide(t *testing.T) {
	cases := []struct {
		kind, code, payload string
		want                event.Decision
		decides             bool
	}{
		{"ability_guard", "ABILITY_DENIED", ``, event.Deny, true},
		{"ability_guard", "ABILITY_DENIED", `{"require_human":true}`, event.RequireHuman, true},
		{"ability_guard", "ABILITY_DENIED", `{"require_human":1}`, event.Deny, true},
		{"ability_guard", "ABILITY_DENIED", `[true]`, event.Deny, true},
		{"ability_guard", "ABILITY_REQUIRES_HUMAN", ``, event.RequireHuman, true},
		{"ability_guard", "ABILITY_ALLOWED", ``, event.Allow, true},
		{"ability_guard", "ABILITY_UNAVAILABLE", ``, event.Allow, false},
		{"ability_guard", "ability_denied", ``, event.Allow, false},
		{"ability_preflight", "ABILITY_UNAVAILABLE", ``, event.Deny, true},
		{"ability_preflight", "ABILITY_REQUIRES_HUMAN", ``, event.RequireHuman, true},
		{"ability_preflight", "ABILITY_AVAILABLE", ``, event.Allow, true},
		{"ability_preflight", "ABILITY_ALLOWED", ``, event.Allow, false},
		{"routing_hint", "ROUTE_SUGGESTION", ``, event.Allow, false},
		{"normalized_intent", "ABILITY_DENIED", ``, event.Allow, false},
	}
	for _, c := range cases {
		s := event.Signal{Kind: c.kind, Code: c.code}
		if c.payload != "" {
			s.Payload = json.RawMessage(c.payload)
		}
		d, decides := Decide(s)
		if d != c.want || decides != c.decides {
			t.Errorf("Decide(%s %s %s) = %s, %v; want %s, %v", c.kind, c.code, c.payload, d, decides, c.want, c.decides)
		}
	}
}

// TestConstraints: signal kinds only on their event; everything AI-facing
// dropped on the infra events; only blocking hooks decide.
func TestConstraints(t *testing.T) {
	guardDeny := signal("ability_guard", "ABILITY_DENIED", `{"reason":"r"}`)
	cases := []struct {
		name     string
		ev       event.Name
		blocking bool
		stdout   string
		decision event.Decision
		kept     int
		warn     []string
	}{
		{"guard on PreAbilityCreate, non-blocking", event.PreAbilityCreate, false, signals(guardDeny), event.Allow, 0,
			[]string{"hook_signals[0] dropped: kind ability_guard belongs to PreAbilityCall, not PreAbilityCreate"}},
		{"guard on PromptSubmit, non-blocking", event.PromptSubmit, false, signals(guardDeny), event.Allow, 0,
			[]string{"hook_signals[0] dropped: kind ability_guard belongs to PreAbilityCall, not PromptSubmit"}},
		{"preflight on PreAbilityCall, beside a deny", event.PreAbilityCall, true, signals(signal("ability_preflight", "ABILITY_UNAVAILABLE", ""), guardDeny), event.Deny, 1,
			[]string{"hook_signals[0] dropped: kind ability_preflight belongs to PreAbilityCreate, not PreAbilityCall"}},
		{"routing hint on PreAbilityCall", event.PreAbilityCall, true, signals(signal("routing_hint", "X", ""), guardDeny), event.Deny, 1,
			[]string{"hook_signals[0] dropped: kind routing_hint belongs to PromptSubmit, not PreAbilityCall"}},
		{"normalized intent on PreAbilityCreate", event.PreAbilityCreate, true, signals(signal("normalized_intent", "X", "")), event.Allow, 0,
			[]string{"hook_signals[0] dropped: kind normalized_intent belongs to PromptSubmit, not PreAbilityCreate"}},
		{"unknown kind, non-blocking", event.PreAbilityCall, false, signals(signal("ability_veto", "ABILITY_DENIED", "")), event.Allow, 0,
			[]string{`hook_signals[0] dropped: unknown kind "ability_veto" (known: routing_hint, normalized_intent, ability_preflight, ability_guard)`}},
		{"signals on PostAbilityCall", event.PostAbilityCall, true, signals(guardDeny, signal("routing_hint", "X", "")), event.Allow, 0,
			[]string{"2 hook_signals dropped: PostAbilityCall is infra-only and its hooks cannot send AI-facing signals"}},
		{"signals on SessionStop", event.SessionStop, false, signals(guardDeny), event.Allow, 0,
			[]string{"1 hook_signals dropped: SessionStop is infra-only and its hooks cannot send AI-facing signals"}},
		{"additional_context on PostAbilityCall", event.PostAbilityCall, false, `{"additional_context":"for the AI"}`, event.Allow, 0,
			[]string{"additional_context dropped: PostAbilityCall is infra-only"}},
		{"additional_context and signals on SessionStop", event.SessionStop, true, `{"additional_context":"x","hook_signals":[` + guardDeny + `]}`, event.Allow, 0,
			[]string{"1 hook_signals dropped: SessionStop is infra-only and its hooks cannot send AI-facing signals", "additional_context dropped: SessionStop is infra-only"}},
		{"non-blocking guard denies nothing, its signal is surfaced", event.PreAbilityCall, false, signals(guardDeny), event.Allow, 1,
			[]string{"hook_signals[0]: ABILITY_DENIED from a non-blocking hook decides nothing (set blocking: true to let it deny)"}},
		{"non-blocking guard asks for no human", event.PreAbilityCall, false, signals(signal("ability_guard", "ABILITY_REQUIRES_HUMAN", "")), event.Allow, 1,
			[]string{"hook_signals[0]: ABILITY_REQUIRES_HUMAN from a non-blocking hook decides nothing (set blocking: true to let it ask for a human)"}},
		{"non-blocking preflight unavailable", event.PreAbilityCreate, false, signals(signal("ability_preflight", "ABILITY_UNAVAILABLE", "")), event.Allow, 1,
			[]string{"hook_signals[0]: ABILITY_UNAVAILABLE from a non-blocking hook decides nothing (set blocking: true to let it deny)"}},
		{"non-blocking allow is quiet", event.PreAbilityCall, false, signals(signal("ability_guard", "ABILITY_ALLOWED", "")), event.Allow, 1, nil},
	}
	for _, c := range cases {
		r := Evaluate(c.ev, hk("g", c.blocking, ""), ok(c.stdout))
		if r.Decision != c.decision || len(r.Signals) != c.kept || r.AdditionalContext != "" && !c.ev.AIFacing() {
			t.Errorf("%s: decision %s with %d signals kept, context %q; want %s with %d", c.name, r.Decision, len(r.Signals), r.AdditionalContext, c.decision, c.kept)
		}
		if !slices.Equal(warnings(r), c.warn) {
			t.Errorf("%s: warnings\n got  %q\n want %q", c.name, warnings(r), c.warn)
		}
		for _, w := range r.Warnings {
			if w.HookID != "g" {
				t.Errorf("%s: warning from %q", c.name, w.HookID)
			}
		}
	}
}

// TestUnreadableSignals: a blocking hook's signal that may be a decision
// hookrun cannot act on as written (a kind or code in the wrong case, with
// a space, unknown, or of another event) fails the hook when nothing else
// it said denies or asks for a human, so on_error decides: a guard's
// misspelt deny must not let the call through as no opinion.
func TestUnreadableSignals(t *testing.T) {
	const because = ", and none of its signals denies or asks for a human: a guard's answer hookrun cannot read must not let the call through"
	cases := []struct {
		name    string
		ev      event.Name
		onError string
		stdout  string
		want    event.Decision
		errMsg  string // "" when the hook does not fail
		warn    []string
	}{
		{"code in lower case", event.PreAbilityCall, config.OnErrorBlock,
			signals(signal("ability_guard", "ability_denied", `{"reason":"no"}`)), event.Deny,
			`hook_signals[0]: unknown ability_guard code "ability_denied" decides nothing` + because, nil},
		{"code with a trailing space", event.PreAbilityCall, config.OnErrorBlock,
			signals(signal("ability_guard", "ABILITY_DENIED ", "")), event.Deny,
			`hook_signals[0]: unknown ability_guard code "ABILITY_DENIED " decides nothing` + because, nil},
		{"unknown guard code", event.PreAbilityCall, config.OnErrorBlock,
			signals(signal("ability_guard", "ABILITY_MAYBE", "")), event.Deny,
			`hook_signals[0]: unknown ability_guard code "ABILITY_MAYBE" decides nothing` + because, nil},
		{"unknown preflight code", event.PreAbilityCreate, config.OnErrorBlock,
			signals(signal("ability_preflight", "ABILITY_DENIED", "")), event.Deny,
			`hook_signals[0]: unknown ability_preflight code "ABILITY_DENIED" decides nothing` + because, nil},
		{"kind in another case", event.PreAbilityCall, config.OnErrorBlock,
			signals(signal("Ability_Guard", "ABILITY_DENIED", "")), event.Deny,
			`hook_signals[0] dropped: unknown kind "Ability_Guard" (known: routing_hint, normalized_intent, ability_preflight, ability_guard)` + because, nil},
		{"a preflight's deny on PreAbilityCall", event.PreAbilityCall, config.OnErrorBlock,
			signals(signal("ability_preflight", "ABILITY_UNAVAILABLE", "")), event.Deny,
			"hook_signals[0] dropped: kind ability_preflight belongs to PreAbilityCreate, not PreAbilityCall" + because, nil},
		{"a guard's deny on PreAbilityCreate", event.PreAbilityCreate, config.OnErrorBlock,
			signals(signal("ability_guard", "ABILITY_DENIED", "")), event.Deny,
			"hook_signals[0] dropped: kind ability_guard belongs to PreAbilityCall, not PreAbilityCreate" + because, nil},
		{"a guard's deny on PromptSubmit", event.PromptSubmit, config.OnErrorBlock,
			signals(signal("ability_guard", "ABILITY_DENIED", "")), event.Deny,
			"hook_signals[0] dropped: kind ability_guard belongs to PreAbilityCall, not PromptSubmit" + because, nil},
		{"beside an allow", event.PreAbilityCall, config.OnErrorBlock,
			signals(signal("ability_guard", "ABILITY_ALLOWED", ""), signal("ability_guard", "Denied", "")), event.Deny,
			`hook_signals[1]: unknown ability_guard code "Denied" decides nothing` + because, nil},
		{"on_error skip lets it through, as any failure", event.PreAbilityCall, config.OnErrorSkip,
			signals(signal("ability_guard", "ability_denied", "")), event.Allow,
			`hook_signals[0]: unknown ability_guard code "ability_denied" decides nothing` + because, nil},
		{"beside a deny it is a warning", event.PreAbilityCall, config.OnErrorSkip,
			signals(signal("ability_guard", "ABILITY_MAYBE", ""), signal("ability_guard", "ABILITY_DENIED", `{"reason":"r"}`)), event.Deny, "",
			[]string{`hook_signals[0]: unknown ability_guard code "ABILITY_MAYBE" decides nothing`}},
		{"beside an ask it is a warning", event.PreAbilityCall, config.OnErrorBlock,
			signals(signal("ability_guard", "ABILITY_REQUIRES_HUMAN", ""), signal("x", "y", "")), event.RequireHuman, "",
			[]string{`hook_signals[1] dropped: unknown kind "x" (known: routing_hint, normalized_intent, ability_preflight, ability_guard)`}},
		{"a routing hint on PreAbilityCall decides nothing either way", event.PreAbilityCall, config.OnErrorBlock,
			signals(signal("routing_hint", "ROUTE", "")), event.Allow, "",
			[]string{"hook_signals[0] dropped: kind routing_hint belongs to PromptSubmit, not PreAbilityCall"}},
	}
	for _, c := range cases {
		r := Evaluate(c.ev, hk("g", true, c.onError), ok(c.stdout))
		checkInvalidOutput(t, c.name, r, c.want, c.stdout, c.errMsg)
		if c.errMsg != "" && c.want == event.Deny && !strings.Contains(r.Reason, c.errMsg) {
			t.Errorf("%s: reason %q does not say why", c.name, r.Reason)
		}
		if !slices.Equal(warnings(r), c.warn) {
			t.Errorf("%s: warnings\n got  %q\n want %q", c.name, warnings(r), c.warn)
		}
	}
}

// checkInvalidOutput checks hook g's report r: decision want, and when
// errMsg is not "" the hook failed (invalid_output) with that message
// about its stdout.
func checkInvalidOutput(t *testing.T, name string, r merge.Report, want event.Decision, stdout, errMsg string) {
	t.Helper()
	if r.Decision != want {
		t.Errorf("%s: decision %s, want %s", name, r.Decision, want)
	}
	var msg string
	if len(r.Errors) > 0 {
		msg = r.Errors[0].Message
		if r.Errors[0].Code != merge.CodeInvalidOutput || r.Run.Status != merge.StatusFailed {
			t.Errorf("%s: error code %s, status %s", name, r.Errors[0].Code, r.Run.Status)
		}
	}
	wantMsg := ""
	if errMsg != "" {
		wantMsg = "hook g: ./g.sh: " + errMsg + "; output began: " + quoteStart([]byte(stdout))
	}
	if msg != wantMsg {
		t.Errorf("%s: error\n got  %q\n want %q", name, msg, wantMsg)
	}
}

// A signal's hook_id and source_event come from the declaring hook; a
// differing value is replaced and warned about.
func TestProvenance(t *testing.T) {
	stdout := `{"hook_signals":[
		{"kind":"ability_guard","code":"ABILITY_ALLOWED"},
		{"kind":"ability_guard","code":"ABILITY_ALLOWED","hook_id":"guard","source_event":"PreAbilityCall"},
		{"kind":"ability_guard","code":"ABILITY_DENIED","hook_id":"someone_else","source_event":"PromptSubmit","payload":{"reason":"r"}},
		{"kind":"ability_guard","code":"ABILITY_ALLOWED","source_event":"NotAnEvent"}]}`
	r := Evaluate(event.PreAbilityCall, hk("guard", true, ""), ok(stdout))
	for i, s := range r.Signals {
		if s.HookID != "guard" || s.SourceEvent != event.PreAbilityCall {
			t.Errorf("signal %d: hook_id %q source_event %q", i, s.HookID, s.SourceEvent)
		}
	}
	want := []string{
		`hook_signals[2].hook_id "someone_else" replaced by "guard": a hook speaks only for itself`,
		`hook_signals[2].source_event "PromptSubmit" replaced by "PreAbilityCall"`,
		`hook_signals[3].source_event "NotAnEvent" replaced by "PreAbilityCall"`,
	}
	if !slices.Equal(warnings(r), want) {
		t.Errorf("warnings\n got  %q\n want %q", warnings(r), want)
	}
	if len(r.Signals) != 4 || r.Decision != event.Deny || r.Reason != "r" {
		t.Errorf("%d signals, decision %s (%q)", len(r.Signals), r.Decision, r.Reason)
	}
}

// TestExitStatusAndFailures covers the exit-code convention and every way
// a hook fails, under each on_error.
func TestExitStatusAndFailures(t *testing.T) {
	type want struct {
		decision event.Decision
		status   string
		reason   string
		errCode  string
		errMsg   string
		exitCode *int
		warn     []string
	}
	longStderr := strings.Repeat("é", MaxReason) // 2 bytes a rune: cut on a rune boundary
	cases := []struct {
		name     string
		ev       event.Name
		blocking bool
		onError  string
		o        exec.Outcome
		want     want
	}{
		{"exit 2, blocking, AI-facing: deny with stderr", event.PreAbilityCall, true, "",
			exited(2, "", "\n  no deploys on Fridays \n"),
			want{event.Deny, merge.StatusDenied, "no deploys on Fridays", "", "", code(2), nil}},
		{"exit 2 on PromptSubmit and PreAbilityCreate too", event.PreAbilityCreate, true, "",
			exited(2, "", "not in prod"),
			want{event.Deny, merge.StatusDenied, "not in prod", "", "", code(2), nil}},
		{"exit 2 without stderr", event.PromptSubmit, true, "",
			exited(2, "", ""),
			want{event.Deny, merge.StatusDenied, "denied by hook h (exit status 2)", "", "", code(2), nil}},
		{"exit 2 with stdout: stdout ignored, with a warning", event.PreAbilityCall, true, "",
			exited(2, signals(signal("ability_guard", "ABILITY_ALLOWED", "")), "stop"),
			want{event.Deny, merge.StatusDenied, "stop", "", "", code(2),
				[]string{"stdout ignored: exit status 2 denies with stderr as the reason; to send signals, exit 0"}}},
		{"exit 2, long stderr capped", event.PreAbilityCall, true, "",
			exited(2, "", longStderr),
			want{event.Deny, merge.StatusDenied, strings.Repeat("é", MaxReason/2), "", "", code(2), nil}},
		{"exit 2, non-blocking: failed, allow", event.PreAbilityCall, false, "",
			exited(2, "", "nope"),
			want{event.Allow, merge.StatusFailed, "", merge.CodeExitStatus,
				"hook h: ./h.sh: exited with status 2, the deny convention, but it is not blocking so it cannot deny; stderr: nope", code(2), nil}},
		{"exit 2, blocking, infra event: failed, allow", event.PostAbilityCall, true, "",
			exited(2, "", ""),
			want{event.Allow, merge.StatusFailed, "", merge.CodeExitStatus,
				"hook h: ./h.sh: exited with status 2, the deny convention, but PostAbilityCall is infra-only so it cannot deny (no stderr)", code(2), nil}},
		{"exit 2, blocking, infra event, on_error block: deny", event.SessionStop, true, config.OnErrorBlock,
			exited(2, "", "build broken"),
			want{event.Deny, merge.StatusFailed,
				"hook h failed and its on_error is block: exited with status 2, the deny convention, but SessionStop is infra-only so it cannot deny; stderr: build broken",
				merge.CodeExitStatus, "hook h: ./h.sh: exited with status 2, the deny convention, but SessionStop is infra-only so it cannot deny; stderr: build broken", code(2), nil}},
		{"exit 1, on_error skip: failed, allow", event.PreAbilityCall, true, config.OnErrorSkip,
			exited(1, "", "traceback"),
			want{event.Allow, merge.StatusFailed, "", merge.CodeExitStatus, "hook h: ./h.sh: exited with status 1; stderr: traceback", code(1), nil}},
		{"exit 1, on_error block: deny", event.PreAbilityCall, true, config.OnErrorBlock,
			exited(1, "", ""),
			want{event.Deny, merge.StatusFailed, "hook h failed and its on_error is block: exited with status 1 (no stderr)",
				merge.CodeExitStatus, "hook h: ./h.sh: exited with status 1 (no stderr)", code(1), nil}},
		{"exit 3 is a failure, not require_human", event.PreAbilityCall, true, "",
			exited(3, "", ""),
			want{event.Allow, merge.StatusFailed, "", merge.CodeExitStatus, "hook h: ./h.sh: exited with status 3 (no stderr)", code(3), nil}},
		{"timeout, skip", event.PreAbilityCall, true, "",
			exec.Outcome{Failure: exec.TimedOut, Signal: syscall.SIGTERM},
			want{event.Allow, merge.StatusTimeout, "", merge.CodeTimeout, "hook h: ./h.sh: timed out after 5s; its process group was ended", nil, nil}},
		{"timeout, block", event.PreAbilityCall, true, config.OnErrorBlock,
			exec.Outcome{Failure: exec.TimedOut, Signal: syscall.SIGKILL},
			want{event.Deny, merge.StatusTimeout, "hook h failed and its on_error is block: timed out after 5s; its process group was ended",
				merge.CodeTimeout, "hook h: ./h.sh: timed out after 5s; its process group was ended", nil, nil}},
		// A handler that exits as it is ended (a trap on TERM that exits 0) did not answer
		// in time: no process of its held its output (that is PipesHeld, not a timeout).
		{"timeout, and an exit as it was ended", event.PostAbilityCall, false, "",
			exec.Outcome{Failure: exec.TimedOut, Exited: true, ExitCode: 0},
			want{event.Allow, merge.StatusTimeout, "", merge.CodeTimeout,
				"hook h: ./h.sh: timed out after 5s; its process group was ended (it exited with status 0 as it was: a status given as it is ended is no answer)", code(0), nil}},
		{"start failed", event.PreAbilityCall, true, "",
			exec.Outcome{Failure: exec.StartFailed, Err: errors.New("./h.sh: no such file")},
			want{event.Allow, merge.StatusFailed, "", merge.CodeStartFailed, "hook h: ./h.sh: ./h.sh: no such file", nil, nil}},
		{"start failed, block", event.PreAbilityCall, true, config.OnErrorBlock,
			exec.Outcome{Failure: exec.StartFailed, Err: errors.New("permission denied")},
			want{event.Deny, merge.StatusFailed, "hook h failed and its on_error is block: permission denied", merge.CodeStartFailed, "hook h: ./h.sh: permission denied", nil, nil}},
		{"killed by a signal", event.PreAbilityCall, true, "",
			exec.Outcome{Signal: syscall.SIGSEGV, Stderr: []byte("segfault")},
			want{event.Allow, merge.StatusFailed, "", merge.CodeSignal, "hook h: ./h.sh: killed by signal SIGSEGV; stderr: segfault", nil, nil}},
		{"output too large", event.PreAbilityCall, true, config.OnErrorBlock,
			exec.Outcome{Failure: exec.OutputTooLarge, Signal: syscall.SIGTERM, StdoutLimit: 1 << 20},
			want{event.Deny, merge.StatusFailed, "hook h failed and its on_error is block: output exceeds 1048576 bytes; its process group was ended",
				merge.CodeOutputTooLarge, "hook h: ./h.sh: output exceeds 1048576 bytes; its process group was ended", nil, nil}},
		{"interrupted", event.PreAbilityCall, true, "",
			exec.Outcome{Failure: exec.Interrupted, Signal: syscall.SIGTERM},
			want{event.Allow, merge.StatusFailed, "", merge.CodeInterrupted, "hook h: ./h.sh: interrupted before it finished; its process group was ended", nil, nil}},
		{"invalid JSON, skip", event.PreAbilityCall, true, "",
			ok("deny please"),
			want{event.Allow, merge.StatusFailed, "", merge.CodeInvalidOutput,
				`hook h: ./h.sh: output is not valid JSON: invalid character 'd' looking for beginning of value (at byte 1); output began: "deny please"; hookrun reads a handler's stdout as one JSON object, not as text: print {"additional_context": "TEXT"} to give the model text, or write the reason on stderr and exit 2 to block; diagnostics go to stderr`, code(0), nil}},
		{"invalid JSON, block", event.PreAbilityCall, true, config.OnErrorBlock,
			ok(`{"hook_signals":[`),
			want{event.Deny, merge.StatusFailed, "hook h failed and its on_error is block: output is not valid JSON: unexpected end of JSON input (at byte 17); output began: \"{\\\"hook_signals\\\":[\"",
				merge.CodeInvalidOutput, "hook h: ./h.sh: output is not valid JSON: unexpected end of JSON input (at byte 17); output began: \"{\\\"hook_signals\\\":[\"", code(0), nil}},
		{"mistyped field", event.PreAbilityCall, true, "",
			ok(`{"logs":"one line"}`),
			want{event.Allow, merge.StatusFailed, "", merge.CodeInvalidOutput,
				`hook h: ./h.sh: output field "logs" must be an array of strings, got a string; output began: "{\"logs\":\"one line\"}"`, code(0), nil}},
		{"long invalid output is quoted in part", event.PostAbilityCall, false, "",
			ok(strings.Repeat("x", 200)),
			want{event.Allow, merge.StatusFailed, "", merge.CodeInvalidOutput,
				`hook h: ./h.sh: output is not valid JSON: invalid character 'x' looking for beginning of value (at byte 1); output began: "` + strings.Repeat("x", 80) + `"…; hookrun reads a handler's stdout as one JSON object, not as text: print {"logs": ["TEXT"]} to keep text in the result; diagnostics go to stderr`, code(0), nil}},
		{"handler reports an error", event.PreAbilityCall, true, "",
			ok(`{"error":{"code":"CONFIG_MISSING","message":"no policy file"},"hook_signals":[` + signal("ability_guard", "ABILITY_DENIED", "") + `],"additional_context":"x"}`),
			want{event.Allow, merge.StatusFailed, "", "CONFIG_MISSING", "hook h: ./h.sh: reported an error: no policy file", code(0),
				[]string{"1 hook_signals ignored: the handler reported an error, so what it says is not acted on", "additional_context ignored: the handler reported an error"}}},
		{"handler reports an error without code or message, block", event.PreAbilityCall, true, config.OnErrorBlock,
			ok(`{"error":{}}`),
			want{event.Deny, merge.StatusFailed, "hook h failed and its on_error is block: reported an error: (no message)", merge.CodeHandlerError,
				"hook h: ./h.sh: reported an error: (no message)", code(0), nil}},
		{"empty output is {}", event.PreAbilityCall, true, config.OnErrorBlock,
			ok(" \n"),
			want{event.Allow, merge.StatusOK, "", "", "", code(0), nil}},
	}
	for _, c := range cases {
		h := hk("h", c.blocking, c.onError)
		r := Evaluate(c.ev, h, c.o)
		w := c.want
		if r.Decision != w.decision || r.Run.Status != w.status || r.Reason != w.reason {
			t.Errorf("%s:\n got  %s %s %q\n want %s %s %q", c.name, r.Decision, r.Run.Status, r.Reason, w.decision, w.status, w.reason)
		}
		var gotCode, gotMsg string
		if len(r.Errors) > 1 {
			t.Errorf("%s: %d errors", c.name, len(r.Errors))
		}
		if len(r.Errors) == 1 {
			gotCode, gotMsg = r.Errors[0].Code, r.Errors[0].Message
			if r.Errors[0].HookID != "h" {
				t.Errorf("%s: error from %q", c.name, r.Errors[0].HookID)
			}
		}
		if gotCode != w.errCode || gotMsg != w.errMsg {
			t.Errorf("%s: error\n got  %s %q\n want %s %q", c.name, gotCode, gotMsg, w.errCode, w.errMsg)
		}
		if !reflect.DeepEqual(r.Run.ExitCode, w.exitCode) {
			t.Errorf("%s: exit_code %v, want %v", c.name, r.Run.ExitCode, w.exitCode)
		}
		if !slices.Equal(warnings(r), w.warn) {
			t.Errorf("%s: warnings\n got  %q\n want %q", c.name, warnings(r), w.warn)
		}
		if r.Run.ID != "h" || r.Run.Blocking != c.blocking {
			t.Errorf("%s: run %+v", c.name, r.Run)
		}
	}
}

// A complete report: every HookResult field reaches the report.
func TestEvaluateComplete(t *testing.T) {
	stdout := `{"logs":["checked 3 files","ok"],"usage_recorded":true,"user_message":"Heads up.",
		"additional_context":"Prefer the staging config.","x_debug":1,
		"hook_signals":[{"kind":"ability_guard","code":"ABILITY_REQUIRES_HUMAN","severity":"warning","payload":{"reason":"review first"},"extra":true}]}`
	got := Evaluate(event.PreAbilityCall, hk("guard", true, ""), ok(stdout))
	want := merge.Report{
		Run:      merge.HookRun{ID: "guard", Status: merge.StatusRequireHuman, Blocking: true, DurationMS: 7, ExitCode: code(0)},
		Decision: event.RequireHuman,
		Reason:   "review first",
		Signals: []event.Signal{{SourceEvent: event.PreAbilityCall, HookID: "guard", Kind: "ability_guard",
			Code: "ABILITY_REQUIRES_HUMAN", Severity: "warning", Payload: json.RawMessage(`{"reason":"review first"}`)}},
		AdditionalContext: "Prefer the staging config.",
		UserMessage:       "Heads up.",
		Logs:              []string{"checked 3 files", "ok"},
		UsageRecorded:     true,
		Warnings: []merge.Warning{
			{HookID: "guard", Message: `unknown output field "x_debug" ignored`},
			{HookID: "guard", Message: `hook_signals[0]: unknown field "extra" ignored`},
		},
	}
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", "  ")
		w, _ := json.MarshalIndent(want, "", "  ")
		t.Errorf("report\n%s\nwant\n%s", g, w)
	}
}

func TestTextCaps(t *testing.T) {
	cases := []struct {
		name string
		text string
		want string
		warn []string
	}{
		{"at the cap", strings.Repeat("a", MaxAdditionalContext), strings.Repeat("a", MaxAdditionalContext), nil},
		{"one over", strings.Repeat("a", MaxAdditionalContext+1), strings.Repeat("a", MaxAdditionalContext),
			[]string{"additional_context cut from 10241 to 10240 bytes"}},
		{"cut on a rune boundary", "a" + strings.Repeat("€", MaxAdditionalContext/3+1), "a" + strings.Repeat("€", (MaxAdditionalContext-1)/3),
			[]string{"additional_context cut from 10243 to 10240 bytes"}},
	}
	// A user_message reaches the person's screen (Claude Code's
	// systemMessage): a megabyte of it is cut as additional_context is.
	for _, field := range []string{"additional_context", "user_message"} {
		for _, c := range cases {
			stdout, _ := json.Marshal(map[string]string{field: c.text})
			r := Evaluate(event.PromptSubmit, hk("ctx", false, ""), ok(string(stdout)))
			got := map[string]string{"additional_context": r.AdditionalContext, "user_message": r.UserMessage}[field]
			if got != c.want {
				t.Errorf("%s %s: kept %d bytes, want %d", field, c.name, len(got), len(c.want))
			}
			var warn []string
			for _, w := range c.warn {
				warn = append(warn, strings.Replace(w, "additional_context", field, 1))
			}
			if !slices.Equal(warnings(r), warn) {
				t.Errorf("%s %s: warnings %q, want %q", field, c.name, warnings(r), warn)
			}
		}
	}
}

// A result printed on stderr, with nothing on stdout, fails the hook: empty
// stdout is {}, and a guard's deny written to the wrong stream would pass.
func TestResultOnStderr(t *testing.T) {
	deny := signals(signal("ability_guard", "ABILITY_DENIED", `{"reason":"no"}`))
	for _, c := range []struct {
		name, stdout, stderr string
		field                string // "" when the hook does not fail
	}{
		{"signals on stderr", "", deny + "\n", "hook_signals"},
		{"after log lines", "\n", "checking...\n" + deny, "hook_signals"},
		{"an error on stderr", "", `{"error":{"code":"E","message":"m"}}`, "error"},
		{"an agent's answer on stderr", "", `{"decision":"block","reason":"no"}`, "decision"},
		{"misspelt signals on stderr", "", `{"hookSignals":[]}`, "hookSignals"},
		{"a log line that is JSON", "", `{"level":"info","msg":"checked"}`, ""},
		{"a JSON log line with an error string and a result", "", `{"level":"error","error":"boom","result":"x","action":"scan","continue":true}`, ""},
		{"an agent's deny on stderr", "", `{"hookSpecificOutput":{"permissionDecision":"deny"}}`, "hookSpecificOutput"},
		{"continue false on stderr", "", `{"continue":false}`, "continue"},
		{"a policy's allow false on stderr", "", `{"allow":false}`, "allow"},
		{"a deny set on stderr", "", `{"deny":["recursive force delete"]}`, "deny"},
		{"OPA's result on stderr", "", `{"result":{"decision":"deny"}}`, "result.decision"},
		{"a JSON log line that says allowed", "", `{"level":"info","allowed":true,"deny":[]}`, ""},
		{"stderr beside a result on stdout", `{}`, deny, ""},
		{"plain text", "", "ok", ""},
	} {
		r := Evaluate(event.PreAbilityCall, hk("g", true, config.OnErrorBlock), exited(0, c.stdout, c.stderr))
		if c.field == "" {
			if len(r.Errors) != 0 || r.Decision != event.Allow {
				t.Errorf("%s: decision %s, errors %v; want allow, no error", c.name, r.Decision, r.Errors)
			}
			continue
		}
		want := `hook g: ./g.sh: its stdout is empty and its stderr holds a result (field "` + c.field + `"): a result goes on stdout, and taken as no opinion the deny it may hold would let the call through`
		if len(r.Errors) != 1 || r.Errors[0].Code != merge.CodeInvalidOutput || r.Errors[0].Message != want || r.Decision != event.Deny {
			t.Errorf("%s: decision %s, errors %v; want deny with %q", c.name, r.Decision, r.Errors, want)
		}
	}
}

// A result on stderr longer than the tail hookrun keeps loses its start: when stdout is empty
// and stderr's last line began before the kept tail and ends as an object does, hookrun cannot
// tell that it held no deny (a guard that echoes a long command in its reason), so the hook
// fails. A cut stderr whose last line is whole, or that does not end in "}", is no result.
func TestResultOnStderrCut(t *testing.T) {
	deny := `{"decision":"block","reason":"` + strings.Repeat("x", 70<<10) + `"}`
	tail := func(s string) []byte { return []byte(s[len(s)-64<<10:]) }
	for _, c := range []struct {
		name   string
		stderr []byte
		fails  bool
	}{
		{"a long answer, its start cut", tail(deny), true},
		{"a long answer with a newline after it, its start cut", tail(deny + "\n"), true},
		{"long logs, the last line whole", tail(strings.Repeat("log line\n", 10<<10) + `{"level":"info"}` + "\n"), false},
		{"long logs ending in text", tail(strings.Repeat("x", 70<<10)), false},
	} {
		o := exited(0, "", "")
		o.Stderr, o.StderrCut = c.stderr, true
		r := Evaluate(event.PreAbilityCall, hk("g", true, config.OnErrorBlock), o)
		want := "hook g: ./g.sh: its stdout is empty and its stderr's last line is longer than the 64 KiB of stderr hookrun keeps, and ends as a JSON object does: it may be a result, and taken as no opinion the deny it may hold would let the call through"
		switch {
		case c.fails && (len(r.Errors) != 1 || r.Errors[0].Message != want || r.Decision != event.Deny):
			t.Errorf("%s: decision %s, errors %v; want deny with %q", c.name, r.Decision, r.Errors, want)
		case !c.fails && (len(r.Errors) != 0 || r.Decision != event.Allow):
			t.Errorf("%s: decision %s, errors %v; want allow", c.name, r.Decision, r.Errors)
		}
	}
}

// TestForeignBlockBesideSignals: a blocking hook whose output says block in
// an agent's or a policy's words (Claude Code's decision, a
// hookSpecificOutput's permissionDecision, continue false, OPA's allow
// false or a deny set) beside signals of hookrun's that neither deny nor
// ask for a human fails, so on_error decides: a guard author who wrote an
// agent-style answer and a routing hint must not get allow. Beside a
// deciding deny, or from a non-blocking hook, or saying allow, it stays an
// unknown field.
func TestForeignBlockBesideSignals(t *testing.T) {
	const because = ", and none of its signals denies or asks for a human: hookrun reads none of an agent's or a policy's answers, and taken as no opinion the deny it was meant to be would let the call through; a deny is an ability_guard signal with code ABILITY_DENIED, or exit status 2 with the reason on stderr"
	hint := signal("routing_hint", "ROUTE", "")
	allowed := signal("ability_guard", "ABILITY_ALLOWED", "")
	cases := []struct {
		name     string
		ev       event.Name
		blocking bool
		stdout   string
		want     event.Decision
		errMsg   string // "" when the hook does not fail
	}{
		{"Claude Code's block beside a routing hint", event.PromptSubmit, true,
			`{"decision":"block","reason":"no","hook_signals":[` + hint + `]}`, event.Deny,
			`output field "decision" is "block"` + because},
		{"the same on PreAbilityCall, the hint dropped", event.PreAbilityCall, true,
			`{"decision":"deny","hook_signals":[` + hint + `]}`, event.Deny,
			`output field "decision" is "deny"` + because},
		{"a permissionDecision inside hookSpecificOutput", event.PreAbilityCall, true,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"},"hook_signals":[` + allowed + `]}`, event.Deny,
			`output field "hookSpecificOutput.permissionDecision" is "ask"` + because},
		{"a PermissionRequest's decision object", event.PreAbilityCall, true,
			`{"hookSpecificOutput":{"decision":{"behavior":"deny"}},"hook_signals":[` + allowed + `]}`, event.Deny,
			`output field "hookSpecificOutput.decision.behavior" is "deny"` + because},
		{"continue false", event.PreAbilityCall, true,
			`{"continue":false,"hook_signals":[` + allowed + `]}`, event.Deny,
			`output field "continue" is false` + because},
		{"OPA's allow false, any case", event.PreAbilityCall, true,
			`{"Allow":false,"hook_signals":[` + allowed + `]}`, event.Deny,
			`output field "Allow" is false` + because},
		{"a deny set with a message", event.PreAbilityCall, true,
			`{"deny":["recursive force delete"],"hook_signals":[` + allowed + `]}`, event.Deny,
			`output field "deny" is ["recursive force delete"]` + because},
		{"OPA's result wrapping a decision", event.PreAbilityCall, true,
			`{"result":{"decision":"BLOCK"},"hook_signals":[` + allowed + `]}`, event.Deny,
			`output field "result.decision" is "BLOCK"` + because},
		{"beside a deny it is only an unknown field", event.PreAbilityCall, true,
			`{"decision":"block","hook_signals":[` + signal("ability_guard", "ABILITY_DENIED", `{"reason":"r"}`) + `]}`, event.Deny, ""},
		{"saying allow is no block", event.PreAbilityCall, true,
			`{"decision":"approve","continue":true,"allow":true,"deny":[],"hook_signals":[` + allowed + `]}`, event.Allow, ""},
		{"a non-blocking hook decides nothing", event.PromptSubmit, false,
			`{"decision":"block","hook_signals":[` + hint + `]}`, event.Allow, ""},
	}
	for _, c := range cases {
		r := Evaluate(c.ev, hk("g", c.blocking, config.OnErrorBlock), ok(c.stdout))
		checkInvalidOutput(t, c.name, r, c.want, c.stdout, c.errMsg)
		// The error names the field; a warning calling it unknown and ignored would say the opposite.
		if named, ok := strings.CutPrefix(c.errMsg, `output field "`); ok {
			top, _, _ := strings.Cut(named, `"`)
			top, _, _ = strings.Cut(top, ".")
			for _, w := range r.Warnings {
				if strings.HasPrefix(w.Message, fmt.Sprintf("unknown output field %q", top)) {
					t.Errorf("%s: warning %q beside the error that names the field", c.name, w.Message)
				}
			}
		}
	}
}

// An http answer to a request that carried a secret is never quoted: the
// value of a field that says no may echo it, \u-escaped past the scrub.
func TestForeignBlockNotQuotedWhenSecret(t *testing.T) {
	h := httpHook(t, "https://policy.example/v1/${TOKEN}")
	body := `{"deny":["token \u0073ecret-value refused"],"hook_signals":[` + signal("ability_guard", "ABILITY_ALLOWED", "") + `]}`
	r := EvaluateCall(event.PreAbilityCall, h, httpcall.Outcome{Status: 200, Body: []byte(body), Secrets: []string{"secret-value"}})
	want := `hook g: POST https://policy.example/v1/${TOKEN}: output field "deny" says no (its value is not quoted), and none of its signals denies or asks for a human: hookrun reads none of an agent's or a policy's answers, and taken as no opinion the deny it was meant to be would let the call through; a deny is an ability_guard signal with code ABILITY_DENIED in the HookResult the service answers; the answer is not quoted: the request carried expanded variables, which it may echo`
	if r.Decision != event.Deny || len(r.Errors) != 1 || r.Errors[0].Message != want {
		t.Errorf("decision %s, errors %v\nwant deny with %q", r.Decision, r.Errors, want)
	}
}

// A deny's reason that shows nothing once cleaned (zero-width spaces,
// an escape sequence's ESC and a line break) gets hookrun's own, naming the
// hook: the person must be told who blocked.
func TestBlankReason(t *testing.T) {
	h := hk("g", true, config.OnErrorBlock)
	for _, tc := range []struct {
		name string
		out  exec.Outcome
		want string
	}{
		{"payload reason of zero-width spaces", ok(signals(signal("ability_guard", "ABILITY_DENIED", `{"reason":"\u200b\u200b"}`))), "ABILITY_DENIED from hook g"},
		{"payload reason of controls", ok(signals(signal("ability_guard", "ABILITY_DENIED", `{"reason":"\u001b\r\n\u202e"}`))), "ABILITY_DENIED from hook g"},
		{"stderr of controls", exited(2, "", "\x1b\r\u200b\n"), "denied by hook g (exit status 2)"},
		{"a visible reason stays", exited(2, "", "\x1b[31mno\x1b[0m"), "\x1b[31mno\x1b[0m"},
	} {
		r := Evaluate(event.PreAbilityCall, h, tc.out)
		if r.Decision != event.Deny || r.Reason != tc.want {
			t.Errorf("%s: %s %q, want deny %q", tc.name, r.Decision, r.Reason, tc.want)
		}
	}
}

// A payload's reason and require_human are read as spelt, as every other
// reader of the handler's JSON reads them: Go's decoder would take
// "Require_Human" or "REASON" (even "reaſon", with a long s) for them, and
// the last one written would win.
func TestPayloadFieldsReadAsSpelt(t *testing.T) {
	h := hk("g", true, config.OnErrorBlock)
	for _, tc := range []struct {
		payload, decision, reason string
	}{
		{`{"require_human":false,"Require_Human":true}`, "deny", "ABILITY_DENIED from hook g"},
		{`{"REQUIRE_HUMAN":true}`, "deny", "ABILITY_DENIED from hook g"},
		{`{"reason":"real","REASON":"fake"}`, "deny", "real"},
		{"{\"reason\":\"real\",\"rea\u017fon\":\"fake\"}", "deny", "real"},
		{`{"require_human":true,"reason":"ask"}`, "require_human", "ask"},
	} {
		r := Evaluate(event.PreAbilityCall, h, ok(signals(signal("ability_guard", "ABILITY_DENIED", tc.payload))))
		if string(r.Decision) != tc.decision || r.Reason != tc.reason {
			t.Errorf("payload %s: %s %q, want %s %q", tc.payload, r.Decision, r.Reason, tc.decision, tc.reason)
		}
	}
}

// An exit-2 deny whose stderr went on past what hookrun keeps (a process
// the guard left behind writing to it) gives as its reason the start of
// stderr, where the guard wrote why, and its end: the start of the tail
// kept would be only that process's noise.
func TestExitTwoReasonPastTheTail(t *testing.T) {
	o := exited(2, "", strings.Repeat("noise\n", 100))
	o.StderrCut, o.StderrHead = true, []byte("no: rm -rf is not allowed here\nnoise\n")
	r := Evaluate(event.PreAbilityCall, hk("g", true, config.OnErrorBlock), o)
	want := "no: rm -rf is not allowed here\nnoise\n[… stderr went on past what hookrun keeps of it; it ended: …]\n" + strings.TrimSpace(strings.Repeat("noise\n", 100))
	if r.Decision != event.Deny || r.Reason != want {
		t.Errorf("%s %q\nwant deny %q", r.Decision, r.Reason, want)
	}
}

// A policy service's 2xx JSON that holds none of a HookResult's fields is
// no answer: a login page's or a proxy's JSON ({"message": "login
// required"}), a health endpoint the url names by mistake ({"status":
// "ok"}). Taken as no opinion, it let every call through.
func TestHTTPAnswerWithNoResultField(t *testing.T) {
	h := httpHook(t, "https://policy.example/v1/check")
	for body, want := range map[string]string{
		`{"message":"login required"}`:  `hook g: POST https://policy.example/v1/check: answered 200 with JSON that holds none of a HookResult's fields (it has "message"): it is not a policy's answer (a proxy's, a login page's, another endpoint's?), and taken as no opinion it would let the call through; a policy service answers a HookResult, at least {}`,
		`{"status":"ok","version":"1"}`: `hook g: POST https://policy.example/v1/check: answered 200 with JSON that holds none of a HookResult's fields (it has "status", "version"): it is not a policy's answer (a proxy's, a login page's, another endpoint's?), and taken as no opinion it would let the call through; a policy service answers a HookResult, at least {}`,
		`{}`:                            "",
		`{"logs":["checked"],"x":1}`:    "",
	} {
		r := EvaluateCall(event.PreAbilityCall, h, httpcall.Outcome{Status: 200, Body: []byte(body)})
		got := ""
		if len(r.Errors) > 0 {
			got = r.Errors[0].Message
		}
		if got != want || (want != "") != (r.Decision == event.Deny) {
			t.Errorf("%s: %s %q\nwant %q", body, r.Decision, got, want)
		}
	}
}

// A blocking http hook that fails denies with a reason that names the url
// it posts to, as written (its variables unexpanded): "the service" alone
// does not tell the person which one to look at.
func TestHTTPFailureReasonNamesTheURL(t *testing.T) {
	h := httpHook(t, "https://policy.example/v1/${TOKEN}")
	r := EvaluateCall(event.PreAbilityCall, h, httpcall.Outcome{Failure: httpcall.TimedOut, Err: errors.New("no answer from the service within 2s"), Secrets: []string{"secret-value"}})
	const want = "hook g (POST https://policy.example/v1/${TOKEN}) failed and its on_error is block: no answer from the service within 2s"
	if r.Decision != event.Deny || r.Reason != want {
		t.Errorf("%s %q, want deny %q", r.Decision, r.Reason, want)
	}
}

// An answer in another format says how the hook's own kind of handler
// denies: a script exits 2; a service answers a signal; an OPA url that
// names the policy's package (or its allow rule) must name the rule that
// builds the HookResult instead. Script advice for a url helps no one.
func TestForeignAnswerAdviceByKind(t *testing.T) {
	const body = `{"allow":false,"deny":["rm -rf is not allowed"]}`
	const field = `output field "allow" is an agent's or OPA's answer, which hookrun does not read: `
	script := Evaluate(event.PreAbilityCall, hk("g", true, config.OnErrorBlock), ok(body))
	service := httpHook(t, "https://policy.example/v1/check")
	opa := httpHook(t, "https://policy.example/v1/data/hookrun")
	opa.Handler.HTTP.Response = config.ResponseOPA
	for _, c := range []struct {
		name string
		r    merge.Report
		want string
	}{
		{"script", script, "a deny is an ability_guard signal with code ABILITY_DENIED, or exit status 2 with the reason on stderr"},
		{"service", EvaluateCall(event.PreAbilityCall, service, httpcall.Outcome{Status: 200, Body: []byte(body)}),
			"a deny is an ability_guard signal with code ABILITY_DENIED in the HookResult the service answers"},
		{"opa", EvaluateCall(event.PreAbilityCall, opa, httpcall.Outcome{Status: 200, Body: []byte(body)}),
			"a deny is an ability_guard signal with code ABILITY_DENIED in the HookResult the url's rule builds: end the url with that rule (…/v1/data/PACKAGE/result), not the package or a rule that says allow or deny"},
	} {
		if c.r.Decision != event.Deny || len(c.r.Errors) != 1 || !strings.Contains(c.r.Errors[0].Message, field+c.want+"; ") {
			t.Errorf("%s: %s %v\nwant deny with %q", c.name, c.r.Decision, c.r.Errors, field+c.want)
		}
	}
}

// httpHook is a blocking http hook g, on_error block, that posts to url.
func httpHook(t *testing.T, url string) *config.Hook {
	t.Helper()
	u, err := envref.Parse(url)
	if err != nil {
		t.Fatal(err)
	}
	h := hk("g", true, config.OnErrorBlock)
	h.Handler.Kind, h.Handler.HTTP = config.KindHTTP, &config.HTTP{URL: u, Response: config.ResponseHookResult}
	return h
}

// No field of an http hook's report holds a value its variables expanded
// to, whichever field of the answer echoes it: a signal's kind and a
// handler error's code are the service's strings as much as a reason is.
func TestHTTPSecretInEveryField(t *testing.T) {
	h := httpHook(t, "https://policy.example/v1/${TOKEN}")
	for _, body := range []string{
		`{"hook_signals":[` + signal("kind-secret-value", "C", "") + `]}`,
		`{"hook_signals":[` + signal("ability_guard", "ABILITY_DENIED", `{"reason":"r"}`) + `,` + signal("x\u0073ecret-value", "C", "") + `]}`,
		`{"error":{"code":"E_secret-value","message":"m"}}`,
		`{"error":{"code":"E_\u0073ecret-value","message":"m"}}`,
	} {
		r := EvaluateCall(event.PreAbilityCall, h, httpcall.Outcome{Status: 200, Body: []byte(body), Secrets: []string{"secret-value"}})
		out, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(out), "secret-value") || strings.Contains(string(out), `\u0073ecret`) {
			t.Errorf("%s: the report holds the secret:\n%s", body, out)
		}
	}
}
