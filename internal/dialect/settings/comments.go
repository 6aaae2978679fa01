package settings

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// commentAt finds the first comment (// or /*) outside a JSON string, as a
// JSONC reader strips it, and where it starts: line and byte column, from 1.
// It is the first "/" that plainJSON blanks.
func commentAt(data []byte) (line, col int, ok bool) {
	plain := plainJSON(data)
	for i := range data {
		if data[i] == '/' && plain[i] != '/' {
			before := data[:i]
			return bytes.Count(before, []byte("\n")) + 1, i - bytes.LastIndexByte(before, '\n'), true
		}
	}
	return 0, 0, false
}

// commented says, for an agent that reads comments in its settings file
// (Gemini CLI strips them before parsing), where the file's first comment
// is and what to do, when a comment is why hookrun cannot read it; "" when
// not.
func (a Agent) commented(data []byte) string {
	line, col, ok := commentAt(data)
	if !a.Comments || !ok {
		return ""
	}
	return fmt.Sprintf("%s has a comment at line %d, column %d: %s reads comments in it, but hookrun edits only plain JSON and would lose them; remove the file's comments (hookrun keeps everything else, in its order) and run hookrun install %s again", a.File, line, col, a.Dialect, a.Dialect)
}

// plainJSON turns JSON with comments (// and /* */ outside strings) and
// trailing commas into plain JSON, each comment and dropped comma a space.
func plainJSON(data []byte) []byte { return stripJSON(data, true) }

// uncommented blanks JSON's comments and keeps its commas, as Gemini CLI
// reads its settings: a trailing comma is no JSON to it (it exits 52).
func uncommented(data []byte) []byte { return stripJSON(data, false) }

// stripJSON blanks comments, and trailing commas too when commas is set,
// keeping every other byte where it was (so an error's place stands).
func stripJSON(data []byte, commas bool) []byte {
	out := slices.Clone(data)
	inString, escaped := false, false
	lastComma := -1 // a comma with only white space and comments after it so far
	for i := 0; i < len(out); i++ {
		c := out[i]
		switch {
		case inString && escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case inString:
			inString = c != '"'
		case c == '/' && i+1 < len(out) && out[i+1] == '/':
			for ; i < len(out) && out[i] != '\n'; i++ {
				out[i] = ' '
			}
		case c == '/' && i+1 < len(out) && out[i+1] == '*':
			end := strings.Index(string(out[i+2:]), "*/")
			stop := len(out)
			if end >= 0 {
				stop = i + 2 + end + 2
			}
			for ; i < stop; i++ {
				if out[i] != '\n' {
					out[i] = ' '
				}
			}
			i--
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		case c == ',':
			lastComma = i
		case (c == '}' || c == ']') && lastComma >= 0 && commas:
			out[lastComma] = ' '
			lastComma = -1
		default:
			inString = c == '"'
			lastComma = -1
		}
	}
	return out
}
