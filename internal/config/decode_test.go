package config

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"fmt"
	"github.com/hookrun/hookrun/internal/event"
)

// show renders findings the way validate prints them, without the file:
// "line:col: [warning: ]message".
func show(fs []Finding) []string {
	SortFindings(fs)
	out := []string{}
	for _, f := range fs {
		out = append(out, strings.TrimPrefix(f.Format(""), "f.yaml:"))
	}
	return out
}

func TestParseFileFindings(t *testing.T) {
	tests := []struct {
		name string
		yaml string
		want []string
	}{
		{"syntax error: unclosed flow sequence", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: script\n  command: [unclosed\n", []string{
			"7:12: YAML syntax error: did not find expected ',' or ']' (is a '[' left open?)",
		}},
		{"syntax error: tab indentation", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n\tkind: script\n\tcommand: ./x.sh\n", []string{
			"6:1: YAML syntax error: found character that cannot start any token (this line is indented with a tab; YAML indents with spaces only)",
		}},
		{"syntax error: bad indentation", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: script\n command: ./x.sh\n", []string{
			"7:2: YAML syntax error: did not find expected key (check the indentation)",
		}},
		{"syntax error: unclosed quote", "id: a\nsummary: \"never closed\nevent_type: PreAbilityCall\n", []string{
			"2:10: YAML syntax error: found unexpected end of stream (is a quoted string left open?)",
		}},
		{"syntax error: unquoted star glob", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nmatch:\n  ability_scope: *\n", []string{
			"6:18: YAML syntax error: did not find expected alphabetic or numeric character (quote a value that starts with '*' or '&', such as the glob \"*\")",
		}},
		{"syntax error: value holding colon space", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nsummary: guard: deploys\n", []string{
			"5:15: YAML syntax error: mapping values are not allowed in this context (check the indentation, or quote a value that holds \": \")",
		}},
		{"syntax error: regular expression in double quotes", "id: a\nevent_type: PromptSubmit\nsummary: \"deploy\\s+prod\"\n", []string{
			"3:17: YAML syntax error: found unknown escape character (in a \"double-quoted\" string a backslash starts an escape: write a regular expression in 'single quotes', where \\s and \\d stay as written)",
		}},
		{"empty file", "", []string{
			"1:1: file is empty: a hook file declares one hook as a YAML mapping",
		}},
		{"only whitespace", "   \n  \n", []string{
			"1:1: file is empty: a hook file declares one hook as a YAML mapping",
		}},
		{"only comments", "# a hook will go here\n", []string{
			"1:1: file is empty (comments only): a hook file declares one hook as a YAML mapping",
		}},
		{"explicit empty document", "---\n", []string{
			"1:1: file is empty: a hook file declares one hook as a YAML mapping",
		}},
		{"top level is a list of hooks", "- id: a\n- id: b\n", []string{
			"1:1: top level must be a mapping declaring one hook, got a list: declare each hook in a file of its own",
		}},
		{"top level is a list of words", "- a\n- b\n", []string{
			"1:1: top level must be a mapping declaring one hook, got a list",
		}},
		{"top level is a scalar", "just some text\n", []string{
			"1:1: top level must be a mapping declaring one hook, got \"just some text\"",
		}},
		{"two documents", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: false\n---\nid: b\n", []string{
			"5:1: file holds more than one YAML document: declare one hook per file",
		}},
		{"missing every required key", "summary: nothing else\n", []string{
			"1:1: missing required key \"id\": add id: NAME (lowercase letters, digits, - and _; unique across the hook files)",
			"1:1: missing required key \"event_type\": add event_type: one of PromptSubmit, PreAbilityCreate, PreAbilityCall, PostAbilityCall, SessionStop",
			"1:1: missing required key \"enabled\": add enabled: true (false switches the hook off)",
			"1:1: missing required key \"blocking\": add blocking: false, or true to let the hook deny or ask for a human",
			"1:1: missing key \"handler\": a hook needs handler.kind and handler.command unless enabled: false",
		}},
		{"required keys without values", "id:\nevent_type:\nenabled:\nblocking:\n", []string{
			"1:1: missing key \"handler\": a hook needs handler.kind and handler.command unless enabled: false",
			"1:4: id: missing value: write id: NAME (lowercase letters, digits, - and _; unique across the hook files)",
			"2:12: event_type: missing value: write event_type: one of PromptSubmit, PreAbilityCreate, PreAbilityCall, PostAbilityCall, SessionStop",
			"3:9: enabled: missing value: write enabled: true (false switches the hook off)",
			"4:10: blocking: missing value: write blocking: false, or true to let the hook deny or ask for a human",
		}},
		{"nested keys without values", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nmatch:\n  ability_scope:\nhandler:\n  kind:\n  command:\n", []string{
			"6:17: match.ability_scope: missing value: give it one, or remove the key",
			"8:8: handler.kind: missing value: write script, rules or http",
			"9:11: handler.command: missing value: write the handler's path, such as ./scripts/hooks/a.sh",
		}},
		{"a rule's key without a value", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: rules\n  rules:\n    - decision: deny\n      reason: r\n      commands: [rm]\n      paths:\n", []string{
			"11:13: handler.rules[0].paths: missing value: give it one, or remove the key",
		}},
		{"enabled maybe", "id: a\nevent_type: PreAbilityCall\nenabled: maybe\nblocking: true\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"3:10: enabled: must be true or false, got \"maybe\"",
		}},
		{"yes and quoted true are not booleans", "id: a\nevent_type: PreAbilityCall\nenabled: \"true\"\nblocking: yes\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"3:10: enabled: must be true or false, got \"true\"",
			"4:11: blocking: must be true or false, got \"yes\"",
		}},
		{"timeout bare number", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: script\n  command: ./x.sh\n  timeout: 5\n", []string{
			"8:12: handler.timeout: must be a duration string with a unit such as \"5s\" or \"500ms\", not a bare number (5)",
		}},
		{"timeout float", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: script\n  command: ./x.sh\n  timeout: 1.5\n", []string{
			"8:12: handler.timeout: must be a duration string with a unit such as \"1.5s\" or \"500ms\", not a bare number (1.5)",
		}},
		{"timeout negative", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: script\n  command: ./x.sh\n  timeout: -1s\n", []string{
			"8:12: handler.timeout: must be positive, got \"-1s\"",
		}},
		{"timeout zero", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: script\n  command: ./x.sh\n  timeout: 0s\n", []string{
			"8:12: handler.timeout: must be positive, got \"0s\"",
		}},
		{"timeout without unit in quotes", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: script\n  command: ./x.sh\n  timeout: \"5\"\n", []string{
			"8:12: handler.timeout: \"5\" is not a duration; write \"5s\" (a number with a unit: ms, s, m or h)",
		}},
		{"timeout in words", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: script\n  command: ./x.sh\n  timeout: 5 seconds\n", []string{
			"8:12: handler.timeout: \"5 seconds\" is not a duration; write \"5s\" (a number with a unit: ms, s, m or h)",
		}},
		{"timeout in other words", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: script\n  command: ./x.sh\n  timeout: 2 Min\n", []string{
			"8:12: handler.timeout: \"2 Min\" is not a duration; write \"2m\" (a number with a unit: ms, s, m or h)",
		}},
		{"timeout in millisecond words", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: script\n  command: ./x.sh\n  timeout: 1.5 msec\n", []string{
			"8:12: handler.timeout: \"1.5 msec\" is not a duration; write \"1.5ms\" (a number with a unit: ms, s, m or h)",
		}},
		{"timeout unreadable", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: script\n  command: ./x.sh\n  timeout: soon\n", []string{
			"8:12: handler.timeout: \"soon\" is not a duration; use a number with a unit: ms, s, m or h (\"500ms\", \"5s\", \"2m\")",
		}},
		{"timeout not a scalar", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: script\n  command: ./x.sh\n  timeout: [5s]\n", []string{
			"8:12: handler.timeout: must be a duration string such as \"5s\" or \"500ms\", got a list",
		}},
		{"unknown top-level key close to a known one", "id: a\nevnt_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"1:1: missing required key \"event_type\": add event_type: one of PromptSubmit, PreAbilityCreate, PreAbilityCall, PostAbilityCall, SessionStop",
			"2:1: unknown key \"evnt_type\" (did you mean \"event_type\"?)",
		}},
		{"unknown top-level key far from any", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\ncolour: blue\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"5:1: unknown key \"colour\"; known keys: id, event_type, enabled, blocking, summary, priority, on_error, match, handler, effects",
		}},
		{"unknown nested match key", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nmatch:\n  ability_scop: edit_file\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"6:3: unknown key \"match.ability_scop\" (did you mean \"match.ability_scope\"?)",
		}},
		{"an agent's tool key under match", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nmatch:\n  tool: Bash\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"6:3: unknown key \"match.tool\": hooks match the call's ability id, not an agent's tool name: write match.ability_scope: shell (docs/agents/README.md)",
		}},
		{"an agent's matcher under match", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nmatch:\n  matcher: Write|Edit\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"6:3: unknown key \"match.matcher\": hooks match the call's ability id, not an agent's tool name: write match.ability_scope: [write_file, edit_file] (docs/agents/README.md)",
		}},
		{"an agent's matcher of one ability under match", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nmatch:\n  matcher: Edit|MultiEdit\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"6:3: unknown key \"match.matcher\": hooks match the call's ability id, not an agent's tool name: write match.ability_scope: edit_file (docs/agents/README.md)",
		}},
		{"an agent's tool list under match", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nmatch:\n  tool_name: [run_shell_command, Deploy]\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"6:3: unknown key \"match.tool_name\": hooks match the call's ability id, not an agent's tool name: write match.ability_scope with the ids (shell for run_shell_command; docs/agents/README.md)",
		}},
		{"unknown nested handler key", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: script\n  comand: ./x.sh\n", []string{
			"6:3: handler: missing required key \"command\"",
			"7:3: unknown key \"handler.comand\" (did you mean \"handler.command\"?)",
		}},
		{"handler key at the top level", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\ncommand: ./x.sh\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"5:1: unknown key \"command\" (did you mean \"handler.command\"? it belongs under handler)",
		}},
		{"match key under handler and top key under match", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nmatch:\n  blocking: true\nhandler: {kind: script, command: ./x.sh, ability_scope: x}\n", []string{
			"6:3: unknown key \"match.blocking\" (did you mean \"blocking\"? it belongs at the top level)",
			"7:42: unknown key \"handler.ability_scope\" (did you mean \"match.ability_scope\"? it belongs under match)",
		}},
		{"unknown event with suggestion", "id: a\nevent_type: preabilitycall\nenabled: true\nblocking: true\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"2:13: event_type: unknown event \"preabilitycall\" (did you mean \"PreAbilityCall\"?); valid events: PromptSubmit, PreAbilityCreate, PreAbilityCall, PostAbilityCall, SessionStop",
		}},
		{"unknown event without suggestion", "id: a\nevent_type: OnCommit\nenabled: true\nblocking: true\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"2:13: event_type: unknown event \"OnCommit\"; valid events: PromptSubmit, PreAbilityCreate, PreAbilityCall, PostAbilityCall, SessionStop",
		}},
		{"invalid id with spaces and capitals", "id: Deploy Guard\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"1:5: id \"Deploy Guard\" is invalid: use lowercase letters, digits, \"-\" and \"_\" (try \"deploy-guard\")",
		}},
		{"id starting with a dash or an underscore is valid", "id: -guard\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler: {kind: script, command: ./x.sh}\n", []string{}},
		{"invalid id with a dot", "id: _prod.guard\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"1:5: id \"_prod.guard\" is invalid: use lowercase letters, digits, \"-\" and \"_\" (try \"prod-guard\")",
		}},
		{"id not a string", "id: 42\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"1:5: id: must be a string, got number 42",
		}},
		{"duplicate top-level key", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nenabled: false\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"5:1: duplicate key \"enabled\" (first at line 3): keep one",
		}},
		{"a second hook in the same file, without ---", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler: {kind: script, command: ./x.sh}\nid: b\nevent_type: PromptSubmit\nenabled: true\nblocking: false\nhandler: {kind: script, command: ./y.sh}\n", []string{
			"6:1: duplicate key \"id\" (first at line 1): a second hook starts here; declare it in a file of its own",
		}},
		{"duplicate nested key", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nmatch:\n  ability_scope: a\n  ability_scope: b\nhandler:\n  kind: script\n  command: ./x.sh\n  env:\n    MODE: a\n    MODE: b\n", []string{
			"7:3: duplicate key \"match.ability_scope\" (first at line 6): keep one",
			"13:5: duplicate key \"handler.env.MODE\" (first at line 12): keep one",
		}},
		{"invalid globs", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nmatch:\n  ability_scope:\n    - deploy_*\n    - \"db.[write\"\n    - \"\"\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"8:7: match.ability_scope: invalid glob \"db.[write\" (check for an unclosed '[' or '{', or a trailing '\\')",
			"9:7: match.ability_scope: empty pattern",
		}},
		{"invalid glob alone and empty list", "id: a\nevent_type: SessionStop\nenabled: true\nblocking: false\nmatch:\n  only_if_changed_paths: \"src/{a,b\"\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"6:26: match.only_if_changed_paths: invalid glob \"src/{a,b\" (check for an unclosed '[' or '{', or a trailing '\\')",
		}},
		{"empty glob list", "id: a\nevent_type: SessionStop\nenabled: true\nblocking: false\nmatch:\n  only_if_changed_paths: []\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"6:26: match.only_if_changed_paths: empty list; remove the key to leave it unrestricted",
		}},
		{"match fields that do not apply", "id: a\nevent_type: PromptSubmit\nenabled: true\nblocking: true\nmatch:\n  ability_scope: \"*\"\n  min_duration_ms: 100\n  only_if_changed_paths: [src/**]\n  caller_source: [ai_session]\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"6:3: match.ability_scope does not apply to PromptSubmit hooks; it applies to PreAbilityCreate, PreAbilityCall, PostAbilityCall",
			"7:3: match.min_duration_ms does not apply to PromptSubmit hooks; it applies to PostAbilityCall",
			"8:3: match.only_if_changed_paths does not apply to PromptSubmit hooks; it applies to SessionStop",
			"9:3: match.caller_source does not apply to PromptSubmit hooks; it applies to PreAbilityCreate, PreAbilityCall",
		}},
		{"caller_source on PostAbilityCall", "id: a\nevent_type: PostAbilityCall\nenabled: true\nblocking: false\nmatch:\n  caller_source: ai_session\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"6:3: match.caller_source does not apply to PostAbilityCall hooks; it applies to PreAbilityCreate, PreAbilityCall",
		}},
		{"on_error block on a non-blocking hook", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: false\non_error: block\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"5:11: on_error: \"block\" needs blocking: true; a non-blocking hook cannot block the event",
		}},
		{"on_error unknown value", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\non_error: retry\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"5:11: on_error: must be \"skip\" or \"block\", got \"retry\"",
		}},
		{"misspelt handler kind", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: scirpt\n  command: ./x.sh\n", []string{
			"6:9: handler.kind: unknown kind \"scirpt\" (did you mean \"script\"?); supported: script, rules, http",
		}},
		{"misspelt top-level key", "id: a\nevent_type: PreAbilityCall\nenabeld: true\nblocking: true\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"1:1: missing required key \"enabled\": add enabled: true (false switches the hook off)",
			"3:1: unknown key \"enabeld\" (did you mean \"enabled\"?)",
		}},
		{"unknown handler kind", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: grpc\n  command: https://example.com/hook\n", []string{
			"6:9: handler.kind: unknown kind \"grpc\"; supported: script, rules, http",
		}},
		{"handler without kind and command", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  timeout: 5s\n", []string{
			"6:3: handler: missing required key \"kind\" (use kind: script, kind: rules or kind: http)",
			"6:3: handler: missing required key \"command\"",
		}},
		{"handler command empty", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: script\n  command: \"  \"\n", []string{
			"7:12: handler.command: must not be empty",
		}},
		{"handler not a mapping", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler: ./x.sh\n", []string{
			"5:10: handler: must be a mapping with kind and command, got \"./x.sh\" (write handler: alone, then kind: script and command: ./x.sh on lines indented below it)",
		}},
		{"handler a list", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler: [./x.sh]\n", []string{
			"5:10: handler: must be a mapping with kind and command, got a list",
		}},
		{"match a bare ability", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nmatch: edit_file\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"5:8: match: must be a mapping of match fields, got \"edit_file\" (write match: alone, then the field on a line indented below it: ability_scope: \"edit_file\")",
		}},
		{"match a bare glob on SessionStop", "id: a\nevent_type: SessionStop\nenabled: true\nblocking: false\nmatch: services/**\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"5:8: match: must be a mapping of match fields, got \"services/**\" (write match: alone, then the field on a line indented below it: only_if_changed_paths: \"services/**\")",
		}},
		{"match a bare word on PromptSubmit, where neither glob field applies", "id: a\nevent_type: PromptSubmit\nenabled: true\nblocking: false\nmatch: deploy\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"5:8: match: must be a mapping of match fields, got \"deploy\"",
		}},
		{"event_type a list", "id: a\nevent_type: [PreAbilityCall, PostAbilityCall]\nenabled: true\nblocking: true\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"2:13: event_type: a hook runs for one event, got a list: declare one hook file for each event",
		}},
		{"handler missing on an enabled hook", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\n", []string{
			"1:1: missing key \"handler\": a hook needs handler.kind and handler.command unless enabled: false",
		}},
		{"handler empty on an enabled hook", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n", []string{
			"5:9: handler: missing value: a hook needs handler.kind and handler.command unless enabled: false",
		}},
		{"handler missing when enabled is malformed", "id: a\nevent_type: PreAbilityCall\nenabled: maybe\nblocking: true\n", []string{
			"1:1: missing key \"handler\": a hook needs handler.kind and handler.command unless enabled: false",
			"3:10: enabled: must be true or false, got \"maybe\"",
		}},
		{"handler missing on a disabled hook", "id: a\nevent_type: PreAbilityCall\nenabled: false\nblocking: true\n", []string{}},
		{"on_error skip on a blocking guard", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\non_error: skip\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"5:11: warning: on_error: skip on blocking hook \"a\" lets PreAbilityCall go ahead when the hook fails (a crash, a timeout, output hookrun cannot read, a policy service that does not answer): the guard fails open; remove on_error to block on a failure (the default on PreAbilityCall), or say blocking: false if the hook only advises",
		}},
		{"on_error skip on a blocking PromptSubmit hook", "id: a\nevent_type: PromptSubmit\nenabled: true\nblocking: true\non_error: skip\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"5:11: warning: on_error: skip on blocking hook \"a\" lets PromptSubmit go ahead when the hook fails (a crash, a timeout, output hookrun cannot read, a policy service that does not answer): the guard fails open; remove on_error to block on a failure (the default on PromptSubmit), or say blocking: false if the hook only advises",
		}},
		{"on_error skip on a disabled guard", "id: a\nevent_type: PreAbilityCreate\nenabled: false\nblocking: true\non_error: skip\nhandler: {kind: script, command: ./x.sh}\n", []string{}},
		{"on_error skip on an advisory hook", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: false\non_error: skip\nhandler: {kind: script, command: ./x.sh}\n", []string{}},
		{"on_error skip on SessionStop", "id: a\nevent_type: SessionStop\nenabled: true\nblocking: false\non_error: skip\nhandler: {kind: script, command: ./x.sh}\n", []string{}},
		{"blocking on PostAbilityCall", "id: a\nevent_type: PostAbilityCall\nenabled: true\nblocking: true\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"4:11: warning: blocking: true on PostAbilityCall does not reach the agent: PostAbilityCall is infra-only, so its signals are dropped; it only lets on_error: block turn the hook's failure into a deny (exit 2), as a CI job may want",
		}},
		{"blocking on SessionStop", "id: a\nevent_type: SessionStop\nenabled: true\nblocking: true\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"4:11: warning: blocking: true on SessionStop does not reach the agent: SessionStop is infra-only, so its signals are dropped; it only lets on_error: block turn the hook's failure into a deny (exit 2), as a CI job may want",
		}},
		{"match values of the wrong type", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nmatch:\n  caller_source: [ai_session, robot]\n  ability_scope: {id: x}\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"6:31: match.caller_source: unknown source \"robot\"; valid sources: ai_session, background_job, ci_pipeline, manual_cli",
			"7:18: match.ability_scope: must be a string or a list of strings, got a mapping",
		}},
		{"min_duration_ms wrong", "id: a\nevent_type: PostAbilityCall\nenabled: true\nblocking: false\nmatch:\n  min_duration_ms: -5\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"6:20: match.min_duration_ms: must not be negative, got -5",
		}},
		{"min_duration_ms as text", "id: a\nevent_type: PostAbilityCall\nenabled: true\nblocking: false\nmatch:\n  min_duration_ms: 100ms\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"6:20: match.min_duration_ms: must be a whole number, got \"100ms\"",
		}},
		{"priority not a whole number", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\npriority: 1.5\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"5:11: priority: must be a whole number, got number 1.5",
		}},
		{"priority out of range", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\npriority: 99999999999\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"5:11: priority: 99999999999 is out of range",
		}},
		{"args and env of the wrong shape", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: script\n  command: ./x.sh\n  args: --fast\n  env: [A=1]\n", []string{
			"8:9: handler.args: must be a list of strings, got \"--fast\"",
			"9:8: handler.env: must be a mapping of variable names to values, got a list",
		}},
		{"env entries", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: script\n  command: ./x.sh\n  args: [~, {a: b}]\n  env:\n    HOOKRUN_HOOK_ID: x\n    MODE: {a: b}\n    HOOKRUN_MODE: strict\n", []string{
			"8:10: handler.args: each argument must be a string, got null",
			"8:13: handler.args: each argument must be a string, got a mapping",
			"10:5: handler.env: HOOKRUN_HOOK_ID is set by hookrun for every handler and cannot be overridden",
			"11:11: handler.env.MODE: must be a string, got a mapping",
		}},
		{"effects of the wrong shape", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler: {kind: script, command: ./x.sh}\neffects:\n  - fine\n  - append_to: fine.log\n  - [not, fine]\n  - {a: 1, b: 2}\n", []string{
			"9:5: effects: each entry must be a string or a one-key mapping such as \"append_to: path\", got a list",
			"10:5: effects: each entry must be a string or a one-key mapping such as \"append_to: path\", got a mapping",
		}},
		{"effects not a list", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler: {kind: script, command: ./x.sh}\neffects: logs things\n", []string{
			"6:10: effects: must be a list of strings or one-key mappings, got \"logs things\"",
		}},
		{"summary not text", "id: a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nsummary: [a, b]\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"5:10: summary: must be text, got a list",
		}},
		{"anchor", "id: &name a\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\n", []string{
			"1:5: YAML anchor &name: anchors, aliases and merge keys are not supported in hook files",
		}},
		{"merge key", "base: &base {kind: script}\nid: a\nhandler:\n  <<: *base\n", []string{
			"1:7: YAML anchor &base: anchors, aliases and merge keys are not supported in hook files",
		}},
		{"alias without anchor", "id: a\nevent_type: *ev\n", []string{
			"2:13: YAML alias *ev refers to no anchor (anchors and aliases are not supported in hook files)",
		}},
		{"non-string key", "id: a\n[x]: y\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler: {kind: script, command: ./x.sh}\n", []string{
			"2:1: keys must be strings, got a list",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, fs := ParseFile("f.yaml", []byte(tt.yaml))
			if got := show(fs); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("findings:\n got  %q\n want %q", got, tt.want)
			}
		})
	}
}

