package dialect

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/merge"
)

// Whatever an agent sends, Read either refuses it with a PayloadError or
// returns a call whose context emit accepts and whose answers encode.
func FuzzRead(f *testing.F) {
	for _, p := range payloads {
		f.Add(string(p.dialect), p.json)
	}
	f.Fuzz(func(t *testing.T, name, payload string) {
		n, ok := Parse(name)
		if !ok {
			return
		}
		c, err := Read(n, []byte(payload))
		var pe *PayloadError
		if err != nil && !errors.As(err, &pe) {
			t.Fatalf("Read error %v is not a PayloadError", err)
		}
		if c == nil {
			return
		}
		for _, r := range []Response{Failure(c, errors.New("x")), NoOpinion(c), Respond(c, merge.Result{Decision: event.Deny, Reason: "r"})} {
			if _, err := json.Marshal(r.Body); err != nil {
				t.Fatalf("answer does not encode: %v", err)
			}
		}
		if err != nil || c.Kind == Unmapped {
			return
		}
		if c.Kind == End {
			c.SetChangedFiles([]string{"a"})
		}
		doc, err := c.Context()
		if err != nil {
			t.Fatalf("Context: %v", err)
		}
		if _, err := event.ParseContext(doc, ""); err != nil && len(doc) <= event.MaxContextBytes {
			t.Fatalf("emit refuses the context of %s: %v\n%s", payload, err, doc)
		}
	})
}
