package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// The dialect scripts run one hook set: the same guard, router,
// tracker and build check, byte for byte, must give each agent its answer.
func TestDialectScriptsShareOneHookSet(t *testing.T) {
	scripts := []string{"dialect_claude_code", "dialect_gemini_cli", "dialect_codex", "dialect_cursor", "dialect_opencode", "dialect_copilot"}
	var first map[string]string
	for _, name := range scripts {
		a, err := txtar.ParseFile(filepath.Join("..", "..", "testdata", "scripts", name+".txtar"))
		if err != nil {
			t.Fatal(err)
		}
		set := map[string]string{}
		for _, f := range a.Files {
			if strings.HasPrefix(f.Name, ".system/hooks/") || strings.HasPrefix(f.Name, "hooks/") {
				set[f.Name] = string(f.Data)
			}
		}
		if len(set) < 10 {
			t.Fatalf("%s: %d hook files, want the shared set of 10", name, len(set))
		}
		if first == nil {
			first = set
			continue
		}
		for file, data := range first {
			if set[file] != data {
				t.Errorf("%s: %s differs from %s's", name, file, scripts[0])
			}
		}
		if len(set) != len(first) {
			t.Errorf("%s: %d hook files, %s has %d", name, len(set), scripts[0], len(first))
		}
	}
}
