package settings

import "testing"

// commentAt finds the first comment a JSONC reader (Gemini CLI's strip-json-comments) would
// strip, and nothing inside a string.
func TestCommentAt(t *testing.T) {
	for _, tc := range []struct {
		in        string
		line, col int
	}{
		{"{\n  // x\n}", 2, 3},
		{`{"a": 1 /* x */}`, 1, 9},
		{`{"url": "http://x", "b": "/*"}`, 0, 0},
		{`{"a": "q\"//", "b": 2}// end`, 1, 23},
		{`{"a": "\\"}//`, 1, 12},
		{`{"a": 1 / 2}`, 0, 0},
		{`{"a": "é"} //`, 1, 13}, // columns count bytes, as ojson's errors do
		{"", 0, 0},
	} {
		line, col, ok := commentAt([]byte(tc.in))
		if ok != (tc.line > 0) || line != tc.line || col != tc.col {
			t.Errorf("commentAt(%q) = %d, %d, %v; want %d, %d", tc.in, line, col, ok, tc.line, tc.col)
		}
	}
}
