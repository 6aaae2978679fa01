package inspect

import (
	"bytes"
	"fmt"
	"regexp"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/safefile"
)

// agentFieldPattern matches, in a line of a handler script, the name of
// a field of an agent's own payload that hookrun passes through (the
// dialects' tool_input and tool_name). A function, as jsonKey is:
// validate alone reads it.
func agentFieldPattern() *regexp.Regexp {
	return regexp.MustCompile(`\btool_(input|name)\b`)
}

// agentFieldFindings warns of a blocking guard on PreAbilityCall whose
// script reads tool_input or tool_name: each agent shapes them its own
// way (an absolute file_path under Claude Code, the files of Codex's
// apply_patch only inside the patch, Bash or run_shell_command or Shell)
// and a caller without a dialect sends neither, so a check written for
// one agent lets the calls of another, or of a CI job, through. command,
// paths and ability_id are filled alike for every caller.
func agentFieldFindings(set *config.Set, root string) []config.Finding {
	re := agentFieldPattern()
	var out []config.Finding
	for _, h := range set.Hooks {
		if h.Disabled || !h.Blocking || h.Event != event.PreAbilityCall || h.Handler.Kind != config.KindScript {
			continue
		}
		for _, f := range handlerFiles(h, root) {
			head, _, err := safefile.ReadHead(f, maxScriptScan)
			if err != nil || bytes.IndexByte(head, 0) >= 0 { // a program, not a script
				continue
			}
			n, col, name := readsAgentField(head, re)
			if n == 0 {
				continue
			}
			out = append(out, config.Finding{File: f, Line: n, Col: col, Severity: config.Warning, HookID: h.ID,
				Message: fmt.Sprintf("hook %s runs this script as a guard, and this line reads %s", h.ID, agentFieldAdvice(name))})
		}
	}
	return out
}

// readsAgentField is the first code line of a script's text (its number
// and the column of the name) that names tool_input or tool_name, and the
// name; 0 when none. Comment lines (#, //) are passed over.
func readsAgentField(head []byte, re *regexp.Regexp) (int, int, string) {
	for n, text := range codeLines(head) {
		if m := re.FindStringIndex(text); m != nil {
			return n, m[0] + 1, text[m[0]:m[1]]
		}
	}
	return 0, 0, ""
}

func agentFieldAdvice(name string) string {
	if name == "tool_name" {
		return "tool_name, the agent's own name for the tool (Bash, run_shell_command, Shell), which each agent spells its own way and a CI job or hookrun emit sends none of: read ability_id, the canonical id every caller fills (shell, edit_file, write_file: docs/agents/README.md)"
	}
	return "tool_input, the input of the agent's tool as that agent shapes it: its paths are absolute under Claude Code, Codex's apply_patch names its files only inside the patch, and a CI job or hookrun emit sends none, so a check on it lets through calls it was meant to stop; " +
		"read the fields hookrun fills alike for every caller: command (the shell line), paths (every path the call names, relative to the project root) and ability_id (docs/hooks.md)"
}
