// Package dialect translates coding agents' hook payloads (Claude Code,
// Gemini CLI, Codex, Cursor, OpenCode, Copilot CLI) into hookrun event contexts, and hookrun's
// merged results back into each agent's own answer.
package dialect

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/ojson"
	"time"
)

// Name is an agent dialect, as --dialect and install spell it.
type Name string

// The supported dialects.
const (
	ClaudeCode Name = "claude-code"
	GeminiCLI  Name = "gemini-cli"
	Codex      Name = "codex"
	Cursor     Name = "cursor"
	OpenCode   Name = "opencode"
	Copilot    Name = "copilot"
)

// Agent is everything hookrun knows about one coding agent, as one value
// in the agent's own file: how to read its payload (its event and tool
// tables), how to answer it, and where `hookrun install` routes its
// events. Adding an agent is one file and one docs page.
type Agent struct {
	Name Name
	// Also are the other names people give the agent (its command, its
	// name with or without "-cli"): install takes them for Name, and
	// --dialect, which takes only Name (validate looks for it in the
	// agent's settings), suggests Name for them.
	Also []string
	// read fills a Call from the payload, whose hook_event_name is read.
	read func(*Call) error
	// answer renders a verdict in the agent's shape; notes go to stderr.
	answer   func(*Call, verdict) (body any, notes []string)
	Settings Settings
	// NoDuration: the agent's post-tool payloads carry no duration, so a
	// positive match.min_duration_ms never matches its calls (validate
	// says so when the project routes the agent).
	NoDuration bool
}

// Settings is what install needs to know about the agent's settings file.
type Settings struct {
	File   string   // the project settings file, relative to the project root
	Events []string // the agent events routed to hookrun, in file order
	// Retired are events an earlier install routed and this one does not:
	// install removes hookrun's entry from them (and only that), so one
	// end of a turn never runs SessionStop hooks twice.
	Retired []string
	Unit    time.Duration // the unit of the file's timeout: time.Second or time.Millisecond
	// DefaultWait is how long the pinned version waits for a hook entry
	// that names no timeout, after which it lets the call through; 0 when
	// not known. hookrun answers within it (docs/agents, "When hookrun fails").
	DefaultWait time.Duration
	// WaitFiles are the other files, besides File under the project root,
	// from which the agent runs hook entries of File's shape (a TOML file
	// read as TOML): the person's own settings, and the like. A hookrun
	// entry in one of them is ended at its own timeout, which hookrun must
	// answer within too (emit takes the shortest of them all). root is the
	// project root, cwd hookrun's working directory; the paths are
	// absolute. Nil when File is the only one.
	WaitFiles func(root, cwd string) []string
	// FailClosed names the handler key with which the agent blocks a call
	// whose hook timed out, crashed or answered nothing it can read
	// (Cursor's failClosed; its default lets the call through). install
	// sets it true on hookrun's entries on the events that guard an action.
	FailClosed string
	// Comments: the agent reads File with comments in it (Gemini CLI
	// strips them before parsing), which hookrun's JSON editor would lose:
	// install refuses such a file saying where the comment is.
	Comments bool
	// Unparsable says what the pinned version does when it cannot parse
	// File (measured, agents suite TestUnparsableSettings), for validate's
	// error; "" when not known.
	Unparsable string
	// ProjectDirVar names the environment variable in which the agent
	// gives its hook commands the project directory; hookrun's command
	// changes to it first, so discovery and git start at the project root
	// wherever the agent's working directory has wandered.
	ProjectDirVar string
	// ProjectDirQuoted: the agent itself rewrites $ProjectDirVar in a
	// command's text into a quoted path before its shell runs it (Gemini
	// CLI), so the command must not quote it again.
	ProjectDirQuoted bool
	// RunsInRoot: the agent runs project hooks with the project root as
	// their working directory (Cursor), so a path relative to it works.
	RunsInRoot bool
	// Flat agents (Cursor) list handlers directly under each event;
	// the others wrap them in matcher groups: {"hooks": [handler]}.
	Flat bool
	// Note is what a person should know after installing, if anything.
	Note string
	// Shell: the agent runs a hook's command line through a shell (its
	// documented examples rely on one).
	Shell bool
	// CommandKey and TimeoutKey name the handler's command and timeout
	// fields when they are not "command" and "timeout" (Copilot CLI: bash,
	// timeoutSec); Typed flat handlers carry "type": "command" too.
	CommandKey, TimeoutKey string
	Typed                  bool
	// AnswerFailures: the agent ignores a hook that exits non-zero or
	// prints nothing (Copilot CLI logs it and goes on), so the command of
	// an event that guards an action prints the agent's deny itself when
	// hookrun is missing or fails.
	AnswerFailures bool
	// Plugin, for an agent whose hooks are code (OpenCode), renders the
	// whole File: a plugin that runs bin with argv ("emit", "--dialect",
	// ...) and waits at most timeout for its answer. Nil for agents whose
	// hooks are entries in a JSON settings file.
	// bin is the hookrun it runs: "hookrun" from PATH, or a path (relative
	// to the project directory, or absolute).
	Plugin func(bin string, argv []string, timeout time.Duration) []byte
	// Loads are doublestar patterns of project files the agent may run as
	// code of its own, with no hook (Copilot CLI's extensions), with what
	// it does, for validate's warning of each file found.
	Loads []Later
	// OwnTool reports whether name is one of the agent's own tools, which
	// a custom tool of that name in the project (a Plugin agent's
	// {tool,tools}/NAME.js) replaces; nil when none can.
	OwnTool func(name string) bool
	// Off lists the settings in the project's files with which the agent
	// runs none of hookrun's entries, or runs them in an environment the
	// repository chose: install refuses while one is set, validate reports
	// it (docs/commands.md).
	Off []Switch
	// Later lists the other places the agent reads hooks from whose answer
	// can change a call after hookrun's entry let it through: validate
	// names each hook there on one of their events (docs/agents).
	Later []Later
	// Hooks are the project files of hooks the agent runs on any event,
	// beside hookrun's entries (Later's File as a doublestar pattern, and
	// Nested): each hook there that is not hookrun's runs a command the
	// repository chose, which no guard sees (a SessionStart hook as the
	// agent starts), and validate warns of it. Why says what the agent
	// does and what a person can do, with a %s for the event.
	Hooks []Later
	// Shadowed: the agent reads File in the directory it starts in only,
	// a subdirectory's in place of the project's (Gemini CLI); validate
	// names each subdirectory's File that does not run hookrun, with this
	// message, in which %s is the subdirectory.
	Shadowed string
}

