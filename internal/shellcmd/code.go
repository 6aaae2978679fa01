package shellcmd

import (
	"maps"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxLiterals caps the string literals of one program offered as paths.
const maxLiterals = 256

// program reads a program an interpreter is given in the line (python -c, node -e, perl -e, a
// here-document or here-string on its standard input, awk's program text) and names each path
// its string literals spell: what such a program does is only known when it runs, but
// open('.system/hooks/x.yaml', 'w') names the file as plainly as an operand does. A path the
// program builds at run time is not seen. sed's w commands name the files they write.
//
// A string such a program hands to a call that runs a command (system, exec, os.execute,
// subprocess, backticks, qx, awk's pipes) is read as a line of its own (runStrings), and so is
// each command of a Tcl (tclsh, wish, expect) or kakoune (kak -e) program: perl -e
// 'system("rm -rf x")' runs rm as surely as bash -c does.
//
// It returns the program's interpreter when the program may write files ("" for none).
func (r *reader) program(cmd Command, redirs []*syntax.Redirect, depth int) (writer string) {
	name := interpreterName(cmd.Name)
	var code []string
	stdin := false
	switch {
	case name == "sed" || name == "gsed":
		for _, s := range sedScripts(cmd.Args) {
			r.sedProgram(s, depth)
		}
		return
	case strings.HasPrefix(name, "python") || strings.HasPrefix(name, "pypy"):
		code, stdin = clusterCode(cmd.Args, 'c', "", "WX", "m")
	case name == "node" || name == "bun":
		code, stdin = clusterCode(cmd.Args, 'e', "p", "r", "")
		code = append(code, longCode(cmd.Args, "--eval", "--print")...)
	case name == "deno":
		if ops := staticOperands(cmd.Args); len(ops) > 1 && ops[0] == "eval" {
			code = ops[1:2]
		}
	case name == "perl":
		code, stdin = clusterCode(cmd.Args, 'e', "E", "iIMmxCdD0l", "")
	case name == "ruby":
		code, stdin = clusterCode(cmd.Args, 'e', "", "IrCEFx0KTW", "")
	case name == "php":
		code, stdin = clusterCode(cmd.Args, 'r', "", "cdzf", "")
	case name == "lua" || name == "luajit" || name == "rscript" || name == "osascript":
		code, _ = clusterCode(cmd.Args, 'e', "", "l", "")
	case name == "awk" || name == "gawk" || name == "mawk" || name == "nawk" || name == "busybox-awk":
		code = awkProgram(cmd.Args)
	case isTcl(name):
		// expect -c CMDS; tclsh, wish and expect read their program from standard input when
		// they are given no script file (or expect -f -).
		code, stdin = clusterCode(cmd.Args, 'c', "", "fbDi", "")
		if stdin {
			code = append(code, r.programIn(name, redirs)...)
		}
		if len(code) > 0 {
			writer = cmd.Name + "'s program" // open x.sh w (rewrites.go)
		}
		for _, c := range code {
			r.commandWords(c, "[]{};\n", depth)
		}
		r.codeLiterals(code)
		return
	case name == "kak":
		code = longCode(cmd.Args, "-e", "-E")
		if len(code) > 0 {
			writer = cmd.Name + "'s program"
		}
		for _, c := range code {
			for _, sh := range kakShell(c) {
				r.quietly(sh, depth+1)
			}
			r.commandWords(c, "{};\n", depth)
		}
		return
	case name == "emacs" || strings.HasPrefix(name, "emacs-"):
		code = longCode(cmd.Args, "--eval", "-eval", "--execute", "-execute")
	case name == "emacsclient":
		// -e|--eval: every operand is an expression.
		if slices.ContainsFunc(cmd.Args, func(a Arg) bool { return a.Value == "-e" || a.Value == "--eval" }) {
			code = staticOperands(cmd.Args)
		}
	default:
		return
	}
	if stdin {
		code = append(code, r.programIn(name, redirs)...)
	}
	lang := programLang(cmd.Name)
	code = append(code, r.startupCode(lang, cmd.Args, cmd.Env, true)...) // ruby -rLIB, NODE_OPTIONS… (startcode.go)
	if len(code) > 0 && programWrites(name, code) {
		writer = cmd.Name + "'s program" // open('x.sh', 'w') (rewrites.go)
	}
	if r.withFiles() { // inlineFiles reads nothing without them
		r.inlineFiles(cmd.Name, code, moduleDirs(lang, cmd.Args, cmd.Env, true), depth)
	}
	if strings.HasPrefix(name, "python") || strings.HasPrefix(name, "pypy") {
		for _, c := range code {
			r.pythonStrings(c, depth)
		}
		return
	}
	r.codeLiterals(code)
	for _, c := range code {
		r.runStrings(c, name, depth)
	}
	return writer
}

// sedProgram reads a sed script: the files its w commands write and the commands its e runs.
func (r *reader) sedProgram(s string, depth int) {
	for _, w := range sedWrites(s) {
		r.path(w)
	}
	lines, patternSpace := sedRuns(s)
	for _, l := range lines {
		r.quietly(l, depth+1) // read generously: a text that is no shell line is no command
	}
	if patternSpace {
		r.unresolved("sed's e runs the text it edits as a command (%s), only known when the line runs", s)
	}
}

// interpreterName is the interpreter a program name runs: one installed with its version in its
// name (macOS's perl5.34, Debian's php8.2, ruby3.1, lua5.4) or under another name (Debian's nodejs;
// tsx, ts-node, babel-node and esno, which run TypeScript or newer JavaScript through node and take
// its -e and -p; JRuby and TruffleRuby, which take ruby's -e) is read as that interpreter: perl5.34
// -e 'system("rm -rf ~")' runs rm -rf ~ as perl -e does. Other names are returned as they are.
func interpreterName(name string) string {
	switch name {
	case "nodejs", "tsx", "ts-node", "ts-node-esm", "ts-node-script", "ts-node-transpile-only", "babel-node", "esno":
		return "node"
	case "jruby", "truffleruby":
		return "ruby"
	}
	if base := unversioned(name); base != name {
		switch base {
		case "perl", "php", "ruby", "lua", "node":
			return base
		}
	}
	return name
}

func isTcl(name string) bool {
	for _, p := range []string{"tclsh", "wish", "expect", "expectk", "jimsh"} {
		if rest, ok := strings.CutPrefix(name, p); ok && strings.Trim(rest, "0123456789.") == "" {
			return true // tclsh8.6
		}
	}
	return false
}

// runStrings reads the strings a program may hand to a shell as lines of their own: each quoted
// string and qx or %x string of a program that calls something that runs a command, a string
// perl's or ruby's open runs (one that begins or ends with |), and for awk each string of a
// program with a pipe (print | "cmd", "cmd" | getline). A command the program builds at run
// time is not seen.
//
// lang is the interpreter: perl's and ruby's own quoting (quotedStrings) is read too, and a string
// the program may hand to its own eval is read as a program of lang (evalString).
func (r *reader) runStrings(code, lang string, depth int) {
	awk := strings.HasSuffix(lang, "awk")
	strs, lists := quotedStrings(code, lang)
	lits := append(append(scriptLiterals(code), quoteOps(code)...), strs...)
	r.runLiterals(code, append(lits, lists...), runsCommands(code) || awk && strings.Contains(code, "|"), depth)
	if !awk && evalsStrings(code) {
		for _, l := range lits {
			r.evalString(l, lang, depth+1)
		}
	}
}

// pythonStrings reads a Python program's strings as codeLiterals and runStrings read another
// program's, found by Python's rules (pyTokens: comments, prefixes, escapes, f-strings): read by
// the shell's quoting, a # comment holding a quote (x=1#') hid the os.system after it.
func (r *reader) pythonStrings(code string, depth int) {
	var lits, paths []string
	toks, _ := pyTokens(code, maxPyTokens)
	for _, t := range toks {
		if t.kind == 's' {
			lits = append(lits, strings.ReplaceAll(t.text, pyField, "$__py"))
			if pathLiteral(t.text) {
				paths = append(paths, t.text)
			}
		}
	}
	r.pathLiterals(paths)
	r.runLiterals(code, lits, runsCommands(code), depth)
	if evalsStrings(code) { // exec('import os\nos.system("…")'): a program of its own
		for _, t := range toks {
			if t.kind == 's' {
				r.evalString(t.text, "python", depth+1)
			}
		}
	}
}

// runLiterals is runStrings for the strings lits of the program code.
func (r *reader) runLiterals(code string, lits []string, runs bool, depth int) {
	n := 0
	for _, lit := range lits {
		if t := strings.TrimSpace(lit); runs || strings.HasPrefix(t, "|") || strings.HasSuffix(t, "|") {
			// Past the cap the rest is not read, and a string after it may run anything.
			if n++; n > r.literalCap() {
				r.capped = true
				r.unresolved("a program given in the line holds more than %d strings it may run, more than hookrun reads", r.literalCap())
				return
			}
			r.quietly(strings.Trim(t, "|-"), depth+1)
		}
	}
	if !runs {
		return
	}
	lists, complete := pyWordLists(code)
	if !complete || len(lists)+n > r.literalCap() {
		r.capped = true
		r.unresolved("a program given in the line holds more than %d strings it may run, more than hookrun reads", r.literalCap())
		return
	}
	for _, l := range lists {
		r.quietly(l, depth+1)
	}
}

// runsCommands reports whether a program's text calls something that runs a command line (or
// holds a backtick string, which perl, ruby, php and shell-like libraries run).
func runsCommands(code string) bool {
	for _, w := range []string{"system", "exec", "spawn", "popen", "Popen", "subprocess", "shell_exec", "passthru",
		"proc_open", "execute", "`", "qx", "%x", "Open3", "check_output", "check_call", "Deno.Command", "Deno.run"} {
		if strings.Contains(code, w) {
			return true
		}
	}
	return false
}

// quoteOps are the texts of perl's qx and ruby's %x strings: qx(…), qx{…}, %x[…], qx!…!.
func quoteOps(code string) []string {
	var out []string
	for _, op := range []string{"qx", "%x"} {
		for rest := code; ; {
			i := strings.Index(rest, op)
			if i < 0 || i+len(op) >= len(rest) {
				break
			}
			rest = rest[i+len(op):]
			open := rest[0]
			if open == ' ' || open == '_' || 'a' <= open && open <= 'z' || 'A' <= open && open <= 'Z' || '0' <= open && open <= '9' {
				continue
			}
			closing := open
			if j := strings.IndexByte("([{<", open); j >= 0 {
				closing = ")]}>"[j]
			}
			if end := strings.IndexByte(rest[1:], closing); end >= 0 {
				out = append(out, rest[1:1+end])
				rest = rest[1+end:]
			}
		}
	}
	return out
}

// commandWords reads each piece of a Tcl or kakoune program between the characters of cuts (a
// command, a [command substitution] or a {body}) as a command line of its own: exec rm -rf x
// and spawn rm -rf x run rm, write .env writes .env.
func (r *reader) commandWords(code, cuts string, depth int) {
	n := 0
	for _, piece := range strings.FieldsFunc(code, func(c rune) bool { return strings.ContainsRune(cuts, c) }) {
		if n++; n > maxLiterals {
			r.unresolved("a program given in the line holds more than %d commands, more than hookrun reads", maxLiterals)
			return
		}
		// expect's spawn runs its words as a command, as exec does.
		if rest, ok := strings.CutPrefix(strings.TrimSpace(piece), "spawn "); ok {
			piece = strings.TrimPrefix(strings.TrimSpace(rest), "-noecho ")
		}
		r.quietly(piece, depth+1)
	}
}

// kakShell is the text of each %sh{…} (or %sh(…), %sh[…], %sh<…>, %sh|…|) of a kakoune command
// string: a shell script kakoune runs.
func kakShell(code string) []string {
	var out []string
	for rest := code; ; {
		i := strings.Index(rest, "%sh")
		if i < 0 || i+3 >= len(rest) {
			return out
		}
		rest = rest[i+3:]
		open := rest[0]
		closing := open
		if j := strings.IndexByte("([{<", open); j >= 0 {
			closing = ")]}>"[j]
		}
		depth, end := 0, -1
		for k := 1; k < len(rest) && end < 0; k++ {
			switch {
			case rest[k] == closing && depth == 0:
				end = k
			case rest[k] == closing:
				depth--
			case rest[k] == open && open != closing:
				depth++
			}
		}
		if end < 0 {
			out = append(out, rest[1:])
			return out
		}
		out = append(out, rest[1:end])
		rest = rest[end:]
	}
}

// quietly reads src, a string a program may hand to a shell, as a line of its own: the commands
// it runs and the paths it names count. What it leaves unknown, or a string that is no shell
// line, is not counted against the line: the program was read as itself before, and its strings
// are not surely command lines. Where it moves to and the aliases it makes stay in it.
func (r *reader) quietly(src string, depth int) {
	if strings.TrimSpace(src) == "" {
		return
	}
	nu, np := len(r.out.Unresolved), len(r.out.UnknownPaths)
	dir, dirUnknown, cdSearch, aliases := r.dir, r.dirUnknown, r.cdSearch, maps.Clone(r.aliases)
	defer func() {
		r.out.Unresolved, r.out.UnknownPaths = r.out.Unresolved[:nu], r.out.UnknownPaths[:np]
		r.dir, r.dirUnknown, r.cdSearch, r.aliases = dir, dirUnknown, cdSearch, aliases
	}()
	if !r.enter(src, depth) {
		return
	}
	r.quiet++
	defer func() { r.quiet-- }()
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	if err != nil {
		return
	}
	walk(f, r.visit(src, depth))
}

// codeLiterals names each path the string literals of a program spell, up to maxLiterals.
func (r *reader) codeLiterals(code []string) {
	var lits []string
	for _, c := range code {
		lits = append(lits, literals(c)...)
	}
	r.pathLiterals(lits)
}

// pathLiterals names each path the string literals of a program spell, up to literalCap.
func (r *reader) pathLiterals(lits []string) {
	for n, lit := range lits {
		if n >= r.literalCap() {
			r.pathsCapped = true
			r.pathsUnknown("a program given in the line holds more than %d strings, more than hookrun reads as paths", r.literalCap())
			return
		}
		r.path(lit)
		// perl's and ruby's open take a mode before the name: open(F, ">.env").
		if t := strings.TrimSpace(strings.TrimLeft(lit, "+<>&=")); t != lit && t != "" {
			r.path(t)
		}
	}
}

// clusterCode reads an interpreter's options: the program after the short option letter (or
// one of also), in its own cluster (-c CODE, -cCODE, -Ic CODE) or the next word, for every such
// option; a letter of valued takes the rest of its word or the next word as a value, and one of
// stop ends the options (python -m MODULE). stdin reports a program read from standard input: no
// program option and no script operand, or the operand -.
func clusterCode(args []Arg, letter rune, also, valued, stop string) (code []string, stdin bool) {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if args[i].Dynamic {
			return code, false
		}
		if v == "-" {
			return code, len(code) == 0
		}
		if v == "--" || !strings.HasPrefix(v, "-") {
			return code, false // the script file and its arguments
		}
		if strings.HasPrefix(v, "--") {
			continue
		}
	letters:
		for j, c := range v[1:] {
			switch {
			case c == letter || strings.ContainsRune(also, c):
				// node -pe CODE: the rest of the cluster is more program options, the program next.
				if rest := v[2+j:]; rest != "" && strings.Trim(rest, string(letter)+also) != "" {
					code = append(code, rest)
				} else if i+1 < len(args) {
					i++
					code = append(code, args[i].Value)
				}
				break letters
			case strings.ContainsRune(stop, c):
				return code, false
			case strings.ContainsRune(valued, c):
				if v[2+j:] == "" {
					i++
				}
				break letters
			}
		}
	}
	return code, len(code) == 0
}

