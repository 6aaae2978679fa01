package shellcmd

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Strings bash expands a second time. A value the line holds as plain text runs a command when bash
// reads it again:
//   - as arithmetic: the value of x in $((x)), ((x)), let, for ((…)), [[ x -eq 1 ]], an array
//     subscript or a slice offset, and a value given to a declare -i variable, where a subscript
//     in it is expanded (x='a[$(rm -rf /)]'; echo $((x)) runs rm);
//   - as a variable name with a subscript: ${!x}, declare -n, and the names read, printf -v,
//     mapfile, getopts, wait -p, unset, declare and test -v take;
//   - as a prompt: ${x@P}, and PS0, PS1, PS2, PS4 (set -x) and PROMPT_COMMAND;
//   - as BASH_ENV or ENV, expanded before a shell sources the file they name.
//
// A value the line writes out is read where bash would read it; one only known when the line runs
// is unresolved. A variable read as arithmetic is known when the line gives it a number (5,
// $((…)), i++ in a for ((…)), a for over numbers, $(date +%s), $(… | wc -l)) before it is read and
// never anything else.

// arithVars are what the line does with each variable read as arithmetic, in the order it does it.
type arithVars struct {
	first   map[string]bool // true when the line assigns the name before it reads it as arithmetic
	numeric map[string]bool // false once the line gives the name anything but a number
	integer map[string]bool // declared with -i: every value given is read as arithmetic
	uses    []string        // names read as arithmetic, in order
}

func (r *reader) assignVar(name string, numeric bool) {
	v := &r.vars
	if v.first == nil {
		v.first, v.numeric = map[string]bool{}, map[string]bool{}
	}
	if _, seen := v.first[name]; !seen {
		v.first[name] = true
		v.numeric[name] = numeric
		return
	}
	v.numeric[name] = v.numeric[name] && numeric
}

func (r *reader) useVar(name string) {
	v := &r.vars
	if v.first == nil {
		v.first, v.numeric = map[string]bool{}, map[string]bool{}
	}
	if _, seen := v.first[name]; !seen {
		v.first[name] = false
	}
	v.uses = append(v.uses, name)
}

// finishArith reports the variables read as arithmetic whose values the line does not know to be numbers.
func (r *reader) finishArith() {
	seen := map[string]bool{}
	for _, name := range r.vars.uses {
		if seen[name] || r.vars.first[name] && r.vars.numeric[name] {
			continue
		}
		seen[name] = true
		r.unresolved("the value of %s is read as arithmetic, where a subscript such as a[$(…)] runs a command, and it is only known when the line runs", name)
	}
}

// numericParam reports whether a parameter bash sets always holds a number.
func numericParam(name string) bool {
	switch name {
	case "#", "?", "$", "!", "RANDOM", "SRANDOM", "SECONDS", "LINENO", "BASHPID", "PPID", "UID", "EUID",
		"EPOCHSECONDS", "BASH_SUBSHELL", "OPTIND", "SHLVL":
		return true
	}
	return false
}

// arith reads an expression bash evaluates as arithmetic: every variable it names is read as
// arithmetic, and the output of a command substitution in it is too.
func (r *reader) arith(src string, x syntax.ArithmExpr) {
	if x == nil {
		return
	}
	walk(x, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst:
			if !numericSubst(n) {
				r.unresolved("the output of %s is read as arithmetic, where a subscript such as a[$(…)] runs a command", source(src, n))
			}
			return false
		case *syntax.ProcSubst:
			return false
		case *syntax.BinaryArithm:
			if !arithAssign(n.Op) {
				return true
			}
			if n.Op != syntax.Assgn {
				r.arith(src, n.X) // x += 1 reads x
			}
			r.arithTarget(src, n.X)
			r.arith(src, n.Y)
			return false
		case *syntax.UnaryArithm:
			if n.Op != syntax.Inc && n.Op != syntax.Dec {
				return true
			}
			r.arith(src, n.X)
			r.arithTarget(src, n.X)
			return false
		case *syntax.ParamExp:
			r.param(src, n)
			return false
		case *syntax.SglQuoted:
			r.arithText(n.Value)
			return false
		case *syntax.Lit:
			r.arithNames(n.Value)
		}
		return true
	})
}

