package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/gitchanges"
	"github.com/hookrun/hookrun/internal/merge"
	"github.com/hookrun/hookrun/internal/ojson"
)

// dialectFlags are emit's --dialect and --changed-from-git. With
// --dialect the context is an agent's hook payload, and the answer goes
// back in the agent's own format and exit-code convention instead of
// hookrun's merged result.
type dialectFlags struct {
	name    string        // --dialect
	gitBase string        // --changed-from-git[=BASE]; "" when not given
	call    *dialect.Call // the agent's call, once its payload is read
}

// errNoOpinion stops emit before any hook runs: the agent's event has no
// hookrun counterpart.
var errNoOpinion = errors.New("the event has no hookrun counterpart")

// usageError is a mistake on the command line: it exits 1 even under
// --dialect, since no payload was misread.
type usageError struct{ error }

func (a *app) dialectFlags(c *cobra.Command) *dialectFlags {
	df := &dialectFlags{}
	f := c.Flags()
	f.StringVar(&df.name, "dialect", "", "read `AGENT`'s hook payload and answer in its format: "+dialect.Names())
	f.StringVar(&df.gitBase, "changed-from-git", "", "fill SessionStop's changed_files from git: uncommitted changes; with =`BASE` (after an = sign, as in --changed-from-git=origin/main) also every file changed since the merge base with BASE")
	f.Lookup("changed-from-git").NoOptDefVal = gitchanges.Head
	return df
}

func (df *dialectFlags) active() bool { return df.name != "" }

// parse turns the input into the event context: hookrun's own context, or
// with --dialect an agent's payload. Either way SessionStop's changed
// files can come from git.
func (df *dialectFlags) parse(ctx context.Context, a *app, data []byte, ev event.Name) (*event.Context, error) {
	if !df.active() {
		c, err := event.ParseContext(data, ev)
		if err != nil || df.gitBase == "" {
			return c, err
		}
		return a.withGitChanges(ctx, c, df.gitBase)
	}
	d, ok := dialect.Parse(df.name)
	if !ok {
		return nil, usageError{fmt.Errorf("unknown --dialect %q; valid dialects: %s", df.name, dialect.Names())}
	}
	if ev != "" {
		return nil, usageError{fmt.Errorf("--dialect takes the event from the payload's hook_event_name: drop the EVENT argument %s", ev)}
	}
	call, err := dialect.Read(d, data)
	df.call = call
	if err != nil {
		return nil, err
	}
	if call.Kind == dialect.Unmapped {
		return nil, errNoOpinion
	}
	if call.Kind == dialect.End && !call.HasChangedFiles {
		base := df.gitBase
		if base == "" {
			base = gitchanges.Head
		}
		files, err := a.gitChanges(ctx, base)
		if err != nil {
			fmt.Fprintf(a.stderr, "hookrun: warning: changed files from git: %v; SessionStop runs with no changed files\n", err)
			files = []string{}
		}
		call.SetChangedFiles(files)
	}
	doc, err := call.Context()
	if err != nil {
		return nil, err
	}
	return event.ParseContext(doc, "")
}

// withGitChanges fills a SessionStop context's changed_files from git
// when it has none; a list the caller sent is kept.
func (a *app) withGitChanges(ctx context.Context, c *event.Context, base string) (*event.Context, error) {
	if c.Event != event.SessionStop {
		return nil, fmt.Errorf("--changed-from-git fills SessionStop's changed_files, and this context is %s", c.Event)
	}
	if len(c.ChangedFiles) > 0 {
		return c, nil
	}
	files, err := a.gitChanges(ctx, base)
	if err != nil {
		return nil, fmt.Errorf("--changed-from-git: %w", err)
	}
	c.Fields["changed_files"], _ = json.Marshal(files)
	return event.ParseContext(c.JSON(), c.Event)
}

// gitChanges lists the files changed since base. git runs in its own
// process group, ended with emit's context, so it too starts only once
// signals are caught.
func (a *app) gitChanges(ctx context.Context, base string) ([]string, error) {
	signalsCaught()
	return gitchanges.List(ctx, a.projectRoot(), base)
}

// projectRoot is where git is asked: the project root, so changed files
// are relative to the directory holding .system/hooks, as the hooks'
// only_if_changed_paths globs are.
func (a *app) projectRoot() string {
	if loc, err := a.locate(); err == nil {
		return loc.Root
	}
	return a.cwd
}

// answer prints the agent's answer to a merged result.
func (df *dialectFlags) answer(a *app, res merge.Result) error {
	return df.respond(a, dialect.Respond(df.call, res))
}

// finish turns what emit returned into the agent's answer when emit could
// not produce one: no opinion for an event without counterpart, a safe
// answer when hookrun failed (README, "When hookrun fails"), and exit 2
// when the payload could not be read at all, which every supported agent
// treats as "block, with stderr as the reason".
func (df *dialectFlags) finish(a *app, err error) error {
	if !df.active() || err == nil {
		return err
	}
	var usage usageError
	switch code := exitCode(err); {
	case errors.As(err, &usage), code == exitInterrupted, code == exitTerminated:
		return err
	case errors.Is(err, errNoOpinion):
		return df.respond(a, dialect.NoOpinion(df.call))
	case df.call == nil:
		return withCode(exitAgentBlock, fmt.Errorf("%v; hookrun could not tell what the agent asked, so it blocks the action (exit %d)", err, exitAgentBlock))
	}
	return df.respond(a, dialect.Failure(df.call, err))
}

func (df *dialectFlags) respond(a *app, r dialect.Response) error {
	for _, n := range r.Notes {
		fmt.Fprintln(a.stderr, n)
	}
	if err := ojson.Write(a.stdout, r.Body, false); err != nil {
		return failf("writing the answer: %v", err)
	}
	return nil
}
