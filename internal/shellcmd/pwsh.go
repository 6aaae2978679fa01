package shellcmd

import (
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Shell is the language a command line is written in.
type Shell int

const (
	POSIX      Shell = iota // sh and bash (Git Bash on Windows too: a backslash escapes there)
	PowerShell              // Windows PowerShell and pwsh
	AnyShell                // not known: the line is read both ways, and what either reading finds counts
)

// ShellNamed is the shell a context's "shell" field names: "" (absent), sh and bash are POSIX,
// powershell is PowerShell, unknown is either.
func ShellNamed(name string) (Shell, bool) {
	switch name {
	case "", "sh", "bash":
		return POSIX, true
	case "powershell":
		return PowerShell, true
	case "unknown":
		return AnyShell, true
	}
	return AnyShell, false
}

// This file reads PowerShell, small and conservative: there is no PowerShell parser in Go, and
// hookrun needs only what the guards read. Every bracketed part of the line ((…), $(…), @(…), {…},
// @{…}) is read as a script wherever it stands, so every command the line names is listed,
// whether or not it runs; what PowerShell only knows when it runs (a variable as the command, a
// .NET method call, Invoke-Expression of a variable, an alias the line defines) is unresolved.

// psAliases are PowerShell's built-in aliases (7.x, and Windows PowerShell 5.1's where they differ)
// of the cmdlets a guard may care about, and the functions that stand for one (mkdir). A slice is
// laid out by the linker; a map would be built at every start of hookrun.
var psAliases = []struct {
	cmdlet  string
	aliases []string
}{
	{"remove-item", []string{"rm", "del", "erase", "rd", "rmdir", "ri"}},
	{"move-item", []string{"mv", "move", "mi"}},
	{"copy-item", []string{"cp", "copy", "cpi"}},
	{"rename-item", []string{"ren", "rni"}},
	{"new-item", []string{"ni", "mkdir", "md"}},
	{"set-content", []string{"sc"}},
	{"add-content", []string{"ac"}},
	{"clear-content", []string{"clc"}},
	{"get-content", []string{"cat", "gc", "type"}},
	{"get-childitem", []string{"ls", "dir", "gci"}},
	{"set-location", []string{"cd", "chdir", "sl"}},
	{"push-location", []string{"pushd"}},
	{"pop-location", []string{"popd"}},
	{"set-item", []string{"si"}},
	{"clear-item", []string{"cli"}},
	{"remove-itemproperty", []string{"rp"}},
	{"set-itemproperty", []string{"sp"}},
	{"invoke-expression", []string{"iex"}},
	{"invoke-command", []string{"icm"}},
	{"invoke-item", []string{"ii"}},
	{"invoke-history", []string{"r", "ihy"}},
	{"start-process", []string{"start", "saps"}},
	{"stop-process", []string{"kill", "spps"}},
	{"start-job", []string{"sajb"}},
	{"invoke-webrequest", []string{"iwr", "curl", "wget"}},
	{"invoke-restmethod", []string{"irm"}},
	{"write-output", []string{"echo", "write"}},
	{"foreach-object", []string{"%", "foreach"}},
	{"where-object", []string{"?", "where"}},
	{"tee-object", []string{"tee"}},
	{"set-alias", []string{"sal"}},
	{"new-alias", []string{"nal"}},
	{"import-module", []string{"ipmo"}},
	{"set-variable", []string{"set", "sv"}},
	{"get-location", []string{"pwd", "gl"}},
	{"start-sleep", []string{"sleep"}},
	{"select-string", []string{"sls"}},
	{"sort-object", []string{"sort"}},
	{"copy-itemproperty", []string{"cpp"}},
	{"new-psdrive", []string{"ndr", "mount"}},
}

// psAliasesOf lists a cmdlet's aliases.
func psAliasesOf(cmdlet string) []string {
	for _, a := range psAliases {
		if a.cmdlet == cmdlet {
			return a.aliases
		}
	}
	return nil
}

// psCmdlet is the cmdlet an alias stands for, or "".
func psCmdlet(alias string) string {
	for _, a := range psAliases {
		if slices.Contains(a.aliases, alias) {
			return a.cmdlet
		}
	}
	return ""
}

// psNoPath says whether a cmdlet's arguments are text or code, never a file it opens: a variable or
// a script block in them names no path.
func psNoPath(cmdlet string) bool {
	switch cmdlet {
	case "write-output", "write-host", "write-verbose", "write-warning", "write-error", "write-debug",
		"write-information", "out-host", "out-null", "out-string", "foreach-object", "where-object",
		"sort-object", "select-object", "group-object", "measure-object", "format-table", "format-list",
		"start-sleep", "test-path", "get-date", "select-string":
		return true
	}
	return false
}

// psKeyword says whether w begins a statement that is not a command; the command a statement such
// as return or throw runs follows the keyword, and the bracketed parts of the others are read
// wherever they stand.
func psKeyword(w string) bool {
	switch w {
	case "if", "elseif", "else", "foreach", "for", "while", "do", "until", "switch", "try", "catch",
		"finally", "trap", "param", "begin", "process", "end", "clean", "dynamicparam", "return", "throw",
		"exit", "break", "continue", "data", "parallel", "sequence", "inlinescript":
		return true
	}
	return false
}

// psNamed says whether w is a keyword followed by a name, not a command: function NAME { … }.
func psNamed(w string) bool {
	switch w {
	case "function", "filter", "workflow", "configuration", "class", "enum":
		return true
	}
	return false
}

// psTok is one token of a PowerShell statement.
type psTok struct {
	kind    psKind
	value   string // after quote and escape removal; a parameter without its dash
	text    string // as written
	dynamic bool   // holds a variable, a subexpression or a group: known only when it runs
	quoted  bool   // began with a quote: in command position, an expression, not a command
	block   bool   // a script block {…} and nothing else
	alt     string // a bare word with an escape such as `t, read as the letter itself: the value it would be if PowerShell did not read the escape there
}

type psKind int

const (
	psWord     psKind = iota
	psParam           // -Name, its name in value; -Name:VALUE is the parameter and then its value
	psCall            // & or . in command position
	psRedirect        // > >> 2> *> and the like; the next word is the target
	psDup             // 2>&1: no target
)

// psScanner reads one PowerShell script, statement by statement.
type psScanner struct {
	r     *reader
	piped bool // the next statement follows a |
	src   string
	i     int
	depth int // of Invoke-Expression and pwsh -Command scripts, as for bash -c
	nest  int // of brackets inside this script
	bad   bool
}

// pwsh reads a PowerShell script, as script reads a POSIX one.
func (r *reader) pwsh(src string, depth int) {
	defer func(b bool) { r.backslash = b }(r.backslash)
	r.backslash = true
	if !r.enter(src, depth) {
		return
	}
	lower := strings.ToLower(src)
	for _, drive := range []string{"alias:", "function:"} {
		if strings.Contains(lower, drive) {
			why := "the line names PowerShell's " + drive + " drive, where a name can be made to stand for another command"
			r.unresolved("%s", why)
			r.pathsUnknown("%s", why)
			return
		}
	}
	s := &psScanner{r: r, src: src, depth: depth}
	s.statements(0)
	if s.i < len(s.src) && !s.bad {
		r.unresolved("not valid PowerShell: an unmatched %q", s.src[s.i:s.i+1])
	}
}

// statements reads statements up to closer (0: the end of the script) and consumes it.
func (s *psScanner) statements(closer byte) {
	var toks []psTok
	for !s.bad {
		s.space()
		if s.i >= len(s.src) {
			if closer != 0 {
				s.fail("not valid PowerShell: a %q is never closed", opener(closer))
			}
			break
		}
		c := s.src[s.i]
		if closer != 0 && c == closer {
			s.i++
			break
		}
		switch {
		case c == ')' || c == '}':
			s.fail("not valid PowerShell: an unmatched %q", string(c))
		case c == '\n' || c == '\r' || c == ';':
			s.i++
			toks = s.statement(toks)
		case c == '|':
			s.i++
			double := s.peek(0) == '|'
			if double {
				s.i++
			}
			toks = s.statement(toks)
			s.piped = !double
		case c == '&' && s.peek(1) == '&':
			s.i += 2
			toks = s.statement(toks)
		case c == '&' && len(toks) > 0:
			s.i++ // a background job: the statement ends
			toks = s.statement(toks)
		case c == '&' || c == '.' && len(toks) == 0 && (s.i+1 == len(s.src) || isPSSpace(s.src[s.i+1:])):
			s.i++
			toks = append(toks, psTok{kind: psCall, text: string(c)})
		case c == '#':
			s.comment()
		case c == '<' && s.peek(1) == '#':
			end := strings.Index(s.src[s.i+2:], "#>")
			if end < 0 {
				s.i = len(s.src)
			} else {
				s.i += 2 + end + 2
			}
		case c == ',':
			s.i++
		default:
			if t, ok := s.redirect(); ok {
				toks = append(toks, t)
				continue
			}
			toks = append(toks, s.word())
		}
	}
	if !s.bad {
		s.statement(toks)
	}
}

func closerOf(opener byte) byte {
	if opener == '{' {
		return '}'
	}
	return ')'
}

func opener(closer byte) string {
	if closer == '}' {
		return "{"
	}
	return "("
}

func (s *psScanner) fail(format string, args ...any) {
	if !s.bad {
		s.r.unresolved(format, args...)
		s.r.pathsUnknown(format, args...)
	}
	s.bad = true
	s.i = len(s.src)
}

func (s *psScanner) peek(n int) byte {
	if s.i+n < len(s.src) {
		return s.src[s.i+n]
	}
	return 0
}

// space skips blanks (any Unicode space but the line breaks, which end statements) and line
// continuations (a backtick before the line break).
func (s *psScanner) space() {
	for s.i < len(s.src) {
		c := s.src[s.i]
		if c == '`' && (s.peek(1) == '\n' || s.peek(1) == '\r') {
			s.i += 2
			continue
		}
		if c == '\n' || c == '\r' {
			return
		}
		r, n := utf8.DecodeRuneInString(s.src[s.i:])
		if !unicode.IsSpace(r) {
			return
		}
		s.i += n
	}
}

func isPSSpace(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsSpace(r)
}

func (s *psScanner) comment() {
	for s.i < len(s.src) && s.src[s.i] != '\n' && s.src[s.i] != '\r' {
		s.i++
	}
}

// redirect reads a redirection operator: > >> 2> 2>> *> 3>&1 and <.
func (s *psScanner) redirect() (psTok, bool) {
	j := s.i
	if j < len(s.src) && (s.src[j] == '*' || '1' <= s.src[j] && s.src[j] <= '6') {
		j++
	}
	if j >= len(s.src) || s.src[j] != '>' && !(j == s.i && s.src[j] == '<') {
		return psTok{}, false
	}
	j++
	if j < len(s.src) && s.src[j] == '>' {
		j++
	}
	if j+1 < len(s.src) && s.src[j] == '&' && '1' <= s.src[j+1] && s.src[j+1] <= '6' {
		j += 2
		t := psTok{kind: psDup, text: s.src[s.i:j]}
		s.i = j
		return t, true
	}
	t := psTok{kind: psRedirect, text: s.src[s.i:j]}
	s.i = j
	return t, true
}

// dashes are the characters PowerShell reads as the dash of a parameter: the en dash, em dash and
// horizontal bar as well as "-".
func dash(r rune) bool { return r == '-' || r == '–' || r == '—' || r == '―' }

func singleQuote(r rune) bool {
	return r == '\'' || r == '‘' || r == '’' || r == '‚' || r == '‛'
}
func doubleQuote(r rune) bool { return r == '"' || r == '“' || r == '”' || r == '„' }

// word reads one argument: bare text, quoted strings, variables and bracketed parts, up to a blank
// or an operator. A parameter (-Name) is its own token.
func (s *psScanner) word() psTok {
	start := s.i
	var b strings.Builder
	t := psTok{kind: psWord}
	if r, n := utf8.DecodeRuneInString(s.src[s.i:]); dash(r) && s.i+n < len(s.src) {
		if nr, _ := utf8.DecodeRuneInString(s.src[s.i+n:]); unicode.IsLetter(nr) || nr == '_' || nr == '?' {
			return s.param(n)
		}
	}
	parts := 0
	alt := false
	called := false // a method call is reported once per word
	method := func(word string) {
		if !called {
			called = true
			s.method(word)
		}
	}
scan:
	for s.i < len(s.src) && !s.bad {
		c := s.src[s.i]
		r, n := utf8.DecodeRuneInString(s.src[s.i:])
		if unicode.IsSpace(r) || strings.IndexByte(";|&)},\n\r", c) >= 0 || c == '>' || c == '<' && parts > 0 {
			break
		}
		parts++
		switch {
		case c == '`':
			if !t.quoted && strings.IndexByte("0abefnrtv", s.peek(1)) >= 0 && s.peek(1) != 0 {
				alt = true
			}
			s.escape(&b, false)
		case singleQuote(r):
			t.quoted = t.quoted || s.i == start
			s.i += n
			s.single(&b)
		case doubleQuote(r):
			t.quoted = t.quoted || s.i == start
			s.i += n
			if !s.double(&b) {
				t.dynamic = true
			}
		case c == '@' && (s.peek(1) == '\'' || s.peek(1) == '"') && s.hereString(&b, &t):
		case c == '$' || c == '@' && (s.peek(1) == '(' || s.peek(1) == '{' || isNameByte(s.peek(1))):
			t.dynamic = true
			s.variable()
		case c == '(' || c == '{':
			if s.i > start {
				word := s.src[start:s.i]
				if c == '(' && !strings.Contains(word, "::") && strings.Contains(word[1:], ".") && isNameByte(s.src[s.i-1]) {
					method(word)
				}
				if c == '(' && !t.dynamic && !t.quoted {
					break scan // Write-Host("x"): the name, then a group
				}
			}
			t.dynamic = true
			t.block = c == '{' && s.i == start
			s.group(c)
			if s.i < len(s.src) && !s.bad && (s.src[s.i] == '.' || s.src[s.i] == ':') {
				if m := s.memberAfter(); m != "" {
					method(s.src[start:s.i] + m) // (Get-Item x).Delete()
				}
			}
			t.block = t.block && (s.i >= len(s.src) || s.wordEnds())
		default:
			if c == ':' && s.peek(1) == ':' {
				j := s.i + 2
				for j < len(s.src) && isNameByte(s.src[j]) {
					j++
				}
				method(s.src[start:j]) // [IO.File]::Delete
			}
			b.WriteString(s.src[s.i : s.i+n])
			s.i += n
		}
	}
	t.text = s.src[start:s.i]
	t.value = b.String()
	if alt {
		t.alt = psLiteralEscapes(t.text)
	}
	return t
}

// psLiteralEscapes is a bare word with each backtick removed and the character after it kept.
func psLiteralEscapes(w string) string {
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		if w[i] == '`' && i+1 < len(w) {
			i++
		}
		b.WriteByte(w[i])
	}
	return b.String()
}

