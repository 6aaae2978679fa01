package config

import (
	"cmp"
	"fmt"
	"path"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"go.yaml.in/yaml/v3"

	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/shellcmd"
)

// Rule decisions.
const (
	DecisionDeny         = "deny"
	DecisionRequireHuman = "require_human"
	DecisionAllow        = "allow"
)

var (
	decisions = []string{DecisionDeny, DecisionRequireHuman, DecisionAllow}
	ruleKeys  = []string{"decision", "reason", "commands", "paths", "sources", "prompt", "additional_context", "additional_context_file", "ignore_programs"}
)

// RuleSet is a rules handler: declarative guards, evaluated without a
// process (docs/rules.md).
type RuleSet struct {
	Unresolved string // the decision for a command that cannot be read statically
	Rules      []Rule
	// HasCommands: some rule matches commands, so a command that cannot be
	// read gives Unresolved.
	HasCommands bool
}

// Rule fires when every condition it states holds.
type Rule struct {
	Decision string // "" for a rule that only adds context
	Reason   string
	Commands []*shellcmd.Pattern
	Paths    []string // globs on the call's paths
	// IgnorePrograms: a path a shell command names only as the program it runs
	// does not count for Paths (running ~/.local/bin/ruff changes no program).
	IgnorePrograms bool
	Sources        []string
	Prompt         *regexp.Regexp
	// AdditionalContext is text for the model; ContextFile a project
	// file whose text is read when the rule fires.
	AdditionalContext string
	ContextFile       string
	Pos               Pos
	PathsPos          []Pos // where each glob of Paths is written
}

