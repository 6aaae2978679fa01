package ojson

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// Locate is where in the JSON document data the value at path is: an
// object member's key, an array item's first byte (path holds an item's
// index in decimal). A path that leads nowhere (a key not there, an index
// past the end, a document broken on the way) stops at the last value it
// reached, the document itself at worst: a message still points near
// what it is about. Line and column count from 1, the column in bytes.
func Locate(data []byte, path []string) (line, col int) {
	dec := json.NewDecoder(bytes.NewReader(data))
	// start is the offset of the next token: the decoder's offset is past
	// the previous one, before any white space, comma or colon.
	start := func() int64 {
		off := dec.InputOffset()
		for off < int64(len(data)) && bytes.IndexByte([]byte(" \t\r\n,:"), data[off]) >= 0 {
			off++
		}
		return off
	}
	at := start()
	for _, seg := range path {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		d, _ := tok.(json.Delim)
		next, found := int64(-1), false
		switch d {
		case '{':
			for dec.More() {
				off := start()
				k, err := dec.Token()
				if err != nil {
					break
				}
				if k == seg {
					next, found = off, true
					break
				}
				if skip(dec) != nil {
					break
				}
			}
		case '[':
			i, err := strconv.Atoi(seg)
			for n := 0; err == nil && dec.More(); n++ {
				if n == i {
					next, found = start(), true
					break
				}
				if skip(dec) != nil {
					break
				}
			}
		}
		if !found {
			break
		}
		at = next
	}
	return position(data, at)
}

// skip reads one value, however deep.
func skip(dec *json.Decoder) error {
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		if depth == 0 {
			return nil
		}
	}
}
