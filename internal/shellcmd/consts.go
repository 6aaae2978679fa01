package shellcmd

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Variables the line gives only values it writes out. In d=docs; ls $d and for f in *.go; do
// gofmt -l "$f"; done the values are known before the line runs: $d is docs, "$f" each of the
// loop's words. A variable is known where it is read when
//   - every value the line gives it anywhere is a word with no expansion in it (d=docs,
//     export d=docs, for d in a b), and then it may hold any of them: a command's word with
//     several values is each in turn (alternatives in parse.go: c=ls; if x; then c=rm; fi;
//     $c -rf / is ls -rf / or rm -rf /, never the words ls rm -rf /), elsewhere it is unknown;
//   - the line surely gave it one of them first: the read comes after an assignment the line
//     runs whatever happens (a statement of its own at the top, or on the left of && or ||),
//     or inside the loop that gives it its words;
//   - nothing else may change it: no read, mapfile, printf -v, getopts, unset, let or other
//     builtin naming it, no arithmetic or ${d:=x} assigning it, no assignment before a command
//     (d=x cmd $d expands $d first) or argument reading as one (zsh: repeat 1 d=x), no
//     nameref, and no eval, source or command name only known at run time anywhere in the line
//     (they may change any variable), and it is not one
//     the shell gives values of its own ($_, REPLY, OPTARG, PWD once the line sets it: shellSets)
//     and no brace is in a value a declaration gives it (bash's export d={a,b} gives d=a d=b);
//   - it is read as $d or ${d}, and unquoted only when no value holds a blank and the line does
//     not set IFS (which would split it elsewhere).
//
// $PWD and $HOME at the start of a word, where the line never gives them a value, are the
// directory the line runs in and ~. Only the line's own text is read so: a script it hands to
// another shell (bash -c, ssh) sees the environment, not the line's variables.
type consts struct {
	src    string
	values map[string][]string // every value the line gives the name
	dyn    map[string]bool     // the line may give the name a value only known when it runs
	from   map[string]int      // the offset after which the line has surely given the name a value
	loops  map[string][][2]int // the bodies of the loops that give the name their words
	all    bool                // something in the line may change any variable
	args   []string            // the words a file read from disk is given ("$@"); nil when not known
	file   bool                // a file read from disk: a file it sources that is only known at run time changes nothing
	// derived are the assignments whose values read other variables (s=$d/$n), known once those are.
	derived []*syntax.Assign
	waiting map[string]int // the derived assignments of each name not yet known
	// commands are the command names that read variables, decided once the rest is known.
	commands []*syntax.Word
	calls    int // simple commands with words in the script: what sizes the list of commands read
}

// maxConstValues caps the values one variable may hold, and the words one word expands to.
const maxConstValues = 16

// scanConsts reads what the script f (the line's own text src, or a file's) gives its variables;
// args are the words a file is given, which a for without in goes over (nil when not known).
func scanConsts(f *syntax.File, src string, args []string) *consts {
	return scanConstsOf(f, src, args, false)
}

// scanConstsOf is scanConsts, for a file read from disk when file is true.
func scanConstsOf(f *syntax.File, src string, args []string, file bool) *consts {
	c := &consts{src: src, values: map[string][]string{}, dyn: map[string]bool{}, from: map[string]int{}, loops: map[string][][2]int{},
		args: args, file: file, waiting: map[string]int{}}
	walk(f, c.visit)
	for _, st := range f.Stmts {
		c.surely(st)
	}
	// n=pre-commit; s=$d/$n: a value made of known variables is known, in the order the text
	// gives them; one reading a variable whose own such values are not yet known (s=$s/x) is not.
	for _, a := range c.derived {
		name := a.Name.Value
		words, ok := c.expand(a.Value)
		switch {
		case !ok || c.readsWaiting(a.Value):
			c.dyn[name] = true
		case len(words) == 0:
			c.give(name, "") // s=$empty
		default:
			for _, w := range words {
				c.give(name, w)
			}
		}
		c.waiting[name]--
	}
	// c=ls; $c: a command name the line writes out is that command, unless it may be one that
	// changes variables.
	for _, w := range c.commands {
		names, ok := c.expand(w)
		for _, name := range names {
			ok = ok && !changesVars(commandName(name))
		}
		c.all = c.all || !ok
	}
	return c
}