// wordEnds says whether the word ends at s.i.
func (s *psScanner) wordEnds() bool {
	r, _ := utf8.DecodeRuneInString(s.src[s.i:])
	return unicode.IsSpace(r) || strings.IndexByte(";|&)},\n\r><", s.src[s.i]) >= 0
}

// memberAfter reads a member access after a group, (…).Name, and returns it when a call follows.
func (s *psScanner) memberAfter() string {
	j := s.i
	for j < len(s.src) && (s.src[j] == '.' || s.src[j] == ':' || isNameByte(s.src[j])) {
		j++
	}
	if j > s.i && (j < len(s.src) && s.src[j] == '(' || strings.Contains(s.src[s.i:j], "::")) {
		return s.src[s.i:j]
	}
	return ""
}

// group reads a bracketed part, (…) or {…}, as a script.
func (s *psScanner) group(c byte) {
	s.i++
	s.nest++
	if s.nest > maxOpens {
		s.fail("not valid PowerShell: brackets nested too deep to read")
		return
	}
	s.statements(closerOf(c))
	s.nest--
}

// method reports a .NET method call or static member ([IO.File]::Delete(…), $x.Delete()): what it
// does cannot be read, nor which files it touches.
func (s *psScanner) method(word string) {
	s.r.unresolved("%s calls a .NET method, which hookrun cannot read", word)
	s.r.pathsUnknown("%s calls a .NET method: the files it touches are only known when it runs", word)
}

