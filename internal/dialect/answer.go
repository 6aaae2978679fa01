package dialect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/merge"
	"github.com/hookrun/hookrun/internal/untrusted"
)

// Response is hookrun's answer to the agent: Body goes to stdout as one
// JSON document and the process exits 0, every agent's convention for a
// structured answer. Notes go to stderr: the agents keep stderr of a
// successful hook in their logs, not in front of the model.
type Response struct {
	Body  any
	Notes []string
	// Blocks is the reason when the answer blocks a guarded action (a
	// tool call, a prompt): if Body cannot be written, exit 2 with it on
	// stderr still blocks, where a plain failure would let the action run.
	Blocks string
}

// verdict is what hookrun has to say, before it takes an agent's shape.
type verdict struct {
	decision event.Decision
	reason   string // why, when the decision is not allow
	context  string // text for the AI: routing hints, additional_context
	user     string // text for a person: user messages, hookrun's warnings
}

// blockReason is the reason for an agent that cannot ask a human: a
// require_human decision becomes a deny that says so.
func (v verdict) blockReason() string {
	if v.decision == event.RequireHuman {
		return "needs human approval: " + v.reason
	}
	return v.reason
}

// permissionAnswer is a PreToolUse verdict as Claude Code and Copilot CLI
// both read it: permissionDecision deny with the reason; ask with a reason
// that says a human must approve (in a headless run Claude Code turns ask
// into a denial, and the model must tell the two apart); context for the AI
// beside an ask or an allow, never beside a deny. An allow sets no
// permissionDecision: "allow" would skip the agent's own permission prompt,
// and hookrun has no opinion there.
func permissionAnswer(v verdict) (decision, reason, context string) {
	switch v.decision {
	case event.Deny:
		return "deny", v.reason, ""
	case event.RequireHuman:
		return "ask", v.blockReason(), v.context
	}
	return "", "", v.context
}

// Respond turns a merged result into the agent's answer.
func Respond(c *Call, res merge.Result) Response {
	v := verdict{decision: res.Decision, context: contextText(res), user: userText(res)}
	if res.Decision != event.Allow {
		// The reason is the deciding hook's text: one clean line, so it
		// cannot end early and go on as someone else's.
		v.reason = untrusted.OneLine(res.Reason)
		if v.reason == "" {
			v.reason = "blocked"
		}
		if len(res.BlockedBy) > 0 {
			v.reason += " (hookrun: " + strings.Join(res.BlockedBy, ", ") + ")"
		}
	}
	r := render(c, v)
	for _, e := range res.Errors {
		r.Notes = append(r.Notes, "hookrun: error: "+untrusted.OneLine(e.Message))
	}
	for _, w := range res.Warnings {
		who := ""
		if w.HookID != "" {
			who = "hook " + w.HookID + ": "
		}
		r.Notes = append(r.Notes, "hookrun: warning: "+who+untrusted.OneLine(w.Message))
	}
	return r
}

// NoOpinion is the answer that changes nothing, for an event hookrun has no
// counterpart for: the agent carries on as if no hook were configured.
func NoOpinion(c *Call) Response {
	return render(c, verdict{decision: event.Allow})
}

// Failure is the answer when hookrun could not do its job for a call it
// could read (invalid hook files, a payload missing a field, ...). A guarded
// tool call is denied, never let through unchecked; a prompt goes ahead with
// the problem shown to the AI and the person, so the AI can help fix it;
// infra events only report it.
func Failure(c *Call, err error) Response {
	msg := untrusted.OneLine(err.Error())
	var v verdict
	switch c.Kind {
	case PreTool:
		v = verdict{decision: event.Deny, reason: "hookrun could not check this call, so it is blocked: " + msg}
	case Prompt:
		v = verdict{
			decision: event.Allow,
			context:  "hookrun could not run this repository's hooks for this prompt: " + msg + ". Tool calls are blocked until this is fixed.",
			user:     "hookrun could not run this repository's hooks: " + msg,
		}
	default:
		v = verdict{decision: event.Allow, user: "hookrun could not run this repository's hooks: " + msg}
	}
	r := render(c, v)
	r.Notes = append(r.Notes, "hookrun: "+msg)
	return r
}