// TestParseFileText covers input yaml.v3 refuses before parsing, which it
// reports without a position.
func TestParseFileText(t *testing.T) {
	tests := []struct {
		name string
		data string
		want []string
	}{
		{"invalid UTF-8", "id: a\nsummary: caf\xe9\n", []string{"2:13: file is not valid UTF-8 (byte 0xe9)"}},
		{"NUL byte", "id: a\nsummary: x\x00y\n", []string{"2:11: YAML syntax error: control character U+0000 is not allowed"}},
		{"control character after CRLF lines", "id: a\r\nevent_type: x\r\n  \x07\r\n", []string{"3:3: YAML syntax error: control character U+0007 is not allowed"}},
		{"UTF-16", "\xff\xfei\x00d\x00", []string{"1:1: file is UTF-16 encoded; save hook files as UTF-8"}},
		{"byte order mark is fine", "\xef\xbb\xbfid: a\nevent_type: SessionStop\nenabled: false\nblocking: false\n", []string{}},
		{"CRLF positions", "id: a\r\nevent_type: SessionStop\r\nenabled: nope\r\nblocking: false\r\n", []string{
			"1:1: missing key \"handler\": a hook needs handler.kind and handler.command unless enabled: false",
			"3:10: enabled: must be true or false, got \"nope\"",
		}},
		{"syntax error after CRLF lines", "id: a\r\nb: c\r\n- d\r\n", []string{"3:1: YAML syntax error: did not find expected key (check the indentation)"}},
		{"multibyte characters count as one column", "summary: \"héllo\"\nid: ü\n", []string{
			"1:1: missing required key \"event_type\": add event_type: one of PromptSubmit, PreAbilityCreate, PreAbilityCall, PostAbilityCall, SessionStop",
			"1:1: missing required key \"enabled\": add enabled: true (false switches the hook off)",
			"1:1: missing required key \"blocking\": add blocking: false, or true to let the hook deny or ask for a human",
			"1:1: missing key \"handler\": a hook needs handler.kind and handler.command unless enabled: false",
			"2:5: id \"ü\" is invalid: use lowercase letters, digits, \"-\" and \"_\"",
		}},
		{"long id", "id: " + strings.Repeat("a", 129) + "\nevent_type: SessionStop\nenabled: false\nblocking: false\n", []string{"1:5: id is 129 characters long; the maximum is 128"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, fs := ParseFile("f.yaml", []byte(tt.data))
			if got := show(fs); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("findings:\n got  %q\n want %q", got, tt.want)
			}
		})
	}
}

