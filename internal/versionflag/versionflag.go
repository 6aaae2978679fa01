// Package versionflag gives a cobra root command its --version flag
// without a version template: cobra executes a template with
// text/template, whose calls of methods by name make the linker keep every
// exported method of every type in the binary (1.8 MB of hookrun's 13 MB),
// and a larger binary is slower to start for every event.
package versionflag

import (
	"fmt"

	"github.com/spf13/cobra"
)

// Add gives root the -v, --version flag cobra gives a command with a
// Version (the same name, shorthand, help and completion behaviour), which
// prints version() on one line. root must have no Run: cobra then shows
// help for a bare root, and the flag is read there.
func Add(root *cobra.Command, version func() string) {
	set := root.Flags().BoolP("version", "v", false, "version for "+root.DisplayName())
	_ = root.Flags().SetAnnotation("version", cobra.FlagSetByCobraAnnotation, []string{"true"})
	help := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		if asked, _ := c.Flags().GetBool("help"); c == root && *set && !asked {
			fmt.Fprintln(c.OutOrStdout(), version())
			return
		}
		help(c, args)
	})
}
