package agents

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// GitHub Copilot CLI runs its model through a custom provider (BYOK:
// COPILOT_PROVIDER_BASE_URL, OpenAI Chat Completions, the mock's
// /v1/chat/completions), which needs no GitHub sign-in. It prints a blocked
// prompt's reason on stderr, and a shell command's exit status reaches the
// post-call hook only in the tool's text (hookrun reads it there).
func init() {
	a := &agent{toolContext: true, failedShell: "failure", unaskedModes: [][]string{{"--yolo"}}}
	a.prepare = func(t *testing.T, home, project, modelURL, prompt string) (env, args []string) {
		return prepareCopilot(t, a, home, modelURL, prompt)
	}
	agents["copilot"] = a
}

func prepareCopilot(t *testing.T, a *agent, home, modelURL, prompt string) (env, args []string) {
	env = []string{
		"COPILOT_HOME=" + filepath.Join(home, ".copilot"),
		"COPILOT_PKG_CACHE_HOME=" + copilotPackages(t, a),
		"COPILOT_PROVIDER_BASE_URL=" + modelURL + "/v1",
		"COPILOT_PROVIDER_API_KEY=mock-key",
		"COPILOT_MODEL=gpt-4.1",
		// No GitHub sign-in, telemetry, update check or web tool.
		"COPILOT_OFFLINE=true",
		"COPILOT_AUTO_UPDATE=false",
		// In -p mode a repository's hooks load only in a trusted folder
		// or with this opt-in.
		"GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true",
	}
	args = []string{"-p", prompt, "--allow-tool", "shell", "--no-ask-user", "--no-color"}
	return env, args
}

var copilotUnpack struct {
	sync.Once
	err error
	out []byte
}

// copilotPackages is where Copilot CLI unpacks the JavaScript its
// executable carries (235 MB, a minute's work), shared by the sessions and
// kept beside the install: once, before the first session, not in each
// session's home.
func copilotPackages(t *testing.T, a *agent) string {
	dir := filepath.Join(cacheDir, a.dialect+"-"+a.version, "unpacked")
	copilotUnpack.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, a.bin())
		cmd.Env = append(os.Environ(), "COPILOT_SEA_EXTRACT_ONLY=1", "COPILOT_PKG_CACHE_HOME="+dir)
		copilotUnpack.out, copilotUnpack.err = cmd.CombinedOutput()
	})
	if copilotUnpack.err != nil {
		t.Fatalf("unpacking %s %s into %s: %v\n%s", a.pkg, a.version, dir, copilotUnpack.err, copilotUnpack.out)
	}
	return dir
}

// Copilot CLI lets a prompt through when its hook exits non-zero, so the
// command hookrun install writes answers the block itself when hookrun is
// missing: the prompt never reaches the model, and the person reads why.
func TestCopilotWithoutHookrun(t *testing.T) {
	var a *agent
	for _, p := range suite(t) {
		if p.dialect == "copilot" {
			a = p
		}
	}
	if a == nil {
		t.Skip("copilot is not in scripts/agents/versions")
	}
	path := os.Getenv("PATH")
	if found, err := exec.LookPath("hookrun"); err == nil {
		t.Skipf("hookrun is on PATH (%s): the session would find it", found)
	}
	without := *a
	without.prepare = func(t *testing.T, home, project, modelURL, prompt string) (env, args []string) {
		env, args = a.prepare(t, home, project, modelURL, prompt)
		// The last PATH wins: the session's, without hookrun's directory.
		return append(env, "PATH="+path), args
	}
	s := newSession(t, &without, nil, "touch unchecked.txt")
	s.Run("Create unchecked.txt.")
	if n := len(s.model.Requests()); n != 0 {
		t.Errorf("the model got %d requests, want none: the prompt went ahead without hookrun", n)
	}
	if s.exists("unchecked.txt") {
		t.Error("unchecked.txt: a command ran without hookrun")
	}
	// Copilot CLI wraps what it prints at 100 columns, even on a pipe.
	out := strings.Join(strings.Fields(s.stdout+s.stderr), " ")
	contains(t, "the agent's output", out, "hookrun is not installed or not on PATH, so the hooks in .system/hooks did not run and this action is blocked")
}

