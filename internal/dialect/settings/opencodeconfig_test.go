package settings

import (
	"encoding/json"
	"testing"
)

// plainJSON reads OpenCode's JSON with comments as OpenCode does: comments
// and trailing commas go, a // or /* inside a string (an escaped quote
// before it) stays.
func TestPlainJSON(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"a": 1, // one` + "\n" + `}`, `{"a":1}`},
		{`{"a": [1, 2, /* two */ ], }`, `{"a":[1,2]}`},
		{`{"u": "http://x/*y*/", "q": "\"//\""}`, `{"q":"\"//\"","u":"http://x/*y*/"}`},
		{`{"a": "x,"}`, `{"a":"x,"}`},
		{`{"a": 1 /* open`, ``},
	}
	for _, tt := range tests {
		var v any
		err := json.Unmarshal(plainJSON([]byte(tt.in)), &v)
		got, _ := json.Marshal(v)
		if tt.want == "" {
			if err == nil {
				t.Errorf("%q: read as %s, want an error", tt.in, got)
			}
			continue
		}
		if err != nil || string(got) != tt.want {
			t.Errorf("%q: %s (%v), want %s", tt.in, got, err, tt.want)
		}
	}
}
