package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/hookrun/hookrun/internal/emit"
	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/exitcode"
	"github.com/hookrun/hookrun/internal/project"
	"github.com/hookrun/hookrun/internal/usage"
	"github.com/hookrun/hookrun/internal/versionflag"
)

// app is what every command shares: streams and global flags.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	hooksDir       string // --hooks-dir
	cwd            string
	cwdErr         error // why cwd is unknown, for emit
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 1 && args[0] == exec.WatchdogArg {
		return exec.WatchdogMain(stdin) // emit's watchdog (exec.Watchdog)
	}
	if len(args) > 0 && args[0] == "emit" {
		// In the background, while the command line is parsed and the
		// hooks load; emit waits for it before it starts a process.
		catchSignals()
	}
	cwd, err := os.Getwd()
	if err != nil && (len(args) == 0 || args[0] != "emit") {
		fmt.Fprintln(stderr, "hookrun: cannot determine the working directory:", err)
		return exitcode.Error
	}
	// emit goes on without one: under --dialect, the agent must get its
	// "block" answer, not an exit status it reads as "go ahead".
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr, cwd: cwd, cwdErr: err}
	root := a.rootCmd(args)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	c, err := root.ExecuteC()
	err = usage.Cobra(err, c.CommandPath(), c.HasParent(), c.Flags().Args())
	if err != nil && err.Error() != "" {
		fmt.Fprintln(stderr, "hookrun:", err)
	}
	return exitcode.Of(err)
}

// commands builds each subcommand. Building all of them (flags, help,
// completion) costs about as much as a hook run is allowed to, so a run
// that names its subcommand first builds only that one.
var commands = []struct {
	name  string
	build func(a *app) *cobra.Command
}{
	{"emit", (*app).emitCmd},
	{"list", func(a *app) *cobra.Command { return withEventFlag(a.listCmd()) }},
	{"validate", (*app).validateCmd},
	{"version", (*app).versionCmd},
	{"init", (*app).initCmd},
	{"new", (*app).newCmd},
	{"explain", (*app).explainCmd},
	{"schema", (*app).schemaCmd},
	{"install", (*app).installCmd},
}

func (a *app) rootCmd(args []string) *cobra.Command {
	root := &cobra.Command{
		Use:   "hookrun",
		Short: "Run a repository's hooks for the events of an AI agent's session",
		Long: `hookrun runs the hooks a repository declares in .system/hooks/*.yaml for one
event of an AI agent's session. The caller (an agent runtime, a CI job, a
person) sends the event context as JSON on stdin; hookrun runs the matching
handlers, merges what they return into one JSON result on stdout, and exits
with a code the caller can act on:

  0  allow     proceed
  1  error     hookrun could not do its job (bad context, invalid hooks); no handler ran
  2  deny      a blocking hook denied the event
  3  ask       a blocking hook requires a human

Events: PromptSubmit, PreAbilityCreate, PreAbilityCall, PostAbilityCall, SessionStop.`,
		Example: `  hookrun init && hookrun new no_rm_rf --event PreAbilityCall --blocking --kind rules
  hookrun emit --context scripts/hooks/no_rm_rf.context.json
  hookrun validate && hookrun list --event PreAbilityCall
  hookrun install claude-code   # or codex, gemini-cli, cursor, opencode, copilot: the agent runs these hooks`,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.PersistentFlags().StringVar(&a.hooksDir, "hooks-dir", "",
		"hooks directory (default: the nearest .system/hooks from the working directory upward; env HOOKRUN_HOOKS_DIR)")
	// The version is worked out only when asked for: reading the build
	// information costs on every start otherwise.
	versionflag.Add(root, versionString)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { // under emit --dialect, the agent's answer
		return emit.FlagError(c.Name(), args, a.stdin, a.stdout, a.stderr, usage.Flag(c.CommandPath(), err))
	})
	for _, c := range commands {
		if len(args) > 0 && args[0] == c.name {
			root.AddCommand(c.build(a))
			// Nor cobra's completion command: a completion request starts
			// with its own name (completion, __complete), never this one.
			root.CompletionOptions.DisableDefaultCmd = true
			return root
		}
	}
	for _, c := range commands { // help, completion, typos, leading flags
		root.AddCommand(c.build(a))
	}
	root.InitDefaultCompletionCmd()
	if c, _, err := root.Find([]string{"completion"}); err == nil && c != root {
		c.Example = `  source <(hookrun completion bash)     # bash, with the bash-completion package
  hookrun completion zsh > "${fpath[1]}/_hookrun"
  hookrun completion fish > ~/.config/fish/completions/hookrun.fish`
	}
	return root
}

// dirs is where the command runs and the --hooks-dir it was given.
func (a *app) dirs() project.Dirs { return project.Dirs{Cwd: a.cwd, HooksDir: a.hooksDir} }

// optionalEvent accepts the one optional EVENT argument of emit and
// explain, and refuses more.
func optionalEvent(c *cobra.Command, args []string) error {
	if len(args) > 1 {
		f := c.Flags().Lookup("changed-from-git")
		return usage.ExtraEvents(c.CommandPath(), args, f != nil && f.Changed)
	}
	return nil
}