func TestParseFileEveryField(t *testing.T) {
	src := `id: deploy-guard_2
event_type: PreAbilityCall
enabled: true
blocking: true
summary: >
  Hold deploys
  for a human.
priority: -3
on_error: block
match:
  ability_scope: ["deploy_*", "db.write.**"]
  caller_source: ai_session
handler:
  kind: script
  command: ./scripts/guard.sh
  args: [--mode, strict, "2"]
  env:
    MODE: strict
    EMPTY:
    COUNT: 3
  timeout: 1m30s
effects:
  - enforce_prod_safety
  - append_to: .system/logs/guard.log
`
	h, fs := ParseFile("/p/.system/hooks/g.yaml", []byte(src))
	if len(fs) != 0 {
		t.Fatalf("findings: %q", show(fs))
	}
	want := &Hook{
		ID: "deploy-guard_2", Event: event.PreAbilityCall, Enabled: true, Blocking: true,
		Summary: "Hold deploys for a human.", Priority: -3, OnError: OnErrorBlock,
		Match: Match{AbilityScope: []string{"deploy_*", "db.write.**"}, CallerSource: []string{"ai_session"}},
		Handler: Handler{Kind: "script", Command: "./scripts/guard.sh", Args: []string{"--mode", "strict", "2"}, HasArgs: true,
			Env: []EnvVar{{"MODE", "strict"}, {"EMPTY", ""}, {"COUNT", "3"}}, Timeout: 90 * time.Second},
		Effects:    []any{"enforce_prod_safety", map[string]string{"append_to": ".system/logs/guard.log"}},
		File:       "/p/.system/hooks/g.yaml",
		Pos:        Pos{1, 5},
		CommandPos: Pos{15, 12},
		TimeoutPos: Pos{21, 12},
	}
	if !reflect.DeepEqual(h, want) {
		t.Errorf("hook:\n got  %+v\n want %+v", h, want)
	}
}

