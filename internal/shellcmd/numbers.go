package shellcmd

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A word only known at run time to be a number ($(nproc), $(date +%s), $((…)): numbersOnly)
// names no path and cannot be a pattern's word such as install. That holds only while
// nproc, date and the rest are the programs they are: a line that defines a function or an
// alias of one of those names, or sets PATH, where a file of the project may come first,
// makes such a word print anything (nproc(){ echo .system; }; mv $(nproc) /tmp). Its
// numbers are then only known when the line runs (finishNumbers).

// numberCommand reports whether name is a command numericSubst takes to print a number.
func numberCommand(name string) bool {
	switch name {
	case "date", "nproc", "getconf", "sysctl", "id", "grep", "egrep", "fgrep", "wc":
		return true
	}
	return false
}

// numberCommandDefined notes a function definition of such a command's name.
func (r *reader) numberCommandDefined(fn *syntax.FuncDecl) {
	names := fn.Names
	if fn.Name != nil {
		names = append([]*syntax.Lit{fn.Name}, names...)
	}
	for _, n := range names {
		if name := foldName(n.Value); numberCommand(name) && r.numbersVoid == "" {
			r.numbersVoid = fmt.Sprintf("the line defines a function %s", short(name))
		}
	}
}

// alias notes that the line makes name stand for another command (alias, hash -p, enable -f,
// BASH_CMDS, an exported function): a later command of that name is unresolved
// (finishAliases), and so are the numbers it would print.
func (r *reader) alias(name string) {
	if r.aliases == nil {
		r.aliases = map[string]bool{}
	}
	name = foldName(name)
	r.aliases[name] = true
	if numberCommand(name) && r.numbersVoid == "" {
		r.numbersVoid = fmt.Sprintf("the line makes %s stand for another command", short(name))
	}
}

// numberPathSet notes an assignment to PATH (zsh's path too), which decides which file a
// command name runs.
func (r *reader) numberPathSet(a *syntax.Assign) {
	if a.Name != nil && (a.Name.Value == "PATH" || a.Name.Value == "path") && r.numbersVoid == "" {
		r.numbersVoid = "the line sets " + a.Name.Value
	}
}

// finishNumbers makes each number word (with an option's letters or not: numbersOnly with
// options takes both) of the line's commands only known when the line runs,
// as a path and as an argument, once the line may have redefined what prints it.
func (r *reader) finishNumbers() {
	why := r.numbersVoid
	if why == "" {
		return
	}
	for _, c := range r.out.Commands {
		for _, a := range c.Args {
			// Only a command prints a number the line may redefine: the shell's own ($?, $$,
			// ${#x}) stay numbers whatever PATH holds.
			if a.Dynamic && printedNumber(a.Value) && numbersOnly(a.Value, true) {
				r.unresolved("%s, so %s of %s may print anything, only known when the line runs", why, a.Value, c.Name)
				r.unknownPath(a.Value)
				return
			}
		}
	}
}

// printedNumber reports whether a number word's text holds a command substitution ($(…) or
// `…`, arithmetic's $((…)) kept too, which may hold one), whose command the line may redefine.
func printedNumber(text string) bool {
	return strings.Contains(text, "$(") || strings.Contains(text, "`")
}
