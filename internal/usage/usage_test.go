package usage

import (
	"errors"
	"testing"

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