// Refusal is the agent's answer that blocks its event agentEvent with
// reason, for a hook command line to print when hookrun cannot answer.
func Refusal(n Name, agentEvent, reason string) ([]byte, error) {
	payload, _ := json.Marshal(map[string]string{"hook_event_name": agentEvent})
	c, _ := Read(n, payload)
	if c == nil || c.Kind != PreTool && c.Kind != Prompt {
		return nil, fmt.Errorf("%s %s guards no action", n, agentEvent)
	}
	return json.Marshal(render(c, verdict{decision: event.Deny, reason: reason}).Body)
}

func render(c *Call, v verdict) Response {
	a, _ := Find(c.Dialect)
	body, notes := a.answer(c, v)
	r := Response{Body: body, Notes: notes}
	if (c.Kind == PreTool || c.Kind == Prompt) && v.decision != event.Allow {
		r.Blocks = v.blockReason()
	}
	return r
}

// contextText renders what hooks had to tell the AI, one line per item,
// each naming its hook: routing hints, normalized intents, additional_context.
func contextText(res merge.Result) string {
	var lines []string
	// Every line names its hook: text a hook wrote cannot start a line
	// that reads as another hook's, or as hookrun's.
	add := func(hook, format string, args ...any) {
		lines = append(lines, untrusted.Attributed(fmt.Sprintf("[hookrun %s] ", hook), fmt.Sprintf(format, args...))...)
	}
	for _, s := range res.HookSignals {
		switch s.Kind {
		case "routing_hint":
			var p struct {
				Abilities []struct {
					ID     string `json:"id"`
					Reason string `json:"reason"`
				} `json:"suggested_abilities"`
				Documents []struct {
					Path   string `json:"path"`
					Reason string `json:"reason"`
				} `json:"suggested_documents"`
			}
			_ = json.Unmarshal(s.Payload, &p)
			if len(p.Abilities)+len(p.Documents) == 0 {
				add(s.HookID, "routing hint %s: %s", s.Code, compact(s.Payload))
				continue
			}
			for _, a := range p.Abilities {
				add(s.HookID, "suggested ability %s%s", a.ID, because(a.Reason))
			}
			for _, d := range p.Documents {
				add(s.HookID, "suggested document %s%s", d.Path, because(d.Reason))
			}
		case "normalized_intent":
			add(s.HookID, "normalized intent: %s", compact(s.Payload))
		}
	}
	for _, t := range res.AdditionalContext {
		add(t.HookID, "%s", t.Text)
	}
	return strings.Join(lines, "\n")
}

// userText renders the hooks' messages for a person.
func userText(res merge.Result) string {
	var lines []string
	// hookrun's own warnings (no hooks directory, invalid files skipped)
	// are for the person: the agent shows them where it shows a hook's
	// message to its user.
	for _, w := range res.Warnings {
		if w.HookID == "" {
			lines = append(lines, untrusted.Attributed("[hookrun] ", w.Message)...)
		}
	}
	for _, t := range res.UserMessages {
		lines = append(lines, untrusted.Attributed(fmt.Sprintf("[hookrun %s] ", t.HookID), t.Text)...)
	}
	// A hook that failed is news for the person: stderr alone reaches no
	// one in an agent's session.
	for _, e := range res.Errors {
		lines = append(lines, "[hookrun] error: "+untrusted.OneLine(e.Message))
	}
	return strings.Join(lines, "\n")
}

func because(reason string) string {
	if reason = strings.TrimSpace(reason); reason == "" {
		return ""
	}
	return ": " + reason
}

// compact is raw JSON on one line, keys in the order the hook wrote them.
func compact(raw json.RawMessage) string {
	var buf bytes.Buffer
	if json.Compact(&buf, raw) != nil {
		return string(raw)
	}
	return buf.String()
}
