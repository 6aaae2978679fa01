package protocol

import (
	"fmt"
	"testing"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/merge"
)

// BenchmarkMerge100 evaluates and merges 100 hooks that each return a
// guard signal and a log line, then encodes the result.
func BenchmarkMerge100(b *testing.B) {
	out := []byte(`{"logs":["checked"],"hook_signals":[{"kind":"ability_guard","code":"ABILITY_ALLOWED","payload":{"ability_id":"edit_file"}}]}`)
	hooks := make([]*config.Hook, 100)
	for i := range hooks {
		hooks[i] = &config.Hook{ID: fmt.Sprintf("h%03d", i), Event: event.PreAbilityCall, Enabled: true, Blocking: true, OnError: config.OnErrorSkip}
	}
	reports := make([]merge.Report, len(hooks))
	for b.Loop() {
		for i, h := range hooks {
			reports[i] = Evaluate(event.PreAbilityCall, h, exec.Outcome{Exited: true, Stdout: out})
		}
		r := merge.Merge(event.PreAbilityCall, reports)
		if r.Decision != event.Allow || len(r.HookSignals) != 100 {
			b.Fatalf("decision %s, %d signals", r.Decision, len(r.HookSignals))
		}
		if _, err := r.MarshalJSON(); err != nil {
			b.Fatal(err)
		}
	}
}
