package emit

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/dialect/settings"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exitcode"
	"github.com/hookrun/hookrun/internal/gitchanges"
	"github.com/hookrun/hookrun/internal/merge"
	"github.com/hookrun/hookrun/internal/ojson"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// dialectRun is emit under --dialect (and --changed-from-git): the context
// is an agent's hook payload, and the answer goes back in the agent's own
// format and exit-code convention instead of hookrun's merged result.
type dialectRun struct {
	name    string        // --dialect
	gitBase string        // --changed-from-git[=BASE]; "" when not given
	call    *dialect.Call // the agent's call, once its payload is read
	// warnings are for the person, in the result (the agent shows hookrun's own warnings
	// where it shows a hook's message): what stderr alone would tell no one.
	warnings []merge.Warning
}

// errNoOpinion stops emit before any hook runs: the agent's event has no
// hookrun counterpart.
var errNoOpinion = errors.New("the event has no hookrun counterpart")

func (d *dialectRun) active() bool { return d.name != "" }

// projectDir is the project directory the agent gives its hooks in its
// environment (Claude Code's CLAUDE_PROJECT_DIR, Gemini CLI's
// GEMINI_PROJECT_DIR), or "".
func (d *dialectRun) projectDir() string {
	a, ok := dialect.Find(dialect.Name(d.name))
	if !d.active() || !ok || a.Settings.ProjectDirVar == "" {
		return ""
	}
	return os.Getenv(a.Settings.ProjectDirVar)
}

// deadline is when hookrun must have answered the agent: the timeout
// hookrun's entries in the agent's settings file under root give it, less
// a margin in which hookrun ends its handlers and answers. Past the agent's
// own timeout the agent applies its own rule, which for most events lets
// the call through (docs/agents/README.md, "When hookrun fails"). An
// entry with no timeout gets the agent's default; none when that is not
// known (Cursor) or the agent's hooks are code (OpenCode's plugin keeps
// its own).
func (d *dialectRun) deadline(root string, start time.Time) Deadline {
	a, ok := settings.Find(dialect.Name(d.name))
	if !d.active() || !ok {
		return Deadline{}
	}
	w, ok := a.WaitAt(root)
	if !ok {
		return Deadline{}
	}
	wait := w.Wait
	budget := max(wait-min(max(wait/10, 3*time.Second), 15*time.Second), wait/2)
	return Deadline{
		At:    start.Add(budget),
		Why:   fmt.Sprintf("that was all that was left of the %s hookrun keeps for its handlers, short of the %s %s waits for it (%s): the agent would let the call through once that passed", budget, wait, d.name, w.From),
		Raise: d.raiseWait(root, a, w),
	}
}

// raiseWait says where a person gives hookrun's handlers longer under the
// agent: the timeout of hookrun's entry that gave the wait, at its place
// in its file, which install --timeout writes when the file is the
// project's own settings (a person's own settings, outranking it, are
// edited by hand).
func (d *dialectRun) raiseWait(root string, a settings.Agent, w settings.Waited) string {
	key := cmp.Or(a.TimeoutKey, "timeout")
	at := inRoot(root, w.File)
	if w.Line > 0 {
		at += fmt.Sprintf(":%d:%d", w.Line, w.Col)
	}
	what := fmt.Sprintf("raise the %s of hookrun's entry in %s", key, at)
	if strings.HasPrefix(w.From, "its default") {
		what = fmt.Sprintf("give hookrun's entry in %s a %s", at, key)
	}
	if w.File == filepath.Join(root, a.File) {
		verb := "rewrites"
		if strings.HasPrefix(w.From, "its default") {
			verb = "writes"
		}
		what += fmt.Sprintf(" (hookrun install %s --timeout DURATION %s it)", d.name, verb)
	}
	return what
}

// read reads the agent's payload as far as it can, so that a failure can
// be answered in the shape the agent's event needs.
func (d *dialectRun) read(data []byte) {
	if n, ok := dialect.Parse(d.name); ok && d.call == nil {
		d.call, _ = dialect.Read(n, data)
	}
}

