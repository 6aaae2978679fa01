package ojson

import (
	"errors"
	"fmt"
	"testing"
)

func TestLocate(t *testing.T) {
	doc := "{\n  \"a\": 1,\n  \"hooks\": {\n    \"Pre\": [\n      {\"hooks\": [{\"x\": 1}, {\"command\": \"c\"}]},\n\t\t\t{\"matcher\": \"\"}\n    ]\n  },\n  \"a.b\": {\"c\": [1, [2, 3]]}\n}\n"
	for _, c := range []struct {
		path []string
		want string
	}{
		{nil, "1:1"},
		{[]string{"a"}, "2:3"},
		{[]string{"hooks"}, "3:3"},
		{[]string{"hooks", "Pre"}, "4:5"},
		{[]string{"hooks", "Pre", "0"}, "5:7"},
		{[]string{"hooks", "Pre", "0", "hooks", "1"}, "5:28"},
		{[]string{"hooks", "Pre", "0", "hooks", "1", "command"}, "5:29"},
		{[]string{"hooks", "Pre", "1"}, "6:4"},
		{[]string{"hooks", "Pre", "1", "matcher"}, "6:5"},
		{[]string{"a.b", "c", "1", "1"}, "9:24"},
		// What is not there is the nearest thing that is.
		{[]string{"hooks", "Pre", "2"}, "4:5"},
		{[]string{"hooks", "Post"}, "3:3"},
		{[]string{"a", "b"}, "2:3"},
		{[]string{"hooks", "x"}, "3:3"},
	} {
		line, col := Locate([]byte(doc), c.path)
		if got := fmt.Sprintf("%d:%d", line, col); got != c.want {
			t.Errorf("Locate(%q) = %s, want %s", c.path, got, c.want)
		}
	}
	// Not JSON: as far as it can read.
	if line, col := Locate([]byte("{\n \"a\": {\"b\": 1,,}}"), []string{"a", "c"}); line != 2 || col != 2 {
		t.Errorf("Locate of broken JSON = %d:%d, want 2:2", line, col)
	}
}

func TestParseErrorPosition(t *testing.T) {
	for _, c := range []struct {
		doc       string
		line, col int
		msg       string
	}{
		{"{\n  \"a\": 1,\n}\n", 3, 1, "invalid character '}' looking for beginning of object key string at line 3, column 1"},
		{"{\"a\": 1, \"a\": 2}", 1, 13, `the key "a" is given twice in one object, and JSON readers differ on which one counts at line 1, column 13`},
		{"{} {}", 0, 0, "more than one JSON document"},
	} {
		_, err := Parse([]byte(c.doc))
		var pe *SyntaxError
		switch {
		case err == nil || err.Error() != c.msg:
			t.Errorf("Parse(%q) = %v, want %s", c.doc, err, c.msg)
		case c.line == 0 && errors.As(err, &pe):
			t.Errorf("Parse(%q): a position %d:%d, want none", c.doc, pe.Line, pe.Col)
		case c.line > 0 && (!errors.As(err, &pe) || pe.Line != c.line || pe.Col != c.col):
			t.Errorf("Parse(%q): %#v, want a SyntaxError at %d:%d", c.doc, err, c.line, c.col)
		}
	}
}
