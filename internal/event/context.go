package event

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/hookrun/hookrun/internal/ojson"
	"maps"
	"runtime"
	"slices"
	"strings"
	"unicode/utf8"
)

// MaxContextBytes caps the context a caller may send. A context over it is
// refused (exit 1) rather than read into memory and copied to every handler.
const MaxContextBytes = 8 << 20

// Context is an event context: every field the caller sent, kept verbatim,
// plus typed views of the fields hookrun's matcher reads.
type Context struct {
	Event  Name
	Fields map[string]json.RawMessage

	// Typed views, filled by ParseContext.
	SessionID    string
	AbilityID    string // ability_id, or ability_ref.value on PreAbilityCreate
	CallerSource string
	DurationMS   float64
	HasDuration  bool
	ChangedFiles []string
	// PreAbilityCall and PostAbilityCall: the full command line of a shell
	// call, and every path the call names (docs/hooks.md, "Events and
	// their contexts"). Paths holds the caller's list as sent; emit
	// derives it from Command when the caller sent none, and cleans it.
	Command  string
	Paths    []string
	HasPaths bool
	// SentPaths is the caller's list as sent, which emit's cleaning and the
	// line's paths do not change: a path a tool's input names (a write's
	// file) stays the call's even where its command runs it as a program.
	SentPaths []string
	// UnknownPaths says why a path Command names is only known when it
	// runs ($D/hooks/x); emit sets it, and match.paths cannot rule the
	// call out while it is set.
	UnknownPaths string
	// CommandUnread says why a command line a tool's ability_args hold could
	// not be read whole (a command field or its args of another shape: a list
	// holding a number, an object), when Command was read from there.
	CommandUnread string
	// Shell is the language Command is written in: the context's "shell"
	// (sh when absent), or, for a command read from the input of a tool
	// without a canonical id, what its name says (docs/hooks.md).
	Shell string
}

// ContextError names the context field that is wrong.
type ContextError struct {
	Field string // dotted path, or "" for the document as a whole
	Msg   string
	// Unknown is the event_type that names no event, for a caller that
	// can add a hint (config.UnknownEvent: an agent's event, a close one).
	Unknown string
}

func (e *ContextError) Error() string {
	if e.Field == "" {
		return "context: " + e.Msg
	}
	return fmt.Sprintf("context field %q: %s", e.Field, e.Msg)
}

type kind int

const (
	kString kind = iota
	kNumber
	kStrings
	kObject
	kObjects
)

func (k kind) String() string {
	return [...]string{"a string", "a number", "an array of strings", "an object", "an array of objects"}[k]
}

// rule describes one field of an event context (docs/hooks.md, "Events and their contexts").
type rule struct {
	name     string
	kind     kind
	required bool
	nonEmpty bool
	enum     []string
	nonNeg   bool
	noNUL    bool   // a command line or a path, of a string or of each string of an array
	fields   []rule // of an object, or of each object of an array
}

// The fields hookrun checks in each event's context. Package-level
// slices of constants are laid out at build time; a map of them would be
// built by code on every start of hookrun, for one lookup.
var (
	statuses = []string{"success", "failure", "partial"}
	// The tables below name callerFields, not a whole caller rule: a slice
	// variable is copied into them at build time, where a struct holding
	// one would be copied by code at start-up.
	callerFields = []rule{
		{name: "source", kind: kString, required: true, enum: Sources},
		{name: "session_id", kind: kString},
		{name: "job_id", kind: kString},
		{name: "triggered_by", kind: kString},
	}
	sessionID         = rule{name: "session_id", kind: kString}
	requiredSessionID = rule{name: "session_id", kind: kString, required: true, nonEmpty: true}

	promptSubmitRules = []rule{
		requiredSessionID,
		{name: "user_raw_input", kind: kString, required: true},
		{name: "current_files", kind: kStrings},
	}
	preAbilityCreateRules = []rule{
		sessionID,
		{name: "ability_ref", kind: kObject, required: true, fields: []rule{
			{name: "kind", kind: kString, required: true, enum: []string{"ability_id", "operation_key"}},
			{name: "value", kind: kString, required: true, nonEmpty: true},
		}},
		{name: "input_summary", kind: kString},
		{name: "environment", kind: kString},
		{name: "caller", kind: kObject, required: true, fields: callerFields},
	}
	preAbilityCallRules = []rule{
		sessionID,
		{name: "ability_id", kind: kString, required: true, nonEmpty: true},
		{name: "task_key", kind: kString},
		{name: "args_summary", kind: kString},
		{name: "caller", kind: kObject, required: true, fields: callerFields},
		{name: "ability_args", kind: kObject},
		{name: "command", kind: kString, noNUL: true},
		{name: "shell", kind: kString, enum: Shells},
		{name: "paths", kind: kStrings, noNUL: true},
		// Where the call's relative paths are read from (the agent's own directory in
		// session_cwd): one of another type would be dropped for the project root.
		{name: "cwd", kind: kString, noNUL: true},
		{name: "session_cwd", kind: kString, noNUL: true},
	}
	postAbilityCallRules = []rule{
		sessionID,
		{name: "ability_id", kind: kString, required: true, nonEmpty: true},
		{name: "task_key", kind: kString},
		{name: "status", kind: kString, required: true, enum: statuses},
		{name: "duration_ms", kind: kNumber, nonNeg: true},
		{name: "input_summary", kind: kString},
		{name: "output_summary", kind: kString},
		{name: "error_message", kind: kString},
		{name: "ability_args", kind: kObject},
		{name: "command", kind: kString, noNUL: true},
		{name: "shell", kind: kString, enum: Shells},
		{name: "paths", kind: kStrings, noNUL: true},
		// Where the call's relative paths are read from (the agent's own directory in
		// session_cwd): one of another type would be dropped for the project root.
		{name: "cwd", kind: kString, noNUL: true},
		{name: "session_cwd", kind: kString, noNUL: true},
	}
	sessionStopRules = []rule{
		requiredSessionID,
		{name: "changed_files", kind: kStrings},
		{name: "abilities_used", kind: kStrings},
		{name: "tasks_summary", kind: kObjects, fields: []rule{
			{name: "task_key", kind: kString},
			{name: "ability_id", kind: kString},
			{name: "status", kind: kString, enum: statuses},
		}},
		{name: "started_at", kind: kString},
		{name: "ended_at", kind: kString},
	}
)

