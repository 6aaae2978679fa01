package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hookrun/hookrun/internal/buildinfo"
)

// version is set at build time: go build -ldflags "-X main.version=v1.2.3".
var version = ""

func versionString() string { return buildinfo.String(version) }

func (a *app) versionCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print hookrun's version",
		Long:    "version prints hookrun's version, the Go version it was built with and the\nplatform, on one line; hookrun --version prints the same.",
		Example: "  hookrun version",
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			fmt.Fprintln(a.stdout, versionString())
			return nil
		},
	}
}