// besideOurs says, for Settings.Hooks' messages, what a repository's
// hook is to hookrun.
const besideOurs = "beside hookrun's entries and with no guard (hookrun checks the calls the agent makes, not its hooks)"

// Later is a project file of hooks that the agent runs after hookrun's
// entry, or beside it on the same call, and whose answer can change the
// call (Copilot CLI's modifiedArgs and modifiedPrompt, Claude Code's
// updatedInput).
type Later struct {
	// File is relative to the project root. A base name of "*.EXT" stands
	// for the files of that directory whose names sort before the agent's
	// own file's: the agent runs them in reverse name order (Copilot CLI),
	// so those run after hookrun's.
	File string
	// Events are the events whose hooks can change a call, compared
	// without regard to case or "_".
	Events []string
	Why    string // what the agent does, and the remedy, for the message
	// Nested: the agent reads File in the project's subdirectories too
	// (Codex's .codex/), each one found is named as well. A File ending
	// in .toml is read as TOML.
	Nested bool
	// AfterOurs: File is the agent's own, whose entries of an event run
	// one after another in list order (Copilot CLI): only those after
	// hookrun's entry in the same list are named.
	AfterOurs bool
	// DirsKey: File is a settings file whose key of that name (in any of
	// the agent's spellings, as Switch.Fold) lists directories of hook
	// files, relative to the project root (Copilot CLI's hookDirectories):
	// the .json files in each one inside the project are read instead.
	DirsKey string
	// Frontmatter: File is a doublestar pattern of Markdown files whose
	// YAML frontmatter may declare hooks under "hooks" (Claude Code's
	// skills, commands and subagents); with Nested, in every directory of
	// the project.
	Frontmatter bool
	// Commands: File is a doublestar pattern (Nested as for Frontmatter)
	// of Markdown files whose shell commands (!`…`, ```! blocks; OpenCode's
	// !`…` anywhere), or of TOML files whose prompt's (!{…}: Gemini CLI's
	// custom commands), the
	// agent runs when their skill or command runs, without its hooks: each
	// one that has any is named, as a warning (Why says what to do).
	Commands bool
	// Plugins: File is a settings file whose extraKnownMarketplaces may add
	// a plugin marketplace from the project itself, and whose
	// enabledPlugins may enable its plugins (Claude Code's): the hooks of
	// each plugin so enabled, which the repository holds, are named on
	// Events; Why has a %s for the plugin (name@marketplace).
	Plugins bool
}

