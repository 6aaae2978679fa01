package ojson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Node is a JSON value that remembers the order of its object keys: a
// settings file comes back with its keys where the person put them, and
// the JSON Schema reads top-down like the docs. It is hookrun's one
// ordered-object type.
type Node struct {
	members []member        // object, in file order
	items   []*Node         // array
	raw     json.RawMessage // scalar, as written
	kind    byte            // '{', '[' or 0 for a scalar
}

type member struct {
	key string
	val *Node
}

// Object builds an object from alternating keys and values; a value that
// is not a *Node is encoded with encoding/json.
func Object(pairs ...any) *Node {
	n := &Node{kind: '{'}
	for i := 0; i+1 < len(pairs); i += 2 {
		n.members = append(n.members, member{pairs[i].(string), Value(pairs[i+1])})
	}
	return n
}

// Array builds an array of the given values.
func Array(items ...*Node) *Node { return &Node{kind: '[', items: items} }

// Value is v as a node: v itself when it is a *Node, else v encoded with
// encoding/json (HTML escaping off) and kept as written.
func Value(v any) *Node {
	if n, ok := v.(*Node); ok {
		return n
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return &Node{raw: bytes.TrimSpace(buf.Bytes())}
}

// Parse reads one JSON document. An empty document is an empty object:
// a settings file someone created and left blank. A key given twice in
// one object is an error: the agents' JSON.parse keeps the last, Get the
// first, so the two would read different settings from one file.
func Parse(data []byte) (*Node, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return Object(), nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	n, err := parseValue(dec, 0)
	if err != nil {
		line, col := position(data, dec.InputOffset())
		return nil, &SyntaxError{err, line, col}
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("more than one JSON document")
	}
	return n, nil
}

// SyntaxError is why Parse could not read a document, and where: a
// message can then point at the line and column, not at the file.
type SyntaxError struct {
	Err       error
	Line, Col int // from 1; the column counts bytes
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%v at line %d, column %d", e.Err, e.Line, e.Col)
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// position is a byte offset's line and column, both from 1.
func position(data []byte, off int64) (line, col int) {
	off = min(off, int64(len(data)))
	before := data[:off]
	line = bytes.Count(before, []byte("\n")) + 1
	col = int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}

// maxDepth caps how deeply Parse nests: a settings file is a few levels
// deep, and each level is a frame of parseValue, so a file of millions of
// brackets would exhaust the stack (a fatal error, not an error value).
const maxDepth = 10000

func parseValue(dec *json.Decoder, depth int) (*Node, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("nested more than %d levels deep", maxDepth)
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, tokenErr(err)
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			n := Object()
			seen := map[string]bool{} // not Get: a file of many keys stays linear
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, tokenErr(err)
				}
				if seen[kt.(string)] {
					return nil, fmt.Errorf("the key %q is given twice in one object, and JSON readers differ on which one counts", kt)
				}
				v, err := parseValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				seen[kt.(string)] = true
				n.members = append(n.members, member{kt.(string), v})
			}
			_, err := dec.Token()
			return n, tokenErr(err)
		case '[':
			n := &Node{kind: '['}
			for dec.More() {
				v, err := parseValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				n.items = append(n.items, v)
			}
			_, err := dec.Token()
			return n, tokenErr(err)
		}
		return nil, fmt.Errorf("unexpected %v at byte %d", t, dec.InputOffset())
	case json.Number:
		return &Node{raw: json.RawMessage(t.String())}, nil
	case nil:
		return &Node{raw: json.RawMessage("null")}, nil
	}
	return Value(tok), nil
}

func tokenErr(err error) error {
	if err == nil {
		return nil
	}
	if err == io.EOF {
		return errors.New("unexpected end of JSON")
	}
	return err
}

// IsObject reports whether n is an object.
func (n *Node) IsObject() bool { return n.kind == '{' }

// IsArray reports whether n is an array.
func (n *Node) IsArray() bool { return n.kind == '[' }

// get returns an object member, or nil.
func (n *Node) Get(key string) *Node {
	for _, m := range n.members {
		if m.key == key {
			return m.val
		}
	}
	return nil
}

