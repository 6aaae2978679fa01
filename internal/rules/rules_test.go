package rules

import (
	"testing"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/pathcase"
)

// parse decodes one rules hook, failing the test on any finding.
func parse(t *testing.T, decl string) *config.Hook {
	t.Helper()
	h, fs := config.ParseFile("/p/.system/hooks/h.yaml", []byte(decl))
	for _, f := range fs {
		t.Errorf("%s", f.Format("/p"))
	}
	if h == nil {
		t.Fatalf("no hook from %s", decl)
	}
	return h
}

func call(t *testing.T, doc string) *event.Context {
	t.Helper()
	c, err := event.ParseContext([]byte(doc), event.PreAbilityCall)
	if err != nil {
		t.Fatalf("context %s: %v", doc, err)
	}
	return c
}

const pathGuard = `id: h
event_type: PreAbilityCall
enabled: true
blocking: true
handler:
  kind: rules
  rules:
    - decision: allow
      reason: docs are free to edit
      paths: ["docs/**"]
    - decision: require_human
      reason: the hooks need a human
      paths: [".system/**"]
    - decision: deny
      reason: no edits
      paths: ["**"]
`

// TestPathsFoldCase: where file systems ignore case, a deny or require_human rule's paths match
// every spelling of the same file (.SYSTEM/Hooks is .system/hooks), while an allow rule's match
// only as written: folding makes a guard stop more, never let more through.
func TestPathsFoldCase(t *testing.T) {
	defer func(f bool) { pathcase.Fold = f }(pathcase.Fold)
	h := parse(t, pathGuard)
	for _, tc := range []struct {
		path          string
		exact, folded event.Decision
	}{
		{".system/hooks/x.yaml", event.RequireHuman, event.RequireHuman},
		{".SYSTEM/Hooks/x.yaml", event.Deny, event.RequireHuman},
		{".System", event.Deny, event.RequireHuman},
		{"docs/a.md", event.Allow, event.Allow},
		{"DOCS/a.md", event.Deny, event.Deny}, // the allow rule does not fold
	} {
		for _, fold := range []bool{false, true} {
			pathcase.Fold = fold
			want := tc.exact
			if fold {
				want = tc.folded
			}
			c := call(t, `{"ability_id":"write_file","caller":{"source":"ai_session"},"paths":["`+tc.path+`"]}`)
			if got := Evaluate(h, c, "/p").Decision; got != want {
				t.Errorf("Fold %v: %s decided %s, want %s", fold, tc.path, got, want)
			}
		}
	}
}