func isNameByte(c byte) bool {
	return c == '_' || c == '?' || c == '^' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= 0x80
}

// param reads -Name or -Name:VALUE (the value becomes the next token); n is the dash's length.
func (s *psScanner) param(n int) psTok {
	start := s.i
	s.i += n
	j := s.i
	for j < len(s.src) {
		r, m := utf8.DecodeRuneInString(s.src[j:])
		if unicode.IsSpace(r) || r == ':' || strings.ContainsRune(";|&(){},<>`'\"", r) || singleQuote(r) || doubleQuote(r) {
			break
		}
		j += m
	}
	t := psTok{kind: psParam, value: s.src[s.i:j]}
	s.i = j
	if j < len(s.src) && s.src[j] == ':' {
		s.i++ // -Name:VALUE: the value is read as the next word
	}
	t.text = s.src[start:s.i]
	return t
}

// escape reads a backtick escape: in a double-quoted string `0 `a `b `e `f `n `r `t `v are control
// characters (in bare words too); any other character stands for itself.
func (s *psScanner) escape(b *strings.Builder, quoted bool) {
	s.i++
	if s.i >= len(s.src) {
		b.WriteByte('`')
		return
	}
	r, n := utf8.DecodeRuneInString(s.src[s.i:])
	s.i += n
	switch r {
	case '\n':
		return
	case '0':
		b.WriteByte(0)
	case 'a':
		b.WriteByte('\a')
	case 'b':
		b.WriteByte('\b')
	case 'e':
		b.WriteByte(0x1b)
	case 'f':
		b.WriteByte('\f')
	case 'n':
		b.WriteByte('\n')
	case 'r':
		b.WriteByte('\r')
	case 't':
		b.WriteByte('\t')
	case 'v':
		b.WriteByte('\v')
	default:
		b.WriteRune(r)
	}
}

