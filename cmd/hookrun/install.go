package main

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/dialect/settings"
	"github.com/hookrun/hookrun/internal/exitcode"
	"github.com/hookrun/hookrun/internal/inspect"
	"github.com/hookrun/hookrun/internal/usage"
)

type installOptions struct {
	agent            string
	dryRun, absolute bool
	timeout          time.Duration
	hookrun          string
}

func (a *app) installCmd() *cobra.Command {
	var o installOptions
	names := dialect.List()
	c := &cobra.Command{
		Use:   "install AGENT",
		Short: "Route a coding agent's hook events to hookrun in the project's settings",
		Long: `install adds, to the agent's project settings file, the entries that send its
hook events to 'hookrun emit --dialect AGENT', so the agent runs this
repository's .system/hooks and gets answers in its own format. Everything else
in the file is kept: other hooks, other settings, unknown keys, their order.
Running it again changes nothing; a changed --timeout rewrites hookrun's
entries in place, and hookrun's entry in an event it no longer routes (Gemini
CLI's SessionEnd) is removed. Codex runs each entry only once it is trusted
(/hooks in its TUI): install says so when it writes.

For OpenCode, whose hooks are plugins, install writes hookrun's plugin file
whole, never over one hookrun did not write; the plugin blocks a prompt or tool
call when hookrun is missing, fails or times out. Copilot CLI lets a prompt
through when its hook fails, so its UserPromptSubmit and PreToolUse entries
print the block themselves.

Agents and their files:
  claude-code  .claude/settings.json         (timeout in seconds)
  gemini-cli   .gemini/settings.json         (timeout in milliseconds)
  codex        .codex/hooks.json             (timeout in seconds)
  cursor       .cursor/hooks.json            (timeout in seconds)
  opencode     .opencode/plugins/hookrun.js  (timeout in milliseconds)
  copilot      .github/hooks/hookrun.json    (timeout in seconds)
AGENT may also be claude, gemini, codex-cli, copilot-cli or github-copilot.

--hookrun PATH: the entries run that binary, not hookrun from the agent's PATH
(which a repository can add to): node_modules/.bin/hookrun, relative to the
root, or absolute; --absolute: this hookrun, by its real path. Either blocks
when not executable. The file is in the project root: the directory holding
.system/hooks, or the working directory when there is none yet.`,
		Example: `  hookrun install claude-code
  hookrun install codex --dry-run
  hookrun install gemini-cli --timeout 5m
  hookrun install opencode
  hookrun install claude-code --hookrun node_modules/.bin/hookrun`,
		ValidArgs: names,
		Args: func(c *cobra.Command, args []string) error {
			return usage.OneAgent(c.CommandPath(), names, args)
		},
		RunE: func(c *cobra.Command, args []string) error {
			o.agent = args[0]
			return a.install(o)
		},
	}
	f := c.Flags()
	f.BoolVar(&o.dryRun, "dry-run", false, "print the settings file as it would be written, and write nothing")
	f.DurationVar(&o.timeout, "timeout", 2*time.Minute, "how long the agent waits for hookrun, written in the agent's own unit; emit --dialect keeps its handlers within it")
	f.StringVar(&o.hookrun, "hookrun", "", "the hookrun binary the entries run, relative to the project root (node_modules/.bin/hookrun) or absolute; default: hookrun from the agent's PATH")
	f.BoolVar(&o.absolute, "absolute", false, "the entries run this hookrun by its real path, refused when it is inside the project or writable by every user (see docs/commands.md)")
	return c
}

func (a *app) install(o installOptions) error {
	d, ok := dialect.Lookup(o.agent)
	if !ok {
		return usage.Errorf("hookrun install", "unknown agent %q; valid agents: %s", o.agent, dialect.Names())
	}
	agent, _ := settings.Find(d)
	loc, err := a.dirs().Locate()
	if err != nil {
		return err
	}
	opts := settings.Options{Timeout: o.timeout, Hookrun: o.hookrun, Root: loc.Root, Absolute: o.absolute}
	if rel, err := filepath.Rel(loc.Root, loc.HooksDir); err == nil && rel != config.HooksSubdir {
		opts.HooksDir = rel
	}
	shown := config.Rel(a.cwd, filepath.Join(loc.Root, agent.File))
	res, err := settings.Install(agent, loc.Root, opts, o.dryRun)
	if err != nil {
		return exitcode.Failf("%v", err)
	}
	opts.Hookrun = res.Hookrun
	if o.dryRun {
		a.stdout.Write(res.Data)
		if res.Changed {
			fmt.Fprintf(a.stderr, "hookrun: dry run: %s would be written as above; nothing was written\n", shown)
		} else {
			fmt.Fprintf(a.stderr, "hookrun: dry run: %s already routes %s's events to hookrun; nothing would change\n", shown, d)
		}
		return nil
	}
	if !res.Changed {
		fmt.Fprintf(a.stdout, "%s already routes %s's events to hookrun: nothing to change\n", shown, d)
		return nil
	}
	fmt.Fprintf(a.stdout, "wrote %s: %s (%s)\n", shown, res.Summary(), agent.Emit(opts))
	if !loc.Found {
		fmt.Fprintf(a.stdout, "note: there is no %s yet: %s's events run no hooks until you add some: hookrun init lays out the project, hookrun new ID --event EVENT writes a hook\n", config.HooksSubdir, d)
	}
	for _, n := range append(settings.Notes(agent, opts), inspect.InvalidNotes(loc, string(d))...) {
		fmt.Fprintf(a.stdout, "note: %s\n", n)
	}
	if agent.Note != "" {
		fmt.Fprintf(a.stdout, "note: %s\n", agent.Note)
	}
	if w := settings.DynamicWarning(opts); w != "" {
		fmt.Fprintf(a.stderr, "hookrun: warning: %s\n", w)
	}
	return nil
}