func TestParseFileMatchFields(t *testing.T) {
	base := "id: h\nenabled: true\nblocking: false\nhandler: {kind: script, command: ./h.sh}\n"
	zero, hundred := int64(0), int64(100)
	tests := []struct {
		event, match string
		want         Match
	}{
		{"PreAbilityCreate", "ability_scope: \"*\"\n  caller_source: [ci_pipeline, manual_cli]", Match{AbilityScope: []string{"*"}, CallerSource: []string{"ci_pipeline", "manual_cli"}}},
		{"PreAbilityCall", "ability_scope: edit_file", Match{AbilityScope: []string{"edit_file"}}},
		{"PostAbilityCall", "ability_scope: \"*\"\n  min_duration_ms: 0", Match{AbilityScope: []string{"*"}, MinDurationMS: &zero}},
		{"PostAbilityCall", "min_duration_ms: 100", Match{MinDurationMS: &hundred}},
		{"SessionStop", "only_if_changed_paths:\n    - services/**\n    - apps/**", Match{OnlyIfChangedPaths: []string{"services/**", "apps/**"}}},
		{"PromptSubmit", "{}", Match{}},
	}
	for _, tt := range tests {
		t.Run(tt.event+" "+tt.match, func(t *testing.T) {
			src := base + "event_type: " + tt.event + "\nmatch:\n  " + tt.match + "\n"
			if tt.match == "{}" {
				src = base + "event_type: " + tt.event + "\nmatch: {}\n"
			}
			h, fs := ParseFile("f.yaml", []byte(src))
			if len(fs) != 0 {
				t.Fatalf("findings: %q", show(fs))
			}
			if !reflect.DeepEqual(h.Match, tt.want) {
				t.Errorf("match: got %+v, want %+v", h.Match, tt.want)
			}
		})
	}
}

