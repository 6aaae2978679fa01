package dialect

import (
	"encoding/json"
	"time"

	"github.com/hookrun/hookrun/internal/event"
)

// GitHub Copilot CLI (npm @github/copilot 1.0.102): from its hooks
// reference (docs.github.com, copilot/reference/copilot-cli-reference/
// cli-hooks-reference); its npm package is a single executable whose
// JavaScript could not be read. Hooks are .github/hooks/*.json. Events
// configured in PascalCase (PreToolUse) get payloads in Claude Code's
// shape: hook_event_name, session_id, timestamp, cwd, tool_name,
// tool_input (parsed from its JSON string when possible), tool_result
// {result_type, text_result_for_llm} on PostToolUse, error on
// PostToolUseFailure. Copilot CLI logs and skips a hook that exits
// non-zero or times out, so a failure must be answered on stdout.

// copilot is everything hookrun knows about this agent.
var copilot = Agent{
	Name:   Copilot,
	read:   readCopilot,
	answer: func(c *Call, v verdict) (any, []string) { return copilotAnswer(c, v) },
	// Its payloads carry no duration.
	NoDuration: true,
	Settings: Settings{
		File:           ".github/hooks/hookrun.json",
		Events:         []string{"PreToolUse", "PostToolUse", "PostToolUseFailure", "Stop"},
		Unit:           time.Second,
		Flat:           true,
		Shell:          true,
		CommandKey:     "bash",
		TimeoutKey:     "timeoutSec",
		Typed:          true,
		AnswerFailures: true,
		Note:           "Copilot CLI does not act on a userPromptSubmitted hook's answer, so PromptSubmit hooks do not run under it",
	},
}

var copilotEvents = table[Kind]{
	{"UserPromptSubmit", Prompt},
	{"PreToolUse", PreTool},
	{"PostToolUse", PostTool},
	{"PostToolUseFailure", PostTool},
	{"Stop", End},
	{"SessionEnd", End},
}

// copilotTools are the tool names of the hooks reference.
var copilotTools = table[string]{
	{"bash", Shell},
	{"powershell", Shell},
	{"edit", EditFile},
	{"create", WriteFile},
	{"view", ReadFile},
	{"glob", ListFiles},
	{"grep", SearchFiles},
	{"web_fetch", WebFetch},
}

func readCopilot(c *Call) error {
	return c.readCommon(copilotEvents, copilotTools, func(c *Call) {
		if c.Kind != PostTool {
			return
		}
		if c.AgentEvent == "PostToolUseFailure" {
			c.Status, c.ErrorMessage = "failure", c.opt("error")
			return
		}
		var r struct {
			Type string `json:"result_type"`
			Text string `json:"text_result_for_llm"`
		}
		if json.Unmarshal(c.Payload["tool_result"], &r) == nil && r.Type != "" && r.Type != "success" {
			c.Status, c.ErrorMessage = "failure", r.Type+": "+r.Text
		}
	})
}

// copilotOutput holds preToolUse's documented decision fields.
type copilotOutput struct {
	PermissionDecision       string `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
}

// copilotAnswer: preToolUse's deny and ask, with a reason; anything else is
// {}: earlier Copilot CLI versions denied on any non-empty answer, and
// agentStop's decision would keep the agent going. Copilot CLI's command
// hooks have no field for context or a message for the person: those are
// reported on stderr.
func copilotAnswer(c *Call, v verdict) (copilotOutput, []string) {
	var out copilotOutput
	var notes []string
	drop := func(what, text string) {
		if text != "" {
			notes = append(notes, dropped(c, what, text))
		}
	}
	switch {
	case c.Kind == PreTool && v.decision == event.Deny:
		out.PermissionDecision, out.PermissionDecisionReason = "deny", v.reason
	case c.Kind == PreTool && v.decision == event.RequireHuman:
		out.PermissionDecision, out.PermissionDecisionReason = "ask", v.blockReason()
	case c.Kind == Prompt && v.decision != event.Allow:
		notes = append(notes, "hookrun: copilot UserPromptSubmit cannot be blocked; not delivered: "+v.blockReason())
	default:
		drop("context for the AI", v.context)
	}
	if c.Kind != Unmapped {
		drop("a message for the user", v.user)
	}
	return out, notes
}
