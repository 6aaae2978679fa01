package main

import (
	"github.com/spf13/cobra"

	"github.com/hookrun/hookrun/internal/inspect"
)

func (a *app) listCmd() *cobra.Command {
	var o inspect.ListRequest
	c := &cobra.Command{
		Use:   "list",
		Short: "List the declared hooks",
		Long: `list prints the hooks declared under the hooks directory, sorted by event and
then merge order (priority, then id). A file that cannot be loaded does not
hide the others: list prints every valid hook, reports the broken files on
stderr, and exits 1.`,
		Example: `  hookrun list
  hookrun list --event PreAbilityCall
  hookrun list --json | jq -r '.[].id'`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.Dirs, o.Stdout, o.Stderr = a.dirs(), a.stdout, a.stderr
			return inspect.List(o)
		},
	}
	c.Flags().StringVar(&o.Event, "event", "", "only hooks of this event")
	c.Flags().BoolVar(&o.JSON, "json", false, "print the hooks as a JSON array")
	return c
}
