package ojson

import (
	"encoding/json"
	"testing"
)

// TestString decodes as json.Unmarshal does, and refuses, for the caller to fall back on
// json.Unmarshal, what it does not read exactly so.
func TestString(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		want string
		ok   bool
	}{
		{`""`, "", true},
		{`"rm -rf /"`, "rm -rf /", true},
		{`"echo \"a\tb\" \\ \/ \b\f\n\r"`, "echo \"a\tb\" \\ / \b\f\n\r", true},
		{`"caf\u00e9 \u00E9 é \u0000"`, "café é é \x00", true},
		{`"\ud83d\ude00 😀"`, "😀 😀", true},
		{`"\u2028"`, "\u2028", true},
		// encoding/json reads these too, or refuses them: String leaves them to it.
		{`"\ud83d"`, "", false},       // a lone first half: U+FFFD to encoding/json
		{`"\ude00"`, "", false},       // a lone second half
		{`"\ud83d\u0041"`, "", false}, // a first half and no second
		{`"\ud83d\ud83d"`, "", false}, // two first halves
		{"\"a\xffb\"", "", false},     // invalid UTF-8: U+FFFD to encoding/json
		{` "a"`, "", false},           // a blank around it
		{`"a" `, "", false},           // a blank around it
		{"\"a\nb\"", "", false},       // a control byte
		{`"a\x"`, "", false},          // no such escape
		{`"a\u12"`, "", false},        // a short \u
		{`"a\u12g4"`, "", false},      // not hexadecimal
		{`"a\"`, "", false},           // the last quote escaped
		{`"a"b"`, "", false},          // two strings' worth
		{`"`, "", false},              // one quote
		{`null`, "", false},           // not a string
		{`12`, "", false},             // not a string
		{`["a"]`, "", false},          // not a string
	} {
		got, ok := String([]byte(tc.raw))
		if got != tc.want || ok != tc.ok {
			t.Errorf("String(%q) = %q, %v; want %q, %v", tc.raw, got, ok, tc.want, tc.ok)
		}
		if !ok {
			continue
		}
		var s string
		if err := json.Unmarshal([]byte(tc.raw), &s); err != nil || s != got {
			t.Errorf("json.Unmarshal(%q) = %q, %v; String said %q", tc.raw, s, err, got)
		}
	}
}

// FuzzString: what String decodes, json.Unmarshal decodes to the same string; and a string
// json.Unmarshal reads that has no blank around it, no invalid UTF-8 and no \u escape of a
// surrogate, String reads too (so that the fallback is rare).
func FuzzString(f *testing.F) {
	for _, s := range []string{`""`, `"a\"b"`, `"\u00e9\ud83d\ude00"`, `"\ud83d"`, "\"\xff\"", `"a\u12g4"`, `"\/\b\f\n\r\t"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		got, ok := String(raw)
		var want string
		err := json.Unmarshal(raw, &want)
		if ok && (err != nil || got != want) {
			t.Fatalf("String(%q) = %q; json.Unmarshal: %q, %v", raw, got, want, err)
		}
		if !ok && err == nil && len(raw) > 1 && raw[0] == '"' && raw[len(raw)-1] == '"' && InvalidUTF8(raw) < 0 && !hasSurrogateEscape(raw) {
			t.Fatalf("String(%q) refused what json.Unmarshal reads as %q", raw, want)
		}
	})
}

// hasSurrogateEscape reports whether raw holds a \u escape of a surrogate (a rough look: a
// backslash before it may escape the backslash, which only makes the test skip more).
func hasSurrogateEscape(raw []byte) bool {
	for i := 0; i+5 < len(raw); i++ {
		if raw[i] == '\\' && raw[i+1] == 'u' && (raw[i+2] == 'd' || raw[i+2] == 'D') && raw[i+3] >= '8' {
			return true
		}
	}
	return false
}
