package emit

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"encoding/json"
	"github.com/hookrun/hookrun/internal/audit"
	"github.com/hookrun/hookrun/internal/callpath"
	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/exitcode"
	"github.com/hookrun/hookrun/internal/gitchanges"
	"github.com/hookrun/hookrun/internal/merge"
	"github.com/hookrun/hookrun/internal/ojson"
	"github.com/hookrun/hookrun/internal/project"
	"github.com/hookrun/hookrun/internal/rules"
	"github.com/hookrun/hookrun/internal/shellcmd"
	"github.com/hookrun/hookrun/internal/tty"
	"maps"
	"runtime/debug"
	"slices"
	"strings"
	"sync/atomic"
)

// Request is one `hookrun emit`: its flags, streams and directories.
type Request struct {
	Event        string // the EVENT argument, "" to take it from the context
	ContextFile  string // --context; "" for stdin
	Sequential   bool
	BlockingOnly bool
	SkipInvalid  bool
	Pretty       bool
	AuditLog     string // --audit-log
	Summary      string // --summary: auto, always or never
	Dialect      string // --dialect
	GitBase      string // --changed-from-git[=BASE]; "" when not given

	Dirs project.Dirs
	// CwdErr is why the working directory is unknown (it was deleted, say);
	// Dirs.Cwd is then empty. Under --dialect the agent's project directory
	// may stand in for it; otherwise emit fails, closed.
	CwdErr         error
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Signals        Signals
	// Watchdog is the hookrun binary to start as a watchdog that ends the
	// handlers' process groups should this process die (exec.Watchdog);
	// "" starts none.
	Watchdog string
}

// Signals is how emit learns of SIGINT, SIGTERM and SIGHUP (and of
// exec.EndSignals, which end it as SIGTERM does). The process catches
// them once, early (cmd/hookrun); emit borrows them for its run.
type Signals interface {
	// Interruptible returns a context canceled, with an Interrupt cause,
	// by the first SIGINT, SIGTERM or SIGHUP once signals are caught, and stop,
	// which ends the emit's claim on them.
	Interruptible() (ctx context.Context, stop func())
	// Caught returns once signals are caught; emit calls it before it
	// starts any process that must not outlive a signal to hookrun.
	Caught()
}

// Main runs one emit and returns its exit code and the error to print, if
// any (not yet printed). Under --dialect every failure becomes the agent's
// answer (docs/agents/README.md, "When hookrun fails").
func Main(r Request) (int, error) {
	growStack(0) // the result's merge and JSON run here, on the main goroutine
	config.KeepBounds()
	d := &dialectRun{name: r.Dialect, gitBase: r.GitBase}
	err := d.finish(r, run(r, d))
	return exitcode.Of(err), err
}

// runHooks is Run; tests replace it to make emit panic.
var runHooks = Run

// OwnOrphans makes emit the reaper of processes its handlers leave behind
// and end them before it returns. Tests that run emit in their own
// process turn it off: that process has other children.
var OwnOrphans = true

// orphanLimit bounds the time emit spends ending processes left behind.
const orphanLimit = 2 * time.Second

// orphanTime is how long emit may spend ending processes left behind:
// orphanLimit, and never past the caller's deadline, which the handlers
// may have used up (End then sends one round of SIGKILL and does not
// wait): past it the agent lets the call through.
func orphanTime(d Deadline, now time.Time) time.Duration {
	if d.At.IsZero() {
		return orphanLimit
	}
	return min(orphanLimit, d.At.Sub(now))
}