// FieldNames lists the names of the fields hookrun checks in ev's
// context, those of its objects (caller's source) included, each once.
func FieldNames(ev Name) []string {
	var names []string
	var walk func([]rule)
	walk = func(rules []rule) {
		for _, r := range rules {
			if !slices.Contains(names, r.name) {
				names = append(names, r.name)
			}
			walk(r.fields)
		}
	}
	walk(contextRules(ev))
	return names
}

// contextRules returns the rules of ev's context.
func contextRules(ev Name) []rule {
	switch ev {
	case PromptSubmit:
		return promptSubmitRules
	case PreAbilityCreate:
		return preAbilityCreateRules
	case PreAbilityCall:
		return preAbilityCallRules
	case PostAbilityCall:
		return postAbilityCallRules
	case SessionStop:
		return sessionStopRules
	}
	return nil
}

func twinError(d ojson.Twin) error {
	if d.Key == d.Earlier {
		return &ContextError{Field: d.Path, Msg: "appears more than once in its object; send each key once"}
	}
	earlier := strings.TrimSuffix(d.Path, d.Key) + d.Earlier
	return &ContextError{Field: d.Path, Msg: fmt.Sprintf("is %q in another case: hookrun reads the key spelt exactly, a Go program reading the context takes the last of the two; send each key once, spelt one way", earlier)}
}

// root is the top-level field a DuplicateKeys path lies under.
func root(path string) string {
	if i := strings.IndexAny(path, ".["); i >= 0 {
		return path[:i]
	}
	return path
}

// reads reports whether hookrun reads the top-level field name of an ev
// context (it checks it, or matches on it).
func reads(ev Name, name string) bool {
	if name == "event_type" {
		return true
	}
	for _, r := range contextRules(ev) {
		if r.name == name {
			return true
		}
	}
	return false
}

// LeastContext is a context of the event ev with only the fields it
// requires: what an empty input is told to send (a CI job's first
// SessionStop run pipes nothing in); "" for no event. A switch, not a map:
// nothing is built before main. TestLeastContextParses holds each valid.
func LeastContext(ev Name) string {
	switch ev {
	case PromptSubmit:
		return `{"session_id": "s1", "user_raw_input": "TEXT"}`
	case PreAbilityCreate:
		return `{"ability_ref": {"kind": "ability_id", "value": "shell"}, "caller": {"source": "manual_cli"}}`
	case PreAbilityCall:
		return `{"ability_id": "shell", "caller": {"source": "manual_cli"}, "command": "ls"}`
	case PostAbilityCall:
		return `{"ability_id": "shell", "status": "success"}`
	case SessionStop:
		return `{"session_id": "ci"}`
	}
	return ""
}

