// Package usage words hookrun's refusals of a command line: what is wrong
// with it, and the help command that shows how to write it.
package usage

import (
	"fmt"
	"strconv"
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
		return Errorf(command, "%s takes no arguments, got %q%s", command, args[0], hookFileHint(args[0]))
	}
	msg := err.Error()
	var word string
	if _, serr := fmt.Sscanf(msg, "unknown command %q", &word); serr == nil && synonym(word) != "" && !strings.Contains(msg, "\n") {
		msg += "\n\nDid you mean this?\n\t" + synonym(word) + "\n" // cobra's words, for a word it finds no command near
	}
	// cobra's "Did you mean this?" list ends in a newline: the way on
	// comes after a blank line, as the list does after the message.
	return Errorf(command, "%s", msg)
}

// Flag words cobra's refusal of a flag's value for command (its path),
// which passes on Go's parser's words (time: missing unit in duration,
// strconv.ParseInt: parsing "soon": invalid syntax): a duration written
// without a unit (install --timeout 5) gets the one to write, and a
// number or a boolean that is none is called so.
func Flag(command string, err error) error {
	msg := err.Error()
	var val, flag string
	if _, serr := fmt.Sscanf(msg, "invalid argument %q for %q flag:", &val, &flag); serr != nil {
		return Errorf(command, "%s", msg)
	}
	_, nerr := strconv.ParseFloat(val, 64)
	switch {
	case strings.Contains(msg, ": time: ") && nerr == nil && !strings.HasPrefix(val, "-"):
		return Errorf(command, "%s %s: a duration needs a unit: write %ss for seconds, or %sm for minutes", flag, val, val, val)
	case strings.Contains(msg, ": time: "):
		return Errorf(command, "%s %q: not a duration: write one with a unit, such as 30s, 2m or 1m30s", flag, val)
	case strings.Contains(msg, ": strconv.ParseInt: ") && strings.HasSuffix(msg, "value out of range"):
		return Errorf(command, "%s %s: out of range", flag, val)
	case strings.Contains(msg, ": strconv.ParseInt: "):
		return Errorf(command, "%s %q: not a whole number", flag, val)
	case strings.Contains(msg, ": strconv.ParseBool: "):
		return Errorf(command, "%s=%s: write %s alone (true), or %s=false", flag, val, flag, flag)
	}
	return Errorf(command, "%s", msg)
}

// synonym is the command another hook runner's word names (lefthook
// run, pre-commit's run, linters' check), too far from hookrun's names
// for cobra's suggestions; "" for any other word. A switch, not a map:
// a package-level map is built at every start, emit's included.
func synonym(word string) string {
	switch word {
	case "run", "exec":
		return "emit"
	case "check", "lint":
		return "validate"
	case "ls":
		return "list"
	case "add", "create":
		return "new"
	}
	return ""
}

// hookFileHint is what to say of a hook file given as an argument
// (validate .system/hooks/guard.yaml): the commands read the whole hooks
// directory.
func hookFileHint(arg string) string {
	if !strings.HasSuffix(arg, ".yaml") && !strings.HasSuffix(arg, ".yml") {
		return ""
	}
	return " (it reads every hook file of the hooks directory; --hooks-dir DIR names another directory)"
}

// ExtraEvents is the error of emit or explain given more than the one
// EVENT argument they take: the BASE of a --changed-from-git written
// without its = sign, or a context file given as an argument, is named
// with the way to write it.
func ExtraEvents(command string, args []string, changedFromGit bool) error {
	hint := ""
	switch {
	case changedFromGit:
		hint = " (--changed-from-git takes its BASE after an = sign: --changed-from-git=origin/main)"
	case strings.HasSuffix(args[1], ".json") || strings.ContainsAny(args[1], `/\`):
		hint = fmt.Sprintf(" (give a context file with --context: %s %s --context %s)", command, args[0], args[1])
	}
	return exitcode.Failf("%s takes at most one EVENT argument, got %d: %s%s", command, len(args), strings.Join(args, " "), hint)
}

// OneAgent checks install's arguments: one AGENT. Several agents at once
// (hookrun install claude-code codex) get the commands to run one by one;
// none gets the list of agents (names).
func OneAgent(command string, names, args []string) error {
	switch len(args) {
	case 1:
		return nil
	case 0:
		return Errorf(command, "%s takes one AGENT: %s", command, strings.Join(names, ", "))
	}
	runs := make([]string, len(args))
	for i, a := range args {
		runs[i] = command + " " + a
	}
	return Errorf(command, "%s takes one AGENT at a time, got %d: run %s", command, len(args), strings.Join(runs, ", then "))
}
