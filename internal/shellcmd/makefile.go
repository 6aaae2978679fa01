package shellcmd

import (
	"errors"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"
)

// make reads its makefile's variables and rules, runs the commands of $(shell …) and != as it
// reads them, and runs the recipe lines of the targets it builds (those the line names, or the
// default goal, and what they need), each through sh -c. hookrun reads what GNU make would of
// that, roughly and reading more rather than less: both branches of a conditional, every rule of
// a target, pattern rules, included files. Only the recipes of the targets built are read, so
// that make test does not run the clean target's rm -rf build. A function of make it does not
// follow ($(wildcard …), $(origin …), $(file …)) is a value only known when make runs; $(call
// …), $(foreach …), $(eval …), $(if …) and its text functions are expanded as make does.

// Limits on reading one makefile.
const (
	maxMakeTargets  = 1000    // targets followed from the goals
	maxMakeExpanded = 1 << 20 // bytes all expansions of one makefile make
	maxMakeNest     = 32      // variables expanding variables
	maxMakeIncludes = 16      // files included
	maxMakeEvals    = 256     // texts read as makefile lines ($(eval …), a line that expands to a rule)
	maxMakeWords    = 256     // words $(foreach …) goes over
	maxMakeSteps    = 1 << 17 // expansions of one makefile: loops within loops that expand to nothing
	maxMakeExports  = 256     // variables export hands the recipes
)

// A makefile is what hookrun reads of a makefile.
type makefile struct {
	vars      map[string]string
	override  map[string]string // the line's own X=1, which a makefile's assignments do not change
	rules     map[string][]*makeRule
	patterns  []*makeRule // rules whose target has a %
	goal      string      // the first target: make's default goal
	reads     []string    // text make expands as it reads the file (assignments, rule lines)
	bang      []string    // X != CMD: a command make runs as it reads the file
	includes  []string    // the words of include lines
	shells    []string    // commands of $(shell …) met while expanding
	expanded  int         // bytes expansions made (maxMakeExpanded)
	evals     int         // texts read as makefile lines (maxMakeEvals)
	steps     int         // expansions made (maxMakeSteps)
	exported  []string    // the variables export hands the recipes' shell
	exportAll bool        // export with no names, or .EXPORT_ALL_VARIABLES: every variable
}

// A makeRule is one target of a rule: what it needs and its recipe lines.
type makeRule struct {
	target  string
	prereqs string // unexpanded
	recipe  []string
}

// makeDefault is the value make gives a variable of its own. (A switch, not a map literal, which
// would be built at every start.)
func makeDefault(name string) string {
	switch name {
	case "MAKE":
		return "make"
	case "RM":
		return "rm -f"
	case "CC":
		return "cc"
	case "CXX":
		return "g++"
	case "AR":
		return "ar"
	case "SHELL":
		return "/bin/sh"
	}
	return ""
}

func newMakefile(vars []string) *makefile {
	mf := &makefile{vars: map[string]string{}, override: map[string]string{}, rules: map[string][]*makeRule{}}
	for _, v := range vars {
		name, value, _ := strings.Cut(v, "=")
		mf.override[strings.TrimSpace(strings.TrimRight(name, ":?+!"))] = value
	}
	return mf
}