// longCode is the value of each long option of names (--eval CODE, --eval=CODE).
func longCode(args []Arg, names ...string) []string {
	var code []string
	for i, a := range args {
		for _, n := range names {
			if a.Value == n && i+1 < len(args) {
				code = append(code, args[i+1].Value)
			} else if v, ok := strings.CutPrefix(a.Value, n+"="); ok {
				code = append(code, v)
			}
		}
	}
	return code
}

// awkProgram is awk's program text: each -e/--source value (gawk), else the first operand,
// unless -f reads it from a file.
func awkProgram(args []Arg) []string {
	var code []string
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-e" || v == "--source":
			if i+1 < len(args) {
				i++
				code = append(code, args[i].Value)
			}
		case v == "-f" || v == "--file":
			return code
		case v == "-F" || v == "-v" || v == "--assign" || v == "--field-separator":
			i++
		case v == "--":
			if len(code) == 0 && i+1 < len(args) {
				return []string{args[i+1].Value}
			}
			return code
		case strings.HasPrefix(v, "-"):
		default:
			if len(code) == 0 {
				return []string{v}
			}
			return code
		}
	}
	return code
}

// programIn is the program an interpreter reads on its standard input: a here-document's or
// here-string's text. From a pipe it is only known when the line runs, as a shell's script is
// there (echo 'import os; os.system("rm -rf x")' | python3).
func (r *reader) programIn(name string, redirs []*syntax.Redirect) []string {
	text := stdinText(redirs)
	if len(text) == 0 && r.stdinPiped && !r.maybe {
		r.unresolved("%s reads its program from a pipe, only known when the line runs", name)
	}
	return text
}

