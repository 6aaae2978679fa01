package usage

import (
	"errors"
	"io"
	"testing"

	"github.com/spf13/pflag"

	"github.com/hookrun/hookrun/internal/exitcode"
)

func TestCobra(t *testing.T) {
	other := errors.New(`unknown flag: --x`)
	for _, tc := range []struct {
		name    string
		err     error
		command string
		sub     bool
		args    []string
		want    string // "" for nil
	}{
		{"no error", nil, "hookrun", false, nil, ""},
		{"another error, untouched", other, "hookrun list", true, nil, "unknown flag: --x"},
		{"root, no near miss", errors.New(`unknown command "foo" for "hookrun"`), "hookrun", false, nil,
			"unknown command \"foo\" for \"hookrun\"\nRun 'hookrun --help' for usage."},
		{"root, with cobra's suggestions", errors.New("unknown command \"lsit\" for \"hookrun\"\n\nDid you mean this?\n\tlist\n"), "hookrun", false, nil,
			"unknown command \"lsit\" for \"hookrun\"\n\nDid you mean this?\n\tlist\n\nRun 'hookrun --help' for usage."},
		{"another runner's word", errors.New(`unknown command "run" for "hookrun"`), "hookrun", false, nil,
			"unknown command \"run\" for \"hookrun\"\n\nDid you mean this?\n\temit\n\nRun 'hookrun --help' for usage."},
		{"an argument to a command that takes none", errors.New(`unknown command "x" for "hookrun list"`), "hookrun list", true, []string{"x", "y"},
			"hookrun list takes no arguments, got \"x\"\nRun 'hookrun list --help' for usage."},
		{"a hook file given to validate", errors.New(`unknown command ".system/hooks/g.yaml" for "hookrun validate"`), "hookrun validate", true, []string{".system/hooks/g.yaml"},
			"hookrun validate takes no arguments, got \".system/hooks/g.yaml\" (it reads every hook file of the hooks directory; --hooks-dir DIR names another directory)\nRun 'hookrun validate --help' for usage."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Cobra(tc.err, tc.command, tc.sub, tc.args)
			if tc.want == "" {
				if got != nil {
					t.Fatalf("got %v, want nil", got)
				}
				return
			}
			if got == nil || got.Error() != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
			if tc.err != other && exitcode.Of(got) != exitcode.Error {
				t.Errorf("exit code %d, want %d", exitcode.Of(got), exitcode.Error)
			}
		})
	}
}

func TestExtraEvents(t *testing.T) {
	for _, tc := range []struct {
		args []string
		git  bool
		want string
	}{
		{[]string{"PreAbilityCall", "SessionStop"}, false, "hookrun emit takes at most one EVENT argument, got 2: PreAbilityCall SessionStop"},
		{[]string{"SessionStop", "origin/main"}, true, "hookrun emit takes at most one EVENT argument, got 2: SessionStop origin/main (--changed-from-git takes its BASE after an = sign: --changed-from-git=origin/main)"},
		{[]string{"PreAbilityCall", "ctx.json"}, false, "hookrun emit takes at most one EVENT argument, got 2: PreAbilityCall ctx.json (give a context file with --context: hookrun emit PreAbilityCall --context ctx.json)"},
		{[]string{"PreAbilityCall", "contexts/pre"}, false, "hookrun emit takes at most one EVENT argument, got 2: PreAbilityCall contexts/pre (give a context file with --context: hookrun emit PreAbilityCall --context contexts/pre)"},
	} {
		err := ExtraEvents("hookrun emit", tc.args, tc.git)
		if err == nil || err.Error() != tc.want || exitcode.Of(err) != exitcode.Error {
			t.Errorf("ExtraEvents(%q, %v) = %v, want %q (exit 1)", tc.args, tc.git, err, tc.want)
		}
	}
}

// TestFlag parses real flag values, so that a change in pflag's or Go's
// words shows here.
func TestFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--timeout", "5"}, "--timeout 5: a duration needs a unit: write 5s for seconds, or 5m for minutes\nRun 'hookrun install --help' for usage."},
		{[]string{"--timeout=1.5"}, "--timeout 1.5: a duration needs a unit: write 1.5s for seconds, or 1.5m for minutes\nRun 'hookrun install --help' for usage."},
		{[]string{"--timeout", "five"}, `--timeout "five": not a duration: write one with a unit, such as 30s, 2m or 1m30s` + "\nRun 'hookrun install --help' for usage."},
		{[]string{"--timeout=-3"}, `--timeout "-3": not a duration: write one with a unit, such as 30s, 2m or 1m30s` + "\nRun 'hookrun install --help' for usage."},
		{[]string{"--priority", "soon"}, `--priority "soon": not a whole number` + "\nRun 'hookrun install --help' for usage."},
		{[]string{"--priority", "99999999999999999999"}, "--priority 99999999999999999999: out of range\nRun 'hookrun install --help' for usage."},
		{[]string{"--blocking=maybe"}, "--blocking=maybe: write --blocking alone (true), or --blocking=false\nRun 'hookrun install --help' for usage."},
		{[]string{"--nope"}, "unknown flag: --nope\nRun 'hookrun install --help' for usage."},
	} {
		fs := pflag.NewFlagSet("x", pflag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.Duration("timeout", 0, "")
		fs.Int("priority", 0, "")
		fs.Bool("blocking", false, "")
		perr := fs.Parse(tc.args)
		if perr == nil {
			t.Fatalf("%v: parsed", tc.args)
		}
		err := Flag("hookrun install", perr)
		if err.Error() != tc.want || exitcode.Of(err) != exitcode.Error {
			t.Errorf("%v:\n got %q (exit %d)\nwant %q", tc.args, err, exitcode.Of(err), tc.want)
		}
	}
}

func TestOneAgent(t *testing.T) {
	names := []string{"claude-code", "codex"}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "hookrun install takes one AGENT: claude-code, codex\nRun 'hookrun install --help' for usage."},
		{[]string{"claude-code", "codex"}, "hookrun install takes one AGENT at a time, got 2: run hookrun install claude-code, then hookrun install codex\nRun 'hookrun install --help' for usage."},
		{[]string{"claude-code", "codex", "cursor"}, "hookrun install takes one AGENT at a time, got 3: run hookrun install claude-code, then hookrun install codex, then hookrun install cursor\nRun 'hookrun install --help' for usage."},
	} {
		err := OneAgent("hookrun install", names, tc.args)
		if err == nil || err.Error() != tc.want || exitcode.Of(err) != exitcode.Error {
			t.Errorf("OneAgent(%q) = %v, want %q (exit 1)", tc.args, err, tc.want)
		}
	}
	if err := OneAgent("hookrun install", names, []string{"codex"}); err != nil {
		t.Errorf("OneAgent(codex) = %v, want nil", err)
	}
}
