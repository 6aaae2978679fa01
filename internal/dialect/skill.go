package dialect

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"

	"github.com/hookrun/hookrun/internal/safefile"
)

// SplitFrontmatter splits a Markdown file into its frontmatter and the
// rest, as Claude Code 2.1.197 finds them: the file starts with ---, and
// the frontmatter runs from the next line to the first --- after it,
// anywhere (the rest starts after that line's end); ok is false when there
// is none.
func SplitFrontmatter(data []byte) (front, content []byte, ok bool) {
	rest, ok := bytes.CutPrefix(data, []byte("---"))
	if !ok {
		return nil, data, false
	}
	// JavaScript's \s: Unicode's white space and the byte order mark.
	isSpace := func(r rune) bool { return unicode.IsSpace(r) || r == '\uFEFF' }
	ws := rest[:len(rest)-len(bytes.TrimLeftFunc(rest, isSpace))]
	nl := bytes.LastIndexByte(ws, '\n')
	if nl < 0 {
		return nil, data, false
	}
	end := bytes.Index(rest[nl+1:], []byte("---"))
	if end < 0 {
		return nil, data, false
	}
	front = rest[nl+1 : nl+1+end]
	after := rest[nl+1+end+3:]
	// \s*\n? after the closing ---.
	trimmed := bytes.TrimLeftFunc(after, isSpace)
	if i := bytes.LastIndexByte(after[:len(after)-len(trimmed)], '\n'); i >= 0 {
		after = after[i+1:]
	}
	return front, after, true
}

// ShellCommands are the commands a skill's or command's Markdown runs in a
// shell when it runs (Claude Code 2.1.197: a ```! block, and !`command`
// after white space or at a line's start), in order.
func ShellCommands(content []byte) []string {
	var out []string
	for _, re := range []string{"(?s)```!\\s*\n?(.*?)\n?```", "(?m)(?:^|\\s)!`([^`]+)`"} {
		for _, m := range regexp.MustCompile(re).FindAllSubmatch(content, -1) {
			if c := strings.TrimSpace(string(m[1])); c != "" {
				out = append(out, c)
			}
		}
	}
	return out
}

// OpenCodeShellCommands are the shell commands an OpenCode command's
// Markdown runs, in its own shell, when a person runs the command: each
// !`command` of the template (the text after the frontmatter), found as
// OpenCode 1.18.33 finds them (/!`([^`]+)`/g, anywhere in the text),
// trimmed for the message; one of white space alone is left out. (Compiled
// here, not at start: hookrun's start runs no package's init work.)
func OpenCodeShellCommands(content []byte) []string {
	var out []string
	for _, m := range regexp.MustCompile("!`([^`]+)`").FindAllSubmatch(content, -1) {
		if c := strings.TrimSpace(string(m[1])); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// GeminiInjections are the shell commands a Gemini CLI custom command's
// prompt runs when a person runs the command, as 0.61.0's extractInjections
// finds them: each !{…} up to the brace that balances it, trimmed, empty
// ones left out. None when one is not closed: Gemini CLI then refuses the
// command and runs none.
func GeminiInjections(prompt string) []string {
	var out []string
	for rest := prompt; ; {
		i := strings.Index(rest, "!{")
		if i < 0 {
			return out
		}
		rest = rest[i+2:]
		depth, end := 1, -1
		for j := 0; j < len(rest) && end < 0; j++ {
			switch rest[j] {
			case '{':
				depth++
			case '}':
				if depth--; depth == 0 {
					end = j
				}
			}
		}
		if end < 0 {
			return nil
		}
		if c := strings.TrimSpace(rest[:end]); c != "" {
			out = append(out, c)
		}
		rest = rest[end+1:]
	}
}

// maxSkillLevels bounds the directories above the working directory
// whose .claude a Skill call's skill is looked for in.
const maxSkillLevels = 64

// readSkill makes a Claude Code Skill call whose skill runs shell commands
// a shell call with those commands: Claude Code runs a skill's !`command`
// when the skill runs, through its permission rules but no PreToolUse hook
// (docs/agents/claude-code.md), so this call is the guards' one chance to
// see them. The skill is every .claude/skills/NAME/SKILL.md and
// .claude/commands/NAME.md (a:b is a/b) in the working directory and above
// it; the call's args stand for $ARGUMENTS, as Claude Code substitutes them.
func (c *Call) readSkill() {
	var in struct {
		Skill string `json:"skill"`
		Args  string `json:"args"`
	}
	if json.Unmarshal(c.Tool.Input, &in) != nil || in.Skill == "" || !filepath.IsAbs(c.CWD) {
		return
	}
	rel := filepath.FromSlash(strings.ReplaceAll(in.Skill, ":", "/"))
	if strings.Contains("/"+filepath.ToSlash(rel)+"/", "/../") {
		return
	}
	var cmds []string
	dir := filepath.Clean(c.CWD)
	for range maxSkillLevels {
		for _, f := range []string{filepath.Join(dir, ".claude", "skills", rel, "SKILL.md"), filepath.Join(dir, ".claude", "commands", rel+".md")} {
			data, err := safefile.ReadFile(f, 16<<20)
			if err != nil {
				continue
			}
			_, content, _ := SplitFrontmatter(data)
			for _, cmd := range ShellCommands(content) {
				cmds = append(cmds, strings.ReplaceAll(cmd, "$ARGUMENTS", in.Args))
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	if len(cmds) > 0 {
		c.Tool.Ability = Shell
		c.Tool.Command = strings.Join(cmds, "\n")
		c.Tool.Summary = capLine(c.Tool.Command)
	}
}
