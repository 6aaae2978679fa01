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

// BenchmarkAnyPathFolded compares a shell call's ten paths with init's protect_hooks globs,
// none matching (the common case), as written and with case folded (macOS, Windows).
func BenchmarkAnyPathFolded(b *testing.B) {
	globs := []string{".system", ".system/**", "scripts/hooks", "scripts/hooks/**", ".claude/settings*.json", ".codex/**",
		".gemini/settings.json", ".cursor/hooks.json", ".opencode/**", "opencode.json", "opencode.jsonc", ".github/hooks/**",
		"node_modules/.bin/hookrun*", "node_modules/hookrun/**", "node_modules/@hookrun/**"}
	var paths []string
	for i := range 10 {
		paths = append(paths, fmt.Sprintf("src/Pkg%d/File_%d.go", i, i))
	}
	for _, fold := range []bool{false, true} {
		b.Run(fmt.Sprintf("fold=%v", fold), func(b *testing.B) {
			for b.Loop() {
				if anyPath(globs, paths, fold) {
					b.Fatal("matched")
				}
			}
		})
	}
}
