package main

import (
	"fmt"
	"io"
	"path/filepath"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/hookrun/hookrun/internal/exitcode"
	"github.com/hookrun/hookrun/internal/scaffold"
)

func (a *app) initCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "init",
		Short: "Lay out hookrun in the current directory",
		Long: `init makes the current directory a hookrun project:

  .system/hooks/                    hook declarations, one YAML file per hook
  scripts/hooks/                    handler scripts
  .system/logs/.gitignore           keeps the audit log (hookrun.jsonl) out of git
  .system/hooks/protect_hooks.yaml  a guard: an agent's changes to the hooks, their
                                    scripts or the agents' hook settings need a human
  .system/hookrun.schema.json       the JSON Schema of hook files, for editors

Safe to run again: what exists is left alone, except the schema and a guard
(protect_hooks.yaml) an earlier hookrun wrote and nobody changed since.
init takes no --hooks-dir: hookrun new --hooks-dir DIR adds hooks to DIR.`,
		Example: `  hookrun init
  hookrun new no_prod_edits --event PreAbilityCall --blocking --paths 'config/prod/**'`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return a.init() },
	}
}

func (a *app) init() error {
	if a.hooksDir != "" {
		return exitcode.Failf("init lays out .system/hooks in the working directory and takes no --hooks-dir: leave it out, or make %[1]s yourself and add hooks to it with hookrun new ID --event EVENT --hooks-dir %[1]s", a.hooksDir)
	}
	items, err := scaffold.Init(a.cwd)
	printItems(a.stdout, items)
	if err != nil {
		return exitcode.Failf("init: %v", err)
	}
	made := false
	for _, it := range items {
		made = made || it.Action != scaffold.Exists
	}
	if !made {
		fmt.Fprintln(a.stdout, "nothing to do: this directory is already laid out")
	}
	for _, n := range scaffold.Notes(a.cwd) {
		fmt.Fprintf(a.stdout, "note: %s\n", n)
	}
	if made {
		fmt.Fprintln(a.stdout, "next: hookrun new ID --event EVENT   (hookrun new --help)")
	}
	return nil
}

// printItems lists what init or new did, one path per line.
func printItems(w io.Writer, items []scaffold.Item) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, it := range items {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", it.Action, filepath.ToSlash(it.Path), it.Note)
	}
	tw.Flush()
}
