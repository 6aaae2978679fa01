package dialect

import (
	"bytes"
	"encoding/json"

	"github.com/hookrun/hookrun/internal/event"
	"time"
)

// Cursor: https://cursor.com/docs/agent/hooks. Payloads carry
// conversation_id, generation_id, model, hook_event_name, cursor_version,
// workspace_roots, user_email and transcript_path. Its before/after events
// are specific to one kind of tool and name no tool, so the context's
// tool_name is Cursor's own name for that kind (Shell, Read, Write), and
// tool_input is built from the payload's fields (command and cwd, or
// file_path).

// cursorEvent is what one Cursor event means: its kind, Cursor's tool, the
// canonical ability (empty for MCP) and the payload fields that make the
// tool input.
type cursorEvent struct {
	kind    Kind
	tool    string
	ability string
	input   []string
}

// cursor is everything hookrun knows about this agent.
var cursor = Agent{
	Name:   Cursor,
	read:   readCursor,
	answer: func(c *Call, v verdict) (any, []string) { return cursorAnswer(c, v) },
	Settings: Settings{
		// Cursor runs project hooks from the project root.
		File:       ".cursor/hooks.json",
		Events:     []string{"beforeSubmitPrompt", "beforeShellExecution", "beforeMCPExecution", "beforeReadFile", "afterShellExecution", "afterMCPExecution", "afterFileEdit", "stop"},
		Unit:       time.Second,
		Flat:       true,
		RunsInRoot: true,
		Note:       "Cursor runs project hooks only in a trusted workspace, and reads hooks.json when it starts",
		// Cursor documents its default timeout only as "platform default",
		// and a hook that times out, crashes or answers no JSON lets the call
		// through unless its entry says failClosed (cursor.com/docs/hooks).
		FailClosed: "failClosed",
		Hooks:      []Later{{File: ".cursor/hooks.json", Why: "Cursor runs this hook itself when %s fires, " + besideOurs + ", in a trusted workspace; check what it runs, or remove it"}},
	},
}

var cursorEvents = table[cursorEvent]{
	{"beforeSubmitPrompt", cursorEvent{kind: Prompt}},
	{"beforeShellExecution", cursorEvent{PreTool, "Shell", Shell, []string{"command", "cwd"}}},
	{"beforeMCPExecution", cursorEvent{kind: PreTool}},
	{"beforeReadFile", cursorEvent{PreTool, "Read", ReadFile, []string{"file_path"}}},
	{"afterShellExecution", cursorEvent{PostTool, "Shell", Shell, []string{"command"}}},
	{"afterMCPExecution", cursorEvent{kind: PostTool}},
	{"afterFileEdit", cursorEvent{PostTool, "Write", EditFile, []string{"file_path", "edits"}}},
	{"stop", cursorEvent{kind: End}},
	// Read, not routed: stop already ends each turn (docs/agents/README.md,
	// "The end of a session").
	{"sessionEnd", cursorEvent{kind: End}},
}

