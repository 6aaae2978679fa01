package inspect

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/emit"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/exitcode"
	"github.com/hookrun/hookrun/internal/gitchanges"
	"github.com/hookrun/hookrun/internal/match"
	"github.com/hookrun/hookrun/internal/ojson"
	"github.com/hookrun/hookrun/internal/project"
	"github.com/hookrun/hookrun/internal/rules"
	"github.com/hookrun/hookrun/internal/tty"
	"github.com/hookrun/hookrun/internal/untrusted"
)

// explanation is what explain found; --json prints it as is.
type explanation struct {
	EventType    event.Name    `json:"event_type"`
	BlockingOnly bool          `json:"blocking_only"`
	HooksDir     string        `json:"hooks_dir"`
	Hooks        []explained   `json:"hooks"`
	WouldRun     []string      `json:"would_run"`
	OtherEvents  int           `json:"other_events"`
	Invalid      []findingJSON `json:"invalid"`
	EmitRefuses  bool          `json:"emit_refuses"`
	// AgentSettings: what validate names in the agents' settings (the
	// --dialect agent's, else every agent's the project routes): a
	// setting that keeps hookrun's entries from running, a hook beside
	// them that can rewrite a call hookrun let through.
	AgentSettings []agentFinding `json:"agent_settings"`

	found bool // a hooks directory exists
}

// agentFinding is a finding in an agent's settings.
type agentFinding struct {
	Agent string `json:"agent"`
	findingJSON
}

// explained is one hook's verdict.
type explained struct {
	ID       string `json:"id"`
	Event    string `json:"event_type"`
	Runs     bool   `json:"runs"`
	Reason   string `json:"reason,omitempty"`
	Blocking bool   `json:"blocking"`
	Priority int    `json:"priority"`
	Match    string `json:"match_summary"`
	File     string `json:"file"`
	// Problem: the hook would run, but its handler cannot start, so emit
	// would report it failed.
	Problem string `json:"problem,omitempty"`
	// Sends: the hook is an http one that would run, and this is where
	// it would send what (sends).
	Sends string `json:"sends,omitempty"`
	// RulesDecision, RulesReason: the hook is a rules one that would run, and this is what its
	// rules decide for the call (they start no process, so explain reads them as emit would);
	// RulesPaths: the paths the call names that the deciding rule's paths guard.
	RulesDecision string   `json:"rules_decision,omitempty"`
	RulesReason   string   `json:"rules_reason,omitempty"`
	RulesPaths    []string `json:"rules_paths,omitempty"`
}

// ExplainRequest is one `hookrun explain`.
type ExplainRequest struct {
	Event        string // the EVENT argument
	ContextFile  string // --context; "" for stdin
	Hook         string // --hook
	Dialect      string // --dialect: the input is an agent's payload
	BlockingOnly bool
	JSON         bool
	Dirs         project.Dirs
	Stdin        io.Reader
	Stdout       io.Writer
}

