package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/exitcode"
	"github.com/hookrun/hookrun/internal/ojson"
)

type validateOptions struct {
	strict bool
	format string
}

func (a *app) validateCmd() *cobra.Command {
	var o validateOptions
	c := &cobra.Command{
		Use:   "validate",
		Short: "Check every hook declaration and report every problem",
		Long: `validate checks every hook file under the hooks directory and reports every
problem in one run, each as path:line:col: message (paths relative to the
working directory), then a summary line. Besides the declaration format it
checks that each handler command exists, is a file, is executable and that
its #! interpreter exists (for a disabled hook that is only a warning).

--format json prints the findings as a JSON array (file, line, col,
severity, hook_id, message); --format github prints GitHub Actions
annotations. Neither prints the summary line.

Exit status: 0 when there are no errors (warnings alone do not fail unless
--strict), 1 otherwise.`,
		Example: `  hookrun validate
  hookrun validate --strict
  hookrun validate --format json | jq '.[] | select(.severity == "error")'
  hookrun validate --format github   # annotations in a GitHub Actions log`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return a.validate(o) },
	}
	c.Flags().BoolVar(&o.strict, "strict", false, "fail on warnings too")
	c.Flags().StringVar(&o.format, "format", "text", "output format: text, json or github")
	return c
}

func (a *app) validate(o validateOptions) error {
	if o.format != "text" && o.format != "json" && o.format != "github" {
		return exitcode.Failf("--format must be text, json or github, got %q", o.format)
	}
	loc, set, err := a.dirs().Load()
	if err != nil {
		return err
	}
	config.CheckCommands(set, loc.Root, exec.Check)
	var errs, warns int
	for _, f := range set.Findings {
		if f.Severity == config.Error {
			errs++
		} else {
			warns++
		}
	}
	switch o.format {
	case "json":
		if err := a.writeFindingsJSON(set.Findings); err != nil {
			return err
		}
	case "github":
		for _, f := range set.Findings {
			fmt.Fprintln(a.stdout, githubAnnotation(f, a.cwd))
		}
	default:
		a.dirs().PrintFindings(a.stdout, set.Findings, "")
		a.validateSummary(a.stdout, loc, len(set.Files), len(set.Invalid), errs, warns)
	}
	if errs > 0 || o.strict && warns > 0 {
		return exitcode.With(exitcode.Error, nil)
	}
	return nil
}

func (a *app) validateSummary(w io.Writer, loc config.Location, files, invalid, errs, warns int) {
	if !loc.Found {
		fmt.Fprintf(w, "no hooks directory: no %s in %s or any parent (nothing to check)\n", config.HooksSubdir, a.cwd)
		return
	}
	dir := config.Rel(a.cwd, loc.HooksDir)
	if errs == 0 && warns == 0 {
		fmt.Fprintf(w, "%s: %s OK\n", dir, exitcode.Plural(files, "hook file"))
		return
	}
	fmt.Fprintf(w, "%s: %s, %s in %s (%d invalid)\n", dir, exitcode.Plural(errs, "error"), exitcode.Plural(warns, "warning"), exitcode.Plural(files, "hook file"), invalid)
}

// findingJSON is one finding for tools: paths relative to the working directory.
type findingJSON struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Severity string `json:"severity"`
	HookID   string `json:"hook_id,omitempty"`
	Message  string `json:"message"`
}

func (a *app) writeFindingsJSON(fs []config.Finding) error {
	out := make([]findingJSON, len(fs))
	for i, f := range fs {
		out[i] = a.findingJSON(f)
	}
	return ojson.Write(a.stdout, out, true)
}

// findingJSON is f for tools, its paths relative to the working directory.
func (a *app) findingJSON(f config.Finding) findingJSON {
	return findingJSON{config.Rel(a.cwd, f.File), f.Line, f.Col, string(f.Severity), f.HookID, f.Text(a.cwd)}
}

// githubAnnotation renders a finding as a GitHub Actions workflow command.
func githubAnnotation(f config.Finding, dir string) string {
	prop := strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
	data := strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	return fmt.Sprintf("::%s file=%s,line=%d,col=%d::%s", f.Severity, prop.Replace(config.Rel(dir, f.File)), f.Line, f.Col, data.Replace(f.Text(dir)))
}
