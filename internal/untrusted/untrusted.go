// Package untrusted renders text a hook wrote (a reason, a message,
// context for the model) so that it cannot pass for text from another hook
// or from hookrun: it is split on every kind of line break, each line is
// attributed to its source, and characters that steer a terminal or
// reorder text are replaced.
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
	lines := strings.FieldsFunc(s, func(r rune) bool {
		switch r {
		case '\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029':
			return true
		}
		return false
	})
	for i, l := range lines {
		lines[i] = Clean(l)
	}
	return lines
}

// Clean replaces in one line every control character but tab (ANSI
// escapes start with one) and every bidirectional formatting character
// (which can make text read other than it is stored).
func Clean(line string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return r
		case unicode.IsControl(r), isBidi(r):
			return Replacement
		}
		return r
	}, line)
}

func isBidi(r rune) bool {
	return r >= '\u202A' && r <= '\u202E' || r >= '\u2066' && r <= '\u2069' || r == '\u200E' || r == '\u200F' || r == '\u061C'
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
