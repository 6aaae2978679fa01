package dialect

import (
	"strings"

	"github.com/hookrun/hookrun/internal/event"
)

// Codex: https://developers.openai.com/codex/hooks and the output schemas
// in openai/codex, codex-rs/hooks/schema/generated. Payloads carry
// session_id, turn_id, transcript_path, cwd, model and hook_event_name;
// tool events add tool_name (Bash, apply_patch, mcp__server__tool),
// tool_input and tool_use_id. Codex rejects output fields it does not know,
// so the answers below use only fields of those schemas.

var codexEvents = map[string]Kind{
	"UserPromptSubmit": Prompt,
	"PreToolUse":       PreTool,
	"PostToolUse":      PostTool,
	"Stop":             End,
}

var codexTools = map[string]string{
	"Bash":        Shell,
	"apply_patch": EditFile,
}

func readCodex(c *Call) error {
	c.Kind = codexEvents[c.AgentEvent]
	c.SessionID = c.opt("session_id")
	c.CWD = c.opt("cwd")
	switch c.Kind {
	case Prompt:
		p, _, err := c.str("prompt")
		c.Prompt = p
		return err
	case PreTool, PostTool:
		if err := c.readTool(codexTools); err != nil {
			return err
		}
		if c.Tool.Name == "apply_patch" {
			if files := patchFiles(c.Tool.Input); files != "" {
				c.Tool.Summary = capLine(files)
			}
		}
		if c.Kind == PostTool {
			c.Status = "success"
			failedResponse(c)
		}
	case End:
		c.changedFilesField()
	}
	return nil
}

// patchFiles lists the files an apply_patch input touches, from the
// patch's "*** Add File:", "*** Update File:" and "*** Delete File:" lines.
func patchFiles(input []byte) string {
	patch := text(object(input)["command"])
	var files []string
	for line := range strings.Lines(patch) {
		line = strings.TrimSpace(line)
		for _, p := range []string{"*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Move to: "} {
			if f, ok := strings.CutPrefix(line, p); ok {
				files = append(files, f)
			}
		}
	}
	return strings.Join(files, ", ")
}

// codexOutput holds only fields of Codex's output schemas.
type codexOutput struct {
	Decision           string         `json:"decision,omitempty"`
	Reason             string         `json:"reason,omitempty"`
	SystemMessage      string         `json:"systemMessage,omitempty"`
	HookSpecificOutput *codexSpecific `json:"hookSpecificOutput,omitempty"`
}

type codexSpecific struct {
	HookEventName            string `json:"hookEventName"`
	PermissionDecision       string `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
	AdditionalContext        string `json:"additionalContext,omitempty"`
}

// codexAnswer: Codex rejects permissionDecision "ask" (and "allow" without
// updatedInput), so require_human is a deny that says a human must approve.
// A deny never carries additionalContext: versions of Codex that do not
// support it on PreToolUse treat the whole answer as unsupported and let
// the call through.
func codexAnswer(c *Call, v verdict) codexOutput {
	out := codexOutput{}
	if c.Kind != Unmapped {
		out.SystemMessage = v.user
	}
	switch c.Kind {
	case Prompt:
		if v.decision != event.Allow {
			out.Decision, out.Reason = "block", v.blockReason()
		} else if v.context != "" {
			out.HookSpecificOutput = &codexSpecific{HookEventName: c.AgentEvent, AdditionalContext: v.context}
		}
	case PreTool:
		if v.decision != event.Allow {
			out.HookSpecificOutput = &codexSpecific{HookEventName: c.AgentEvent, PermissionDecision: "deny", PermissionDecisionReason: v.blockReason()}
		} else if v.context != "" {
			out.HookSpecificOutput = &codexSpecific{HookEventName: c.AgentEvent, AdditionalContext: v.context}
		}
	}
	return out
}