// Switch is one setting in a project file that keeps an agent's hookrun
// entries from guarding.
type Switch struct {
	File string // relative to the project root
	// Key is the setting's path in a JSON file, keys joined by "."; a "*"
	// stands for every key of that object (each MCP server's); "" for a
	// dotenv file (NAME=value lines).
	Key string
	// Is is the JSON value that switches hooks off ("true", "false").
	// Listed: the key's list switches off the hooks it names, and hookrun's
	// entries are named Listed. Env: the key is an object of environment
	// variables the agent gives its hooks (or the dotenv file's), of which
	// hookrun's own (HOOKRUN_…) count, and PATH unless the agent keeps a
	// PATH already set (EnvKeepsSet).
	Is, Listed       string
	Env, EnvKeepsSet bool
	// EnvOff, with Env: variables the agent reads itself (not only its
	// hooks), each with what it then does to hookrun's entries.
	EnvOff []EnvVar
	// Each: the key is an object, each of whose entries not set to false
	// (or null) is named by itself (the plugins a repository enables).
	Each bool
	// LocalWhy, with Each: the message, in place of Why, for a plugin
	// (NAME@MARKETPLACE), or a marketplace (MARKETPLACE), that the
	// project's settings add from the repository itself (Later.Plugins
	// reads its hooks); %s is the marketplace's file.
	LocalWhy string
	// Runs: the key's value is a command the agent runs itself, with no
	// hook (a string, a list of words, or an object's "command" and
	// "args"): each one set is named with the command. With Each, the
	// key is an object of such values (MCP servers by name).
	Runs bool
	// Warn: the setting may bypass hookrun's entries but need not (a
	// plugin's hooks, which the repository does not hold): install notes
	// it and goes on, validate warns.
	Warn bool
	// Fold: the agent reads the key in other spellings too (Copilot CLI
	// 1.0.102 takes disable_all_hooks, DisableAllHooks and
	// DISABLE_ALL_HOOKS for disableAllHooks): any key that is Key's with
	// "_" left out and case folded counts, each one by itself, so a
	// spelling the agent would not take is still named.
	Fold bool
	// Nested: the agent also reads File in the project's subdirectories
	// (Codex: each directory's .codex/ from the project root down to where
	// it started); each one found is named too, with Nested, in which %s
	// is the subdirectory, after Why.
	Nested string
	// Frontmatter: File is a doublestar pattern of Markdown files, at any
	// depth of the project, whose YAML frontmatter is what Key is read in
	// (Copilot CLI's custom agents); each file found is named by itself.
	Frontmatter bool
	Why         string // what the agent does with it, for the message
}

// EnvVar is an environment variable and why it matters. (A slice of these
// is laid out at build time; a map would be built at start, by every event.)
type EnvVar struct{ Name, Why string }

// Agents lists the supported agents in the order the documentation uses.
var Agents = []*Agent{&claudeCode, &geminiCLI, &codex, &cursor, &openCodeAgent, &copilot}

// Find returns the agent of a dialect.
func Find(n Name) (*Agent, bool) {
	for _, a := range Agents {
		if a.Name == n {
			return a, true
		}
	}
	return nil, false
}

// Parse returns the dialect named s, or false.
func Parse(s string) (Name, bool) {
	a, ok := Find(Name(s))
	if !ok {
		return "", false
	}
	return a.Name, true
}

// Lookup returns the dialect of the agent s names, in any case: its
// Name or one of its other names (Also).
func Lookup(s string) (Name, bool) {
	for _, a := range Agents {
		if strings.EqualFold(s, string(a.Name)) || slices.ContainsFunc(a.Also, func(o string) bool { return strings.EqualFold(s, o) }) {
			return a.Name, true
		}
	}
	return "", false
}

// GoRuntimeVars are the variables, space-separated, Go's runtime reads as a program starts,
// before its main: a value a repository gave the agent's hooks slows
// hookrun past the agent's timeout or kills it (GOMAXPROCS, GOGC,
// GOMEMLIMIT), or changes what its TLS accepts and what it prints on a
// crash (GODEBUG, GOTRACEBACK). The entries install writes run hookrun
// without them.
// A constant: a package variable computed from it would be an init.
const GoRuntimeVars = "GODEBUG GOGC GOMAXPROCS GOMEMLIMIT GOTRACEBACK"

// List returns the dialect names, in the order of Agents.
func List() []string {
	s := make([]string, len(Agents))
	for i, a := range Agents {
		s[i] = string(a.Name)
	}
	return s
}