func run(r Request, d *dialectRun) (err error) {
	start := time.Now() // about when the agent started hookrun and its timeout began
	defer recoverInternal(&err, r.Stderr)
	// Once signals are caught (at the latest before the first process
	// starts), SIGINT, SIGTERM and SIGHUP end emit with 130, 143 or 129, whatever it is
	// doing, and a caller that stops reading stdout gets exit 1, or the
	// decision's 2 or 3 when it blocks (under --dialect, exit 2 when the
	// answer blocks: dialectRun.respond).
	ctx, stop := r.Signals.Interruptible()
	defer stop()
	if d.active() {
		// An agent's entry ended (its shell killed at the agent's timeout)
		// ends hookrun as its SIGTERM would: exec.TermWithParent.
		defer exec.TermWithParent()()
	}
	ctx, budget := withBudget(ctx)
	var ev event.Name
	if r.Event != "" {
		var ok bool
		if ev, ok = event.Parse(r.Event); !ok {
			return exitcode.Failf("%s", config.UnknownEvent(r.Event))
		}
	}
	if r.Summary != "auto" && r.Summary != "always" && r.Summary != "never" {
		return exitcode.Failf("--summary must be auto, always or never, got %q", r.Summary)
	}
	data, err := ReadContext(ctx, r.Stdin, r.ContextFile, r.Signals.Caught)
	if err != nil {
		return err
	}
	if dir := d.projectDir(); dir != "" {
		// The agent names its project: discovery and git start there,
		// wherever its working directory has wandered (or if it is gone).
		r.Dirs.Cwd, r.CwdErr = dir, nil
	}
	if r.CwdErr != nil {
		d.read(data) // to answer the agent in the shape its event needs
		return exitcode.Failf("cannot determine the working directory (%v), so hookrun cannot find this project's hooks", r.CwdErr)
	}
	// Before anything the repository's variables could steer runs (git
	// for a session's changed files, discovery).
	if d.active() {
		envErr, ok := inPhase(ctx, "env", func() error {
			return d.envFromProject(r.Dirs.Cwd, projectVars(sync.OnceValue(func() string { return config.Bound(r.Dirs.Cwd) })))
		})
		if !ok || envErr != nil {
			d.read(data) // to answer the agent in the shape its event needs
		}
		if !ok {
			return stopped(ctx, "while reading the files the agent loads into its hooks' environment; no hook ran and no result was printed")
		}
		if envErr != nil {
			return envErr
		}
	}
	// A signal in any phase ends emit at once (inPhase); none has started a
	// process that would outlive it (git runs with ctx).
	type parsed struct {
		call     *dialect.Call
		doc      *event.Context
		warnings []merge.Warning
		err      error
	}
	p, ok := inPhase(ctx, "parse", func() parsed {
		dd := *d
		doc, err := dd.parse(ctx, r, data, ev)
		return parsed{dd.call, doc, dd.warnings, err}
	})
	if !ok {
		return stopped(ctx, "while reading the context; no hook ran and no result was printed")
	}
	d.call, d.warnings = p.call, p.warnings
	ctxDoc := p.doc
	if p.err != nil {
		return exitcode.With(exitcode.Error, p.err)
	}
	type loaded struct {
		loc config.Location
		set *config.Set
		err error
	}
	l, ok := inPhase(ctx, "load", func() loaded {
		loc, set, err := r.Dirs.Load()
		return loaded{loc, set, err}
	})
	if !ok {
		return stopped(ctx, "while loading the hook declarations; no hook ran and no result was printed")
	}
	loc, set := l.loc, l.set
	if l.err != nil {
		return l.err
	}
	if d.active() && loc.Found && len(set.HooksFor(string(event.SessionStop))) > 0 {
		// Only where a session's end has hooks to run: an agent's entries installed for every
		// project leave the repositories without them alone.
		if _, ok := inPhase(ctx, "session", func() bool { recordStart(ctx, r, loc.Root, ctxDoc); return true }); !ok {
			return stopped(ctx, "while recording where the session starts; no hook ran and no result was printed")
		}
	}
	// The agent's deadline, read once: before the handlers when one can
	// wait, and by a phase that runs long (budget), which must end by it.
	agentDeadline := sync.OnceValue(func() Deadline { return d.deadline(loc.Root, start) })
	if d.active() {
		budget.knowDeadline(agentDeadline)
	}
	warnings := d.warnings
	// No hooks, or a nearer hooks directory hiding the project's, is a
	// setup mistake (or a planted one) as often as a choice: say so, in
	// the result and where a person looks.
	var msg string
	if note := loc.HiddenNote(""); note != "" {
		msg = "hooks directory " + loc.HooksDir + " " + note
	}
	if !loc.Found {
		if err := deletedHooks(ctx, r.Dirs.Cwd); err != nil {
			return err
		}
		msg = fmt.Sprintf("no hooks directory: no %s in %s %s, so no hook ran; hookrun init creates one", config.HooksSubdir, r.Dirs.Cwd, config.Searched(r.Dirs.Cwd))
	}
	if msg != "" {
		warnings = append(warnings, merge.Warning{Message: msg})
		if tty.IsTerminalWriter(r.Stderr) {
			fmt.Fprintln(r.Stderr, "hookrun: warning: "+msg)
		}
	}
	if len(set.Invalid) > 0 {
		r.Dirs.PrintFindings(r.Stderr, set.Findings, config.Error)
		if !r.SkipInvalid {
			// An agent cannot pass a flag to the entry that runs hookrun,
			// and the model reading the reason should not try to.
			fix := "fix them, or pass --skip-invalid to run the valid ones"
			if d.active() {
				fix = "fix them: hookrun validate names each problem"
			}
			return exitcode.Failf("%s: no hook was run (%s): %s", exitcode.Plural(len(set.Invalid), "invalid hook file"), fix, firstFindings(set.Findings, r.Dirs.Cwd))
		}
		// One new file repeating a guard's id would otherwise switch the
		// valid guard off with it.
		if ids := slices.Sorted(maps.Keys(set.Duplicates)); len(ids) > 0 {
			id := ids[0]
			files := set.Duplicates[id]
			rel := make([]string, len(files))
			for i, f := range files {
				rel[i] = config.Rel(loc.Root, f)
			}
			return exitcode.Failf("hook id %q is declared in %d files (%s): hookrun cannot tell which one is meant, so --skip-invalid does not skip them; no hook was run", id, len(files), strings.Join(rel, ", "))
		}
		for _, f := range set.Invalid {
			warnings = append(warnings, merge.Warning{Message: fmt.Sprintf("skipped invalid hook file %s (--skip-invalid)", config.Rel(loc.Root, f))})
		}
	}
	// WithPaths fills ctxDoc, which nothing reads until it is done.
	git := func(dir, rev string, guess bool) ([]string, error) {
		r.Signals.Caught() // git is a process too
		return gitchanges.Brought(ctx, dir, rev, guess)
	}
	if _, ok := inPhase(ctx, "paths", func() bool {
		WithPaths(ctxDoc, loc.Root, git)
		return true
	}); !ok {
		return stopped(ctx, "while reading the paths of the call; no hook ran and no result was printed")
	}
	auditPath := AuditPath(r.AuditLog, r.Dirs.Cwd, loc)

	// A signal missed from here on could leave a handler running. Rules and
	// http hooks start none (git, which a rules hook may run, waits for the
	// registration itself), so an event with only those does not wait: a
	// signal that comes before the registration ends hookrun the default
	// way whether emit is waiting for it or not, and one that comes after
	// it ends emit as before (Signals.Caught).
	hooks := set.HooksFor(string(ctxDoc.Event))
	if slices.ContainsFunc(hooks, startsProcess) {
		r.Signals.Caught()
	}
	if ctx.Err() != nil {
		return interrupted(ctx, "before any hook ran; no result was printed")
	}
	if care := HTTPVars(hooks); d.active() && len(care) > 0 {
		envErr, ok := inPhase(ctx, "env", func() error {
			return d.envFromProject(r.Dirs.Cwd, func(n string) (string, bool) { w, ok := care[n]; return w, ok })
		})
		if !ok {
			return stopped(ctx, "while reading the files the agent loads into its hooks' environment; no hook ran and no result was printed")
		}
		if envErr != nil {
			return envErr
		}
	}
	var deadline Deadline
	// Handlers are cut to it, and the audit log's lock is not waited for
	// past it; rules hooks alone, with no log, need none.
	if d.active() && (auditPath != "" || slices.ContainsFunc(hooks, func(h *config.Hook) bool { return h.Handler.Kind != config.KindRules })) {
		// The agent's settings file may be large or slow to read (up to
		// 16 MiB, on a network mount): a signal must not wait for it.
		if deadline, ok = inPhase(ctx, "settings", agentDeadline); !ok {
			return stopped(ctx, "while reading the agent's settings for its timeout; no hook ran and no result was printed")
		}
	}
	var watchdog *exec.Watchdog
	if r.Watchdog != "" && len(hooks) > 0 {
		// Ready before the first handler, closed after the last: a
		// SIGKILL to hookrun while handlers run leaves none running.
		watchdog = exec.NewWatchdog(r.Watchdog)
	}
	var orphans *exec.Orphans
	if OwnOrphans {
		if orphans, err = exec.AdoptOrphans(); err != nil {
			fmt.Fprintf(r.Stderr, "hookrun: warning: %v: processes that handlers leave outside their process groups will not be ended\n", err)
		}
	}
	out := runHooks(ctx, ctxDoc, hooks, Options{
		Root:         loc.Root,
		Tree:         config.Bound(loc.Root),
		Env:          os.Environ(),
		Sequential:   r.Sequential,
		BlockingOnly: r.BlockingOnly,
		Limits:       exec.DefaultLimits,
		AuditPath:    auditPath,
		Warnings:     warnings,
		Watchdog:     watchdog,
		Deadline:     deadline,
		Git:          git,
	})
	orphans.Spare(watchdog.Close())
	if err := watchdog.Err(); err != nil {
		fmt.Fprintf(r.Stderr, "hookrun: warning: %v: a hookrun killed with SIGKILL would have left its handlers running\n", err)
	}
	if orphans != nil {
		// Every handler's group is gone; what is left was started by a
		// handler and left its group (setsid): no handler process
		// outlives emit.
		orphans.End(orphanTime(deadline, time.Now()), ctx.Done())
	}
	if err := overrun(ctx); err != nil && ctx.Err() == nil {
		return err
	}
	if ctx.Err() != nil && !out.Interrupted {
		// The signal came after the last handler ended: it is answered as
		// one that came earlier, not with a result printed after it.
		return interrupted(ctx, "after its handlers ended, while it ended the processes they left behind; no result was printed")
	}
	if out.AuditErr != nil {
		fmt.Fprintf(r.Stderr, "hookrun: warning: %v (the decision is unchanged)\n", out.AuditErr)
	}
	if out.Interrupted {
		return interrupted(ctx, "running handlers were stopped and no result was printed")
	}
	if r.Summary == "always" || r.Summary == "auto" && tty.IsTerminalWriter(r.Stderr) {
		WriteSummary(r.Stderr, out.Result)
	}
	if d.active() {
		return d.answer(r, out.Result)
	}
	code := exitcode.OK
	switch out.Result.Decision {
	case event.Deny:
		code = exitcode.Deny
	case event.RequireHuman:
		code = exitcode.Human
	}
	if err := ojson.Write(r.Stdout, out.Result, r.Pretty); err != nil {
		if code == exitcode.OK {
			return exitcode.Failf("writing the result: %v", err)
		}
		// A caller that closed stdout (or a full disk) reads only the
		// code: exit 1, which agents read as a non-blocking error, would
		// let a blocked call through.
		return exitcode.With(code, fmt.Errorf("writing the result: %v; the decision was %s, so emit exits %d", err, out.Result.Decision, code))
	}
	if code == exitcode.OK {
		return nil
	}
	return exitcode.With(code, nil)
}