// single reads a single-quoted string after its opening quote: no escapes, a doubled quote is one.
func (s *psScanner) single(b *strings.Builder) {
	for s.i < len(s.src) {
		r, n := utf8.DecodeRuneInString(s.src[s.i:])
		s.i += n
		if singleQuote(r) {
			if r2, m := utf8.DecodeRuneInString(s.src[s.i:]); s.i < len(s.src) && singleQuote(r2) {
				b.WriteRune(r2)
				s.i += m
				continue
			}
			return
		}
		b.WriteRune(r)
	}
	s.fail("not valid PowerShell: a quoted string is never closed")
}

// double reads a double-quoted string after its opening quote; false when it holds a variable or a
// subexpression, whose value is only known when it runs ($(…) is read as a script).
func (s *psScanner) double(b *strings.Builder) bool {
	known := true
	for s.i < len(s.src) && !s.bad {
		r, n := utf8.DecodeRuneInString(s.src[s.i:])
		switch {
		case r == '`':
			s.escape(b, true)
			continue
		case doubleQuote(r):
			s.i += n
			if r2, m := utf8.DecodeRuneInString(s.src[s.i:]); s.i < len(s.src) && doubleQuote(r2) {
				b.WriteRune(r2)
				s.i += m
				continue
			}
			return known
		case r == '$' && (s.peek(1) == '(' || s.peek(1) == '{' || isNameByte(s.peek(1)) && s.peek(1) != '?' || s.peek(1) == '?'):
			known = false
			s.variable()
			continue
		}
		b.WriteRune(r)
		s.i += n
	}
	s.fail("not valid PowerShell: a quoted string is never closed")
	return false
}

