package ojson

import (
	"strings"
	"testing"
)

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

// A key given twice in one object is refused: JSON.parse, which the agents read their settings
// with, keeps the last, so a file holding hookrun's entries under the first "hooks" and an empty
// "hooks" after it would look installed to hookrun and route nothing in the agent.
func TestParseRefusesADuplicateKey(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"hooks":{"Stop":[]},"hooks":{}}`, `the key "hooks" is given twice in one object, and JSON readers differ on which one counts at line 1, column 29`},
		{"{\"hooks\": {\n  \"Stop\": [],\n  \"Stop\": [1]\n}}", `the key "Stop" is given twice in one object, and JSON readers differ on which one counts at line 3, column 9`},
		{`{"a":{"x":1},"b":{"x":1}}`, ``}, // the same key in two objects is no duplicate
		{`[{"x":1},{"x":1}]`, ``},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.in))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("Parse(%q) error\n%s\nwant\n%s", tt.in, got, tt.want)
		}
	}
}

// A document nested past maxDepth is an error, not a stack overflow: a settings file of millions of
// brackets crashed install, validate and emit --dialect (which reads the agent's timeout there).
func TestParseBoundsTheDepth(t *testing.T) {
	deep := strings.Repeat("[", 1_000_000) + strings.Repeat("]", 1_000_000)
	_, err := Parse([]byte(`{"x":` + deep + `}`))
	if want := "nested more than 10000 levels deep at line 1, column 10006"; err == nil || err.Error() != want {
		t.Errorf("Parse of 1,000,000 nested arrays: %v, want %s", err, want)
	}
	ok := strings.Repeat("[", maxDepth-1) + strings.Repeat("]", maxDepth-1)
	if _, err := Parse([]byte(`{"x":` + ok + `}`)); err != nil {
		t.Errorf("Parse at the limit: %v", err)
	}
}
