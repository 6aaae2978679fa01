package shellcmd

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Pattern is one compiled command pattern, such as "rm -rf" or "rm -r|-R|--recursive -f|--force".
//
// The first word is compared with the basename of a command's name; each further word must be
// matched by some argument, in any order:
//   - a short-option cluster (-rf) holds when each letter is among the command's short options,
//     however they are clustered (-r -f, -fr, -vrf);
//   - a long option (--force) holds for --force, --force=VALUE, and an abbreviation (--forc) as GNU
//     tools accept;
//   - a|b|c holds when one of a, b, c holds;
//   - any other word is a glob on one argument, where * matches any run of characters (/ included)
//     and ? any one character.
//
// Options count only before "--": in rm -- -rf, -rf is a file name. An argument or git setting
// that asks the program for what an option does holds for it (sameAs: rm --interactive=never for
// -f).
//
// Words NAME=GLOB before the command's name are variables of its environment: each holds when the
// line gives the command that variable with a value the glob matches (A=1 cmd, env A=1 cmd,
// export A=1; cmd); in A=1|true|B=*, true is another value of A. "HOOKRUN_HOOKS_DIR=* *" is any
// command run with HOOKRUN_HOOKS_DIR set.
type Pattern struct {
	text  string
	env   [][]envTerm
	name  []wordGlob
	words [][]term
}

// envTerm is one NAME=GLOB word of a pattern.
type envTerm struct {
	name  string
	value wordGlob
	any   bool // the glob is *: any value, one only known at run time included
}

type term struct {
	short string   // letters of a short-option cluster
	long  string   // a long option's name, with its dashes
	glob  wordGlob // any other word
	// key is glob as a git setting (gitKey): compared with a git config or git -c
	// command's settings as git reads them, in any case but their subsection's.
	key   wordGlob
	isKey bool
}

// Outcome is what a pattern says of a command line.
type Outcome int

const (
	NoMatch Outcome = iota
	Match
	// Unknown: no command is known to match, but one that cannot be known before the line runs
	// might.
	Unknown
)

// Compile checks and compiles one pattern; the error names the pattern.
func Compile(text string) (*Pattern, error) {
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return nil, errors.New("empty command pattern")
	}
	p := &Pattern{text: text}
	for len(fields) > 0 && isEnvWord(fields[0]) {
		var terms []envTerm
		name := ""
		for alt := range strings.SplitSeq(fields[0], "|") {
			value := alt
			if n, v, ok := strings.Cut(alt, "="); ok && isName(n) {
				name, value = n, v
			}
			terms = append(terms, envTerm{name: name, value: glob(value), any: value == "*"})
		}
		p.env = append(p.env, terms)
		fields = fields[1:]
	}
	if len(fields) == 0 {
		return nil, fmt.Errorf("command pattern %q: no command name after its variables; write * for any command", text)
	}
	// Sized once, the words' alternatives cut from one array: the patterns of every rules hook are
	// compiled again at each event (declcache keeps them as written), and growing these slices
	// was most of Compile's time.
	p.name = make([]wordGlob, 0, strings.Count(fields[0], "|")+1)
	for alt := range strings.SplitSeq(fields[0], "|") {
		switch {
		case alt == "":
			return nil, fmt.Errorf("command pattern %q: empty alternative in the command name", text)
		case strings.Contains(alt, "/"):
			return nil, fmt.Errorf("command pattern %q: the command name is compared by its basename; write %q", text, alt[strings.LastIndexByte(alt, '/')+1:])
		}
		p.name = append(p.name, glob(foldName(alt)))
	}
	alts := 0
	for _, f := range fields[1:] {
		alts += strings.Count(f, "|") + 1
	}
	all := make([]term, 0, alts)
	p.words = make([][]term, 0, len(fields)-1)
	for _, f := range fields[1:] {
		start := len(all)
		for alt := range strings.SplitSeq(f, "|") {
			if alt == "" {
				return nil, fmt.Errorf("command pattern %q: empty alternative in %q", text, f)
			}
			all = append(all, compileTerm(alt))
		}
		p.words = append(p.words, all[start:len(all):len(all)])
	}
	return p, nil
}

// String returns the pattern as written.
func (p *Pattern) String() string { return p.text }

func compileTerm(s string) term {
	meta := strings.ContainsAny(s, "*?")
	switch {
	case !meta && len(s) > 2 && strings.HasPrefix(s, "--") && !strings.Contains(s, "="):
		return term{long: s}
	case !meta && len(s) > 1 && s[0] == '-' && s[1] != '-' && isAlnum(s[1:]):
		return term{short: s[1:]}
	}
	t := term{glob: glob(s)}
	if k, ok := gitKey(s); ok {
		t.key, t.isKey = glob(k), true
	}
	return t
}

