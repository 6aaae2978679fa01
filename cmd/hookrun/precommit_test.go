package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// .pre-commit-hooks.yaml is read by pre-commit, which CI does not have:
// its keys are held to pre-commit's schema here, and its entry to a real
// hookrun command.
func TestPreCommitHooksFile(t *testing.T) {
	data, err := os.ReadFile("../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var hooks []map[string]any
	if err := yaml.Unmarshal(data, &hooks); err != nil || len(hooks) == 0 {
		t.Fatalf("not a list of hooks: %v", err)
	}
	known := map[string]bool{"id": true, "name": true, "entry": true, "language": true, "files": true, "exclude": true,
		"types": true, "description": true, "pass_filenames": true, "always_run": true, "args": true, "stages": true}
	for _, h := range hooks {
		for k := range h {
			if !known[k] {
				t.Errorf("hook %v: unknown key %q", h["id"], k)
			}
		}
		for _, k := range []string{"id", "name", "entry", "language"} {
			if _, ok := h[k].(string); !ok {
				t.Errorf("hook %v: %s missing", h["id"], k)
			}
		}
		if files, ok := h["files"].(string); ok {
			if _, err := regexp.Compile(files); err != nil {
				t.Errorf("files: %v", err)
			}
		}
		entry, _ := h["entry"].(string)
		args := strings.Fields(entry)
		if len(args) < 2 || args[0] != "hookrun" {
			t.Fatalf("entry %q does not run hookrun", entry)
		}
		if c, _, err := (&app{cwd: t.TempDir()}).rootCmd(nil).Find(args[1:]); err != nil || c.Name() != args[1] {
			t.Errorf("entry %q: no such hookrun command", entry)
		}
	}
}