// parse turns the input into the event context: hookrun's own context, or
// with --dialect an agent's payload. Either way SessionStop's changed
// files can come from git.
func (d *dialectRun) parse(ctx context.Context, r Request, data []byte, ev event.Name) (*event.Context, error) {
	if !d.active() {
		c, err := event.ParseContext(data, ev)
		if err != nil || d.gitBase == "" {
			return c, FromFile(r.ContextFile, EventHint(err))
		}
		return withGitChanges(ctx, r, c, d.gitBase)
	}
	n, ok := dialect.Parse(d.name)
	if !ok {
		return nil, unknownDialect(d.name)
	}
	call, err := dialect.Read(n, data)
	d.call = call
	if err != nil {
		return nil, err
	}
	if ev != "" {
		return nil, fmt.Errorf("--dialect takes the event from the payload's hook_event_name: drop the EVENT argument %s", ev)
	}
	if call.Kind == dialect.Unmapped {
		return nil, errNoOpinion
	}
	if call.Kind == dialect.End && !call.HasChangedFiles {
		base := d.gitBase
		if base == "" {
			base = gitchanges.Head
		}
		files, err := gitChanges(ctx, r, base)
		if err != nil {
			fmt.Fprintf(r.Stderr, "hookrun: warning: changed files from git: %v; SessionStop runs with no changed files\n", err)
			files = []string{}
			// Outside a repository there is nothing for git to list (docs/agents); a git
			// that fails in one hides the session's work from every check of it.
			if notRepo := (*gitchanges.NotRepoError)(nil); !errors.As(err, &notRepo) {
				d.warnings = append(d.warnings, merge.Warning{Message: fmt.Sprintf("git could not list the files this session changed, so the SessionStop hooks that run only for changed files (only_if_changed_paths) did not run; fix what git says: %v", err)})
			}
		}
		call.SetChangedFiles(sessionChanges(ctx, r, call.SessionID, files))
	}
	doc, err := call.Context()
	if err != nil {
		return nil, err
	}
	return event.ParseContext(doc, "")
}

// withGitChanges fills a SessionStop context's changed_files from git
// when it has none; a list the caller sent is kept.
func withGitChanges(ctx context.Context, r Request, c *event.Context, base string) (*event.Context, error) {
	if c.Event != event.SessionStop {
		return nil, fmt.Errorf("--changed-from-git fills SessionStop's changed_files, and this context is %s", c.Event)
	}
	if len(c.ChangedFiles) > 0 {
		return c, nil
	}
	files, err := gitChanges(ctx, r, base)
	var notRepo *gitchanges.NotRepoError
	switch {
	case errors.As(err, &notRepo):
		return nil, fmt.Errorf("--changed-from-git: %w: run hookrun inside the project's git work tree, or leave --changed-from-git out and give changed_files in the context", err)
	case err != nil:
		return nil, fmt.Errorf("--changed-from-git: %w", err)
	}
	c.Fields["changed_files"], _ = json.Marshal(files)
	return event.ParseContext(c.JSON(), c.Event)
}

// gitChanges lists the files changed since base, relative to the project
// root, as the hooks' only_if_changed_paths globs are. git runs in its
// own process group, ended with emit's context, so it too starts only
// once signals are caught.
func gitChanges(ctx context.Context, r Request, base string) ([]string, error) {
	r.Signals.Caught()
	return gitchanges.List(ctx, r.Dirs.Root(), base)
}

// sessionChanges is files with those the session changed since its start (gitchanges.Start:
// HEAD at its first event), committed or not: the uncommitted changes alone miss the agent's
// commits, and a base such as origin/main is a ref the session may have moved. A start that
// cannot be read or compared with (a record rewritten, its commit pruned: git reset --soft, git
// reflog expire and git gc --prune=now take it away) may hide any change, so every file of the
// project counts as changed then, with a warning.
func sessionChanges(ctx context.Context, r Request, session string, files []string) []string {
	if session == "" || session == dialect.UnknownSession {
		return files
	}
	root := r.Dirs.Root()
	start, err := gitchanges.Start(root, session)
	var since []string
	if err == nil && start != "" {
		r.Signals.Caught()
		since, err = gitchanges.Since(ctx, root, start)
	}
	if err != nil {
		r.Signals.Caught()
		all, kerr := gitchanges.Known(ctx, root, "**")
		if kerr != nil {
			fmt.Fprintf(r.Stderr, "hookrun: warning: the files changed since the session started: %v; listing the project's files: %v; SessionStop runs with the changed files git status and --changed-from-git list\n", err, kerr)
			return files
		}
		fmt.Fprintf(r.Stderr, "hookrun: warning: the files changed since the session started: %v; every file of the project counts as changed\n", err)
		since = all
	}
	out := append(slices.Clip(files), since...)
	slices.Sort(out)
	return slices.Compact(out)
}

// recordStart records HEAD as where the session of a dialect's event other than its end
// starts, in the work tree holding root (gitchanges.RecordStart), once per session: a failure
// leaves the session's end with the changed files git status and --changed-from-git list.
func recordStart(ctx context.Context, r Request, root string, c *event.Context) {
	if c.Event == event.SessionStop || c.SessionID == "" || c.SessionID == dialect.UnknownSession {
		return
	}
	r.Signals.Caught() // git may run
	if err := gitchanges.RecordStart(ctx, root, c.SessionID); err != nil {
		fmt.Fprintf(r.Stderr, "hookrun: warning: recording where the session starts: %v\n", err)
	}
}

// answer prints the agent's answer to a merged result.
func (d *dialectRun) answer(r Request, res merge.Result) error {
	return d.respond(r, dialect.Respond(d.call, res))
}

