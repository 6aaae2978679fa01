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

// KeyTwins finds a key given again in another case, as Go's encoding/json
// reads a struct's fields, Unicode's folds (ſ is s, the Kelvin sign U+212A is k)
// included, and says which key it repeats.
func TestKeyTwins(t *testing.T) {
	cases := []struct {
		doc  string
		want []Twin
	}{
		{`{"command":"ls","Command":"rm -rf x"}`, []Twin{{Path: "Command", Key: "Command", Earlier: "command", Top: true}}},
		{`{"a":{"command":"ls","COMMAND":"x"}}`, []Twin{{Path: "a.COMMAND", Key: "COMMAND", Earlier: "command"}}},
		{`{"a":[{"shell":"sh","ſhell":"x"}]}`, []Twin{{Path: "a[0].ſhell", Key: "ſhell", Earlier: "shell"}}},
		{`{"kind":1,"Kind":2}`, []Twin{{Path: "\u212aind", Key: "\u212aind", Earlier: "kind", Top: true}}},
		{`{"a":1,"a":2}`, []Twin{{Path: "a", Key: "a", Earlier: "a", Top: true}}},
		{`{"a":1,"b":2,"ab":3,"é":4,"É":5}`, []Twin{{Path: "É", Key: "É", Earlier: "é", Top: true}}},
		{`{"a":{"x":1},"b":{"X":1}}`, nil}, // in different objects
		{`{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"K3":3}`,
			[]Twin{{Path: "K3", Key: "K3", Earlier: "k3", Top: true}}}, // past the list, in the set
	}
	for _, c := range cases {
		if got := KeyTwins([]byte(c.doc), 5); !slices.Equal(got, c.want) {
			t.Errorf("KeyTwins(%s) = %+v, want %+v", c.doc, got, c.want)
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
	f.Add([]byte(`{"a":{"Command":1,"command":2},"\u017f":1,"S":2,"s":3}`), uint8(5))
	f.Fuzz(func(t *testing.T, data []byte, max uint8) {
		n := int(max%8) + 1
		if !utf8.Valid(data) || !json.Valid(data) {
			DuplicateKeys(data, n) // must not panic, whatever it finds
			return
		}
		got, want := DuplicateKeys(data, n), referenceDuplicateKeys(data, n, false)
		if !slices.Equal(got, want) {
			t.Fatalf("DuplicateKeys(%q, %d) = %q, reference %q", data, n, got, want)
		}
		var twins []string
		for _, tw := range KeyTwins(data, n) {
			if !strings.EqualFold(tw.Key, tw.Earlier) || tw.Top && tw.Path != tw.Key || !tw.Top && !strings.HasSuffix(tw.Path, "."+tw.Key) {
				t.Fatalf("KeyTwins(%q): %+v", data, tw)
			}
			twins = append(twins, tw.Path)
		}
		if want := referenceDuplicateKeys(data, n, true); !slices.Equal(twins, want) {
			t.Fatalf("KeyTwins(%q, %d) = %q, reference %q", data, n, twins, want)
		}
	})
}

// referenceDuplicateKeys compares keys exactly, or with fold as
// strings.EqualFold does, one by one.
func referenceDuplicateKeys(data []byte, max int, fold bool) []string {
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
				for have := range top.keys {
					if have == k || fold && strings.EqualFold(have, k) {
						dups = append(dups, path(k))
						break
					}
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
