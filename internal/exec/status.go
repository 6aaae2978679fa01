package exec

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// StatusLost says why a handler's shell command line does not end with the
// exit status of the guard it runs, or returns "" when it does or cannot
// tell. Such a line turns the guard's deny (exit 2), and its failures,
// into a success that reads as "allow": a pipeline ends in its last
// command's status (sh has no pipefail), `|| true` and a last `exit 0`
// answer 0, `!` inverts, and `&` answers before the guard does.
func StatusLost(command string) string {
	if !NeedsShell(command) {
		return ""
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil || len(f.Stmts) == 0 {
		return ""
	}
	last := f.Stmts[len(f.Stmts)-1]
	switch {
	case last.Background:
		return "it ends in &: sh starts the command in the background and exits 0 at once, before it answers"
	case last.Negated:
		return "it starts with !, which turns a deny (exit 2) or any failure into exit 0"
	}
	if name := succeeds(last.Cmd); name != "" && len(f.Stmts) > 1 {
		return fmt.Sprintf("it ends in %s, which answers 0 whatever came before it, a deny (exit 2) included", name)
	}
	bin, ok := last.Cmd.(*syntax.BinaryCmd)
	if !ok {
		return ""
	}
	switch bin.Op {
	case syntax.OrStmt:
		if name := succeeds(bin.Y.Cmd); name != "" {
			return fmt.Sprintf("|| %s makes every failure of what comes before it, a deny (exit 2) included, exit 0", name)
		}
	case syntax.Pipe, syntax.PipeAll:
		if name := program(bin.Y.Cmd); slices.Contains(filters, name) {
			return fmt.Sprintf("its exit status is %s's, the last command of its pipeline (sh has no pipefail): a deny (exit 2) or a failure before it reads as success", name)
		}
	}
	return ""
}

// filters are programs a guard's output is commonly piped into, whose exit
// status then stands for the guard's.
var filters = []string{"tee", "cat", "jq", "yq", "sed", "awk", "gawk", "grep", "head", "tail", "tr", "sort", "uniq", "cut", "column", "sponge", "ts", "logger", "iconv", "dos2unix"}

// succeeds names a command that exits 0 whatever came before it and
// prints nothing (true, :, exit 0), or returns "". echo and printf are not
// named: what they print decides (|| echo '{"hook_signals":[…deny…]}').
func succeeds(cmd syntax.Command) string {
	call, ok := cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return ""
	}
	switch name := call.Args[0].Lit(); name {
	case "true", ":":
		return name
	case "exit":
		if len(call.Args) == 2 && call.Args[1].Lit() == "0" {
			return "exit 0"
		}
	}
	return ""
}

// program is the name, without its directory, of the program a simple
// command runs, or "".
func program(cmd syntax.Command) string {
	call, ok := cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return ""
	}
	return path.Base(call.Args[0].Lit())
}