// on_error's default: block for a blocking hook on an event it can block
// (a guard fails closed), skip otherwise.
func TestOnErrorDefault(t *testing.T) {
	for _, tt := range []struct {
		event    string
		blocking bool
		want     string
	}{
		{"PromptSubmit", true, OnErrorBlock},
		{"PreAbilityCreate", true, OnErrorBlock},
		{"PreAbilityCall", true, OnErrorBlock},
		{"PreAbilityCall", false, OnErrorSkip},
		{"PostAbilityCall", true, OnErrorSkip},
		{"SessionStop", true, OnErrorSkip},
	} {
		src := fmt.Sprintf("id: h\nevent_type: %s\nenabled: true\nblocking: %t\nhandler: {kind: script, command: ./h.sh}\n", tt.event, tt.blocking)
		h, fs := ParseFile("f.yaml", []byte(src))
		if HasErrors(fs) || h.OnError != tt.want {
			t.Errorf("%s, blocking %t: on_error %q (findings %q), want %q", tt.event, tt.blocking, h.OnError, show(fs), tt.want)
		}
	}
}

// TestParseFileDefaults: the optional fields left out, or written with no
// value, take their defaults.
func TestParseFileDefaults(t *testing.T) {
	for _, src := range []string{
		"id: h\nevent_type: PromptSubmit\nenabled: true\nblocking: true\nhandler:\n  kind: script\n  command: ./h.sh\n",
		"id: h\nevent_type: PromptSubmit\nenabled: true\nblocking: true\nsummary:\npriority:\non_error:\nmatch:\neffects:\nhandler:\n  kind: script\n  command: ./h.sh\n  args:\n  env:\n  timeout:\n",
	} {
		h, fs := ParseFile("f.yaml", []byte(src))
		if len(fs) != 0 {
			t.Fatalf("findings: %q", show(fs))
		}
		if h.Handler.Timeout != 30*time.Second || h.OnError != OnErrorBlock || h.Priority != 0 ||
			!h.Match.Empty() || h.Handler.HasArgs || h.Handler.Args != nil || h.Handler.Env != nil || h.Summary != "" || h.Effects != nil {
			t.Errorf("defaults: got %+v", h)
		}
	}
}

