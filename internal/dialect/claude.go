package dialect

import "github.com/hookrun/hookrun/internal/event"

// Claude Code: https://code.claude.com/docs/en/hooks. Payloads carry
// session_id, transcript_path, cwd, permission_mode and hook_event_name;
// tool events add tool_name, tool_input and tool_use_id.

var claudeEvents = map[string]Kind{
	"UserPromptSubmit":   Prompt,
	"PreToolUse":         PreTool,
	"PostToolUse":        PostTool,
	"PostToolUseFailure": PostTool,
	"Stop":               End,
	"SessionEnd":         End,
}

var claudeTools = map[string]string{
	"Bash":         Shell,
	"Edit":         EditFile,
	"MultiEdit":    EditFile,
	"NotebookEdit": EditFile,
	"Write":        WriteFile,
	"Read":         ReadFile,
	"Glob":         ListFiles,
	"LS":           ListFiles,
	"Grep":         SearchFiles,
	"WebFetch":     WebFetch,
	"WebSearch":    WebSearch,
}

func readClaude(c *Call) error {
	c.Kind = claudeEvents[c.AgentEvent]
	c.SessionID = c.opt("session_id")
	c.CWD = c.opt("cwd")
	switch c.Kind {
	case Prompt:
		p, _, err := c.str("prompt")
		c.Prompt = p
		return err
	case PreTool:
		return c.readTool(claudeTools)
	case PostTool:
		if err := c.readTool(claudeTools); err != nil {
			return err
		}
		c.Status = "success"
		if c.AgentEvent == "PostToolUseFailure" {
			c.Status = "failure"
			c.ErrorMessage = c.opt("error")
		} else {
			failedResponse(c)
		}
		c.DurationMS, c.HasDuration = c.number("duration_ms")
	case End:
		c.changedFilesField()
	}
	return nil
}

// claudeOutput is Claude Code's hook output: the universal systemMessage,
// top-level decision and reason (UserPromptSubmit), and hookSpecificOutput.
type claudeOutput struct {
	Decision           string          `json:"decision,omitempty"`
	Reason             string          `json:"reason,omitempty"`
	SystemMessage      string          `json:"systemMessage,omitempty"`
	HookSpecificOutput *claudeSpecific `json:"hookSpecificOutput,omitempty"`
}

type claudeSpecific struct {
	HookEventName            string `json:"hookEventName"`
	PermissionDecision       string `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
	AdditionalContext        string `json:"additionalContext,omitempty"`
}

// claudeAnswer: a denied prompt is decision "block" (Claude Code has no
// ask for prompts, so require_human blocks too, saying so); a tool call is
// permissionDecision deny or ask. An allow sets no permissionDecision at
// all: "allow" would skip Claude Code's own permission prompt, and hookrun
// has no opinion there. Infra events only ever carry a systemMessage.
func claudeAnswer(c *Call, v verdict) claudeOutput {
	out := claudeOutput{SystemMessage: v.user}
	switch c.Kind {
	case Prompt:
		if v.decision != event.Allow {
			out.Decision, out.Reason = "block", v.blockReason()
		} else if v.context != "" {
			out.HookSpecificOutput = &claudeSpecific{HookEventName: c.AgentEvent, AdditionalContext: v.context}
		}
	case PreTool:
		spec := claudeSpecific{HookEventName: c.AgentEvent}
		switch v.decision {
		case event.Deny:
			spec.PermissionDecision, spec.PermissionDecisionReason = "deny", v.reason
		case event.RequireHuman:
			spec.PermissionDecision, spec.PermissionDecisionReason = "ask", v.reason
			spec.AdditionalContext = v.context
		default:
			spec.AdditionalContext = v.context
		}
		if spec.PermissionDecision != "" || spec.AdditionalContext != "" {
			out.HookSpecificOutput = &spec
		}
	}
	return out
}