// hereString reads @'…'@ or @"…"@; false when what follows @' is not one (no line break).
func (s *psScanner) hereString(b *strings.Builder, t *psTok) bool {
	q := s.src[s.i+1]
	j := s.i + 2
	for j < len(s.src) && (s.src[j] == ' ' || s.src[j] == '\t') {
		j++
	}
	if j < len(s.src) && s.src[j] == '\r' {
		j++
	}
	if j >= len(s.src) || s.src[j] != '\n' {
		return false
	}
	end := strings.Index(s.src[j:], "\n"+string(q)+"@")
	if end < 0 {
		s.fail("not valid PowerShell: a here-string is never closed")
		return true
	}
	body := "" // the closing line may follow the opening one: @"⏎"@
	if end > 0 {
		body = s.src[j+1 : j+end]
	}
	t.quoted = true
	if q == '"' && strings.ContainsAny(body, "$`") {
		t.dynamic = true
		inner := &psScanner{r: s.r, src: body + `"`, depth: s.depth}
		var ignore strings.Builder
		inner.double(&ignore)
	}
	b.WriteString(strings.TrimSuffix(body, "\r"))
	s.i = j + end + 3
	return true
}

// variable reads $name, ${name}, $env:NAME, $_, $(…), @(…), @{…}, @name (splatting) and the
// members and indexes after it; a subexpression is read as a script.
func (s *psScanner) variable() {
	at := s.i
	s.i++ // $ or @
	switch c := s.peek(0); {
	case c == '(' || c == '{' && s.src[s.i-1] == '@':
		s.group(c)
	case c == '{':
		end := strings.IndexByte(s.src[s.i:], '}')
		if end < 0 {
			s.fail("not valid PowerShell: a ${ is never closed")
			return
		}
		s.i += end + 1
	default:
		for s.i < len(s.src) && (isNameByte(s.src[s.i]) || s.src[s.i] == ':' && s.peek(1) != ':') {
			s.i++
		}
	}
	// Members and indexes: $x.Name, $x[0], $x.Delete() (a method call).
	for s.i < len(s.src) && !s.bad {
		switch s.src[s.i] {
		case '.':
			s.i++
			for s.i < len(s.src) && isNameByte(s.src[s.i]) {
				s.i++
			}
			if s.peek(0) == '(' {
				s.method(s.src[at:s.i])
			}
		case '[':
			end := strings.IndexByte(s.src[s.i:], ']')
			if end < 0 {
				return
			}
			s.i += end + 1
		case ':':
			if s.peek(1) != ':' {
				return
			}
			s.i += 2
			for s.i < len(s.src) && isNameByte(s.src[s.i]) {
				s.i++
			}
			s.method(s.src[at:s.i])
		default:
			return
		}
	}
}