// ParseContext reads a context document. arg is the event named on the
// command line, or "" to take it from the context's event_type; when both
// are given they must agree. The returned context has event_type set.
func ParseContext(data []byte, arg Name) (*Context, error) {
	if len(data) > MaxContextBytes {
		// Callers read at most one byte more than the maximum, so len(data)
		// is not the real size: say only that it is too large.
		return nil, &ContextError{Msg: fmt.Sprintf("larger than the maximum of %d bytes (8 MiB)", MaxContextBytes)}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		msg := "empty input: expected a JSON object on stdin (or --context FILE)"
		if least := LeastContext(arg); least != "" {
			msg += fmt.Sprintf("; the least a %s context holds is %s", arg, least)
		}
		return nil, &ContextError{Msg: msg}
	}
	if at := ojson.InvalidUTF8(data); at >= 0 {
		// Counted like encoding/json's syntax errors: the bad byte is the Nth read.
		return nil, &ContextError{Msg: fmt.Sprintf("not valid UTF-8 (at byte %d): JSON text must be UTF-8", at+1)}
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) {
			return nil, &ContextError{Msg: "must be a JSON object, got " + JSONKind(data)}
		}
		return nil, &ContextError{Msg: "not valid JSON: " + JSONProblem(err)}
	}
	if fields == nil { // the document was null
		return nil, &ContextError{Msg: "must be a JSON object, got null"}
	}
	// One meaning for everyone, hookrun and every handler's parser: a key
	// sent twice at the top level (where hookrun keeps only the last) or
	// inside a field hookrun reads is refused, and so is a key sent again
	// in another case, which a Go program matching a struct's fields
	// (encoding/json ignores case) reads as the same one. Inside the other
	// fields, which hookrun passes on as they came, it is the handlers'
	// business.
	dups := ojson.KeyTwins(data, 1<<20)
	for _, d := range dups {
		if d.Top {
			return nil, twinError(d)
		}
	}
	ev := arg
	if raw, ok := fields["event_type"]; ok && string(raw) != "null" {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, &ContextError{Field: "event_type", Msg: "must be a string, got " + JSONKind(raw)}
		}
		named, ok := Parse(s)
		switch {
		case !ok:
			return nil, &ContextError{Field: "event_type", Msg: fmt.Sprintf("unknown event %q; valid events: %s", s, Names()), Unknown: s}
		case arg != "" && named != arg:
			return nil, &ContextError{Field: "event_type", Msg: fmt.Sprintf("is %q but the command line names %q", s, arg)}
		}
		ev = named
	}
	if ev == "" {
		return nil, &ContextError{Field: "event_type", Msg: "required when no EVENT argument is given; valid events: " + Names() + agentPayload(fields, "")}
	}
	for _, d := range dups {
		if reads(ev, root(d.Path)) {
			return nil, twinError(d)
		}
	}
	c := &Context{Event: ev, Fields: fields}
	if err := checkFields(fields, contextRules(ev), ""); err != nil {
		if ce, ok := err.(*ContextError); ok {
			ce.Msg += agentPayload(fields, arg)
		}
		return nil, err
	}
	fields["event_type"], _ = json.Marshal(string(ev))
	if err := c.fillViews(); err != nil {
		return nil, err
	}
	return c, nil
}

// agentPayload is the hint for a context refused that is an agent's hook
// payload (it has hook_event_name, which hookrun's contexts do not): read
// without --dialect, it names no event_type and lacks the fields hookrun's
// context has. arg is the EVENT argument given, "" for none.
func agentPayload(fields map[string]json.RawMessage, arg Name) string {
	var name string
	if json.Unmarshal(fields["hook_event_name"], &name) != nil || name == "" || len(name) > 64 {
		return "" // not an agent's event name: say nothing of it
	}
	drop := ""
	if arg != "" {
		drop = ", without the EVENT argument"
	}
	return fmt.Sprintf("; this is an agent's payload (hook_event_name %q): read it with --dialect AGENT%s (hookrun emit --help lists the agents)", name, drop)
}

// checkFields applies rules to one JSON object. Fields without a rule are
// kept as they are: contexts may carry more than hookrun knows.
func checkFields(obj map[string]json.RawMessage, rules []rule, prefix string) error {
	if err := otherCase(obj, rules, prefix); err != nil {
		return err
	}
	for _, r := range rules {
		path := prefix + r.name
		raw, present := obj[r.name]
		switch {
		case !present && r.required:
			return &ContextError{Field: path, Msg: "required for this event but missing"}
		case string(raw) == "null" && r.required:
			return &ContextError{Field: path, Msg: "required for this event but null"}
		case !present || string(raw) == "null":
			continue
		}
		if err := checkValue(raw, r, path); err != nil {
			return err
		}
	}
	return nil
}