// startsProcess says whether a hook's handler is a process: every kind
// but rules and http.
func startsProcess(h *config.Hook) bool {
	return h.Handler.Kind != config.KindRules && h.Handler.Kind != config.KindHTTP
}

// interrupted is the error for an emit stopped by SIGINT (130), SIGHUP
// (129), or SIGTERM or another signal that asks a process to end (143:
// EndSignals). It wraps the Interrupt, so a dialect's answer names the
// signal.
func interrupted(ctx context.Context, what string) error {
	i := Interrupt{Signal: syscall.SIGINT}
	errors.As(context.Cause(ctx), &i)
	code := exitcode.Terminated
	switch i.Signal {
	case syscall.SIGINT:
		code = exitcode.Interrupted
	case syscall.SIGHUP:
		code = exitcode.HungUp
	}
	return exitcode.With(code, fmt.Errorf("%w: %s", i, what))
}

// ContextTimeout bounds the wait for a context that is not a regular file
// (a pipe from the caller) while nothing arrives: a caller that never
// closes stdin must not hold a decision forever. It counts time with
// nothing read, not the whole read, so a context over the maximum is
// refused for its size however slowly a loaded machine moves the bytes.
var ContextTimeout = 10 * time.Second

// waitTimer is the timer of ReadContext's wait; tests replace it to fire
// it between reads.
var waitTimer = func(d time.Duration) (c <-chan time.Time, reset func(time.Duration), stop func()) {
	t := time.NewTimer(d)
	return t.C, func(d time.Duration) { t.Reset(d) }, func() { t.Stop() }
}