// statement reads one statement's tokens and returns toks emptied for the next.
func (s *psScanner) statement(toks []psTok) []psTok {
	if len(toks) > 0 {
		s.r.psPiped = s.piped
		s.r.psStatement(toks, s.depth)
		s.r.psPiped = false
	}
	s.piped = false
	return toks[:0]
}

func (r *reader) psStatement(toks []psTok, depth int) {
	// Redirections, wherever they stand and whatever the statement: their targets are paths.
	kept := toks[:0]
	for i := 0; i < len(toks); i++ {
		switch t := toks[i]; t.kind {
		case psDup:
		case psRedirect:
			if i+1 == len(toks) {
				break
			}
			i++
			switch target := toks[i]; {
			case target.dynamic && strings.EqualFold(target.text, "$null"):
			case target.dynamic:
				r.unknownPath(target.text)
			default:
				r.path(target.value)
			}
		default:
			kept = append(kept, t)
		}
	}
	toks = kept
	for len(toks) > 0 {
		cmd, rest := r.psHead(toks)
		if rest != nil {
			toks = rest // an assignment: what follows its operator is a statement of its own
			continue
		}
		if cmd != nil {
			r.psCommand(cmd, depth)
		}
		return
	}
}

// psHead reads the head of a statement: keywords, a call operator, an assignment. cmd is the command
// the statement runs, its name first; rest is the statement after an assignment's operator; both
// are nil when nothing is left to run (an expression, a block already read) or the command cannot
// be known.
func (r *reader) psHead(toks []psTok) (cmd, rest []psTok) {
	// Keywords and labels: what follows is read on its own.
	for len(toks) > 0 && toks[0].kind == psWord && !toks[0].quoted && !toks[0].dynamic {
		w := strings.ToLower(toks[0].value)
		switch {
		case w == "foreach" && (len(toks) < 2 || !strings.HasPrefix(toks[1].text, "(")):
			// ForEach-Object's alias, not the loop
		case psKeyword(w) || strings.HasPrefix(w, ":"):
			toks = toks[1:]
			continue
		case psNamed(w):
			toks = toks[min(2, len(toks)):]
			continue
		case w == "using":
			return nil, nil // using namespace/module/assembly: names, not commands
		}
		break
	}
	if len(toks) == 0 {
		return nil, nil
	}
	first := toks[0]
	call := first.kind == psCall
	if call {
		if len(toks) == 1 || toks[1].block {
			return nil, nil // & { … }: the block has been read
		}
		first = toks[1]
	}
	if !call && (first.dynamic || first.quoted || first.kind != psWord || expression(first.text)) {
		for i, t := range toks {
			if t.kind == psWord && !t.quoted && isAssignOp(t.text) {
				return nil, toks[i+1:]
			}
		}
		return nil, nil // an expression: its bracketed parts have been read
	}
	switch {
	case first.kind != psWord:
		r.unresolved("the command after %s is only known when the line runs", first.text)
		return nil, nil
	case first.dynamic:
		r.unresolved("the command name %s is only known when the line runs", first.text)
		return nil, nil
	case first.quoted && !call:
		return nil, nil // a string: output, not run
	case len(toks) > 1 && isAssignOp(toks[1].text) && !call:
		return nil, toks[2:]
	}
	if call {
		return toks[1:], nil
	}
	return toks, nil
}

// expression says whether a statement that begins with the bare word w is an expression: a type
// ([IO.File]::…), a number or a range (1..10).
func expression(w string) bool {
	if strings.HasPrefix(w, "[") {
		return true
	}
	digits := strings.TrimLeft(w, "0123456789")
	return len(digits) < len(w) && (digits == "" || strings.HasPrefix(digits, ".."))
}

func isAssignOp(s string) bool {
	switch s {
	case "=", "+=", "-=", "*=", "/=", "%=", "??=":
		return true
	}
	return false
}

