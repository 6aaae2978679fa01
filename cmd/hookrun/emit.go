package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/hookrun/hookrun/internal/audit"
	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/emit"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/merge"
	"github.com/hookrun/hookrun/internal/ojson"
)

type emitOptions struct {
	event        string
	contextFile  string
	sequential   bool
	blockingOnly bool
	skipInvalid  bool
	pretty       bool
	auditLog     string
	summary      string
	dialect      *dialectFlags // --dialect, --changed-from-git (emit_dialect.go)
}

func (a *app) emitCmd() *cobra.Command {
	var o emitOptions
	c := &cobra.Command{
		Use:   "emit [EVENT]",
		Short: "Run the hooks of one event and print the merged result",
		Long: `emit reads the event context (a JSON object) from stdin or --context, runs
every enabled hook of the event whose match fits, and prints one merged
result as JSON on stdout. EVENT may be omitted when the context's event_type
names it; when both are given they must agree.

Handlers run concurrently; their results are merged in declaration order
(priority, then id), never in the order they finish.

Exit status: 0 allow, 2 deny, 3 require_human, 1 when hookrun could not do
its job (bad flags, invalid context, invalid hook files; no handler ran),
130 or 143 when interrupted by SIGINT or SIGTERM (no result is printed).`,
		Example: `  hookrun emit PreAbilityCall < ctx.json
  echo '{"event_type":"PromptSubmit","session_id":"s1","user_raw_input":"hi"}' | hookrun emit
  hookrun emit SessionStop --context stop.json --pretty
  hookrun emit PreAbilityCall --blocking-only --sequential < ctx.json`,
		Args:              optionalEvent,
		ValidArgsFunction: eventArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.event = args[0]
			}
			return o.dialect.finish(a, a.emit(o))
		},
	}
	f := c.Flags()
	f.StringVar(&o.contextFile, "context", "", "read the context from `FILE` instead of stdin")
	f.BoolVar(&o.sequential, "sequential", false, "run hooks one at a time in merge order, stopping at the first deny")
	f.BoolVar(&o.blockingOnly, "blocking-only", false, "run only blocking hooks")
	f.BoolVar(&o.skipInvalid, "skip-invalid", false, "run the valid hooks even when some hook files are invalid (they are reported)")
	f.BoolVar(&o.pretty, "pretty", false, "indent the JSON result")
	f.StringVar(&o.auditLog, "audit-log", "", "append audit lines to `PATH`, or \"off\" (default .system/logs/hookrun.jsonl under the project root; env HOOKRUN_AUDIT_LOG)")
	f.StringVar(&o.summary, "summary", "auto", "one line per hook on stderr: auto (when stderr is a terminal), always or never")
	o.dialect = a.dialectFlags(c)
	return c
}

func eventArgs(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	names := make([]string, len(event.All))
	for i, e := range event.All {
		names[i] = string(e)
	}
	return names, cobra.ShellCompDirectiveNoFileComp
}

// runHooks is emit.Run; tests replace it to make emit panic.
var runHooks = emit.Run

// ownOrphans makes emit the reaper of processes its handlers leave behind
// and end them before it returns. Tests that call run in their own process
// turn it off: that process has other children.
var ownOrphans = true

func (a *app) emit(o emitOptions) (err error) {
	defer recoverInternal(&err)
	// Once signals are caught (at the latest before the first process
	// starts), SIGINT and SIGTERM end emit with 130 or 143, whatever it is
	// doing, and a caller that stops reading stdout gets exit 1.
	ctx, stop := interruptible()
	defer stop()
	var ev event.Name
	if o.event != "" {
		var ok bool
		if ev, ok = event.Parse(o.event); !ok {
			return failf("unknown event %q; valid events: %s", o.event, event.Names())
		}
	}
	if o.summary != "auto" && o.summary != "always" && o.summary != "never" {
		return failf("--summary must be auto, always or never, got %q", o.summary)
	}
	data, err := a.readContext(ctx, o.contextFile)
	if err != nil {
		return err
	}
	ctxDoc, err := o.dialect.parse(ctx, a, data, ev)
	if err != nil {
		return withCode(exitError, err)
	}
	loc, set, err := a.load()
	if err != nil {
		return err
	}
	var warnings []merge.Warning
	if len(set.Invalid) > 0 {
		a.printFindings(a.stderr, set.Findings, config.Error)
		if !o.skipInvalid {
			return failf("%s: no hook was run (fix them, or pass --skip-invalid to run the valid ones)", plural(len(set.Invalid), "invalid hook file"))
		}
		for _, f := range set.Invalid {
			warnings = append(warnings, merge.Warning{Message: fmt.Sprintf("skipped invalid hook file %s (--skip-invalid)", config.Rel(loc.Root, f))})
		}
	}
	auditPath, err := a.auditPath(o.auditLog, loc)
	if err != nil {
		return err
	}

	// A signal missed from here on could leave a handler running.
	signalsCaught()
	if ctx.Err() != nil {
		return interrupted(ctx, "before any hook ran; no result was printed")
	}
	var orphans *exec.Orphans
	if ownOrphans {
		if orphans, err = exec.AdoptOrphans(); err != nil {
			fmt.Fprintf(a.stderr, "hookrun: warning: %v: processes that handlers leave outside their process groups will not be ended\n", err)
		}
	}
	out := runHooks(ctx, ctxDoc, set.HooksFor(string(ctxDoc.Event)), emit.Options{
		Root:         loc.Root,
		Env:          os.Environ(),
		Sequential:   o.sequential,
		BlockingOnly: o.blockingOnly,
		Limits:       exec.DefaultLimits,
		AuditPath:    auditPath,
		Warnings:     warnings,
	})
	if orphans != nil {
		// Every handler's group is gone; what is left was started by a
		// handler and left its group (setsid): no handler process
		// outlives emit.
		orphans.End(orphanLimit)
	}
	if out.AuditErr != nil {
		fmt.Fprintf(a.stderr, "hookrun: warning: %v (the decision is unchanged)\n", out.AuditErr)
	}
	if out.Interrupted {
		return interrupted(ctx, "running handlers were stopped and no result was printed")
	}
	if o.summary == "always" || o.summary == "auto" && isTerminalWriter(a.stderr) {
		writeSummary(a.stderr, out.Result)
	}
	if o.dialect.active() {
		return o.dialect.answer(a, out.Result)
	}
	if err := ojson.Write(a.stdout, out.Result, o.pretty); err != nil {
		return failf("writing the result: %v", err)
	}
	switch out.Result.Decision {
	case event.Deny:
		return withCode(exitDeny, nil)
	case event.RequireHuman:
		return withCode(exitHuman, nil)
	}
	return nil
}

