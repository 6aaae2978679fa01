package shellcmd

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A Python program's command lines, read from its text: each string (adjacent strings joined, and
// strings and the constants a name is given joined by +) as a line a shell may run, as invoke's
// c.run("rm -rf ~") and os.system do, and each list of words whose first is a string as a
// command, as nox's session.run("rm", "-rf", "~") and subprocess.run(["rm", "-rf", "~"]) run it.
// What the program builds otherwise (format, join, a slice) is only known when it runs.

// pyField stands in a string's value where an f-string's replacement field gives what is only
// known when the program runs; read as a variable of the shell's.
const pyField = "\x00"

// pyDynamic is how a word or a part only known when the program runs is written into a line.
const pyDynamic = `"$__py"`

// maxPyTokens caps the tokens of one Python file read; a larger one is unresolved.
const maxPyTokens = 1 << 18

// A pyTok is a token of Python text.
type pyTok struct {
	kind byte   // 's' a string, 'n' a name or number, 'o' an operator, ';' a logical line's end
	text string // a string's value, a name, an operator
	top  bool   // the first token of a logical line that is not indented
}

// pyTokens splits Python source into tokens, at most limit (ok false past them).
func pyTokens(src string, limit int) (toks []pyTok, ok bool) {
	src = pyNewlines(src)
	depth, lineStart, top := 0, true, false
	// "a" "b" is "ab": adjacent strings are gathered in joined and written as one token when
	// another comes (a += per string was quadratic in a file of thousands of them).
	var joined strings.Builder
	pending := false
	flush := func() {
		if pending {
			toks[len(toks)-1].text, pending = joined.String(), false
			joined.Reset()
		}
	}
	defer flush()
	emit := func(t pyTok) {
		if t.kind == 's' && len(toks) > 0 && toks[len(toks)-1].kind == 's' {
			if !pending {
				joined.WriteString(toks[len(toks)-1].text)
				pending = true
			}
			joined.WriteString(t.text)
			return
		}
		flush()
		t.top, top = top, false
		toks = append(toks, t)
	}
	for i := 0; i < len(src); {
		if len(toks) > limit {
			flush()
			return toks, false
		}
		c := src[i]
		if lineStart && depth == 0 {
			j := i
			for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\f') {
				j++
			}
			if j < len(src) && (src[j] == '\n' || src[j] == '\r' || src[j] == '#') {
				for j < len(src) && src[j] != '\n' {
					j++
				}
				i = j + 1
				continue
			}
			lineStart, top, i = false, j == i, j
			continue
		}
		switch {
		case c == '\n':
			if depth == 0 {
				emit(pyTok{kind: ';'})
				lineStart = true
			}
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			i++
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '\\' && i+1 < len(src) && (src[i+1] == '\n' || src[i+1] == '\r'):
			i += 2
		case c == '"' || c == '\'':
			v, end := pyString(src, i, "")
			emit(pyTok{kind: 's', text: v})
			i = end
		case c == '_' || c >= 0x80 || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9':
			j := i
			for j < len(src) && (src[j] == '_' || src[j] == '.' && '0' <= c && c <= '9' || src[j] >= 0x80 ||
				'a' <= src[j] && src[j] <= 'z' || 'A' <= src[j] && src[j] <= 'Z' || '0' <= src[j] && src[j] <= '9') {
				j++
			}
			if j < len(src) && (src[j] == '"' || src[j] == '\'') && pyPrefix(src[i:j]) {
				v, end := pyString(src, j, strings.ToLower(src[i:j]))
				emit(pyTok{kind: 's', text: v})
				i = end
				continue
			}
			emit(pyTok{kind: 'n', text: src[i:j]})
			i = j
		default:
			switch c {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				depth = max(depth-1, 0)
			}
			op := src[i : i+1]
			if i+1 < len(src) && src[i+1] == '=' && strings.IndexByte("=!<>+-*/%&|^:@", c) >= 0 {
				op = src[i : i+2]
			}
			emit(pyTok{kind: 'o', text: op})
			i += len(op)
		}
	}
	return toks, true
}

