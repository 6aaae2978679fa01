package ojson

import (
	"encoding/json"
	"io"
)

// SelfEncoding is a value whose MarshalJSON writes compact, valid JSON
// that its own tests hold to encoding/json's bytes. Write prints it as it
// is: an Encoder would check and compact it again, which costs more than
// writing it did (emit's result, on every event).
type SelfEncoding interface {
	json.Marshaler
	SelfEncoding()
}

// Write writes v as one JSON document and a newline, indented when pretty,
// with HTML escaping off.
func Write(w io.Writer, v any, pretty bool) error {
	if r, ok := v.(SelfEncoding); ok && !pretty {
		b, err := r.MarshalJSON()
		if err != nil {
			return err
		}
		_, err = w.Write(append(b, '\n'))
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	if pretty {
		enc.SetIndent("", "  ")
	}
	return enc.Encode(v)
}