// psCommand reads one command: a cmdlet (a Verb-Noun name, or an alias of one) or a program.
func (r *reader) psCommand(toks []psTok, depth int) {
	name := strings.ReplaceAll(toks[0].value, `\`, "/")
	base := strings.ToLower(path.Base(name))
	if base == "--%" {
		r.unresolved("--%% passes the rest of the line to the program unread")
		return
	}
	// A name with a directory or an extension is a program (C:\Git\usr\bin\rm.exe), never an
	// alias; a Verb-Noun name is a cmdlet, also after its module
	// (Microsoft.PowerShell.Management\Remove-Item).
	cmdlet := ""
	if !strings.Contains(base, ".") {
		if !strings.Contains(name, "/") {
			cmdlet = psCmdlet(base)
		}
		if cmdlet == "" && strings.Contains(base, "-") {
			cmdlet = base
		}
	}
	var args []Arg
	for _, t := range toks[1:] {
		v := t.value
		if t.kind == psParam {
			v = "-" + t.value
		}
		switch {
		case t.dynamic && isPSConstant(t.text):
			args = append(args, Arg{Value: strings.ToLower(t.text)}) // -Confirm:$false
		case t.dynamic:
			if !t.block || !psNoPath(cmdlet) { // a block of ForEach-Object is code, not a path; its commands have been read
				args = append(args, Arg{Value: t.text, Dynamic: true})
			}
		case t.value == "--%" && t.kind == psWord:
			// The rest goes to the program as written, %NAME% expanded from the environment.
			r.unresolved("--%% passes the rest of the line to the program unread")
			r.pathsUnknown("--%% passes the rest of the line to the program unread")
			return
		default:
			args = append(args, Arg{Value: v})
			if t.alt != "" && cmdlet != "" && !psNoPath(cmdlet) {
				r.path(t.alt)
			}
		}
	}
	if cmdlet == "" {
		// A program: read as any shell's, so that its wrappers (bash -c, wsl, sudo, pwsh -c) are peeled.
		r.command(append([]Arg{{Value: name}}, args...), nil, depth)
		return
	}
	cmd := Command{Name: cmdlet, Path: toks[0].value, Args: args, PowerShell: true}
	r.out.Commands = append(r.out.Commands, cmd)
	switch cmdlet {
	case "invoke-expression":
		r.psInvoke("Invoke-Expression", args, depth)
		return
	case "start-process", "invoke-wmimethod", "invoke-cimmethod", "invoke-history":
		r.unresolved("%s runs a command hookrun does not read", toks[0].value)
		return
	case "set-alias", "new-alias":
		r.unresolved("%s makes a name stand for another command", toks[0].value)
		return
	case "foreach-object":
		// ForEach-Object NAME (or -MemberName NAME) calls the method NAME of each input.
		for i, a := range args {
			prev := ""
			if i > 0 {
				prev = strings.ToLower(args[i-1].Value)
			}
			if !a.Dynamic && !strings.HasPrefix(a.Value, "-") && (i == 0 || !strings.HasPrefix(prev, "-") || strings.HasPrefix("-membername", prev)) {
				r.unresolved("ForEach-Object %s calls a method of each input, which hookrun cannot read", a.Value)
				r.pathsUnknown("ForEach-Object %s calls a method of each input: the files it touches are only known when it runs", a.Value)
				return
			}
		}
	}
	for _, a := range args {
		switch {
		case a.Dynamic:
			if !psNoPath(cmdlet) && !isPSConstant(a.Value) && cmdlet != "set-location" && cmdlet != "push-location" {
				r.unknownPath(a.Value)
			}
		case strings.HasPrefix(a.Value, "-") && len(a.Value) > 1 || isPSConstant(a.Value):
		default:
			if !psNoPath(cmdlet) {
				r.path(a.Value)
			}
		}
	}
	switch cmdlet {
	case "set-location":
		r.cd(args)
	case "push-location":
		r.pushd(args)
	case "pop-location":
		if len(args) > 0 { // -StackName: another stack, which hookrun does not keep
			r.setWD(wd{unknown: strings.TrimSpace(toks[0].value + " " + strings.Join(argValues(args), " "))})
			break
		}
		r.popd(nil)
	}
	r.psWrites(cmdlet, toks[0].value, args)
}

// psWrites is writes for cmdlets: Remove-Item -Recurse changes anything beneath its paths,
// Expand-Archive anything beneath its destination, a recursive or wildcard Copy-Item or Move-Item
// anything beneath its destination. A cmdlet that changes files and is given no path takes its
// paths from the pipeline (Get-ChildItem -Recurse | Remove-Item): they are only known when it runs.
func (r *reader) psWrites(cmdlet, name string, args []Arg) {
	var operands []string
	recurse, pathGiven := false, len(args) > 0 && !args[0].Dynamic && !strings.HasPrefix(args[0].Value, "-")
	dest := ""
	for i, a := range args {
		v := strings.ToLower(a.Value)
		switch {
		case a.Dynamic:
		case strings.HasPrefix(v, "-") && len(v) > 1:
			p, _, _ := strings.Cut(v[1:], ":")
			switch {
			case strings.HasPrefix("recurse", p):
				recurse = true
			case strings.HasPrefix("path", p) || strings.HasPrefix("literalpath", p) || p == "lp" || p == "pspath":
				pathGiven = true
			case len(p) >= 1 && (strings.HasPrefix("destinationpath", p) || strings.HasPrefix("destination", p)) && i+1 < len(args):
				dest = args[i+1].Value
			}
		default:
			operands = append(operands, a.Value)
		}
	}
	switch cmdlet {
	case "remove-item":
		if recurse {
			r.trees(operands...)
		}
	case "expand-archive":
		if dest == "" {
			dest = "."
		}
		r.unpack("Expand-Archive", dest)
	case "copy-item", "move-item":
		if dest == "" && len(operands) > 1 {
			dest = operands[len(operands)-1]
		}
		for _, o := range operands {
			if dest != "" && o != dest && (recurse || strings.ContainsAny(o, "*?[")) {
				r.trees(dest)
			}
		}
	}
	switch cmdlet {
	case "remove-item", "move-item", "copy-item", "rename-item", "set-content", "add-content", "clear-content",
		"clear-item", "set-item", "new-item", "expand-archive":
		if r.psPiped && !pathGiven {
			r.pathsUnknown("%s takes the paths it changes from the pipeline, only known when the line runs", name)
		}
	}
}

func isPSConstant(s string) bool {
	switch strings.ToLower(s) {
	case "$true", "$false", "$null":
		return true
	}
	return false
}

// psInvoke reads the string Invoke-Expression runs as a script.
func (r *reader) psInvoke(what string, args []Arg, depth int) {
	var parts []string
	for _, a := range args {
		switch {
		case a.Dynamic:
			r.unresolved("%s runs %s, only known when the line runs", what, a.Value)
			return
		case strings.HasPrefix(a.Value, "-") && len(a.Value) > 1:
		default:
			parts = append(parts, a.Value)
		}
	}
	r.pwsh(strings.Join(parts, " "), depth+1)
}

// pwshCLI reads the script pwsh or powershell runs: -Command (or a first operand) is the rest of the
// line joined with spaces, read as PowerShell; -EncodedCommand and a script from standard input
// are unresolved; -File runs a script file, which is read as itself.
func (r *reader) pwshCLI(cmd Command, depth int) bool {
	args := cmd.Args
	o := r.options(cmd)
	for o.next() {
		v := args[o.i].Value
		if !strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "/") || v == "-" {
			return r.pwshScript(cmd, args[o.i:], depth)
		}
		name := strings.ToLower(strings.TrimLeft(v, "-/"))
		switch {
		case name == "":
		case strings.HasPrefix("command", name) || name == "commandwithargs" || name == "cwa":
			return r.pwshScript(cmd, args[o.i+1:], depth)
		case strings.HasPrefix("encodedcommand", name) || name == "ec":
			r.unresolved("%s %s runs base64 text hookrun does not decode", cmd.Path, "-EncodedCommand")
			return true
		case strings.HasPrefix("file", name):
			if o.i+1 < len(args) && args[o.i+1].Value == "-" {
				r.unresolved("%s reads its script from standard input", cmd.Name)
				return true
			}
			return false
		case name == "executionpolicy" || name == "ep" || name == "ex" || name == "workingdirectory" || name == "wd" ||
			name == "inputformat" || name == "if" || name == "outputformat" || name == "of" || name == "o" ||
			name == "windowstyle" || name == "w" || name == "configurationname" || name == "config" ||
			name == "custompipename" || name == "settingsfile" || name == "version" || name == "v" ||
			name == "psconsolefile" || name == "configurationfile" || name == "encodedarguments" || name == "ea":
			o.i++
		}
	}
	if o.dynamic {
		return true
	}
	r.unresolved("%s reads its script from standard input", cmd.Name)
	return true
}

func (r *reader) pwshScript(cmd Command, rest []Arg, depth int) bool {
	if len(rest) == 0 {
		return true
	}
	if rest[0].Value == "-" && !rest[0].Dynamic {
		r.unresolved("%s reads its script from standard input", cmd.Name)
		return true
	}
	parts := make([]string, 0, len(rest))
	for _, a := range rest {
		if a.Dynamic {
			r.unresolved("%s -Command runs %s, only known when the line runs", cmd.Name, a.Value)
			return true
		}
		parts = append(parts, a.Value)
	}
	r.pwsh(strings.Join(parts, " "), depth+1)
	return true
}
