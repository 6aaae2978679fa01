package settings

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/ojson"
)

// Every file install writes, with any --hookrun, --timeout and hooks directory, passes; an entry
// that runs hookrun otherwise (a redirect, an env prefix, "|| true", an added field such as
// Claude Code's async, a second entry, another hooks directory, a changed plugin) is named, with
// the entry's place in the file.
func TestUnroutedEntries(t *testing.T) {
	variants := []Options{
		{Timeout: 2 * time.Minute},
		{Timeout: 1500 * time.Millisecond, Hookrun: "node_modules/.bin/hookrun"},
		{Timeout: time.Hour, Hookrun: "/opt/it's here/hookrun"},
		{Timeout: time.Minute, HooksDir: "ci/hooks dir"},
		{Timeout: time.Minute, HooksDir: "ci/hooks", Hookrun: "bin/hookrun"},
	}
	for _, d := range dialect.Agents {
		a := agent(t, d.Name)
		for _, o := range variants {
			root := t.TempDir()
			o.Root = root
			if _, err := Install(a, root, o, false); err != nil {
				t.Fatal(err)
			}
			if got := a.Unrouted(root, o.HooksDir); len(got) > 0 {
				t.Errorf("%s as installed with %+v: %q", d.Name, o, got)
			}
			if got := a.Unrouted(root, "elsewhere"); len(got) == 0 {
				t.Errorf("%s as installed with %+v, checked for the hooks in elsewhere: no problem", d.Name, o)
			}
		}
	}
	claude := agent(t, dialect.ClaudeCode)
	cmd := claude.Command(opts, "PreToolUse")
	entry := func(h string) string {
		return `{"hooks": {"PreToolUse": [{"hooks": [` + h + `]}]}}`
	}
	quoted := func(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }
	differs := ".claude/settings.json:1:38: hooks.PreToolUse[0].hooks[0]: this entry runs hookrun, but not as hookrun install claude-code writes it: "
	rewrites := "; the agent takes whatever it answers, which need not be the hooks' decision, so hookrun install claude-code rewrites it"
	twice := entry(`{"type": "command", "command": ` + quoted(cmd) + `, "timeout": 120}, {"type": "command", "command": ` + quoted(cmd) + `, "timeout": 120}`)
	tests := []struct {
		file, want string
	}{
		{entry(`{"type": "command", "command": ` + quoted(cmd) + `, "timeout": 120}`), ""},
		{entry(`{"timeout": 5, "command": ` + quoted(cmd) + `, "type": "command"}`), ""},
		{entry(`{"type": "command", "command": ` + quoted(cmd+" >/dev/null") + `, "timeout": 120}`), differs + "its command is not the one install writes" + rewrites},
		{entry(`{"type": "command", "command": "HOOKRUN_HOOKS_DIR=x hookrun emit --dialect claude-code", "timeout": 120}`), differs + "its command is not the one install writes" + rewrites},
		{entry(`{"type": "command", "command": "hookrun emit --dialect claude-code || true", "timeout": 120}`), differs + "its command is not the one install writes" + rewrites},
		{entry(`{"type": "command", "command": "hookrun  emit  --dialect=codex", "timeout": 120}`), differs + "it runs hookrun emit --dialect codex, which reads payloads and writes answers as codex does, not as claude-code does" + strings.Replace(rewrites, "hookrun install claude-code rewrites it", "remove it; hookrun install claude-code writes the right one", 1)},
		// Under a matcher, even an empty one (every tool): the entry runs
		// for the calls the matcher names, and answers them wrongly.
		{`{"hooks": {"PreToolUse": [{"matcher": "", "hooks": [{"type": "command", "command": "hookrun emit --dialect gemini-cli", "timeout": 30}]}]}}`,
			".claude/settings.json:1:53: hooks.PreToolUse[0].hooks[0]: this entry runs hookrun, but not as hookrun install claude-code writes it: it runs hookrun emit --dialect gemini-cli, which reads payloads and writes answers as gemini-cli does, not as claude-code does" + strings.Replace(rewrites, "hookrun install claude-code rewrites it", "remove it; hookrun install claude-code writes the right one", 1)},
		{`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./lint.sh"}, {"type": "command", "command": "/usr/bin/hookrun emit --dialect=\"cursor\"", "timeout": 30}]}]}}`,
			".claude/settings.json:1:102: hooks.PreToolUse[0].hooks[1]: this entry runs hookrun, but not as hookrun install claude-code writes it: it runs hookrun emit --dialect cursor, which reads payloads and writes answers as cursor does, not as claude-code does" + strings.Replace(rewrites, "hookrun install claude-code rewrites it", "remove it; hookrun install claude-code writes the right one", 1)},
		{entry(`{"type": "command", "command": "hookrun emit --dialect='claude-code'; true", "timeout": 120}`), differs + "its command is not the one install writes" + rewrites},
		{entry(`{"type": "command", "command": ` + quoted(cmd) + `, "timeout": 120, "async": true}`), differs + `it has "async", which install does not write` + rewrites},
		{entry(`{"type": "command", "command": ` + quoted(cmd) + `}`), differs + "its timeout is not a positive whole number" + rewrites},
		{entry(`{"type": "prompt", "command": ` + quoted(cmd) + `, "timeout": 120}`), differs + `its type is "prompt", not "command"` + rewrites},
		{twice, fmt.Sprintf(".claude/settings.json:1:%d: hooks.PreToolUse[0].hooks[1]: this entry runs hookrun, but not as hookrun install claude-code writes it: it runs hookrun a second time for PreToolUse; install keeps one entry", strings.LastIndex(twice, `{"type"`)+1) + rewrites},
		{entry(`{"type": "command", "command": ` + quoted(strings.Replace(cmd, "emit --dialect", "emit --hooks-dir docs --dialect", 1)) + `, "timeout": 120}`), differs + "its command is not the one install writes" + rewrites},
		{entry(`{"type": "command", "command": "./lint.sh", "timeout": 1, "async": true}`), ""},
	}
	for _, tt := range tests {
		root := t.TempDir()
		writeFile(t, filepath.Join(root, ".claude/settings.json"), tt.file)
		got := ""
		for _, p := range claude.Unrouted(root, "") {
			got += p.String()
		}
		if got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.file, got, tt.want)
		}
	}

	oc := agent(t, dialect.OpenCode)
	root := t.TempDir()
	if _, err := Install(oc, root, opts, false); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(root, oc.File)
	data, _ := os.ReadFile(path)
	writeFile(t, path, strings.Replace(string(data), "const TIMEOUT_MS = 120000", "const TIMEOUT_MS = 120000; throw 0", 1))
	if got := oc.Unrouted(root, ""); len(got) != 1 || !strings.Contains(got[0].String(), ".opencode/plugins/hookrun.js: is not the plugin hookrun install opencode writes") {
		t.Errorf("a changed plugin: %q", got)
	}
}