// counted counts the bytes read through it, for a wait that watches
// whether the caller is still sending.
type counted struct {
	r io.Reader
	n atomic.Int64
}

func (c *counted) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// ReadContext reads the context document, refusing to wait on a terminal
// and to read more than the documented maximum. A signal ends the wait
// for a caller that never closes stdin: before waiting on a pipe with
// nothing in it yet, it calls caught (when not nil), which returns once
// signals are caught. A caller whose timeout sends SIGTERM then gets its
// answer, however slowly a loaded machine started hookrun, not a default
// death by the signal that an agent reads as "go ahead".
func ReadContext(ctx context.Context, stdin io.Reader, file string, caught func()) ([]byte, error) {
	var r io.Reader = stdin
	from := "stdin"
	regular := false
	if file != "" {
		f, err := openContext(ctx, file, caught)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r, from = f, file
		st, err := f.Stat()
		if err == nil && st.IsDir() {
			return nil, exitcode.Failf("--context %s: is a directory; give the file that holds the context as JSON", file)
		}
		regular = err == nil && st.Mode().IsRegular()
	} else if tty.IsTerminalReader(stdin) {
		return nil, exitcode.Failf("emit reads the event context as JSON on stdin, and stdin is a terminal: pipe the context in (hookrun emit EVENT < ctx.json) or pass --context FILE")
	}
	type read struct {
		data []byte
		err  error
	}
	in := &counted{r: r}
	readAll := func() read {
		// The cap counts bytes, not time: at most one byte past it is read.
		data, err := io.ReadAll(io.LimitReader(in, event.MaxContextBytes+1))
		return read{data, err}
	}
	var got read
	if regular {
		got = readAll() // a regular file ends: no need to watch for signals
	} else {
		// A context already waiting is read at once: the agents write it as
		// they start hookrun, and the wait for signals (a round trip to a
		// thread os/signal starts) would only add to every event.
		f, isFile := r.(*os.File)
		if caught != nil && (!isFile || !exec.Readable(f)) {
			caught()
		}
		done := make(chan read, 1)
		go func() { done <- readAll() }()
		fired, reset, stop := waitTimer(ContextTimeout)
		defer stop()
		var seen int64
	wait:
		for {
			select {
			case got = <-done:
				break wait
			case <-ctx.Done():
				return nil, interrupted(ctx, "while reading the context; no hook ran and no result was printed")
			case <-fired:
				// Bytes came since the timer was set, or are waiting in the
				// pipe: the caller is still sending.
				if n := in.n.Load(); n != seen || isFile && exec.Readable(f) {
					seen = n
					reset(ContextTimeout)
					continue
				}
				return nil, exitcode.Failf("the context on %s did not end: nothing arrived for %s, and the caller must write it and close %s; no hook ran", from, ContextTimeout, from)
			}
		}
	}
	switch {
	case got.err != nil:
		return nil, exitcode.Failf("reading the context from %s: %v", from, got.err)
	case len(got.data) > event.MaxContextBytes:
		// Reading stopped there: the rest is never read into memory.
		return nil, exitcode.Failf("the context on %s is larger than the maximum of %d bytes (8 MiB); no hook ran", from, event.MaxContextBytes)
	}
	return got.data, nil
}

