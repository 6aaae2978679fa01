package scaffold

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exec"
)

// Langs are the languages new writes a handler stub in; sh is the default.
var Langs = []string{"sh", "python", "node"}

// DefaultLang is the stub's language when --lang is not given: sh, but
// node on Windows, which starts no #! script and has no /bin/sh (node is
// there wherever an agent installed from npm runs).
func DefaultLang(goos string) string {
	if goos == "windows" {
		return "node"
	}
	return "sh"
}

func (s Spec) lang() string {
	if s.Lang == "" {
		return DefaultLang(s.OS)
	}
	return s.Lang
}

// interpreter is the program the declaration names to run the stub, or ""
// when the stub runs itself through its #! line. Windows reads no #! line.
func (s Spec) interpreter() string {
	if s.OS != "windows" {
		return ""
	}
	return map[string]string{"node": "node", "python": "python"}[s.lang()]
}

// missingInterpreter says when the python or node stub would not start on
// this machine, its interpreter not on the PATH a handler gets (outside
// the project): validate fails such a hook, and emit fails it on every
// call (env's status 127; from a blocking guard, a deny). Checked only for
// the machine new runs on.
func (s Spec) missingInterpreter(root string) error {
	if s.rules() || s.lang() == "sh" || s.OS != runtime.GOOS {
		return nil
	}
	name, how := s.interpreter(), "handler.command"
	if name == "" {
		name = map[string]string{"python": "python3", "node": "node"}[s.lang()]
		how = "#!/usr/bin/env " + name
	}
	if _, err := exec.LookPath(name, root); err == nil {
		return nil
	}
	return fmt.Errorf("--lang %s: the stub runs %s (%s), and %s is not on PATH: install it, or use another --lang, or for a guard on a command or a path a rules hook (--kind rules), which runs no process",
		s.lang(), name, how, name)
}

// ScriptFile is the spec's handler stub path relative to the project root.
func (s Spec) ScriptFile() string {
	ext := ".sh"
	switch s.lang() {
	case "python":
		ext = ".py"
	case "node":
		ext = ".js"
	}
	return filepath.Join(ScriptsDir, s.ID+ext)
}

// stubResult is what each event's stub prints as it stands, and the comment showing how to decide,
// in terms both python and node read alike (JSON literals).
func stubResult(ev event.Name) (comment, result string) {
	switch ev {
	case event.PromptSubmit:
		return `Suggest abilities with a routing_hint signal, add text for the AI with
additional_context, or block the prompt (blocking hooks): write the reason on
stderr and exit 2.`, `{"logs": ["{{ID}}: no suggestion for session " + @SESSION@]}`
	case event.PreAbilityCreate:
		return `Refuse to create the task: an ability_preflight signal with code
ABILITY_UNAVAILABLE and payload {"reason": ..., "suggestion": ...}; ask a human
with ABILITY_REQUIRES_HUMAN.`, `{"hook_signals": [{"kind": "ability_preflight", "code": "ABILITY_AVAILABLE", "payload": {"ability": @ABILITY@}}]}`
	case event.PreAbilityCall:
		return `Deny the call: an ability_guard signal with code ABILITY_DENIED and
payload {"reason": ...}; ask a human with ABILITY_REQUIRES_HUMAN. A guard on a
command or a file needs no script at all: see docs/rules.md.`, `{"hook_signals": [{"kind": "ability_guard", "code": "ABILITY_ALLOWED", "payload": {"ability_id": @ABILITY@, "caller": @SOURCE@}}]}`
	case event.PostAbilityCall:
		return `PostAbilityCall is infra-only: record, log, update caches. Signals and
additional_context would be dropped; user_message and usage_recorded are kept.`, `{"logs": ["{{ID}}: " + @ABILITY@ + " finished with " + @STATUS@]}`
	case event.SessionStop:
		return `SessionStop is infra-only: run builds and tests, write summaries. Report
to the person with user_message.`, `{"logs": ["{{ID}}: session " + @SESSION@ + " ended"]}`
	}
	return "", "{}"
}

func langStub(s Spec) []byte {
	comment, result := stubResult(s.Event)
	if note := gateNote(s); note != "" {
		comment += "\n\n" + note
	}
	header := fmt.Sprintf("Handler of the hook %s (%s), created by hookrun new.\n\nhookrun runs it from the project root with the event context on stdin (one\nline of JSON), parsed here with a real JSON parser: read fields from the\nparsed object, never by searching the text. Print one JSON object (a\nHookResult) on stdout and exit 0. Diagnostics go to stderr.\n\n%s\n\nTry it: %s emit %s --context %s",
		s.ID, s.Event, comment, s.hookrun(), s.Event, filepath.ToSlash(ContextPath(s.ID)))
	result = strings.ReplaceAll(result, "{{ID}}", s.ID)
	// The variables the result reads, and only those: each from a field
	// its event's context has (a prompt has no ability and no caller).
	var vars strings.Builder
	if s.lang() == "node" {
		if strings.Contains(result, "@ABILITY@") {
			field := "ctx.ability_id"
			if s.Event == event.PreAbilityCreate {
				field = "ctx.ability_ref?.value"
			}
			vars.WriteString("const ability = String(" + field + " ?? '');\n")
		}
		if strings.Contains(result, "@SOURCE@") {
			vars.WriteString("const source = String(ctx.caller?.source ?? '');\n")
		}
		result = strings.NewReplacer("@STATUS@", "String(ctx.status)", "@SESSION@", "String(ctx.session_id ?? '')",
			"@ABILITY@", "ability", "@SOURCE@", "source").Replace(result)
		return []byte("#!/usr/bin/env node\n// " + strings.ReplaceAll(header, "\n", "\n// ") + "\n'use strict';\n" +
			"const ctx = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n" + vars.String() +
			"process.stdout.write(JSON.stringify(" + result + ") + '\\n');\n")
	}
	if strings.Contains(result, "@ABILITY@") {
		field := `ctx.get("ability_id")`
		if s.Event == event.PreAbilityCreate {
			field = `(ctx.get("ability_ref") or {}).get("value")`
		}
		vars.WriteString("ability = str(" + field + " or \"\")\n")
	}
	if strings.Contains(result, "@SOURCE@") {
		vars.WriteString("source = str((ctx.get(\"caller\") or {}).get(\"source\") or \"\")\n")
	}
	result = strings.NewReplacer("@STATUS@", "str(ctx.get(\"status\"))", "@SESSION@", "str(ctx.get(\"session_id\", \"\"))", "@ABILITY@", "ability", "@SOURCE@", "source").Replace(result)
	return []byte("#!/usr/bin/env python3\n\"\"\"" + header + "\n\"\"\"\nimport json\nimport sys\n\n" +
		"ctx = json.load(sys.stdin)\n" + vars.String() +
		"print(json.dumps(" + result + "))\n")
}
