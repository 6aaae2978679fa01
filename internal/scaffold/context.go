package scaffold

import (
	"encoding/json"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/hookrun/hookrun/internal/event"
)

// ContextPath is where new writes a hook's sample context, beside its handler.
func ContextPath(id string) string { return filepath.Join(ScriptsDir, id+".context.json") }

// SampleContext is a valid context for the hook's event that its match lets through when it can:
// the first --scope that is a plain id (or one a glob matches), else a generic call. For a rules
// hook, one its example rule fires on.
func SampleContext(s Spec) []byte {
	ability := "shell"
	for _, g := range s.Scope {
		if !strings.ContainsAny(g, "*?[{") {
			ability = g
			break
		}
		if g == "*" || g == "**" {
			break
		}
		if c := strings.NewReplacer("*", "x", "?", "x").Replace(g); !strings.ContainsAny(c, "[{") {
			if ok, _ := doublestar.Match(g, c); ok {
				ability = c
				break
			}
		}
	}
	var ctx map[string]any
	switch s.Event {
	case event.PromptSubmit:
		ctx = map[string]any{"session_id": "s1", "user_raw_input": "Add a signup test and run the suite."}
	case event.PreAbilityCreate:
		ctx = map[string]any{"session_id": "s1", "ability_ref": map[string]any{"kind": "ability_id", "value": ability},
			"environment": "staging", "caller": map[string]any{"source": "ai_session", "session_id": "s1"}}
	case event.PreAbilityCall:
		ctx = map[string]any{"session_id": "s1", "ability_id": ability, "caller": map[string]any{"source": "ai_session", "session_id": "s1"}}
		if ability == "shell" {
			ctx["command"] = "rm -rf build"
			ctx["args_summary"] = "rm -rf build"
		} else {
			ctx["paths"] = []string{"config/prod/app.yaml"}
			ctx["args_summary"] = "config/prod/app.yaml"
		}
	case event.PostAbilityCall:
		ctx = map[string]any{"session_id": "s1", "ability_id": ability, "status": "success", "duration_ms": 1200}
	case event.SessionStop:
		files := []string{"src/app.go"}
		for _, g := range s.Paths {
			if dir, ok := strings.CutSuffix(g, "/"); ok && !strings.ContainsAny(dir, "*?[{") {
				files = []string{dir + "/main.go"} // a file beneath the directory, as a session changes
				break
			}
			if !strings.ContainsAny(g, "*?[{") {
				files = []string{g}
				break
			}
			if dir, _, ok := strings.Cut(g, "/**"); ok && !strings.ContainsAny(dir, "*?[{") {
				files = []string{dir + "/main.go"}
				break
			}
		}
		ctx = map[string]any{"session_id": "s1", "changed_files": files}
	}
	if s.rules() { // the sample shows the example rule firing
		switch s.Event {
		case event.PromptSubmit:
			ctx["user_raw_input"] = "Deploy the release to prod now."
		case event.PreAbilityCreate:
			ctx["caller"] = map[string]any{"source": "background_job", "session_id": "s1"}
		}
	}
	ctx["event_type"] = s.Event
	b, _ := json.MarshalIndent(ctx, "", "  ")
	return append(b, '\n')
}
