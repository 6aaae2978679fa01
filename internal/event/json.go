package event

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// InvalidUTF8 returns the offset of the first byte of data that is not
// valid UTF-8, or -1 when all of it is. JSON text is UTF-8 (RFC 8259 §8.1).
func InvalidUTF8(data []byte) int {
	if utf8.Valid(data) {
		return -1
	}
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return -1
}

// DuplicateKeys returns the paths ("caller.source", "tasks_summary[0].status")
// of object keys that appear more than once in the same object of the valid
// JSON document data, in document order, at most max of them. encoding/json
// silently keeps the last of duplicate keys; other parsers keep the first,
// so a document with duplicates can mean different things to hookrun and
// to a handler.
//
// It walks tokens with an explicit stack rather than recursing, so the
// depth of the document costs memory, never the goroutine stack.
func DuplicateKeys(data []byte, max int) []string {
	type frame struct {
		object  bool
		wantKey bool
		keys    map[string]bool
		key     string
		index   int
	}
	var (
		stack []*frame
		dups  []string
	)
	path := func(last string) string {
		var b strings.Builder
		for _, f := range stack[:len(stack)-1] {
			if f.object {
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(f.key)
			} else {
				fmt.Fprintf(&b, "[%d]", f.index)
			}
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(last)
		return b.String()
	}
	valueDone := func() {
		if len(stack) == 0 {
			return
		}
		if top := stack[len(stack)-1]; top.object {
			top.wantKey = true
		} else {
			top.index++
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // numbers out of float64's range are still tokens
	for len(dups) < max {
		tok, err := dec.Token()
		if err != nil { // io.EOF; or not valid JSON, which callers rule out first
			return dups
		}
		if len(stack) > 0 {
			if top := stack[len(stack)-1]; top.object && top.wantKey {
				if tok == json.Delim('}') {
					stack = stack[:len(stack)-1]
					valueDone()
					continue
				}
				k, _ := tok.(string)
				if top.keys[k] {
					dups = append(dups, path(k))
				}
				top.keys[k] = true
				top.key, top.wantKey = k, false
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
			valueDone()
		default:
			valueDone()
		}
	}
	return dups
}
