package rules

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/scaffold"
)

// BenchmarkEvaluateInit evaluates the guard hookrun init writes (protect_hooks) on the shell lines
// and writes an agent makes all day, in a project with a .git and a package.json: what each
// ordinary tool call pays for it after the declarations are loaded.
func BenchmarkEvaluateInit(b *testing.B) {
	root := b.TempDir()
	if _, err := scaffold.Init(root); err != nil {
		b.Fatal(err)
	}
	for name, text := range map[string]string{
		".git/HEAD":    "ref: refs/heads/main\n",
		".git/config":  "[core]\n\tbare = false\n[remote \"origin\"]\n\turl = git@example.com:x/y\n",
		"package.json": `{"scripts":{"test":"mocha test/","build":"tsc -p ."}}`,
		"Makefile":     "test:\n\tgo test ./...\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, name)), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	set, err := config.Load(filepath.Join(root, ".system", "hooks"))
	if err != nil {
		b.Fatal(err)
	}
	var h *config.Hook
	for _, x := range set.Hooks {
		if x.ID == "protect_hooks" {
			h = x
		}
	}
	if h == nil {
		b.Fatal("no protect_hooks")
	}
	for _, tc := range []struct{ name, doc string }{
		{"git status", toolCall("shell", "command", "git status")},
		{"git commit", toolCall("shell", "command", "git commit -m x")},
		{"npm test", toolCall("shell", "command", "npm test")},
		{"make test", toolCall("shell", "command", "make test")},
		{"write", `{"ability_id":"write_file","caller":{"source":"ai_session"},"paths":["src/app.js"]}`},
	} {
		c, err := event.ParseContext([]byte(tc.doc), event.PreAbilityCall)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				if r := Evaluate(h, c, root, nil); r.Decision != "" && r.Decision != config.DecisionAllow {
					b.Fatalf("%s: %s %s", tc.name, r.Decision, r.Reason)
				}
			}
		})
	}
}
