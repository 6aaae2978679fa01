package main

import (
	"github.com/spf13/cobra"

	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/emit"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exitcode"
	"github.com/hookrun/hookrun/internal/gitchanges"
	"os"
	"runtime"
)

func (a *app) emitCmd() *cobra.Command {
	var o emit.Request
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
130, 143 or 129 when interrupted by SIGINT, SIGTERM or SIGHUP (143 too for
SIGQUIT, SIGABRT or a fault signal sent by another process; no result is printed).
Under --dialect a failure, bad flags included, is answered in the agent's format
instead (a tool call is blocked: docs/agents/README.md), never with exit 1.`,
		Example: `  hookrun emit PreAbilityCall < ctx.json
  echo '{"event_type":"PromptSubmit","session_id":"s1","user_raw_input":"hi"}' | hookrun emit
  echo '{"session_id":"ci"}' | hookrun emit SessionStop --changed-from-git=origin/main   # in CI: docs/ci.md
  hookrun emit PreAbilityCall --blocking-only --sequential < ctx.json
  echo '{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}' | hookrun emit --dialect claude-code`,
		Args:              optionalEvent,
		ValidArgsFunction: eventArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.Event = args[0]
			}
			o.Dirs, o.CwdErr, o.Stdin, o.Stdout, o.Stderr, o.Signals = a.dirs(), a.cwdErr, a.stdin, a.stdout, a.stderr, processSignals{}
			o.Watchdog = selfBinary()
			code, err := emit.Main(o)
			return exitcode.With(code, err)
		},
	}
	f := c.Flags()
	f.StringVar(&o.ContextFile, "context", "", "read the context from `FILE` instead of stdin")
	f.BoolVar(&o.Sequential, "sequential", false, "run hooks one at a time in merge order, stopping at the first deny")
	f.BoolVar(&o.BlockingOnly, "blocking-only", false, "run only blocking hooks")
	f.BoolVar(&o.SkipInvalid, "skip-invalid", false, "run the valid hooks even when some hook files are invalid (they are reported)")
	f.BoolVar(&o.Pretty, "pretty", false, "indent the JSON result")
	f.StringVar(&o.AuditLog, "audit-log", "", "append audit lines to `PATH`, or \"off\" (default .system/logs/hookrun.jsonl under the project root; env HOOKRUN_AUDIT_LOG)")
	f.StringVar(&o.Summary, "summary", "auto", "one line per hook on stderr: auto (when stderr is a terminal), always or never")
	f.StringVar(&o.Dialect, "dialect", "", "read `AGENT`'s hook payload and answer in its format: "+dialect.Names())
	f.StringVar(&o.GitBase, "changed-from-git", "", "fill SessionStop's changed_files from git: uncommitted changes; with =`BASE` (after an = sign, as in --changed-from-git=origin/main) also every file changed since the merge base with BASE")
	f.Lookup("changed-from-git").NoOptDefVal = gitchanges.Head
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

// selfBinary is the running hookrun, to start again as emit's watchdog:
// /proc/self/exe on Linux, which costs no system call to name.
func selfBinary() string {
	if runtime.GOOS == "linux" {
		return "/proc/self/exe"
	}
	exe, _ := os.Executable()
	return exe
}
