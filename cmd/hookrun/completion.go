package main

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
)

// Shell completion comes from cobra's built-in `completion` command
// (bash, zsh, fish, powershell). These functions add hookrun's own words:
// event names and the ids of the declared hooks.

// completeEvents completes an event name, for an --event flag or an EVENT
// argument.
func completeEvents(_ *cobra.Command, _ []string, prefix string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, e := range event.All {
		if strings.HasPrefix(string(e), prefix) {
			out = append(out, string(e))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeEventArg completes the one optional EVENT argument.
func completeEventArg(c *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return completeEvents(c, args, prefix)
}

// completeHookIDs completes the id of a declared hook, found the way every
// command finds the hooks (--hooks-dir included). Invalid files
// contribute the ids they declare: "why does my broken hook not run" is
// a fair question.
func (a *app) completeHookIDs(_ *cobra.Command, _ []string, prefix string) ([]string, cobra.ShellCompDirective) {
	loc, err := a.dirs().Locate()
	if err != nil || !loc.Found {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	set, err := config.Load(loc.HooksDir)
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	seen := map[string]bool{}
	var out []string
	for _, h := range set.Parsed {
		if h.ID != "" && !seen[h.ID] && strings.HasPrefix(h.ID, prefix) {
			seen[h.ID] = true
			out = append(out, h.ID+"\t"+string(h.Event))
		}
	}
	slices.Sort(out)
	return out, cobra.ShellCompDirectiveNoFileComp
}

// noCompletions offers nothing and no file names (a new hook's id is the
// user's to invent).
func noCompletions(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveNoFileComp
}

// withEventFlag registers event-name completion for a command's --event
// flag (list's), for commands that do not register it themselves.
func withEventFlag(c *cobra.Command) *cobra.Command {
	if c.Flags().Lookup("event") != nil {
		if _, ok := c.GetFlagCompletionFunc("event"); !ok {
			_ = c.RegisterFlagCompletionFunc("event", completeEvents)
		}
	}
	return c
}
