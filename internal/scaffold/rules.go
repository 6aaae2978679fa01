package scaffold

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookrun/hookrun/internal/match"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
)

// Kinds are the handler kinds new writes: a script stub (the default) or
// a rules handler, which runs no process (docs/rules.md).
var Kinds = []string{"script", "rules"}

// rulesEvents are the events a rules hook has something to do on: its
// conditions apply there and what it says reaches the AI. PostAbilityCall
// and SessionStop are infra-only: no decision, no added context.
var rulesEvents = []event.Name{event.PromptSubmit, event.PreAbilityCreate, event.PreAbilityCall}

func (s Spec) rules() bool { return s.Kind == "rules" }

// checkKind refuses a kind new does not write, a rules hook on an event
// where rules do nothing, and --lang for a hook that runs no script.
func (s Spec) checkKind() error {
	switch {
	case s.Kind == config.KindHTTP: // a kind hookrun runs, but its url and headers are the user's to write
		return fmt.Errorf("--kind http: new writes script and rules hooks; write an http hook's declaration by hand, from the one in docs/central-policy.md")
	case s.Kind != "" && !slices.Contains(Kinds, s.Kind):
		return fmt.Errorf("unknown --kind %q; use %s", s.Kind, strings.Join(Kinds, " or "))
	case !s.rules():
		return nil
	case s.Lang != "":
		return fmt.Errorf("--lang sets a script's language, and a rules hook runs no script: leave out --lang, or --kind")
	case !slices.Contains(rulesEvents, s.Event):
		return fmt.Errorf("--kind rules: %s is infra-only, so a rule there can neither decide nor add context; rules apply to %s. Use a script (leave out --kind)", s.Event, joinEvents(rulesEvents))
	}
	return nil
}

// rulesHandler renders a rules handler for the event, as a working
// example to edit: on a blocking hook rules that decide, on one that is
// not blocking (whose decisions would not count) rules that add context.
func rulesHandler(s Spec) string {
	var b strings.Builder
	b.WriteString("handler:\n  kind: rules\n")
	if s.Event == event.PreAbilityCall && s.scopeHas("shell") {
		b.WriteString("  unresolved: require_human  # a command hookrun cannot read before it runs asks a person (deny | require_human | allow)\n")
	}
	b.WriteString("  # Read in order: the first rule that fires and has a decision decides (docs/rules.md).\n  rules:\n")
	rule := func(decision, reason, context string, cond ...string) {
		if s.Blocking {
			fmt.Fprintf(&b, "    - decision: %s\n      reason: %s\n", decision, quote(reason))
		} else {
			fmt.Fprintf(&b, "    - additional_context: %s\n", quote(context))
		}
		for _, c := range cond {
			fmt.Fprintf(&b, "      %s\n", c)
		}
	}
	switch s.Event {
	case event.PreAbilityCall:
		if s.scopeHas("shell") {
			rule("deny", "recursive force delete: remove files one by one, or ask the person",
				"Prefer removing files one by one to a recursive force delete.",
				`commands: ["rm -r|-R|--recursive -f|--force"]`)
		}
		if !s.partialWriters() {
			rule("require_human", "config/prod/ holds production settings: a person must approve changes",
				"config/prod/ holds production settings: say why a change is needed.",
				`paths: ["config/prod/**"]`, "sources: [ai_session, background_job]")
		}
	case event.PreAbilityCreate:
		rule("require_human", "a background job starts this ability only with a person's approval",
			"Started from a background job: say what the task is for.",
			"sources: [background_job]")
	case event.PromptSubmit:
		rule("deny", "deploys to production go through the release process, not a prompt",
			"Deploys to production go through the release process (docs/release.md).",
			`prompt: '(?i)\bdeploy\b.*\bprod'`)
	}
	return b.String()
}

// partialWriters reports whether the hook would guard paths for some of
// the file writers (edit_file, write_file, shell) and not the others, which
// validate warns of: a writer left out writes the same file past it.
func (s Spec) partialWriters() bool {
	if !s.Blocking || s.Event != event.PreAbilityCall || len(s.Scope) == 0 {
		return false
	}
	in, out := config.WritersLeftOut(s.Scope)
	return len(in) > 0 && len(out) > 0
}

// checkWriters refuses a guard on paths whose --scope leaves out a file
// writer: --paths on it, or a rules hook, whose template guards
// config/prod/** by path, with nothing else to write when the scope has no
// shell (the rules template leaves the paths rule out when it has).
func (s Spec) checkWriters() error {
	if !s.partialWriters() || (len(s.Paths) == 0 && (!s.rules() || s.scopeHas("shell"))) {
		return nil
	}
	in, out := config.WritersLeftOut(s.Scope)
	what := "--paths"
	if len(s.Paths) == 0 {
		what = "the rules template's paths rule (config/prod/**)"
	}
	return fmt.Errorf("--scope %s: %s would guard the paths of %s calls only, and %s call writes the same file past it; give --scope %s, or leave out --scope to guard every call that names the paths",
		strings.Join(s.Scope, ","), what, strings.Join(in, " and "), config.AnyOf(out), strings.Join(config.WithWriters(s.Scope, out), ","))
}

// scopeHas reports whether the hook's ability_scope lets ability through
// (no --scope lets every ability through).
func (s Spec) scopeHas(ability string) bool {
	if len(s.Scope) == 0 {
		return true
	}
	return match.Ability(s.Scope, ability)
}

// Edited is the file new's "next:" line tells the person to edit: the
// handler stub, or a rules hook's declaration, which holds its rules.
func (s Spec) Edited(root, hooksDir string) string {
	if s.rules() {
		return filepath.Join(hooksDir, s.ID+".yaml")
	}
	return filepath.Join(root, s.ScriptFile())
}
