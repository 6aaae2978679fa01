package protocol

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/merge"
)

func encode(t *testing.T, r merge.Result) string {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestMergeOrder(t *testing.T) {
	mk := func(id string, took time.Duration, blocking bool) merge.Report {
		stdout := `{"logs":["` + id + ` log"],"user_message":"` + id + ` says hi","additional_context":"` + id + ` context",
			"hook_signals":[{"kind":"routing_hint","code":"` + strings.ToUpper(id) + `","payload":{"from":"` + id + `"}}],"surprise":1}`
		o := exec.Outcome{Exited: true, Stdout: []byte(stdout), Duration: took}
		return Evaluate(event.PromptSubmit, hk(id, blocking, ""), o)
	}
	failed := Evaluate(event.PromptSubmit, hk("c_fails", false, ""), exec.Outcome{Exited: true, ExitCode: 1, Stderr: []byte("oops"), Duration: 5 * time.Millisecond})
	reports := []merge.Report{mk("a_slow", 900*time.Millisecond, true), mk("b_mid", 300*time.Millisecond, false), failed, mk("d_fast", time.Millisecond, true)}
	want := `{"event_type":"PromptSubmit","decision":"allow",` +
		`"hook_signals":[` +
		`{"source_event":"PromptSubmit","hook_id":"a_slow","kind":"routing_hint","code":"A_SLOW","payload":{"from":"a_slow"}},` +
		`{"source_event":"PromptSubmit","hook_id":"b_mid","kind":"routing_hint","code":"B_MID","payload":{"from":"b_mid"}},` +
		`{"source_event":"PromptSubmit","hook_id":"d_fast","kind":"routing_hint","code":"D_FAST","payload":{"from":"d_fast"}}],` +
		`"additional_context":[{"hook_id":"a_slow","text":"a_slow context"},{"hook_id":"b_mid","text":"b_mid context"},{"hook_id":"d_fast","text":"d_fast context"}],` +
		`"user_messages":[{"hook_id":"a_slow","text":"a_slow says hi"},{"hook_id":"b_mid","text":"b_mid says hi"},{"hook_id":"d_fast","text":"d_fast says hi"}],` +
		`"logs":["a_slow log","b_mid log","d_fast log"],"usage_recorded":false,` +
		`"errors":[{"hook_id":"c_fails","code":"exit_status","message":"hook c_fails: ./c_fails.sh: exited with status 1; stderr: oops"}],` +
		`"warnings":[{"hook_id":"a_slow","message":"unknown output field \"surprise\" ignored"},{"hook_id":"b_mid","message":"unknown output field \"surprise\" ignored"},{"hook_id":"d_fast","message":"unknown output field \"surprise\" ignored"}],` +
		`"hooks":[{"id":"a_slow","status":"ok","blocking":true,"duration_ms":900,"exit_code":0},{"id":"b_mid","status":"ok","blocking":false,"duration_ms":300,"exit_code":0},` +
		`{"id":"c_fails","status":"failed","blocking":false,"duration_ms":5,"exit_code":1},{"id":"d_fast","status":"ok","blocking":true,"duration_ms":1,"exit_code":0}]}`
	if got := encode(t, merge.Merge(event.PromptSubmit, reports)); got != want {
		t.Errorf("merged\n got  %s\n want %s", got, want)
	}

	// The same hooks with other durations give the same bytes apart from duration_ms.
	for i := range reports {
		reports[i].Run.DurationMS = int64(1000 - i)
	}
	again := encode(t, merge.Merge(event.PromptSubmit, reports))
	for _, d := range []string{"900", "300", "5", "1"} {
		want = strings.Replace(want, `"duration_ms":`+d+",", `"duration_ms":X,`, 1)
	}
	for _, d := range []string{"1000", "999", "998", "997"} {
		again = strings.Replace(again, `"duration_ms":`+d+",", `"duration_ms":X,`, 1)
	}
	if again != want {
		t.Errorf("durations changed more than durations:\n%s\n%s", again, want)
	}
}

func TestMergeInfraEvent(t *testing.T) {
	a := Evaluate(event.SessionStop, hk("build", false, ""), ok(`{"logs":["build ok"],"usage_recorded":true,"user_message":"3 packages built","additional_context":"x"}`))
	b := Evaluate(event.SessionStop, hk("summary", false, ""), ok(`{"usage_recorded":false,"hook_signals":[{"kind":"routing_hint","code":"X"}]}`))
	got := encode(t, merge.Merge(event.SessionStop, []merge.Report{a, b}))
	want := `{"event_type":"SessionStop","decision":"allow","user_messages":[{"hook_id":"build","text":"3 packages built"}],"logs":["build ok"],"usage_recorded":true,"errors":[],` +
		`"warnings":[{"hook_id":"build","message":"additional_context dropped: SessionStop is infra-only"},{"hook_id":"summary","message":"1 hook_signals dropped: SessionStop is infra-only and its hooks cannot send AI-facing signals"}],` +
		`"hooks":[{"id":"build","status":"ok","blocking":false,"duration_ms":7,"exit_code":0},{"id":"summary","status":"ok","blocking":false,"duration_ms":7,"exit_code":0}]}`
	if got != want {
		t.Errorf("merged\n got  %s\n want %s", got, want)
	}
}

// Exit status 2 from blocking, non-blocking and infra hooks, merged.
func TestMergeExitTwo(t *testing.T) {
	guard := Evaluate(event.PreAbilityCall, hk("guard", true, ""), exited(2, "", "no prod deploys"))
	advisor := Evaluate(event.PreAbilityCall, hk("advisor", false, ""), exited(2, "", "I would not"))
	r := merge.Merge(event.PreAbilityCall, []merge.Report{advisor, guard})
	if r.Decision != event.Deny || r.Reason != "no prod deploys" || !slices.Equal(r.BlockedBy, []string{"guard"}) {
		t.Errorf("got %s %q %v", r.Decision, r.Reason, r.BlockedBy)
	}
	if len(r.Errors) != 1 || r.Errors[0].HookID != "advisor" || r.Hooks[0].Status != merge.StatusFailed || r.Hooks[1].Status != merge.StatusDenied {
		t.Errorf("errors %v hooks %v", r.Errors, r.Hooks)
	}
	tracker := Evaluate(event.PostAbilityCall, hk("tracker", true, ""), exited(2, "", "slow"))
	r = merge.Merge(event.PostAbilityCall, []merge.Report{tracker})
	if r.Decision != event.Allow || len(r.Errors) != 1 || r.Hooks[0].Status != merge.StatusFailed {
		t.Errorf("infra exit 2: %s, errors %v, hooks %v", r.Decision, r.Errors, r.Hooks)
	}
}

func TestCapTextCutsOnlyTheLastRune(t *testing.T) {
	long := "ab\xffcd" + strings.Repeat("x", 5000)
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{long, 10, "ab\xffcdxxxxx"},                       // an early bad byte does not shorten the cut
		{"\xff" + strings.Repeat("y", 20), 5, "\xffyyyy"}, // nor does a bad first byte empty it
		{"aé", 2, "a"},                                    // a rune is never split
		{"aaé", 3, "aa"},
		{"aaéb", 4, "aaé"},
	} {
		if got := capText(tc.in, tc.n); got != tc.want {
			t.Errorf("capText(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}
