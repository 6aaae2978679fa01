package main

import (
	"github.com/spf13/cobra"

	"github.com/hookrun/hookrun/internal/inspect"
)

func (a *app) validateCmd() *cobra.Command {
	var o inspect.ValidateRequest
	c := &cobra.Command{
		Use:   "validate",
		Short: "Check every hook declaration and report every problem",
		Long: `validate checks every hook file under the hooks directory and reports every
problem in one run, each as path:line:col: message (paths relative to the
working directory), then a summary line. Besides the declaration format it
checks that each handler command is an executable file, written with / (not
\), whose #! line names an interpreter that exists (a disabled hook: warnings).

--format json prints the findings as a JSON array (file, line, col,
severity, hook_id, message), without the summary line; --format github
prints GitHub Actions annotations, with a ::notice:: for the summary when
there is no error.

Exit status: 0 when there are no errors (warnings alone do not fail unless
--strict), 1 otherwise.`,
		Example: `  hookrun validate
  hookrun validate --strict
  hookrun validate --format json | jq '.[] | select(.severity == "error")'
  hookrun validate --format github   # annotations in a GitHub Actions log`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.Dirs, o.Stdout = a.dirs(), a.stdout
			return inspect.Validate(o)
		},
	}
	c.Flags().BoolVar(&o.Strict, "strict", false, "fail on warnings too")
	c.Flags().StringVar(&o.Format, "format", "text", "output format: text, json or github")
	return c
}