// pyPrefix reports whether p is a string prefix: r, b, u, f, t and their pairs, in any case.
func pyPrefix(p string) bool {
	switch strings.ToLower(p) {
	case "r", "u", "b", "f", "t", "br", "rb", "fr", "rf", "tr", "rt":
		return true
	}
	return false
}

// pyString reads the string whose quote is at src[i], with prefix (lower case): its value, an
// f-string's replacement fields as their constant value or pyField, and where it ends.
func pyString(src string, i int, prefix string) (string, int) {
	raw := strings.Contains(prefix, "r")
	format := strings.ContainsAny(prefix, "ft")
	q := src[i : i+1]
	if strings.HasPrefix(src[i:], q+q+q) {
		q = q + q + q
	}
	var b strings.Builder
	j := i + len(q)
	for j < len(src) {
		c := src[j]
		switch {
		case strings.HasPrefix(src[j:], q):
			return b.String(), j + len(q)
		case len(q) == 1 && c == '\n':
			return b.String(), j // unterminated: Python would not run it
		case c == '\\' && j+1 < len(src):
			if raw {
				b.WriteString(src[j : j+2])
				j += 2
				continue
			}
			j = pyEscape(src, j, &b)
		case format && (c == '{' || c == '}') && j+1 < len(src) && src[j+1] == c:
			b.WriteByte(c)
			j += 2
		case format && c == '{':
			end := pyFieldEnd(src, j+1)
			b.WriteString(pyConstant(src[j+1 : end]))
			j = min(end+1, len(src))
		default:
			b.WriteByte(c)
			j++
		}
	}
	return b.String(), j
}

// pyEscape decodes the escape at src[j] (a backslash) into b and says where it ends.
func pyEscape(src string, j int, b *strings.Builder) int {
	c := src[j+1]
	switch c {
	case '\n':
		return j + 2
	case '\\', '\'', '"':
		b.WriteByte(c)
		return j + 2
	case 'a', 'b', 'f', 'n', 'r', 't', 'v':
		b.WriteByte("\a\b\f\n\r\t\v"[strings.IndexByte("abfnrtv", c)])
		return j + 2
	case 'x', 'u', 'U':
		n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[c]
		if j+2+n <= len(src) {
			if v, err := strconv.ParseUint(src[j+2:j+2+n], 16, 32); err == nil {
				if c == 'x' {
					b.WriteRune(rune(v)) // \x72 is r; above \x7f a code point, as in a str
				} else if utf8.ValidRune(rune(v)) {
					b.WriteRune(rune(v))
				}
				return j + 2 + n
			}
		}
	case 'N':
		if end := strings.IndexByte(src[j:], '}'); end > 0 && src[j+2] == '{' {
			b.WriteString(pyField) // a character by its name: not looked up
			return j + end + 1
		}
	}
	if '0' <= c && c <= '7' {
		k := j + 1
		for k < len(src) && k < j+4 && '0' <= src[k] && src[k] <= '7' {
			k++
		}
		v, _ := strconv.ParseUint(src[j+1:k], 8, 32)
		b.WriteRune(rune(v))
		return k
	}
	b.WriteString(src[j : j+2]) // an unknown escape keeps its backslash
	return j + 2
}

// pyFieldEnd is where the replacement field that starts at src[i] ends (its closing brace),
// brackets and strings inside it skipped.
func pyFieldEnd(src string, i int) int {
	depth := 0
	for i < len(src) {
		switch c := src[i]; c {
		case '"', '\'':
			_, i = pyString(src, i, "")
			continue
		case '(', '[', '{':
			depth++
		case ')', ']':
			depth--
		case '}':
			if depth == 0 {
				return i
			}
			depth--
		}
		i++
	}
	return i
}