// unknownDialect is the failure of a --dialect this hookrun does not know:
// entries that a newer hookrun wrote, most likely. It blocks, as every
// failure under --dialect does: exit 1 would let the agent go on.
func unknownDialect(name string) error {
	if meant, ok := dialect.Lookup(name); ok {
		return fmt.Errorf("unknown --dialect %q: did you mean %s? The entries that run it are not as hookrun install %s writes them: run it again", name, meant, meant)
	}
	return fmt.Errorf("unknown --dialect %q (valid dialects: %s): entries a newer hookrun wrote? Update hookrun, or run hookrun install again", name, dialect.Names())
}

// FlagError answers a command line whose flags the command named command
// could not read (an unknown flag, a bad value: entries that a newer
// hookrun wrote, say) when it is emit with --dialect among args: as any
// failure under --dialect, from the payload on stdin or --context, never
// with exit 1, which the agents read as a non-blocking error that lets the
// call through. Any other command line's flag error, err, is returned as
// it is.
func FlagError(command string, args []string, stdin io.Reader, stdout, stderr io.Writer, err error) error {
	name, file := flagValue(args, "dialect"), flagValue(args, "context")
	if command != "emit" || name == "" {
		return err
	}
	d := &dialectRun{name: name}
	r := Request{Dialect: name, Stdout: stdout, Stderr: stderr}
	if _, ok := dialect.Parse(name); !ok {
		err = fmt.Errorf("%w; and %w", err, unknownDialect(name))
	} else if data, rerr := ReadContext(context.Background(), stdin, file, nil); rerr == nil {
		d.read(data)
	}
	return d.finish(r, err)
}

// flagValue is the value of --name in args, as --name VALUE or --name=VALUE,
// or "".
func flagValue(args []string, name string) string {
	for i, a := range args {
		if a == "--" {
			break
		}
		if v, ok := strings.CutPrefix(a, "--"+name+"="); ok {
			return v
		}
		if a == "--"+name && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// finish turns what emit returned into the agent's answer when emit could
// not produce one: no opinion for an event without counterpart, a safe
// answer when hookrun failed (docs/agents/README.md, "When hookrun
// fails"), and exit 2 when the payload could not be read at all, which
// every supported agent treats as "block, with stderr as the reason".
func (d *dialectRun) finish(r Request, err error) error {
	if !d.active() || err == nil {
		return err
	}
	var unwritten answerNotWritten
	var stop Interrupt
	switch {
	case errors.As(err, &unwritten): // an answer that could not be written is not written again
		return err
	case errors.As(err, &stop) && d.call != nil:
		// Exit 129, 130 or 143 is a non-blocking error to every agent,
		// which then lets the call through: whoever stopped hookrun (a
		// process a parallel tool call started, say) must not unguard the
		// call.
		return d.respond(r, dialect.Failure(d.call, fmt.Errorf("%v before its hooks finished", stop)))
	case errors.As(err, &stop):
		return exitcode.With(exitcode.AgentBlock, fmt.Errorf("%v; hookrun could not tell what the agent asked, so it blocks the action (exit %d)", err, exitcode.AgentBlock))
	case errors.Is(err, errNoOpinion):
		return d.respond(r, dialect.NoOpinion(d.call))
	case d.call == nil:
		return exitcode.With(exitcode.AgentBlock, fmt.Errorf("%v; hookrun could not tell what the agent asked, so it blocks the action (exit %d)", err, exitcode.AgentBlock))
	}
	return d.respond(r, dialect.Failure(d.call, err))
}

func (d *dialectRun) respond(r Request, resp dialect.Response) error {
	for _, n := range resp.Notes {
		fmt.Fprintln(r.Stderr, n)
	}
	if err := ojson.Write(r.Stdout, resp.Body, false); err != nil {
		if resp.Blocks != "" {
			// Exit 1 is a non-blocking error to every agent, which would run
			// the call it was to block; exit 2 blocks, with stderr as the reason.
			return answerNotWritten{exitcode.With(exitcode.AgentBlock, fmt.Errorf("%s; hookrun could not write its answer (%v), so it blocks the action with exit %d", resp.Blocks, err, exitcode.AgentBlock))}
		}
		return answerNotWritten{exitcode.Failf("writing the answer: %v", err)}
	}
	return nil
}

// answerNotWritten is the error of an answer that could not be written to
// the agent (it closed the pipe, a full disk).
type answerNotWritten struct{ error }

func (e answerNotWritten) Unwrap() error { return e.error }

// EventHint gives a context's unknown event_type the hint the EVENT
// argument gets (config.UnknownEvent: an agent's event names hookrun's, a
// close one is suggested); other errors are returned as they are.
func EventHint(err error) error {
	var ce *event.ContextError
	if errors.As(err, &ce) && ce.Unknown != "" {
		return &event.ContextError{Field: ce.Field, Msg: config.UnknownEvent(ce.Unknown), Unknown: ce.Unknown}
	}
	return err
}
