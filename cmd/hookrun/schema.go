package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookrun/hookrun/internal/scaffold"
	"github.com/hookrun/hookrun/internal/schema"
)

func (a *app) schemaCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "schema",
		Short: "Print the JSON Schema of a hook file, for editors",
		Long: `schema prints the JSON Schema (draft-07) of a hook declaration file. Editors
that run yaml-language-server (VS Code's YAML extension, Neovim, Helix, Zed,
JetBrains IDEs) then complete and check hook files as you type, given a
first line such as

  # yaml-language-server: $schema=../hookrun.schema.json

hookrun init writes the schema to ` + scaffold.SchemaFile + `, and hookrun new
puts that line in every hook it creates there. After upgrading hookrun, run
'hookrun init' again (or redirect this command's output there) to refresh it.

validate remains the authority: the schema checks what one file says about
itself, and validate checks more:
  - ` + strings.Join(schema.Boundary, "\n  - "),
		Example: `  hookrun schema > .system/hookrun.schema.json`,
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			_, err := a.stdout.Write(schema.JSON())
			return err
		},
	}
}