// Names returns the dialect names joined by ", " for messages.
func Names() string {
	return strings.Join(List(), ", ")
}

// Kind is what an agent's event means to hookrun.
type Kind int

// The kinds. Unmapped events have no counterpart among the seed's events:
// they run no hooks and get the agent's "no opinion" answer.
const (
	Unmapped Kind = iota
	Prompt        // PromptSubmit
	PreTool       // PreAbilityCall
	PostTool      // PostAbilityCall
	End           // SessionStop
)

// Event is the hookrun event of the kind, or "" for Unmapped.
func (k Kind) Event() event.Name {
	switch k {
	case Prompt:
		return event.PromptSubmit
	case PreTool:
		return event.PreAbilityCall
	case PostTool:
		return event.PostAbilityCall
	case End:
		return event.SessionStop
	}
	return ""
}

// Call is one invocation of hookrun by an agent, read from its payload.
type Call struct {
	Dialect    Name
	AgentEvent string // the payload's hook_event_name, verbatim
	Kind       Kind

	SessionID string
	CWD       string
	// SessionCWD is the agent's own working directory ("" when it sent
	// none) when a shell call names another in its input (then CWD), once
	// HasShellDir.
	SessionCWD   string
	HasShellDir  bool
	Prompt       string   // Prompt
	CurrentFiles []string // Prompt: files attached to it, when the agent says
	Tool         Tool     // PreTool, PostTool
	Status       string   // PostTool: success or failure
	ErrorMessage string   // PostTool: what went wrong, on failure
	DurationMS   float64  // PostTool, when HasDuration
	HasDuration  bool

	// ChangedFiles are End's changed files, when HasChangedFiles; none of
	// the agents sends them today, so the caller derives them from git.
	ChangedFiles    []string
	HasChangedFiles bool

	// Payload is everything the agent sent.
	Payload map[string]json.RawMessage

	// liftedInput says Tool.Input is the payload's own tool_input, so the
	// context carries it once, at the top level.
	liftedInput bool
}

// Tool is the tool call of a PreTool or PostTool event.
type Tool struct {
	Name    string          // the agent's tool name
	Input   json.RawMessage // the agent's tool input, verbatim; nil when it sent none
	UseID   string          // the agent's id for the call, when it sends one
	Ability string          // the canonical ability id (docs/agents/README.md)
	Paths   []string        // the files the call names, when its reader knows them better than its input's fields
	Command string          // a shell call's command line, when it is not its input's command field
	Summary string          // a short, capped, one-line rendering of Input
}

// PayloadError says what is wrong with an agent's payload. Event is
// empty when the payload could not be read far enough to know it.
type PayloadError struct {
	Dialect Name
	Event   string
	Msg     string
}

func (e *PayloadError) Error() string {
	if e.Event == "" {
		return fmt.Sprintf("%s payload: %s", e.Dialect, e.Msg)
	}
	return fmt.Sprintf("%s %s payload: %s", e.Dialect, e.Event, e.Msg)
}