// stdinText is the literal text of a here-document or here-string on standard input.
func stdinText(redirs []*syntax.Redirect) []string {
	var out []string
	for _, rd := range redirs {
		if rd.N != nil && rd.N.Value != "0" {
			continue
		}
		var w *syntax.Word
		switch rd.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			w = rd.Hdoc
		case syntax.WordHdoc:
			w = rd.Word
		}
		if w == nil {
			continue
		}
		var b strings.Builder
		collectLits(w, &b)
		out = append(out, b.String())
	}
	return out
}

// collectLits writes the literal text of w, quotes removed and expansions left out.
func collectLits(n syntax.Node, b *strings.Builder) {
	walk(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Lit:
			b.WriteString(n.Value)
		case *syntax.SglQuoted:
			b.WriteString(n.Value)
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp, *syntax.ProcSubst:
			b.WriteByte(' ')
			return false
		}
		return true
	})
}

// literals are the texts of the program's quoted strings ('…', "…", `…`) that may be paths: one
// line, no pattern characters (a glob.glob('**/*.py') would be followed through the tree), and no
// ~name but ~/.
func literals(code string) []string {
	var out []string
	strs, _ := quotedStrings(code, "")
	for _, s := range append(quoted(code, false), strs...) {
		if pathLiteral(s) {
			out = append(out, s)
		}
	}
	return out
}