func (c *consts) give(name, value string) {
	if len(c.values[name]) >= maxConstValues {
		c.dyn[name] = true
		return
	}
	c.values[name] = append(c.values[name], value)
}

// visit notes every place the line gives a variable a value.
func (c *consts) visit(n syntax.Node) bool {
	switch n := n.(type) {
	case *syntax.CallExpr:
		for _, a := range n.Assigns {
			switch v, ok := staticValue(a); {
			case len(n.Args) > 0:
				c.dyn[a.Name.Value] = true // before a command, $d is expanded before d is given
			case !ok && a.Value != nil && !a.Append && !a.Naked && a.Index == nil && a.Array == nil:
				c.derived = append(c.derived, a)
				c.waiting[a.Name.Value]++
			case !ok:
				c.dyn[a.Name.Value] = true
			default:
				c.give(a.Name.Value, v)
			}
		}
		for _, a := range n.Args {
			// zsh's repeat 1 c=rm and nocorrect c=rm, or a builtin written some other way, may
			// run a word that reads as an argument as an assignment.
			if lit, ok := firstLit(a); ok {
				if name, ok := assignedName(lit.Value); ok {
					c.dyn[name] = true
				}
			}
		}
		if len(n.Args) > 0 {
			c.calls++
			c.named(n.Args)
		}
	case *syntax.DeclClause:
		c.declared(n)
	case *syntax.ForClause:
		wi, ok := n.Loop.(*syntax.WordIter)
		if !ok {
			break // for ((…)): its arithmetic is read below
		}
		items, known := staticWords(wi.Items)
		if !wi.InPos.IsValid() {
			items, known = c.args, c.args != nil // for a; do: "$@"
		}
		if n.Select || !known {
			c.dyn[wi.Name.Value] = true
			break
		}
		for _, it := range items {
			c.give(wi.Name.Value, it)
		}
		c.loops[wi.Name.Value] = append(c.loops[wi.Name.Value], [2]int{int(n.DoPos.Offset()), int(n.End().Offset())})
	case *syntax.BinaryArithm:
		if s := n.Op.String(); strings.HasSuffix(s, "=") && s != "==" && s != "!=" && s != "<=" && s != ">=" {
			c.arithAssigns(n.X)
		}
	case *syntax.UnaryArithm:
		if n.Op == syntax.Inc || n.Op == syntax.Dec {
			c.arithAssigns(n.X)
		}
	case *syntax.ParamExp:
		// ${d:=x} gives d a value; so do zsh's ${d::=x} and ${(A)d::=x}.
		if n.Exp != nil && (n.Exp.Op == syntax.AssignUnset || n.Exp.Op == syntax.AssignUnsetOrNull) || n.Slice != nil || n.Flags != nil {
			c.dyn[paramName(n)] = true
		}
		if n.Param == nil || n.NestedParam != nil {
			c.all = true // zsh's nested forms
		}
	case *syntax.Redirect:
		if n.N != nil && strings.HasPrefix(n.N.Value, "{") { // exec {fd}>x gives fd a number
			c.dyn[strings.Trim(n.N.Value, "{}")] = true
		}
	case *syntax.CoprocClause:
		c.all = true
	case *syntax.Word:
		return !plainWord(n) // nothing in it gives a variable a value
	}
	return true
}

func paramName(p *syntax.ParamExp) string {
	if p.Param == nil {
		return ""
	}
	return p.Param.Value
}

