package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/bmatcuk/doublestar/v4"
	yaml "go.yaml.in/yaml/v3"

	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/event"
)

// Keys of each mapping, in the order a reader meets them in the docs.
var (
	topKeys     = []string{"id", "event_type", "enabled", "blocking", "summary", "priority", "on_error", "match", "handler", "effects"}
	requiredTop = []string{"id", "event_type", "enabled", "blocking"}
	matchKeys   = []string{"ability_scope", "min_duration_ms", "only_if_changed_paths", "caller_source", "paths"}
	handlerKeys = []string{"kind", "command", "args", "env", "timeout", "unresolved", "rules", "url", "headers", "allowed_env", "response"}
	// HandlerKinds are the handler kinds hookrun can run.
	HandlerKinds = []string{KindScript, KindRules, KindHTTP}
)

// The handler kinds. A kind's fields are decoded and validated here; emit
// runs it (internal/emit, handler.go).
const (
	KindScript = "script" // a process: command, args, env, timeout
	KindRules  = "rules"  // declarative guards, no process: unresolved, rules
	KindHTTP   = "http"   // a POST to a policy service, no process: url, headers, allowed_env, response, timeout
)

// requiredHint is what to write for a required top-level key, for the
// message that says it is missing: a new user's hand-written hook often
// leaves out enabled and blocking.
func requiredHint(name string) string {
	switch name {
	case "id":
		return "id: NAME (lowercase letters, digits, - and _; unique across the hook files)"
	case "event_type":
		return "event_type: one of " + event.Names()
	case "enabled":
		return "enabled: true (false switches the hook off)"
	default: // blocking
		return "blocking: false, or true to let the hook deny or ask for a human"
	}
}

// matchHint is the way on for match: GLOB, a glob where the mapping of
// match fields goes: the field that holds such a glob for the hook's
// event, indented below match.
func matchHint(m *yaml.Node, ev event.Name) string {
	if m.Kind != yaml.ScalarNode || m.Tag != "!!str" || m.Value == "" {
		return ""
	}
	field := "ability_scope"
	if ev == event.SessionStop {
		field = "only_if_changed_paths"
	}
	if ev != "" && !slices.Contains(MatchFieldEvents(field), ev) {
		return ""
	}
	return fmt.Sprintf(" (write match: alone, then the field on a line indented below it: %s: %s)", field, strconv.Quote(m.Value))
}

// idPatternOK is a hook id's pattern, ^[a-z0-9_-]+$: lowercase letters,
// digits, '-' and '_' (kebab-case and snake_case alike). (A regexp would be
// compiled at every start.)
func idPatternOK(id string) bool {
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return id != ""
}

const maxIDLen = 128

// ValidID reports whether id is a valid hook id.
func ValidID(id string) bool { return len(id) <= maxIDLen && idPatternOK(id) }

// decoder walks one file's YAML tree, collecting every problem it meets.
type decoder struct {
	file     string
	hookID   string
	findings []Finding
}

func (d *decoder) add(sev Severity, n *yaml.Node, format string, args ...any) {
	line, col := 1, 1
	if n != nil && n.Line > 0 {
		line, col = n.Line, n.Column
	}
	d.findings = append(d.findings, Finding{File: d.file, Line: line, Col: col, Severity: sev, Message: fmt.Sprintf(format, args...)})
}

func (d *decoder) errorf(n *yaml.Node, format string, args ...any) { d.add(Error, n, format, args...) }
func (d *decoder) warnf(n *yaml.Node, format string, args ...any)  { d.add(Warning, n, format, args...) }

// ParseFile decodes one declaration. The hook is usable only when the
// findings hold no error; it is returned anyway so that later checks (and
// messages) can name it.
func ParseFile(file string, data []byte) (*Hook, []Finding) {
	d := &decoder{file: file}
	h := d.parse(data)
	for i := range d.findings {
		d.findings[i].HookID = d.hookID
	}
	return h, d.findings
}

func (d *decoder) parse(data []byte) *Hook {
	if len(bytes.TrimSpace(data)) == 0 {
		d.errorf(nil, "file is empty: a hook file declares one hook as a YAML mapping")
		return nil
	}
	if msg, line, col, ok := checkText(data); !ok {
		d.findings = append(d.findings, Finding{File: d.file, Line: line, Col: col, Severity: Error, Message: msg})
		return nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := decodeNode(dec, &doc); err != nil {
		if errors.Is(err, io.EOF) { // comments only
			d.errorf(nil, "file is empty (comments only): a hook file declares one hook as a YAML mapping")
		} else {
			d.syntaxError(data, err)
		}
		return nil
	}
	var extra yaml.Node
	switch err := decodeNode(dec, &extra); {
	case err == nil:
		d.errorf(&extra, "file holds more than one YAML document: declare one hook per file")
		return nil
	case !errors.Is(err, io.EOF):
		d.syntaxError(data, err)
		return nil
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		d.errorf(nil, "file is empty: a hook file declares one hook as a YAML mapping")
		return nil
	}
	root := doc.Content[0]
	if n := findAnchor(root); n != nil {
		what := "anchor &" + n.Anchor
		if n.Kind == yaml.AliasNode {
			what = "alias *" + n.Value
		}
		d.errorf(n, "YAML %s: anchors, aliases and merge keys are not supported in hook files", what)
		return nil
	}
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		d.errorf(nil, "file is empty: a hook file declares one hook as a YAML mapping")
		return nil
	}
	if root.Kind != yaml.MappingNode {
		hint := ""
		if root.Kind == yaml.SequenceNode && len(root.Content) > 0 && root.Content[0].Kind == yaml.MappingNode {
			hint = ": declare each hook in a file of its own" // hooks listed as other runners list them
		}
		d.errorf(root, "top level must be a mapping declaring one hook, got %s%s", describe(root), hint)
		return nil
	}
	return d.hook(root)
}

