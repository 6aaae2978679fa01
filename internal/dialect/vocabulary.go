package dialect

import (
	"slices"
	"strings"
)

// Vocabulary is an agent's word for something hookrun names otherwise, for validate's hints: a hook
// declared with an agent's word (ability_scope: Bash, event_type: PreToolUse) never runs.
type Vocabulary struct {
	Hookrun string   // hookrun's name: an ability id or an event
	Agents  []string // the agents that use the word, in documentation order
}

// ToolWord returns the canonical ability an agent's tool name stands for.
func ToolWord(word string) (Vocabulary, bool) {
	var v Vocabulary
	a, _ := claudeTools.get(word)
	v.add(ClaudeCode, a)
	a, _ = geminiTools.get(word)
	v.add(GeminiCLI, a)
	a, _ = codexTools.get(word)
	v.add(Codex, a)
	for _, e := range cursorEvents {
		if e.val.tool == word {
			v.add(Cursor, e.val.ability)
		}
	}
	a, _ = openCodeTools.get(word)
	v.add(OpenCode, a)
	a, _ = copilotTools.get(word)
	v.add(Copilot, a)
	return v, v.Hookrun != ""
}

// EventWord returns the hookrun event an agent's event name maps to.
func EventWord(word string) (Vocabulary, bool) {
	var v Vocabulary
	k, _ := claudeEvents.get(word)
	v.add(ClaudeCode, string(k.Event()))
	k, _ = geminiEvents.get(word)
	v.add(GeminiCLI, string(k.Event()))
	k, _ = codexEvents.get(word)
	v.add(Codex, string(k.Event()))
	e, _ := cursorEvents.get(word)
	v.add(Cursor, string(e.kind.Event()))
	k, _ = openCodeEvents.get(word)
	v.add(OpenCode, string(k.Event()))
	k, _ = copilotEvents.get(word)
	v.add(Copilot, string(k.Event()))
	return v, v.Hookrun != ""
}

// add records that agent uses the word for hookrun's name (none when
// empty); a word that agents map to different names keeps the first.
func (v *Vocabulary) add(agent Name, name string) {
	if name == "" || v.Hookrun != "" && v.Hookrun != name {
		return
	}
	v.Hookrun = name
	v.Agents = appendOnce(v.Agents, string(agent))
}

func appendOnce(s []string, x string) []string {
	if slices.Contains(s, x) {
		return s
	}
	return append(s, x)
}

// AgentList names the agents for a message: "a", "a and b", "a, b and c".
func (v Vocabulary) AgentList() string { return agentList(v.Agents) }

func agentList(agents []string) string {
	n := len(agents)
	if n < 2 {
		return strings.Join(agents, "")
	}
	return strings.Join(agents[:n-1], ", ") + " and " + agents[n-1]
}
