package inspect

import (
	"strings"
	"testing"
)

// FuzzReadsAgentField: the line and column named hold tool_input or
// tool_name, on a line that is not a comment; the script is the
// repository's, so any text must be read without a panic.
func FuzzReadsAgentField(f *testing.F) {
	f.Add("#!/usr/bin/env python3\n# tool_input\np = ctx.get(\"tool_input\", {})\n")
	f.Add("cmd=$(jq -r '.tool_input.command')\r\n")
	f.Add("// tool_name\nif (ctx.tool_name === 'Bash') {}\nmy_tool_input = 1\n")
	re := agentFieldPattern()
	f.Fuzz(func(t *testing.T, text string) {
		n, col, name := readsAgentField([]byte(text), re)
		if n == 0 {
			return
		}
		lines := strings.Split(text, "\n")
		if n > len(lines) {
			t.Fatalf("line %d of %d lines", n, len(lines))
		}
		line := lines[n-1]
		if t2 := strings.TrimSpace(line); strings.HasPrefix(t2, "#") || strings.HasPrefix(t2, "//") {
			t.Fatalf("line %d %q is a comment", n, line)
		}
		if col < 1 || !strings.HasPrefix(line[col-1:], name) || (name != "tool_input" && name != "tool_name") {
			t.Fatalf("line %d %q, column %d: no %s there", n, line, col, name)
		}
	})
}
