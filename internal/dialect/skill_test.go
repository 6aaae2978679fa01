package dialect

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// Claude Code 2.1.197 runs a skill's !`command` when the skill runs, with
// no PreToolUse hook of its own: the Skill call is read as a shell call
// with the commands of every file the skill's name may stand for, in the
// working directory and above it, $ARGUMENTS replaced by the call's args.
// A skill without commands, or one hookrun cannot find, stays
// claude-code/Skill.
func TestSkillCallRunsItsCommands(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "sub")
	for name, body := range map[string]string{
		".claude/commands/ci/deploy.md":         "---\ndescription: Deploy.\n---\nState: !`git status`\n```!\nrm -rf $ARGUMENTS\n```\n",
		"sub/.claude/skills/ci/deploy/SKILL.md": "---\nname: deploy\n---\n!`make deploy`\n",
		".claude/skills/notes/SKILL.md":         "---\ndescription: runs !`rm -rf x` in its frontmatter only\n---\nNotes.\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		cwd, input, ability, command string
	}{
		{sub, `{"skill":"ci:deploy","args":".system/hooks"}`, Shell, "make deploy\nrm -rf .system/hooks\ngit status"},
		{root, `{"skill":"ci:deploy"}`, Shell, "rm -rf \ngit status"},
		{root, `{"skill":"notes"}`, "claude-code/Skill", ""},
		{root, `{"skill":"missing"}`, "claude-code/Skill", ""},
		{root, `{"skill":"../../etc/x"}`, "claude-code/Skill", ""},
		{"", `{"skill":"ci:deploy"}`, "claude-code/Skill", ""},
	} {
		cwd, _ := json.Marshal(tt.cwd)
		c, err := Read(ClaudeCode, []byte(`{"hook_event_name":"PreToolUse","session_id":"s","cwd":`+string(cwd)+`,"tool_name":"Skill","tool_input":`+tt.input+`}`))
		if err != nil {
			t.Fatal(err)
		}
		if c.Tool.Ability != tt.ability || c.Tool.Command != tt.command {
			t.Errorf("Skill %s in %s: ability %q command %q, want %q %q", tt.input, tt.cwd, c.Tool.Ability, c.Tool.Command, tt.ability, tt.command)
		}
	}
}