// findAnchor returns the first node, in document order, that is an alias
// or carries an anchor. They buy nothing in a one-hook file and are how
// alias bombs are built; yaml.v3 keeps aliases unexpanded in a Node tree,
// so the check itself is cheap. The walk keeps its own stack: yaml.v3
// allows nesting 10000 levels deep.
func findAnchor(root *yaml.Node) *yaml.Node {
	stack := []*yaml.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Kind == yaml.AliasNode || n.Anchor != "" {
			return n
		}
		for i := len(n.Content) - 1; i >= 0; i-- {
			stack = append(stack, n.Content[i])
		}
	}
	return nil
}

// field is one key: value pair of a mapping.
type field struct {
	name       string
	key, value *yaml.Node
}

// fields returns a mapping's pairs, reporting duplicate keys and keys not
// in known (with a did-you-mean when one is close). prefix names the
// mapping in messages ("match.").
func (d *decoder) fields(m *yaml.Node, known []string, prefix string) []field {
	var out []field
	seen := map[string]*yaml.Node{}
	secondHook := false // a top-level id given again: the keys after it are another hook's
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			d.errorf(k, "%skeys must be strings, got %s", where(prefix), describe(k))
			continue
		}
		name := k.Value
		if first, dup := seen[name]; dup {
			switch {
			case prefix == "" && name == "id" && !secondHook:
				secondHook = true
				d.errorf(k, "duplicate key %q (first at line %d): a second hook starts here; declare it in a file of its own", name, first.Line)
			case !secondHook:
				d.errorf(k, "duplicate key %q (first at line %d): keep one", prefix+name, first.Line)
			}
			continue
		}
		seen[name] = k
		if !slices.Contains(known, name) {
			if prefix == "match." && slices.Contains(agentMatchKeys, name) {
				d.errorf(k, "unknown key %q: %s", prefix+name, toolsAsAbilities(v))
				continue
			}
			d.errorf(k, "%s", unknownKey(prefix, name, known))
			continue
		}
		out = append(out, field{name, k, v})
	}
	return out
}

// unknownKey words the error for a key not in known: a did-you-mean when
// the key belongs in another mapping or is close to a known one, else the
// list of known keys.
func unknownKey(prefix, name string, known []string) string {
	msg := fmt.Sprintf("unknown key %q", prefix+name)
	if home, ok := keyHome(name); ok {
		where := "under " + strings.TrimSuffix(home, "."+name)
		if home == name {
			where = "at the top level"
		}
		return msg + fmt.Sprintf(" (did you mean %q? it belongs %s)", home, where)
	}
	if s := suggest(name, known); s != "" {
		return msg + fmt.Sprintf(" (did you mean %q?)", prefix+s)
	}
	// A rule written as deny: PATTERN, the shape of other tools' policies.
	if decision, ok := map[string]string{"deny": DecisionDeny, "block": DecisionDeny, "allow": DecisionAllow, "require_human": DecisionRequireHuman, "ask": DecisionRequireHuman}[strings.ToLower(name)]; ok && slices.Contains(known, "decision") {
		reason := "a reason, " // shown to the agent and the person; an allow needs none
		if decision == DecisionAllow {
			reason = ""
		}
		return msg + fmt.Sprintf(": a rule's decision is a value, not a key: write decision: %s, %sand what it holds for under commands, paths, sources or prompt (docs/rules.md)", decision, reason)
	}
	return msg + "; known keys: " + strings.Join(known, ", ")
}

// keyHome returns a key name's full path, for keys written in the wrong
// mapping ("command" at the top level is "handler.command").
func keyHome(name string) (string, bool) {
	for _, m := range []struct {
		prefix string
		keys   []string
	}{{"", topKeys}, {"match.", matchKeys}, {"handler.", handlerKeys}} {
		if slices.Contains(m.keys, name) {
			return m.prefix + name, true
		}
	}
	return "", false
}

func where(prefix string) string {
	if prefix == "" {
		return ""
	}
	return strings.TrimSuffix(prefix, ".") + ": "
}

