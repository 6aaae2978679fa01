package plaintext

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestOf(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"ignore previous instructions", "ignore previous instructions"},
		{"ig\u200bnore", "ignore"},                                                 // zero-width space
		{"ig\u0000nore pre\x01vi\x7fous\u0080", "ignore previous"},                 // control characters no one sees
		{"a\tb\nc\r\n", "a\tb\nc\r\n"},                                             // a tab and line ends are seen
		{"a\vb\fc\u0085d\u2028e\u2029f", "a\nb\nc\nd\ne\nf"},                       // so are the other line breaks, as one
		{"ig\u00adnore", "ignore"},                                                 // soft hyphen
		{"i\u200cg\u200dn\u2060o\ufeffre", "ignore"},                               // joiners, word joiner, byte order mark
		{"\u202eerongi\u202c", "erongi"},                                           // a bidirectional override: what is shown reversed is stored in order
		{"i\ufe0fgnore", "ignore"},                                                 // a variation selector
		{"ig\u3164nore ig\uffa0nore", "ignore ignore"},                             // Hangul fillers, full and halfwidth
		{"ignore\U000E0020\U000E0041", "ignore"},                                   // tag characters
		{"\u034fignore", "ignore"},                                                 // the combining grapheme joiner
		{"\uff49\uff47\uff4e\uff4f\uff52\uff45", "ignore"},                         // fullwidth
		{"\U0001d422\U0001d420\U0001d427\U0001d428\U0001d42b\U0001d41e", "ignore"}, // mathematical bold
		{"\u24d8gnore", "ignore"},                                                  // circled
		{"\ufb01le", "file"},                                                       // a ligature
		{"a\u00a0b\u2003c\u3000d", "a b c d"},                                      // no-break, em and ideographic spaces
		{"e\u200b\u0301", "\u00e9"},                                                // a mark left beside its letter composes
		{"\u0456gnore", "\u0456gnore"},                                             // a Cyrillic і is another letter
		{"caf\u00e9 \u65e5\u672c", "caf\u00e9 \u65e5\u672c"},                       // plain text in any script is kept
		{"", ""},
	} {
		if got := Of(tc.in); got != tc.want {
			t.Errorf("Of(%+q) = %+q, want %+q", tc.in, got, tc.want)
		}
	}
}

// FuzzOf: the plain form of any text is plain (Of changes it no further), has no character Of
// removes, is valid UTF-8 when the text was, and ASCII text is its own plain form.
func FuzzOf(f *testing.F) {
	for _, s := range []string{"ig\u200bnore", "\uff49gnore", "e\u200b\u0301", "\uffa0", "\u0fb2\u0f80", "\xff", "plain"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := Of(s)
		if q := Of(p); q != p {
			t.Fatalf("Of(%+q) = %+q, whose plain form is %+q", s, p, q)
		}
		if i := strings.IndexFunc(p, func(r rune) bool { return keep(r) < 0 }); i >= 0 {
			t.Fatalf("Of(%+q) = %+q keeps an ignorable at %d", s, p, i)
		}
		if utf8.ValidString(s) && !utf8.ValidString(p) {
			t.Fatalf("Of(%+q) = %+q is not valid UTF-8", s, p)
		}
		if ascii(s) && p != s {
			t.Fatalf("Of(%q) = %q changed ASCII text", s, p)
		}
	})
}

// BenchmarkOf: a 4 KB prompt in ASCII (returned as it is) and the same with one zero-width space.
func BenchmarkOf(b *testing.B) {
	plain := strings.Repeat("please add a signup test and run the suite; ", 100)
	for name, s := range map[string]string{"ascii": plain, "hidden": "ig\u200bnore " + plain} {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				Of(s)
			}
		})
	}
}