// pyConstant is the value of a replacement field made of strings joined by + (f"{'r' + 'm'}"),
// else pyField. A field of more than 256 bytes is not read (fields within fields are read again
// at each level).
func pyConstant(field string) string {
	if len(field) > 256 {
		return pyField
	}
	toks, ok := pyTokens(field, 64)
	if !ok || len(toks) == 0 {
		return pyField
	}
	var b strings.Builder
	for k, t := range toks {
		switch {
		case k%2 == 0 && t.kind == 's':
			b.WriteString(t.text)
		case k%2 == 1 && t.kind == 'o' && t.text == "+":
		default:
			return pyField
		}
	}
	return b.String()
}

// pyProgram is a Python program's text read for what it runs.
type pyProgram struct {
	toks   []pyTok
	consts map[string][]string // the strings each name is given (NAME = "…"); a name given anything else has pyField among them
	work   *int                // tokens read for lists of words so far: nested brackets read each token once for each level
}

// maxPyWork caps the tokens read for lists of words in one file (brackets nested deep read each
// token again at each level); a file that needs more is unresolved.
const maxPyWork = 1 << 22

// maxPyValues caps the values one expression or one list of words is read as.
const maxPyValues = 16

// pyConsts are the values each name is given by an assignment of strings joined by +.
func pyConsts(toks []pyTok, work *int) map[string][]string {
	consts := map[string][]string{}
	start := 0
	for k, t := range toks {
		if t.kind != ';' && k < len(toks)-1 {
			continue
		}
		line := toks[start:k]
		if t.kind != ';' {
			line = toks[start:]
		}
		start = k + 1
		if len(line) < 3 || line[0].kind != 'n' || line[1].kind != 'o' || line[1].text != "=" {
			continue
		}
		vs, ok := pyProgram{work: work}.values(line[2:])
		if !ok {
			vs = []string{pyField}
		}
		for _, v := range vs {
			if !slices.Contains(consts[line[0].text], v) && len(consts[line[0].text]) < maxPyValues {
				consts[line[0].text] = append(consts[line[0].text], v)
			}
		}
	}
	return consts
}

// values are what an expression of strings and names joined by + may be; ok false for another
// expression.
func (p pyProgram) values(expr []pyTok) (vs []string, ok bool) {
	if len(expr) == 0 {
		return nil, false
	}
	vs = []string{""}
	for k, t := range expr {
		var parts []string
		switch {
		case k%2 == 1 && t.kind == 'o' && t.text == "+":
			continue
		case k%2 == 1:
			return nil, false
		case t.kind == 's':
			parts = []string{t.text}
		case t.kind == 'n' && len(p.consts[t.text]) > 0:
			parts = p.consts[t.text]
		case t.kind == 'n' && len(expr) > 1:
			parts = []string{pyField}
		default:
			return nil, false
		}
		var next []string
		for _, v := range vs {
			for _, part := range parts {
				if len(next) < maxPyValues && *p.work <= maxPyWork {
					*p.work += len(v) + len(part) // a long chain of + copies what it has built at each step
					next = append(next, v+part)
				}
			}
		}
		vs = next
	}
	return vs, true
}