// otherCase refuses a key of obj that is one of its rules' names (or, at
// the top, event_type) in another case: hookrun reads only the name spelt
// right and would not see it, where a Go program matching a struct's
// fields ignores case and reads it as that field (a "Command" holding the
// line a Go runtime runs, which no command rule saw).
func otherCase(obj map[string]json.RawMessage, rules []rule, prefix string) error {
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	names := rules
	if prefix == "" {
		names = append(names[:len(names):len(names)], rule{name: "event_type"})
	}
	for _, k := range keys {
		for _, r := range names {
			if k != r.name && strings.EqualFold(k, r.name) {
				if _, both := obj[r.name]; both {
					continue // two spellings: KeyTwins says so
				}
				return &ContextError{Field: prefix + k, Msg: fmt.Sprintf("is not %q: hookrun reads its fields only as spelt, so it would not see this one, which a Go program reading the context takes for %q; send %q", prefix+r.name, prefix+r.name, prefix+r.name)}
			}
		}
	}
	return nil
}

func checkValue(raw json.RawMessage, r rule, path string) error {
	wrong := func() error {
		return &ContextError{Field: path, Msg: fmt.Sprintf("must be %s, got %s", r.kind, JSONKind(raw))}
	}
	switch r.kind {
	case kString:
		s, ok := decodeString(raw)
		if JSONKind(raw) != "a string" || !ok {
			return wrong()
		}
		if r.nonEmpty && s == "" {
			return &ContextError{Field: path, Msg: "must not be empty"}
		}
		if r.noNUL {
			if err := nulError(path, s); err != nil {
				return err
			}
		}
		if r.enum != nil && !slices.Contains(r.enum, s) {
			return &ContextError{Field: path, Msg: fmt.Sprintf("must be one of %s, got %q", strings.Join(r.enum, ", "), s)}
		}
	case kNumber:
		if JSONKind(raw) != "a number" {
			return wrong()
		}
		var f float64
		if json.Unmarshal(raw, &f) != nil {
			return &ContextError{Field: path, Msg: fmt.Sprintf("number %s is out of range", raw)}
		}
		if r.nonNeg && f < 0 {
			return &ContextError{Field: path, Msg: fmt.Sprintf("must not be negative, got %v", f)}
		}
	case kStrings, kObjects:
		var items []json.RawMessage
		if json.Unmarshal(raw, &items) != nil {
			return wrong()
		}
		for i, item := range items {
			at := fmt.Sprintf("%s[%d]", path, i)
			var err error
			if r.kind == kStrings {
				err = checkValue(item, rule{kind: kString, noNUL: r.noNUL}, at)
			} else {
				err = checkValue(item, rule{kind: kObject, fields: r.fields}, at)
			}
			if err != nil {
				return err
			}
		}
	case kObject:
		var o map[string]json.RawMessage
		if json.Unmarshal(raw, &o) != nil || o == nil {
			return wrong()
		}
		return checkFields(o, r.fields, path+".")
	}
	return nil
}

// nulError refuses s, the command line or path of the field at path, when it holds a NUL byte.
// A C program (system(3), a char *) stops there, bash drops the byte: rm .env\u0000x removes
// .env, where hookrun's rules read .env\x00x. Go, Node, Python and Rust refuse it.
func nulError(path, s string) error {
	i := strings.IndexByte(s, 0)
	if i < 0 {
		return nil
	}
	return &ContextError{Field: path, Msg: fmt.Sprintf("holds a NUL byte (\\u0000), which no command line or file name can hold: a program written in C reads it only up to there (%s), hookrun reads all of it", capped(s[:i], 100))}
}

// decodeString is json.Unmarshal of raw into a string, by ojson.String where it can: a
// context's command may be 100 KB, and encoding/json scans a value whole before decoding it.
func decodeString(raw json.RawMessage) (string, bool) {
	if s, ok := ojson.String(raw); ok {
		return s, true
	}
	var s string
	err := json.Unmarshal(raw, &s)
	return s, err == nil
}

