package match

import (
	"fmt"
	"testing"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
)

// BenchmarkSelect1000 picks the one matching hook out of 1000 declared
// for the event, the benchmark suite's large-hook-set case.
func BenchmarkSelect1000(b *testing.B) {
	hooks := make([]*config.Hook, 1000)
	for i := range hooks {
		scope := fmt.Sprintf("other_%d_*", i)
		if i == 500 {
			scope = "edit_*"
		}
		hooks[i] = &config.Hook{ID: fmt.Sprintf("h%04d", i), Event: event.PreAbilityCall, Enabled: true, Blocking: true,
			Match: config.Match{AbilityScope: []string{scope, "mcp/**"}, CallerSource: []string{"ai_session"}}}
	}
	c := &event.Context{Event: event.PreAbilityCall, AbilityID: "edit_file", CallerSource: "ai_session"}
	for b.Loop() {
		if got := Select(hooks, c, Options{}); len(got) != 1 {
			b.Fatalf("%d selected", len(got))
		}
	}
}
