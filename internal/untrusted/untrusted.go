// Package untrusted renders text a hook wrote (a reason, a message,
// context for the model) so that it cannot pass for text from another hook
// or from hookrun: it is split on every kind of line break, each line is
// attributed to its source, and characters that steer a terminal, reorder
// text or hide it are replaced.
package untrusted

import (
	"strings"
	"unicode"
)

// Replacement stands for a character that is not shown.
const Replacement = '\uFFFD'

// Lines splits s on every line break a reader may see as one (\n, \r,
// \r\n, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR, vertical tab, form feed)
// and cleans each line (see Clean). Surrounding blank lines are dropped.
func Lines(s string) []string {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	lines := strings.FieldsFunc(s, lineBreak)
	for i, l := range lines {
		lines[i] = Clean(l)
	}
	return lines
}

// Clean replaces in one line every control character but tab (ANSI
// escapes start with one), every bidirectional formatting character (which
// can make text read other than it is stored) and every other invisible
// format character: zero-width spaces and joiners, the soft hyphen, a byte
// order mark, tag characters (which spell text a model reads and a person
// does not see). Each becomes U+FFFD, so that the person sees that
// something was there.
func Clean(line string) string {
	return strings.Map(func(r rune) rune {
		if r != '\t' && hidden(r) {
			return Replacement
		}
		return r
	}, line)
}

// Text cleans text of several lines, as hookrun passes on what a hook
// wrote: each line break a reader may see as one (\r\n, a lone \r, which
// would let a line overwrite the one before it on a terminal, NEL, LINE
// and PARAGRAPH SEPARATOR, vertical tab, form feed) becomes \n, and every
// other character Clean replaces is replaced; tab is kept.
func Text(s string) string {
	if plain(s) {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\t':
			return r
		case lineBreak(r):
			return '\n'
		case hidden(r):
			return Replacement
		}
		return r
	}, s)
}

// Blank reports whether s shows nothing once cleaned: only white space
// and characters Clean replaces (a reason of zero-width spaces, or of
// escape sequences' first bytes and line breaks).
func Blank(s string) bool {
	for _, r := range s {
		if !unicode.IsSpace(r) && !hidden(r) && r != Replacement {
			return false
		}
	}
	return true
}

// plain reports whether s is printable ASCII, tabs and newlines: text
// Text returns as it is.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 || c >= 0x7f) && c != '\n' && c != '\t' {
			return false
		}
	}
	return true
}

func lineBreak(r rune) bool {
	switch r {
	case '\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029':
		return true
	}
	return false
}

// Hidden reports whether r is a character Clean replaces: a control
// character, a line or paragraph separator, or a format character
// (category Cf, which holds the bidirectional controls).
func Hidden(r rune) bool { return hidden(r) }

func hidden(r rune) bool {
	if r < 0x7f {
		return r < 0x20
	}
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Cf, r)
}

// Attributed renders text from source as lines that each start with
// prefix: a line the text itself starts with "[hookrun other]" still
// reads "[hookrun source] [hookrun other]".
func Attributed(prefix, text string) []string {
	lines := Lines(text)
	for i, l := range lines {
		lines[i] = prefix + l
	}
	return lines
}

// OneLine renders text as one clean line, its line breaks shown as " / ".
func OneLine(text string) string {
	return strings.Join(Lines(text), " / ")
}