// fillViews decodes the fields the matcher reads. checkFields has already
// vouched for their types, so decode errors cannot happen here; a command
// line read from ability_args is refused as the command field would be,
// for a NUL byte.
func (c *Context) fillViews() error {
	str := func(raw json.RawMessage) string {
		s, _ := decodeString(raw)
		return s
	}
	sub := func(name, field string) string {
		var o map[string]json.RawMessage
		_ = json.Unmarshal(c.Fields[name], &o)
		return str(o[field])
	}
	c.SessionID = str(c.Fields["session_id"])
	switch c.Event {
	case PreAbilityCreate:
		c.AbilityID = sub("ability_ref", "value")
		c.CallerSource = sub("caller", "source")
	case PreAbilityCall:
		c.AbilityID = str(c.Fields["ability_id"])
		c.CallerSource = sub("caller", "source")
	}
	if c.SessionID == "" && (c.Event == PreAbilityCreate || c.Event == PreAbilityCall) {
		// A task run may carry its session only on its caller.
		c.SessionID = sub("caller", "session_id")
	}
	if c.Event == PreAbilityCall || c.Event == PostAbilityCall {
		c.Command = str(c.Fields["command"])
		if raw, ok := c.Fields["paths"]; ok && string(raw) != "null" {
			c.HasPaths = json.Unmarshal(raw, &c.Paths) == nil
			c.SentPaths = slices.Clone(c.Paths)
		}
	}
	switch c.Event {
	case PostAbilityCall:
		c.AbilityID = str(c.Fields["ability_id"])
		if raw, ok := c.Fields["duration_ms"]; ok && string(raw) != "null" {
			c.HasDuration = json.Unmarshal(raw, &c.DurationMS) == nil
		}
	case SessionStop:
		_ = json.Unmarshal(c.Fields["changed_files"], &c.ChangedFiles)
	}
	if c.Event == PreAbilityCall || c.Event == PostAbilityCall {
		c.Shell = str(c.Fields["shell"])
		key := ""
		switch {
		case !Blank(c.Command):
			// A tool that is none of hookrun's abilities runs its input's line too, whatever the
			// context's command names (a runtime may put its server's command there, as Cursor does).
			if c.AbilityID == "shell" || !Canonical(c.AbilityID) {
				c.CommandUnread = twoLines(c.Command, c.Fields["ability_args"], c.AbilityID)
			}
		case c.AbilityID == "shell":
			// A runtime that sends the line only in the call's input: the
			// guards read it there, and a script reads it in command, as
			// docs/hooks.md says every shell call has it. The context's
			// shell stays the line's. A blank command is none: the line
			// the tool runs may be there.
			var line string
			if line, _, key, c.CommandUnread = toolCommand(c.Fields["ability_args"], c.AbilityID); line != "" {
				c.Command = line
				c.Fields["command"], _ = json.Marshal(line)
			}
		case !Canonical(c.AbilityID):
			c.Command, c.Shell, key, c.CommandUnread = toolCommand(c.Fields["ability_args"], c.AbilityID)
		}
		if key != "" {
			return nulError("ability_args."+key, c.Command)
		}
	}
	return nil
}

// twoLines says why a shell call's or a tool's command line is unknown when its context's command
// and the command field of its ability_args hold different lines, "" when they agree or ability_args
// holds none: a runtime runs one of them, and the guards read the first. A dialect's contexts agree
// (a tool's have no command).
func twoLines(command string, args json.RawMessage, abilityID string) string {
	line, _, _, unread := toolCommand(args, abilityID)
	if unread != "" || Blank(line) || sameLine(line, command) {
		return unread
	}
	return fmt.Sprintf("the call's command %q and its ability_args' command line %q differ, so which one runs is unknown", capped(command, 80), capped(line, 80))
}

// capped is s cut to its first n bytes of valid UTF-8 and an ellipsis when it is longer.
func capped(s string, n int) string {
	if len(s) > n {
		return strings.ToValidUTF8(s[:n], "") + "…"
	}
	return s
}

// Blank reports whether command holds nothing but the blanks a shell skips (space, tab, newline,
// carriage return): a shell call with such a command sends no command line.
func Blank(command string) bool {
	return strings.Trim(command, " \t\r\n") == ""
}

// Canonical ability ids: the ids the dialects give an agent's tools that
// are not MCP or agent tools (docs/agents/README.md), so that one
// ability_scope guards the same kind of tool under every agent.
const (
	Shell       = "shell"
	EditFile    = "edit_file"
	WriteFile   = "write_file"
	ReadFile    = "read_file"
	ListFiles   = "list_files"
	SearchFiles = "search_files"
	WebFetch    = "web_fetch"
	WebSearch   = "web_search"
)

// Abilities lists the canonical ability ids.
var Abilities = []string{Shell, EditFile, WriteFile, ReadFile, ListFiles, SearchFiles, WebFetch, WebSearch}

// Canonical reports whether id is one of hookrun's canonical ability ids, whose input's fields
// are known, rather than an MCP tool's or an agent's other tools' (mcp/SERVER/TOOL, AGENT/TOOL)
// or any other id a caller sends (move_file, run): which of such a tool's fields name a file or
// a command line hookrun cannot know, and it reads every one that may.
func Canonical(id string) bool { return slices.Contains(Abilities, id) }

// CommandKeys are the input fields in which a tool without a canonical
// id (mcp/shell/exec, AGENT/TOOL), or a shell call without a command,
// is given a command line to run, each however spelt (Spelled:
// commandLine, command_line, CommandLine).
var CommandKeys = []string{"command", "cmd", "script", "command_line", "shell_command", "cmdline", "argv"}

