package callpath

import (
	"strings"
	"unicode/utf8"

	"github.com/hookrun/hookrun/internal/pathcase"
)

// patternChars make a path component a file-name pattern.
const patternChars = "*?["

// matchName reports whether a shell might expand the pattern component to
// name, under any of its options: a superset of what it would match, never
// less. So a bracket expression matches any one character ([!x], [^x],
// [[:alpha:]], []x] alike: bash, zsh and dash read them differently), a *
// also matches a leading dot (dotglob), case is folded (nocaseglob, and
// case-insensitive file systems, as generously as pathcase folds it), a backslash, which may or may not
// have escaped the character after it, matches anything, and the pattern is read both by character and by
// byte: under the C locale, common in containers and CI, a ? or a bracket matches one byte of a
// multi-byte character, so ?? names é.
func matchName(pattern, name string) bool {
	if strings.Contains(pattern, "[:") || strings.Contains(pattern, "[.") || strings.Contains(pattern, "[=") ||
		(strings.Contains(pattern, "[") && strings.Contains(pattern, `\`)) {
		// [[:a:] is one expression to filepath.Match and another to a
		// shell that reads [:a:] whole; [\]] ends at the first ] or the
		// second, as the backslash escapes or not. Rather than follow every
		// reading, such a pattern may name any file.
		return true
	}
	runes := []rune(name)
	for i, r := range runes {
		runes[i] = pathcase.FoldRune(r)
	}
	return wildcard(compile(pattern, false), runes) || wildcard(compile(pattern, true), byteUnits(name))
}

// byteUnits spells s as one unit per byte, for the C locale's reading: an
// ASCII byte folded as a character, any other byte a unit no character
// can equal.
func byteUnits(s string) []rune {
	units := make([]rune, len(s))
	for i := range len(s) {
		units[i] = byteUnit(s[i])
	}
	return units
}

func byteUnit(b byte) rune {
	if b < utf8.RuneSelf {
		return pathcase.FoldRune(rune(b))
	}
	return utf8.MaxRune + 1 + rune(b)
}

// token is one step of a compiled pattern: a literal rune, any one rune,
// or any run of runes.
type token struct {
	kind int
	r    rune
}

const (
	literal = iota
	anyOne
	anyRun
)

// compile reads the pattern by character, or by byte when bytewise (its
// tokens then match byteUnits).
func compile(pattern string, bytewise bool) []token {
	var out []token
	for i := 0; i < len(pattern); {
		r, size := utf8.DecodeRuneInString(pattern[i:])
		switch r {
		case '*':
			out = append(out, token{kind: anyRun})
		case '\\':
			out = append(out, token{kind: anyRun})
		case '?':
			out = append(out, token{kind: anyOne})
		case '[':
			if end := bracketEnd(pattern, i); end > 0 {
				out = append(out, token{kind: anyOne})
				i = end
				continue
			}
			out = append(out, token{kind: literal, r: '['})
		default:
			if !bytewise {
				out = append(out, token{kind: literal, r: pathcase.FoldRune(r)})
				break
			}
			for k := range size {
				out = append(out, token{kind: literal, r: byteUnit(pattern[i+k])})
			}
		}
		i += size
	}
	return out
}

// bracketEnd returns the index just past the bracket expression that
// starts at pattern[i] ('['), or 0 when it is not closed (a literal '[').
// A ']' first in it (after '!' or '^') is one of its characters, and
// [:class:], [.sym.] and [=equiv=] are read whole; one not closed is
// characters of the expression.
func bracketEnd(pattern string, i int) int {
	j := i + 1
	if j < len(pattern) && (pattern[j] == '!' || pattern[j] == '^') {
		j++
	}
	if j < len(pattern) && pattern[j] == ']' {
		j++
	}
	for j < len(pattern) {
		switch {
		case pattern[j] == ']':
			return j + 1
		case pattern[j] == '[' && j+1 < len(pattern) && strings.ContainsRune(":.=", rune(pattern[j+1])):
			closing := string(pattern[j+1]) + "]"
			k := strings.Index(pattern[j+2:], closing)
			if k < 0 {
				j++ // not closed: '[' is one of the expression's characters ([[.a] holds [, . and a)
				continue
			}
			j += 2 + k + len(closing)
		default:
			j++
		}
	}
	return 0
}

// wildcard matches name against the tokens, backtracking only to the last
// run of any runes (linear in practice, quadratic at worst).
func wildcard(p []token, name []rune) bool {
	pi, ni := 0, 0
	star, mark := -1, 0
	for ni < len(name) {
		switch {
		case pi < len(p) && p[pi].kind == anyRun:
			star, mark = pi, ni
			pi++
		case pi < len(p) && (p[pi].kind == anyOne || p[pi].r == name[ni]):
			pi++
			ni++
		case star >= 0:
			pi = star + 1
			mark++
			ni = mark
		default:
			return false
		}
	}
	for pi < len(p) && p[pi].kind == anyRun {
		pi++
	}
	return pi == len(p)
}
