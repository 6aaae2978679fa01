package event

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// valid is a minimal valid context per event: every required field, nothing else.
var valid = map[Name]string{
	PromptSubmit:     `{"session_id":"s1","user_raw_input":"add a test"}`,
	PreAbilityCreate: `{"ability_ref":{"kind":"ability_id","value":"deploy_prod"},"caller":{"source":"ai_session"}}`,
	PreAbilityCall:   `{"ability_id":"edit_file","caller":{"source":"manual_cli"}}`,
	PostAbilityCall:  `{"ability_id":"edit_file","status":"success"}`,
	SessionStop:      `{"session_id":"s1"}`,
}

// with returns the valid context of ev with field set to raw JSON, or
// removed when raw is "". field may be "a.b" for a field of an object.
func with(t *testing.T, ev Name, field, raw string) string {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal([]byte(valid[ev]), &doc); err != nil {
		t.Fatal(err)
	}
	obj := doc
	parts := strings.Split(field, ".")
	for _, p := range parts[:len(parts)-1] {
		obj = obj[p].(map[string]any)
	}
	last := parts[len(parts)-1]
	if raw == "" {
		delete(obj, last)
	} else {
		obj[last] = json.RawMessage(raw)
	}
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestParseContextValid(t *testing.T) {
	for _, ev := range All {
		c, err := ParseContext([]byte(valid[ev]), ev)
		if err != nil {
			t.Fatalf("%s: %v", ev, err)
		}
		if c.Event != ev {
			t.Errorf("%s: Event = %q", ev, c.Event)
		}
		if got := string(c.Fields["event_type"]); got != `"`+string(ev)+`"` {
			t.Errorf("%s: event_type = %s, want it set", ev, got)
		}
	}
}

// TestParseContextFields covers every required field of every event:
// missing, null, of the wrong type, empty, and outside its enum; and the
// optional fields' types. Each error names the field.
func TestParseContextFields(t *testing.T) {
	type tc struct {
		ev    Name
		field string // dotted; "" in raw removes it
		raw   string
		want  string
	}
	cases := []tc{
		// PromptSubmit
		{PromptSubmit, "session_id", "", `context field "session_id": required for this event but missing`},
		{PromptSubmit, "session_id", `null`, `context field "session_id": required for this event but null`},
		{PromptSubmit, "session_id", `7`, `context field "session_id": must be a string, got a number`},
		{PromptSubmit, "session_id", `""`, `context field "session_id": must not be empty`},
		{PromptSubmit, "user_raw_input", "", `context field "user_raw_input": required for this event but missing`},
		{PromptSubmit, "user_raw_input", `null`, `context field "user_raw_input": required for this event but null`},
		{PromptSubmit, "user_raw_input", `["a"]`, `context field "user_raw_input": must be a string, got an array`},
		{PromptSubmit, "current_files", `"a.go"`, `context field "current_files": must be an array of strings, got a string`},
		{PromptSubmit, "current_files", `["a.go",3]`, `context field "current_files[1]": must be a string, got a number`},
		{PromptSubmit, "current_files", `["a.go",null]`, `context field "current_files[1]": must be a string, got null`},

		// PreAbilityCreate
		{PreAbilityCreate, "ability_ref", "", `context field "ability_ref": required for this event but missing`},
		{PreAbilityCreate, "ability_ref", `null`, `context field "ability_ref": required for this event but null`},
		{PreAbilityCreate, "ability_ref", `"deploy"`, `context field "ability_ref": must be an object, got a string`},
		{PreAbilityCreate, "ability_ref.kind", "", `context field "ability_ref.kind": required for this event but missing`},
		{PreAbilityCreate, "ability_ref.kind", `1`, `context field "ability_ref.kind": must be a string, got a number`},
		{PreAbilityCreate, "ability_ref.kind", `"ability"`, `context field "ability_ref.kind": must be one of ability_id, operation_key, got "ability"`},
		{PreAbilityCreate, "ability_ref.value", "", `context field "ability_ref.value": required for this event but missing`},
		{PreAbilityCreate, "ability_ref.value", `null`, `context field "ability_ref.value": required for this event but null`},
		{PreAbilityCreate, "ability_ref.value", `{}`, `context field "ability_ref.value": must be a string, got an object`},
		{PreAbilityCreate, "ability_ref.value", `""`, `context field "ability_ref.value": must not be empty`},
		{PreAbilityCreate, "caller", "", `context field "caller": required for this event but missing`},
		{PreAbilityCreate, "caller", `[]`, `context field "caller": must be an object, got an array`},
		{PreAbilityCreate, "caller.source", "", `context field "caller.source": required for this event but missing`},
		{PreAbilityCreate, "caller.source", `null`, `context field "caller.source": required for this event but null`},
		{PreAbilityCreate, "caller.source", `true`, `context field "caller.source": must be a string, got a boolean`},
		{PreAbilityCreate, "caller.source", `"cron"`, `context field "caller.source": must be one of ai_session, background_job, ci_pipeline, manual_cli, got "cron"`},
		{PreAbilityCreate, "caller.job_id", `5`, `context field "caller.job_id": must be a string, got a number`},
		{PreAbilityCreate, "session_id", `5`, `context field "session_id": must be a string, got a number`},
		{PreAbilityCreate, "input_summary", `{}`, `context field "input_summary": must be a string, got an object`},
		{PreAbilityCreate, "environment", `["prod"]`, `context field "environment": must be a string, got an array`},

		// PreAbilityCall
		{PreAbilityCall, "ability_id", "", `context field "ability_id": required for this event but missing`},
		{PreAbilityCall, "ability_id", `null`, `context field "ability_id": required for this event but null`},
		{PreAbilityCall, "ability_id", `42`, `context field "ability_id": must be a string, got a number`},
		{PreAbilityCall, "ability_id", `""`, `context field "ability_id": must not be empty`},
		{PreAbilityCall, "caller", "", `context field "caller": required for this event but missing`},
		{PreAbilityCall, "caller", `null`, `context field "caller": required for this event but null`},
		{PreAbilityCall, "caller.source", "", `context field "caller.source": required for this event but missing`},
		{PreAbilityCall, "caller.source", `["ai_session"]`, `context field "caller.source": must be a string, got an array`},
		{PreAbilityCall, "caller.source", `"AI_SESSION"`, `context field "caller.source": must be one of ai_session, background_job, ci_pipeline, manual_cli, got "AI_SESSION"`},
		{PreAbilityCall, "caller.triggered_by", `false`, `context field "caller.triggered_by": must be a string, got a boolean`},
		{PreAbilityCall, "task_key", `1`, `context field "task_key": must be a string, got a number`},
		{PreAbilityCall, "args_summary", `[]`, `context field "args_summary": must be a string, got an array`},
		// The directory a call's relative paths are read from: one of another type is no root.
		{PreAbilityCall, "cwd", `["prod"]`, `context field "cwd": must be a string, got an array`},
		{PreAbilityCall, "cwd", `{"path":"prod"}`, `context field "cwd": must be a string, got an object`},
		{PreAbilityCall, "session_cwd", `7`, `context field "session_cwd": must be a string, got a number`},
		{PostAbilityCall, "cwd", `1`, `context field "cwd": must be a string, got a number`},

		// PostAbilityCall
		{PostAbilityCall, "ability_id", "", `context field "ability_id": required for this event but missing`},
		{PostAbilityCall, "ability_id", `null`, `context field "ability_id": required for this event but null`},
		{PostAbilityCall, "ability_id", `{"id":"x"}`, `context field "ability_id": must be a string, got an object`},
		{PostAbilityCall, "ability_id", `""`, `context field "ability_id": must not be empty`},
		{PostAbilityCall, "status", "", `context field "status": required for this event but missing`},
		{PostAbilityCall, "status", `null`, `context field "status": required for this event but null`},
		{PostAbilityCall, "status", `0`, `context field "status": must be a string, got a number`},
		{PostAbilityCall, "status", `"ok"`, `context field "status": must be one of success, failure, partial, got "ok"`},
		{PostAbilityCall, "duration_ms", `"120"`, `context field "duration_ms": must be a number, got a string`},
		{PostAbilityCall, "duration_ms", `-1`, `context field "duration_ms": must not be negative, got -1`},
		{PostAbilityCall, "duration_ms", `1e400`, `context field "duration_ms": number 1e400 is out of range`},
		{PostAbilityCall, "error_message", `1`, `context field "error_message": must be a string, got a number`},
		{PostAbilityCall, "output_summary", `{}`, `context field "output_summary": must be a string, got an object`},

		// SessionStop
		{SessionStop, "session_id", "", `context field "session_id": required for this event but missing`},
		{SessionStop, "session_id", `null`, `context field "session_id": required for this event but null`},
		{SessionStop, "session_id", `1`, `context field "session_id": must be a string, got a number`},
		{SessionStop, "session_id", `""`, `context field "session_id": must not be empty`},
		{SessionStop, "changed_files", `"a.go"`, `context field "changed_files": must be an array of strings, got a string`},
		{SessionStop, "changed_files", `[{"path":"a.go"}]`, `context field "changed_files[0]": must be a string, got an object`},
		{SessionStop, "abilities_used", `[1]`, `context field "abilities_used[0]": must be a string, got a number`},
		{SessionStop, "tasks_summary", `{}`, `context field "tasks_summary": must be an array of objects, got an object`},
		{SessionStop, "tasks_summary", `[1]`, `context field "tasks_summary[0]": must be an object, got a number`},
		{SessionStop, "tasks_summary", `[{"status":"success"},null]`, `context field "tasks_summary[1]": must be an object, got null`},
		{SessionStop, "tasks_summary", `[{"status":"done"}]`, `context field "tasks_summary[0].status": must be one of success, failure, partial, got "done"`},
		{SessionStop, "tasks_summary", `[{"task_key":7}]`, `context field "tasks_summary[0].task_key": must be a string, got a number`},
		{SessionStop, "started_at", `1700000000`, `context field "started_at": must be a string, got a number`},
	}
	for _, c := range cases {
		doc := with(t, c.ev, c.field, c.raw)
		_, err := ParseContext([]byte(doc), c.ev)
		var ce *ContextError
		if !errors.As(err, &ce) {
			t.Errorf("%s %s=%s: err = %v, want a *ContextError", c.ev, c.field, c.raw, err)
			continue
		}
		if err.Error() != c.want {
			t.Errorf("%s %s=%s:\n got  %s\n want %s", c.ev, c.field, c.raw, err, c.want)
		}
	}
}

// TestLeastContextParses: the context an empty input is told to send is
// one its event takes.
func TestLeastContextParses(t *testing.T) {
	for _, ev := range All {
		least := LeastContext(ev)
		if least == "" {
			t.Errorf("%s: no least context", ev)
			continue
		}
		if _, err := ParseContext([]byte(least), ev); err != nil {
			t.Errorf("%s: %s: %v", ev, least, err)
		}
	}
}

func TestParseContextDocument(t *testing.T) {
	cases := []struct {
		name string
		doc  string
		arg  Name
		want string
	}{
		{"empty", "", PromptSubmit, `context: empty input: expected a JSON object on stdin (or --context FILE); the least a PromptSubmit context holds is {"session_id": "s1", "user_raw_input": "TEXT"}`},
		{"blank", " \n\t", SessionStop, `context: empty input: expected a JSON object on stdin (or --context FILE); the least a SessionStop context holds is {"session_id": "ci"}`},
		{"empty, no event", "", "", `context: empty input: expected a JSON object on stdin (or --context FILE)`},
		{"null", "null", PromptSubmit, `context: must be a JSON object, got null`},
		{"array", `[{"session_id":"s"}]`, PromptSubmit, `context: must be a JSON object, got an array`},
		{"string", `"PromptSubmit"`, PromptSubmit, `context: must be a JSON object, got a string`},
		{"number", `42`, PromptSubmit, `context: must be a JSON object, got a number`},
		{"truncated", `{"session_id":"s1"`, PromptSubmit, `context: not valid JSON: unexpected end of JSON input (at byte 18)`},
		{"trailing data", `{"session_id":"s1","user_raw_input":"x"} {}`, PromptSubmit, `context: not valid JSON: invalid character '{' after top-level value (at byte 42)`},
		{"trailing garbage", `{"session_id":"s1","user_raw_input":"x"}x`, PromptSubmit, `context: not valid JSON: invalid character 'x' after top-level value (at byte 41)`},
		{"nul byte", "{\"session_id\":\"s\x00\"}", PromptSubmit, `context: not valid JSON: invalid character '\x00' in string literal (at byte 17)`},
		{"invalid utf-8", "{\"session_id\":\"s1\",\"user_raw_input\":\"caf\xe9\"}", PromptSubmit, `context: not valid UTF-8 (at byte 41): JSON text must be UTF-8`},
		{"too deep", strings.Repeat("[", 100000) + strings.Repeat("]", 100000), PromptSubmit, `context: not valid JSON: invalid character '[' exceeded max depth (at byte 10001)`},
		{"too large", `{"session_id":"` + strings.Repeat("x", MaxContextBytes) + `"}`, PromptSubmit, `context: larger than the maximum of 8388608 bytes (8 MiB)`},
		{"duplicate key", `{"session_id":"s1","user_raw_input":"a","user_raw_input":"b"}`, PromptSubmit, `context field "user_raw_input": appears more than once in its object; send each key once`},
		{"duplicate nested key", `{"ability_id":"a","caller":{"source":"manual_cli","source":"ai_session"}}`, PreAbilityCall, `context field "caller.source": appears more than once in its object; send each key once`},
		{"duplicate escaped key", `{"ability_id":"a","\u0061bility_id":"b","caller":{"source":"ai_session"}}`, PreAbilityCall, `context field "ability_id": appears more than once in its object; send each key once`},
		{"duplicate in a field hookrun reads", `{"session_id":"s1","tasks_summary":[{"status":"success"},{"status":"success","status":"failure"}]}`, SessionStop, `context field "tasks_summary[1].status": appears more than once in its object; send each key once`},
		{"duplicate top-level unknown field", `{"session_id":"s1","extra":1,"extra":2}`, SessionStop, `context field "extra": appears more than once in its object; send each key once`},
		{"key in another case", `{"ability_id":"shell","caller":{"source":"ai_session"},"command":"ls","Command":"rm -rf x"}`, PreAbilityCall, `context field "Command": is "command" in another case: hookrun reads the key spelt exactly, a Go program reading the context takes the last of the two; send each key once, spelt one way`},
		{"key in another case first", `{"ability_id":"shell","caller":{"source":"ai_session"},"COMMAND":"rm -rf x","command":"ls"}`, PreAbilityCall, `context field "command": is "COMMAND" in another case: hookrun reads the key spelt exactly, a Go program reading the context takes the last of the two; send each key once, spelt one way`},
		{"key in another case, Unicode fold", `{"ability_id":"shell","caller":{"source":"ai_session"},"shell":"sh","\u017fhell":"powershell","command":"ls"}`, PreAbilityCall, `context field "ſhell": is "shell" in another case: hookrun reads the key spelt exactly, a Go program reading the context takes the last of the two; send each key once, spelt one way`},
		{"key in another case in ability_args", `{"ability_id":"shell","caller":{"source":"ai_session"},"ability_args":{"command":"rm -rf x","Command":"ls"}}`, PreAbilityCall, `context field "ability_args.Command": is "ability_args.command" in another case: hookrun reads the key spelt exactly, a Go program reading the context takes the last of the two; send each key once, spelt one way`},
		{"key in another case deep in ability_args", `{"ability_id":"mcp/x/y","caller":{"source":"ai_session"},"ability_args":{"opts":[{"path":"a","PATH":"b"}]}}`, PreAbilityCall, `context field "ability_args.opts[0].PATH": is "ability_args.opts[0].path" in another case: hookrun reads the key spelt exactly, a Go program reading the context takes the last of the two; send each key once, spelt one way`},
		{"key in another case in caller", `{"ability_id":"a","caller":{"source":"manual_cli","Source":"ai_session"}}`, PreAbilityCall, `context field "caller.Source": is "caller.source" in another case: hookrun reads the key spelt exactly, a Go program reading the context takes the last of the two; send each key once, spelt one way`},
		{"top-level unknown keys in two cases", `{"session_id":"s1","extra":1,"Extra":2}`, SessionStop, `context field "Extra": is "extra" in another case: hookrun reads the key spelt exactly, a Go program reading the context takes the last of the two; send each key once, spelt one way`},
		{"a field in another case alone", `{"ability_id":"shell","caller":{"source":"ai_session"},"Command":"rm -rf x"}`, PreAbilityCall, `context field "Command": is not "command": hookrun reads its fields only as spelt, so it would not see this one, which a Go program reading the context takes for "command"; send "command"`},
		{"event_type in another case alone", `{"Event_Type":"SessionStop","session_id":"s1"}`, SessionStop, `context field "Event_Type": is not "event_type": hookrun reads its fields only as spelt, so it would not see this one, which a Go program reading the context takes for "event_type"; send "event_type"`},
		{"a caller field in another case alone", `{"ability_id":"a","caller":{"source":"manual_cli","Session_ID":"s2"}}`, PreAbilityCall, `context field "caller.Session_ID": is not "caller.session_id": hookrun reads its fields only as spelt, so it would not see this one, which a Go program reading the context takes for "caller.session_id"; send "caller.session_id"`},
		{"NUL in command", `{"ability_id":"shell","caller":{"source":"ai_session"},"command":"rm .env\u0000x"}`, PreAbilityCall, `context field "command": holds a NUL byte (\u0000), which no command line or file name can hold: a program written in C reads it only up to there (rm .env), hookrun reads all of it`},
		// The line a shell call or a tool sends only in its input is read as the command field is.
		{"NUL in ability_args' command", `{"ability_id":"shell","caller":{"source":"ai_session"},"ability_args":{"command":"cat .env\u0000x"}}`, PreAbilityCall, `context field "ability_args.command": holds a NUL byte (\u0000), which no command line or file name can hold: a program written in C reads it only up to there (cat .env), hookrun reads all of it`},
		{"NUL in a tool's cmd", `{"ability_id":"mcp/sh/exec","caller":{"source":"ai_session"},"command":" ","ability_args":{"cmd":["cat",".env\u0000"]}}`, PreAbilityCall, `context field "ability_args.cmd": holds a NUL byte (\u0000), which no command line or file name can hold: a program written in C reads it only up to there (cat '.env), hookrun reads all of it`},
		{"NUL in a path", `{"ability_id":"write_file","status":"success","paths":["a","b\u0000c"]}`, PostAbilityCall, `context field "paths[1]": holds a NUL byte (\u0000), which no command line or file name can hold: a program written in C reads it only up to there (b), hookrun reads all of it`},
		{"no event at all", `{"session_id":"s1"}`, "", `context field "event_type": required when no EVENT argument is given; valid events: PromptSubmit, PreAbilityCreate, PreAbilityCall, PostAbilityCall, SessionStop`},
		{"null event and no argument", `{"event_type":null,"session_id":"s1"}`, "", `context field "event_type": required when no EVENT argument is given; valid events: PromptSubmit, PreAbilityCreate, PreAbilityCall, PostAbilityCall, SessionStop`},
		{"event disagrees", `{"event_type":"SessionStop","session_id":"s1"}`, PromptSubmit, `context field "event_type": is "SessionStop" but the command line names "PromptSubmit"`},
		{"unknown event", `{"event_type":"SessionEnd","session_id":"s1"}`, "", `context field "event_type": unknown event "SessionEnd"; valid events: PromptSubmit, PreAbilityCreate, PreAbilityCall, PostAbilityCall, SessionStop`},
		{"event of the wrong case", `{"event_type":"sessionstop","session_id":"s1"}`, SessionStop, `context field "event_type": unknown event "sessionstop"; valid events: PromptSubmit, PreAbilityCreate, PreAbilityCall, PostAbilityCall, SessionStop`},
		{"event not a string", `{"event_type":3,"session_id":"s1"}`, "", `context field "event_type": must be a string, got a number`},
		{"event from the context, checked for it", `{"event_type":"PostAbilityCall","ability_id":"x"}`, "", `context field "status": required for this event but missing`},
	}
	for _, c := range cases {
		_, err := ParseContext([]byte(c.doc), c.arg)
		if err == nil {
			t.Errorf("%s: no error, want %s", c.name, c.want)
			continue
		}
		var ce *ContextError
		if !errors.As(err, &ce) {
			t.Errorf("%s: %T, want *ContextError", c.name, err)
		}
		if err.Error() != c.want {
			t.Errorf("%s:\n got  %s\n want %s", c.name, err, c.want)
		}
	}
}

func TestParseContextEventAgreement(t *testing.T) {
	cases := []struct {
		doc  string
		arg  Name
		want Name
	}{
		{`{"event_type":"SessionStop","session_id":"s1"}`, "", SessionStop},          // taken from the context
		{`{"event_type":"SessionStop","session_id":"s1"}`, SessionStop, SessionStop}, // both, agreeing
		{`{"session_id":"s1"}`, SessionStop, SessionStop},                            // taken from the argument
		{`{"event_type":null,"session_id":"s1"}`, SessionStop, SessionStop},          // null is absent
		{`{"session_id":"s1","user_raw_input":""}`, PromptSubmit, PromptSubmit},      // an empty prompt is a prompt
		{`{"ability_id":"x","status":"partial","duration_ms":0}`, PostAbilityCall, PostAbilityCall},
	}
	for _, c := range cases {
		got, err := ParseContext([]byte(c.doc), c.arg)
		if err != nil {
			t.Errorf("%s (arg %q): %v", c.doc, c.arg, err)
			continue
		}
		if got.Event != c.want {
			t.Errorf("%s (arg %q): event %s, want %s", c.doc, c.arg, got.Event, c.want)
		}
		if e := string(got.Fields["event_type"]); e != `"`+string(c.want)+`"` {
			t.Errorf("%s (arg %q): event_type %s", c.doc, c.arg, e)
		}
	}
}

// Unknown fields, at the top and inside known objects, reach handlers
// unchanged; event_type is added; keys come out sorted.
func TestParseContextKeepsUnknownFields(t *testing.T) {
	doc := `{"ability_id":"edit_file","caller":{"source":"ai_session","pid":7,"tags":["a<b&c"]},` +
		`"x_runtime":{"name":"agent","nested":[1,2.50,{"deep":null}]},"args_summary":"a > b && c < d"}`
	c, err := ParseContext([]byte(doc), PreAbilityCall)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"ability_id":"edit_file","args_summary":"a > b && c < d","caller":{"source":"ai_session","pid":7,"tags":["a<b&c"]},` +
		`"event_type":"PreAbilityCall","x_runtime":{"name":"agent","nested":[1,2.50,{"deep":null}]}}`
	if got := string(c.JSON()); got != want {
		t.Errorf("JSON():\n got  %s\n want %s", got, want)
	}
	keys := slices.Sorted(maps.Keys(c.Fields))
	if !slices.Equal(keys, []string{"ability_id", "args_summary", "caller", "event_type", "x_runtime"}) {
		t.Errorf("fields %v", keys)
	}
}

func TestParseContextViews(t *testing.T) {
	cases := []struct {
		ev   Name
		doc  string
		want Context
	}{
		{PromptSubmit, `{"session_id":"s1","user_raw_input":"x","current_files":["a"]}`,
			Context{SessionID: "s1"}},
		{PreAbilityCreate, `{"session_id":"s2","ability_ref":{"kind":"operation_key","value":"db.write.user_row"},"caller":{"source":"ci_pipeline"}}`,
			Context{SessionID: "s2", AbilityID: "db.write.user_row", CallerSource: "ci_pipeline"}},
		{PreAbilityCall, `{"ability_id":"edit_file","caller":{"source":"background_job","session_id":"other"}}`,
			Context{SessionID: "other", AbilityID: "edit_file", CallerSource: "background_job"}}, // the caller's session, when that is all there is
		{PreAbilityCall, `{"session_id":"s5","ability_id":"edit_file","caller":{"source":"ai_session","session_id":"other"}}`,
			Context{SessionID: "s5", AbilityID: "edit_file", CallerSource: "ai_session"}},
		{PostAbilityCall, `{"session_id":"s3","ability_id":"run_tests","status":"failure","duration_ms":1500.5}`,
			Context{SessionID: "s3", AbilityID: "run_tests", DurationMS: 1500.5, HasDuration: true}},
		{PostAbilityCall, `{"ability_id":"run_tests","status":"success","duration_ms":null}`,
			Context{AbilityID: "run_tests"}},
		{PostAbilityCall, `{"ability_id":"run_tests","status":"success"}`,
			Context{AbilityID: "run_tests"}},
		{SessionStop, `{"session_id":"s4","changed_files":["services/api/main.go","README.md"]}`,
			Context{SessionID: "s4", ChangedFiles: []string{"services/api/main.go", "README.md"}}},
	}
	for _, c := range cases {
		got, err := ParseContext([]byte(c.doc), c.ev)
		if err != nil {
			t.Errorf("%s: %v", c.ev, err)
			continue
		}
		if got.SessionID != c.want.SessionID || got.AbilityID != c.want.AbilityID ||
			got.CallerSource != c.want.CallerSource || got.DurationMS != c.want.DurationMS ||
			got.HasDuration != c.want.HasDuration || !slices.Equal(got.ChangedFiles, c.want.ChangedFiles) {
			t.Errorf("%s: views %+v, want %+v", c.ev, *got, c.want)
		}
	}
}

// Context.JSON writes by hand what encoding/json writes for the fields.
func TestContextJSONMatchesEncodingJSON(t *testing.T) {
	for _, doc := range []string{
		`{"session_id":"s","user_raw_input":"hi"}`,
		`{"session_id":"s","user_raw_input":"<b> & \"q\" \\ \u2028 \u0001 é 😀","zeta":{ "b" : [1, 2.5e3, true, null] , "a": "x"},"alpha":[ ],"é":1}`,
		"{\"session_id\":\"s\",\"user_raw_input\":\"tab\\there\\nline\",\"odd key \\u0000\":\"\\ud800\"}",
	} {
		c, err := ParseContext([]byte(doc), PromptSubmit)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(c.Fields); err != nil {
			t.Fatal(err)
		}
		if got, want := string(c.JSON()), strings.TrimSuffix(buf.String(), "\n"); got != want {
			t.Errorf("Context.JSON differs from encoding/json:\n got %s\nwant %s", got, want)
		}
	}
}

// Inside a field hookrun does not read, a duplicate key is the handlers'
// business: the field reaches them as it came.
func TestDuplicateInUnknownFieldPassesThrough(t *testing.T) {
	c, err := ParseContext([]byte(`{"session_id":"s1","extra":[{"k":1},{"k":1,"k":2,"K":3}]}`), SessionStop)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(c.JSON()), `{"event_type":"SessionStop","extra":[{"k":1},{"k":1,"k":2,"K":3}],"session_id":"s1"}`; got != want {
		t.Errorf("JSON() = %s, want %s", got, want)
	}
}

// A tool without a canonical id that is given a command line has it read as a shell call's command;
// a context's own command and shell win.
func TestParseContextToolCommand(t *testing.T) {
	other := "sh"
	if runtime.GOOS == "windows" {
		other = "unknown"
	}
	for _, c := range []struct {
		doc, command, shell string
	}{
		{`{"ability_id":"mcp/shell/exec","caller":{"source":"ai_session"},"ability_args":{"command":"rm -rf x"}}`, "rm -rf x", other},
		{`{"ability_id":"mcp/box/run","caller":{"source":"ai_session"},"ability_args":{"cwd":"/","cmd":["rm","-rf","a b"]}}`, "rm -rf 'a b'", other},
		{`{"ability_id":"mcp/proc/spawn","caller":{"source":"ai_session"},"ability_args":{"command":"rm","args":["-rf","x"]}}`, "rm -rf x", other},
		{`{"ability_id":"mcp/proc/spawn","caller":{"source":"ai_session"},"ability_args":{"command":["rm"],"args":["-rf","a b"]}}`, "rm -rf 'a b'", other},
		{`{"ability_id":"codex/exec_command","caller":{"source":"ai_session"},"ability_args":{"script":"make"}}`, "make", other},
		{`{"ability_id":"mcp/PowerShell/run","caller":{"source":"ai_session"},"ability_args":{"command":"ri x"}}`, "ri x", "powershell"},
		{`{"ability_id":"mcp/db/query","caller":{"source":"ai_session"},"ability_args":{"sql":"DELETE FROM t"}}`, "", ""},
		{`{"ability_id":"mcp/x/y","caller":{"source":"ai_session"},"ability_args":{"command":7}}`, "", ""},
		{`{"ability_id":"edit_file","caller":{"source":"ai_session"},"ability_args":{"command":"str_replace"}}`, "", ""},
		{`{"ability_id":"mcp/shell/exec","caller":{"source":"ai_session"},"command":"ls","shell":"powershell","ability_args":{"command":"rm -rf x"}}`, "ls", "powershell"},
		// A shell call that sends its line only in ability_args (a runtime
		// that fills no command) has it read there, in the context's shell.
		{`{"ability_id":"shell","caller":{"source":"ai_session"},"ability_args":{"command":"rm -rf x"}}`, "rm -rf x", ""},
		{`{"ability_id":"shell","caller":{"source":"ai_session"},"command":"","shell":"powershell","ability_args":{"cmd":["ri","x"]}}`, "ri x", "powershell"},
		{`{"ability_id":"shell","caller":{"source":"ai_session"},"ability_args":{"timeout":5}}`, "", ""},
		// A command field in another case is read, as a Go runtime matching
		// a struct's fields ignoring case reads it.
		{`{"ability_id":"shell","caller":{"source":"ai_session"},"ability_args":{"Command":"rm -rf x"}}`, "rm -rf x", ""},
		{`{"ability_id":"mcp/shell/exec","caller":{"source":"ai_session"},"ability_args":{"CMD":"rm","Args":["-rf","x"]}}`, "rm -rf x", other},
		{`{"ability_id":"mcp/shell/exec","caller":{"source":"ai_session"},"ability_args":{"command\u0000":"rm -rf x"}}`, "rm -rf x", other},
	} {
		got, err := ParseContext([]byte(c.doc), PreAbilityCall)
		if err != nil {
			t.Fatalf("%s: %v", c.doc, err)
		}
		if got.Command != c.command || got.Shell != c.shell {
			t.Errorf("%s: command %q, shell %q; want %q, %q", c.doc, got.Command, got.Shell, c.command, c.shell)
		}
		// A shell call's handlers read the line it runs in command too.
		if want := c.command; got.AbilityID == "shell" && got.StringField("command") != want {
			t.Errorf("%s: the handlers' command is %q, want %q", c.doc, got.StringField("command"), want)
		}
	}
	_, err := ParseContext([]byte(`{"ability_id":"shell","caller":{"source":"ai_session"},"command":"x","shell":"cmd"}`), PreAbilityCall)
	if err == nil || err.Error() != `context field "shell": must be one of sh, bash, powershell, unknown, got "cmd"` {
		t.Errorf("shell cmd: %v", err)
	}
}

// TestSameSpelling checks the field names Spelled takes for one another: any case, with or
// without "_" and "-" between words, and nothing else.
func TestSameSpelling(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"working_dir", "workingDir", true},
		{"WORKING-DIR", "working_dir", true},
		{"Shell-Command", "shell_command", true},
		{"ſcript", "script", true},
		{"command_", "command", true},
		{"commands", "command", false},
		{"cmd", "command", false},
		{"work_dir", "working_dir", false},
		{"", "cmd", false},
		// A tool written in C reads a key only up to a NUL byte, as it reads a value.
		{"command\x00", "command", true},
		{"cmd\x00x", "cmd", true},
		{"\x00cmd", "cmd", false},
	} {
		if got := sameSpelling(tc.a, tc.b); got != tc.want {
			t.Errorf("sameSpelling(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestNestedCommandFields holds what a tool's nested input makes of its command line: a field
// named like a command that holds an object or a flag is data (a JSON schema's properties, an
// option), walked like any other; an input nested deeper than maxCommandDepth is unknown only
// where a command field lies below; and a nested line that differs from the top's makes the
// line unknown, as two nested ones that differ do, so that no shape of one call hides a line.
func TestNestedCommandFields(t *testing.T) {
	deep := func(inner string) string {
		return strings.Repeat(`{"a":`, maxCommandDepth+5) + inner + strings.Repeat(`}`, maxCommandDepth+5)
	}
	for _, c := range []struct {
		name, args, command, unread string
	}{
		{"schema", `{"schema":{"type":"object","properties":{"command":{"type":"string"},"params":{"type":"array"}}}}`, "", ""},
		{"schema script", `{"schema":{"properties":{"script":{"type":"string","description":"js"}}}}`, "", ""},
		{"flag", `{"options":{"script":false,"cmd":7}}`, "", ""},
		{"line in an object field", `{"opts":{"command":{"cmd":"rm -rf x"}}}`, "rm -rf x", ""},
		{"deep without a command", `{"doc":` + deep(`{"v":1}`) + `}`, "", ""},
		{"deep with a command", `{"doc":` + deep(`{"command":"rm -rf x"}`) + `}`, "", "ability_args nest more than 64 objects deep at ability_args.doc.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.…, so whether they hold a command line is unknown"},
		{"top and nested differ", `{"command":"ls","opts":{"command":"rm -rf x"}}`, "ls", "ability_args.command and ability_args.opts.command hold different command lines, so which one runs is unknown"},
		{"top and nested agree", `{"command":"ls","opts":{"cmd":" ls"}}`, "ls", ""},
		{"top with args and nested differ", `{"command":"rm","args":["-rf","x"],"hooks":[{"script":"rm -rf y"}]}`, "rm -rf x", "ability_args.command and ability_args.hooks[0].script hold different command lines, so which one runs is unknown"},
		{"nested line beside a nested line", `{"a":{"cmd":"ls","b":{"cmd":"rm -rf x"}}}`, "ls", "ability_args.a.cmd and ability_args.a.b.cmd hold different command lines, so which one runs is unknown"},
	} {
		doc := `{"ability_id":"mcp/x/y","caller":{"source":"ai_session"},"ability_args":` + c.args + `}`
		got, err := ParseContext([]byte(doc), PreAbilityCall)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got.Command != c.command || got.CommandUnread != c.unread {
			t.Errorf("%s: command %q, unread %q; want %q, %q", c.name, got.Command, got.CommandUnread, c.command, c.unread)
		}
	}
}