// Keys returns an object's keys, in file order.
func (n *Node) Keys() []string {
	keys := make([]string, len(n.members))
	for i, m := range n.members {
		keys[i] = m.key
	}
	return keys
}

// set replaces an object member in place, or appends it.
func (n *Node) Set(key string, v *Node) {
	for i, m := range n.members {
		if m.key == key {
			n.members[i].val = v
			return
		}
	}
	n.members = append(n.members, member{key, v})
}

// setFirst sets a member, putting it first when it is new.
func (n *Node) SetFirst(key string, v *Node) {
	if n.Get(key) != nil {
		n.Set(key, v)
		return
	}
	n.members = append([]member{{key, v}}, n.members...)
}

// Delete removes an object member; it reports whether there was one.
func (n *Node) Delete(key string) bool {
	for i, m := range n.members {
		if m.key == key {
			n.members = append(n.members[:i], n.members[i+1:]...)
			return true
		}
	}
	return false
}

// DeleteItems removes the array items drop picks, keeping the others in
// order; it reports how many went.
func (n *Node) DeleteItems(drop func(*Node) bool) int {
	kept := n.items[:0]
	for _, it := range n.items {
		if !drop(it) {
			kept = append(kept, it)
		}
	}
	gone := len(n.items) - len(kept)
	clear(n.items[len(kept):])
	n.items = kept
	return gone
}

// Str is a string scalar's value, or "".
func (n *Node) Str() string {
	var s string
	if n != nil && n.kind == 0 {
		_ = json.Unmarshal(n.raw, &s)
	}
	return s
}

// Encode writes the document with two-space indentation and a final
// newline, the layout the agents' own files use.
func (n *Node) Encode() []byte {
	var b bytes.Buffer
	n.write(&b, 0)
	b.WriteByte('\n')
	return b.Bytes()
}

func (n *Node) write(b *bytes.Buffer, depth int) {
	switch n.kind {
	case '{':
		writeBlock(b, depth, "{}", len(n.members), func(i int) {
			b.Write(Value(n.members[i].key).raw)
			b.WriteString(": ")
			n.members[i].val.write(b, depth+1)
		})
	case '[':
		writeBlock(b, depth, "[]", len(n.items), func(i int) { n.items[i].write(b, depth+1) })
	default:
		b.Write(n.raw)
	}
}

// writeBlock writes an object's or an array's n entries between its brackets ("{}" or "[]"), each
// on a line of its own indented one level deeper than depth; an empty one is the brackets alone.
func writeBlock(b *bytes.Buffer, depth int, brackets string, n int, entry func(i int)) {
	if n == 0 {
		b.WriteString(brackets)
		return
	}
	b.WriteByte(brackets[0])
	b.WriteByte('\n')
	for i := range n {
		b.WriteString(strings.Repeat("  ", depth+1))
		entry(i)
		if i < n-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString(strings.Repeat("  ", depth))
	b.WriteByte(brackets[1])
}

// Items is an array's items. The slice shares n's storage, so a slot can
// be replaced in place.
func (n *Node) Items() []*Node { return n.items }

// Append adds items to an array.
func (n *Node) Append(items ...*Node) { n.items = append(n.items, items...) }

// Len is the number of an object's members or an array's items.
func (n *Node) Len() int { return len(n.members) + len(n.items) }

// MarshalJSON writes n compactly, keys in order, so a Node can stand
// anywhere encoding/json writes (and indents) a value.
func (n *Node) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	n.writeCompact(&b)
	return b.Bytes(), nil
}

func (n *Node) writeCompact(b *bytes.Buffer) {
	switch n.kind {
	case '{':
		b.WriteByte('{')
		for i, m := range n.members {
			if i > 0 {
				b.WriteByte(',')
			}
			b.Write(Value(m.key).raw)
			b.WriteByte(':')
			m.val.writeCompact(b)
		}
		b.WriteByte('}')
	case '[':
		b.WriteByte('[')
		for i, v := range n.items {
			if i > 0 {
				b.WriteByte(',')
			}
			v.writeCompact(b)
		}
		b.WriteByte(']')
	default:
		b.Write(n.raw)
	}
}
