package audit

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzEncodeOneLinePerRecord: whatever text a handler puts in its error or
// a reason (newlines, U+2028, NUL, invalid UTF-8), each record encodes to
// exactly one line of valid JSON that reads back as the same record.
func FuzzEncodeOneLinePerRecord(f *testing.F) {
	for _, s := range []string{"", "plain", "two\nlines", "cr\r\nlf", "\u2028\u2029", "nul\x00byte", "bad\xff\xfeutf8", `{"kind":"event"}` + "\n", strings.Repeat("long ", 20000)} {
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, errText, reason string) {
		data, err := Encode(HookLine{Kind: "hook", HookID: "h", Error: errText}, EventLine{Kind: "event", Reason: reason})
		if err != nil {
			t.Fatal(err)
		}
		lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
		if len(lines) != 2 || !bytes.HasSuffix(data, []byte("\n")) {
			t.Fatalf("two records gave %d lines: %q", len(lines), data)
		}
		var h HookLine
		var e EventLine
		if err := json.Unmarshal(lines[0], &h); err != nil {
			t.Fatalf("hook line %q: %v", lines[0], err)
		}
		if err := json.Unmarshal(lines[1], &e); err != nil {
			t.Fatalf("event line %q: %v", lines[1], err)
		}
		if h.Error != validUTF8(errText) {
			t.Errorf("error %q read back as %q", errText, h.Error)
		}
		if e.Reason != validUTF8(reason) {
			t.Errorf("reason %q read back as %q", reason, e.Reason)
		}
	})
}

// validUTF8 is s with each byte of invalid UTF-8 replaced by U+FFFD, as
// encoding/json writes it.
func validUTF8(s string) string {
	var b strings.Builder
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError && size == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[:size])
		}
		s = s[size:]
	}
	return b.String()
}
