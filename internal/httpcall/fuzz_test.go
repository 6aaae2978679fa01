package httpcall

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/hookrun/hookrun/internal/ojson"
)

// FuzzUnwrapOPA: whatever a policy service answers, reading OPA's
// {"result": …} does not panic, and an answer it takes is one JSON value,
// not null, from an object that named result exactly once: a decision
// read two ways, or read from nothing, must not come back as an answer.
func FuzzUnwrapOPA(f *testing.F) {
	for _, s := range []string{`{"result":{}}`, `{"result":null}`, `{"decision_id":"x"}`, `[1]`, `{"result":{},"result":{}}`,
		`{"result":{"hook_signals":[{"kind":"ability_guard","code":"ABILITY_DENIED"}]}} x`, `{"Result":{}}`, `null`, ``,
		`{"result":{"hook_signals":[]},"resul\u0074":{}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		o := unwrapOPA(Outcome{Body: body})
		if o.Failure != None {
			if o.Err == nil {
				t.Fatalf("%q: failure %d without a reason", body, o.Failure)
			}
			return
		}
		if !json.Valid(o.Body) || bytes.Equal(bytes.TrimSpace(o.Body), []byte("null")) {
			t.Fatalf("%q: took %q as the result", body, o.Body)
		}
		if dup := ojson.DuplicateKeys(body, 1); len(dup) > 0 {
			t.Fatalf("%q: took an answer whose key %q appears twice", body, dup[0])
		}
	})
}
