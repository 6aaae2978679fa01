package emit

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
)

// The command line and what the files it runs name (a script's trees walked, git asked for
// what a checkout brings) are read once per call, however many rules hooks read them: each
// hook read them again, and eight rules hooks cost eight walks of the scripts' trees.
func TestRulesHooksReadTheCallOnce(t *testing.T) {
	for _, sequential := range []bool{false, true} {
		opt := testOptions(t)
		opt.Sequential = sequential
		if err := os.WriteFile(filepath.Join(opt.Root, "y.sh"), []byte("git checkout other\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		asked := 0
		opt.Git = func(dir, rev string, guess bool) ([]string, error) {
			asked++
			return []string{"src/a.go"}, nil
		}
		c, err := event.ParseContext([]byte(`{"ability_id":"shell","command":"sh y.sh","caller":{"source":"ai_session"}}`), event.PreAbilityCall)
		if err != nil {
			t.Fatal(err)
		}
		var hooks []*config.Hook
		for _, g := range []string{"docs/**", "infra/**", "src/**"} {
			hooks = append(hooks, &config.Hook{ID: "guard_" + g[:len(g)-3], Event: event.PreAbilityCall, Enabled: true, Blocking: true, OnError: config.OnErrorBlock,
				Handler: config.Handler{Kind: config.KindRules, Rules: &config.RuleSet{Unresolved: config.DecisionRequireHuman,
					Rules: []config.Rule{{Decision: config.DecisionDeny, Reason: "no " + g, Paths: []string{g}}}}}})
		}
		out := Run(context.Background(), c, hooks, opt)
		if out.Result.Decision != event.Deny || out.Result.Reason != "no src/**" {
			t.Errorf("sequential=%v: decision %s (%q), want deny (\"no src/**\"): the file the checkout brings is src/a.go", sequential, out.Result.Decision, out.Result.Reason)
		}
		if asked != 1 {
			t.Errorf("sequential=%v: git asked %d times for three rules hooks, want once", sequential, asked)
		}
	}
}

// A hook chosen by match.paths runs for the paths the files a shell call's line runs name, as a
// rules hook's paths rule fires for them: ./y.sh, where y.sh writes config/prod/db.yaml, ran no
// script or http hook with match.paths config/prod/** (tried as a new user would: exit 0, no
// hook run, while echo x > config/prod/db.yaml denied).
func TestMatchPathsReadsTheFilesTheLineRuns(t *testing.T) {
	opt := testOptions(t)
	if err := os.WriteFile(filepath.Join(opt.Root, "y.sh"), []byte("echo x > config/prod/db.yaml\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	guard := &config.Hook{ID: "prod", Event: event.PreAbilityCall, Enabled: true, Blocking: true, OnError: config.OnErrorBlock,
		Match:   config.Match{Paths: []string{"config/prod/**"}},
		Handler: config.Handler{Kind: config.KindScript, Command: "echo 'no prod' >&2; exit 2", Timeout: time.Minute}}
	for _, command := range []string{"./y.sh", "sh y.sh", "echo x > config/prod/db.yaml"} {
		raw, _ := json.Marshal(map[string]any{"ability_id": "shell", "command": command, "caller": map[string]string{"source": "ai_session"}})
		c, err := event.ParseContext(raw, event.PreAbilityCall)
		if err != nil {
			t.Fatal(err)
		}
		WithPaths(c, opt.Root, nil)
		out := Run(context.Background(), c, []*config.Hook{guard}, opt)
		if out.Result.Decision != event.Deny || out.Result.Reason != "no prod" {
			t.Errorf("%s: decision %s (%q), %d hooks run; want deny (\"no prod\")", command, out.Result.Decision, out.Result.Reason, len(out.Reports))
		}
	}
}

// A script reads the paths a rules hook, match.paths and a policy service read: those named
// inside the files the line runs too. A script guard that looked for config/prod in its stdin's
// paths let ./y.sh through, where y.sh writes config/prod/db.yaml: paths held ["y.sh"].
func TestScriptReadsThePathsTheFilesTheLineRunsName(t *testing.T) {
	opt := testOptions(t)
	if err := os.WriteFile(filepath.Join(opt.Root, "y.sh"), []byte("echo x > config/prod/db.yaml\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	c, err := event.ParseContext([]byte(`{"ability_id":"shell","command":"./y.sh","caller":{"source":"ai_session"}}`), event.PreAbilityCall)
	if err != nil {
		t.Fatal(err)
	}
	WithPaths(c, opt.Root, nil)
	save := &config.Hook{ID: "save", Event: event.PreAbilityCall, Enabled: true, Blocking: true, OnError: config.OnErrorBlock,
		Handler: config.Handler{Kind: config.KindScript, Command: "cat > got; echo '{}'", Timeout: time.Minute}}
	if out := Run(context.Background(), c, []*config.Hook{save}, opt); out.Result.Decision != event.Allow {
		t.Fatalf("decision %s: %v", out.Result.Decision, out.Result.Errors)
	}
	got, err := os.ReadFile(filepath.Join(opt.Root, "got"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(got, &doc); err != nil || got[len(got)-1] != '\n' {
		t.Fatalf("stdin %q: %v", got, err)
	}
	if want := `["y.sh","x","config/prod/db.yaml"]`; string(doc["paths"]) != want {
		t.Errorf("the script read paths %s, want %s", doc["paths"], want)
	}
	if _, ok := doc[CommandsField]; ok {
		t.Errorf("the script read %s, which only a policy service is sent", CommandsField)
	}
}