// Read reads an agent's hook payload. On a PayloadError the returned Call
// is nil when not even the event could be read, and otherwise holds the
// event and its Kind, so the caller can answer in the right shape.
func Read(n Name, data []byte) (*Call, error) {
	bad := func(format string, args ...any) error {
		return &PayloadError{Dialect: n, Msg: fmt.Sprintf(format, args...)}
	}
	if len(data) > event.MaxContextBytes {
		return nil, bad("%d bytes exceeds the maximum of %d bytes", len(data), event.MaxContextBytes)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, bad("empty input: expected the agent's JSON payload on stdin")
	}
	// The context built from the payload must pass emit's own rules, and
	// text that is not UTF-8 could reach the matcher and a handler as
	// different strings.
	if at := ojson.InvalidUTF8(data); at >= 0 {
		return nil, bad("not valid UTF-8 (at byte %d): JSON text must be UTF-8", at+1)
	}
	var p map[string]json.RawMessage
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, bad("not a JSON object: %s", event.JSONProblem(err))
	}
	// As with a context: a key sent twice could mean one thing to the
	// matcher and another to a handler, and so could one sent again in
	// another case, in the payload's own fields or the call's input
	// (ability_args to a guard), which a Go guard matching a struct's
	// fields reads as one key. A tool's response, from outside, is left
	// as it came.
	twins := func(doc []byte, prefix, where string) error {
		for _, d := range ojson.KeyTwins(doc, 1<<20) {
			path := prefix + d.Path
			if d.Key == d.Earlier {
				return bad("key %q appears more than once in its object%s", path, where)
			}
			if d.Top && prefix == "" || strings.HasPrefix(path, "tool_input.") || strings.HasPrefix(path, "tool_input[") {
				return bad("key %q is %q in another case%s: hookrun reads the key spelt exactly, a Go program reading the context takes the last of the two", path, strings.TrimSuffix(path, d.Key)+d.Earlier, where)
			}
		}
		return nil
	}
	if err := twins(data, "", ""); err != nil {
		return nil, err
	}
	// A tool_input sent as JSON text (Cursor's MCP calls) is read as the object it holds
	// (object), so its keys are held to the same rule.
	var text string
	if json.Unmarshal(p["tool_input"], &text) == nil {
		if err := twins([]byte(text), "tool_input.", " (in tool_input's JSON text)"); err != nil {
			return nil, err
		}
	}
	if p == nil {
		return nil, bad("not a JSON object: got null")
	}
	c := &Call{Dialect: n, Payload: p}
	name, ok, err := c.str("hook_event_name")
	switch {
	case err != nil:
		return nil, err
	case !ok || name == "":
		return nil, bad("hook_event_name is missing: this is not a %s hook payload", n)
	}
	c.AgentEvent = name
	a, ok := Find(n)
	if !ok {
		return nil, bad("unknown dialect")
	}
	err = a.read(c)
	if c.Kind == Unmapped {
		if from := sentBy(a, c); len(from) > 0 {
			verb := "send"
			if len(from) == 1 {
				verb = "sends"
			}
			return nil, bad("%s is an event %s %s, not %s, so --dialect %s is the wrong one for it; where an agent's entry ran hookrun so, run hookrun install for the agent whose settings hold it",
				name, agentList(from), verb, n, n)
		}
	}
	return c, err
}

// sentBy names the other agents that send hookrun an event a has no
// counterpart for, and that guards a tool call or a prompt there: an
// entry naming the wrong dialect (hand-written, or copied from another
// agent's settings) must not answer "no opinion" to a call it was to
// guard. a's own events, routed or retired, are a's.
func sentBy(a *Agent, c *Call) []string {
	if slices.Contains(a.Settings.Events, c.AgentEvent) || slices.Contains(a.Settings.Retired, c.AgentEvent) {
		return nil
	}
	var from []string
	for _, b := range Agents {
		if b == a || !slices.Contains(b.Settings.Events, c.AgentEvent) {
			continue
		}
		probe := &Call{Dialect: b.Name, AgentEvent: c.AgentEvent, Payload: c.Payload}
		_ = b.read(probe) // its kind is known even when its fields are wrong
		if probe.Kind == PreTool || probe.Kind == Prompt {
			from = append(from, string(b.Name))
		}
	}
	return from
}

func (c *Call) fail(format string, args ...any) error {
	return &PayloadError{Dialect: c.Dialect, Event: c.AgentEvent, Msg: fmt.Sprintf(format, args...)}
}

// str reads an optional string field: ok is false when it is absent or
// null, and a field of another type is an error.
func (c *Call) str(name string) (s string, ok bool, err error) {
	raw, present := c.Payload[name]
	if !present || string(raw) == "null" {
		return "", false, nil
	}
	if json.Unmarshal(raw, &s) != nil {
		return "", false, c.fail("%s must be a string, got %s", name, event.JSONKind(raw))
	}
	return s, true, nil
}

// need reads a required, non-empty string field.
func (c *Call) need(name string) (string, error) {
	s, ok, err := c.str(name)
	if err != nil {
		return "", err
	}
	if !ok || s == "" {
		return "", c.fail("%s is missing", name)
	}
	return s, nil
}

// opt reads an optional string field, treating a mistyped one as absent:
// hookrun does not refuse a payload over a field it only passes along.
func (c *Call) opt(name string) string {
	s, _, _ := c.str(name)
	return s
}

// number reads an optional non-negative number.
func (c *Call) number(name string) (float64, bool) {
	var f float64
	raw, ok := c.Payload[name]
	if !ok || json.Unmarshal(raw, &f) != nil || f < 0 {
		return 0, false
	}
	return f, true
}