// Explain says which hooks emit would run for a context, and why the
// others would not. It runs nothing.
func Explain(o ExplainRequest) error {
	var ev event.Name
	if o.Event != "" {
		var ok bool
		if ev, ok = event.Parse(o.Event); !ok {
			return exitcode.Failf("%s", config.UnknownEvent(o.Event))
		}
	}
	if o.Hook != "" && !config.ValidID(o.Hook) {
		return exitcode.Failf("--hook: %q is not a hook id", o.Hook)
	}
	loc, set, err := o.Dirs.Load()
	if err != nil {
		return err
	}
	var one *config.Hook // --hook, as far as its file could be read
	if o.Hook != "" {
		for _, h := range set.Parsed {
			if h.ID == o.Hook {
				one = h
				break
			}
		}
		if one == nil {
			return exitcode.Failf("--hook: no hook has the id %q under %s (hookrun list shows them)", o.Hook, config.Rel(o.Dirs.Cwd, loc.HooksDir))
		}
	}

	if o.ContextFile == "" {
		if tty.IsTerminalReader(o.Stdin) {
			return exitcode.Failf("explain reads the event context as JSON on stdin, and stdin is a terminal: pass --context FILE (hookrun new writes a sample beside each handler, scripts/hooks/ID.context.json) or pipe it in")
		}
	}
	data, err := emit.ReadContext(context.Background(), o.Stdin, o.ContextFile, nil)
	if err != nil {
		return err
	}
	if ev == "" && o.Dialect == "" && one != nil && one.Event != "" && !namesEvent(data) {
		ev = one.Event
	}
	ctx, err := readContext(o, data, ev)
	if err != nil {
		return exitcode.With(exitcode.Error, err)
	}
	// The paths a call names, as emit fills them: match.paths and rules read them.
	git := func(dir, rev string, guess bool) ([]string, error) {
		return gitchanges.Brought(context.Background(), dir, rev, guess)
	}
	emit.WithPaths(ctx, loc.Root, git)

	x := explanation{EventType: ctx.Event, BlockingOnly: o.BlockingOnly, HooksDir: config.Rel(o.Dirs.Cwd, loc.HooksDir),
		Hooks: []explained{}, WouldRun: []string{}, Invalid: []findingJSON{}, found: loc.Found}
	opt := match.Options{BlockingOnly: o.BlockingOnly}
	invalid := map[string]bool{}
	for _, f := range set.Invalid {
		invalid[f] = true
	}
	var judge []*config.Hook
	switch {
	case one != nil && invalid[one.File]:
		// Its file is invalid: it is reported below with the others.
	case one != nil:
		judge = []*config.Hook{one}
	default:
		judge = set.HooksFor(string(ctx.Event))
		x.OtherEvents = len(set.Hooks) - len(judge)
	}
	// Chosen as emit chooses them: match.paths reads the paths the files a line runs name too.
	var call *rules.Call // read once, for match.paths and for the rules hooks that would run
	readCall := func() *rules.Call {
		if call == nil {
			call = rules.Read(ctx, loc.Root, git)
		}
		return call
	}
	chosenBy := emit.MatchContext(ctx, judge, readCall)
	for _, v := range match.Explain(judge, chosenBy, opt) {
		h := v.Hook
		e := explained{ID: h.ID, Event: string(h.Event), Runs: v.Runs, Reason: v.Reason, Blocking: h.Blocking,
			Priority: h.Priority, Match: h.Match.Summary(), File: config.Rel(o.Dirs.Cwd, h.File)}
		if e.Runs {
			x.WouldRun = append(x.WouldRun, h.ID)
			e.Problem = handlerProblem(h, loc.Root)
			e.Sends = sends(h, slices.Sorted(maps.Keys(ctx.Fields)))
			if h.Handler.Kind == config.KindRules {
				e.RulesDecision, e.RulesReason, e.RulesPaths = rulesSay(h, readCall())
			}
		}
		x.Hooks = append(x.Hooks, e)
	}
	for _, f := range set.Findings {
		if f.Severity == config.Error {
			x.Invalid = append(x.Invalid, toFindingJSON(f, o.Dirs.Cwd))
		}
	}
	x.EmitRefuses = len(set.Invalid) > 0
	x.AgentSettings = []agentFinding{}
	if loc.Found {
		for _, d := range dialect.Agents {
			if n, _ := dialect.Parse(o.Dialect); o.Dialect != "" && n != d.Name {
				continue
			}
			for _, f := range agentSettingsFindings(loc, set, d.Name) {
				x.AgentSettings = append(x.AgentSettings, agentFinding{string(d.Name), toFindingJSON(f, o.Dirs.Cwd)})
			}
		}
	}

	if o.JSON {
		if err := ojson.Write(o.Stdout, x, true); err != nil {
			return err
		}
	} else {
		writeExplanation(o.Stdout, o.Dirs.Cwd, x, one, invalid)
	}
	if x.EmitRefuses {
		return exitcode.With(exitcode.Error, nil)
	}
	return nil
}

