// Package usage words hookrun's refusals of a command line: what is wrong
// with it, and the help command that shows how to write it.
package usage

import (
	"fmt"
	"strings"

	"github.com/hookrun/hookrun/internal/exitcode"
)

// Errorf is a command line that command (its path, "hookrun new") cannot
// read: exit 1, the problem, and the way on.
func Errorf(command, format string, args ...any) error {
	return exitcode.Failf("%s\nRun '%s --help' for usage.", fmt.Sprintf(format, args...), command)
}

// Cobra gives cobra's refusals of a word the way on they lack: a first
// word that names no command, and an argument to a command that takes
// none (cobra.NoArgs), which cobra words alike, as an unknown command.
// err is what command (its path) returned, sub says it is a subcommand,
// args are its arguments. Any other error is returned as it is.
func Cobra(err error, command string, sub bool, args []string) error {
	if err == nil || !strings.HasPrefix(err.Error(), "unknown command ") {
		return err
	}
	if sub && len(args) > 0 {
		return Errorf(command, "%s takes no arguments, got %q", command, args[0])
	}
	// cobra's "Did you mean this?" list ends in a newline: the way on
	// comes after a blank line, as the list does after the message.
	return Errorf(command, "%s", err.Error())
}
