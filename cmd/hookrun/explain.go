package main

import (
	"github.com/spf13/cobra"

	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/inspect"
)

func (a *app) explainCmd() *cobra.Command {
	var o inspect.ExplainRequest
	c := &cobra.Command{
		Use:   "explain [EVENT] [--context FILE]",
		Short: "Say which hooks emit would run for a context, and why the others would not",
		Long: `explain reads an event context exactly as emit does (stdin or --context, the
same checks and errors) and runs nothing. For every hook of the event, in merge
order (priority, then id), it says whether emit would run it and, if not, why:
disabled, an ability outside ability_scope, a caller source not listed, a
duration below min_duration_ms, no changed path under only_if_changed_paths,
not blocking under --blocking-only. A hook that would run but whose handler
command cannot start (missing, not executable) is flagged too. A rules hook
that would run is read as emit reads it: when it denies or asks, explain says
so, why, and which of the call's paths its rule guards. Invalid hook files are
listed (emit refuses to run any hook while one exists), then what validate
names in the agents' settings.

--hook ID explains one hook; EVENT may then be left out, and a hook of another
event is reported as such.

Exit status: 0, or 1 when the context or flags are bad, or when a hook file is
invalid (emit would refuse to run).`,
		Example: `  hookrun explain --context scripts/hooks/no_rm_rf.context.json   # after hookrun --help's examples
  hookrun explain --hook no_rm_rf --context scripts/hooks/no_rm_rf.context.json
  hookrun explain PostAbilityCall < ctx.json
  echo '{"ability_id":"shell","caller":{"source":"ai_session"},"command":"go test ./..."}' | hookrun explain PreAbilityCall   # why it asks
  hookrun explain --blocking-only --json --context contexts/PreAbilityCall.json   # in examples/`,
		Args:              optionalEvent,
		ValidArgsFunction: completeEventArg,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.Event = args[0]
			}
			o.Dirs, o.Stdin, o.Stdout = a.dirs(), a.stdin, a.stdout
			return inspect.Explain(o)
		},
	}
	f := c.Flags()
	f.StringVar(&o.ContextFile, "context", "", "read the context from `FILE` instead of stdin")
	f.StringVar(&o.Hook, "hook", "", "explain only the hook with this `ID`")
	f.StringVar(&o.Dialect, "dialect", "", "read the input as this `AGENT`'s hook payload, as emit --dialect does: "+dialect.Names())
	f.BoolVar(&o.BlockingOnly, "blocking-only", false, "judge as emit --blocking-only would")
	f.BoolVar(&o.JSON, "json", false, "print the explanation as JSON")
	_ = c.RegisterFlagCompletionFunc("hook", a.completeHookIDs)
	return c
}
