package config

import (
	"slices"
	"testing"

	"github.com/hookrun/hookrun/internal/event"
)

func TestMatchSummary(t *testing.T) {
	hundred, zero := int64(100), int64(0)
	tests := []struct {
		m    Match
		want string
	}{
		{Match{}, "always"},
		{Match{AbilityScope: []string{"edit_file"}}, "ability=edit_file"},
		{Match{AbilityScope: []string{"deploy_*", "db.write.**"}}, "ability=deploy_*,db.write.**"},
		{Match{AbilityScope: []string{"*"}}, "ability=*"},
		{Match{OnlyIfChangedPaths: []string{"services/**", "apps/**"}}, "paths=services/**,apps/**"},
		{Match{MinDurationMS: &hundred}, "min_duration=100ms"},
		{Match{MinDurationMS: &zero}, "min_duration=0ms"},
		{Match{CallerSource: []string{"ai_session", "manual_cli"}}, "caller=ai_session,manual_cli"},
		{Match{AbilityScope: []string{"*"}, MinDurationMS: &hundred}, "ability=* min_duration=100ms"},
		{Match{AbilityScope: []string{"deploy_*"}, CallerSource: []string{"ai_session"}}, "ability=deploy_* caller=ai_session"},
	}
	for _, tt := range tests {
		if got := tt.m.Summary(); got != tt.want {
			t.Errorf("Summary(%+v) = %q, want %q", tt.m, got, tt.want)
		}
	}
}

// TestSort: merge order is event (lifecycle order), then priority (lower
// first, negative allowed), then id; never file order.
func TestSort(t *testing.T) {
	h := func(id string, ev event.Name, prio int) *Hook { return &Hook{ID: id, Event: ev, Priority: prio} }
	hooks := []*Hook{
		h("zz", event.SessionStop, -100),
		h("b", event.PreAbilityCall, 0),
		h("a", event.PreAbilityCall, 0),
		h("late", event.PreAbilityCall, 10),
		h("early", event.PreAbilityCall, -1),
		h("router", event.PromptSubmit, 5),
		h("tracker", event.PostAbilityCall, 0),
		h("preflight", event.PreAbilityCreate, 0),
	}
	Sort(hooks)
	var got []string
	for _, x := range hooks {
		got = append(got, x.ID)
	}
	want := []string{"router", "preflight", "early", "a", "b", "late", "tracker", "zz"}
	if !slices.Equal(got, want) {
		t.Errorf("order: got %v, want %v", got, want)
	}
}
