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
// character: zero-width spaces and joiners, the soft hyphen, a byte order
// mark, tag characters and variation selectors (which spell text a model
// reads and a person does not see), Hangul fillers. Each becomes U+FFFD, so that the person sees that
// something was there.
func Clean(line string) string {
	return strings.Map(cleaner(false), line)
}

// cleaner maps the characters of one text, in order, to what Clean
// (lines false) or Text (lines true) shows of them. An emoji's
// presentation selector (U+FE0E, U+FE0F) is kept only right after the
// character it selects for: anywhere else it shows nothing.
func cleaner(lines bool) func(rune) rune {
	prev := '\n'
	return func(r rune) rune {
		p := prev
		prev = r
		switch {
		case r == '\t', lines && r == '\n':
			return r
		case lines && lineBreak(r):
			return '\n'
		case hidden(r), selector(r) && !base(p):
			return Replacement
		}
		return r
	}
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
	return strings.Map(cleaner(true), s)
}

// Blank reports whether s shows nothing once cleaned: only white space
// and characters Clean replaces (a reason of zero-width spaces, or of
// escape sequences' first bytes and line breaks).
func Blank(s string) bool {
	for _, r := range s {
		if !unicode.IsSpace(r) && !hidden(r) && !selector(r) && r != Replacement {
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

// Hidden reports whether r is a character Clean replaces wherever it is:
// a control character, a line or paragraph separator, a format character
// (category Cf, which holds the bidirectional controls), or another of
// Unicode's default ignorables: the variation selectors, which spell bytes
// a model reads and a person does not see as tag characters do, the Hangul
// fillers, which show as nothing. (An emoji's presentation selector is
// replaced only where it selects for nothing: see cleaner.)
func Hidden(r rune) bool { return hidden(r) }

func hidden(r rune) bool {
	if r < 0x7f {
		return r < 0x20
	}
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' ||
		unicode.In(r, unicode.Cf, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point) && !selector(r)
}

// selector reports whether r asks for the text (U+FE0E) or emoji (U+FE0F)
// presentation of the character before it, as in ⚠️.
func selector(r rune) bool { return r == '\uFE0E' || r == '\uFE0F' }

// base reports whether a presentation selector after r selects for it: r
// shows as a character of its own.
func base(r rune) bool {
	return !hidden(r) && !selector(r) && !unicode.IsSpace(r) && r != Replacement
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