// gitKey is a git setting's name (SECTION[.SUBSECTION].NAME, with =VALUE after it in git -c) as
// git reads it: the section and the name in lower case, the subsection as written. A word without
// section and name is not one (false).
func gitKey(s string) (string, bool) {
	k, v, eq := strings.Cut(s, "=")
	i, j := strings.IndexByte(k, '.'), strings.LastIndexByte(k, '.')
	if i <= 0 || j == len(k)-1 {
		return s, false
	}
	k = strings.ToLower(k[:i]) + k[i:j+1] + strings.ToLower(k[j+1:])
	if eq {
		k += "=" + v
	}
	return k, true
}

func isAlnum(s string) bool {
	for _, c := range s {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// wordGlob is a * and ? pattern on one whole word. A pattern without either is compared as a string:
// a long line runs thousands of commands, and a regular expression on each name was most of the
// time spent matching it. One with them is matched by wildcard, not compiled to a regular
// expression: the patterns are compiled again at each event, and init's guard alone has dozens.
type wordGlob struct {
	literal string
	wild    bool
}

func (g wordGlob) match(s string) bool {
	if !g.wild {
		return s == g.literal
	}
	return wildcard(g.literal, s)
}

func glob(s string) wordGlob {
	return wordGlob{literal: s, wild: strings.ContainsAny(s, "*?")}
}

// wildcard matches s against p, where * is any run of characters (/ included) and ? any one
// character, in time proportional to len(p)*len(s) at the worst: on a mismatch it goes back only
// to the last *, which then takes one more character.
func wildcard(p, s string) bool {
	px, sx := 0, 0
	starP, starS := -1, 0 // after the last *, and where its run of s would end next
	for px < len(p) || sx < len(s) {
		if px < len(p) {
			switch c := p[px]; c {
			case '*':
				starP, starS = px+1, sx
				px++
				continue
			case '?':
				if sx < len(s) {
					_, w := utf8.DecodeRuneInString(s[sx:])
					px, sx = px+1, sx+w
					continue
				}
			default:
				if sx < len(s) && s[sx] == c {
					px, sx = px+1, sx+1
					continue
				}
			}
		}
		if starP < 0 || starS >= len(s) {
			return false
		}
		_, w := utf8.DecodeRuneInString(s[starS:])
		starS += w
		px, sx = starP, starS
	}
	return true
}

// MatchLine says whether some command of the line matches. The reason is set when the outcome is
// Unknown: why a command could not be checked.
func (p *Pattern) MatchLine(l *Line) (Outcome, string) {
	reason := ""
	for i := range l.Commands {
		switch o, why := p.MatchCommand(&l.Commands[i]); o {
		case Match:
			return Match, ""
		case Unknown:
			if reason == "" {
				reason = why
			}
		}
	}
	if reason == "" && len(l.Unresolved) > 0 {
		reason = l.Unresolved[0]
	}
	if reason != "" {
		return Unknown, reason
	}
	return NoMatch, ""
}

// MatchCommand matches one command. A command with an argument only known when it runs is Unknown
// when its known arguments alone do not match, since that argument might supply what is missing.
func (p *Pattern) MatchCommand(c *Command) (Outcome, string) {
	if !anyMatch(p.name, c.Name) && !(c.PowerShell && anyAlias(p.name, c.Name)) {
		return NoMatch, ""
	}
	for _, terms := range p.env {
		switch o, v := envHolds(terms, c.Env); {
		case o == Unknown && !c.Maybe:
			return Unknown, fmt.Sprintf("the value of %s given to %s is only known when the line runs", v, c.Name)
		case o != Match:
			return NoMatch, ""
		}
	}
	var a parsedArgs
	a.read(c.Args, c.PowerShell)
	if foldName(c.Name) == "git" {
		a.readGitKeys()
	}
	a.sameAs(foldName(c.Name), c.Args)
	for _, terms := range p.words {
		if !a.holds(terms) {
			why := a.dynamic
			if why == "" && a.number != "" && mayBeNumber(terms) {
				why = a.number
			}
			if why != "" && !c.Maybe {
				return Unknown, fmt.Sprintf("the argument %s of %s is only known when the line runs", why, c.Name)
			}
			return NoMatch, ""
		}
	}
	return Match, ""
}

// isEnvWord reports whether a pattern's word is NAME=GLOB, its alternatives another NAME=GLOB or
// another GLOB for the same name (A=1|true).
func isEnvWord(f string) bool {
	name, _, ok := strings.Cut(f, "=")
	return ok && isName(name)
}

// envHolds says whether some variable of env holds for one of terms; Unknown when only a value
// known at run time could.
func envHolds(terms []envTerm, env []Arg) (Outcome, string) {
	out, unknown := NoMatch, ""
	for _, t := range terms {
		for _, e := range env {
			name, value, _ := strings.Cut(e.Value, "=")
			switch {
			case name != t.name:
			case t.any || !e.Dynamic && t.value.match(value):
				return Match, ""
			case e.Dynamic:
				out, unknown = Unknown, name
			}
		}
	}
	return out, unknown
}

// anyAlias says whether a name matches one of a cmdlet's aliases: rm for Remove-Item.
func anyAlias(globs []wordGlob, cmdlet string) bool {
	for _, a := range psAliasesOf(cmdlet) {
		if anyMatch(globs, a) {
			return true
		}
	}
	return false
}

func anyMatch(globs []wordGlob, s string) bool {
	for _, g := range globs {
		if g.match(s) {
			return true
		}
	}
	return false
}

// parsedArgs is a command's arguments sorted the way option parsers see them.
type parsedArgs struct {
	short   [128]bool // ASCII letters and digits seen in short-option clusters
	long    []string  // long option names, without =VALUE
	all     []string  // every known argument, as given
	dynamic string    // the first argument only known at run time
	number  string    // the first argument only known at run time to be a number (numbersOnly), perhaps after an option's letters
	params  []string  // a cmdlet's parameters, lower case, without the dash
	keys    []string  // git's settings, as gitKey reads them: all, of a git config or git -c command
}

// readGitKeys reads every argument of a git command that sets or reads a setting (git config, git
// -c) as a setting too: protect_hooks' git config core.fsmonitor must hold for git config
// CORE.FSMONITOR, which git takes for it.
func (a *parsedArgs) readGitKeys() {
	for _, v := range a.all {
		if v == "config" || strings.HasPrefix(v, "-c") || strings.HasPrefix(v, "--config-env") {
			for _, w := range a.all {
				if k, ok := gitKey(w); ok {
					a.keys = append(a.keys, k)
				}
			}
			return
		}
	}
}

// read sorts a command's arguments. A cmdlet's -Name is a PowerShell parameter, which may be
// shortened to any prefix (-r, -Rec for -Recurse): it stands for the short option of its first
// letter, in either case (-Recurse -Force holds for -rf), and for a long option it is a prefix of
// (-fo holds for --force).
func (a *parsedArgs) read(args []Arg, powerShell bool) {
	options := true
	for _, arg := range args {
		if arg.Dynamic {
			switch {
			case numbersOnly(arg.Value, options):
				if a.number == "" {
					a.number = short(arg.Value)
				}
			case a.dynamic == "":
				a.dynamic = short(arg.Value)
			}
			continue
		}
		v := arg.Value
		a.all = append(a.all, v)
		switch {
		case !options:
		case v == "--":
			options = false
		case powerShell && len(v) > 1 && v[0] == '-' && v[1] != '-':
			name := strings.ToLower(v[1:])
			a.params = append(a.params, name)
			if c := name[0]; c < 128 {
				a.short[c] = true
				a.short[unicode.ToUpper(rune(c))] = true
			}
		case strings.HasPrefix(v, "--"):
			name, _, _ := strings.Cut(v, "=")
			a.long = append(a.long, name)
		case len(v) > 1 && v[0] == '-':
			for i := 1; i < len(v); i++ {
				if v[i] < 128 {
					a.short[v[i]] = true
				}
			}
		}
	}
}

// param says whether a cmdlet's parameter is name or a prefix of it, ignoring case.
func (a *parsedArgs) param(name string) bool {
	name = strings.ToLower(name)
	for _, p := range a.params {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

func (a *parsedArgs) holds(terms []term) bool {
	for _, t := range terms {
		switch {
		case t.short != "":
			ok := true
			for i := 0; i < len(t.short); i++ {
				ok = ok && a.short[t.short[i]]
			}
			if ok || a.param(t.short) {
				return true
			}
		case t.long != "":
			for _, l := range a.long {
				if len(l) > 2 && strings.HasPrefix(t.long, l) {
					return true
				}
			}
			if a.param(t.long[2:]) {
				return true
			}
		default:
			for _, v := range a.all {
				if t.glob.match(v) {
					return true
				}
			}
			if !t.isKey {
				break
			}
			for _, k := range a.keys {
				if t.key.match(k) {
					return true
				}
			}
		}
	}
	return false
}

// mayBeNumber reports whether a word only known at run time to be a number, perhaps after an
// option's letters (-j$(nproc), $((0-1))), could hold for one of terms: an option may be that
// word's own letters or digits (kill -$((1)) is kill -1), a glob with a wildcard may match it,
// and a literal only when it is digits, perhaps after a dash and letters. go test -p $(nproc)
// cannot be go install.
func mayBeNumber(terms []term) bool {
	for _, t := range terms {
		if t.short != "" || t.long != "" || t.glob.wild {
			return true
		}
		v := strings.TrimLeft(strings.TrimPrefix(t.glob.literal, "-"), "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
		v = strings.TrimPrefix(v, "-")
		if v != "" && strings.Trim(v, "0123456789") == "" {
			return true
		}
	}
	return false
}