func arithAssign(op syntax.BinAritOperator) bool {
	switch op {
	case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn, syntax.RemAssgn,
		syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn,
		syntax.AndBoolAssgn, syntax.OrBoolAssgn, syntax.XorBoolAssgn, syntax.PowAssgn:
		return true
	}
	return false
}

// arithTarget records the variable an arithmetic assignment gives a number.
func (r *reader) arithTarget(src string, x syntax.ArithmExpr) {
	w, ok := x.(*syntax.Word)
	if !ok || len(w.Parts) != 1 {
		return
	}
	switch p := w.Parts[0].(type) {
	case *syntax.Lit:
		if syntax.ValidName(p.Value) {
			r.assignVar(p.Value, true)
		}
	case *syntax.ParamExp:
		if p.Param != nil {
			r.assignVar(p.Param.Value, true)
		}
	}
}

// param reads a parameter expansion read as arithmetic: its value is, and so are its subscript and
// the parts of its other expansions.
func (r *reader) param(src string, pe *syntax.ParamExp) {
	if pe.Param != nil && !pe.Length && !numericParam(pe.Param.Value) {
		r.useVar(pe.Param.Value)
	}
	r.arith(src, pe.Index)
	if pe.Slice != nil {
		r.arith(src, pe.Slice.Offset)
		r.arith(src, pe.Slice.Length)
	}
	if pe.Exp != nil && pe.Exp.Word != nil {
		r.arith(src, pe.Exp.Word)
	}
}

// arithText reads text bash evaluates as arithmetic.
func (r *reader) arithText(text string) {
	x, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Arithmetic(strings.NewReader(text))
	if err != nil {
		if strings.ContainsAny(text, "$`") {
			r.unresolved("%s is read as arithmetic, where a subscript such as a[$(…)] runs a command", text)
		}
		return
	}
	r.arith(text, x)
}

// arithNames reads the variable names in a literal part of an arithmetic expression; numbers (0x1f,
// 2#101) are skipped.
func (r *reader) arithNames(s string) {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			j := i
			for j < len(s) && isNameByte(s[j]) {
				j++
			}
			if !numericParam(s[i:j]) {
				r.useVar(s[i:j])
			}
			i = j
		case '0' <= c && c <= '9':
			for i < len(s) && (isNameByte(s[i]) || s[i] == '#' || s[i] == '@') {
				i++
			}
		default:
			i++
		}
	}
}

// isNumber reports whether a value is an integer arithmetic reads as a number (empty reads as 0):
// 42, -1, 0x1f, 2#101.
func isNumber(s string) bool {
	s = strings.TrimLeft(s, "+-")
	digits := "0123456789"
	if base, rest, ok := strings.Cut(s, "#"); ok {
		if base == "" || strings.Trim(base, digits) != "" || rest == "" {
			return false
		}
		for i := 0; i < len(rest); i++ {
			if !isNameByte(rest[i]) && rest[i] != '@' {
				return false
			}
		}
		return true
	}
	if rest, ok := strings.CutPrefix(strings.ToLower(s), "0x"); ok {
		return rest != "" && strings.Trim(rest, "0123456789abcdef") == ""
	}
	return strings.Trim(s, digits) == ""
}

// numericWord reports whether a word's value is a number: a literal one, an arithmetic expansion, a
// parameter that holds one, or a substitution whose output is one.
func numericWord(w *syntax.Word, value Arg) bool {
	if w == nil || !value.Dynamic {
		return w == nil || isNumber(value.Value)
	}
	if len(w.Parts) != 1 {
		return false
	}
	switch p := w.Parts[0].(type) {
	case *syntax.ArithmExp:
		return true
	case *syntax.CmdSubst:
		return numericSubst(p)
	case *syntax.ParamExp:
		return p.Param != nil && (p.Length || numericParam(p.Param.Value)) && p.Exp == nil
	}
	return false
}

