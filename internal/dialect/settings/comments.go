package settings

import (
	"bytes"
	"fmt"
)

// commentAt finds the first comment (// or /*) outside a JSON string, as a
// JSONC reader strips it, and where it starts: line and byte column, from 1.
func commentAt(data []byte) (line, col int, ok bool) {
	inString, escaped := false, false
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case inString && escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case inString:
			inString = c != '"'
		case c == '"':
			inString = true
		case c == '/' && i+1 < len(data) && (data[i+1] == '/' || data[i+1] == '*'):
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