func (c *consts) arithAssigns(x syntax.ArithmExpr) {
	w, ok := x.(*syntax.Word)
	if !ok {
		c.all = true
		return
	}
	if name := w.Lit(); name != "" {
		c.dyn[name] = true
		return
	}
	if len(w.Parts) == 1 {
		if p, ok := w.Parts[0].(*syntax.ParamExp); ok && p.Param != nil {
			c.dyn[p.Param.Value] = true // a[i]++
			return
		}
	}
	c.all = true
}

// named reads a command's words: a builtin that may give a variable a value (read d, printf -v d,
// unset d) makes every name in its words unknown; eval, source and a command name only known at
// run time may give any.
func (c *consts) named(args []*syntax.Word) {
	name, ok := staticWord(args[0])
	if !ok {
		c.commands = append(c.commands, args[0])
		return
	}
	switch commandName(name) {
	case "pushd", "popd":
		c.dyn["PWD"], c.dyn["OLDPWD"] = true, true
	case "source", ".":
		// [ -f "$i" ] && . "$i" in a file read from disk: what it leaves only known at run time
		// does not count there, and is no reason to forget what it spells out.
		if file := args[1:]; c.file && len(file) > 0 {
			if v, _ := staticWord(file[0]); v == "--" {
				file = file[1:]
			}
			if len(file) > 0 && hasParam(file[0]) {
				if _, known := staticWord(file[0]); !known {
					return
				}
			}
		}
		c.all = true
	case "eval", "trap", "enable", "alias", "emulate", "autoload", "zmodload", "sched", "zle", "fc":
		c.all = true
	default:
		if !changesVars(commandName(name)) {
			return
		}
		for _, a := range args[1:] {
			v, ok := staticWord(a)
			if !ok {
				c.all = true
				return
			}
			c.names(v)
		}
	}
}