// quoted are the strings of a program's text between quotes (', ", `), a backslash escaping the
// next character; with escapes, \n, \t and \r are read as C reads them.
func quoted(code string, escapes bool) []string {
	var out []string
	for i := 0; i < len(code); i++ {
		q := code[i]
		if q != '\'' && q != '"' && q != '`' {
			continue
		}
		var b strings.Builder
		j := i + 1
		for ; j < len(code) && code[j] != q; j++ {
			if code[j] == '\\' && j+1 < len(code) {
				j++
				if k := strings.IndexByte("ntr", code[j]); k >= 0 && escapes {
					b.WriteByte("\n\t\r"[k])
					continue
				}
			}
			b.WriteByte(code[j])
		}
		out = append(out, b.String())
		i = j
	}
	return out
}

// pathLiteral reports whether a program's string may be a path it names: not empty, one line,
// no pattern, at most 4096 bytes, and no ~name (another user's home to a shell, and only known
// when the line runs; in a program it is a name like any other).
func pathLiteral(s string) bool {
	return s != "" && !strings.ContainsAny(s, "\n*?[") && len(s) <= 4096 && (s[0] != '~' || strings.HasPrefix(s, "~/"))
}

// scriptLiterals are the quoted strings of a program a shell may be handed, escapes read as C's
// (\n a line break: system("echo hi\nrm -rf x") runs rm), each whole: a line break or a pattern
// in it is part of the line.
func scriptLiterals(code string) []string {
	var out []string
	for _, s := range quoted(code, true) {
		if strings.TrimSpace(s) != "" {
			out = append(out, s)
		}
	}
	return out
}

