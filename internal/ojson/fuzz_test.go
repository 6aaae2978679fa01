package ojson

import (
	"bytes"
	"testing"
)

// FuzzParse: Parse never panics on a settings file; what it accepts holds no key twice in one
// object, and encodes to a document that parses back to the same encoding.
func FuzzParse(f *testing.F) {
	for _, s := range []string{`{"hooks":{"Stop":[{"type":"command","timeout":120}]}}`, `{"a":1,"a":2}`, `[[[]]]`, `{"x":"\u00e9"}`, ``, `{} {}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Parse(data)
		if err != nil {
			return
		}
		if d := DuplicateKeys(data, 1); len(d) > 0 && len(bytes.TrimSpace(data)) > 0 {
			t.Fatalf("Parse accepted a key given twice (%s) in %q", d[0], data)
		}
		enc := n.Encode()
		again, err := Parse(enc)
		if err != nil {
			t.Fatalf("Parse of its own encoding %q: %v", enc, err)
		}
		if !bytes.Equal(again.Encode(), enc) {
			t.Fatalf("encoding changed on a round trip:\n%s\n%s", enc, again.Encode())
		}
	})
}
