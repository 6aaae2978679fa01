package ojson

import "testing"

// Encode lays a document out as the agents' own settings files are: two spaces a level, one entry a
// line, keys in their order, and an empty object or array on the line of its key.
func TestEncode(t *testing.T) {
	n, err := Parse([]byte(`{"b":{},"a":[],"hooks":{"Stop":[{"type":"command","timeout":120}],"x":[1,[2]]}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "b": {},
  "a": [],
  "hooks": {
    "Stop": [
      {
        "type": "command",
        "timeout": 120
      }
    ],
    "x": [
      1,
      [
        2
      ]
    ]
  }
}
`
	if got := string(n.Encode()); got != want {
		t.Errorf("Encode =\n%s\nwant\n%s", got, want)
	}
}
