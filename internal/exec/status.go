package exec

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// StatusLost says why a handler's shell command line does not end with the
// exit status of the guard it runs, or returns "" when it does or cannot
// tell. Such a line turns the guard's deny (exit 2), and its failures,
// into a success that reads as "allow": a pipeline ends in its last
// command's status (sh has no pipefail), `|| true` and a last `exit 0`
// answer 0, `!` inverts, and `&` answers before the guard does. A last
// `exit $?` (or a bare exit) answers what the statement before it did, so
// that statement is read instead. An echo or printf after `||` or `;`
// answers 0 too, and what it prints is the answer: allows says whether
// that text (a fixed one, read without running anything) lets the call
// through ({}, nothing, or a deny sent to stderr), in which case the line
// is named; a deny printed when the guard fails is a fail-closed pattern.
func StatusLost(command string, allows func(stdout string) bool) string {
	if !NeedsShell(command) {
		return ""
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil || len(f.Stmts) == 0 {
		return ""
	}
	stmts := f.Stmts
	for len(stmts) > 1 && exitsWithLastStatus(stmts[len(stmts)-1]) {
		stmts = stmts[:len(stmts)-1]
	}
	last := stmts[len(stmts)-1]
	switch {
	case last.Background:
		return "it ends in &: sh starts the command in the background and exits 0 at once, before it answers"
	case last.Negated:
		return "it starts with !, which turns a deny (exit 2) or any failure into exit 0"
	}
	if len(stmts) > 1 {
		if name := succeeds(last.Cmd); name != "" {
			return fmt.Sprintf("it ends in %s, which answers 0 whatever came before it, a deny (exit 2) included", name)
		}
		if out, ok := answer(last); ok && allows(out) {
			return fmt.Sprintf("it ends in %s, which answers 0 whatever came before it, a deny (exit 2) included, and prints no deny", source(command, last))
		}
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
		if out, ok := answer(bin.Y); ok && allows(out) {
			return fmt.Sprintf("|| %s makes every failure of what comes before it, a deny (exit 2) included, exit 0, and prints no deny", source(command, bin.Y))
		}
	case syntax.Pipe, syntax.PipeAll:
		if name := program(bin.Y.Cmd); slices.Contains(filters, name) && !setsPipefail(stmts[:len(stmts)-1]) {
			return fmt.Sprintf("its exit status is %s's, the last command of its pipeline (sh has no pipefail): a deny (exit 2) or a failure before it reads as success", name)
		}
	}
	return ""
}

// SetsPipefail reports whether the shell line command runs set -o
// pipefail (or -euo pipefail), which a /bin/sh that does not know it
// (dash) stops at with status 2.
func SetsPipefail(command string) bool {
	if !NeedsShell(command) {
		return false
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	return err == nil && setsPipefail(f.Stmts)
}

// setsPipefail reports whether one of stmts is set -o pipefail (or
// -euo pipefail): a shell that knows it keeps a pipeline's failure, and
// one that does not (dash) stops at the set with status 2, a deny.
func setsPipefail(stmts []*syntax.Stmt) bool {
	for _, st := range stmts {
		call, ok := st.Cmd.(*syntax.CallExpr)
		if !ok || len(call.Args) < 3 || call.Args[0].Lit() != "set" {
			continue
		}
		for i := 2; i < len(call.Args); i++ {
			opt := call.Args[i-1].Lit()
			if call.Args[i].Lit() == "pipefail" && strings.HasPrefix(opt, "-") && strings.HasSuffix(opt, "o") {
				return true
			}
		}
	}
	return false
}

// exitsWithLastStatus reports whether st is `exit $?` or a bare `exit`,
// which answer the status of the statement before them.
func exitsWithLastStatus(st *syntax.Stmt) bool {
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || st.Background || len(call.Args) == 0 || call.Args[0].Lit() != "exit" {
		return false
	}
	switch len(call.Args) {
	case 1:
		return true
	case 2:
		var p *syntax.ParamExp
		for _, part := range call.Args[1].Parts {
			switch x := part.(type) {
			case *syntax.ParamExp:
				p = x
			case *syntax.DblQuoted:
				if len(x.Parts) == 1 {
					p, _ = x.Parts[0].(*syntax.ParamExp)
				}
			}
		}
		return len(call.Args[1].Parts) == 1 && p != nil && p.Param.Value == "?" && !p.Length && !p.Excl && p.Exp == nil && p.Repl == nil && p.Index == nil && p.Slice == nil
	}
	return false
}

// answer is what the statement st prints on its stdout when it exits 0
// whatever came before it: an echo or printf of fixed text (printed), or
// a brace group or subshell of such statements and true, : or exit 0
// (|| { echo failed >&2; exit 0; }), up to its first exit 0. ok is false
// when that cannot be told, or when st may exit otherwise.
func answer(st *syntax.Stmt) (out string, ok bool) {
	var stmts []*syntax.Stmt
	switch x := st.Cmd.(type) {
	case *syntax.Block:
		stmts = x.Stmts
	case *syntax.Subshell:
		stmts = x.Stmts
	default:
		return printed(st)
	}
	if len(st.Redirs) > 0 || st.Negated || st.Background || len(stmts) == 0 {
		return "", false
	}
	var b strings.Builder
	for i, s := range stmts {
		if name := succeeds(s.Cmd); name != "" && !s.Negated && !s.Background {
			if name == "exit 0" {
				return b.String(), true
			}
			if i == len(stmts)-1 {
				return b.String(), true
			}
			continue
		}
		text, ok := printed(s)
		if !ok || s.Negated || s.Background {
			return "", false
		}
		b.WriteString(text)
	}
	return b.String(), true
}

// printed is what the echo or printf statement st writes on its stdout,
// when that is fixed text (no expansion, no backslash, no option, printf
// with no % directive), or "" when its stdout is sent elsewhere (>&2, a
// file); ok is false when it cannot be told.
func printed(st *syntax.Stmt) (out string, ok bool) {
	call, isCall := st.Cmd.(*syntax.CallExpr)
	if !isCall || len(call.Args) == 0 || len(call.Assigns) > 0 {
		return "", false
	}
	name := call.Args[0].Lit()
	if name != "echo" && name != "printf" {
		return "", false
	}
	for _, r := range st.Redirs {
		if r.N == nil || r.N.Value == "1" {
			switch r.Op {
			case syntax.RdrOut, syntax.AppOut, syntax.DplOut, syntax.RdrClob, syntax.RdrAll, syntax.AppAll:
				return "", true
			}
		}
	}
	var words []string
	for _, w := range call.Args[1:] {
		text, ok := spelled(w)
		if !ok || strings.ContainsAny(text, `\`) {
			return "", false
		}
		words = append(words, text)
	}
	if name == "printf" {
		if len(words) != 1 || strings.Contains(words[0], "%") {
			return "", false
		}
		return words[0], true
	}
	if len(words) > 0 && strings.HasPrefix(words[0], "-") {
		return "", false
	}
	return strings.Join(words, " ") + "\n", true
}

// source is the text of the statement st as the line wrote it.
func source(command string, st *syntax.Stmt) string {
	return command[st.Pos().Offset():st.End().Offset()]
}

// PipelineStatus says, for a warning, why a shell line may not end with
// its guard's exit status, when StatusLost cannot tell: its last statement
// is a pipeline whose first command, which reads the context, and whose
// last, which answers, are programs hookrun does not know. Whichever is
// the guard, the status is the last one's. "" otherwise.
func PipelineStatus(command string) string {
	if !NeedsShell(command) || StatusLost(command, func(string) bool { return false }) != "" {
		return ""
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil || len(f.Stmts) == 0 {
		return ""
	}
	bin, ok := f.Stmts[len(f.Stmts)-1].Cmd.(*syntax.BinaryCmd)
	if !ok || bin.Op != syntax.Pipe && bin.Op != syntax.PipeAll || setsPipefail(f.Stmts[:len(f.Stmts)-1]) {
		return ""
	}
	first := bin.X
	for {
		x, ok := first.Cmd.(*syntax.BinaryCmd)
		if !ok || x.Op != syntax.Pipe && x.Op != syntax.PipeAll {
			break
		}
		first = x.X
	}
	// A line that starts with a program that passes the context on (cat,
	// jq, echo…) ends with the guard.
	reads, answers := word(first.Cmd), word(bin.Y.Cmd)
	if base := path.Base(reads); reads == "" || answers == "" || base == "echo" || base == "printf" || slices.Contains(filters, base) {
		return ""
	}
	return fmt.Sprintf("its exit status is %s's, the last command of its pipeline (sh has no pipefail), not %s's, which reads the context: if %s is the guard, its deny (exit 2) reads as whatever %s answers", answers, reads, reads, answers)
}

// word is the first word of a simple command as written, or "".
func word(cmd syntax.Command) string {
	call, ok := cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return ""
	}
	return call.Args[0].Lit()
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

// shells are the programs whose -c runs a shell line that StatusLost can
// read.
var shells = []string{"sh", "bash", "dash", "zsh", "ksh", "mksh", "ash"}

// ShellLine is the shell line a handler given as a program and its
// arguments runs, when the program is a shell and the arguments are its
// options, -c among them, and the line (sh -c LINE [NAME ARGS…]); ok is
// false for anything else, a script file (sh guard.sh) or a line run under
// -o pipefail included.
func ShellLine(command string, args []string) (line string, ok bool) {
	if !slices.Contains(shells, strings.TrimSuffix(path.Base(command), ".exe")) {
		return "", false
	}
	byC := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--" || a == "-":
			return "", false
		case (a == "-o" || a == "+o") && i+1 < len(args):
			if a == "-o" && args[i+1] == "pipefail" {
				return "", false
			}
			i++
		case strings.HasPrefix(a, "-") || strings.HasPrefix(a, "+"):
			byC = byC || a[0] == '-' && strings.Contains(a[1:], "c") && !strings.HasPrefix(a, "--")
		case byC:
			return a, true
		default:
			return "", false
		}
	}
	return "", false
}

// TrapLost says why a trap in the shell line or script src makes the shell
// exit 0 where its guard denied or failed, with the trap's line (1-based),
// or returns 0, "". An EXIT trap (EXIT or 0) whose action runs exit 0 ends
// the shell with status 0 however it was exiting, the guard's exit 2 and a
// set -e stop included; an ERR trap does so after any command that fails
// (bash). What the action prints before its exit 0 is the answer: the trap
// is named when that lets the call through (allows), as StatusLost names
// an echo after ||. An action that keeps the status (no exit, exit $?),
// that fails (exit 1), or whose output cannot be told is no finding.
func TrapLost(src string, allows func(stdout string) bool) (line int, why string) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	if err != nil {
		return 0, ""
	}
	// A trap's action is most often a function of the script (trap
	// cleanup EXIT): what each runs is read where it is called.
	funcs := map[string][]*syntax.Stmt{}
	syntax.Walk(f, func(n syntax.Node) bool {
		if fn, ok := n.(*syntax.FuncDecl); ok && fn.Name != nil { // not an anonymous ()CMD
			if body, ok := fn.Body.Cmd.(*syntax.Block); ok && len(fn.Body.Redirs) == 0 {
				funcs[fn.Name.Value] = body.Stmts
			}
		}
		return true
	})
	syntax.Walk(f, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok || why != "" {
			return why == ""
		}
		when := trapWhen(st)
		if when == "" {
			return true
		}
		call := st.Cmd.(*syntax.CallExpr)
		action, _ := spelled(call.Args[trapAction(st)])
		if out, ok := trapAnswer(action, funcs); ok && allows(out) {
			line = int(st.Pos().Line())
			why = fmt.Sprintf("its %s runs exit 0 %s: a deny (exit 2) or any failure reads as success, and it prints no deny", src[call.Pos().Offset():call.End().Offset()], when)
		}
		return true
	})
	return line, why
}

// trapAction is the index of a trap command's action among its words.
func trapAction(st *syntax.Stmt) int {
	if call := st.Cmd.(*syntax.CallExpr); len(call.Args) > 2 && call.Args[1].Lit() == "--" {
		return 2
	}
	return 1
}

// trapWhen says when the trap statement st runs its action, for the
// conditions that end a guard (the shell's exit, a failing command), or
// returns "" when st is no such trap or its action is not fixed text.
func trapWhen(st *syntax.Stmt) string {
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) < 3 || call.Args[0].Lit() != "trap" {
		return ""
	}
	i := trapAction(st)
	if action, ok := spelled(call.Args[i]); !ok || action == "-" || action == "" {
		return ""
	}
	onErr := false
	for _, w := range call.Args[i+1:] {
		sig, _ := spelled(w)
		switch strings.TrimPrefix(strings.ToUpper(sig), "SIG") {
		case "EXIT", "0":
			return "as the shell exits, whatever status it was exiting with"
		case "ERR":
			onErr = true
		}
	}
	if onErr {
		return "after any command that fails (in bash)"
	}
	return ""
}

// trapAnswer is what a trap's action prints on stdout before it runs
// exit 0: fixed echo or printf text, besides commands that print nothing
// there (rm, kill, wait, cd, unset, true, :, or output sent elsewhere),
// and what the functions it calls (funcs, the script's) do, read in turn.
// ok is false when the action reaches no exit 0 or what it prints cannot
// be told.
func trapAnswer(action string, funcs map[string][]*syntax.Stmt) (out string, ok bool) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(action), "")
	if err != nil {
		return "", false
	}
	var b strings.Builder
	exited, ok := trapRuns(f.Stmts, funcs, 0, &b)
	return b.String(), ok && exited
}

// maxTrapCalls bounds how deep trapRuns follows functions that call
// functions (a recursive one never ends).
const maxTrapCalls = 4

// trapRuns reads the statements a trap runs, writing what they print to
// b: exited is true when they reach exit 0, ok false when what they do
// cannot be told.
func trapRuns(stmts []*syntax.Stmt, funcs map[string][]*syntax.Stmt, depth int, b *strings.Builder) (exited, ok bool) {
	for _, s := range stmts {
		if s.Negated || s.Background {
			return false, false
		}
		if succeeds(s.Cmd) == "exit 0" {
			return true, true
		}
		if text, ok := printed(s); ok {
			b.WriteString(text)
			continue
		}
		if body, isFunc := funcs[word(s.Cmd)]; isFunc && len(s.Redirs) == 0 {
			if depth == maxTrapCalls {
				return false, false
			}
			if exited, ok := trapRuns(body, funcs, depth+1, b); exited || !ok {
				return exited, ok
			}
			continue
		}
		if !printsNothing(s) {
			return false, false
		}
	}
	return false, true
}

// printsNothing reports whether the simple command st writes nothing on
// the shell's stdout: a clean-up command, or one whose stdout goes
// elsewhere.
func printsNothing(st *syntax.Stmt) bool {
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	switch call.Args[0].Lit() {
	case "rm", "rmdir":
		// -v lists what it removed on stdout.
		return !slices.ContainsFunc(call.Args[1:], func(w *syntax.Word) bool {
			a := w.Lit()
			return a == "--verbose" || strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.Contains(a, "v")
		}) || redirectsStdout(st)
	case "kill", "wait", "cd", "unset", "true", ":":
		return true
	}
	return redirectsStdout(st)
}

// redirectsStdout reports whether st sends its stdout elsewhere than the
// shell's (a file, stderr, /dev/null).
func redirectsStdout(st *syntax.Stmt) bool {
	for _, r := range st.Redirs {
		if (r.N == nil || r.N.Value == "1") && (r.Op == syntax.RdrOut || r.Op == syntax.AppOut || r.Op == syntax.DplOut || r.Op == syntax.RdrAll || r.Op == syntax.AppAll) {
			return true
		}
	}
	return false
}

// InnerLine returns the shell and its arguments when the command line
// command is nothing but a shell given a line with -c (bash -c
// './guard.sh || true', after an optional exec): the line's status is
// then that inner line's, which ShellLine returns. ok is false for
// anything else: an expansion, an assignment, a redirection, or more
// statements around it.
func InnerLine(command string) (prog string, args []string, ok bool) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil || len(f.Stmts) != 1 {
		return "", nil, false
	}
	st := f.Stmts[0]
	call, isCall := st.Cmd.(*syntax.CallExpr)
	if !isCall || st.Negated || st.Background || len(st.Redirs) > 0 || len(call.Assigns) > 0 {
		return "", nil, false
	}
	var words []string
	for _, w := range call.Args {
		text, ok := spelled(w)
		if !ok {
			return "", nil, false
		}
		words = append(words, text)
	}
	if len(words) > 1 && words[0] == "exec" {
		words = words[1:]
	}
	if len(words) == 0 {
		return "", nil, false
	}
	if _, ok := ShellLine(words[0], words[1:]); !ok {
		return "", nil, false
	}
	return words[0], words[1:], true
}

// Source is a file a shell script sources (. FILE, source FILE) by a fixed
// path: relative to the directory the shell runs in, or with From set to
// "$0" to the guard script's directory ("$(dirname "$0")/lib.sh",
// "${0%/*}/lib.sh": in a sourced file $0 is still the guard's), or to
// "BASH_SOURCE" to the directory of the file that sources it.
type Source struct {
	Path string
	From string // "", "$0" or "BASH_SOURCE"
}

// scriptDirRE matches, once its double quotes are dropped, the ways a
// script names its own directory at the start of a path. Built when
// first used (scriptDir): nothing in hookrun runs before main.
var (
	scriptDirOnce sync.Once
	scriptDirRE   *regexp.Regexp
)

func scriptDir() *regexp.Regexp {
	scriptDirOnce.Do(func() {
		const self = `\$(0|\{0\}|\{?BASH_SOURCE(\[0\])?\}?)`
		scriptDirRE = regexp.MustCompile(`^(\$\(dirname( --)? ` + self + `\)|\$\{(0|BASH_SOURCE(\[0\])?)%/\*\}|\$\(cd( --)? \$\(dirname( --)? ` + self + `\) *(&&|;) *pwd( -P)?\))/`)
	})
	return scriptDirRE
}

// Sourced lists the files the shell script src sources by a fixed path
// that holds a slash (a name without one is looked up on PATH), once each,
// in the order written. A path built from a variable, a glob or a command
// other than the script's own directory cannot be told and is not listed.
func Sourced(src string) []Source {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	if err != nil {
		return nil
	}
	var out []Source
	syntax.Walk(f, func(n syntax.Node) bool {
		call, ok := n.(*syntax.CallExpr)
		if !ok || len(call.Args) < 2 {
			return true
		}
		if name := call.Args[0].Lit(); name != "." && name != "source" {
			return true
		}
		s, ok := sourcePath(call.Args[1])
		if ok && !slices.Contains(out, s) {
			out = append(out, s)
		}
		return true
	})
	return out
}

func sourcePath(w *syntax.Word) (Source, bool) {
	if p, ok := spelled(w); ok {
		return Source{Path: p}, strings.Contains(p, "/")
	}
	var b strings.Builder
	if syntax.NewPrinter().Print(&b, w) != nil {
		return Source{}, false
	}
	text := strings.ReplaceAll(b.String(), `"`, "")
	loc := scriptDir().FindStringIndex(text)
	if loc == nil {
		return Source{}, false
	}
	rest := text[loc[1]:]
	if rest == "" || strings.ContainsAny(rest, "$`*?[]'\\ \t") {
		return Source{}, false
	}
	from := "$0"
	if strings.Contains(text[:loc[1]], "BASH_SOURCE") {
		from = "BASH_SOURCE"
	}
	return Source{Path: rest, From: from}, true
}
