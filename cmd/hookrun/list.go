package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exitcode"
	"github.com/hookrun/hookrun/internal/ojson"
)

type listOptions struct {
	event string
	json  bool
}

func (a *app) listCmd() *cobra.Command {
	var o listOptions
	c := &cobra.Command{
		Use:   "list",
		Short: "List the declared hooks",
		Long: `list prints the hooks declared under the hooks directory, sorted by event and
then merge order (priority, then id). A file that cannot be loaded does not
hide the others: list prints every valid hook, reports the broken files on
stderr, and exits 1.`,
		Example: `  hookrun list
  hookrun list --event PreAbilityCall
  hookrun list --json | jq -r '.[].id'`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return a.list(o) },
	}
	c.Flags().StringVar(&o.event, "event", "", "only hooks of this event")
	c.Flags().BoolVar(&o.json, "json", false, "print the hooks as a JSON array")
	return c
}

func (a *app) list(o listOptions) error {
	if o.event != "" {
		if _, ok := event.Parse(o.event); !ok {
			return exitcode.Failf("--event: unknown event %q; valid events: %s", o.event, event.Names())
		}
	}
	_, set, err := a.dirs().Load()
	if err != nil {
		return err
	}
	hooks := set.Hooks
	if o.event != "" {
		hooks = set.HooksFor(o.event)
	}
	if o.json {
		out := make([]hookJSON, len(hooks))
		for i, h := range hooks {
			out[i] = toJSON(h, a.cwd)
		}
		if err := ojson.Write(a.stdout, out, true); err != nil {
			return err
		}
	} else {
		writeTable(a.stdout, hooks)
	}
	if len(set.Invalid) > 0 {
		a.dirs().PrintFindings(a.stderr, set.Findings, config.Error)
		return exitcode.With(exitcode.Error, fmt.Errorf("%s not listed: run 'hookrun validate' for details", exitcode.Plural(len(set.Invalid), "invalid hook file")))
	}
	return nil
}

// writeTable prints the table of README, "hookrun list".
func writeTable(w io.Writer, hooks []*config.Hook) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	cols := []string{"id", "event_type", "enabled", "blocking", "match_summary"}
	rows := [][]string{cols, nil}
	width := make([]int, len(cols))
	for _, h := range hooks {
		rows = append(rows, []string{h.ID, string(h.Event), fmt.Sprint(h.Enabled), fmt.Sprint(h.Blocking), h.Match.Summary()})
	}
	for _, r := range rows {
		for i, cell := range r {
			width[i] = max(width[i], len(cell))
		}
	}
	for i := range cols {
		rows[1] = append(rows[1], strings.Repeat("-", width[i]))
	}
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	tw.Flush()
}

// hookJSON is a hook as list --json prints it.
type hookJSON struct {
	ID       string       `json:"id"`
	Event    string       `json:"event_type"`
	Enabled  bool         `json:"enabled"`
	Blocking bool         `json:"blocking"`
	Priority int          `json:"priority"`
	OnError  string       `json:"on_error"`
	Summary  string       `json:"summary,omitempty"`
	MatchSum string       `json:"match_summary"`
	Match    matchJSON    `json:"match"`
	Handler  *handlerJSON `json:"handler,omitempty"` // absent for a disabled hook declared without one
	Effects  []any        `json:"effects,omitempty"`
	File     string       `json:"file"`
}

type matchJSON struct {
	AbilityScope       []string `json:"ability_scope,omitempty"`
	MinDurationMS      *int64   `json:"min_duration_ms,omitempty"`
	OnlyIfChangedPaths []string `json:"only_if_changed_paths,omitempty"`
	CallerSource       []string `json:"caller_source,omitempty"`
}

type handlerJSON struct {
	Kind    string            `json:"kind"`
	Command string            `json:"command"`
	Args    []string          `json:"args,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
	Timeout string            `json:"timeout"`
}

func toJSON(h *config.Hook, cwd string) hookJSON {
	var env map[string]string
	if len(h.Handler.Env) > 0 {
		env = map[string]string{}
		for _, v := range h.Handler.Env {
			env[v.Name] = v.Value
		}
	}
	var handler *handlerJSON
	if h.Handler.Command != "" {
		handler = &handlerJSON{Kind: h.Handler.Kind, Command: h.Handler.Command, Args: h.Handler.Args, Env: env,
			Timeout: h.Handler.Timeout.String()}
	}
	return hookJSON{
		ID: h.ID, Event: string(h.Event), Enabled: h.Enabled, Blocking: h.Blocking,
		Priority: h.Priority, OnError: h.OnError, Summary: h.Summary,
		MatchSum: h.Match.Summary(),
		Match:    matchJSON{h.Match.AbilityScope, h.Match.MinDurationMS, h.Match.OnlyIfChangedPaths, h.Match.CallerSource},
		Handler:  handler,
		Effects:  h.Effects,
		File:     config.Rel(cwd, h.File),
	}
}