// openContext opens --context FILE. Opening a named pipe waits for a
// writer, so that open runs aside, bounded by ContextTimeout and ended by
// a signal as reading is: a FIFO no one writes to never hangs emit.
func openContext(ctx context.Context, file string, caught func()) (*os.File, error) {
	if st, err := os.Stat(file); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		f, err := os.Open(file)
		if err != nil {
			return nil, openFailed(file, err)
		}
		return f, nil
	}
	type opened struct {
		f   *os.File
		err error
	}
	done := make(chan opened, 1)
	go func() {
		f, err := os.Open(file)
		done <- opened{f, err}
	}()
	if caught != nil {
		caught()
	}
	timer := time.NewTimer(ContextTimeout)
	defer timer.Stop()
	select {
	case o := <-done:
		if o.err != nil {
			return nil, openFailed(file, o.err)
		}
		return o.f, nil
	case <-ctx.Done():
		return nil, interrupted(ctx, "while opening the context "+file+", a named pipe no one has opened for writing; no hook ran and no result was printed")
	case <-timer.C:
		return nil, exitcode.Failf("--context %s: no one opened it for writing within %s: it is a named pipe, and the caller must write the context to it and close it; no hook ran", file, ContextTimeout)
	}
}

// openFailed is the failure to open --context FILE, which it names once
// (os.Open's error names it too).
func openFailed(file string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return exitcode.Failf("--context %s: %v", file, err)
}