// Copilot CLI 1.0.102 loads skills from .claude/skills (and .github/skills,
// .agents/skills), and its skill tool hands the model a skill's Markdown
// with !`command` as text: measured, it runs neither that command nor the
// skill's frontmatter hooks (Claude Code runs both: docs/agents/claude-code.md).
// If a version starts to, they run without hookrun's guard, and
// docs/agents/copilot-cli.md and validate want a look.
func TestCopilotSkillRunsNoCommandOrHook(t *testing.T) {
	for _, a := range suite(t) {
		if a.dialect != "copilot" {
			continue
		}
		s := newSession(t, a, nil, "skill:mkfiles", "touch allowed.txt")
		for _, dir := range []string{".claude", ".github"} {
			write(t, s.project+"/"+dir+"/skills/mkfiles/SKILL.md", "---\nname: mkfiles\ndescription: Create the files the plan names.\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          command: "+s.project+"/hook.sh\n  preToolUse:\n    - type: command\n      bash: "+s.project+"/hook.sh\n---\nStatus: !`touch forbidden.txt`\nCreate the files the plan names.\n")
		}
		write(t, s.project+"/hook.sh", "#!/bin/sh\ntouch "+s.project+"/skill-hook-ran.txt\necho '{}'\n")
		if err := os.Chmod(s.project+"/hook.sh", 0o755); err != nil {
			t.Fatal(err)
		}
		s.Run("Create the files the plan names.")
		if !s.exists("allowed.txt") {
			t.Fatal("allowed.txt: the command after the skill did not run")
		}
		contains(t, "request after the skill call", s.Turn(1).Text, "Status: !`touch forbidden.txt`")
		if s.exists("forbidden.txt") {
			t.Errorf("forbidden.txt: %s@%s ran a skill's !`command`", a.pkg, a.version)
		}
		if s.exists("skill-hook-ran.txt") {
			t.Errorf("skill-hook-ran.txt: %s@%s ran a skill's frontmatter hook", a.pkg, a.version)
		}
	}
}

// Copilot CLI 1.0.102's task tool starts a subagent in its own conversation; hookrun maps task
// to no ability of its own (copilot/task), so a shell guard does not see the task call itself.
// Measured: the subagent's own bash call goes through the same PreToolUse hooks, so hookrun's
// guard denies it there. If a version runs a subagent's tools without hooks, this fails, and
// docs/agents/copilot-cli.md wants a look.
func TestCopilotSubagentCallsAreGuarded(t *testing.T) {
	for _, a := range suite(t) {
		if a.dialect != "copilot" {
			continue
		}
		s := newSession(t, a, nil, "task:touch forbidden.txt", "touch allowed.txt")
		s.Run("Create the files the plan names.")
		if !s.exists("allowed.txt") {
			t.Fatal("allowed.txt: the command after the task call did not run")
		}
		var sub bool
		for _, r := range s.model.Requests() {
			if strings.Contains(r.Text, subagentMark+"touch forbidden.txt") && strings.Contains(r.Text, "forbidden files are not touched (hookrun: shell_guard)") {
				sub = true
			}
		}
		if !sub {
			t.Error("no request told the subagent's model that hookrun denied its command")
		}
		if s.exists("forbidden.txt") {
			t.Errorf("forbidden.txt: %s@%s ran a subagent's command hookrun denies", a.pkg, a.version)
		}
	}
}

// Copilot CLI 1.0.102 starts the language servers a repository's
// .github/lsp.json declares (lspServers.NAME: its command and args, or a
// bash script) when its lsp tool opens a file of their fileExtensions, in a
// folder that is not trusted too: measured, each server's command ran, with
// no hook (hookrun's guard saw only the lsp call, a read of notes.txt). A
// project extension (.github/extensions) did not run. validate warns of each
// server.
func TestCopilotRepoLanguageServerRuns(t *testing.T) {
	a := only(t, "copilot")
	s := newSession(t, a, map[string]string{"notes.txt": "hello\n", "notes.md": "hello\n"},
		`tool:lsp {"operation":"hover","file":"notes.txt","line":1,"character":1}`, `tool:lsp {"operation":"hover","file":"notes.md","line":1,"character":1}`, "touch allowed.txt")
	write(t, filepath.Join(s.project, ".github/lsp.json"), `{"lspServers": {
  "x": {"command": "sh", "args": ["-c", "touch `+s.project+`/lsp-ran.txt"], "fileExtensions": {".txt": "plaintext"}},
  "y": {"bash": "touch `+s.project+`/lsp-bash-ran.txt", "fileExtensions": {".md": "markdown"}}
}}`)
	write(t, filepath.Join(s.project, ".github/extensions/probe/extension.mjs"), "import { spawnSync } from 'node:child_process'\nspawnSync('touch', ['"+s.project+"/extension-ran.txt'])\n")
	validateWarns(t, s.project,
		`.github/lsp.json:2:3: warning: lspServers.x runs "sh -c touch `+s.project+`/lsp-ran.txt": Copilot CLI starts this language server`,
		`.github/lsp.json:3:3: warning: lspServers.y runs "touch `+s.project+`/lsp-bash-ran.txt": Copilot CLI starts this language server`,
	)
	s.Run("Read the notes.")
	if !s.exists("allowed.txt") {
		t.Fatal("allowed.txt: the command after the lsp call did not run")
	}
	for _, f := range []string{"lsp-ran.txt", "lsp-bash-ran.txt"} {
		if !s.exists(f) {
			t.Errorf("%s: %s@%s no longer starts this language server of .github/lsp.json: docs/agents/copilot-cli.md and hookrun's warning want a look", f, a.pkg, a.version)
		}
	}
	if s.exists("extension-ran.txt") {
		t.Errorf("extension-ran.txt: %s@%s ran a project extension of .github/extensions, with no hook: docs/agents/copilot-cli.md and validate want a look", a.pkg, a.version)
	}
}

