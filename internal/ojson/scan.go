package ojson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
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
	twins := scanKeys(data, max, false)
	if len(twins) == 0 {
		return nil
	}
	paths := make([]string, len(twins))
	for i, t := range twins {
		paths[i] = t.Path
	}
	return paths
}

// Twin is an object key that an earlier key of the same object already
// names.
type Twin struct {
	Path    string // the later key's path, as DuplicateKeys gives it
	Key     string // the later key
	Earlier string // the earlier key: Key itself, or Key in another case
	Top     bool   // a key of the document's top-level object
}

// KeyTwins is DuplicateKeys where two keys are one when they are equal
// ignoring case as strings.EqualFold compares them ("command" and
// "Command", "shell" and "ſhell"): Go's encoding/json matches a struct's
// fields so and keeps the last such key, where hookrun, Python and
// JavaScript read only the key spelt exactly, so a guard written in Go
// could read another value than hookrun and the program that runs the
// call.
func KeyTwins(data []byte, max int) []Twin {
	return scanKeys(data, max, true)
}

// foldKey is k with every letter in one case, such that foldKey(a) ==
// foldKey(b) exactly when strings.EqualFold(a, b): each rune is the
// least of its Unicode simple-fold orbit, an ASCII letter in lower case.
func foldKey(k []byte) string {
	plain := true
	for _, c := range k {
		if c >= utf8.RuneSelf || 'A' <= c && c <= 'Z' {
			plain = false
			break
		}
	}
	if plain {
		return string(k)
	}
	out := make([]byte, 0, len(k))
	for _, r := range string(k) {
		m := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			m = min(m, f)
		}
		if 'A' <= m && m <= 'Z' {
			m += 'a' - 'A'
		}
		out = utf8.AppendRune(out, m)
	}
	return string(out)
}

// scanKeys finds the keys repeated in one object of data, compared
// exactly or, with fold, ignoring case.
func scanKeys(data []byte, max int, fold bool) []Twin {
	// Frames are reused as the scan goes down and up again, and keys are
	// slices of data, so a large context costs few allocations.
	type frame struct {
		object  bool
		wantKey bool
		keys    [][]byte
		set     map[string][]byte // replaces keys once an object is large
		key     []byte
		index   int
	}
	var (
		stack []frame
		dups  []Twin
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
	setKey := func(k []byte) string {
		if fold {
			return foldKey(k)
		}
		return string(k)
	}
	// seen is the earlier key of f that k repeats, or nil.
	seen := func(f *frame, k []byte) []byte {
		if f.set != nil {
			if have, ok := f.set[setKey(k)]; ok {
				return have
			}
			f.set[setKey(k)] = k
			return nil
		}
		for _, have := range f.keys {
			if bytes.Equal(have, k) || fold && bytes.EqualFold(have, k) {
				return have
			}
		}
		f.keys = append(f.keys, k)
		if len(f.keys) > 16 {
			f.set = make(map[string][]byte, 2*len(f.keys))
			for _, k := range f.keys {
				if _, ok := f.set[setKey(k)]; !ok {
					f.set[setKey(k)] = k
				}
			}
		}
		return nil
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
			if have := seen(top, k); have != nil {
				dups = append(dups, Twin{Path: path(k), Key: string(k), Earlier: string(have), Top: len(stack) == 1})
			}
			top.key = k
		}
	}
	return dups
}
