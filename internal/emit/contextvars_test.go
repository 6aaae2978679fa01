package emit

import (
	"slices"
	"strings"
	"testing"

	"github.com/hookrun/hookrun/internal/event"
)

// A prompt too long for one environment string leaves HOOKRUN_PROMPT out (the handler reads stdin
// then) rather than making the handler fail to start; a NUL byte is dropped, as for the ids.
func TestContextVarsLongAndNUL(t *testing.T) {
	for _, tc := range []struct {
		prompt string
		want   []string
	}{
		{"short\\u0000one", []string{"HOOKRUN_PROMPT=shortone"}},
		{strings.Repeat("x", maxVarBytes), []string{"HOOKRUN_PROMPT=" + strings.Repeat("x", maxVarBytes)}},
		{strings.Repeat("x", maxVarBytes+1), nil},
	} {
		c, err := event.ParseContext([]byte(`{"session_id":"s","user_raw_input":"`+tc.prompt+`"}`), event.PromptSubmit)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, kv := range appendContextVars(nil, c) {
			if strings.HasPrefix(kv, "HOOKRUN_PROMPT=") {
				got = append(got, kv)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("prompt of %d bytes: got %.60q, want %.60q", len(tc.prompt), got, tc.want)
		}
	}
}