// FromFile names --context FILE, when the context came from one, in an
// error reading it: a context that is not one, a field missing.
func FromFile(file string, err error) error {
	if file == "" || err == nil {
		return err
	}
	var ce *event.ContextError
	if errors.As(err, &ce) && err == error(ce) {
		return &fileContextError{file, ce}
	}
	return fmt.Errorf("--context %s: %w", file, err)
}

// fileContextError is a ContextError in --context FILE.
type fileContextError struct {
	file string
	ce   *event.ContextError
}

func (e *fileContextError) Error() string {
	if e.ce.Field == "" {
		return fmt.Sprintf("--context %s: %s", e.file, e.ce.Msg)
	}
	return fmt.Sprintf("--context %s: field %q: %s", e.file, e.ce.Field, e.ce.Msg)
}

func (e *fileContextError) Unwrap() error { return e.ce }

// AuditPath resolves --audit-log, then HOOKRUN_AUDIT_LOG, then the default
// under the project root; "" means no log. Without a hooks directory
// there is no project, so the default log is off rather than littering
// the working directory.
func AuditPath(flag, cwd string, loc config.Location) string {
	p := flag
	if p == "" {
		p = os.Getenv("HOOKRUN_AUDIT_LOG")
	}
	switch {
	case p == audit.Off:
		return ""
	case p == "" && !loc.Found:
		return ""
	case p == "":
		return filepath.Join(loc.Root, audit.DefaultPath)
	case !filepath.IsAbs(p):
		return filepath.Join(cwd, p)
	}
	return p
}

// recoverInternal turns a panic, a bug in hookrun, into exit 1 with a
// message, so that emit never ends with Go's own status 2 (which callers
// read as deny) and prints no result. Deferred by run, it sets *err, and
// writes the trace to stderr: under --dialect the message becomes the
// agent's deny reason, which a trace of kilobytes would bury.
func recoverInternal(err *error, stderr io.Writer) {
	v := recover()
	if v == nil {
		return
	}
	stack := debug.Stack()
	var p *Panic
	if e, ok := v.(error); ok && errors.As(e, &p) {
		v, stack = p.Value, p.Stack
		if p.HookID != "" {
			v = fmt.Sprintf("%v (in hook %s)", p.Value, p.HookID)
		}
	}
	fmt.Fprintf(stderr, "hookrun: internal error: %v; its trace:\n%s\n", v, stack)
	*err = exitcode.With(exitcode.Error, fmt.Errorf("internal error: %v; no result was printed. This is a bug in hookrun; please report it with the trace hookrun printed on its standard error", v))
}

