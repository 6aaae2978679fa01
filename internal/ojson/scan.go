package ojson

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
// data should be valid JSON (callers unmarshal it first): the scan only
// tracks structure, which keeps it a single pass over the bytes, and on
// invalid JSON it returns what it found without panicking. It keeps an
// explicit stack, so depth costs memory, never the goroutine stack.
func DuplicateKeys(data []byte, max int) []string {
	// Frames are reused as the scan goes down and up again, and keys are
	// slices of data, so a large context costs few allocations.
	type frame struct {
		object  bool
		wantKey bool
		keys    [][]byte
		set     map[string]bool // replaces keys once an object is large
		key     []byte
		index   int
	}
	var (
		stack []frame
		dups  []string
	)
	push := func(object bool) {
		if len(stack) < cap(stack) {
			stack = stack[:len(stack)+1]
			f := &stack[len(stack)-1]
			keys := f.keys[:0]
			*f = frame{object: object, wantKey: object, keys: keys}
			return
		}
		stack = append(stack, frame{object: object, wantKey: object})
	}
	seen := func(f *frame, k []byte) bool {
		if f.set != nil {
			if f.set[string(k)] {
				return true
			}
			f.set[string(k)] = true
			return false
		}
		for _, have := range f.keys {
			if bytes.Equal(have, k) {
				return true
			}
		}
		f.keys = append(f.keys, k)
		if len(f.keys) > 16 {
			f.set = make(map[string]bool, 2*len(f.keys))
			for _, k := range f.keys {
				f.set[string(k)] = true
			}
		}
		return false
	}
	path := func(last []byte) string {
		var b strings.Builder
		for i, f := range stack[:len(stack)-1] {
			if f.object {
				if i > 0 { // a dot between segments, even around an empty key
					b.WriteByte('.')
				}
				b.Write(f.key)
			} else {
				fmt.Fprintf(&b, "[%d]", f.index)
			}
		}
		if len(stack) > 1 {
			b.WriteByte('.')
		}
		b.Write(last)
		return b.String()
	}
	for i := 0; i < len(data) && len(dups) < max; i++ {
		switch data[i] {
		case '{':
			push(true)
		case '[':
			push(false)
		case '}', ']':
			if len(stack) == 0 {
				return dups
			}
			stack = stack[:len(stack)-1]
		case ',':
			if len(stack) == 0 {
				return dups
			}
			if top := &stack[len(stack)-1]; top.object {
				top.wantKey = true
			} else {
				top.index++
			}
		case ':':
			if len(stack) == 0 {
				return dups
			}
			stack[len(stack)-1].wantKey = false
		case '"':
			start, escaped := i, false
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					escaped = true
					i++
				}
			}
			if i >= len(data) { // cut short: not valid JSON after all
				return dups
			}
			if len(stack) == 0 {
				break
			}
			top := &stack[len(stack)-1]
			if !top.object || !top.wantKey {
				break
			}
			k := data[start+1 : i]
			if escaped { // "\u0061" and "a" are the same key
				var s string
				_ = json.Unmarshal(data[start:i+1], &s)
				k = []byte(s)
			}
			if seen(top, k) {
				dups = append(dups, path(k))
			}
			top.key = k
		}
	}
	return dups
}
