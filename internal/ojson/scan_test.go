package ojson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestDuplicateKeys(t *testing.T) {
	cases := []struct {
		doc  string
		max  int
		want []string
	}{
		{`{"a":1,"b":2}`, 5, nil},
		{`{"a":1,"a":2}`, 5, []string{"a"}},
		{`{"a":{"b":1,"c":{"d":1,"d":2}},"e":[{"f":1,"f":1},{"f":1}]}`, 5, []string{"a.c.d", "e[0].f"}},
		{`[[{"x":1}],[{"y":1,"y":2}]]`, 5, []string{"[1][0].y"}},
		{`{"a":1,"a":2,"a":3,"b":1,"b":1}`, 2, []string{"a", "a"}},
		{`{"a":[1,{"a":1}],"b":{"a":1}}`, 5, nil}, // the same key in different objects is fine
		{`{"n":1e400,"n":1}`, 5, []string{"n"}},
		{`"just a string"`, 5, nil},
		{`{"":{"":[{"c":0,"\u0063":0}]}}`, 5, []string{".[0].c"}},        // empty keys still get their dots
		{`{"s":"{\"a\":1,\"a\":2}","k\"":1,"k\"":2}`, 5, []string{`k"`}}, // braces and quotes inside strings are text
	}
	for _, c := range cases {
		if got := DuplicateKeys([]byte(c.doc), c.max); !slices.Equal(got, c.want) {
			t.Errorf("DuplicateKeys(%s) = %q, want %q", c.doc, got, c.want)
		}
	}
}

func TestInvalidUTF8(t *testing.T) {
	cases := []struct {
		in   string
		want int
	}{
		{"", -1}, {"plain", -1}, {"héllo ☃", -1}, {"ab\xffcd", 2}, {"é\xc3", 2}, {"\xed\xa0\x80", 0},
	}
	for _, c := range cases {
		if got := InvalidUTF8([]byte(c.in)); got != c.want {
			t.Errorf("InvalidUTF8(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

// FuzzDuplicateKeys checks the single-pass scanner of DuplicateKeys
// against a slow reference built on encoding/json's tokenizer, on every
// valid UTF-8 JSON document (the only input its callers give it); on
// anything else it must not panic.
func FuzzDuplicateKeys(f *testing.F) {
	f.Add([]byte(`{"a":1,"a":2}`), uint8(5))
	f.Add([]byte(`{"a":{"b":[{"c":1,"\u0063":2}]},"s":"{\"a\":1,\"a\":2}","a":[]}`), uint8(5))
	f.Add([]byte(`[{"x":"\\","x":"\""},{"y":{},"y":[]}]`), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, max uint8) {
		n := int(max%8) + 1
		if !utf8.Valid(data) || !json.Valid(data) {
			DuplicateKeys(data, n) // must not panic, whatever it finds
			return
		}
		got, want := DuplicateKeys(data, n), referenceDuplicateKeys(data, n)
		if !slices.Equal(got, want) {
			t.Fatalf("DuplicateKeys(%q, %d) = %q, reference %q", data, n, got, want)
		}
	})
}

func referenceDuplicateKeys(data []byte, max int) []string {
	type frame struct {
		object, wantKey bool
		keys            map[string]bool
		key             string
		index           int
	}
	var stack []*frame
	var dups []string
	path := func(last string) string {
		var parts []string
		for _, f := range stack[:len(stack)-1] {
			if f.object {
				parts = append(parts, "."+f.key)
			} else {
				parts = append(parts, fmt.Sprintf("[%d]", f.index))
			}
		}
		return strings.TrimPrefix(strings.Join(parts, "")+"."+last, ".")
	}
	done := func() {
		if len(stack) > 0 {
			if top := stack[len(stack)-1]; top.object {
				top.wantKey = true
			} else {
				top.index++
			}
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	for len(dups) < max {
		tok, err := dec.Token()
		if err != nil {
			return dups
		}
		if len(stack) > 0 {
			if top := stack[len(stack)-1]; top.object && top.wantKey {
				if tok == json.Delim('}') {
					stack = stack[:len(stack)-1]
					done()
					continue
				}
				k := tok.(string)
				if top.keys[k] {
					dups = append(dups, path(k))
				}
				top.keys[k], top.key, top.wantKey = true, k, false
				continue
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{object: true, wantKey: true, keys: map[string]bool{}})
		case json.Delim('['):
			stack = append(stack, &frame{})
		case json.Delim(']'):
			stack = stack[:len(stack)-1]
			done()
		default:
			done()
		}
	}
	return dups
}