// WithPaths fills a call's paths (docs/hooks.md, "Events and their
// contexts"): those the caller sent, or those its command line names,
// cleaned against the project root, for match.paths, rules and handlers.
// explain calls it too, so that it judges the context emit would. git
// lists what a git command bringing another commit changes
// (gitchanges.Brought).
func WithPaths(c *event.Context, root string, git callpath.Git) {
	if c.Event == event.SessionStop {
		cleanChangedFiles(c, root)
		return
	}
	if c.Event != event.PreAbilityCall && c.Event != event.PostAbilityCall {
		return
	}
	var cwd, session string
	_ = json.Unmarshal(c.Fields["cwd"], &cwd)
	dirUnknown := ""
	// A file ability's relative file is taken from the directory its input names ({"dir":
	// "prod", "file": "x"} is prod/x), and, as a shell line's, from the caller's own too.
	file := c.AbilityID == dialect.EditFile || c.AbilityID == dialect.WriteFile || c.AbilityID == dialect.ReadFile
	if c.AbilityID == dialect.Shell || (c.Command != "" && !event.Canonical(c.AbilityID)) || file {
		// A tool that runs the command line its input holds (mcp/box/run) runs it where its
		// input says too.
		cwd, dirUnknown = argsShellDir(c, cwd, root)
	}
	sh, _ := shellcmd.ShellNamed(c.Shell)
	// The files the call's input names count whatever paths the caller sent (write_file of
	// .system/hooks/x.yaml sent with paths ["README.md"] must not hide it; a dialect's paths are
	// read from the input already), and count as sent (SentPaths): a program the command runs by
	// such a path is named by the input too, which ignore_programs keeps.
	args := dialect.ArgsPaths(c.AbilityID, c.Fields["ability_args"])
	c.SentPaths = addNew(c.SentPaths, args)
	sent := addNew(c.Paths, args)
	c.Paths, c.UnknownPaths = callpath.Of(sent, c.Command, sh, cwd, root, git)
	if json.Unmarshal(c.Fields[dialect.SessionCWDField], &session) == nil && session != "" && session != cwd && (c.Command != "" || file) {
		// The agent may have ignored the directory its shell call named
		// (cwd): the command's paths in the session's directory count too,
		// and so do the paths the caller sent, which it may have written
		// from there (paths ["secret/k"] with workdir src is not src/secret/k alone).
		more, unknown := callpath.Of(sent, c.Command, sh, session, root, git)
		c.Paths = addNew(c.Paths, more)
		if c.UnknownPaths == "" {
			c.UnknownPaths = unknown
		}
	}
	// A command line hookrun could not tell (two fields holding different lines, args it cannot
	// read), or a shell call's it found none of, may name paths the line it read does not: the
	// tool may run the other one.
	c.UnknownPaths = cmp.Or(dirUnknown, c.CommandUnread, rules.NoCommand(c), c.UnknownPaths)
	if len(c.Paths) == 0 && c.UnknownPaths == "" && (c.AbilityID == dialect.EditFile || c.AbilityID == dialect.WriteFile) {
		// A payload shape hookrun does not know: the file it changes might be a guarded one.
		c.UnknownPaths = "the " + c.AbilityID + " call names no file hookrun can find in its input"
	}
	if len(c.Paths) > 0 || c.HasPaths {
		c.Fields["paths"], _ = json.Marshal(c.Paths)
	}
	// A script or a policy service sees paths too, and without this would
	// take a path it cannot see for no path at all: rm $D/app.yaml would
	// name nothing under config/prod. The field is hookrun's alone.
	dropOwn(c.Fields, PathsUnknownField)
	if c.UnknownPaths != "" {
		c.Fields[PathsUnknownField], _ = json.Marshal(c.UnknownPaths)
	}
}