func readCursor(c *Call) error {
	e, _ := cursorEvents.get(c.AgentEvent)
	c.Kind = e.kind
	c.SessionID = c.opt("conversation_id")
	if c.SessionID == "" {
		c.SessionID = c.opt("session_id")
	}
	c.CWD = c.opt("cwd")
	if c.CWD == "" {
		var roots []string
		if json.Unmarshal(c.Payload["workspace_roots"], &roots) == nil && len(roots) > 0 {
			c.CWD = roots[0]
		}
	}
	switch c.Kind {
	case Prompt:
		p, _, err := c.str("prompt")
		c.Prompt = p
		var attachments []struct {
			FilePath string `json:"filePath"`
			Snake    string `json:"file_path"`
		}
		_ = json.Unmarshal(c.Payload["attachments"], &attachments)
		for _, a := range attachments {
			if a.FilePath == "" {
				a.FilePath = a.Snake
			}
			if a.FilePath != "" {
				c.CurrentFiles = append(c.CurrentFiles, a.FilePath)
			}
		}
		return err
	case PreTool, PostTool:
		if e.tool == "" { // MCP: the payload names the tool and carries its input
			name, err := c.need("tool_name")
			if err != nil {
				return err
			}
			c.Tool = Tool{Name: name, Input: c.Payload["tool_input"], Ability: MCPID(MCPServerUnknown, name)}
			if id, ok := mcpAbility(name); ok {
				c.Tool.Ability = id
			}
			c.liftedInput = c.Tool.Input != nil
		} else {
			if _, err := c.need(e.input[0]); err != nil {
				return err
			}
			c.Tool = Tool{Name: e.tool, Input: c.pick(e.input), Ability: e.ability}
		}
		c.Tool.Summary = summarize(c.Tool.Ability, c.Tool.Input)
		if c.Kind == PostTool {
			c.Status = "success"
			c.DurationMS, c.HasDuration = c.number("duration")
		}
	case End:
		c.changedFilesField()
	}
	return nil
}

// pick builds a JSON object of the named payload fields, in that order.
func (c *Call) pick(names []string) json.RawMessage {
	var buf bytes.Buffer
	buf.WriteByte('{')
	n := 0
	for _, k := range names {
		raw, ok := c.Payload[k]
		if !ok {
			continue
		}
		if n > 0 {
			buf.WriteByte(',')
		}
		key, _ := json.Marshal(k)
		buf.Write(key)
		buf.WriteByte(':')
		_ = json.Compact(&buf, raw)
		n++
	}
	buf.WriteByte('}')
	return buf.Bytes()
}

// cursorOutput holds the fields of Cursor's answers: permission with
// user_message and agent_message (beforeShellExecution, beforeMCPExecution;
// beforeReadFile takes permission and user_message only), continue with
// user_message (beforeSubmitPrompt).
type cursorOutput struct {
	Continue     *bool  `json:"continue,omitempty"`
	Permission   string `json:"permission,omitempty"`
	UserMessage  string `json:"user_message,omitempty"`
	AgentMessage string `json:"agent_message,omitempty"`
}

// cursorAnswer: a permission event gets an explicit permission: Cursor
// blocks a file read or MCP call whose hook answers without one (fail
// closed). beforeReadFile and beforeSubmitPrompt cannot ask, so
// require_human blocks there, saying so. Cursor has no field for context on
// prompts or file reads, and its after* and stop events take no answer
// (stop's only field, followup_message, would keep the agent going): what
// cannot be delivered is reported on stderr.
func cursorAnswer(c *Call, v verdict) (cursorOutput, []string) {
	out := cursorOutput{}
	var notes []string
	drop := func(what, text string) {
		if text != "" {
			notes = append(notes, dropped(c, what, text))
		}
	}
	switch {
	case c.Kind == Prompt:
		proceed := v.decision == event.Allow
		out.Continue = &proceed
		if !proceed {
			out.UserMessage = v.blockReason()
		} else {
			drop("context for the AI", v.context)
			drop("a message for the user", v.user)
		}
	case c.Kind == PreTool && c.AgentEvent == "beforeReadFile":
		out.Permission = "allow"
		if v.decision != event.Allow {
			out.Permission, out.UserMessage = "deny", v.blockReason()
		} else {
			drop("context for the AI", v.context)
			drop("a message for the user", v.user)
		}
	case c.Kind == PreTool:
		switch v.decision {
		case event.Deny:
			out.Permission, out.UserMessage, out.AgentMessage = "deny", v.reason, v.reason
		case event.RequireHuman:
			out.Permission, out.UserMessage, out.AgentMessage = "ask", v.reason, v.reason
		default:
			out.Permission, out.UserMessage, out.AgentMessage = "allow", v.user, v.context
		}
	default:
		drop("a message for the user", v.user)
	}
	return out, notes
}