// namesEvent reports whether a context document has an event_type; a
// document that is not an object says no, and ParseContext then says why.
func namesEvent(data []byte) bool {
	var doc struct {
		EventType json.RawMessage `json:"event_type"`
	}
	return json.Unmarshal(data, &doc) == nil && doc.EventType != nil
}

func writeExplanation(w io.Writer, cwd string, x explanation, one *config.Hook, invalid map[string]bool) {
	mode := ""
	if x.BlockingOnly {
		mode = " under --blocking-only"
	}
	switch {
	case !x.found:
		fmt.Fprintf(w, "%s: no hooks directory (no %s in %s %s): emit would run nothing. hookrun init creates one.\n",
			x.EventType, config.HooksSubdir, cwd, config.Searched(cwd))
	case one != nil && invalid[one.File]:
		fmt.Fprintf(w, "%s: hook %s would not run: its file %s is invalid (below)\n", x.EventType, one.ID, untrusted.Clean(config.Rel(cwd, one.File)))
	case one != nil:
		fmt.Fprintf(w, "%s%s: hook %s\n", x.EventType, mode, one.ID)
	case len(x.Hooks) == 0:
		fmt.Fprintf(w, "%s: no valid hook is declared for this event: emit would run none\n", x.EventType)
	default:
		fmt.Fprintf(w, "%s%s: %d of %s would run, in merge order (priority, then id):\n",
			x.EventType, mode, len(x.WouldRun), exitcode.Plural(len(x.Hooks), "hook"))
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, h := range x.Hooks {
		if !h.Runs {
			fmt.Fprintf(tw, "  %-4s\t%s\t%s\n", "skip", h.ID, untrusted.Clean(h.Reason))
			continue
		}
		detail := []string{"not blocking"}
		if h.Blocking {
			detail[0] = "blocking"
		}
		if h.Priority != 0 {
			detail = append(detail, fmt.Sprintf("priority %d", h.Priority))
		}
		detail = append(detail, "match "+h.Match)
		if h.Sends != "" {
			detail = append(detail, h.Sends)
		}
		if h.Problem != "" {
			detail = append(detail, "but emit would report it failed: "+h.Problem)
		}
		fmt.Fprintf(tw, "  %-4s\t%s\t%s\n", "run", h.ID, untrusted.Clean(strings.Join(detail, ", ")))
		if h.RulesDecision != "" {
			say := "would " + h.RulesDecision
			if !h.Blocking {
				// emit lets the call through: a hook that is not blocking only signals.
				say = "would signal " + h.RulesDecision + " (not blocking: it decides nothing)"
			}
			fmt.Fprintf(tw, "  \t\t%s\n", untrusted.Clean(say+": "+h.RulesReason))
		}
		if len(h.RulesPaths) > 0 {
			fmt.Fprintf(tw, "  \t\t%s\n", untrusted.Clean("paths the call names that this rule guards: "+strings.Join(h.RulesPaths, ", ")))
		}
	}
	tw.Flush()
	if x.OtherEvents > 0 {
		fmt.Fprintf(w, "(%s of other events not shown: hookrun list)\n", exitcode.Plural(x.OtherEvents, "hook"))
	}
	for i, f := range x.AgentSettings {
		if i == 0 || x.AgentSettings[i-1].Agent != f.Agent {
			fmt.Fprintf(w, "%s's settings (hookrun validate names them too):\n", f.Agent)
		}
		sev := ""
		if f.Severity != string(config.Error) {
			sev = f.Severity + ": "
		}
		fmt.Fprintf(w, "  %s\n", untrusted.Clean(fmt.Sprintf("%s:%d:%d: %s%s", f.File, f.Line, f.Col, sev, f.Message)))
	}
	if x.EmitRefuses {
		fmt.Fprintf(w, "emit would refuse to run any hook (exit 1) while a hook file is invalid:\n")
		for _, f := range x.Invalid {
			fmt.Fprintf(w, "  %s\n", untrusted.Clean(fmt.Sprintf("%s:%d:%d: %s", f.File, f.Line, f.Col, f.Message)))
		}
		fmt.Fprintf(w, "fix them (hookrun validate), or run emit with --skip-invalid\n")
	}
}

// readContext reads the context as emit would: hookrun's own, or with --dialect an agent's payload
// translated (an agent event without a hookrun event is an error here: emit would answer it with
// no opinion and run nothing).
func readContext(o ExplainRequest, data []byte, ev event.Name) (*event.Context, error) {
	if o.Dialect == "" {
		c, err := event.ParseContext(data, ev)
		return c, emit.FromFile(o.ContextFile, emit.EventHint(err))
	}
	n, ok := dialect.Parse(o.Dialect)
	if meant, alias := dialect.Lookup(o.Dialect); !ok && alias {
		return nil, fmt.Errorf("unknown --dialect %q: did you mean %s?", o.Dialect, meant)
	} else if !ok {
		return nil, fmt.Errorf("unknown --dialect %q; valid dialects: %s", o.Dialect, dialect.Names())
	}
	if ev != "" {
		return nil, fmt.Errorf("--dialect takes the event from the payload's hook_event_name: drop the EVENT argument %s", ev)
	}
	call, err := dialect.Read(n, data)
	if err != nil {
		return nil, err
	}
	if call.Kind == dialect.Unmapped {
		return nil, fmt.Errorf("%s's %s has no hookrun event: emit --dialect %s answers it with no opinion and runs no hook", n, call.AgentEvent, n)
	}
	doc, err := call.Context()
	if err != nil {
		return nil, err
	}
	return event.ParseContext(doc, "")
}

// handlerProblem is why a hook that would run cannot do its work here, or
// "": a script's command that cannot start, an http handler's variable
// that is not set (named, never shown).
func handlerProblem(h *config.Hook, root string) string {
	switch h.Handler.Kind {
	case config.KindScript:
		if err := exec.Check(h.Handler.Command, h.Handler.Args, h.Handler.HasArgs, root); err != nil {
			return "handler.command: " + err.Error()
		}
	case config.KindHTTP:
		for _, name := range h.Handler.HTTP.AllowedEnv {
			if os.Getenv(name) == "" {
				return "handler.allowed_env: " + name + " is not set or empty here, so the request cannot be made and the hook fails"
			}
		}
	}
	return ""
}

// maxRulesPaths caps the paths explain names for a rule: enough to see why it fired.
const maxRulesPaths = 5

// rulesSay is what rules hook h decides for the call, when it denies or asks: the decision, the
// reason emit would give, and up to maxRulesPaths paths of the call that the paths of the rule
// that decides guard (none for a rule on commands, or where a path is only known when it runs).
func rulesSay(h *config.Hook, call *rules.Call) (decision, reason string, paths []string) {
	rep, by := call.Decide(h)
	d := rep.Decision
	if d != event.Deny && d != event.RequireHuman {
		// A hook that is not blocking decides nothing: what its rules say is in its signal.
		for _, s := range rep.Signals {
			var p struct {
				Reason string `json:"reason"`
			}
			if json.Unmarshal(s.Payload, &p) == nil && p.Reason != "" {
				d, rep.Reason = event.Deny, p.Reason
				if s.Code == "ABILITY_REQUIRES_HUMAN" {
					d = event.RequireHuman
				}
			}
		}
		if d != event.Deny && d != event.RequireHuman {
			return "", "", nil
		}
	}
	if by >= 0 {
		// The rule that decided, not one whose reason begins the same, and the paths as it reads
		// them (not a program it ignores).
		r := h.Handler.Rules.Rules[by]
		for _, p := range call.Paths(r) {
			if len(paths) < maxRulesPaths && match.AnyPath(r.Paths, []string{p}) {
				paths = append(paths, p)
			}
		}
	}
	return string(d), rep.Reason, paths
}