// rules decodes a rules handler's unresolved and rules keys.
func (d *decoder) ruleSet(handler, unresolved, list *yaml.Node, h *Hook) {
	rs := &RuleSet{Unresolved: DecisionRequireHuman}
	if unresolved != nil {
		if s, ok := d.str(unresolved, "handler.unresolved"); ok {
			if slices.Contains(decisions, s) {
				rs.Unresolved = s
			} else {
				d.errorf(unresolved, "handler.unresolved: must be deny, require_human or allow, got %q", s)
			}
		}
	}
	if list == nil || isNull(list) {
		d.errorf(handler, "handler: a rules handler needs a list of rules (handler.rules)")
		h.Handler.Rules = rs
		return
	}
	if list.Kind != yaml.SequenceNode || len(list.Content) == 0 {
		d.errorf(list, "handler.rules: must be a non-empty list of rules, got %s", describe(list))
		h.Handler.Rules = rs
		return
	}
	always, alwaysDecides := -1, "" // the first rule that decides on every call: the walk never passes it
	for i, item := range list.Content {
		name := fmt.Sprintf("handler.rules[%d]", i)
		if item.Kind != yaml.MappingNode {
			d.errorf(item, "%s: must be a mapping, got %s", name, describe(item))
			continue
		}
		r := Rule{Pos: Pos{item.Line, item.Column}}
		conditions := 0
		effectGiven := false      // a misspelt decision, a context file outside the project: each has its own error, which says what to write
		var commands []*yaml.Node // each pattern's node, in r.Commands' order
		var promptNode *yaml.Node
		var ignoreNode *yaml.Node // ignore_programs, which only says how paths is read
		fields := d.fields(item, ruleKeys, name+".")
		for _, f := range fields {
			v, key := f.value, name+"."+f.name
			if ruleFieldEvents(f.name) != nil {
				conditions++
			}
			if isNull(v) {
				d.errorf(v, "%s: missing value: give it one, or remove the key", key)
				continue
			}
			if on := ruleFieldEvents(f.name); on != nil && h.Event != "" && !slices.Contains(on, h.Event) {
				d.errorf(f.key, "%s: never fires on %s: it applies to %s", key, h.Event, joinEvents(on))
				continue
			}
			switch f.name {
			case "decision":
				effectGiven = true
				if s, ok := d.str(v, key); ok {
					if slices.Contains(decisions, s) {
						r.Decision = s
					} else {
						d.errorf(v, "%s: must be deny, require_human or allow, got %q", key, s)
					}
				}
			case "reason":
				if s, ok := d.str(v, key); ok {
					r.Reason = strings.TrimSpace(s)
				}
			case "commands":
				srcs, ok := d.strings(v, key)
				if !ok {
					break
				}
				for j, src := range srcs {
					if op, parts := joinedCommands(src); op != "" {
						d.errorf(itemNode(v, j), "%s: %q joins commands with %q, and a pattern is one command, matched on its own wherever it stands in a line (in a pipeline, after && or ;): it would match no command; write each command to stop as a pattern of its own (%s). "+
							"A shell reading its script from a pipe (curl … | sh) needs no pattern: hookrun cannot check it without running it, so a commands rule that denies or asks sends it to handler.unresolved (require_human unless set)", key, src, op, parts)
						continue
					}
					p, err := shellcmd.Compile(src)
					if err != nil {
						d.errorf(itemNode(v, j), "%s: %v", key, err)
						continue
					}
					if _, spec, ok := permissionRule(src); ok {
						d.warnf(itemNode(v, j), "%s: %q is an agent's permission rule, TOOL(SPECIFIER), which a command pattern is not: it matches no command; write the command's words, %q, and the tool in match.ability_scope",
							key, src, strings.TrimRight(strings.TrimSuffix(spec, "*"), ": "))
					} else if commandRegexLike(src) {
						d.warnf(itemNode(v, j), "%s: %q looks like a regular expression; a command pattern is words as a shell splits them, the command's name and then globs each argument must match in any order (* and ? only, a|b|c for alternatives, -rf for -r and -f however clustered), "+
							"so it matches no command meant: write the words, each option in every spelling (rm -r|-R|--recursive -f|--force)", key, src)
					}
					r.Commands = append(r.Commands, p)
					commands = append(commands, itemNode(v, j))
				}
				rs.HasCommands = true
			case "paths":
				r.Paths = d.globs(v, key)
				r.PathsPos = places(v, len(r.Paths))
			case "ignore_programs":
				ignoreNode = v
				r.IgnorePrograms, _ = d.boolean(v, key)
			case "sources":
				srcs, ok := d.strings(v, key)
				for j, s := range srcs {
					if !event.ValidSource(s) {
						d.errorf(itemNode(v, j), "%s: unknown source %q; valid sources: %s", key, s, strings.Join(event.Sources, ", "))
						ok = false
					}
				}
				if ok {
					r.Sources = srcs
				}
			case "prompt":
				if s, ok := d.str(v, key); ok {
					re, err := regexp.Compile(s)
					switch {
					case s == "":
						d.errorf(v, "%s: an empty pattern matches every prompt; leave prompt out instead", key)
					case err != nil && strings.Contains(err.Error(), string(syntax.ErrMissingRepeatArgument)):
						d.errorf(v, "%s: not a valid RE2 regular expression: %v; a prompt pattern is a regular expression, not a glob, and matches anywhere in the prompt: drop a * at its start or end, and write .* for any characters between words (deploy.*prod)", key, err)
					case err != nil:
						d.errorf(v, "%s: not a valid RE2 regular expression: %v", key, err)
					default:
						r.Prompt, promptNode = re, v
					}
				}
			case "additional_context":
				s, ok := d.str(v, key)
				r.AdditionalContext, effectGiven = s, effectGiven || !ok
			case "additional_context_file":
				effectGiven = true // a bad path has its own error here
				if s, ok := d.str(v, key); ok {
					clean := path.Clean(s)
					if path.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../") {
						d.errorf(v, "%s: must be a path inside the project, relative to its root, got %q", key, s)
					} else {
						r.ContextFile = clean
					}
				}
			}
		}
		switch {
		case (r.Decision == DecisionDeny || r.Decision == DecisionRequireHuman) && r.Reason == "":
			d.errorf(item, "%s: a rule that decides %s needs a reason, which the agent and the person are shown", name, r.Decision)
		case r.Decision == "" && !effectGiven && r.AdditionalContext == "" && len(fields) == len(item.Content)/2:
			// Not said of a rule with an unknown key: its error names the key meant.
			d.errorf(item, "%s: does nothing: give it a decision, additional_context or additional_context_file", name)
		}
		if ignoreNode != nil && r.IgnorePrograms && r.Paths == nil {
			d.errorf(ignoreNode, "%s.ignore_programs: says how paths reads a call, and the rule has no paths: add paths, or remove ignore_programs", name)
		}
		if (r.Decision == DecisionDeny || r.Decision == DecisionRequireHuman) && h.Event != "" && !h.Event.AIFacing() {
			d.errorf(item, "%s: decision %s never decides on %s, an infra-only event", name, r.Decision, h.Event)
		}
		if r.Decision == DecisionDeny || r.Decision == DecisionRequireHuman {
			for j, p := range r.Commands {
				msg := missedSpellings(p.String(), p, r.Commands)
				if msg == "" {
					msg = missedRefspecs(p.String(), p, r.Commands)
				}
				if msg != "" {
					d.warnf(commands[j], "%s.commands: %q %s", name, p.String(), msg)
				}
			}
			if word := caseBound(r.Prompt); word != "" {
				d.warnf(promptNode, "%s.prompt: %q matches its letters only in the case written, so a prompt with %q passes this rule; write %q to ignore case, or begin it with (?-i) if the case is meant",
					name, r.Prompt.String(), word, "(?i)"+r.Prompt.String())
			}
			if passes, fixed := spaceBound(r.Prompt); passes != "" {
				d.warnf(promptNode, "%s.prompt: %q matches one space where it has one, so a prompt with %q (two spaces; a tab or a line break likewise) passes this rule; write %q",
					name, r.Prompt.String(), passes, fixed)
			}
		}
		if always >= 0 {
			d.warnf(item, "%s: never fires: handler.rules[%d] decides %s on every call (it states no condition: commands, paths, sources or prompt), and the first rule that decides ends the walk; move this rule above it, or give that one a condition",
				name, always, alwaysDecides)
		} else if r.Decision != "" && conditions == 0 && len(fields) == len(item.Content)/2 {
			always, alwaysDecides = i, r.Decision
		}
		rs.Rules = append(rs.Rules, r)
	}
	h.Handler.Rules = rs
}

