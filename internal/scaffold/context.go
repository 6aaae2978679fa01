package scaffold

import (
	"encoding/json"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/match"
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
		switch {
		case ability == "shell" && len(s.Paths) > 0: // hookrun reads the path from the command
			ctx["command"] = "rm -rf " + samplePath(s.Paths, "build")
			ctx["args_summary"] = ctx["command"]
		case ability == "shell":
			ctx["command"] = "rm -rf build"
			ctx["args_summary"] = "rm -rf build"
		default:
			p := samplePath(s.Paths, "config/prod/app.yaml")
			ctx["paths"] = []string{p}
			ctx["args_summary"] = p
		}
	case event.PostAbilityCall:
		ctx = map[string]any{"session_id": "s1", "ability_id": ability, "status": "success", "duration_ms": 1200}
		if len(s.Paths) > 0 {
			ctx["paths"] = []string{samplePath(s.Paths, "src/app.go")}
		}
	case event.SessionStop:
		ctx = map[string]any{"session_id": "s1", "changed_files": []string{samplePath(s.Paths, "src/app.go")}}
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

// samplePath is a path the first glob of globs that can name one
// matches, as a call or a session touches it: a file beneath a directory
// (dir/, dir/**), the file a glob of any directory names (**/.env), the
// glob itself when it has no pattern character; def when none can.
func samplePath(globs []string, def string) string {
	for _, g := range globs {
		c := g
		if strings.HasSuffix(c, "/") {
			c += "main.go"
		}
		c = strings.ReplaceAll(c, "**/", "")
		c = strings.ReplaceAll(c, "/**", "/main.go")
		c = strings.NewReplacer("*", "main", "?", "x").Replace(c)
		if c != "" && !strings.ContainsAny(c, "[{") && match.AnyPath([]string{g}, []string{c}) {
			return c
		}
	}
	return def
}
