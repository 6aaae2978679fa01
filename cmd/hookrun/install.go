package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/dialect/settings"
	"github.com/hookrun/hookrun/internal/exitcode"
)

type installOptions struct {
	agent   string
	dryRun  bool
	timeout time.Duration
	hookrun string
}

func (a *app) installCmd() *cobra.Command {
	var o installOptions
	names := make([]string, len(dialect.Agents))
	for i, ag := range dialect.Agents {
		names[i] = string(ag.Name)
	}
	c := &cobra.Command{
		Use:   "install AGENT",
		Short: "Route a coding agent's hook events to hookrun in the project's settings",
		Long: `install adds, to the agent's project settings file, the entries that send
its hook events to 'hookrun emit --dialect AGENT', so the agent runs this
repository's .system/hooks and gets answers in its own format. Everything
else in the file is kept: other hooks, other settings, unknown keys, their
order. Running it again changes nothing; a changed --timeout rewrites
hookrun's entries in place, and hookrun's entry in an event it no longer
routes (Gemini CLI's SessionEnd) is removed. Codex runs each entry only
once it is trusted (/hooks in its TUI): install says so when it writes.

For OpenCode, whose hooks are plugins, install writes hookrun's plugin
file whole, never over one hookrun did not write; the plugin blocks a
prompt or tool call when hookrun is missing, fails or times out. Copilot
CLI goes on when a hook fails, so its PreToolUse entry prints the deny.

Agents and their files:
  claude-code  .claude/settings.json         (timeout in seconds)
  gemini-cli   .gemini/settings.json         (timeout in milliseconds)
  codex        .codex/hooks.json             (timeout in seconds)
  cursor       .cursor/hooks.json            (timeout in seconds)
  opencode     .opencode/plugins/hookrun.js  (timeout in milliseconds)
  copilot      .github/hooks/hookrun.json    (timeout in seconds)

With --hookrun PATH the entries run that binary instead of hookrun from
the agent's PATH: npm's node_modules/.bin/hookrun after npm install -D
hookrun (on Windows, node_modules\hookrun\bin\hookrun.exe). A relative
PATH is relative to the project root and is written after the project
directory the agent names ($CLAUDE_PROJECT_DIR, $GEMINI_PROJECT_DIR),
as is for Cursor (which runs hooks from the root) and OpenCode's plugin,
and made absolute for Codex and Copilot CLI, which name no project
directory. The entries then check that PATH is executable instead, and
block as before when it is not. A different --hookrun, or none, rewrites
hookrun's entries.

The file is in the project root: the directory holding .system/hooks, or
the working directory when there is none yet.`,
		Example: `  hookrun install claude-code
  hookrun install codex --dry-run
  hookrun install gemini-cli --timeout 5m
  hookrun install opencode
  hookrun install claude-code --hookrun node_modules/.bin/hookrun`,
		ValidArgs: names,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) != 1 {
				return exitcode.Failf("%s takes one AGENT: %s", c.CommandPath(), strings.Join(names, ", "))
			}
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error {
			o.agent = args[0]
			return a.install(o)
		},
	}
	f := c.Flags()
	f.BoolVar(&o.dryRun, "dry-run", false, "print the settings file as it would be written, and write nothing")
	f.DurationVar(&o.timeout, "timeout", 2*time.Minute, "how long the agent waits for hookrun, written in the agent's own unit")
	f.StringVar(&o.hookrun, "hookrun", "", "the hookrun binary the entries run, relative to the project root (node_modules/.bin/hookrun) or absolute; default: hookrun from the agent's PATH")
	return c
}

func (a *app) install(o installOptions) error {
	d, ok := dialect.Parse(o.agent)
	if !ok {
		return exitcode.Failf("unknown agent %q; valid agents: %s", o.agent, dialect.Names())
	}
	agent, _ := settings.Find(d)
	loc, err := a.dirs().Locate()
	if err != nil {
		return err
	}
	opts := settings.Options{Timeout: o.timeout, Hookrun: o.hookrun, Root: loc.Root}
	if rel, err := filepath.Rel(loc.Root, loc.HooksDir); err == nil && rel != config.HooksSubdir {
		opts.HooksDir = rel
	}
	shown := config.Rel(a.cwd, filepath.Join(loc.Root, agent.File))
	res, err := settings.Install(agent, loc.Root, opts, o.dryRun)
	if err != nil {
		return exitcode.Failf("%v", err)
	}
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
	var did []string
	if len(res.Added) > 0 {
		did = append(did, "added "+strings.Join(res.Added, ", "))
	}
	if len(res.Updated) > 0 {
		did = append(did, "updated "+strings.Join(res.Updated, ", "))
	}
	if len(res.Removed) > 0 {
		did = append(did, "removed "+strings.Join(res.Removed, ", "))
	}
	fmt.Fprintf(a.stdout, "wrote %s: %s (%s)\n", shown, strings.Join(did, "; "), agent.Emit(opts))
	if !loc.Found {
		fmt.Fprintf(a.stdout, "note: there is no %s yet: %s's events run no hooks until you add some\n", config.HooksSubdir, d)
	}
	a.installNotes(o, loc.Root, d)
	if agent.Note != "" {
		fmt.Fprintf(a.stdout, "note: %s\n", agent.Note)
	}
	return nil
}

// installNotes says when the hookrun the entries run is not there yet.
func (a *app) installNotes(o installOptions, root string, d dialect.Name) {
	if o.hookrun != "" {
		p := o.hookrun
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		if _, err := os.Stat(p); err != nil {
			fmt.Fprintf(a.stdout, "note: %s does not exist yet: %s's entries block its tool calls and prompts until it does\n", o.hookrun, d)
		}
		return
	}
	if _, err := exec.LookPath("hookrun"); err == nil {
		return
	}
	fmt.Fprintf(a.stdout, "note: hookrun is not on PATH: %s needs it there to run the entries\n", d)
	if _, err := os.Stat(filepath.Join(root, npmHookrun)); err == nil {
		fmt.Fprintf(a.stdout, "note: this project has %s (npm): hookrun install %s --hookrun %s runs that one\n", npmHookrun, d, npmHookrun)
	}
}

// npmHookrun is where npm install -D hookrun puts hookrun in a project.
const npmHookrun = "node_modules/.bin/hookrun"