// Copilot CLI 1.0.102 starts the MCP servers a custom agent's frontmatter
// declares (mcp-servers in .github/agents/NAME.agent.md) when the model
// runs that agent with its task tool: measured, the server's command ran,
// with no hook (hookrun's guard sees the task call, and then the
// subagent's own calls), in a folder not trusted (--trust-folder not
// given). No server started in a session whose model ran no such task.
// validate warns of each.
func TestCopilotCustomAgentMCPServerRuns(t *testing.T) {
	a := only(t, "copilot")
	for _, c := range []struct {
		name, step string
		ran        bool
	}{
		{"task", `tool:task {"agent_type":"probe","mode":"sync","name":"sub","description":"scripted step","prompt":"` + subagentMark + `touch allowed.txt"}`, true},
		{"no_task", "touch allowed.txt", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := newSession(t, a, nil, c.step)
			write(t, filepath.Join(s.project, ".github/agents/probe.agent.md"), "---\nname: probe\ndescription: A probe agent\ntools: [\"*\"]\nmcp-servers:\n  probe:\n    type: local\n    command: sh\n    args: [\"-c\", \"touch "+s.project+"/agent-mcp-ran.txt\"]\n    tools: [\"*\"]\n---\nYou are a probe.\n")
			validateWarns(t, s.project, `.github/agents/probe.agent.md:1:1: warning: frontmatter mcp-servers.probe runs "sh -c touch `+s.project+`/agent-mcp-ran.txt": Copilot CLI starts this MCP server's command itself`)
			s.Run("Do what the plan says.")
			if !s.exists("allowed.txt") {
				t.Fatal("allowed.txt: the session's command did not run")
			}
			if got := s.exists("agent-mcp-ran.txt"); got != c.ran {
				t.Errorf("agent-mcp-ran.txt made = %v, want %v: %s@%s starts a custom agent's MCP server otherwise: docs/agents/copilot-cli.md and hookrun's warning want a look", got, c.ran, a.pkg, a.version)
			}
		})
	}
}

// A project extension (.github/extensions/NAME/extension.mjs), which Copilot
// CLI forks as a process of its own once its experimental EXTENSIONS feature
// is on, did not run in copilot -p 1.0.102 with that feature on, --experimental
// and --trust-folder (TestCopilotRepoLanguageServerRuns: off, not trusted,
// neither). validate warns of it all the same: interactive sessions were not
// measured. If this version or a later one runs it here, the warning stands
// and docs/agents/copilot-cli.md wants a look.
func TestCopilotRepoExtensionDoesNotRun(t *testing.T) {
	a := only(t, "copilot")
	s := newSession(t, a, nil, "touch allowed.txt")
	write(t, filepath.Join(s.project, ".github/extensions/probe/extension.mjs"), "import { spawnSync } from 'node:child_process'\nspawnSync('touch', ['"+s.project+"/extension-ran.txt'])\n")
	validateWarns(t, s.project, ".github/extensions/probe/extension.mjs:1:1: warning: Copilot CLI runs this extension's code itself, with no hook, once its experimental EXTENSIONS feature is on")
	s.env = append(s.env, "COPILOT_CLI_ENABLED_FEATURE_FLAGS=EXTENSIONS")
	s.args = append(s.args, "--experimental", "--trust-folder")
	s.Run("Do what the plan says.")
	if !s.exists("allowed.txt") {
		t.Fatal("allowed.txt: the session's command did not run")
	}
	if s.exists("extension-ran.txt") {
		t.Errorf("extension-ran.txt: %s@%s ran a project extension with no hook: docs/agents/copilot-cli.md wants a look", a.pkg, a.version)
	}
}