// lines are the command lines the program's tokens spell out: each string expression, and each
// list of words (a call's arguments, a list, a tuple) whose first word is one.
func (p pyProgram) lines() []string {
	var out []string
	add := func(l string) {
		if strings.TrimSpace(strings.ReplaceAll(l, pyField, "")) != "" && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	for k := 0; k < len(p.toks); k++ {
		t := p.toks[k]
		if t.kind == 's' {
			add(t.text)
		}
		if (t.kind == 's' || t.kind == 'n') && (k == 0 || p.toks[k-1].text != "+") {
			// Strings and names given strings joined by +, read once from the first.
			end := k + 1
			for end+1 < len(p.toks) && p.toks[end].kind == 'o' && p.toks[end].text == "+" && (p.toks[end+1].kind == 's' || p.toks[end+1].kind == 'n') {
				end += 2
			}
			if end > k+1 {
				if vs, ok := p.values(p.toks[k:end]); ok {
					for _, v := range vs {
						add(strings.ReplaceAll(v, pyField, "$__py"))
					}
				}
			}
		}
		if *p.work > maxPyWork {
			return out
		}
		if t.kind == 'o' && (t.text == "(" || t.text == "[") || k == 0 || p.toks[k-1].kind == ';' {
			for _, l := range p.words(k) {
				add(l)
			}
		}
	}
	return out
}

// words reads the comma-separated elements that start at p.toks[k] (after a bracket, or a
// logical line's start) as the words of a command, when there are two or more and the first is a
// string: each as its values, a keyword argument left out, anything else only known when the
// program runs.
func (p pyProgram) words(k int) []string {
	closing := map[string]string{"(": ")", "[": "]"}[p.toks[k].text]
	if closing != "" {
		k++
	}
	var args [][]pyTok
	for _, e := range p.elements(p.toks[k:], closing) {
		if len(e) >= 2 && e[0].kind == 'n' && e[1].kind == 'o' && e[1].text == "=" {
			continue // a keyword argument: external=True, env={…}
		}
		// A list or tuple among them, or one unpacked (*["-rf", "x"]), is its words:
		// execFileSync("rm", ["-rf", "x"]).
		inner := strings.TrimPrefix(e[0].text, "*")
		if e[0].kind == 'o' && e[0].text == "*" && len(e) > 1 {
			e, inner = e[1:], e[1].text
		}
		if c := map[string]string{"(": ")", "[": "]"}[inner]; c != "" && e[0].kind == 'o' && e[len(e)-1].text == c {
			args = append(args, p.elements(e[1:], c)...)
			continue
		}
		args = append(args, e)
	}
	if len(args) < 2 {
		return nil
	}
	if first, ok := p.values(args[0]); !ok || args[0][0].kind != 's' && (len(first) == 0 || first[0] == pyField) {
		return nil
	}
	lines := []string{""}
	for _, a := range args {
		vs, ok := p.values(a)
		if !ok {
			vs = []string{pyField}
		}
		var next []string
		for _, l := range lines {
			for _, v := range vs {
				if len(next) < maxPyValues {
					next = append(next, strings.TrimPrefix(l+" "+pyWord(v), " "))
				}
			}
		}
		lines = next
	}
	return lines
}

// elements are the comma-separated elements toks starts with, up to closing (else the logical
// line's end; "" after an assignment's =, the tuple after it).
func (p pyProgram) elements(toks []pyTok, closing string) [][]pyTok {
	var elems [][]pyTok
	depth, start := 0, 0
	for j := 0; j <= len(toks); j++ {
		var t pyTok
		if j < len(toks) {
			t = toks[j]
		}
		*p.work++
		end := j == len(toks) || depth == 0 && (t.kind == ';' || t.kind == 'o' && (t.text == closing || t.text == "," || closing == "" && t.text == ";"))
		if closing == "" && depth == 0 && t.kind == 'o' && t.text == "=" {
			start = j + 1 // x = "rm", "-rf", "~": the tuple after the assignment
			continue
		}
		if end {
			if j > start {
				elems = append(elems, toks[start:j])
			}
			start = j + 1
			if j == len(toks) || t.text != "," {
				break
			}
			continue
		}
		if t.kind == 'o' && strings.Contains("([{", t.text) {
			depth++
		}
		if t.kind == 'o' && strings.Contains(")]}", t.text) {
			depth--
		}
	}
	return elems
}

// pyWord writes v as one word of a shell line, a part only known when the program runs as
// pyDynamic.
func pyWord(v string) string {
	parts := strings.Split(v, pyField)
	for i, part := range parts {
		if part != "" {
			parts[i] = "'" + strings.ReplaceAll(part, "'", `'\''`) + "'"
		}
	}
	w := strings.Join(parts, pyDynamic)
	if w == "" {
		return "''"
	}
	return w
}

// A pyFunc is a function a Python file defines at its top level, with its decorators.
type pyFunc struct {
	name string
	toks []pyTok
	head []pyTok // its decorators and its def line after the name: run when the file is imported
}

// pySplit splits a file's tokens into its top-level functions (a decorator's tokens with the
// function after it) and the rest, which runs whatever the program is asked to do.
func pySplit(toks []pyTok) (module []pyTok, funcs []pyFunc) {
	var decorators []pyTok
	cur := -1
	for k := 0; k < len(toks); {
		end := k
		for end < len(toks) && toks[end].kind != ';' {
			end++
		}
		line := toks[k:min(end+1, len(toks))]
		k = end + 1
		if len(line) == 0 {
			continue
		}
		switch first := line[0]; {
		case !first.top && cur >= 0:
			funcs[cur].toks = append(funcs[cur].toks, line...)
		case !first.top:
			module = append(module, line...)
		case first.kind == 'o' && first.text == "@":
			decorators = append(decorators, line...)
		case first.kind == 'n' && (first.text == "def" || first.text == "async") && len(line) > 2:
			at := 1
			if first.text == "async" {
				at = 2
			}
			head := append(slices.Clip(decorators), line[at+1:]...)
			funcs = append(funcs, pyFunc{name: line[at].text, toks: append(decorators, line...), head: head})
			decorators, cur = nil, len(funcs)-1
		default:
			module = append(module, decorators...)
			module = append(module, line...)
			decorators, cur = nil, -1
		}
	}
	return append(module, decorators...), funcs
}

// pyNamed reports whether a session or task the line names (n) is the function f: by its name,
// with _ read as - (invoke), a string of its decorators (a name= or an alias), a namespace's
// last part (invoke ns.task) or a nox session's parametrization (tests-3.12, tests(x=1)).
func pyNamed(f pyFunc, n string) bool {
	if i := strings.LastIndexByte(n, '.'); i >= 0 && !strings.ContainsAny(n, "(-") {
		n = n[i+1:]
	}
	names := []string{f.name, strings.ReplaceAll(f.name, "_", "-")}
	for _, t := range f.toks {
		if t.kind == ';' {
			break // the decorators end at the def line
		}
		if t.kind == 's' {
			names = append(names, t.text)
		}
	}
	for _, name := range names {
		if n == name || strings.HasPrefix(n, name+"-") || strings.HasPrefix(n, name+"(") {
			return true
		}
	}
	return false
}

// pySelected are the tokens of a file that run when the line asks for the functions named
// (nil: every one): the top level's, those functions', and those of every function they name
// (a helper, invoke's pre=[clean], nox's session.notify("lint")). A name that is no function
// reads them all.
func pySelected(toks []pyTok, named []string) []pyTok {
	module, funcs := pySplit(toks)
	// Each function's decorators and default values run when the file is imported, whichever
	// function the line asks for, and so does every function they or the top level call.
	for _, f := range funcs {
		module = append(module, pyTok{kind: ';'})
		module = append(module, f.head...)
	}
	chosen := make([]bool, len(funcs))
	byName := map[string][]int{}
	for j, g := range funcs {
		byName[g.name] = append(byName[g.name], j)
	}
	for k, t := range module {
		// A call (evil(…)) or a decorator (@evil); pre=[clean] only names what a task runs.
		if t.kind == 'n' && (k+1 < len(module) && module[k+1].text == "(" || k > 0 && module[k-1].text == "@") {
			for _, j := range byName[t.text] {
				chosen[j] = true
			}
		}
	}
	if len(named) > 64 {
		named = nil // more names than hookrun matches one by one: every function
	}
	for _, n := range named {
		found := false
		for i, f := range funcs {
			if pyNamed(f, n) {
				chosen[i], found = true, true
			}
		}
		if !found {
			named = nil
			break
		}
	}
	for i := range chosen {
		chosen[i] = chosen[i] || named == nil
	}
	// Every function a chosen one names is chosen, each read once.
	var queue []int
	for i := range chosen {
		if chosen[i] {
			queue = append(queue, i)
		}
	}
	for len(queue) > 0 {
		f := funcs[queue[0]]
		queue = queue[1:]
		for _, t := range f.toks {
			if t.kind != 'n' && t.kind != 's' {
				continue
			}
			for _, j := range byName[t.text] {
				if !chosen[j] {
					chosen[j] = true
					queue = append(queue, j)
				}
			}
		}
	}
	out := module
	for i, f := range funcs {
		if chosen[i] {
			out = append(out, pyTok{kind: ';'})
			out = append(out, f.toks...)
		}
	}
	return out
}

// maxPyLines caps the lines read from one Python file; a file with more is unresolved.
const maxPyLines = 4096

// pyLines are the command lines a Python file spells out in what the functions named run; ok
// false when it is larger than hookrun reads.
func pyLines(text string, named []string) ([]string, bool) {
	toks, ok := pyTokens(text, maxPyTokens)
	if !ok {
		return nil, false
	}
	work := 0
	p := pyProgram{toks: pySelected(toks, named), consts: pyConsts(toks, &work), work: &work}
	lines := p.lines()
	return lines, len(lines) <= maxPyLines && work <= maxPyWork
}

// pyWordLists are the lists of words a program's text spells, each whose first is a string read
// as a command (subprocess.run(["rm", "-rf", "x"]), system("rm", "-rf", "x")); complete false when
// the text is larger than hookrun reads.
func pyWordLists(code string) (lines []string, complete bool) {
	toks, ok := pyTokens(code, maxPyTokens)
	work := 0
	p := pyProgram{toks: toks, consts: pyConsts(toks, &work), work: &work}
	for k, t := range toks {
		if work > maxPyWork {
			return lines, false
		}
		// perl's and ruby's exec and system take their list without brackets too:
		// exec "rm", "-rf", "x".
		bare := t.kind == 'n' && (t.text == "exec" || t.text == "system") && k+1 < len(toks) && toks[k+1].kind == 's'
		if t.kind == 'o' && (t.text == "(" || t.text == "[") || bare {
			at := k
			if bare {
				at = k + 1
			}
			for _, l := range p.words(at) {
				if !slices.Contains(lines, l) {
					lines = append(lines, l)
				}
			}
		}
	}
	return lines, ok
}

// pythonFile reads a Python file's strings as a Python program's (pythonStrings), unless it
// declares an encoding hookrun does not read: # coding: utf-7 makes +AAo-os.system(+ACI-…) a
// line of its own that runs, where the text shows none.
func (r *reader) pythonFile(file, text string, depth int) {
	if enc, ok := pyEncoding(text); !ok {
		r.unresolved("%s declares the encoding %s, which Python decodes and hookrun does not read: what it runs is only known when it runs", file, enc)
		return
	}
	r.pythonStrings(text, depth)
}

// pyEncoding is the encoding a Python file's coding declaration names in its first two lines,
// and whether hookrun reads it: one in which the quotes, comments and line breaks Python reads
// are the bytes they are in UTF-8 and ASCII (utf-8, ascii, latin-1, cp1252 and the like).
func pyEncoding(text string) (string, bool) {
	first := pyNewlines(text)
	for i, line := range strings.SplitN(first, "\n", 3) {
		if i == 2 {
			break
		}
		t := strings.TrimLeft(line, " \t\f")
		if !strings.HasPrefix(t, "#") {
			if t == "" {
				continue
			}
			break
		}
		at := strings.Index(t, "coding")
		if at < 0 || at+6 >= len(t) || t[at+6] != ':' && t[at+6] != '=' {
			continue
		}
		enc := strings.TrimLeft(t[at+7:], " \t")
		end := 0
		for end < len(enc) && (enc[end] == '-' || enc[end] == '_' || enc[end] == '.' || 'a' <= enc[end]|0x20 && enc[end]|0x20 <= 'z' || '0' <= enc[end] && enc[end] <= '9') {
			end++
		}
		enc = enc[:end]
		n := strings.ReplaceAll(strings.ToLower(enc), "_", "-")
		switch {
		case n == "utf-8" || n == "utf8" || n == "utf-8-sig" || n == "ascii" || n == "us-ascii" || n == "646",
			n == "latin-1" || n == "latin1" || n == "l1" || strings.HasPrefix(n, "iso-8859-") || strings.HasPrefix(n, "iso8859-"),
			strings.HasPrefix(n, "cp125") || strings.HasPrefix(n, "windows-125"):
			return enc, true
		}
		return enc, false
	}
	return "", true
}

// pyNewlines writes Python's line breaks (\r\n, and \r alone) as \n: a comment ends at a \r.
func pyNewlines(text string) string {
	if !strings.Contains(text, "\r") {
		return text
	}
	return strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
}

// shebangPython reports whether a script's #! line names python.
func shebangPython(text string) bool {
	first, _, _ := strings.Cut(text, "\n")
	return strings.HasPrefix(first, "#!") && strings.Contains(first, "python")
}

// maxPyImports caps the modules read from one Python file's imports.
const maxPyImports = 256

// pyImports are the modules a Python file imports, as dotted names: each of import a.b, c as
// "a.b" and "c", and from X import n, m as "X", "X.n" and "X.m" (a name a from-import takes may
// be a submodule); a relative one keeps its leading dots (from . import x is "." and ".x"). At
// most maxPyImports; raise E from e, with no import after it, is none.
func pyImports(text string) []string {
	toks, _ := pyTokens(text, maxPyTokens)
	// dotted reads a dotted name that starts at toks[k], with its leading dots: it and where it
	// ends.
	dotted := func(k int) (string, int) {
		var b strings.Builder
		name := false // the last token was a name: a dot or the end comes next
		for ; k < len(toks); k++ {
			t := toks[k]
			switch {
			case t.kind == 'o' && t.text == ".":
				b.WriteByte('.')
				name = false
			case t.kind == 'n' && !name && t.text != "import":
				b.WriteString(t.text)
				name = true
			default:
				return b.String(), k
			}
		}
		return b.String(), k
	}
	var mods []string
	add := func(m string) {
		if m != "" && (!strings.HasSuffix(m, ".") || strings.Trim(m, ".") == "") { // a.b, or only dots: from . import x
			mods = append(mods, m)
		}
	}
	for k := 0; k < len(toks) && len(mods) < maxPyImports; k++ {
		t := toks[k]
		if t.kind != 'n' {
			continue
		}
		switch t.text {
		case "import":
			for k++; k < len(toks); k++ {
				m, end := dotted(k)
				add(m)
				k = end
				if k+1 < len(toks) && toks[k].kind == 'n' && toks[k].text == "as" {
					k += 2
				}
				if k >= len(toks) || toks[k].text != "," || toks[k].kind != 'o' {
					break
				}
			}
		case "from":
			m, end := dotted(k + 1)
			if m == "" || end >= len(toks) || toks[end].kind != 'n' || toks[end].text != "import" {
				continue
			}
			add(m)
		names:
			for k = end + 1; k < len(toks); k++ {
				switch n := toks[k]; {
				case n.kind == 'o' && (n.text == "(" || n.text == ","):
				case n.kind == 'n' && n.text == "as":
					k++ // its alias
				case n.kind == 'n' && strings.HasSuffix(m, "."):
					add(m + n.text)
				case n.kind == 'n':
					add(m + "." + n.text)
				default:
					break names // the statement's end, or *
				}
			}
		}
	}
	return mods[:min(len(mods), maxPyImports)]
}