// argsShellDir makes the directory a shell call's ability_args name for
// its command (dialect.ShellDir: dir_path, workdir, cwd, …) the call's cwd,
// with the caller's in session_cwd, as a dialect does for an agent's call,
// and returns it: the runtime may run the command there, and rm x there is
// another file. A dialect's context agrees already (its session_cwd and
// the input give its cwd). unknown says why the directory cannot be told:
// a field that is not a string, two different ones, or one that is neither
// the context's cwd nor its own when the caller sent a session_cwd. A
// relative directory is taken from cwd, or from root when there is none.
func argsShellDir(c *event.Context, cwd, root string) (dir, unknown string) {
	var session string
	hasSession := json.Unmarshal(c.Fields[dialect.SessionCWDField], &session) == nil && session != ""
	base := cmp.Or(cwd, root)
	if hasSession {
		base = session
	}
	d, bad := dialect.ShellDir(c.Fields["ability_args"], base, "ability_args")
	switch {
	case bad != "":
		return cwd, bad + ", so the directory the command runs in is unknown"
	case d == "" || filepath.Clean(d) == filepath.Clean(cmp.Or(cwd, root)):
		return cwd, ""
	case hasSession:
		return cwd, fmt.Sprintf("ability_args name the directory %q for the command, and the context's cwd is %q: which one it runs in is unknown", d, cwd)
	}
	c.Fields[dialect.SessionCWDField], _ = json.Marshal(cmp.Or(cwd, "."))
	c.Fields["cwd"], _ = json.Marshal(d)
	c.Paths = append(c.Paths, d)
	return d, ""
}

// addNew is paths with those of more it does not hold yet after them.
func addNew(paths, more []string) []string {
	if len(more) == 0 {
		return paths
	}
	seen := make(map[string]bool, len(paths)+len(more))
	for _, p := range paths {
		seen[p] = true
	}
	for _, p := range more {
		if !seen[p] {
			seen[p] = true
			paths = append(paths, p)
		}
	}
	return paths
}

// cleanChangedFiles cleans SessionStop's changed_files as a call's paths
// are (project-relative inside the root, absolute outside, no ".", ".."
// or doubled slash), so that only_if_changed_paths and the handlers see
// x/../services/a.go as services/a.go. A name stays relative to the root
// even when it begins with ~.
func cleanChangedFiles(c *event.Context, root string) {
	if len(c.ChangedFiles) == 0 || root == "" {
		return
	}
	changed := false
	for i, f := range c.ChangedFiles {
		if f == "" {
			continue
		}
		p := f
		if strings.HasPrefix(p, "~") {
			p = "./" + p
		}
		if n := callpath.Normalize(p, root, root); n != f {
			c.ChangedFiles[i], changed = n, true
		}
	}
	if changed {
		c.Fields["changed_files"], _ = json.Marshal(c.ChangedFiles)
	}
}

// PathsUnknownField is the context field that says why a path the call
// names is only known when it runs (docs/hooks.md).
const PathsUnknownField = "paths_unknown"

// firstFindings names the first errors, file:line:col and message, for a
// message an agent shows: stderr reaches no one there.
func firstFindings(fs []config.Finding, cwd string) string {
	var out []string
	for _, f := range fs {
		if f.Severity != config.Error {
			continue
		}
		if len(out) == 3 {
			out = append(out, "…")
			break
		}
		out = append(out, f.Format(cwd))
	}
	return strings.Join(out, "; ")
}

// deletedHooks is the error of a hooks directory, at the working directory
// cwd or above it, that git holds and the work tree lacks: deleted without
// a commit saying so (rm -rf, or a script no guard reads), which must not
// run no hooks as a project without any does (docs/guarantees.md).
func deletedHooks(ctx context.Context, cwd string) error {
	dir, files, err := gitchanges.Deleted(ctx, cwd, config.HooksSubdir)
	if err != nil {
		return exitcode.Failf("no hooks directory %s was found, and git could not say whether its files were deleted from the work tree (%v), so no hook was run and nothing is let through; restore the hooks with git checkout HEAD -- %s, or repair the repository (git status says what is wrong)",
			config.HooksSubdir, err, config.HooksSubdir)
	}
	if dir == "" {
		return nil
	}
	named := strings.Join(files[:min(len(files), 3)], ", ")
	if len(files) > 3 {
		named += fmt.Sprintf(", and %d more", len(files)-3)
	}
	root := filepath.Join(cwd, filepath.FromSlash(strings.TrimSuffix(dir, config.HooksSubdir)))
	return exitcode.Failf("the hooks directory %s is gone from the work tree, though git holds %s in it (%s): its hooks were deleted, not removed by a commit, so no hook was run and nothing is let through; restore them with git checkout HEAD -- %s (in %s), or, if they are meant to go, commit their removal",
		dir, exitcode.Plural(len(files), "file"), named, config.HooksSubdir, root)
}