// argsKeys are the input fields that hold the arguments after a command field's program
// ({"command": "rm", "args": ["-rf", "x"]}), each however spelt; those of listKeys only when
// they hold a list ({"params": {"timeout": 5}} is a tool's options).
var argsKeys = []string{"args", "arguments", "params", "parameters"}

// listKeys are the argsKeys that hold arguments only when they are a list.
var listKeys = []string{"params", "parameters"}

// toolCommand is the command line a tool without a canonical id is given
// (its first command field, key: a string or an argv list, with an "args"
// list of strings after it), and the shell it is read as: PowerShell when
// the tool's id says so, either shell on Windows, sh elsewhere. A command
// such a tool runs must not pass the guards that would stop it as a shell
// call. unread says why a command field, or the args after it, could not be
// read (a list holding a number, an object): what the tool makes of it is
// unknown, and the line, when one was read, lacks it.
func toolCommand(raw json.RawMessage, abilityID string) (command, shell, key, unread string) {
	var in map[string]json.RawMessage
	if json.Unmarshal(raw, &in) != nil {
		return "", "", "", ""
	}
	command, key, unread = commandIn(in, "")
	if unread == "" {
		// A line nested below the top's may be the one the tool runs (a container's postStart
		// beside its command): one that differs leaves the line unknown, as two at the top do.
		nested, nestedKey, why := nestedCommand(in)
		switch {
		case command == "":
			command, key, unread = nested, nestedKey, why
		case why != "":
			unread = why
		case nested != "" && !sameLine(nested, command):
			unread = fmt.Sprintf("ability_args.%s and ability_args.%s hold different command lines, so which one runs is unknown", key, nestedKey)
		}
	}
	if command == "" {
		return "", "", "", unread
	}
	id := strings.ToLower(abilityID)
	switch {
	case strings.Contains(id, "powershell") || strings.Contains(id, "pwsh"):
		return command, "powershell", key, unread
	case runtime.GOOS == "windows":
		return command, "unknown", key, unread
	}
	return command, "sh", key, unread
}

// maxCommandDepth is how deep in a tool's input nestedCommand reads command fields; below it
// an input is not guessed at, and one that has a command field there leaves its line unknown.
const maxCommandDepth = 64

// nestedCommand is the command line of the objects inside in, at any depth ({"params":
// {"command": "rm -rf x"}}, {"steps": [{"cmd": …}]}): which fields of a tool's input it runs
// hookrun cannot know, and a command one names may be one. Objects are read in their keys'
// order, lists in theirs; the first line found is the call's, and another one that holds a
// different line makes it unknown, as two command fields of one object do. A field named like
// a command that holds an object or a scalar is data (a JSON schema's "properties": {"command":
// {…}}, "script": false), walked like any other. Each value is decoded once, so that the work
// grows with the input's size, not with its size times its depth.
func nestedCommand(in map[string]json.RawMessage) (command, key, unread string) {
	var n nested
	for _, k := range slices.Sorted(maps.Keys(in)) {
		if v := bytes.TrimSpace(in[k]); !isList(v) && (len(v) == 0 || v[0] != '{') {
			continue // a string, number, true, false or null holds no command field
		}
		d := json.NewDecoder(bytes.NewReader(in[k]))
		d.UseNumber() // a number is written back as it was sent
		var v any
		if d.Decode(&v) == nil {
			n.walk(v, k, 1)
		}
	}
	return n.command, n.key, n.unread
}

// nested is what nestedCommand found so far: the first line and its field, and why the line
// cannot be told.
type nested struct{ command, key, unread string }

// walk reads v, found at path at in the input, depth objects down.
func (n *nested) walk(v any, at string, depth int) {
	switch v := v.(type) {
	case []any:
		for i, child := range v {
			n.walk(child, fmt.Sprintf("%s[%d]", at, i), depth)
		}
	case map[string]any:
		line, lineKey, why := commandIn(commandFields(v), at+".")
		switch {
		case line != "" && n.command == "":
			n.command, n.key = line, lineKey
		case line != "" && !sameLine(line, n.command):
			why = cmp.Or(why, fmt.Sprintf("ability_args.%s and ability_args.%s hold different command lines, so which one runs is unknown", n.key, lineKey))
		}
		n.unread = cmp.Or(n.unread, why)
		if depth >= maxCommandDepth {
			if slices.ContainsFunc(slices.Collect(maps.Values(v)), holdsCommandField) {
				n.unread = cmp.Or(n.unread, fmt.Sprintf("ability_args nest more than %d objects deep at ability_args.%s, so whether they hold a command line is unknown", maxCommandDepth, capped(at, 80)))
			}
			return
		}
		for _, k := range slices.Sorted(maps.Keys(v)) {
			n.walk(v[k], at+"."+k, depth+1)
		}
	}
}

