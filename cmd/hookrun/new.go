package main

import (
	"fmt"
	"io"
	"path/filepath"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exitcode"
	"github.com/hookrun/hookrun/internal/inspect"
	"github.com/hookrun/hookrun/internal/scaffold"
	"github.com/hookrun/hookrun/internal/usage"
)

type newOptions struct {
	id       string
	event    string
	blocking bool
	priority int
	hasPrio  bool
	scope    []string
	paths    []string
	lang     string // --lang, for a script
	kind     string // script or rules
}

func (a *app) newCmd() *cobra.Command {
	var o newOptions
	c := &cobra.Command{
		Use:   "new ID --event EVENT",
		Short: "Create a hook: its declaration and a handler stub that runs as is",
		Long: `new writes three files for the hook ID (with --kind rules, no script):

  .system/hooks/ID.yaml          the declaration
  scripts/hooks/ID.sh            an executable handler (--lang python|node: ID.py,
                                 ID.js) returning a valid result for EVENT
  scripts/hooks/ID.context.json  a sample context to try it with

The new hook runs under emit at once; validate warns of a blocking one
until its stub is edited (the stub decides nothing). new never overwrites:
when the declaration or the handler exists, or another file declares ID,
it writes nothing and exits 1.

Files go into the project the other commands use: the nearest directory
holding .system/hooks, from the working directory upward (or --hooks-dir).
Without one, new creates .system/hooks/ and scripts/hooks/ in the working
directory; hookrun init is not needed first (it adds the audit log's
.gitignore and the editor schema).`,
		Example: `  hookrun new no_prod_edits --event PreAbilityCall --blocking --paths 'config/prod/**'
  hookrun new usage_tracker --event PostAbilityCall --scope '*'
  hookrun new build_check --event SessionStop --paths 'services/**,apps/**'
  hookrun new deps_guard --event PreAbilityCall --blocking --scope shell --lang python
  hookrun new no_force_delete --event PreAbilityCall --blocking --kind rules`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usage.Errorf(c.CommandPath(), "new takes one hook ID, got %d arguments", len(args))
			}
			return nil
		},
		ValidArgsFunction: noCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			o.id = args[0]
			o.hasPrio = c.Flags().Changed("priority")
			return a.newHook(o)
		},
	}
	f := c.Flags()
	f.StringVar(&o.event, "event", "", "the event the hook runs for (required): "+event.Names())
	f.BoolVar(&o.blocking, "blocking", false, "let the hook decide: deny or ask for a human (AI-facing events); on SessionStop, make it a CI gate (on_error: block)")
	f.IntVar(&o.priority, "priority", 0, "merge order: lower runs and merges first")
	f.StringSliceVar(&o.scope, "scope", nil, "match.ability_scope `GLOB` for PreAbilityCreate, PreAbilityCall and PostAbilityCall (repeatable, or comma-separated)")
	f.StringVar(&o.lang, "lang", "", "the handler stub's `LANGUAGE`: sh, python or node (each reads the context with a real JSON parser or hookrun's variables); default sh, node on Windows, which cannot start sh")
	f.StringVar(&o.kind, "kind", "script", "the handler's `KIND`: script (a stub to edit) or rules (a declarative guard that runs no process: docs/rules.md)")
	f.StringSliceVar(&o.paths, "paths", nil, "match.paths `GLOB` (the paths a call names) for PreAbilityCall and PostAbilityCall, match.only_if_changed_paths (the files a session changed) for SessionStop (repeatable, or comma-separated)")
	_ = c.RegisterFlagCompletionFunc("event", completeEvents)
	return c
}

func (a *app) newHook(o newOptions) error {
	if o.event == "" {
		return exitcode.Failf("new needs --event: one of %s", event.Names())
	}
	spec := scaffold.Spec{ID: o.id, Event: event.Name(o.event), Blocking: o.blocking, Scope: o.scope, Paths: o.paths, Lang: o.lang, Kind: o.kind, OS: runtime.GOOS, PathWarnings: inspect.PathGlobWarnings}
	if o.hasPrio {
		spec.Priority = &o.priority
	}
	loc, err := a.dirs().LocateNew()
	if err != nil {
		return err
	}
	items, err := scaffold.New(loc.Root, loc.HooksDir, spec)
	if err != nil {
		return exitcode.Failf("new: %v", err)
	}
	for i := range items {
		items[i].Path = scaffold.Shown(a.cwd, filepath.Join(loc.Root, items[i].Path))
	}
	printItems(a.stdout, items)
	if !spec.Event.AIFacing() && o.blocking {
		fmt.Fprintf(a.stdout, "note: %s is infra-only: with blocking: true and on_error: block, a failure of this hook (exit 1, a crash, a timeout) makes emit exit 2, which fails the CI job that runs it (docs/ci.md)\n", spec.Event)
	}
	script := scaffold.Shown(a.cwd, spec.Edited(loc.Root, loc.HooksDir))
	sample := scaffold.Shown(a.cwd, filepath.Join(loc.Root, scaffold.ContextPath(o.id)))
	_, err = io.WriteString(a.stdout, scaffold.NextSteps(script, sample, spec.Event, a.hooksDir))
	return err
}
