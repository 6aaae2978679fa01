// Package inspect tells the people who write hooks about the declared
// hooks: list prints them, validate checks them, explain says which would
// run for a context and why. None of it runs a handler.
package inspect

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exitcode"
	"github.com/hookrun/hookrun/internal/ojson"
	"github.com/hookrun/hookrun/internal/project"
	"github.com/hookrun/hookrun/internal/untrusted"
)

// ListRequest is one `hookrun list`.
type ListRequest struct {
	Event          string // --event; "" for all
	JSON           bool
	Dirs           project.Dirs
	Stdout, Stderr io.Writer
}

// List prints the declared hooks as a table or JSON; invalid files are
// reported on stderr and make it exit 1.
func List(o ListRequest) error {
	if o.Event != "" {
		if _, ok := event.Parse(o.Event); !ok {
			return exitcode.Failf("--event: %s", config.UnknownEvent(o.Event))
		}
	}
	loc, set, err := o.Dirs.Load()
	if err != nil {
		return err
	}
	if note := loc.HiddenNote(o.Dirs.Cwd); note != "" {
		// The table shows the hooks that run from here, not the project's.
		fmt.Fprintln(o.Stderr, untrusted.Clean("hookrun: warning: hooks directory "+config.Rel(o.Dirs.Cwd, loc.HooksDir)+" "+note))
	}
	hooks := set.Hooks
	if o.Event != "" {
		hooks = set.HooksFor(o.Event)
	}
	if o.JSON {
		out := make([]hookJSON, len(hooks))
		for i, h := range hooks {
			out[i] = toJSON(h, o.Dirs.Cwd)
		}
		if err := ojson.Write(o.Stdout, out, true); err != nil {
			return err
		}
	} else {
		writeTable(o.Stdout, hooks)
	}
	if len(set.Invalid) > 0 {
		o.Dirs.PrintFindings(o.Stderr, set.Findings, config.Error)
		return exitcode.With(exitcode.Error, fmt.Errorf("%s not listed; while they are, emit runs no hook (fix them, or pass emit --skip-invalid to run the valid ones)", exitcode.Plural(len(set.Invalid), "invalid hook file")))
	}
	return nil
}

// writeTable prints the table of docs/commands.md, "hookrun list".
func writeTable(w io.Writer, hooks []*config.Hook) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	cols := []string{"id", "event_type", "enabled", "blocking", "match_summary"}
	rows := [][]string{cols, nil}
	width := make([]int, len(cols))
	for _, h := range hooks {
		// A glob is the repository's text: no control character reaches the terminal.
		rows = append(rows, []string{h.ID, string(h.Event), fmt.Sprint(h.Enabled), fmt.Sprint(h.Blocking), untrusted.Clean(h.Match.Summary())})
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
	// What leaves the machine is what a reviewer of a repository's hooks
	// must see first: an http hook sends each context to its url.
	first := true
	for _, h := range hooks {
		if msg := sends(h, nil); msg != "" {
			if first {
				fmt.Fprintln(w, "\nhttp hooks send the context off this machine:")
				first = false
			}
			fmt.Fprintln(w, untrusted.Clean("  "+h.ID+": "+msg))
		}
	}
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
	Paths              []string `json:"paths,omitempty"`
}

type handlerJSON struct {
	Kind    string            `json:"kind"`
	Command string            `json:"command,omitempty"`
	Args    []string          `json:"args,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
	// An http handler's url as written (${NAME} references, never their
	// values) and its header names: header values are never listed.
	URL      string   `json:"url,omitempty"`
	Origin   string   `json:"origin,omitempty"` // where the url sends the context, as written
	Headers  []string `json:"headers,omitempty"`
	Sends    string   `json:"sends,omitempty"` // what goes where, in words (sends)
	Response string   `json:"response,omitempty"`
	// A rules handler's decision for a command it cannot read, and how
	// many rules it holds; it has no timeout, since it starts no process.
	Unresolved string `json:"unresolved,omitempty"`
	RuleCount  int    `json:"rule_count,omitempty"`
	Timeout    string `json:"timeout,omitempty"`
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
	switch {
	case h.Handler.Command != "":
		handler = &handlerJSON{Kind: h.Handler.Kind, Command: h.Handler.Command, Args: h.Handler.Args, Env: env,
			Timeout: h.Handler.Timeout.String()}
	case h.Handler.HTTP != nil:
		web := h.Handler.HTTP
		handler = &handlerJSON{Kind: h.Handler.Kind, URL: web.URL.String(), Origin: origin(web.URL), Response: web.Response,
			Sends: sends(h, nil), Timeout: h.Handler.Timeout.String()}
		for _, hd := range web.Headers {
			handler.Headers = append(handler.Headers, hd.Name)
		}
	case h.Handler.Rules != nil:
		handler = &handlerJSON{Kind: h.Handler.Kind, Unresolved: h.Handler.Rules.Unresolved, RuleCount: len(h.Handler.Rules.Rules)}
	}
	return hookJSON{
		ID: h.ID, Event: string(h.Event), Enabled: h.Enabled, Blocking: h.Blocking,
		Priority: h.Priority, OnError: h.OnError, Summary: h.Summary,
		MatchSum: h.Match.Summary(),
		Match:    matchJSON{h.Match.AbilityScope, h.Match.MinDurationMS, h.Match.OnlyIfChangedPaths, h.Match.CallerSource, h.Match.Paths},
		Handler:  handler,
		Effects:  h.Effects,
		File:     config.Rel(cwd, h.File),
	}
}
