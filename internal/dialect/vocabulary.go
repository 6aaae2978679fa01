package dialect

import (
	"slices"

	"github.com/hookrun/hookrun/internal/event"
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
	add := func(agent Name, ability string, ok bool) {
		if ok && (v.Hookrun == "" || v.Hookrun == ability) {
			v.Hookrun = ability
			v.Agents = appendOnce(v.Agents, string(agent))
		}
	}
	a, ok := claudeTools.get(word)
	add(ClaudeCode, a, ok)
	a, ok = geminiTools.get(word)
	add(GeminiCLI, a, ok)
	a, ok = codexTools.get(word)
	add(Codex, a, ok)
	for _, e := range cursorEvents {
		if e.val.tool == word && e.val.ability != "" {
			add(Cursor, e.val.ability, true)
		}
	}
	return v, v.Hookrun != ""
}

// EventWord returns the hookrun event an agent's event name maps to.
func EventWord(word string) (Vocabulary, bool) {
	var v Vocabulary
	add := func(agent Name, k Kind, ok bool) {
		if ok && k != Unmapped && (v.Hookrun == "" || v.Hookrun == string(k.Event())) {
			v.Hookrun = string(k.Event())
			v.Agents = appendOnce(v.Agents, string(agent))
		}
	}
	k, ok := claudeEvents.get(word)
	add(ClaudeCode, k, ok)
	k, ok = geminiEvents.get(word)
	add(GeminiCLI, k, ok)
	k, ok = codexEvents.get(word)
	add(Codex, k, ok)
	e, ok := cursorEvents.get(word)
	add(Cursor, e.kind, ok)
	return v, v.Hookrun != "" && event.Name(v.Hookrun) != ""
}

func appendOnce(s []string, x string) []string {
	if slices.Contains(s, x) {
		return s
	}
	return append(s, x)
}