// numbersOnly reports whether the word text is made of numbers only known at run time
// ($(nproc), $((…)), ${#x}), perhaps after the letters of an option (with options, while the
// command's options go on): make -j$(nproc), go test -p $(nproc). Such a word holds no / . or ~,
// so at most it names a file of digits in the working directory, which no guard protects; a
// letter before the number (hooks$(nproc), which may be hooks) or an option value that may be a
// path (-o$(mktemp)) stays only known when the line runs.
func numbersOnly(text string, options bool) bool {
	if len(text) > 256 {
		return false
	}
	f, err := syntax.NewParser().Parse(strings.NewReader(text), "")
	if err != nil || len(f.Stmts) != 1 {
		return false
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 1 || len(call.Assigns) > 0 || len(f.Stmts[0].Redirs) > 0 {
		return false
	}
	parts := call.Args[0].Parts
	if lit, ok := parts[0].(*syntax.Lit); ok {
		letters := strings.TrimPrefix(lit.Value, "-")
		if !options || letters == lit.Value || strings.HasPrefix(letters, "-") || strings.Trim(letters, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != "" {
			return false
		}
		parts = parts[1:]
	}
	if len(parts) == 1 {
		if dq, ok := parts[0].(*syntax.DblQuoted); ok {
			parts = dq.Parts
		}
	}
	if len(parts) == 0 {
		return false
	}
	for _, p := range parts {
		if !numericWord(&syntax.Word{Parts: []syntax.WordPart{p}}, Arg{Dynamic: true}) {
			return false
		}
	}
	return true
}

// numericSubst reports whether a command substitution prints a number: date +%s, nproc, id -u, and
// a pipeline ending in wc -l (or -c, -w, -m) reading its standard input.
func numericSubst(cs *syntax.CmdSubst) bool {
	if len(cs.Stmts) != 1 {
		return false
	}
	cmd := cs.Stmts[0].Cmd
	for {
		b, ok := cmd.(*syntax.BinaryCmd)
		if !ok || b.Op != syntax.Pipe {
			break
		}
		cmd = b.Y.Cmd
	}
	call, ok := cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	var words []string
	for _, w := range call.Args {
		lit, ok := literalWord(w)
		if !ok {
			return false
		}
		words = append(words, lit)
	}
	switch words[0] {
	case "date":
		for _, a := range words[1:] {
			if f, ok := strings.CutPrefix(a, "+"); !ok || strings.Trim(f, "%0123456789sNYmdHMSjuUVwWgGCyeklI") != "" {
				if a != "-u" {
					return false
				}
			}
		}
		return true
	case "nproc":
		for _, a := range words[1:] {
			if n, ok := strings.CutPrefix(a, "--ignore="); a != "--all" && (!ok || n == "" || strings.Trim(n, "0123456789") != "") {
				return false
			}
		}
		return true
	case "getconf":
		// Only the names that are numbers: getconf PATH prints directories.
		return len(words) == 2 && numericConf(words[1])
	case "sysctl": // macOS and the BSDs: sysctl -n hw.ncpu
		return len(words) == 3 && words[1] == "-n" && strings.HasPrefix(words[2], "hw.") && numericConf(strings.TrimPrefix(words[2], "hw."))
	case "id":
		return len(words) == 2 && (words[1] == "-u" || words[1] == "-g")
	case "grep", "egrep", "fgrep":
		// grep -c prints a file's name beside its count only for more than one file, or with -H
		// or -r.
		count, operands := false, 0
		for _, a := range words[1:] {
			switch {
			case a == "-c" || a == "--count":
				count = true
			case a == "-H" || strings.HasPrefix(a, "--with") || strings.HasPrefix(a, "--r") || strings.HasPrefix(a, "-") && strings.ContainsAny(a, "HrRe") || strings.HasPrefix(a, "--"):
				return false
			case strings.HasPrefix(a, "-"):
			default:
				operands++
			}
		}
		return count && operands <= 2
	case "wc":
		for _, a := range words[1:] {
			if a != "-l" && a != "-c" && a != "-w" && a != "-m" {
				return false
			}
		}
		return len(words) == 2
	}
	return false
}

// numericConf reports whether a getconf variable (or a BSD hw. sysctl) names a count or a size:
// the processors, pages and limits build commands ask for. A name that is not listed (PATH,
// GNU_LIBC_VERSION, hw.model) may print text.
func numericConf(name string) bool {
	switch strings.TrimPrefix(name, "_") {
	case "NPROCESSORS_ONLN", "NPROCESSORS_CONF", "PAGESIZE", "PAGE_SIZE", "PHYS_PAGES", "AVPHYS_PAGES",
		"LONG_BIT", "ARG_MAX", "CHILD_MAX", "CLK_TCK", "OPEN_MAX", "LINE_MAX", "HOST_NAME_MAX",
		"LEVEL1_DCACHE_LINESIZE", "ncpu", "logicalcpu", "physicalcpu", "activecpu", "logicalcpu_max",
		"physicalcpu_max", "pagesize", "memsize", "physmem":
		return true
	}
	return false
}

// literalWord is a word's value when it holds no expansion.
func literalWord(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		if !literal(&b, p, false) {
			return "", false
		}
	}
	return b.String(), true
}

// reevaluated reads the parts of the syntax tree where bash reads a value a second time (above).
func (r *reader) reevaluated(src string, n syntax.Node, depth int) {
	switch n := n.(type) {
	case *syntax.ArithmExp:
		r.arith(src, n.X)
	case *syntax.ArithmCmd:
		r.arith(src, n.X)
	case *syntax.LetClause:
		for _, x := range n.Exprs {
			r.arith(src, x)
		}
	case *syntax.CStyleLoop:
		r.arith(src, n.Init)
		r.arith(src, n.Cond)
		r.arith(src, n.Post)
	case *syntax.ParamExp:
		r.arith(src, n.Index)
		if n.Slice != nil {
			r.arith(src, n.Slice.Offset)
			r.arith(src, n.Slice.Length)
		}
		if n.Excl && n.Names == 0 && !allIndex(n.Index) && n.Param != nil {
			r.unresolved("${!%s} expands the variable whose name %s holds, a subscript in it too, only known when the line runs", n.Param.Value, n.Param.Value)
		}
		if n.Exp != nil && n.Exp.Op == syntax.OtherParamOps && n.Exp.Word != nil && strings.ContainsAny(n.Exp.Word.Lit(), "P") {
			r.unresolved("%s expands a value as a prompt, running the command substitutions in it", source(src, n))
		}
	case *syntax.BinaryTest:
		switch n.Op {
		case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
			r.arith(src, testWord(n.X))
			r.arith(src, testWord(n.Y))
		}
	case *syntax.UnaryTest:
		if n.Op == syntax.TsVarSet || n.Op == syntax.TsRefVar {
			if w := testWord(n.X); w != nil {
				r.nameArgs("[[ -v ]]", r.words(src, []*syntax.Word{w}), false)
			}
		}
	case *syntax.Assign:
		r.commandTable(src, n, depth)
		r.arith(src, n.Index)
		if n.Array != nil {
			for _, e := range n.Array.Elems {
				r.arith(src, e.Index)
			}
		}
		if n.Naked || n.Name == nil {
			return
		}
		var value Arg
		if n.Value != nil {
			if ws := r.words(src, []*syntax.Word{n.Value}); len(ws) == 1 {
				value = ws[0]
			} else {
				value = Arg{Value: source(src, n.Value), Dynamic: true}
			}
		}
		r.assign(n.Name.Value, value, n.Array == nil && numericWord(n.Value, value), depth)
	case *syntax.DeclClause:
		r.declare(src, n, depth)
	case *syntax.ForClause:
		if it, ok := n.Loop.(*syntax.WordIter); ok && it.Name != nil {
			numeric := it.InPos.IsValid() && !n.Select
			for _, a := range r.words(src, it.Items) {
				numeric = numeric && !a.Dynamic && isNumber(a.Value)
			}
			r.assignVar(it.Name.Value, numeric)
		}
	}
}

func allIndex(x syntax.ArithmExpr) bool {
	w, ok := x.(*syntax.Word)
	return ok && (w.Lit() == "@" || w.Lit() == "*")
}

func testWord(x syntax.TestExpr) *syntax.Word {
	w, _ := x.(*syntax.Word)
	return w
}

// assign records the value the line gives the variable name: the shell's own variables that it
// expands again are read as it reads them, and a declare -i variable reads its value as arithmetic.
func (r *reader) assign(name string, value Arg, numeric bool, depth int) {
	r.assignVar(name, numeric)
	if r.vars.integer[name] && !numeric {
		if value.Dynamic {
			r.unresolved("%s is declared an integer, so its value %s is read as arithmetic, only known when the line runs", name, value.Value)
		} else {
			r.arithText(value.Value)
		}
	}
	r.shellVar(name, value, depth)
}

// shellVar reads a value given to a variable the shell expands again when it uses it: a prompt
// (PS0-PS4, expanded as a prompt, command substitutions included), PROMPT_COMMAND (run as a
// script), BASH_ENV and ENV (expanded before the file they name is sourced).
func (r *reader) shellVar(name string, value Arg, depth int) {
	switch name {
	case "PS0", "PS1", "PS2", "PS3", "PS4", "BASH_ENV", "ENV", "PROMPT_COMMAND":
	default:
		r.programVar(name, value, depth)
		return
	}
	switch {
	case value.Dynamic:
		r.unresolved("%s is expanded again when the shell uses it, and its value %s is only known when the line runs", name, value.Value)
	case name == "PROMPT_COMMAND":
		r.script(value.Value, depth+1)
	default:
		r.document(value.Value, depth+1)
		if name == "BASH_ENV" || name == "ENV" {
			r.ran(runShell, value, depth) // the file a shell sources as it starts: one the line writes is read
		}
	}
}

// document reads text bash expands as a here-document's body would be: the commands of its
// substitutions.
func (r *reader) document(text string, depth int) {
	if !strings.ContainsAny(text, "$`") || !r.enter(text, depth) {
		return
	}
	w, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Document(strings.NewReader(text))
	if err != nil {
		r.unresolved("the value %s is expanded again, and it is not valid shell: %s", text, err)
		return
	}
	walk(w, r.visit(text, depth))
}

// declare reads declare, typeset, local, export, readonly and nameref: -i makes every value given
// later arithmetic, -n a name, and each argument assigns or names a variable.
func (r *reader) declare(src string, dc *syntax.DeclClause, depth int) {
	var args []Arg
	for _, a := range dc.Args {
		switch {
		case a.Naked && a.Value != nil:
			args = append(args, r.words(src, []*syntax.Word{a.Value})...)
		case a.Name != nil && a.Value != nil:
			for _, v := range r.words(src, []*syntax.Word{a.Value}) {
				args = append(args, Arg{Value: a.Name.Value + "=" + v.Value, Dynamic: v.Dynamic})
			}
		case a.Name != nil:
			args = append(args, Arg{Value: a.Name.Value})
		}
	}
	r.declareArgs(dc.Variant.Value, args, depth)
}

// declareArgs reads the words of a declare-like builtin (also when a wrapper such as builtin or
// command runs it).
func (r *reader) declareArgs(name string, args []Arg, depth int) {
	integer, nameref := name == "nameref", name == "nameref"
	for _, a := range args {
		if !a.Dynamic && (strings.HasPrefix(a.Value, "-") || strings.HasPrefix(a.Value, "+")) && !strings.Contains(a.Value, "=") {
			integer = integer || strings.HasPrefix(a.Value, "-") && strings.Contains(a.Value, "i")
			nameref = nameref || strings.HasPrefix(a.Value, "-") && strings.Contains(a.Value, "n")
			continue
		}
		v, value, hasValue := a.Value, "", false
		if eq := strings.IndexByte(v, '='); eq > 0 && (!a.Dynamic || syntax.ValidName(strings.TrimSuffix(v[:eq], "+"))) {
			v, value, hasValue = strings.TrimSuffix(v[:eq], "+"), v[eq+1:], true
		} else if a.Dynamic {
			r.unresolved("%s %s names a variable only known when the line runs, whose subscript bash may expand", name, a.Value)
			continue
		}
		base := r.nameArg(name, v)
		if base == "" {
			continue
		}
		// declare -a 'a=($(…))' parses its text as a compound assignment, expansions and all, and
		// so does declare 'a=(…)' when a is an array already: the line is read as that assignment.
		if hasValue && !a.Dynamic && name != "export" && strings.HasPrefix(value, "(") {
			r.script(v+"="+value, depth+1)
		}
		if integer {
			if r.vars.integer == nil {
				r.vars.integer = map[string]bool{}
			}
			r.vars.integer[base] = true
		}
		if !hasValue {
			continue
		}
		if nameref && (a.Dynamic || !syntax.ValidName(value)) {
			r.unresolved("%s -n makes %s stand for %s, a name bash expands with its subscript", name, base, value)
		}
		val := Arg{Value: value, Dynamic: a.Dynamic}
		r.assign(base, val, !a.Dynamic && isNumber(value) && !nameref, depth)
	}
}

// nameArg reads a variable name a builtin takes: NAME[SUBSCRIPT] has its subscript expanded (a
// command substitution in it runs) and read as arithmetic. It returns the name, "" when it is none.
func (r *reader) nameArg(builtin, v string) string {
	base, sub, hasSub := strings.Cut(v, "[")
	if !syntax.ValidName(base) {
		return ""
	}
	if base == "BASH_CMDS" || base == "BASH_ALIASES" {
		r.unresolved("%s gives %s an entry, a command name it defines", builtin, v)
	}
	if hasSub {
		sub = strings.TrimSuffix(sub, "]")
		if strings.ContainsAny(sub, "$`") {
			r.unresolved("%s takes the name %s, whose subscript bash expands, running what it holds", builtin, v)
		} else {
			r.arithText(sub)
		}
	}
	return base
}

// nameArgs reads the variable names a builtin takes (read, unset, test -v): assigns says whether it
// gives them a value, one only known when the line runs.
func (r *reader) nameArgs(builtin string, names []Arg, assigns bool) {
	for _, a := range names {
		if a.Dynamic {
			r.unresolved("%s takes the variable name %s, only known when the line runs, whose subscript bash may expand", builtin, a.Value)
			continue
		}
		if base := r.nameArg(builtin, a.Value); base != "" && assigns {
			r.assignVar(base, false)
			r.shellVar(base, Arg{Value: "(what " + builtin + " gives it)", Dynamic: true}, 0)
		}
	}
}

// builtinNames reads the variable names the builtins that assign or test variables take.
func (r *reader) builtinNames(cmd Command, depth int) {
	args := cmd.Args
	// valueOf skips the options of a builtin (those in takes take a value) and returns the operands
	// and the values of the options in named, which are names too.
	operands := func(takes, named string) (ops, names []Arg) {
		i := 0
		for ; i < len(args); i++ {
			v := args[i].Value
			if args[i].Dynamic || v == "--" || !strings.HasPrefix(v, "-") || len(v) < 2 {
				if v == "--" && !args[i].Dynamic {
					i++
				}
				break
			}
			for j := 1; j < len(v); j++ {
				if strings.IndexByte(takes, v[j]) < 0 {
					continue
				}
				var val Arg
				if j+1 < len(v) {
					val = Arg{Value: v[j+1:]}
				} else if i+1 < len(args) {
					i++
					val = args[i]
				}
				if strings.IndexByte(named, v[j]) >= 0 {
					names = append(names, val)
				}
				break
			}
		}
		return args[i:], names
	}
	switch cmd.Name {
	case "read":
		ops, names := operands("adinNptu", "a")
		r.nameArgs("read", append(names, ops...), true)
	case "mapfile", "readarray":
		ops, _ := operands("dnOsuCc", "")
		r.nameArgs(cmd.Name, ops, true)
	case "printf":
		_, names := operands("v", "v")
		r.nameArgs("printf -v", names, true)
	case "wait":
		_, names := operands("p", "p")
		r.nameArgs("wait -p", names, true)
	case "getopts":
		if len(args) > 1 {
			r.nameArgs("getopts", args[1:2], true)
		}
	case "unset":
		ops, _ := operands("", "")
		r.nameArgs("unset", ops, false)
	case "test", "[":
		for i := 0; i+1 < len(args); i++ {
			if !args[i].Dynamic && (args[i].Value == "-v" || args[i].Value == "-R") {
				r.nameArgs(cmd.Name+" -v", args[i+1:i+2], false)
			}
		}
	case "let":
		for _, a := range args {
			if a.Dynamic {
				r.unresolved("let evaluates %s, only known when the line runs", a.Value)
				continue
			}
			r.arithText(a.Value)
		}
	case "declare", "typeset", "local", "export", "readonly":
		r.declareArgs(cmd.Name, args, depth)
	}
}