// holdsCommandField reports whether v has an object with a command field (however spelt) that
// holds a string or a list, at any depth.
func holdsCommandField(v any) bool {
	switch v := v.(type) {
	case []any:
		return slices.ContainsFunc(v, holdsCommandField)
	case map[string]any:
		for k, child := range v {
			if _, line := child.(string); (line || isSlice(child)) && spelledAs(k, CommandKeys) || holdsCommandField(child) {
				return true
			}
		}
	}
	return false
}

// isSlice reports whether decoded value v is a JSON array.
func isSlice(v any) bool {
	_, ok := v.([]any)
	return ok
}

// commandFields are the fields of decoded object v that commandIn reads (its command fields
// holding a string or a list, and its args fields), written back as JSON; the others, and a
// command field holding an object, are walked, not written again.
func commandFields(v map[string]any) map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	for k, val := range v {
		_, line := val.(string)
		if (line || isSlice(val)) && spelledAs(k, CommandKeys) || spelledAs(k, argsKeys) {
			out[k], _ = json.Marshal(val)
		}
	}
	return out
}

// commandIn is the command line of input object in, from its first command field (named
// prefix+key), with the args after it; unread says why what the tool runs cannot be told from
// it (toolCommand).
func commandIn(in map[string]json.RawMessage, prefix string) (command, key, unread string) {
	fields := Spelled(in, CommandKeys...)
	args, argsKey, argsWhy := argsOf(in, prefix)
	for i, f := range fields {
		var argv []string
		k, raw := prefix+f.Key, f.Raw
		s, ok := decodeString(raw)
		switch {
		case ok && !Blank(s):
		case json.Unmarshal(raw, &argv) == nil && len(argv) > 0:
			s = JoinArgv(argv)
		default:
			if len(raw) > 0 && !ok && json.Unmarshal(raw, &argv) != nil {
				unread = cmp.Or(unread, unreadField(k, raw))
			} else if len(raw) > 0 && len(args) > 0 && string(args) != "null" && string(args) != "[]" {
				// {"command": "", "args": ["rm", "-rf", "x"]}, or a null command: a tool may run
				// its args' first word.
				unread = cmp.Or(unread, fmt.Sprintf("ability_args.%s is empty while ability_args.%s is not, so the command line they make is unknown", k, argsKey))
			}
			continue
		}
		// The args after the command, a line or an argv list alike: ["rm"] with ["-rf", "x"]
		// runs rm -rf x.
		if len(args) > 0 {
			argv = nil
			switch {
			case json.Unmarshal(args, &argv) != nil:
				unread = cmp.Or(unread, unreadField(argsKey, args))
			case len(argv) > 0:
				s += " " + JoinArgv(argv)
			}
		}
		return s, k, cmp.Or(unread, argsWhy, otherLine(fields[i+1:], k, prefix, s))
	}
	return "", "", unread
}

// argsOf is the field of input object in (at prefix) holding the arguments after its command
// (argsKeys), and its name; why says why they cannot be told when two such fields differ.
func argsOf(in map[string]json.RawMessage, prefix string) (args json.RawMessage, key, why string) {
	for _, f := range Spelled(in, argsKeys...) {
		switch {
		case spelledAs(f.Key, listKeys) && !isList(f.Raw):
			continue
		case key == "":
			args, key = f.Raw, prefix+f.Key
		case !bytes.Equal(bytes.TrimSpace(f.Raw), bytes.TrimSpace(args)):
			why = cmp.Or(why, fmt.Sprintf("ability_args.%s and ability_args.%s%s hold different arguments, so the command line they make is unknown", key, prefix, f.Key))
		}
	}
	return args, cmp.Or(key, prefix+"args"), why
}

// isList reports whether raw is a JSON array.
func isList(raw json.RawMessage) bool {
	v := bytes.TrimSpace(raw)
	return len(v) > 0 && v[0] == '['
}

// otherLine says why the line read from command field k, line, may not be what the tool runs:
// a command field after k, in later (of the object at prefix), holds another ({"command": "ls", "cmd": "rm -rf x"}); ""
// when none does.
func otherLine(later []Field, k, prefix, line string) string {
	for _, o := range later {
		s, ok := decodeString(o.Raw)
		var argv []string
		if !ok && json.Unmarshal(o.Raw, &argv) == nil {
			s = JoinArgv(argv)
		}
		if !Blank(s) && !sameLine(s, line) {
			return fmt.Sprintf("ability_args.%s and ability_args.%s%s hold different command lines, so which one runs is unknown", k, prefix, o.Key)
		}
	}
	return ""
}