// shellSets reports whether bash or zsh gives the variable values of its own, or ties it to another
// variable: $_ is the last command's last word, read with no name sets REPLY, getopts OPTARG, cd
// PWD and OLDPWD, [[ =~ ]] BASH_REMATCH and zsh's MATCH, zsh's path=(…) PATH. The names are the
// shells' own (bash's compgen -v, zsh's special parameters, those their builtins and modules set),
// and every name starting BASH, COMP, READLINE, ZSH or HIST.
func shellSets(name string) bool {
	for _, p := range []string{"BASH", "COMP", "READLINE", "ZSH", "HIST"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	switch name {
	case "_", "REPLY", "reply", "OPTARG", "OPTIND", "OPTERR", "PWD", "OLDPWD", "MAPFILE", "mapfile",
		"COPROC", "MATCH", "MBEGIN", "MEND", "match", "mbegin", "mend", "PATH", "path", "CDPATH",
		"cdpath", "FPATH", "fpath", "MANPATH", "manpath", "MAILPATH", "mailpath", "MODULE_PATH",
		"module_path", "PSVAR", "psvar", "FIGNORE", "fignore", "WATCH", "watch", "PIPESTATUS",
		"pipestatus", "status", "argv", "ARGC", "FUNCNAME", "funcstack", "functrace", "funcsourcetrace",
		"funcfiletrace", "DIRSTACK", "dirstack", "GROUPS", "EUID", "UID", "GID", "EGID", "PPID",
		"RANDOM", "SRANDOM", "SECONDS", "EPOCHSECONDS", "EPOCHREALTIME", "LINENO", "LINES", "COLUMNS",
		"SHLVL", "SHELLOPTS", "HOSTNAME", "HOSTTYPE", "MACHTYPE", "OSTYPE", "CPUTYPE", "VENDOR", "HOST",
		"TTY", "TTYIDLE", "ERRNO", "errnos", "sysparams", "langinfo", "USERNAME", "LOGNAME", "SHELL",
		"TERM", "IFS", "PS1", "PS2", "PS3", "PS4", "PROMPT", "PROMPT2", "PROMPT3", "PROMPT4", "prompt",
		"SPROMPT", "NULLCMD", "READNULLCMD", "KEYBOARD_HACK", "SAVEHIST", "WORDCHARS", "TRY_BLOCK_ERROR",
		"TRY_BLOCK_INTERRUPT", "FUNCNEST", "parameters", "options", "commands", "functions",
		"functions_source", "dis_functions", "dis_functions_source", "aliases", "galiases", "saliases",
		"dis_aliases", "dis_galiases", "dis_saliases", "builtins", "dis_builtins", "reswords",
		"dis_reswords", "patchars", "dis_patchars", "modules", "jobdirs", "jobtexts", "jobstates",
		"nameddirs", "userdirs", "usergroups", "history", "historywords", "termcap", "terminfo",
		"widgets", "keymaps", "zsh_eval_context", "zsh_scheduled_events", "histchars", "signals":
		return true
	}
	return false
}

// changesVars reports whether the command may give a variable of the shell running it a value:
// a builtin that takes names (read d, printf -v d, unset d), one that runs code in that shell
// (eval, source), or one that runs such a builtin (command read d).
func changesVars(name string) bool {
	switch name {
	case "eval", "source", ".", "trap", "enable", "alias", "emulate", "autoload", "zmodload", "sched", "zle", "fc",
		"pushd", "popd", "read", "mapfile", "readarray", "printf", "print", "getopts", "unset", "wait", "let",
		"builtin", "command", "noglob", "nocorrect", "exec", "vared", "zparseopts", "zstyle", "zformat",
		"zregexparse", "getln", "pushln", "select", "declare", "typeset", "local", "export", "readonly",
		"integer", "float", "private", "set", "strftime", "sysread", "zstat", "coproc":
		return true
	}
	return false
}

// names marks every name in the word v unknown.
func (c *consts) names(v string) {
	for _, f := range strings.FieldsFunc(v, func(r rune) bool {
		return !(r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9')
	}) {
		c.dyn[f] = true
		for i := 1; i < len(f); i++ { // -vd: printf's -v with d glued to it
			c.dyn[f[i:]] = true
		}
	}
}

// declared reads declare, typeset, local, export and readonly: without options, NAME=WORD gives a
// value as an assignment does, and export NAME or readonly NAME none; anything else (an option,
// local NAME, which makes it empty, a value only known at run time) makes the names unknown, and a
// nameref (-n), whose assignments give another variable a value, every variable.
func (c *consts) declared(dc *syntax.DeclClause) {
	plain := true
	for _, a := range dc.Args {
		if a.Naked && a.Value != nil {
			v, ok := staticWord(a.Value)
			if !ok || strings.Contains(v, "n") && (strings.HasPrefix(v, "-") || strings.HasPrefix(v, "+")) {
				c.all = true
				return
			}
			plain = false
			c.names(v)
		}
	}
	keeps := dc.Variant.Value == "export" || dc.Variant.Value == "readonly"
	for _, a := range dc.Args {
		if a.Name == nil {
			continue
		}
		v, ok := staticValue(a)
		ok = ok && (a.Value == nil || !hasBrace(a.Value)) // bash's declare d={a,b} is declare d=a d=b
		switch {
		case plain && ok && !a.Naked:
			c.give(a.Name.Value, v)
		case plain && a.Naked && keeps:
		default:
			c.dyn[a.Name.Value] = true
		}
	}
}

// surely notes the assignments the statement st, run whatever happens, makes before it ends.
func (c *consts) surely(st *syntax.Stmt) {
	if st.Background || st.Coprocess || len(st.Redirs) > 0 {
		return // { d=x; } < missing runs nothing, and zsh's d=x < missing assigns nothing
	}
	end := int(st.End().Offset())
	switch cmd := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(cmd.Args) > 0 {
			return
		}
		for _, a := range cmd.Assigns {
			c.given(a.Name.Value, end)
		}
	case *syntax.DeclClause:
		for _, a := range cmd.Args {
			if a.Name != nil && !a.Naked {
				c.given(a.Name.Value, end)
			}
		}
	case *syntax.BinaryCmd:
		if cmd.Op == syntax.AndStmt || cmd.Op == syntax.OrStmt {
			c.surely(cmd.X)
		}
	case *syntax.Block:
		for _, s := range cmd.Stmts {
			c.surely(s)
		}
	}
}

func (c *consts) given(name string, end int) {
	if at, ok := c.from[name]; !ok || end < at {
		c.from[name] = end
	}
}

// valuesAt are the values the name may hold where the line reads it at offset, at the start of
// its word or not; ok is false when they are only known at run time.
func (c *consts) valuesAt(name string, offset int, start bool) ([]string, bool) {
	if c.all || c.dyn[name] {
		return nil, false
	}
	vs, given := c.values[name]
	if !given && start {
		switch name {
		case "PWD":
			return []string{"."}, true
		case "HOME":
			return []string{"~"}, true
		}
	}
	if shellSets(name) {
		return nil, false
	}
	if at, ok := c.from[name]; ok && offset >= at {
		return vs, true
	}
	for _, body := range c.loops[name] {
		if body[0] <= offset && offset < body[1] {
			return vs, true
		}
	}
	return nil, false
}

// expand is the words the word w of the line's own text expands to when every variable it reads
// is known, each after quote removal; ok is false otherwise.
func (c *consts) expand(w *syntax.Word) (words []string, ok bool) {
	e := expansion{c: c, outs: []string{""}}
	if !e.parts(w.Parts, false, true) {
		return nil, false
	}
	if !e.quoted && slices.Contains(e.outs, "") {
		if len(e.outs) == 1 {
			return nil, true // an unquoted expansion to nothing is no word at all
		}
		return nil, false // a word or none: not read as alternatives
	}
	return e.outs, true
}

type expansion struct {
	c      *consts
	outs   []string
	quoted bool
}

func (e *expansion) parts(ps []syntax.WordPart, inQuotes, start bool) bool {
	for i, p := range ps {
		switch p := p.(type) {
		case *syntax.ParamExp:
			// zsh reads $d[2,-1] as a subscript and $d:t as a modifier; bash as text after $d.
			if p.Short && i+1 < len(ps) {
				if lit, ok := ps[i+1].(*syntax.Lit); ok && (strings.HasPrefix(lit.Value, "[") || strings.HasPrefix(lit.Value, ":")) {
					return false
				}
			}
			if !e.param(p, inQuotes, start && i == 0) {
				return false
			}
		case *syntax.DblQuoted:
			e.quoted = true
			if !e.parts(p.Parts, true, start && i == 0) {
				return false
			}
		case *syntax.CmdSubst:
			// In a file read from disk, d=$(dirname "$f") is the directory of a known $f.
			v, ok := e.c.pathSubst(p)
			if !ok || !inQuotes && v == "" {
				return false
			}
			e.quoted = e.quoted || inQuotes
			for j := range e.outs {
				e.outs[j] += v
			}
		default:
			var b strings.Builder
			if !literal(&b, p, inQuotes) {
				return false
			}
			if _, isLit := p.(*syntax.Lit); !isLit {
				e.quoted = true
			}
			for j := range e.outs {
				e.outs[j] += b.String()
			}
		}
	}
	return true
}

func (e *expansion) param(p *syntax.ParamExp, inQuotes, start bool) bool {
	trim, ok := pathTrim(p)
	if !ok {
		return false
	}
	vs, known := e.c.valuesAt(p.Param.Value, int(p.Pos().Offset()), start)
	if !known || len(e.outs)*len(vs) > maxConstValues {
		return false
	}
	if trim != nil {
		vs = slices.Clone(vs)
		for i, v := range vs {
			vs[i] = trim(v)
		}
	}
	for _, v := range vs {
		if !inQuotes && (strings.ContainsAny(v, " \t\n") || e.c.ifs()) {
			return false // split into words elsewhere
		}
	}
	next := make([]string, 0, len(e.outs)*len(vs))
	for _, o := range e.outs {
		for _, v := range vs {
			next = append(next, o+v)
		}
	}
	e.outs = next
	return true
}

// ifs reports whether the line sets IFS, which splits an unquoted expansion at other characters.
func (c *consts) ifs() bool {
	_, given := c.values["IFS"]
	return given || c.dyn["IFS"]
}

// pathTrim is what p does to its variable's value: nothing (nil) for $name or ${name}, or the cut
// of a path's ${name%/*} (its directory), ${name##*/} (its last name), ${name%%/*} and ${name#*/};
// false for any other expansion.
func pathTrim(p *syntax.ParamExp) (func(string) string, bool) {
	if p.Exp == nil {
		return nil, simpleParam(p)
	}
	q := *p
	q.Exp = nil
	if !simpleParam(&q) {
		return nil, false
	}
	pat, ok := staticWord(p.Exp.Word)
	if !ok || p.Exp.Word == nil || len(p.Exp.Word.Parts) != 1 {
		return nil, false
	}
	if _, lit := p.Exp.Word.Parts[0].(*syntax.Lit); !lit {
		return nil, false // "/*" quoted is a literal /*, not a pattern
	}
	switch {
	case p.Exp.Op == syntax.RemSmallSuffix && pat == "/*":
		return func(v string) string { return cutAt(v, strings.LastIndexByte(v, '/'), false) }, true
	case p.Exp.Op == syntax.RemLargeSuffix && pat == "/*":
		return func(v string) string { return cutAt(v, strings.IndexByte(v, '/'), false) }, true
	case p.Exp.Op == syntax.RemLargePrefix && pat == "*/":
		return func(v string) string { return cutAt(v, strings.LastIndexByte(v, '/'), true) }, true
	case p.Exp.Op == syntax.RemSmallPrefix && pat == "*/":
		return func(v string) string { return cutAt(v, strings.IndexByte(v, '/'), true) }, true
	}
	return nil, false
}

// cutAt is v before the byte at i, or after it; v when i < 0 (no / to cut at).
func cutAt(v string, i int, after bool) string {
	switch {
	case i < 0:
		return v
	case after:
		return v[i+1:]
	}
	return v[:i]
}

// pathSubst is what a command substitution of a file read from disk prints when it prints a path
// of known words: $(dirname "$f"), $(basename "$f"), $(realpath "$d/..") and $(cd "$d" && pwd)
// (selfCommand). False on the line itself, where realpath's links matter to a paths guard.
func (c *consts) pathSubst(cs *syntax.CmdSubst) (string, bool) {
	if !c.file || len(cs.Stmts) != 1 {
		return "", false
	}
	var words []string
	var add func(st *syntax.Stmt, last bool) bool
	add = func(st *syntax.Stmt, last bool) bool {
		if st.Negated || st.Background || st.Coprocess || last && len(st.Redirs) > 0 {
			return false
		}
		switch x := st.Cmd.(type) {
		case *syntax.CallExpr:
			if len(x.Assigns) > 0 || len(words)+len(x.Args) > 8 {
				return false
			}
			for _, a := range x.Args {
				vs, ok := c.expand(a)
				if !ok || len(vs) != 1 || strings.ContainsAny(vs[0], " \t\n\"';&|<>") {
					return false
				}
				words = append(words, vs[0])
			}
			return true
		case *syntax.BinaryCmd:
			if x.Op != syntax.AndStmt || !add(x.X, false) {
				return false
			}
			words = append(words, "&&")
			return add(x.Y, true)
		}
		return false
	}
	if !add(cs.Stmts[0], true) {
		return "", false
	}
	return selfCommand(strings.Join(words, " "))
}

// environ gives a file read from disk the variables of its environment (the line's export F=-rf,
// F=-rf ./x.sh), the last value of each: known from the file's start, where the file gives it
// no value of its own.
func (c *consts) environ(env []Arg) {
	for name, e := range lastEnv(env) {
		_, own := c.values[name]
		if e.Dynamic || own || c.dyn[name] || c.waiting[name] > 0 {
			continue
		}
		c.give(name, strings.TrimPrefix(e.Value, name+"="))
		c.given(name, 0)
	}
}

// lastEnv is the last NAME=VALUE env gives each name, by name.
func lastEnv(env []Arg) map[string]Arg {
	last := map[string]Arg{}
	for _, e := range env {
		if name, _, _ := strings.Cut(e.Value, "="); isName(name) {
			last[name] = e
		}
	}
	return last
}

// simpleParam reports whether p is $name or ${name}, a variable's value with nothing done to it.
func simpleParam(p *syntax.ParamExp) bool {
	return p.Param != nil && p.Flags == nil && !p.Excl && !p.Length && !p.Width && !p.IsSet &&
		p.Split == syntax.OptUnset && p.GlobSubst == syntax.OptUnset && p.RcExpand == syntax.OptUnset &&
		p.NestedParam == nil && p.Index == nil && len(p.Modifiers) == 0 && p.Slice == nil &&
		p.Repl == nil && p.Names == 0 && p.Exp == nil && isName(p.Param.Value)
}

// assignedName returns the name a word NAME=…, NAME[…]… or NAME+=… would assign. (A scan of the
// name's bytes, not strings.IndexAny, which builds its set of bytes at every call: asked of every
// argument of a line.)
func assignedName(s string) (string, bool) {
	i := 0
	for i < len(s) && (s[i] == '_' || 'a' <= s[i] && s[i] <= 'z' || 'A' <= s[i] && s[i] <= 'Z' || '0' <= s[i] && s[i] <= '9') {
		i++
	}
	if i == len(s) || s[i] != '=' && s[i] != '[' && s[i] != '+' || !isName(s[:i]) {
		return "", false
	}
	return s[:i], true
}

func isName(s string) bool {
	if s == "" || '0' <= s[0] && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// readsWaiting reports whether the word reads a variable a derived assignment not yet read gives.
func (c *consts) readsWaiting(w *syntax.Word) bool {
	waits := false
	walk(w, func(n syntax.Node) bool {
		if p, ok := n.(*syntax.ParamExp); ok && p.Param != nil && c.waiting[p.Param.Value] > 0 {
			waits = true
		}
		return !waits
	})
	return waits
}

// hasParam reports whether the word reads a variable, outside a substitution.
func hasParam(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.ParamExp:
			return true
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if _, ok := q.(*syntax.ParamExp); ok {
					return true
				}
			}
		}
	}
	return false
}

// staticWord is the word's value after quote removal, when it holds no expansion.
func staticWord(w *syntax.Word) (string, bool) {
	if w == nil {
		return "", true
	}
	a := word(w, "")
	return a.Value, !a.Dynamic
}

// staticWords are the words' values, when none holds an expansion or a brace.
func staticWords(ws []*syntax.Word) ([]string, bool) {
	out := make([]string, 0, len(ws))
	for _, w := range ws {
		v, ok := staticWord(w)
		if !ok || hasBrace(w) {
			return nil, false
		}
		out = append(out, v)
	}
	return out, true
}

// staticValue is the value a plain assignment gives (name=word, name=), when it holds no expansion.
func staticValue(a *syntax.Assign) (string, bool) {
	if a.Name == nil || a.Append || a.Naked || a.Index != nil || a.Array != nil {
		return "", false
	}
	return staticWord(a.Value)
}

func firstLit(w *syntax.Word) (*syntax.Lit, bool) {
	if len(w.Parts) == 0 {
		return nil, false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	return lit, ok
}