func TestValidID(t *testing.T) {
	for id, want := range map[string]bool{
		"a": true, "prod_config_guard": true, "session-stop-build-check": true, "0day": true, "a-_9": true,
		"-a": true, "_a": true, "": false, "A": false, "a b": false, "a.b": false, "é": false,
		strings.Repeat("x", 128): true, strings.Repeat("x", 129): false,
	} {
		if got := ValidID(id); got != want {
			t.Errorf("ValidID(%q) = %v, want %v", id, got, want)
		}
	}
}

// A SessionStop gate (blocking, on_error: block) is declared on purpose:
// no warning, so validate --strict passes it; blocking alone is warned.
func TestSessionStopGateIsNotWarned(t *testing.T) {
	base := "id: gate\nevent_type: SessionStop\nenabled: true\nblocking: true\n%shandler: {kind: script, command: ./build.sh}\n"
	_, fs := ParseFile("f.yaml", []byte(fmt.Sprintf(base, "on_error: block\n")))
	if len(fs) != 0 {
		t.Errorf("gate: findings %q, want none", show(fs))
	}
	_, fs = ParseFile("f.yaml", []byte(fmt.Sprintf(base, "")))
	if len(fs) != 1 || fs[0].Severity != Warning {
		t.Errorf("blocking alone: findings %q, want one warning", show(fs))
	}
}