// sedScripts are sed's script texts: each -e/--expression value, else the first operand (unless
// -f reads the script from a file).
func sedScripts(args []Arg) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-e" || v == "--expression":
			if i+1 < len(args) {
				i++
				out = append(out, args[i].Value)
			}
		case strings.HasPrefix(v, "--expression="):
			out = append(out, v[len("--expression="):])
		case v == "-f" || v == "--file" || strings.HasPrefix(v, "--file="):
			return out
		case v == "-l" || v == "--line-length":
			i++
		case strings.HasPrefix(v, "-") && v != "-":
		default:
			if len(out) == 0 {
				return []string{v}
			}
			return out
		}
	}
	return out
}

// sedRuns reads the commands a sed script's e runs, read generously as sedWrites reads w: e
// COMMAND runs COMMAND (the rest of the line); e alone, and a substitution's e flag (s/x/y/e),
// run the pattern space, which is only known when sed runs (patternSpace).
func sedRuns(script string) (lines []string, patternSpace bool) {
	for _, line := range strings.Split(script, "\n") {
		for i := 0; i < len(line); i++ {
			if line[i] != 'e' || i > 0 && !strings.ContainsRune("/;{} \t$0123456789gpiIMm", rune(line[i-1])) {
				continue
			}
			rest := line[i+1:]
			switch {
			case rest == "" || strings.ContainsRune(";}gpiIMmw0123456789", rune(rest[0])):
				patternSpace = true
			case rest[0] == ' ' || rest[0] == '\t':
				if c := strings.TrimSpace(rest); c != "" {
					lines = append(lines, c)
				} else {
					patternSpace = true
				}
				i = len(line)
			}
		}
	}
	return lines, patternSpace
}

// sedWrites are the files a sed script's w and W commands (and s///w) write: the rest of the
// line after the w, read generously (a w after an address, a ;, a brace or a substitution's flags).
func sedWrites(script string) []string {
	var out []string
	for _, line := range strings.Split(script, "\n") {
		for i := 0; i < len(line); i++ {
			if line[i] != 'w' && line[i] != 'W' {
				continue
			}
			if i > 0 && !strings.ContainsRune("/;{} \t$0123456789gpiIeMm", rune(line[i-1])) {
				continue
			}
			if f := strings.TrimSpace(line[i+1:]); f != "" {
				out = append(out, f)
			}
		}
	}
	return out
}