// readTool reads the common tool fields (tool_name, tool_input,
// tool_use_id) that Claude Code, Gemini CLI and Codex send.
func (c *Call) readTool(tools table[string]) error {
	name, err := c.need("tool_name")
	if err != nil {
		return err
	}
	c.Tool = Tool{Name: name, UseID: c.opt("tool_use_id")}
	if raw, ok := c.Payload["tool_input"]; ok {
		c.Tool.Input = raw
		c.liftedInput = true
	}
	c.Tool.Ability = ability(c.Dialect, name, tools)
	c.Tool.Summary = summarize(c.Tool.Ability, c.Tool.Input)
	if c.Tool.Ability == Shell {
		if err := c.shellInput(); err != nil {
			return err
		}
		return c.shellDir()
	}
	return nil
}

// shellInput refuses a shell call whose command cannot be read as a
// command line: an agent that ran the object or the number it holds would
// run something no guard saw, which a call with no command field at all
// (Claude Code's Monitor on a WebSocket) does not.
func (c *Call) shellInput() error {
	raw := c.Tool.Input
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	in := object(raw)
	if in == nil {
		return c.fail("tool_input must be an object, got %s", event.JSONKind(raw))
	}
	cmd, ok := in["command"]
	if !ok || string(cmd) == "null" {
		return nil
	}
	var s string
	var argv []string
	if json.Unmarshal(cmd, &s) != nil && json.Unmarshal(cmd, &argv) != nil {
		return c.fail("tool_input.command must be a string or a list of strings, got %s", event.JSONKind(cmd))
	}
	return nil
}

// RunsNoCommand reports whether shell call c, in whose context hookrun found no command line,
// provably runs none, by what its agent's tool is known to do without one: Claude Code's Monitor
// watching a WebSocket. Any other shell call without one may run a command under a field hookrun
// does not read, and a commands rule cannot rule it out (rules.Read).
func RunsNoCommand(c *event.Context) bool {
	var agent, tool string
	_ = json.Unmarshal(c.Fields["agent"], &agent)
	_ = json.Unmarshal(c.Fields["tool_name"], &tool)
	in := object(c.Fields["ability_args"])
	return Name(agent) == ClaudeCode && tool == "Monitor" && in != nil && claudeWatchOnly(in)
}

// SessionCWDField is the context field holding the agent's own working
// directory when a shell call names another (docs/agents/README.md).
const SessionCWDField = "session_cwd"

// shellDirFields are the fields in which a shell tool names the directory
// its command runs in: Gemini CLI's dir_path (directory before it),
// OpenCode's workdir, and the common names of the same, each however
// spelt (event.Spelled: working_dir, workingDirectory, WorkDir).
var shellDirFields = []string{"dir_path", "directory", "workdir", "cwd", "working_dir", "working_directory", "current_directory", "current_working_directory", "dir"}

// shellDir makes a shell call's own working directory its cwd: rm
// hooks/x run in .system removes .system/hooks/x, and a guard on paths
// must see that. The directory is one of the call's paths too, as the
// operand of a cd before the command would be. A relative one is taken
// from the agent's cwd (from the project root when there is none). A
// directory that is not a string, or two different ones, are not guessed
// at.
func (c *Call) shellDir() error {
	dir, bad := ShellDir(c.Tool.Input, c.CWD, "tool_input")
	if bad != "" {
		return c.fail("%s", bad)
	}
	if dir != "" {
		c.SessionCWD, c.HasShellDir = c.CWD, true
		c.CWD = dir
		c.Tool.Paths = append(inputPaths(object(c.Tool.Input)), dir)
	}
	return nil
}