func (d *decoder) hook(m *yaml.Node) *Hook {
	h := &Hook{File: d.file, Pos: Pos{m.Line, m.Column}, OnError: OnErrorSkip}
	h.Handler.Timeout = DefaultTimeout
	present := map[string]*yaml.Node{}
	var matchNode, handlerNode, nullHandler, onErrorNode, blockingNode *yaml.Node
	enabledOK, blockingOK := false, false
	for _, f := range d.fields(m, topKeys, "") {
		v := f.value
		if isNull(v) {
			if slices.Contains(requiredTop, f.name) {
				d.errorf(v, "%s: missing value: write %s", f.name, requiredHint(f.name))
				present[f.name] = v
			}
			if f.name == "handler" {
				nullHandler = v
			}
			continue // an empty optional field means its default
		}
		present[f.name] = v
		switch f.name {
		case "id":
			if s, ok := d.str(v, "id"); ok {
				if ValidID(s) {
					h.ID = s
					h.Pos = Pos{v.Line, v.Column}
					d.hookID = s
				} else {
					d.badID(v, s)
				}
			}
		case "event_type":
			if v.Kind == yaml.SequenceNode {
				d.errorf(v, "event_type: a hook runs for one event, got a list: declare one hook file for each event")
			} else if s, ok := d.str(v, "event_type"); ok {
				if ev, ok := event.Parse(s); ok {
					h.Event = ev
				} else {
					d.unknownEvent(v, s)
				}
			}
		case "enabled":
			h.Enabled, enabledOK = d.boolean(v, "enabled")
			h.Disabled = enabledOK && !h.Enabled
		case "blocking":
			h.Blocking, blockingOK = d.boolean(v, "blocking")
			blockingNode = v
		case "summary":
			if v.Kind != yaml.ScalarNode {
				d.errorf(v, "summary: must be text, got %s", describe(v))
			} else {
				h.Summary = strings.TrimSpace(v.Value)
			}
		case "priority":
			if n, ok := d.integer(v, "priority"); ok {
				h.Priority = int(n)
			}
		case "on_error":
			if s, ok := d.str(v, "on_error"); ok {
				if s == OnErrorSkip || s == OnErrorBlock {
					h.OnError = s
					onErrorNode = v
				} else {
					d.errorf(v, "on_error: must be %q or %q, got %q", OnErrorSkip, OnErrorBlock, s)
				}
			}
		case "match":
			matchNode = v
		case "handler":
			handlerNode = v
			d.handler(v, h)
		case "effects":
			h.Effects = d.effects(v)
		}
	}
	for _, name := range requiredTop {
		if present[name] == nil {
			d.errorf(m, "missing required key %q: add %s", name, requiredHint(name))
		}
	}
	if matchNode != nil {
		d.match(matchNode, h)
		d.partialWriters(valueOf(matchNode, "ability_scope"), h)
	}
	// Only a hook that says enabled: false may go without a handler; one
	// whose enabled is missing or malformed is checked as enabled.
	switch {
	case handlerNode != nil || h.Disabled:
	case nullHandler != nil:
		d.errorf(nullHandler, "handler: missing value: a hook needs handler.kind and handler.command unless enabled: false")
	default:
		d.errorf(m, "missing key \"handler\": a hook needs handler.kind and handler.command unless enabled: false")
	}
	if onErrorNode == nil && blockingOK && h.Blocking && h.Event.AIFacing() {
		// A guard that cannot run must not let the action through: a
		// blocking hook on an event it can block fails closed unless it
		// says on_error: skip.
		h.OnError = OnErrorBlock
	}
	// A guard on an event it can block that lets the event through when
	// it cannot run is the failure hookrun exists to stop: said, not
	// refused (a best-effort guard may mean it), so --strict fails on it.
	if onErrorNode != nil && h.OnError == OnErrorSkip && blockingOK && h.Blocking && h.Event.AIFacing() && !h.Disabled {
		d.warnf(onErrorNode, skipGuardWarning+" %q lets %s go ahead when the hook fails (a crash, a timeout, output hookrun cannot read, a policy service that does not answer): the guard fails open; remove on_error to block on a failure (the default on %s), or say blocking: false if the hook only advises", h.ID, h.Event, h.Event)
	}
	if onErrorNode != nil && h.OnError == OnErrorBlock && blockingOK && !h.Blocking {
		d.errorf(onErrorNode, "on_error: \"block\" needs blocking: true; a non-blocking hook cannot block the event")
	}
	// blocking with on_error: block on an infra-only event is a CI gate (a
	// failed build check makes emit exit 2): declared on purpose, not a
	// mistake to warn about, so validate --strict passes it.
	if blockingOK && h.Blocking && h.Event != "" && !h.Event.AIFacing() && h.OnError != OnErrorBlock {
		d.warnf(blockingNode, "blocking: true on %s does not reach the agent: %s is infra-only, so its signals are dropped; it only lets on_error: block turn the hook's failure into a deny (exit 2), as a CI job may want", h.Event, h.Event)
	}
	return h
}

func (d *decoder) badID(n *yaml.Node, s string) {
	msg := fmt.Sprintf("id %q is invalid: use lowercase letters, digits, \"-\" and \"_\"", s)
	if len(s) > maxIDLen {
		msg = fmt.Sprintf("id is %d characters long; the maximum is %d", len(s), maxIDLen)
	} else if fixed := FixID(s); fixed != "" && fixed != s {
		msg += fmt.Sprintf(" (try %q)", fixed)
	}
	d.errorf(n, "%s", msg)
}

// FixID suggests a valid id close to s: lowercased, other runs turned to
// '-'; "" when there is none.
func FixID(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	out := strings.Trim(b.String(), "-_")
	if !ValidID(out) {
		return ""
	}
	return out
}

func (d *decoder) unknownEvent(n *yaml.Node, s string) {
	d.errorf(n, "event_type: %s", UnknownEvent(s))
}

