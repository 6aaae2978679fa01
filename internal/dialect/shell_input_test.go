package dialect

import (
	"errors"
	"testing"
)

// A shell call whose command hookrun cannot read as a command line is not
// a call with no command: an agent that took the object or the number as
// its command would run something no guard saw. The payload is refused, so
// a tool call gets the agent's deny; a shell tool with no command field at
// all (Claude Code's Monitor watching a WebSocket) is read as before.
func TestShellCommandOfAnotherType(t *testing.T) {
	for _, tt := range []struct{ input, want string }{
		{`{"command":{"x":"rm -rf /"}}`, "claude-code PreToolUse payload: tool_input.command must be a string or a list of strings, got an object"},
		{`{"command":123}`, "claude-code PreToolUse payload: tool_input.command must be a string or a list of strings, got a number"},
		{`{"command":["rm",1]}`, "claude-code PreToolUse payload: tool_input.command must be a string or a list of strings, got an array"},
		{`"rm -rf /"`, "claude-code PreToolUse payload: tool_input must be an object, got a string"},
		{`[1]`, "claude-code PreToolUse payload: tool_input must be an object, got an array"},
	} {
		payload := `{"hook_event_name":"PreToolUse","session_id":"s","cwd":"/p","tool_name":"Bash","tool_input":` + tt.input + `}`
		_, err := Read(ClaudeCode, []byte(payload))
		var pe *PayloadError
		if !errors.As(err, &pe) || err.Error() != tt.want {
			t.Errorf("Read(%s) error\n%v, want\n%q", tt.input, err, tt.want)
		}
	}
	for _, input := range []string{`{"command":"ls"}`, `{"command":["ls","-l"]}`, `{"command":null}`, `{"ws":{"url":"ws://x"}}`, `{}`, `null`, `"{\"command\":\"ls\"}"`} {
		payload := `{"hook_event_name":"PreToolUse","session_id":"s","cwd":"/p","tool_name":"Monitor","tool_input":` + input + `}`
		if _, err := Read(ClaudeCode, []byte(payload)); err != nil {
			t.Errorf("Read(%s): %v", input, err)
		}
	}
}
