package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/emit"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/exitcode"
	"github.com/hookrun/hookrun/internal/match"
	"github.com/hookrun/hookrun/internal/ojson"
	"github.com/hookrun/hookrun/internal/tty"
)

type explainOptions struct {
	event        string
	contextFile  string
	hook         string
	blockingOnly bool
	json         bool
}

func (a *app) explainCmd() *cobra.Command {
	var o explainOptions
	c := &cobra.Command{
		Use:   "explain [EVENT] [--context FILE]",
		Short: "Say which hooks emit would run for a context, and why the others would not",
		Long: `explain reads an event context exactly as emit does (stdin or --context, the
same checks and errors) and runs nothing. For every hook of the event, in
merge order (priority, then id), it says whether emit would run it and, if
not, why: disabled, an ability outside ability_scope, a caller source not
listed, a duration below min_duration_ms, no changed path under
only_if_changed_paths, not blocking under --blocking-only. A hook that would
run but whose handler command cannot start (missing, not executable) is
flagged too. Invalid hook files are listed, because emit refuses to run any
hook while one exists.

--hook ID explains one hook; EVENT may then be left out, and a hook of
another event is reported as such.

Exit status: 0, or 1 when the context or flags are bad, or when a hook file
is invalid (emit would refuse to run).`,
		Example: `  hookrun explain --context examples/contexts/PreAbilityCall.json
  hookrun explain PostAbilityCall < ctx.json
  hookrun explain --hook prod_config_guard --context ctx.json
  hookrun explain --blocking-only --json --context ctx.json`,
		Args:              optionalEvent,
		ValidArgsFunction: completeEventArg,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.event = args[0]
			}
			return a.explain(o)
		},
	}
	f := c.Flags()
	f.StringVar(&o.contextFile, "context", "", "read the context from `FILE` instead of stdin")
	f.StringVar(&o.hook, "hook", "", "explain only the hook with this `ID`")
	f.BoolVar(&o.blockingOnly, "blocking-only", false, "judge as emit --blocking-only would")
	f.BoolVar(&o.json, "json", false, "print the explanation as JSON")
	_ = c.RegisterFlagCompletionFunc("hook", a.completeHookIDs)
	return c
}

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

	found bool // a hooks directory exists
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
}

func (a *app) explain(o explainOptions) error {
	var ev event.Name
	if o.event != "" {
		var ok bool
		if ev, ok = event.Parse(o.event); !ok {
			return exitcode.Failf("unknown event %q; valid events: %s", o.event, event.Names())
		}
	}
	if o.hook != "" && !config.ValidID(o.hook) {
		return exitcode.Failf("--hook: %q is not a hook id", o.hook)
	}
	loc, set, err := a.dirs().Load()
	if err != nil {
		return err
	}
	var one *config.Hook // --hook, as far as its file could be read
	if o.hook != "" {
		for _, h := range set.Parsed {
			if h.ID == o.hook {
				one = h
				break
			}
		}
		if one == nil {
			return exitcode.Failf("--hook: no hook has the id %q under %s (hookrun list shows them)", o.hook, config.Rel(a.cwd, loc.HooksDir))
		}
	}

	if o.contextFile == "" {
		if f, ok := a.stdin.(*os.File); ok && tty.IsTerminal(f) {
			return exitcode.Failf("explain reads the event context as JSON on stdin, and stdin is a terminal: pass --context FILE (examples/contexts/ has one per event) or pipe it in")
		}
	}
	data, err := emit.ReadContext(context.Background(), a.stdin, o.contextFile)
	if err != nil {
		return err
	}
	if ev == "" && one != nil && one.Event != "" && !namesEvent(data) {
		ev = one.Event
	}
	ctx, err := event.ParseContext(data, ev)
	if err != nil {
		return exitcode.With(exitcode.Error, err)
	}

	x := explanation{EventType: ctx.Event, BlockingOnly: o.blockingOnly, HooksDir: config.Rel(a.cwd, loc.HooksDir),
		Hooks: []explained{}, WouldRun: []string{}, Invalid: []findingJSON{}, found: loc.Found}
	opt := match.Options{BlockingOnly: o.blockingOnly}
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
	for _, v := range match.Explain(judge, ctx, opt) {
		h := v.Hook
		e := explained{ID: h.ID, Event: string(h.Event), Runs: v.Runs, Reason: v.Reason, Blocking: h.Blocking,
			Priority: h.Priority, Match: h.Match.Summary(), File: config.Rel(a.cwd, h.File)}
		if e.Runs {
			x.WouldRun = append(x.WouldRun, h.ID)
			if err := exec.Check(h.Handler.Command, h.Handler.Args, h.Handler.HasArgs, loc.Root); err != nil {
				e.Problem = "handler.command: " + err.Error()
			}
		}
		x.Hooks = append(x.Hooks, e)
	}
	for _, f := range set.Findings {
		if f.Severity == config.Error {
			x.Invalid = append(x.Invalid, a.findingJSON(f))
		}
	}
	x.EmitRefuses = len(set.Invalid) > 0

	if o.json {
		if err := ojson.Write(a.stdout, x, true); err != nil {
			return err
		}
	} else {
		a.writeExplanation(a.stdout, x, one, invalid)
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

func (a *app) writeExplanation(w io.Writer, x explanation, one *config.Hook, invalid map[string]bool) {
	mode := ""
	if x.BlockingOnly {
		mode = " under --blocking-only"
	}
	switch {
	case !x.found:
		fmt.Fprintf(w, "%s: no hooks directory (no %s in %s or any parent): emit would run nothing. hookrun init creates one.\n",
			x.EventType, config.HooksSubdir, a.cwd)
	case one != nil && invalid[one.File]:
		fmt.Fprintf(w, "%s: hook %s would not run: its file %s is invalid (below)\n", x.EventType, one.ID, config.Rel(a.cwd, one.File))
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
			fmt.Fprintf(tw, "  %-4s\t%s\t%s\n", "skip", h.ID, h.Reason)
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
		if h.Problem != "" {
			detail = append(detail, "but emit would report it failed: "+h.Problem)
		}
		fmt.Fprintf(tw, "  %-4s\t%s\t%s\n", "run", h.ID, strings.Join(detail, ", "))
	}
	tw.Flush()
	if x.OtherEvents > 0 {
		fmt.Fprintf(w, "(%s of other events not shown: hookrun list)\n", exitcode.Plural(x.OtherEvents, "hook"))
	}
	if x.EmitRefuses {
		fmt.Fprintf(w, "emit would refuse to run any hook (exit 1) while a hook file is invalid:\n")
		for _, f := range x.Invalid {
			fmt.Fprintf(w, "  %s:%d:%d: %s\n", f.File, f.Line, f.Col, f.Message)
		}
		fmt.Fprintf(w, "fix them (hookrun validate), or run emit with --skip-invalid\n")
	}
}
