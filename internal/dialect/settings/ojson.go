package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// node is a JSON value that remembers the order of its object keys, so a
// settings file comes back with its keys where the person put them.
type node struct {
	members []member        // object, in file order
	items   []*node         // array
	raw     json.RawMessage // scalar, as written
	kind    byte            // '{', '[' or 0 for a scalar
}

type member struct {
	key string
	val *node
}

func object() *node { return &node{kind: '{'} }

func scalar(v any) *node {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return &node{raw: bytes.TrimSpace(buf.Bytes())}
}

// parse reads one JSON document. An empty document is an empty object:
// a settings file someone created and left blank.
func parse(data []byte) (*node, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return object(), nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	n, err := parseValue(dec)
	if err != nil {
		return nil, fmt.Errorf("%v at %s", err, position(data, dec.InputOffset()))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("more than one JSON document")
	}
	return n, nil
}

// position renders a byte offset as line:column, both from 1.
func position(data []byte, off int64) string {
	off = min(off, int64(len(data)))
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return fmt.Sprintf("line %d, column %d", line, col)
}

func parseValue(dec *json.Decoder) (*node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, tokenErr(err)
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			n := object()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, tokenErr(err)
				}
				v, err := parseValue(dec)
				if err != nil {
					return nil, err
				}
				n.members = append(n.members, member{kt.(string), v})
			}
			_, err := dec.Token()
			return n, tokenErr(err)
		case '[':
			n := &node{kind: '['}
			for dec.More() {
				v, err := parseValue(dec)
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
		return &node{raw: json.RawMessage(t.String())}, nil
	case nil:
		return &node{raw: json.RawMessage("null")}, nil
	}
	return scalar(tok), nil
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

func (n *node) isObject() bool { return n.kind == '{' }
func (n *node) isArray() bool  { return n.kind == '[' }

// get returns an object member, or nil.
func (n *node) get(key string) *node {
	for _, m := range n.members {
		if m.key == key {
			return m.val
		}
	}
	return nil
}

// set replaces an object member in place, or appends it.
func (n *node) set(key string, v *node) {
	for i, m := range n.members {
		if m.key == key {
			n.members[i].val = v
			return
		}
	}
	n.members = append(n.members, member{key, v})
}

// setFirst sets a member, putting it first when it is new.
func (n *node) setFirst(key string, v *node) {
	if n.get(key) != nil {
		n.set(key, v)
		return
	}
	n.members = append([]member{{key, v}}, n.members...)
}

// str is a string scalar's value, or "".
func (n *node) str() string {
	var s string
	if n != nil && n.kind == 0 {
		_ = json.Unmarshal(n.raw, &s)
	}
	return s
}

// encode writes the document with two-space indentation and a final
// newline, the layout the agents' own files use.
func (n *node) encode() []byte {
	var b bytes.Buffer
	n.write(&b, 0)
	b.WriteByte('\n')
	return b.Bytes()
}

func (n *node) write(b *bytes.Buffer, depth int) {
	pad := func(d int) { b.WriteString(strings.Repeat("  ", d)) }
	switch n.kind {
	case '{':
		if len(n.members) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for i, m := range n.members {
			pad(depth + 1)
			b.Write(scalar(m.key).raw)
			b.WriteString(": ")
			m.val.write(b, depth+1)
			if i < len(n.members)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		pad(depth)
		b.WriteByte('}')
	case '[':
		if len(n.items) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for i, v := range n.items {
			pad(depth + 1)
			v.write(b, depth+1)
			if i < len(n.items)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		pad(depth)
		b.WriteByte(']')
	default:
		b.Write(n.raw)
	}
}