// sameLine reports whether command lines a and b are one line but for the blanks around it.
func sameLine(a, b string) bool {
	return strings.Trim(a, " \t\r\n") == strings.Trim(b, " \t\r\n")
}

// unreadField says why ability_args' field k, raw, is read as no part of a command line.
func unreadField(k string, raw json.RawMessage) string {
	what := JSONKind(raw)
	if what == "an array" {
		return fmt.Sprintf("ability_args.%s is an array holding more than strings, so the command line it makes is unknown", k)
	}
	if spelledAs(k[strings.LastIndex(k, ".")+1:], argsKeys) {
		return fmt.Sprintf("ability_args.%s is %s, not a list of strings, so the command line it makes is unknown", k, what)
	}
	return fmt.Sprintf("ability_args.%s is %s, not a string or a list of strings, so the command line it makes is unknown", k, what)
}

// Field is one field of a tool's input.
type Field struct {
	Key string
	Raw json.RawMessage
}

// Spelled lists the fields of in named one of names however a tool's
// runtime may spell it: in any case, and with or without "_" or "-"
// between its words (working_dir, workingDir, WorkingDir, working-dir).
// Which spelling a tool reads hookrun cannot know, and a guard must read
// the field it reads. The fields come in the order of names, those of one
// name in their keys' order.
func Spelled(in map[string]json.RawMessage, names ...string) []Field {
	keys := make([]string, 0, len(in))
	for k := range in {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var out []Field
	for _, name := range names {
		for _, k := range keys {
			if sameSpelling(k, name) {
				out = append(out, Field{k, in[k]})
			}
		}
	}
	return out
}

// spelledAs reports whether field name key is one of names however spelt (Spelled).
func spelledAs(key string, names []string) bool {
	return slices.ContainsFunc(names, func(n string) bool { return sameSpelling(key, n) })
}

// sameSpelling reports whether field names a and b are one name in any case, with or without
// "_" and "-" between its words, each read up to a NUL byte as a tool written in C reads it
// ("command\u0000x" is its command); it allocates nothing, since every key of a tool's input may
// be compared.
func sameSpelling(a, b string) bool {
	a, _, _ = strings.Cut(a, "\x00")
	b, _, _ = strings.Cut(b, "\x00")
	for {
		a, b = strings.TrimLeft(a, "_-"), strings.TrimLeft(b, "_-")
		if a == "" || b == "" {
			return a == b
		}
		_, na := utf8.DecodeRuneInString(a)
		_, nb := utf8.DecodeRuneInString(b)
		if !strings.EqualFold(a[:na], b[:nb]) {
			return false
		}
		a, b = a[na:], b[nb:]
	}
}

// JoinArgv quotes an argument list into one sh command line.
func JoinArgv(argv []string) string {
	quoted := make([]string, len(argv))
	for i, a := range argv {
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,@+%") == "" {
			quoted[i] = a
		} else {
			quoted[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(quoted, " ")
}

// StringField is the top-level field name when it is a string, else "".
func (c *Context) StringField(name string) string {
	var s string
	if raw, ok := c.Fields[name]; ok && len(raw) > 0 && raw[0] == '"' {
		s, _ = decodeString(raw)
	}
	return s
}

// JSON encodes the context for handlers: every field the caller sent, with
// event_type set. Keys come out sorted, so the bytes are deterministic, and
// <, > and & stay as they are: handlers get the caller's strings unchanged.
// It writes what encoding/json would, without its start-up cost
// (TestContextJSONMatchesEncodingJSON holds the two together).
func (c *Context) JSON() []byte {
	keys := make([]string, 0, len(c.Fields))
	size := 2
	for k, v := range c.Fields {
		keys = append(keys, k)
		size += len(k) + len(v) + 4
	}
	slices.Sort(keys)
	buf := bytes.NewBuffer(make([]byte, 0, size))
	buf.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.Write(ojson.AppendString(buf.AvailableBuffer(), k))
		buf.WriteByte(':')
		if err := json.Compact(buf, c.Fields[k]); err != nil { // cannot happen: every value was decoded as JSON
			panic(err)
		}
	}
	buf.WriteByte('}')
	return buf.Bytes()
}

// JSONKind names the JSON type of raw for error messages ("a string", "an array", ...).
func JSONKind(raw json.RawMessage) string {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 {
		return "nothing"
	}
	switch t[0] {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// JSONProblem turns a decoding error into a message that says where.
func JSONProblem(err error) string {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		return fmt.Sprintf("%s (at byte %d)", syn.Error(), syn.Offset)
	}
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		return "got " + typ.Value
	}
	return err.Error()
}