// makeLines are a makefile's lines with backslash-newline continuations joined (a recipe's next
// line loses its leading tab, as make drops it), DOS line ends and a byte-order mark removed.
func makeLines(text string) []string {
	raw := strings.Split(strings.ReplaceAll(strings.TrimPrefix(text, "\ufeff"), "\r\n", "\n"), "\n")
	var out []string
	var cur strings.Builder
	for _, line := range raw {
		if cur.Len() > 0 {
			line = strings.TrimPrefix(line, "\t")
		}
		trail := len(line) - len(strings.TrimRight(line, `\`))
		if trail%2 == 1 {
			cur.WriteString(line[:len(line)-1])
			cur.WriteByte(' ')
			continue
		}
		cur.WriteString(line)
		out = append(out, cur.String())
		cur.Reset()
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

// makeOp is the index of the first : or = in s outside parentheses and braces, or -1.
func makeOp(s string, ops string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '(' || c == '{':
			depth++
		case c == ')' || c == '}':
			if depth > 0 {
				depth--
			}
		case depth == 0 && strings.IndexByte(ops, c) >= 0:
			return i
		}
	}
	return -1
}

// parse reads a makefile's text into mf.
func (mf *makefile) parse(text string) {
	var current []*makeRule
	define, inDefine := "", false
	var body []string
	for _, line := range makeLines(text) {
		if inDefine {
			if strings.TrimSpace(line) == "endef" {
				mf.vars[define], inDefine = strings.Join(body, "\n"), false
			} else {
				body = append(body, line)
			}
			continue
		}
		prefix := "\t"
		if p := mf.vars[".RECIPEPREFIX"]; p != "" {
			prefix = p[:1]
		}
		if strings.HasPrefix(line, prefix) && current != nil {
			for _, rl := range current {
				rl.recipe = append(rl.recipe, line[1:])
			}
			continue
		}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		word, rest, _ := strings.Cut(line, " ")
		switch strings.TrimSpace(word) {
		case "ifeq", "ifneq", "ifdef", "ifndef", "else", "endif":
			continue // both branches are read
		case "define":
			define, inDefine, body = strings.Fields(rest + " =")[0], true, nil
			current = nil
			continue
		case "include", "-include", "sinclude":
			mf.includes = append(mf.includes, rest)
			current = nil
			continue
		case "vpath", "unexport":
			continue
		case "export", "override", "private":
			if strings.TrimSpace(word) == "export" {
				mf.export(rest)
			}
			if line = strings.TrimSpace(rest); line == "" {
				continue
			}
		}
		if makeOp(line, ":=") < 0 && strings.Contains(line, "$") {
			// $(eval …), $(call T,x), $(R): make reads the line as what it expands to.
			current = nil
			if mf.evals++; mf.evals <= maxMakeEvals {
				mf.parse(mf.expand(line, nil, 0))
			}
			continue
		}
		current = mf.statement(line)
	}
}

// export notes the variables an export line hands the recipes' shell: export NAME = VALUE,
// export NAME…, or, with no names, every variable.
func (mf *makefile) export(rest string) {
	switch i := makeOp(rest, ":="); {
	case strings.TrimSpace(rest) == "":
		mf.exportAll = true
	case i >= 0:
		mf.exported = append(mf.exported, strings.TrimSpace(strings.TrimRight(rest[:i], ":?+!")))
	default:
		mf.exported = append(mf.exported, strings.Fields(mf.expand(rest, nil, 0))...)
	}
}

// exportedEnv are the variables the recipes' shell is given by export (at most maxMakeExports),
// as NAME=VALUE.
func (mf *makefile) exportedEnv() []Arg {
	names := mf.exported
	if _, ok := mf.rules[".EXPORT_ALL_VARIABLES"]; ok || mf.exportAll {
		names = slices.Sorted(maps.Keys(mf.vars))
	}
	var env []Arg
	for _, n := range names {
		if isName(n) && len(env) < maxMakeExports {
			env = append(env, Arg{Value: n + "=" + strings.TrimSpace(mf.variable(n, nil, 0))})
		}
	}
	return env
}

// statement reads one line that is not a recipe: an assignment, or a rule (its targets returned).
func (mf *makefile) statement(line string) []*makeRule {
	i := makeOp(line, ":=")
	if i < 0 {
		return nil
	}
	if line[i] == '=' || strings.HasPrefix(line[i:], ":=") || strings.HasPrefix(line[i:], "::=") || strings.HasPrefix(line[i:], ":::=") {
		mf.assign(line, i)
		return nil
	}
	targets, after := line[:i], line[i+1:]
	after = strings.TrimPrefix(after, ":") // a double-colon rule
	recipe, inline := "", false
	if j := makeOp(after, ";"); j >= 0 {
		after, recipe, inline = after[:j], after[j+1:], true
	}
	if j := makeOp(after, ":="); j >= 0 {
		if after[j] == '=' || strings.HasPrefix(after[j:], ":=") {
			mf.assign(after, j) // target: VAR = value, read as the makefile's
			return nil
		}
		after = after[j+1:] // a static pattern rule: targets: %.o: %.c
	}
	mf.reads = append(mf.reads, targets, after)
	var rules []*makeRule
	for _, t := range strings.Fields(mf.expand(targets, nil, 0)) {
		rl := &makeRule{target: t, prereqs: after}
		if inline {
			rl.recipe = append(rl.recipe, recipe)
		}
		rules = append(rules, rl)
		if strings.Contains(t, "%") {
			mf.patterns = append(mf.patterns, rl)
			continue
		}
		mf.rules[t] = append(mf.rules[t], rl)
		if mf.goal == "" && (!strings.HasPrefix(t, ".") || strings.Contains(t, "/")) {
			mf.goal = t
		}
	}
	return rules
}

// assign reads NAME op VALUE, the operator at i (its last character an =).
func (mf *makefile) assign(line string, i int) {
	name := line[:i]
	value := strings.TrimLeft(line[i:], ":")
	value = strings.TrimSpace(strings.TrimPrefix(value, "="))
	op := ""
	if n := strings.TrimRight(name, "?+!"); n != name {
		op, name = name[len(n):], n
	}
	name = strings.TrimSpace(name)
	mf.reads = append(mf.reads, value)
	switch op {
	case "!":
		mf.bang = append(mf.bang, value)
	case "+":
		mf.vars[name] = strings.TrimSpace(mf.vars[name] + " " + value)
	case "?":
		if _, ok := mf.vars[name]; !ok {
			mf.vars[name] = value
		}
	default:
		mf.vars[name] = value
	}
}

// makeFunction reports whether $(NAME args) calls one of make's functions.
func makeFunction(name string) bool {
	switch name {
	case "subst", "patsubst", "strip", "findstring", "filter", "filter-out", "sort", "word", "wordlist", "words",
		"firstword", "lastword", "dir", "notdir", "suffix", "basename", "addsuffix", "addprefix", "join", "wildcard",
		"realpath", "abspath", "error", "warning", "info", "shell", "origin", "flavor", "foreach", "if", "or", "and",
		"call", "eval", "file", "value", "let", "intcmp", "guile":
		return true
	}
	return false
}

// expand expands make's references in s: variables (the automatic ones from auto), $$ as $, the
// command of $(shell …) noted (mf.shells) and standing for nothing, another function's value a
// shell parameter (${make_if}), only known when make runs.
func (mf *makefile) expand(s string, auto map[string]string, depth int) string {
	if depth > maxMakeNest || mf.expanded > maxMakeExpanded || !strings.Contains(s, "$") {
		return s
	}
	if mf.steps++; mf.steps > maxMakeSteps {
		return ""
	}
	var b strings.Builder
	for i := 0; i < len(s) && b.Len()+mf.expanded <= maxMakeExpanded; i++ {
		c := s[i]
		if c != '$' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch open := s[i]; open {
		case '$':
			b.WriteByte('$')
		case '(', '{':
			end := closing(s, i+1, open)
			if end >= len(s) {
				b.WriteString(s[i-1:])
				i = len(s)
				continue
			}
			b.WriteString(mf.reference(s[i+1:end], auto, depth))
			i = end
		default:
			b.WriteString(mf.variable(string(open), auto, depth))
		}
	}
	mf.expanded += b.Len()
	return b.String()
}

// closing is the index of the ) or } that closes the open bracket before text[from:], nested
// ones counted; len(text) when none does.
func closing(text string, from int, open byte) int {
	close := byte(')')
	if open == '{' {
		close = '}'
	}
	nest := 1
	for end := from; end < len(text); end++ {
		if text[end] == open {
			nest++
		} else if text[end] == close {
			if nest--; nest == 0 {
				return end
			}
		}
	}
	return len(text)
}

// reference is the value of $(inner): a function's or a variable's.
func (mf *makefile) reference(inner string, auto map[string]string, depth int) string {
	if name, args, ok := strings.Cut(strings.Replace(inner, "\t", " ", 1), " "); ok && makeFunction(name) {
		if name == "shell" {
			mf.shells = append(mf.shells, mf.expand(args, auto, depth+1))
			return ""
		}
		if v, ok := mf.function(name, args, auto, depth+1); ok {
			return v
		}
		return "${make_" + strings.ReplaceAll(name, "-", "_") + "}"
	}
	name := mf.expand(inner, auto, depth+1)
	if k := strings.IndexByte(name, ':'); k >= 0 {
		name = name[:k] // $(VAR:.c=.o)
	}
	return mf.variable(name, auto, depth)
}

// variable is the value of the variable name, expanded.
func (mf *makefile) variable(name string, auto map[string]string, depth int) string {
	if v, ok := auto[name]; ok {
		return v
	}
	if len(name) == 2 && (name[1] == 'D' || name[1] == 'F') {
		if v, ok := auto[name[:1]]; ok {
			if name[1] == 'D' {
				return path.Dir(v)
			}
			return path.Base(v)
		}
	}
	if v, ok := mf.override[name]; ok {
		return mf.expand(v, auto, depth+1)
	}
	if v, ok := mf.vars[name]; ok {
		return mf.expand(v, auto, depth+1)
	}
	return makeDefault(name)
}

// function is the value of make's function name given args (unexpanded), as make expands it;
// false for one only known when make runs ($(wildcard …), $(origin …)). A condition only known
// then ($(if $(wildcard x),a,b)) gives both branches, each a line of its own: reading more.
func (mf *makefile) function(name, args string, auto map[string]string, depth int) (string, bool) {
	ex := func(s string) string { return mf.expand(s, auto, depth) }
	arg := makeArgs(args, 0)
	if n := makeArity(name); n > 0 {
		arg = makeArgs(args, n)
		for len(arg) < n {
			arg = append(arg, "")
		}
	}
	words := func(s string) []string { return strings.Fields(ex(s)) }
	unknown := func(s string) bool { return strings.Contains(s, "${make_") }
	switch name {
	case "call", "foreach", "let":
		a := make(map[string]string, len(auto)+len(arg))
		for k, v := range auto {
			a[k] = v
		}
		switch name {
		case "call":
			fn := strings.TrimSpace(ex(arg[0]))
			for i := 1; i < 10; i++ {
				a[strconv.Itoa(i)] = ""
			}
			for i, p := range arg[1:] {
				a[strconv.Itoa(i+1)] = ex(p)
			}
			a["0"] = fn
			value, ok := mf.override[fn]
			if !ok {
				value = mf.vars[fn]
			}
			return mf.expand(value, a, depth), true
		case "foreach":
			v, list := strings.TrimSpace(ex(arg[0])), words(arg[1])
			var out []string
			for _, w := range list[:min(len(list), maxMakeWords)] {
				a[v] = w
				out = append(out, mf.expand(arg[2], a, depth))
			}
			return strings.Join(out, " "), true
		default: // let
			names, list := words(arg[0]), words(arg[1])
			for i, n := range names {
				switch {
				case i == len(names)-1 && i < len(list):
					a[n] = strings.Join(list[i:], " ")
				case i < len(list):
					a[n] = list[i]
				default:
					a[n] = ""
				}
			}
			return mf.expand(arg[2], a, depth), true
		}
	case "if":
		switch c := strings.TrimSpace(ex(arg[0])); {
		case unknown(c):
			return ex(arg[1]) + "\n" + ex(arg[2]), true
		case c != "":
			return ex(arg[1]), true
		}
		return ex(arg[2]), true
	case "or":
		var maybe []string // values only known when make runs, which may be the first not empty
		for _, p := range arg {
			switch v := strings.TrimSpace(ex(p)); {
			case unknown(v):
				maybe = append(maybe, v)
			case v != "":
				return strings.Join(append(maybe, v), "\n"), true
			}
		}
		return strings.Join(maybe, "\n"), true
	case "and":
		last := ""
		for _, p := range arg {
			if last = strings.TrimSpace(ex(p)); last == "" {
				return "", true
			}
		}
		return last, true
	case "strip", "sort", "firstword", "lastword", "words":
		w := words(args)
		switch name {
		case "sort":
			slices.Sort(w)
			w = slices.Compact(w)
		case "firstword":
			w = w[:min(len(w), 1)]
		case "lastword":
			w = w[max(len(w)-1, 0):]
		case "words":
			return strconv.Itoa(len(w)), true
		}
		return strings.Join(w, " "), true
	case "subst":
		from := ex(arg[0])
		if from == "" {
			return ex(arg[2]), true
		}
		return strings.ReplaceAll(ex(arg[2]), from, ex(arg[1])), true
	case "patsubst", "filter", "filter-out", "addprefix", "addsuffix", "findstring":
		p0 := ex(arg[0])
		var out []string
		for _, w := range words(arg[len(arg)-1]) {
			switch name {
			case "patsubst":
				out = append(out, makePatsubst(strings.TrimSpace(p0), ex(arg[1]), w))
			case "filter", "filter-out":
				matched := slices.ContainsFunc(strings.Fields(p0), func(p string) bool { return makeMatch(p, w) })
				if matched == (name == "filter") {
					out = append(out, w)
				}
			case "addprefix":
				out = append(out, p0+w)
			case "addsuffix":
				out = append(out, w+p0)
			}
		}
		if name == "findstring" {
			if strings.Contains(ex(arg[1]), p0) {
				return p0, true
			}
			return "", true
		}
		return strings.Join(out, " "), true
	case "word", "wordlist":
		w := words(arg[len(arg)-1])
		from, err := strconv.Atoi(strings.TrimSpace(ex(arg[0])))
		to := from
		if name == "wordlist" {
			t, err2 := strconv.Atoi(strings.TrimSpace(ex(arg[1])))
			to, err = t, errors.Join(err, err2)
		}
		if err != nil || from < 1 {
			return "", false
		}
		if from > len(w) {
			return "", true
		}
		return strings.Join(w[from-1:min(to, len(w))], " "), true
	case "value":
		n := strings.TrimSpace(ex(args))
		if v, ok := mf.override[n]; ok {
			return v, true
		}
		return mf.vars[n], true
	case "info", "warning", "error":
		ex(args)
		return "", true
	case "eval":
		if mf.evals++; mf.evals <= maxMakeEvals {
			mf.parse(ex(args))
		}
		return "", true
	}
	return "", false
}

// makeArity is how many arguments make splits a function's text into at its commas (the last
// keeps the commas after it); 0 for every comma.
func makeArity(name string) int {
	switch name {
	case "if", "foreach", "let", "subst", "patsubst", "wordlist":
		return 3
	case "filter", "filter-out", "addprefix", "addsuffix", "findstring", "word":
		return 2
	case "call", "or", "and":
		return 0
	}
	return 1
}

// makeArgs are a function's arguments: its text split at the commas outside brackets, into at
// most n (all when n is 0), leading blanks of the first dropped as make drops them.
func makeArgs(text string, n int) []string {
	text = strings.TrimLeft(text, " \t")
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(text) && (n == 0 || len(out) < n-1); i++ {
		switch text[i] {
		case '(', '{':
			depth++
		case ')', '}':
			depth = max(depth-1, 0)
		case ',':
			if depth == 0 {
				out, start = append(out, text[start:i]), i+1
			}
		}
	}
	return append(out, text[start:])
}

// makeMatch reports whether word w matches make's pattern p (one % stands for any text).
func makeMatch(p, w string) bool {
	if !strings.Contains(p, "%") {
		return p == w
	}
	_, ok := patternStem(p, w)
	return ok
}

// makePatsubst is w with pattern p replaced by repl, % in repl standing for what % matched.
func makePatsubst(p, repl, w string) string {
	if !strings.Contains(p, "%") {
		if w == p {
			return repl
		}
		return w
	}
	stem, ok := patternStem(p, w)
	if !ok {
		return w
	}
	return strings.Replace(repl, "%", stem, 1)
}

// patternStem is what % stands for when the pattern rule's target pattern matches t.
func patternStem(pattern, t string) (string, bool) {
	before, after, _ := strings.Cut(pattern, "%")
	if len(t) < len(before)+len(after) || !strings.HasPrefix(t, before) || !strings.HasSuffix(t, after) {
		return "", false
	}
	return t[len(before) : len(t)-len(after)], true
}

// recipes are the recipe lines make runs to build goals ("" for the default goal), expanded,
// each without its @, - and + prefixes.
func (mf *makefile) recipes(goals []string) []string {
	for i, g := range goals {
		if g == "" {
			goals[i] = strings.TrimSpace(mf.variable(".DEFAULT_GOAL", nil, 0))
			if goals[i] == "" {
				goals[i] = mf.goal
			}
		}
	}
	var lines []string
	seen := map[string]bool{}
	for queue := goals; len(queue) > 0 && len(seen) < maxMakeTargets; queue = queue[1:] {
		t := queue[0]
		if t == "" || seen[t] {
			continue
		}
		seen[t] = true
		var prereqs []string
		var recipe []string
		for _, rl := range mf.rules[t] {
			prereqs = append(prereqs, strings.Fields(mf.expand(rl.prereqs, nil, 0))...)
			recipe = append(recipe, rl.recipe...)
		}
		stem := ""
		if len(recipe) == 0 {
			for _, rl := range mf.patterns {
				if s, ok := patternStem(rl.target, t); ok && len(rl.recipe) > 0 {
					stem, recipe = s, rl.recipe
					for _, p := range strings.Fields(mf.expand(rl.prereqs, nil, 0)) {
						prereqs = append(prereqs, strings.ReplaceAll(p, "%", s))
					}
					break
				}
			}
		}
		if len(recipe) == 0 && len(mf.rules[t]) == 0 {
			for _, rl := range mf.rules[".DEFAULT"] { // what builds a target no rule names
				recipe = append(recipe, rl.recipe...)
			}
		}
		first := ""
		if len(prereqs) > 0 {
			first = prereqs[0]
		}
		all := strings.Join(prereqs, " ")
		auto := map[string]string{"@": t, "<": first, "^": all, "+": all, "?": all, "*": stem, "%": "", "|": ""}
		var script []string
		for _, line := range recipe {
			script = append(script, strings.TrimLeft(mf.expand(line, auto, 0), " \t@+-"))
		}
		if _, ok := mf.rules[".ONESHELL"]; ok && len(script) > 0 {
			script = []string{strings.Join(script, "\n")} // one shell runs a target's lines
		}
		lines = append(lines, script...)
		for _, p := range prereqs {
			if p != "|" {
				queue = append(queue, p)
			}
		}
	}
	return lines
}

// makeFromDisk reads the makefile a make run reads from disk (the first of GNUmakefile, makefile
// and Makefile when the line names none) and what make runs of it.
func (r *reader) makeFromDisk(run scriptRun) {
	names := []string{run.file}
	if run.makeDefault {
		names = []string{"GNUmakefile", "makefile", "Makefile"}
	}
	if !r.once(strings.Join(append([]string{runMake, run.dir, run.dirUnknown}, append(append(names, run.names...), run.vars...)...), "\x00")) {
		return
	}
	for _, name := range names {
		found, paths := false, r.located(run, name)
		if paths == nil {
			return
		}
		for _, p := range paths {
			if text, ok := r.cachedText(run.file, p); ok {
				found = true
				r.makeRun(run, name, text)
			}
		}
		if found {
			return
		}
	}
}

// makeRun reads what make runs of a makefile's text, in the directory make runs in.
func (r *reader) makeRun(run scriptRun, file, text string) {
	mf := newMakefile(run.vars)
	env := lastEnv(run.env)
	for _, name := range slices.Sorted(maps.Keys(env)) {
		// The environment's variables are make's, below the makefile's own (F=-rf make, $(F)).
		if e := env[name]; !e.Dynamic && name != "MAKEFILES" && name != "MAKEFLAGS" {
			mf.vars[name] = strings.TrimPrefix(e.Value, name+"=")
		}
	}
	if e, ok := env["MAKEFILES"]; ok {
		// make reads the makefiles MAKEFILES names first, as included ones, none its default goal.
		if e.Dynamic {
			r.unresolved("make reads the makefiles MAKEFILES names, only known when the line runs")
		}
		for i, name := range strings.Fields(strings.TrimPrefix(e.Value, "MAKEFILES=")) {
			if e.Dynamic || i >= maxMakeIncludes || strings.Contains(name, "$") || isPattern(name) {
				break
			}
			for _, p := range r.located(run, name) {
				if text, ok := r.cachedText(name, p); ok {
					mf.parse(text)
				}
			}
		}
		mf.goal = ""
	}
	mf.parse(text)
	var includes []string
	for i := 0; i < len(mf.includes) && i < maxMakeIncludes; i++ {
		for _, name := range strings.Fields(mf.expand(mf.includes[i], nil, 0)) {
			if strings.Contains(name, "$") || isPattern(name) {
				continue
			}
			includes = append(includes, name)
			for _, p := range r.located(run, name) {
				if text, ok := r.cachedText(name, p); ok {
					mf.parse(text)
				}
			}
		}
	}
	for _, t := range mf.reads {
		mf.expand(t, nil, 0)
	}
	var scripts []string
	for _, cmd := range mf.bang {
		scripts = append(scripts, mf.expand(cmd, nil, 0))
	}
	if !run.dryRun {
		// make first remakes the makefiles it read (itself and those it includes) when a rule
		// names them, then builds its goals.
		goals := append([]string{file}, includes...)
		if len(run.names) == 0 {
			goals = append(goals, "")
		}
		scripts = append(scripts, mf.recipes(append(goals, run.names...))...)
	}
	_, set := mf.vars["SHELL"]
	_, given := mf.override["SHELL"]
	if set || given || mf.vars[".SHELLFLAGS"] != "" || mf.override[".SHELLFLAGS"] != "" {
		// The program recipes run through, which the makefile or make's line names: SHELL=/bin/rm .SHELLFLAGS=-rf.
		scripts = append(scripts, mf.variable("SHELL", nil, 0)+" "+mf.variable(".SHELLFLAGS", nil, 0)+" recipe")
	}
	dir, dirUnknown, fileEnv := r.dir, r.dirUnknown, r.fileEnv
	r.dir, r.dirUnknown = run.dir, ""
	if exported := mf.exportedEnv(); len(exported) > 0 {
		r.fileEnv = append(slices.Clip(r.fileEnv), exported...)
	}
	for _, s := range append(scripts, mf.shells...) {
		r.fileScript(s, file, run.depth+1, nil)
	}
	r.dir, r.dirUnknown, r.fileEnv = dir, dirUnknown, fileEnv
}