// install leaves one hookrun entry per event, as it writes it: a second one, or one a repository
// changed (however it spells the dialect), is rewritten or removed and reported as updated.
func TestMergeKeepsOneEntry(t *testing.T) {
	claude := agent(t, dialect.ClaudeCode)
	cmd := claude.Command(opts, "PreToolUse")
	want, err := Merge(claude, nil, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range []string{
		`{"type": "command", "command": "hookrun emit --dialect=claude-code || true", "timeout": 120}`,
		`{"type": "command", "command": "/usr/bin/hookrun emit --dialect 'claude-code' >/dev/null", "timeout": 120}, {"type": "command", "command": ` + strconvQuote(cmd) + `, "timeout": 120}`,
	} {
		file := strings.Replace(string(want.Data), `"PreToolUse": [`, `"PreToolUse": [{"hooks": [`+h+`]},`, 1)
		got, err := Merge(claude, []byte(file), opts)
		if err != nil {
			t.Fatal(err)
		}
		if string(got.Data) != string(want.Data) || got.Summary() != "updated PreToolUse" {
			t.Errorf("%s: %s\n%s", h, got.Summary(), got.Data)
		}
	}
}

func strconvQuote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

func writeFile(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// OpenCode runs its project plugins in name order on the same arguments: a plugin named after
// hookrun.js can change a call after hookrun's answered, and is an error; one before it, or in
// .opencode/plugin, is still code OpenCode runs as it starts, with no hook: a warning.
func TestUnroutedOtherPlugins(t *testing.T) {
	oc := agent(t, dialect.OpenCode)
	root := t.TempDir()
	if _, err := Install(oc, root, opts, false); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"plugins/format.js", "plugins/zz.ts", "plugins/notes.md", "plugins/~x.js", "plugin/a.js", "plugin/z.ts", "plugin/README"} {
		writeFile(t, filepath.Join(root, ".opencode", name), "export default async () => ({})")
	}
	var got []string
	for _, p := range oc.Unrouted(root, "") {
		got = append(got, fmt.Sprintf("%s:%v", p.File, p.Warning))
	}
	if want := ".opencode/plugin/a.js:true .opencode/plugin/z.ts:true .opencode/plugins/format.js:true .opencode/plugins/zz.ts:false .opencode/plugins/~x.js:false"; strings.Join(got, " ") != want {
		t.Errorf("got %q, want %s", got, want)
	}
}

// Copilot CLI runs the files in .github/hooks in reverse name order, then the hooks in the
// repository's .claude and .github/copilot settings, each on the call the one before answered
// with (modifiedArgs, modifiedPrompt); Claude Code runs a tool's hooks side by side and takes an
// updatedInput from any. A hook that can change a call after hookrun's entry let it through is
// named, with where it stands; one that runs first, one on another event, and hookrun's own
// entries are not.
func copilotDirsWhy(file, key string) string {
	return "copilot runs this hook after hookrun's (" + file + "'s " + key + " names its directory), and the call it answers with (modifiedArgs, or a prompt's modifiedPrompt) is not the one hookrun checked; if you trust it, move it to a file in .github/hooks named to sort after hookrun.json, so that it runs first and hookrun checks what it changes"
}

// An entry after hookrun's in Copilot CLI's own list runs after it (1.0.102 runs an event's
// entries in list order, and a file's camelCase lists before its PascalCase ones): only those are
// named.
func TestUnroutedLaterInHookrunsOwnFile(t *testing.T) {
	root := t.TempDir()
	a := agent(t, dialect.Copilot)
	if _, err := Install(a, root, opts, false); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(root, a.File)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ojson.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	entry := func() *ojson.Node {
		n, err := ojson.Parse([]byte(`{"type": "command", "bash": "./rewrite.sh", "timeoutSec": 5}`))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	hooks := doc.Get("hooks")
	hooks.Get("PreToolUse").Append(entry())
	hooks.Get("PostToolUse").Append(entry())
	pre := hooks.Get("UserPromptSubmit")
	ours := pre.Items()[0]
	pre.DeleteItems(func(*ojson.Node) bool { return true })
	pre.Append(entry())
	pre.Append(ours)
	pre.Append(entry())
	hooks.Set("preToolUse", ojson.Array(entry()))
	writeFile(t, path, string(doc.Encode()))
	var got []string
	for _, p := range a.Unrouted(root, "") {
		got = append(got, p.String())
	}
	why := "copilot runs this entry after hookrun's (an event's entries run in list order), and the call it answers with (modifiedArgs, or a prompt's modifiedPrompt) is not the one hookrun checked; if you trust it, move it before hookrun's entry, so that hookrun checks what it changes"
	want := []string{
		".github/hooks/hookrun.json:15:7: hooks.UserPromptSubmit[2]: " + why,
		".github/hooks/hookrun.json:27:7: hooks.PreToolUse[1]: " + why,
		// Those before it change nothing hookrun checks, but run with no guard (repoHooks).
		`.github/hooks/hookrun.json:5:7: hooks.UserPromptSubmit[0] runs "./rewrite.sh": ` + fmt.Sprintf(a.Hooks[0].Why, "UserPromptSubmit"),
		`.github/hooks/hookrun.json:39:7: hooks.PostToolUse[1] runs "./rewrite.sh": ` + fmt.Sprintf(a.Hooks[0].Why, "PostToolUse"),
		`.github/hooks/hookrun.json:60:7: hooks.preToolUse[0] runs "./rewrite.sh": ` + fmt.Sprintf(a.Hooks[0].Why, "preToolUse"),
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestUnroutedLaterHooks(t *testing.T) {
	copilotWhy := "copilot runs this hook after hookrun's (it runs the files in .github/hooks in reverse name order), and the call it answers with (modifiedArgs, or a prompt's modifiedPrompt) is not the one hookrun checked; if you trust it, rename the file to sort after hookrun.json, so that it runs first and hookrun checks what it changes"
	copilotSettingsWhy := "copilot runs this hook after those in .github/hooks, hookrun's included, and the call it answers with (modifiedArgs, or a prompt's modifiedPrompt) is not the one hookrun checked; if you trust it, move it to a file in .github/hooks named to sort after hookrun.json, so that it runs first and hookrun checks what it changes"
	claudeWhy := "claude-code runs this hook beside hookrun's, on the same call, and runs the call with the updatedInput it answers, which hookrun never checked; if it only guards, declare it in .system/hooks instead, or else remove it"
	claudeFrontmatterWhy := "claude-code runs the hooks this file declares once its skill, command or subagent runs, beside hookrun's, on every later call of the session, and runs a call with the updatedInput one answers (or, from PermissionRequest, without the person hookrun asked for), which hookrun never checked; if it only guards, declare it in .system/hooks instead, or else remove it"
	claudeSkillShellWhy := "claude-code runs these shell commands when the skill or command runs, without its PreToolUse hooks: from 2.1.332 hookrun's PreSkillShellCommand entry checks each first, but an older Claude Code runs them through its permission rules and the skill's own allowed-tools alone, and hookrun's guards see them only when the model runs the skill (its Skill call), not when a person types its slash command; if they only read, keep them, else update Claude Code, leave the commands to the model, or remove them"
	geminiCommandShellWhy := "gemini-cli runs these shell commands when a person runs this custom command (its slash command), through its policy (with no question under --yolo) but without its BeforeTool hooks, so hookrun's guards never see them; if they only read, keep them, else remove them"
	openCodeCommandShellWhy := "opencode runs these shell commands when a person runs this command (its slash command, or opencode run --command), in its own shell as it reads the command, before any tool call, so hookrun's plugin never sees them (a plugin's command.execute.before comes after they ran); if they only read, keep them, else remove them"
	claudePluginWhy := func(id string) string {
		return "claude-code runs this hook of the plugin " + id + ", which the repository's settings enable from a plugin marketplace in the repository itself, and installs with no question once the folder is trusted, beside hookrun's, on the same call, and runs the call with the updatedInput it answers, which hookrun never checked; remove the plugin from enabledPlugins, or if it only guards, declare it in .system/hooks instead"
	}
	codexWhy := "codex runs this hook beside hookrun's, on the same call, and runs the call with the updatedInput it answers with an allow, which hookrun never checked; if it only guards, declare it in .system/hooks instead, or else remove it"
	entry := `{"type": "command", "bash": "./rewrite.sh", "timeoutSec": 5}`
	// Any other hook of the agent's hook files runs with no guard
	// (repoHooks): a warning, on each event.
	repoHook := func(n dialect.Name, ev string) string { return fmt.Sprintf(agent(t, n).Hooks[0].Why, ev) }
	tests := []struct {
		agent dialect.Name
		files map[string]string
		want  []string
	}{
		{dialect.Copilot, map[string]string{
			".github/hooks/zz-first.json": `{"version": 1, "hooks": {"PreToolUse": [` + entry + `]}}`,
			".github/hooks/audit.json":    `{"version": 1, "hooks": {"PostToolUse": [` + entry + `], "Stop": [` + entry + `]}}`,
			".github/hooks/README.md":     `{"hooks": {"PreToolUse": [` + entry + `]}}`,
		}, []string{
			`.github/hooks/audit.json:1:42: hooks.PostToolUse[0] runs "./rewrite.sh": ` + repoHook(dialect.Copilot, "PostToolUse"),
			`.github/hooks/audit.json:1:114: hooks.Stop[0] runs "./rewrite.sh": ` + repoHook(dialect.Copilot, "Stop"),
			`.github/hooks/zz-first.json:1:41: hooks.PreToolUse[0] runs "./rewrite.sh": ` + repoHook(dialect.Copilot, "PreToolUse"),
		}},
		{dialect.Copilot, map[string]string{
			".github/hooks/guard.json":      `{"version": 1, "hooks": {"sessionStart": [` + entry + `], "preToolUse": [` + entry + `, ` + entry + `]}}`,
			".github/hooks/Z.json":          `{"version": 1, "hooks": {"UserPromptSubmit": [` + entry + `]}}`,
			".github/copilot/settings.json": `{"hooks": {"userPromptSubmitted": [` + entry + `]}}`,
			".claude/settings.local.json":   `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./rewrite.sh"}]}]}}`,
		}, []string{
			".github/hooks/Z.json:1:47: hooks.UserPromptSubmit[0]: " + copilotWhy,
			".github/hooks/guard.json:1:121: hooks.preToolUse[0]: " + copilotWhy,
			".github/hooks/guard.json:1:183: hooks.preToolUse[1]: " + copilotWhy,
			".claude/settings.local.json:1:57: hooks.PreToolUse[0].hooks[0]: " + copilotSettingsWhy,
			".github/copilot/settings.json:1:36: hooks.userPromptSubmitted[0]: " + copilotSettingsWhy,
			`.github/hooks/guard.json:1:43: hooks.sessionStart[0] runs "./rewrite.sh": ` + repoHook(dialect.Copilot, "sessionStart"),
		}},
		// Copilot CLI 1.0.102 (--trust-folder) runs the hooks of the directories a repository's
		// hookDirectories names, inside the project, after hookrun's.
		{dialect.Copilot, map[string]string{
			".github/copilot/settings.json":       `{"hookDirectories": ["ci/hooks", "/etc/hooks", "../elsewhere", "missing"]}`,
			".github/copilot/settings.local.json": `{"hook_directories": ["tools/./hooks"]}`,
			"ci/hooks/rewrite.json":               `{"version": 1, "hooks": {"PreToolUse": [` + entry + `], "PostToolUse": [` + entry + `]}}`,
			"ci/hooks/notes.md":                   `{"hooks": {"PreToolUse": [` + entry + `]}}`,
			"tools/hooks/prompt.json":             `{"version": 1, "hooks": {"userPromptSubmitted": [` + entry + `]}}`,
		}, []string{
			"ci/hooks/rewrite.json:1:41: hooks.PreToolUse[0]: " + copilotDirsWhy(".github/copilot/settings.json", "hookDirectories"),
			"tools/hooks/prompt.json:1:50: hooks.userPromptSubmitted[0]: " + copilotDirsWhy(".github/copilot/settings.local.json", "hook_directories"),
		}},
		{dialect.GeminiCLI, map[string]string{
			".gemini/settings.json": `{"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"type": "command", "name": "rewriter", "command": "./rewrite.sh"}]}], "AfterTool": [{"hooks": [{"type": "command", "command": "./log.sh"}]}]}}`,
		}, []string{
			".gemini/settings.json:7:11: hooks.BeforeTool[0].hooks[0]: gemini-cli runs this hook beside hookrun's, on the same call, and runs the call with the tool_input it answers, which hookrun never checked; if it only guards, declare it in .system/hooks instead, or else remove it",
			`.gemini/settings.json:29:11: hooks.AfterTool[0].hooks[0] runs "./log.sh": ` + repoHook(dialect.GeminiCLI, "AfterTool"),
		}},
		{dialect.Codex, map[string]string{
			".codex/hooks.json":     `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./rewrite.sh"}]}], "PostToolUse": [{"hooks": [{"type": "command", "command": "./log.sh"}]}]}}`,
			".codex/config.toml":    "[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./rewrite.sh\"\n",
			"sub/.codex/hooks.json": `{"hooks": {"PermissionRequest": [{"hooks": [{"type": "command", "command": "./approve.sh"}]}]}}`,
		}, []string{
			".codex/hooks.json:7:11: hooks.PreToolUse[0].hooks[0]: " + codexWhy,
			"sub/.codex/hooks.json:1:45: hooks.PermissionRequest[0].hooks[0]: " + codexWhy,
			".codex/config.toml:3:20: hooks.PreToolUse[0].hooks[0]: " + codexWhy,
			`.codex/hooks.json:26:11: hooks.PostToolUse[0].hooks[0] runs "./log.sh": ` + repoHook(dialect.Codex, "PostToolUse"),
		}},
		{dialect.ClaudeCode, map[string]string{
			".claude/settings.json":       `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./rewrite.sh"}]}]}}`,
			".claude/settings.local.json": `{"hooks": {"PermissionRequest": [{"hooks": [{"type": "http", "url": "http://127.0.0.1:9/"}]}], "PostToolUse": [{"hooks": [{"type": "command", "command": "./fmt.sh"}]}]}}`,
		}, []string{
			".claude/settings.json:7:11: hooks.PreToolUse[0].hooks[0]: " + claudeWhy,
			".claude/settings.local.json:1:45: hooks.PermissionRequest[0].hooks[0]: " + claudeWhy,
			`.claude/settings.local.json:1:123: hooks.PostToolUse[0].hooks[0] runs "./fmt.sh": ` + repoHook(dialect.ClaudeCode, "PostToolUse"),
		}},
		// Claude Code 2.1.197 registers the hooks of a skill's, a command's
		// or a subagent's frontmatter when it runs, beside the settings
		// files' (agents suite: TestBypasses skill_hooks).
		{dialect.ClaudeCode, map[string]string{
			".claude/skills/plan/SKILL.md":   "---\nname: plan\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          command: ./rewrite.sh\n---\nPlan.\n",
			".claude/skills/notes/SKILL.md":  "---\nname: notes\ndescription: no hooks here\n---\nhooks:\n  PreToolUse: []\n",
			".claude/commands/ci/deploy.md":  "---\r\nhooks:\r\n  PostToolUse:\r\n    - hooks: [{type: command, command: ./log.sh}]\r\n  PermissionRequest:\r\n    - hooks: [{type: command, command: ./approve.sh}]\r\n---\r\n",
			".claude/agents/helper.md":       "---\nname: helper\nhooks:\n\tPreToolUse:\n\t\t- hooks: [{type: command, command: ./rewrite.sh}]\n---\nHelp.\n",
			"pkg/.claude/agents/broken.md":   "---\nhooks: {PreToolUse: [\n---\n",
			".claude/commands/open.md":       "---\nhooks: {PreToolUse: [{hooks: [{type: command, command: ./rewrite.sh}]}]}\n",
			".claude/commands/dashes.md":     "----\nhooks: {PreToolUse: [{hooks: [{type: command, command: ./rewrite.sh}]}]}\n---\n",
			".claude/commands/nbsp.md":       "---\u00a0\nhooks: {PreToolUse: [{hooks: [{type: command, command: ./rewrite.sh}]}]}\n---\n",
			"pkg/.claude/skills/x/README.md": "---\nhooks: {PreToolUse: [{hooks: [{type: command, command: ./rewrite.sh}]}]}\n---\n",
		}, []string{
			".claude/agents/helper.md: frontmatter hooks.PreToolUse[0].hooks[0]: " + claudeFrontmatterWhy,
			".claude/commands/ci/deploy.md: frontmatter hooks.PermissionRequest[0].hooks[0]: " + claudeFrontmatterWhy,
			".claude/commands/nbsp.md: frontmatter hooks.PreToolUse[0].hooks[0]: " + claudeFrontmatterWhy,
			".claude/skills/plan/SKILL.md: frontmatter hooks.PreToolUse[0].hooks[0]: " + claudeFrontmatterWhy,
			"pkg/.claude/agents/broken.md: frontmatter: hookrun cannot read it (yaml: line 1: did not find expected node content), and it names hooks: " + claudeFrontmatterWhy,
		}},
		// Claude Code 2.1.197 runs a skill's or command's !`command` and ```!
		// blocks when it runs, without PreToolUse hooks (agents suite:
		// TestBypasses skill_shell): named, as a warning.
		{dialect.ClaudeCode, map[string]string{
			".claude/commands/plan.md":       "---\ndescription: Plan.\n---\nStatus: !`git status`\n```!\nnpm test\n```\n",
			".claude/skills/many/SKILL.md":   "---\nname: many\n---\n!`a`\n!`b` !`c`\n- !`d`\nx!`not-run`\n",
			".claude/skills/quiet/SKILL.md":  "---\ndescription: runs !`rm -rf x` only in its frontmatter\n---\nNo commands.\n",
			".claude/agents/helper.md":       "---\nname: helper\n---\n!`touch x`\n",
			"sub/.claude/commands/deploy.md": "Deploy: !`make deploy`\n",
		}, []string{
			".claude/commands/plan.md: runs \"npm test\", \"git status\": " + claudeSkillShellWhy,
			".claude/skills/many/SKILL.md: runs \"a\", \"b\", \"c\" and 1 more: " + claudeSkillShellWhy,
			"sub/.claude/commands/deploy.md: runs \"make deploy\": " + claudeSkillShellWhy,
		}},
		// Claude Code 2.1.332 installs, with no question once the folder is
		// trusted, the plugins a project's settings enable from a
		// marketplace in the repository (a directory or file source inside
		// it), and runs their hooks (measured by the agents suite's
		// TestClaudeRepoPluginHooksRun): their rewriting hooks are named,
		// wherever the plugin keeps them. A disabled plugin, a marketplace
		// outside the project and one from elsewhere are not read.
		{dialect.ClaudeCode, map[string]string{
			".claude/settings.local.json": `{"extraKnownMarketplaces": {"repo": {"source": {"source": "directory", "path": "./market"}}, "out": {"source": {"source": "directory", "path": "../market"}},` +
				` "gh": {"source": {"source": "github", "repo": "x/y"}}, "f": {"source": {"source": "file", "path": "tools/m.json"}}},` +
				` "enabledPlugins": {"p@repo": true, "off@repo": false, "p@out": true, "p@gh": true, "q@f": true, "r@repo": true}}`,
			"market/.claude-plugin/marketplace.json": `{"name": "repo", "owner": {"name": "x"}, "plugins": [{"name": "p", "source": "./plugins/p"}, {"name": "off", "source": "./plugins/p"},` +
				` {"name": "r", "source": "./plugins/r", "strict": false, "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./x.sh"}]}]}}]}`,
			"market/plugins/p/hooks/hooks.json":           `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "./s.sh"}]}], "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./rewrite.sh"}]}]}}`,
			"market/plugins/p/.claude-plugin/plugin.json": `{"name": "p", "hooks": "./more/hooks.json"}`,
			"market/plugins/p/more/hooks.json":            `{"hooks": {"PermissionRequest": [{"hooks": [{"type": "command", "command": "./allow.sh"}]}]}}`,
			"market/plugins/r/.claude-plugin/plugin.json": `{"name": "r", "hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "./y.sh"}]}]}}`,
			"tools/m.json":       `{"name": "f", "plugins": [{"name": "q", "source": "../q"}]}`,
			"q/hooks/hooks.json": `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "./q.sh"}]}]}}`,
		}, []string{
			"market/plugins/p/hooks/hooks.json:1:130: hooks.PreToolUse[0].hooks[0]: " + claudePluginWhy("p@repo"),
			"market/plugins/p/more/hooks.json:1:45: hooks.PermissionRequest[0].hooks[0]: " + claudePluginWhy("p@repo"),
			"q/hooks/hooks.json:1:38: hooks.PreToolUse[0].hooks[0]: " + claudePluginWhy("q@f"),
			"market/.claude-plugin/marketplace.json:1:247: plugins[2].hooks.PreToolUse[0].hooks[0]: " + claudePluginWhy("r@repo"),
			"market/plugins/r/.claude-plugin/plugin.json:1:51: hooks.PreToolUse[0].hooks[0]: " + claudePluginWhy("r@repo"),
		}},
		// Gemini CLI 0.61.0 runs a custom command's !{command} when a person
		// runs it, through its policy but no BeforeTool hook (agents suite:
		// TestBypasses gemini-cli/command_shell): named, as a warning.
		{dialect.GeminiCLI, map[string]string{
			".gemini/commands/plan.toml":      "description = \"Plan.\"\nprompt = \"\"\"\nStatus: !{git status}\nRun !{ touch {a,b}.txt } now.\n\"\"\"\n",
			".gemini/commands/ci/deploy.toml": "prompt = 'Deploy {{args}}: !{make deploy {{args}}}'\n",
			".gemini/commands/quiet.toml":     "description = \"runs !{rm -rf x}\"\nprompt = \"No commands.\"\n",
			".gemini/commands/empty.toml":     "prompt = \"!{ } and !{unclosed\"\n",
			".gemini/commands/broken.toml":    "prompt = \"!{rm -rf x}\n",
			".gemini/commands/notes.md":       "!{touch x}\n",
			"sub/.gemini/commands/x.toml":     "prompt = \"!{touch x}\"\n",
		}, []string{
			".gemini/commands/broken.toml:1:22: hookrun cannot read it as TOML (basic strings cannot have new lines at line 1, column 22), and it holds !{: " + geminiCommandShellWhy,
			".gemini/commands/ci/deploy.toml: runs \"make deploy {{args}}\": " + geminiCommandShellWhy,
			".gemini/commands/plan.toml: runs \"git status\", \"touch {a,b}.txt\": " + geminiCommandShellWhy,
			"sub/.gemini/commands/x.toml: runs \"touch x\": " + geminiCommandShellWhy,
		}},
		// OpenCode 1.18.33 runs a command's !`command` (anywhere in its
		// template, after the frontmatter) in its own shell when a person runs
		// the command, with no tool.execute.before (agents suite: TestBypasses
		// opencode/command_shell): named, as a warning.
		{dialect.OpenCode, map[string]string{
			".opencode/commands/plan.md":     "---\ndescription: runs !`rm -rf x` only in its frontmatter\n---\nStatus:!`git status`\nRun !` touch a.txt ` now.\n```!\nnot run\n```\n",
			".opencode/command/ci/deploy.md": "Deploy $ARGUMENTS: !`make deploy $1`\n",
			".opencode/commands/quiet.md":    "No commands, only `code` and ! marks.\n",
			".opencode/agent/helper.md":      "!`touch x`\n",
			"sub/.opencode/commands/x.md":    "!`touch x`\n",
			"docs/commands/readme.md":        "!`touch x`\n",
		}, []string{
			".opencode/command/ci/deploy.md: runs \"make deploy $1\": " + openCodeCommandShellWhy,
			".opencode/commands/plan.md: runs \"git status\", \"touch a.txt\": " + openCodeCommandShellWhy,
			"sub/.opencode/commands/x.md: runs \"touch x\": " + openCodeCommandShellWhy,
		}},
	}
	for _, tt := range tests {
		root := t.TempDir()
		a := agent(t, tt.agent)
		for name, body := range tt.files {
			writeFile(t, filepath.Join(root, name), body)
		}
		if _, err := Install(a, root, opts, false); err != nil {
			t.Fatal(err)
		}
		// install claude-code beside copilot: Copilot CLI runs hookrun's claude-code entry
		// too, and it is not named.
		if tt.agent == dialect.Copilot {
			if _, err := Install(agent(t, dialect.ClaudeCode), root, opts, false); err != nil {
				t.Fatal(err)
			}
		}
		var got []string
		for _, p := range a.Unrouted(root, "") {
			got = append(got, p.String())
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s with %v:\n got %q\nwant %q", tt.agent, tt.files, got, tt.want)
		}
	}
}