// ShellDir is the directory a shell call's input names for its command to
// run in (shellDirFields), a relative one taken from cwd; "" when it names
// none. bad says why none can be told, naming the fields under name (the
// input's): a field that is not a string, or two naming different
// directories.
func ShellDir(input json.RawMessage, cwd, name string) (dir, bad string) {
	in := object(input)
	from := ""
	for _, field := range event.Spelled(in, shellDirFields...) {
		f, raw := field.Key, field.Raw
		if string(raw) == "null" {
			continue
		}
		var d string
		if json.Unmarshal(raw, &d) != nil {
			return "", fmt.Sprintf("%s.%s must be a string, got %s", name, f, event.JSONKind(raw))
		}
		if d == "" {
			continue
		}
		if !filepath.IsAbs(d) && cwd != "" {
			// Not filepath.Join, which cleans: a ".." after a link climbs from its target (callpath).
			d = strings.TrimRight(cwd, `/\`) + string(filepath.Separator) + d
		}
		if dir != "" && filepath.Clean(d) != filepath.Clean(dir) {
			return "", fmt.Sprintf("%s.%s and %s.%s name different directories for one command", name, from, name, f)
		}
		dir, from = d, f
	}
	return dir, ""
}

// SetChangedFiles sets End's changed files (from git, when the agent sent
// none).
func (c *Call) SetChangedFiles(files []string) {
	c.ChangedFiles = files
	c.HasChangedFiles = true
}

// UnknownSession is the session_id of a context whose agent payload had none.
const UnknownSession = "unknown"

// Context renders the call as a hookrun event context (docs/agents/README.md):
// the seed's fields for the event, the agent's tool name and input, and
// everything else the agent sent under agent_payload.
func (c *Call) Context() ([]byte, error) {
	if c.Kind == Unmapped {
		return nil, fmt.Errorf("%s %s has no hookrun event", c.Dialect, c.AgentEvent)
	}
	// hookrun's contexts need a session id; an agent payload without one
	// still runs the guards, under a placeholder.
	session := c.SessionID
	if session == "" {
		session = UnknownSession
	}
	doc := map[string]any{
		"event_type":  c.Kind.Event(),
		"agent":       c.Dialect,
		"agent_event": c.AgentEvent,
		"session_id":  session,
	}
	if c.CWD != "" {
		doc["cwd"] = c.CWD
	}
	// Which directory field an agent honours varies by agent and version,
	// and agents pass fields they do not know through to hooks: a call's
	// paths are read in the session's directory too.
	if c.HasShellDir {
		session := c.SessionCWD
		if session == "" {
			session = "." // the project root, as for a call without cwd
		}
		doc[SessionCWDField] = session
	}
	// Claude Code's permission mode (bypassPermissions, plan, ...): a guard
	// may be stricter when the agent asks no one.
	if mode := c.opt("permission_mode"); mode != "" {
		doc["permission_mode"] = mode
	}
	payload := c.Payload
	if c.liftedInput {
		payload = make(map[string]json.RawMessage, len(c.Payload))
		for k, v := range c.Payload {
			if k != "tool_input" {
				payload[k] = v
			}
		}
	}
	doc["agent_payload"] = payload
	switch c.Kind {
	case Prompt:
		doc["user_raw_input"] = c.Prompt
		if len(c.CurrentFiles) > 0 {
			doc["current_files"] = c.CurrentFiles
		}
	case PreTool, PostTool:
		doc["ability_id"] = c.Tool.Ability
		doc["tool_name"] = c.Tool.Name
		if c.Tool.Input != nil {
			doc["tool_input"] = c.Tool.Input
		}
		// The call in full, for guards: never cut as args_summary is.
		in := object(c.Tool.Input)
		if in != nil {
			doc["ability_args"] = in
		}
		if c.Tool.Ability == Shell {
			cmd := c.Tool.Command
			if cmd == "" {
				cmd = shellCommand(in["command"])
			}
			if cmd != "" {
				doc["command"] = cmd
				if sh := shellOf(c.Dialect, c.Tool.Name, runtime.GOOS); sh != "" {
					doc["shell"] = sh
				}
			}
		}
		paths := c.Tool.Paths
		if len(paths) == 0 {
			paths = ArgsPaths(c.Tool.Ability, c.Tool.Input)
		}
		if len(paths) > 0 {
			doc["paths"] = paths
		}
		if c.Tool.UseID != "" {
			doc["tool_use_id"] = c.Tool.UseID
		}
		caller := map[string]string{"source": "ai_session"}
		if c.SessionID != "" {
			caller["session_id"] = c.SessionID
		}
		doc["caller"] = caller
		summary := "args_summary"
		if c.Kind == PostTool {
			summary = "input_summary"
			doc["status"] = c.Status
			if c.ErrorMessage != "" {
				doc["error_message"] = c.ErrorMessage
			}
			if c.HasDuration {
				doc["duration_ms"] = c.DurationMS
			}
		}
		if c.Tool.Summary != "" {
			doc[summary] = c.Tool.Summary
		}
	case End:
		files := c.ChangedFiles
		if files == nil {
			files = []string{}
		}
		doc["changed_files"] = files
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// changedFilesField reads a changed_files array of strings, should an
// agent ever send one.
func (c *Call) changedFilesField() {
	var files []string
	if raw, ok := c.Payload["changed_files"]; ok && json.Unmarshal(raw, &files) == nil && files != nil {
		c.SetChangedFiles(slices.Clone(files))
	}
}

// failedResponse marks a post-tool call failed when its tool_response says
// so in a documented way: an MCP result with isError true, or a non-empty
// error (Gemini CLI's AfterTool). Anything else counts as success: the
// agents do not report a shell command's exit status in a stable field.
// hookOutput is the answer shape Claude Code, Codex and Gemini CLI share:
// the universal systemMessage, a top-level decision and reason, and
// hookSpecificOutput. Each agent's answer function sets only the fields
// that agent documents (Gemini CLI's hookSpecificOutput carries no
// permission fields; Codex's never carries context with a deny).
type hookOutput struct {
	Decision           string        `json:"decision,omitempty"`
	Reason             string        `json:"reason,omitempty"`
	SystemMessage      string        `json:"systemMessage,omitempty"`
	HookSpecificOutput *hookSpecific `json:"hookSpecificOutput,omitempty"`
}

type hookSpecific struct {
	HookEventName            string `json:"hookEventName"`
	PermissionDecision       string `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
	AdditionalContext        string `json:"additionalContext,omitempty"`
}

// promptAnswer fills the answer to a prompt submission the way Claude
// Code, Codex and Gemini CLI all read it: a top-level decision (block, the
// agent's word for it) with the reason when hookrun does not allow, else
// any context for the AI under hookSpecificOutput.
func (out *hookOutput) promptAnswer(c *Call, v verdict, block string) {
	if v.decision != event.Allow {
		out.Decision, out.Reason = block, v.blockReason()
	} else if v.context != "" {
		out.HookSpecificOutput = &hookSpecific{HookEventName: c.AgentEvent, AdditionalContext: v.context}
	}
}

// readCommon reads what Claude Code, Gemini CLI and Codex payloads share:
// the event's kind from events, session_id and cwd, and per kind the
// prompt, the tool (names mapped by tools; a post-tool status of success
// unless the tool_response says it failed), or the changed files. tool,
// when not nil, adds the agent's own reading of a tool event.
func (c *Call) readCommon(events table[Kind], tools table[string], tool func(*Call)) error {
	c.Kind, _ = events.get(c.AgentEvent)
	c.SessionID = c.opt("session_id")
	c.CWD = c.opt("cwd")
	switch c.Kind {
	case Prompt:
		p, _, err := c.str("prompt")
		c.Prompt = p
		return err
	case PreTool, PostTool:
		if err := c.readTool(tools); err != nil {
			return err
		}
		if c.Kind == PostTool {
			c.Status = "success"
			failedResponse(c)
		}
		if tool != nil {
			tool(c)
		}
	case End:
		c.changedFilesField()
	}
	return nil
}

func failedResponse(c *Call) {
	obj := object(c.Payload["tool_response"])
	if obj == nil {
		return
	}
	var isError bool
	if json.Unmarshal(obj["isError"], &isError) == nil && isError {
		c.Status = "failure"
		var r struct {
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
		}
		_ = json.Unmarshal(c.Payload["tool_response"], &r)
		var texts []string
		for _, t := range r.Content {
			if t.Text != "" {
				texts = append(texts, t.Text)
			}
		}
		c.ErrorMessage = strings.Join(texts, "\n")
		return
	}
	raw, ok := obj["error"]
	if !ok {
		return
	}
	var msg string
	var withMessage struct {
		Message string `json:"message"`
	}
	switch {
	case json.Unmarshal(raw, &msg) == nil:
	case json.Unmarshal(raw, &withMessage) == nil && withMessage.Message != "":
		msg = withMessage.Message
	case string(raw) != "null" && string(raw) != "false" && string(raw) != "{}":
		msg = compact(raw)
	}
	if strings.TrimSpace(msg) != "" {
		c.Status, c.ErrorMessage = "failure", msg
	}
}

// homeDir is the directory the environment variable v names, else dir
// under the home directory ("" when there is none).
func homeDir(v, dir string) string {
	if d := os.Getenv(v); d != "" {
		return d
	}
	if home := userHome(); home != "" {
		return filepath.Join(home, dir)
	}
	return ""
}

// userHome is the home directory, or "".
func userHome() string {
	home, _ := os.UserHomeDir()
	return home
}

// systemFile is file in the agent's system-wide directory: dirs' for the
// operating system, else unix.
func systemFile(dirs map[string]string, unix, file string) string {
	return filepath.Join(cmp.Or(dirs[runtime.GOOS], unix), file)
}

// between lists file in each directory from cwd up to root, root itself
// left out: none when cwd is not below root.
func between(root, cwd string, files ...string) []string {
	rel, err := filepath.Rel(root, cwd)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return nil
	}
	var out []string
	for d := cwd; d != root && len(d) > len(root); d = filepath.Dir(d) {
		for _, f := range files {
			out = append(out, filepath.Join(d, f))
		}
	}
	return out
}