// ruleFieldEvents are the events a rule condition applies to; nil for all.
func ruleFieldEvents(field string) []event.Name {
	switch field {
	case "commands", "paths":
		return []event.Name{event.PreAbilityCall, event.PostAbilityCall}
	case "sources":
		return []event.Name{event.PreAbilityCreate, event.PreAbilityCall}
	case "prompt":
		return []event.Name{event.PromptSubmit}
	}
	return nil
}

// valueOf is the value node of key in mapping m.
func valueOf(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// commandRegexLike reports whether a command pattern has what only a
// regular expression means: a leading ^ or trailing $, a \s, \d, \w or
// \b class, a + after ., ] or ), .* in an option or before one (-rf.*,
// push.*--force: alias.*, credential.*.helper and .* are globs), or a group
// of alternatives.
func commandRegexLike(src string) bool {
	t := strings.TrimSpace(src)
	if strings.HasPrefix(t, "^") || strings.HasSuffix(t, "$") {
		return true
	}
	for _, sign := range []string{`\s`, `\d`, `\w`, `\b`, ".+", "]+", ")+"} {
		if strings.Contains(t, sign) {
			return true
		}
	}
	for _, w := range strings.Fields(t) {
		if strings.Contains(w, ".*") && (strings.HasPrefix(w, "-") || strings.Contains(w, ".*-")) {
			return true
		}
		// push.*main: ".*" between two letters is "anything" to a regular expression, and a
		// glob of one word ending in main to a command pattern (config.* is a glob).
		for i := strings.Index(w, ".*"); i >= 0; i = indexFrom(w, ".*", i+2) {
			if i > 0 && i+2 < len(w) && isAlnum(w[i-1]) && isAlnum(w[i+2]) {
				return true
			}
		}
	}
	open := strings.Index(t, "(")
	return open >= 0 && strings.Contains(t[open:], "|") && strings.Contains(t[open:], ")")
}

// indexFrom is strings.Index of sub in s at or after from, or -1.
func indexFrom(s, sub string, from int) int {
	if from > len(s) {
		return -1
	}
	if i := strings.Index(s[from:], sub); i >= 0 {
		return from + i
	}
	return -1
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// joinedCommands reports a command pattern written as a pipeline or a
// list (curl * | sh, make && make install): the first operator word, and
// the commands it joins, quoted, for the message; "" when there is none.
// Such a pattern matches no command: && is read as an argument, and a
// lone | as an empty alternative.
func joinedCommands(src string) (string, string) {
	op, words := "", strings.Fields(src)
	var parts, cur []string
	for _, w := range words {
		if slices.Contains([]string{"|", "||", "&&", ";", "|&", "&"}, w) {
			op = cmp.Or(op, w)
			parts, cur = append(parts, strconv.Quote(strings.Join(cur, " "))), nil
			continue
		}
		cur = append(cur, w)
	}
	if op == "" {
		return "", ""
	}
	parts = append(parts, strconv.Quote(strings.Join(cur, " ")))
	return op, strings.Join(slices.DeleteFunc(parts, func(p string) bool { return p == `""` }), ", ")
}

// caseBound is, for a prompt pattern that matches a lower-case letter in
// that case only and says no case flag ((?i), (?-i)), its first such
// word with a capital first letter ("password" gives "Password"), which
// the pattern passes; "" otherwise. A rule that stops prompts written so
// lets the same word through at the start of a sentence.
func caseBound(re *regexp.Regexp) string {
	if re == nil || strings.Contains(re.String(), "(?") {
		return ""
	}
	tree, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		return ""
	}
	var word string
	var walk func(*syntax.Regexp)
	walk = func(t *syntax.Regexp) {
		if word != "" {
			return
		}
		if t.Op == syntax.OpLiteral && t.Flags&syntax.FoldCase == 0 {
			for i, r := range t.Rune {
				if unicode.IsLower(r) && unicode.ToUpper(r) != r {
					end := i + 1
					for end < len(t.Rune) && unicode.IsLetter(t.Rune[end]) {
						end++
					}
					word = string(unicode.ToUpper(r)) + string(t.Rune[i+1:end])
					return
				}
			}
		}
		for _, sub := range t.Sub {
			walk(sub)
		}
	}
	walk(tree)
	return word
}

// spaceBound returns, for a pattern with a literal space between its
// words (ignore previous), a prompt that passes it (the space doubled,
// which the plain form does not fold) and the pattern with \s+ for each
// space outside a character class; "" when it has none. A space that a
// run beside it takes in (BEGIN .*KEY, ignore +previous) is no such space.
func spaceBound(re *regexp.Regexp) (string, string) {
	if re == nil {
		return "", ""
	}
	tree, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		return "", ""
	}
	var passes string
	var walk func(t, prev, next *syntax.Regexp)
	walk = func(t, prev, next *syntax.Regexp) {
		if passes != "" {
			return
		}
		switch t.Op {
		case syntax.OpLiteral:
			for i, r := range t.Rune {
				if r != ' ' || len(t.Rune) == 1 || i == 0 && takesSpace(prev) || i == len(t.Rune)-1 && takesSpace(next) {
					continue
				}
				passes = string(t.Rune[:i+1]) + string(t.Rune[i:])
				if t.Flags&syntax.FoldCase != 0 { // (?i) keeps its letters upper case
					passes = strings.ToLower(passes)
				}
				return
			}
		case syntax.OpConcat:
			for i, sub := range t.Sub {
				p, n := prev, next
				if i > 0 {
					p = t.Sub[i-1]
				}
				if i < len(t.Sub)-1 {
					n = t.Sub[i+1]
				}
				walk(sub, p, n)
			}
		case syntax.OpCapture, syntax.OpQuest, syntax.OpAlternate:
			for _, sub := range t.Sub {
				walk(sub, prev, next)
			}
		default:
			for _, sub := range t.Sub {
				walk(sub, nil, nil)
			}
		}
	}
	walk(tree, nil, nil)
	if passes == "" {
		return "", ""
	}
	var b strings.Builder
	class, escaped := false, false
	for _, c := range re.String() {
		switch {
		case escaped:
			escaped = false
		case c == '\\':
			escaped = true
		case c == '[':
			class = true
		case c == ']':
			class = false
		case c == ' ' && !class:
			b.WriteString(`\s+`)
			continue
		}
		b.WriteRune(c)
	}
	if _, err := regexp.Compile(b.String()); err != nil { // a {2} is a\s+{2}
		return "", ""
	}
	return passes, b.String()
}

// takesSpace reports whether t matches any run of spaces: x* or x+ of
// any character, or of a class or literal that holds a space.
func takesSpace(t *syntax.Regexp) bool {
	if t == nil || (t.Op != syntax.OpStar && t.Op != syntax.OpPlus) {
		return false
	}
	sub := t.Sub[0]
	switch sub.Op {
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return true
	case syntax.OpLiteral:
		return len(sub.Rune) == 1 && sub.Rune[0] == ' '
	case syntax.OpCharClass:
		for i := 0; i+1 < len(sub.Rune); i += 2 {
			if sub.Rune[i] <= ' ' && ' ' <= sub.Rune[i+1] {
				return true
			}
		}
	}
	return false
}