// UnknownEvent says that s is not an event, with hookrun's name for it
// when s is an agent's event (PreToolUse) or close to one of hookrun's,
// and the valid events: every command that takes an event says it so.
func UnknownEvent(s string) string {
	names := make([]string, len(event.All))
	for i, e := range event.All {
		names[i] = string(e)
	}
	msg := fmt.Sprintf("unknown event %q", s)
	if v, ok := dialect.EventWord(s); ok {
		msg += fmt.Sprintf(" (%s is an event of %s; hookrun's event for it is %s, and --dialect translates it)", s, v.AgentList(), v.Hookrun)
	} else if sug := suggest(s, names); sug != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", sug)
	} else if strings.HasSuffix(s, ".json") || strings.ContainsAny(s, `/\`) {
		msg += " (give a context file with --context: --context " + s + ")"
	}
	return msg + "; valid events: " + event.Names()
}

func (d *decoder) match(m *yaml.Node, h *Hook) {
	if m.Kind != yaml.MappingNode {
		d.errorf(m, "match: must be a mapping of match fields, got %s%s", describe(m), matchHint(m, h.Event))
		return
	}
	for _, f := range d.fields(m, matchKeys, "match.") {
		v := f.value
		name := "match." + f.name
		if isNull(v) {
			d.errorf(v, "%s: missing value: give it one, or remove the key", name)
			continue
		}
		if h.Event != "" && !slices.Contains(MatchFieldEvents(f.name), h.Event) {
			d.errorf(f.key, "%s does not apply to %s hooks; it applies to %s", name, h.Event, joinEvents(MatchFieldEvents(f.name)))
			continue
		}
		switch f.name {
		case "ability_scope":
			h.Match.AbilityScope = d.globs(v, name)
			d.agentTools(v, name, h.Match.AbilityScope)
		case "only_if_changed_paths":
			h.Match.OnlyIfChangedPaths = d.globs(v, name)
			h.ChangedPathsPos = places(v, len(h.Match.OnlyIfChangedPaths))
		case "paths":
			h.Match.Paths = d.globs(v, name)
			h.PathsPos = places(v, len(h.Match.Paths))
		case "min_duration_ms":
			if n, ok := d.integer(v, name); ok {
				if n < 0 {
					d.errorf(v, "%s: must not be negative, got %d", name, n)
				} else {
					h.Match.MinDurationMS = &n
					h.MinDurationPos = Pos{v.Line, v.Column}
				}
			}
		case "caller_source":
			srcs, ok := d.strings(v, name)
			if !ok {
				break
			}
			bad := false
			for i, s := range srcs {
				if !event.ValidSource(s) {
					d.errorf(itemNode(v, i), "%s: unknown source %q; valid sources: %s", name, s, strings.Join(event.Sources, ", "))
					bad = true
				}
			}
			if !bad {
				h.Match.CallerSource = srcs
			}
		}
	}
}

// agentTools warns about an ability_scope that names an agent's tool: dialects give the canonical
// ability id (Bash is shell), so such a hook never runs for the agent's calls.
//
// It also warns about one that is a canonical id misspelt: written in
// another case, with a space or an invisible character, a dash for the
// underscore, or one letter off. Ability ids are matched exactly, so such
// a hook never runs for an agent's call either, and validate said OK.
func (d *decoder) agentTools(v *yaml.Node, name string, globs []string) {
	for i, g := range globs {
		g, excluded := strings.CutPrefix(g, Exclude)
		if excluded && g == "" {
			d.errorf(itemNode(v, i), "%s: %q excludes no ability: write the id or glob to leave out after the !, as \"!read_file\"", name, Exclude)
			continue
		}
		if tool, spec, ok := permissionRule(g); ok {
			d.warnf(itemNode(v, i), "%s: %q is an agent's permission rule, TOOL(SPECIFIER), which ability_scope does not read: it matches no ability id, so the hook never runs; write %q here, and guard %q with a rules handler: commands for a command, paths for a file (docs/rules.md)", name, g, tool, spec)
			continue
		}
		if id := mcpID(g); id != "" {
			d.warnf(itemNode(v, i), "%s: %q is how agents name an MCP tool; hooks match the canonical ability id, mcp/SERVER/TOOL, so did you mean %q? (docs/agents/README.md)", name, g, id)
			continue
		}
		if server, ok := strings.CutPrefix(g, "mcp/"); ok && server != "" && !strings.ContainsAny(server, "/{") && !strings.Contains(server, "**") {
			want := "mcp/" + server + "/*"
			if server == "*" {
				want = "mcp/**"
			}
			d.warnf(itemNode(v, i), "%s: %q matches no MCP tool: their ids are mcp/SERVER/TOOL, and a glob's * stops at a slash; did you mean %q? (docs/agents/README.md)", name, g, want)
			continue
		}
		if voc, ok := dialect.ToolWord(g); ok && voc.Hookrun != g {
			d.warnf(itemNode(v, i), "%s: %q is a tool name of %s; hooks match the canonical ability id, so did you mean %q? (docs/agents/README.md)", name, g, voc.AgentList(), voc.Hookrun)
			continue
		}
		if strings.ContainsAny(g, "/*?[{\\") || slices.Contains(event.Abilities, g) {
			continue // an MCP or agent tool, a glob, or right
		}
		if id := spelledAs(g); id != "" {
			d.warnf(itemNode(v, i), "%s: %+q matches no call an agent makes: ability ids are exact and lowercase; did you mean %q? (docs/agents/README.md)", name, g, id)
		} else if id := suggest(g, event.Abilities); id != "" {
			d.warnf(itemNode(v, i), "%s: %+q is no ability id an agent sends; did you mean %q? (leave it if your own caller sends it; docs/agents/README.md)", name, g, id)
		}
	}
}

// fileWriters are the abilities that write a file an agent names: a guard on paths that takes in
// some of them and not the others is passed by a call of another (write_file, or echo > in a shell
// call, writes what edit_file may not).
var fileWriters = []string{dialect.EditFile, dialect.WriteFile, dialect.Shell}

// WritersLeftOut splits the file writers (edit_file, write_file, shell) into those the
// ability_scope globs take in and those they leave out. A paths guard is partial when both are
// non-empty: a call of a writer left out writes the same file past it. A nil scope takes in all.
func WritersLeftOut(scope []string) (in, out []string) {
	for _, id := range fileWriters {
		if scope == nil || InScope(scope, id, globMatch) {
			in = append(in, id)
		} else {
			out = append(out, id)
		}
	}
	return in, out
}

// Exclude is the prefix of an ability_scope glob that leaves ids out ("!read_file").
const Exclude = "!"

// InScope reports whether an ability_scope takes in the ability id: one of its globs matches it
// ("*" and "**" match every id) and none of its exclusions, "!GLOB", does, whatever their order;
// a scope of exclusions alone takes in every id they leave, and an empty one none. glob is the matcher (match passes
// its faster doublestar.Match).
func InScope(scope []string, id string, glob func(pattern, name string) bool) bool {
	in, includes := false, false
	for _, g := range scope {
		if ex, ok := strings.CutPrefix(g, Exclude); ok {
			if ex == "*" || ex == "**" || glob(ex, id) {
				return false
			}
			continue
		}
		includes = true
		in = in || g == "*" || g == "**" || glob(g, id)
	}
	return in || !includes && len(scope) > 0
}

// WithWriters is scope widened to take in the writers out: the exclusions of them dropped, and
// each still left out added.
func WithWriters(scope, out []string) []string {
	var with []string
	for _, g := range scope {
		if ex, ok := strings.CutPrefix(g, Exclude); ok && slices.ContainsFunc(out, func(id string) bool { return ex == "*" || ex == "**" || globMatch(ex, id) }) {
			continue
		}
		with = append(with, g)
	}
	for _, id := range out {
		if !InScope(with, id, globMatch) {
			with = append(with, id)
		}
	}
	return with
}

// globMatch is doublestar.Match for a glob decode has checked.
func globMatch(pattern, name string) bool {
	ok, _ := doublestar.Match(pattern, name)
	return ok
}

// AnyOf names the writers as "a write_file or shell", "an edit_file or write_file".
func AnyOf(writers []string) string {
	a := "a "
	if len(writers) > 0 && strings.HasPrefix(writers[0], "e") {
		a = "an "
	}
	return a + strings.Join(writers, " or ")
}

// partialWriters warns about a blocking PreAbilityCall hook that guards paths (match.paths, or a
// rules handler's paths rule that denies or asks) and whose ability_scope v takes in some of the
// fileWriters but not all: the same file written by another of them passes the guard.
func (d *decoder) partialWriters(v *yaml.Node, h *Hook) {
	if v == nil || h.Match.AbilityScope == nil || !h.Blocking || h.Disabled || h.Event != event.PreAbilityCall || !guardsPaths(h) {
		return
	}
	in, out := WritersLeftOut(h.Match.AbilityScope)
	if len(in) == 0 || len(out) == 0 {
		return
	}
	d.warnf(v, "match.ability_scope: %q guards the paths of %s calls only, and %s call that writes the same file passes it; write ability_scope: [%s], or leave ability_scope out to guard every call that names the paths",
		h.ID, strings.Join(in, " and "), AnyOf(out), strings.Join(WithWriters(h.Match.AbilityScope, out), ", "))
}

// guardsPaths reports whether h decides on the paths a call names.
func guardsPaths(h *Hook) bool {
	if h.Match.Paths != nil {
		return true
	}
	if h.Handler.Rules == nil {
		return false
	}
	return slices.ContainsFunc(h.Handler.Rules.Rules, func(r Rule) bool {
		return len(r.Paths) > 0 && (r.Decision == DecisionDeny || r.Decision == DecisionRequireHuman)
	})
}

// permissionRule reports whether s is written as an agent's permission
// rule, TOOL(SPECIFIER) (Claude Code's Bash(rm -rf:*), Edit(src/**)),
// whose TOOL is an agent's tool, a canonical ability id or an MCP tool;
// the ability id TOOL stands for, and SPECIFIER. hookrun reads neither
// part so: an ability_scope, a command pattern or a path glob written so
// matches no call.
func permissionRule(s string) (string, string, bool) {
	tool, spec, ok := strings.Cut(strings.TrimSpace(s), "(")
	if !ok || !strings.HasSuffix(spec, ")") || tool == "" {
		return "", "", false
	}
	spec = strings.TrimSuffix(spec, ")")
	if id := mcpID(tool); id != "" {
		return id, spec, true
	}
	if voc, ok := dialect.ToolWord(tool); ok {
		return voc.Hookrun, spec, true
	}
	if slices.Contains(event.Abilities, tool) {
		return tool, spec, true
	}
	return "", "", false
}

// mcpID is the canonical id (mcp/SERVER/TOOL) of an ability_scope written
// as the agents name an MCP tool, mcp__SERVER__TOOL (mcp__SERVER alone for
// the server's tools, mcp__* for every one), or "".
func mcpID(g string) string {
	rest, ok := strings.CutPrefix(g, "mcp__")
	if !ok || rest == "" {
		return ""
	}
	if rest == "*" {
		return "mcp/**"
	}
	server, tool, ok := strings.Cut(rest, "__")
	if !ok || tool == "" {
		tool = "*"
	}
	return "mcp/" + server + "/" + tool
}

// agentMatchKeys are the keys in which agents' hook settings and other tools name the tools a
// hook is for (Claude Code's matcher, tool_name in their contexts).
var agentMatchKeys = []string{"tool", "tools", "tool_name", "tool_names", "toolName", "matcher", "ability", "abilities", "ability_id"}

// toolsAsAbilities says what to write for a match key an agent uses (agentMatchKeys) holding v: the
// canonical ability ids of its tool names (a matcher's Write|Edit is two), when each is one.
func toolsAsAbilities(v *yaml.Node) string {
	const lead = "hooks match the call's ability id, not an agent's tool name: write match.ability_scope"
	var words []string
	switch v.Kind {
	case yaml.ScalarNode:
		words = strings.Split(v.Value, "|")
	case yaml.SequenceNode:
		for _, item := range v.Content {
			words = append(words, item.Value)
		}
	}
	var ids, known []string
	resolved := 0
	for _, w := range words {
		w = strings.TrimSpace(w)
		id := w
		if voc, ok := dialect.ToolWord(w); ok {
			id = voc.Hookrun
			if id != w {
				known = append(known, id+" for "+w)
			}
		} else if !slices.Contains(event.Abilities, w) {
			id = ""
		}
		if id == "" {
			continue
		}
		resolved++
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	switch {
	case len(words) > 0 && resolved == len(words) && len(ids) == 1:
		return fmt.Sprintf("%s: %s (docs/agents/README.md)", lead, ids[0])
	case len(words) > 0 && resolved == len(words):
		return fmt.Sprintf("%s: [%s] (docs/agents/README.md)", lead, strings.Join(ids, ", "))
	case len(known) > 0:
		return fmt.Sprintf("%s with the ids (%s; docs/agents/README.md)", lead, strings.Join(known, ", "))
	}
	return lead + " with the ability ids (shell, write_file, edit_file, mcp/SERVER/TOOL, …; docs/agents/README.md)"
}

// spelledAs is the canonical ability id g spells but for case, spaces,
// invisible characters and a dash or space for the underscore, or "".
func spelledAs(g string) string {
	var b strings.Builder
	for _, r := range g {
		switch {
		case r == '-' || r == ' ':
			b.WriteByte('_')
		case unicode.IsSpace(r) || unicode.Is(unicode.Cf, r):
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	id := strings.Trim(b.String(), "_")
	if slices.Contains(event.Abilities, id) {
		return id
	}
	return ""
}

func joinEvents(evs []event.Name) string {
	s := make([]string, len(evs))
	for i, e := range evs {
		s[i] = string(e)
	}
	return strings.Join(s, ", ")
}

// globs reads a glob or a list of globs and validates each pattern.
func (d *decoder) globs(v *yaml.Node, name string) []string {
	pats, ok := d.strings(v, name)
	if !ok {
		return nil
	}
	good := true
	for i, p := range pats {
		switch {
		case p == "":
			d.errorf(itemNode(v, i), "%s: empty pattern", name)
			good = false
		case !doublestar.ValidatePattern(p):
			d.errorf(itemNode(v, i), "%s: invalid glob %q (check for an unclosed '[' or '{', or a trailing '\\')", name, p)
			good = false
		case permissionGlob(name, p):
			_, spec, _ := permissionRule(p)
			d.warnf(itemNode(v, i), "%s: %q is an agent's permission rule, TOOL(SPECIFIER), which a path glob does not read: it matches no path; write the path glob alone, %q, and the tool in match.ability_scope", name, p, strings.TrimPrefix(spec, "./"))
		case regexLike(p):
			d.warnf(itemNode(v, i), "%s: %q looks like a regular expression; in a glob ^, $, +, (, | and ) are plain characters and \\ escapes the next one, "+
				"so it matches no path meant: write a glob (* any characters but /, ** any directories, ? one character, {a,b} either: config/prod/**)", name, p)
		}
	}
	if !good {
		return nil
	}
	return pats
}

// permissionGlob reports whether p, a glob of the field name, is written
// as an agent's permission rule (Edit(src/**)); ability_scope's own check
// names those.
func permissionGlob(name, p string) bool {
	_, _, ok := permissionRule(p)
	return ok && !strings.HasSuffix(name, "ability_scope")
}

// regexLike reports whether a glob has what only a regular expression
// means: a leading ^ or trailing $, .+, a \d, \s or \w class, or a group
// of alternatives. A glob matches each of them literally, so it matches no
// path meant (or only one with that very name). .* is no sign: config/.*
// is a glob for config's dotfiles.
func regexLike(p string) bool {
	if strings.HasPrefix(p, "^") || strings.HasSuffix(p, "$") || strings.Contains(p, ".+") {
		return true
	}
	for _, class := range []string{`\d`, `\s`, `\w`} {
		if strings.Contains(p, class) {
			return true
		}
	}
	open := strings.Index(p, "(")
	return open >= 0 && strings.Contains(p[open:], "|") && strings.Contains(p[open:], ")")
}

// places is where each of the first n items of the string or list v is
// written (n of them: a string's is its own); nil for none.
func places(v *yaml.Node, n int) []Pos {
	if n == 0 {
		return nil
	}
	out := make([]Pos, n)
	for i := range out {
		it := itemNode(v, i)
		out[i] = Pos{it.Line, it.Column}
	}
	return out
}

// itemNode is the node of the i-th item of a list, or the node itself
// when a single value stood for the list.
func itemNode(v *yaml.Node, i int) *yaml.Node {
	if v.Kind == yaml.SequenceNode && i < len(v.Content) {
		return v.Content[i]
	}
	return v
}

// strings reads a string or a non-empty list of strings.
func (d *decoder) strings(v *yaml.Node, name string) ([]string, bool) {
	switch v.Kind {
	case yaml.ScalarNode:
		s, ok := d.str(v, name)
		return []string{s}, ok
	case yaml.SequenceNode:
		if len(v.Content) == 0 {
			d.errorf(v, "%s: empty list; remove the key to leave it unrestricted", name)
			return nil, false
		}
		out := make([]string, 0, len(v.Content))
		ok := true
		for _, item := range v.Content {
			s, good := d.str(item, name)
			ok = ok && good
			out = append(out, s)
		}
		return out, ok
	}
	d.errorf(v, "%s: must be a string or a list of strings, got %s", name, describe(v))
	return nil, false
}

// handlerValueHint is what to write for handler.kind or handler.command
// given no value; id names the hook's script as new would.
func handlerValueHint(key, id string) string {
	if key == "kind" {
		return "write script, rules or http"
	}
	if id == "" {
		id = "ID"
	}
	return "write the handler's path, such as ./scripts/hooks/" + id + ".sh"
}

func (d *decoder) handler(v *yaml.Node, h *Hook) {
	if v.Kind != yaml.MappingNode {
		hint := ""
		if v.Kind == yaml.ScalarNode && v.Tag == "!!str" && v.Value != "" {
			// handler: ./guard.sh, the command where the mapping goes
			hint = " (write handler: alone, then kind: script and command: " + v.Value + " on lines indented below it)"
		}
		d.errorf(v, "handler: must be a mapping with kind and command, got %s%s", describe(v), hint)
		return
	}
	var kindSeen, commandSeen bool
	var unresolved, rules, args, env *yaml.Node
	var web httpNodes
	for _, f := range d.fields(v, handlerKeys, "handler.") {
		n := f.value
		name := "handler." + f.name
		if isNull(n) {
			if f.name == "kind" || f.name == "command" {
				d.errorf(n, "%s: missing value: %s", name, handlerValueHint(f.name, h.ID))
				kindSeen = kindSeen || f.name == "kind"
				commandSeen = commandSeen || f.name == "command"
			}
			continue
		}
		switch f.name {
		case "kind":
			kindSeen = true
			if s, ok := d.str(n, name); ok {
				if slices.Contains(HandlerKinds, s) {
					h.Handler.Kind = s
				} else {
					if sug := suggest(s, HandlerKinds); sug != "" {
						d.errorf(n, "%s: unknown kind %q (did you mean %q?); supported: %s", name, s, sug, strings.Join(HandlerKinds, ", "))
					} else {
						d.errorf(n, "%s: unknown kind %q; supported: %s", name, s, strings.Join(HandlerKinds, ", "))
					}
				}
			}
		case "command":
			commandSeen = true
			if s, ok := d.str(n, name); ok {
				if strings.TrimSpace(s) == "" {
					d.errorf(n, "%s: must not be empty", name)
				} else if strings.ContainsRune(s, 0) {
					d.errorf(n, "%s: contains a NUL byte", name)
				} else {
					h.Handler.Command = s
					h.CommandPos = Pos{n.Line, n.Column}
				}
			}
		case "args":
			args = f.key
			if n.Kind != yaml.SequenceNode {
				d.errorf(n, "%s: must be a list of strings, got %s", name, describe(n))
				break
			}
			h.Handler.HasArgs = true
			h.Handler.Args = make([]string, 0, len(n.Content))
			for _, item := range n.Content {
				if item.Kind != yaml.ScalarNode || item.Tag == "!!null" {
					d.errorf(item, "%s: each argument must be a string, got %s", name, describe(item))
					continue
				}
				if strings.ContainsRune(item.Value, 0) {
					d.errorf(item, "%s: argument contains a NUL byte", name)
					continue
				}
				h.Handler.Args = append(h.Handler.Args, item.Value)
			}
		case "env":
			env = f.key
			h.Handler.Env = d.env(n, name)
		case "timeout":
			d.timeout(n, name, h)
		case "unresolved":
			unresolved = f.key
		case "rules":
			rules = f.value
		case "url":
			web.url = f.value
		case "headers":
			web.headers = f.value
		case "allowed_env":
			web.allowedEnv = f.value
		case "response":
			web.response = f.value
		}
	}
	if !kindSeen {
		d.errorf(v, "handler: missing required key \"kind\" (use kind: script, kind: rules or kind: http)")
	}
	if h.Handler.Kind != KindHTTP && web.any() {
		d.errorf(v, "handler: url, headers, allowed_env and response belong to kind: http")
	}
	if h.Handler.Kind == KindHTTP {
		for _, k := range []*yaml.Node{args, env, unresolved} {
			if k != nil {
				d.errorf(k, "handler.%s: an http handler runs no process; it POSTs the context to handler.url", k.Value)
			}
		}
		if commandSeen {
			d.errorf(v, "handler.command: an http handler runs no command; it POSTs the context to handler.url")
		}
		if rules != nil {
			d.errorf(v, "handler: unresolved and rules belong to kind: rules")
		}
		d.http(v, web, h)
		return
	}
	if h.Handler.Kind == KindRules {
		if commandSeen {
			d.errorf(v, "handler.command: a rules handler runs no command; use kind: script for one")
		}
		if unresolved != nil {
			unresolved = valueOf(v, "unresolved")
		}
		d.ruleSet(v, unresolved, rules, h)
		return
	}
	if unresolved != nil || rules != nil {
		d.errorf(v, "handler: unresolved and rules belong to kind: rules")
	}
	if !commandSeen {
		d.errorf(v, "handler: missing required key \"command\"")
	}
}

func (d *decoder) env(n *yaml.Node, name string) []EnvVar {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "%s: must be a mapping of variable names to values, got %s", name, describe(n))
		return nil
	}
	var out []EnvVar
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		key := k.Value
		switch {
		case k.Kind != yaml.ScalarNode || key == "" || strings.ContainsAny(key, "=\x00"):
			d.errorf(k, "%s: invalid variable name %q", name, key)
			continue
		case slices.Contains(HandlerVars, key):
			d.errorf(k, "%s: %s is set by hookrun for every handler and cannot be overridden", name, key)
			continue
		case seen[key] > 0:
			d.errorf(k, "duplicate key %q (first at line %d): keep one", name+"."+key, seen[key])
			continue
		case v.Kind != yaml.ScalarNode:
			d.errorf(v, "%s.%s: must be a string, got %s", name, key, describe(v))
			continue
		case strings.ContainsRune(v.Value, 0):
			d.errorf(v, "%s.%s: value contains a NUL byte", name, key)
			continue
		}
		seen[key] = k.Line
		val := v.Value
		if v.Tag == "!!null" {
			val = ""
		}
		out = append(out, EnvVar{key, val})
	}
	return out
}

func (d *decoder) timeout(n *yaml.Node, name string, h *Hook) {
	if n.Kind != yaml.ScalarNode {
		d.errorf(n, "%s: must be a duration string such as \"5s\" or \"500ms\", got %s", name, describe(n))
		return
	}
	if n.Tag == "!!int" || n.Tag == "!!float" {
		d.errorf(n, "%s: must be a duration string with a unit such as \"%ss\" or \"500ms\", not a bare number (%s)", name, n.Value, n.Value)
		return
	}
	if n.Tag != "!!str" {
		d.errorf(n, "%s: must be a duration string such as \"5s\" or \"500ms\", got %s", name, describe(n))
		return
	}
	dur, err := time.ParseDuration(n.Value)
	switch {
	case err != nil && durationMeant(n.Value) != "":
		d.errorf(n, "%s: %q is not a duration; write %q (a number with a unit: ms, s, m or h)", name, n.Value, durationMeant(n.Value))
	case err != nil:
		d.errorf(n, "%s: %q is not a duration; use a number with a unit: ms, s, m or h (\"500ms\", \"5s\", \"2m\")", name, n.Value)
	case dur <= 0:
		d.errorf(n, "%s: must be positive, got %q", name, n.Value)
	default:
		h.Handler.Timeout, h.TimeoutPos = dur, Pos{n.Line, n.Column}
	}
}

// durationMeant is the duration a timeout written as words or without a
// unit means ("5 seconds", "2 min", "5": seconds), or "".
func durationMeant(v string) string {
	v = strings.TrimSpace(v)
	end := strings.IndexFunc(v, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if end < 0 {
		end = len(v)
	}
	number := v[:end]
	if _, err := strconv.ParseFloat(number, 64); err != nil || strings.HasPrefix(number, ".") {
		return ""
	}
	var unit string
	switch strings.ToLower(strings.TrimSpace(v[end:])) {
	case "", "s", "sec", "secs", "second", "seconds":
		unit = "s"
	case "ms", "msec", "msecs", "millisecond", "milliseconds":
		unit = "ms"
	case "m", "min", "mins", "minute", "minutes":
		unit = "m"
	case "h", "hr", "hrs", "hour", "hours":
		unit = "h"
	default:
		return ""
	}
	return number + unit
}

func (d *decoder) effects(n *yaml.Node) []any {
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "effects: must be a list of strings or one-key mappings, got %s", describe(n))
		return nil
	}
	out := make([]any, 0, len(n.Content))
	for _, item := range n.Content {
		switch {
		case item.Kind == yaml.ScalarNode && item.Tag != "!!null":
			out = append(out, item.Value)
		case item.Kind == yaml.MappingNode && len(item.Content) == 2 &&
			item.Content[0].Kind == yaml.ScalarNode && item.Content[1].Kind == yaml.ScalarNode:
			out = append(out, map[string]string{item.Content[0].Value: item.Content[1].Value})
		default:
			d.errorf(item, "effects: each entry must be a string or a one-key mapping such as \"append_to: path\", got %s", describe(item))
		}
	}
	return out
}

func (d *decoder) str(n *yaml.Node, name string) (string, bool) {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!str" {
		d.errorf(n, "%s: must be a string, got %s", name, describe(n))
		return "", false
	}
	return n.Value, true
}

func (d *decoder) boolean(n *yaml.Node, name string) (bool, bool) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!bool" {
		var b bool
		if n.Decode(&b) == nil {
			return b, true
		}
	}
	d.errorf(n, "%s: must be true or false, got %s", name, describe(n))
	return false, false
}

func (d *decoder) integer(n *yaml.Node, name string) (int64, bool) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!int" {
		var i int64
		if n.Decode(&i) == nil && i >= -1<<31 && i < 1<<31 {
			return i, true
		}
		d.errorf(n, "%s: %s is out of range", name, n.Value)
		return 0, false
	}
	d.errorf(n, "%s: must be a whole number, got %s", name, describe(n))
	return 0, false
}

func isNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.Tag == "!!null" }

// describe names a node's type and value for messages: `"maybe"`, `a list`.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		if len(n.Content) == 0 {
			return "an empty list"
		}
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	v := n.Value
	if len(v) > 40 {
		cut := 40
		for cut > 0 && !utf8.RuneStart(v[cut]) {
			cut--
		}
		v = v[:cut] + "…"
	}
	switch n.Tag {
	case "!!null":
		return "null"
	case "!!bool":
		return "boolean " + v
	case "!!int", "!!float":
		return "number " + v
	case "!!str":
		return strconv.Quote(v)
	}
	return fmt.Sprintf("%s %q", strings.TrimPrefix(n.Tag, "!!"), v)
}