// orphanLimit bounds the time emit spends ending processes left behind.
const orphanLimit = 2 * time.Second

// interrupted is the error for an emit stopped by SIGINT (130) or SIGTERM (143).
func interrupted(ctx context.Context, what string) error {
	code, sig := exitInterrupted, os.Signal(syscall.SIGINT)
	var i emit.Interrupt
	if errors.As(context.Cause(ctx), &i) && i.Signal == syscall.SIGTERM {
		code, sig = exitTerminated, i.Signal
	}
	return withCode(code, fmt.Errorf("interrupted by %s: %s", exec.SignalName(sig), what))
}

// readContext reads the context document, refusing to wait on a terminal
// and to read more than the documented maximum. A signal ends the wait
// for a caller that never closes stdin.
func (a *app) readContext(ctx context.Context, file string) ([]byte, error) {
	var r io.Reader = a.stdin
	from := "stdin"
	regular := false
	if file != "" {
		f, err := os.Open(file)
		if err != nil {
			return nil, failf("--context: %v", err)
		}
		defer f.Close()
		r, from = f, file
		st, err := f.Stat()
		regular = err == nil && st.Mode().IsRegular()
	} else if f, ok := a.stdin.(*os.File); ok && isTerminal(f) {
		return nil, failf("emit reads the event context as JSON on stdin, and stdin is a terminal: pipe the context in (hookrun emit EVENT < ctx.json) or pass --context FILE")
	}
	type read struct {
		data []byte
		err  error
	}
	readAll := func() read {
		data, err := io.ReadAll(io.LimitReader(r, event.MaxContextBytes+1))
		return read{data, err}
	}
	var got read
	if regular {
		got = readAll() // a regular file ends: no need to watch for signals
	} else {
		done := make(chan read, 1)
		go func() { done <- readAll() }()
		select {
		case got = <-done:
		case <-ctx.Done():
			return nil, interrupted(ctx, "while reading the context; no hook ran and no result was printed")
		}
	}
	switch {
	case got.err != nil:
		return nil, failf("reading the context from %s: %v", from, got.err)
	case len(got.data) > event.MaxContextBytes:
		// Reading stopped there: the rest is never read into memory.
		return nil, failf("the context on %s is larger than the maximum of %d bytes (8 MiB); no hook ran", from, event.MaxContextBytes)
	}
	return got.data, nil
}

// auditPath resolves --audit-log, then HOOKRUN_AUDIT_LOG, then the default
// under the project root. Without a hooks directory there is no project,
// so the default log is off rather than littering the working directory.
func (a *app) auditPath(flag string, loc config.Location) (string, error) {
	p := flag
	if p == "" {
		p = os.Getenv("HOOKRUN_AUDIT_LOG")
	}
	switch {
	case p == audit.Off:
		return "", nil
	case p == "" && !loc.Found:
		return "", nil
	case p == "":
		return filepath.Join(loc.Root, audit.DefaultPath), nil
	case !filepath.IsAbs(p):
		return filepath.Join(a.cwd, p), nil
	}
	return p, nil
}

func isTerminalWriter(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && isTerminal(f)
}

// writeSummary prints one line per hook and the decision, for a person
// running emit by hand.
func writeSummary(w io.Writer, r merge.Result) {
	reasons := map[string]string{}
	for _, e := range r.Errors {
		if _, seen := reasons[e.HookID]; !seen {
			reasons[e.HookID] = e.Message
		}
	}
	if len(r.BlockedBy) > 0 {
		reasons[r.BlockedBy[0]] = r.Reason
	}
	for _, h := range r.Hooks {
		line := fmt.Sprintf("hookrun: %-24s %-13s %5dms", h.ID, h.Status, h.DurationMS)
		if why := reasons[h.ID]; why != "" {
			line += "  " + firstLine(why)
		}
		fmt.Fprintln(w, line)
	}
	verdict := fmt.Sprintf("hookrun: %s: %s (%s)", r.EventType, r.Decision, plural(len(r.Hooks), "hook"))
	if len(r.BlockedBy) > 0 {
		verdict += " by " + strings.Join(r.BlockedBy, ", ")
	}
	fmt.Fprintln(w, verdict)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 160 {
		cut := 157
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}
