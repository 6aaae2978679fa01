// Package plaintext gives the plain form of free text, the form a rule's
// pattern is also matched against: the text a person or a model reads,
// without the characters that hide a word from a regular expression.
// Characters no one sees are removed (control characters but the tab and
// line ends, and Unicode's default ignorable code points: zero-width spaces and joiners, the soft hyphen, bidirectional
// controls, tag characters, variation selectors, Hangul fillers), a line
// break other than \n and \r (vertical tab, form feed, NEL, U+2028,
// U+2029) becomes \n, and
// compatibility forms are folded by NFKC (fullwidth ｉｇｎｏｒｅ,
// mathematical 𝐢𝐠𝐧𝐨𝐫𝐞, ligatures, circled letters, and the no-break and
// other spaces become their plain forms). Letters of other scripts that
// look alike (a Cyrillic і) are left alone: they are other letters.
package plaintext

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Of is s in its plain form. Text in ASCII is plain already, and is
// returned as it is, without work.
func Of(s string) string {
	if ascii(s) {
		return s
	}
	// Removing a character can leave marks that NFKC composes, and NFKC
	// could make a character that is removed: repeat until nothing
	// changes, within a bound (FuzzOf holds the result plain).
	for range 4 {
		p := norm.NFKC.String(strings.Map(keep, s))
		if p == s {
			break
		}
		s = p
	}
	return s
}

// keep drops the default ignorable code points: the format characters
// (category Cf), the variation selectors and Unicode's other ignorables,
// and the control characters no one sees; a line break a reader sees as
// one but a pattern's \s does not take becomes a line end.
func keep(r rune) rune {
	if lineBreak(r) {
		return '\n'
	}
	if hidden(r) {
		return -1
	}
	if r < 0xad { // below the soft hyphen, the first of them
		return r
	}
	if unicode.In(r, unicode.Cf, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point) {
		return -1
	}
	return r
}

// ascii reports whether s is ASCII with no control character but a tab or a line's end.
func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf || hidden(rune(s[i])) {
			return false
		}
	}
	return true
}

// hidden reports whether r is a control character no one sees, which splits a word for a
// regular expression but not for the model: NUL (ig\x00nore), the other C0 controls, DEL and
// the C1 controls. A tab and a line's end are spaces a reader sees.
func hidden(r rune) bool {
	return (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || (r >= 0x7f && r < 0xa0)
}

// lineBreak reports whether r is a line break other than \n and \r, which a reader sees as one
// and a pattern's \s does not take (or, for a form feed, \s takes where the plain form would
// otherwise drop it): vertical tab, form feed, NEL, LINE and PARAGRAPH SEPARATOR.
func lineBreak(r rune) bool {
	switch r {
	case '\v', '\f', '\u0085', '\u2028', '\u2029':
		return true
	}
	return false
}
