package agents

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// An agent is one agent CLI as the suite drives it: headless, its model at
// the mock's URL, its telemetry and update checks off.
type agent struct {
	dialect string // hookrun's --dialect and install name
	pkg     string
	version string
	command string // the executable npm links into node_modules/.bin

	// prepare writes the agent's user-level configuration into home (the
	// project's settings are hookrun install's) and returns the
	// environment and arguments of a headless run of prompt.
	prepare func(t *testing.T, home, project, modelURL, prompt string) (env, args []string)
	// toolContext: the agent hands additional context from a pre-tool hook
	// to the model.
	toolContext bool
	// blockedPrompt is what the agent prints when a hook blocks the prompt;
	// "" for hookrun's reason.
	blockedPrompt string
	// failedShell is the PostAbilityCall status of a shell command that
	// exited 1: "failure", unless the agent's payload does not say.
	failedShell string
	// skip, when set, says why the agent is pinned and installed but not
	// run: the suite prints it as SKIPPED.
	skip string
	// unaskedModes are the agent's flags for permission modes in which it
	// asks no person (Claude Code's bypassPermissions): a call that needs
	// one must still not run; unaskedEnv is their environment (Claude Code
	// refuses bypassPermissions to root without IS_SANDBOX=1).
	unaskedModes [][]string
	unaskedEnv   []string
}

// agents are the drivers, by dialect; the versions come from the versions file.
var agents = map[string]*agent{
	"claude-code": {prepare: prepareClaude, toolContext: true, failedShell: "failure",
		unaskedModes: [][]string{{"--permission-mode", "bypassPermissions"}, {"--permission-mode", "auto"}},
		unaskedEnv:   []string{"IS_SANDBOX=1"}},
	// codex exec prints neither the reason nor a systemMessage for a
	// blocked prompt (0.169.0), only that it was blocked; its PostToolUse
	// for exec_command carries the output and no exit status.
	// opencode run prints a message a plugin refused only as "Unexpected
	// server error" (1.18.33); the reason hookrun's plugin logs is on
	// stderr with --print-logs, which the driver passes.
	"opencode":   {prepare: prepareOpenCode, toolContext: true, failedShell: "failure"},
	"gemini-cli": {prepare: prepareGemini, failedShell: "failure"},
	"codex":      {prepare: prepareCodex, toolContext: true, blockedPrompt: "hook: UserPromptSubmit Blocked", failedShell: "success"},
}

func prepareClaude(t *testing.T, home, project, modelURL, prompt string) (env, args []string) {
	env = []string{
		"ANTHROPIC_BASE_URL=" + modelURL,
		"ANTHROPIC_API_KEY=sk-ant-mock",
		"CLAUDE_CONFIG_DIR=" + filepath.Join(home, ".claude"),
		// No telemetry, error reports, update checks or other traffic.
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
		"DISABLE_AUTOUPDATER=1",
		"DISABLE_TELEMETRY=1",
		"DISABLE_ERROR_REPORTING=1",
	}
	args = []string{"-p", prompt, "--output-format", "json", "--model", "claude-mock", "--allowedTools", "Bash"}
	return env, args
}

func prepareCodex(t *testing.T, home, project, modelURL, prompt string) (env, args []string) {
	codexHome := filepath.Join(home, ".codex")
	// The project is trusted (Codex loads a project's .codex/ only then);
	// its hooks still need --dangerously-bypass-hook-trust, below.
	write(t, filepath.Join(codexHome, "config.toml"), fmt.Sprintf(`model = "mock-model"
model_provider = "mock"
check_for_update_on_startup = false

[model_providers.mock]
name = "mock"
base_url = %q
env_key = "MOCK_API_KEY"
wire_api = "responses"
request_max_retries = 0
stream_max_retries = 0

[analytics]
enabled = false

[feedback]
enabled = false

[otel]
exporter = "none"

[projects.%q]
trust_level = "trusted"
`, modelURL+"/v1", project))
	env = []string{"CODEX_HOME=" + codexHome, "MOCK_API_KEY=mock-key"}
	args = []string{"exec", "--dangerously-bypass-approvals-and-sandbox", "--dangerously-bypass-hook-trust", "--color", "never", prompt}
	return env, args
}

func prepareGemini(t *testing.T, home, project, modelURL, prompt string) (env, args []string) {
	write(t, filepath.Join(home, ".gemini", "settings.json"), `{
  "security": {"auth": {"selectedType": "gemini-api-key"}},
  "privacy": {"usageStatisticsEnabled": false},
  "telemetry": {"enabled": false},
  "general": {"enableAutoUpdate": false, "enableAutoUpdateNotification": false}
}
`)
	env = []string{
		"GEMINI_API_KEY=mock-key",
		"GOOGLE_GEMINI_BASE_URL=" + modelURL,
		// The project's .gemini/settings.json (its hooks) counts only in a
		// trusted folder.
		"GEMINI_CLI_TRUST_WORKSPACE=true",
		"GEMINI_CLI_NO_RELAUNCH=true",
	}
	args = []string{"-p", prompt, "--approval-mode", "yolo", "-m", "gemini-2.5-flash"}
	return env, args
}

func prepareOpenCode(t *testing.T, home, project, modelURL, prompt string) (env, args []string) {
	write(t, filepath.Join(home, ".config", "opencode", "opencode.json"), fmt.Sprintf(`{
  "$schema": "https://opencode.ai/config.json",
  "autoupdate": false,
  "snapshot": false,
  "share": "disabled",
  "model": "mock/mock-model",
  "small_model": "mock/mock-model",
  "provider": {
    "mock": {
      "npm": "@ai-sdk/openai-compatible",
      "name": "Mock",
      "options": {"baseURL": %q, "apiKey": "mock-key"},
      "models": {"mock-model": {"name": "Mock model", "tool_call": true}}
    }
  }
}
`, modelURL+"/v1"))
	seedOpenCode(t, filepath.Join(home, ".config", "opencode"))
	seedOpenCode(t, filepath.Join(project, ".opencode"))
	env = []string{
		"OPENCODE_DISABLE_AUTOUPDATE=1",
		"OPENCODE_DISABLE_MODELS_FETCH=1",
		"OPENCODE_DISABLE_DEFAULT_PLUGINS=1",
		"OPENCODE_DISABLE_SHARE=1",
		"OPENCODE_DISABLE_LSP_DOWNLOAD=1",
		"OPENCODE_DISABLE_CLAUDE_CODE=1",
		"OPENCODE_DISABLE_EXTERNAL_SKILLS=1",
		// Less work per session, none of it near a plugin: no
		// file watcher, and ("snapshot": false above) no git snapshot
		// of the project before each step, for undo.
		"OPENCODE_EXPERIMENTAL_DISABLE_FILEWATCHER=1",
	}
	args = []string{"run", "--print-logs", "--model", "mock/mock-model", "--auto", prompt}
	return env, args
}

// seedOpenCode makes dir, one of OpenCode's configuration directories,
// look as OpenCode leaves it after its first start. At every start OpenCode
// installs @opencode-ai/plugin into each of them and loads no plugin until
// that is done; it skips the install where node_modules exists and
// package-lock.json's root lists every dependency package.json names, and
// @opencode-ai/plugin (any version). Offline, the install waits minutes.
// The seed is what npm installed into the cache while the registry could be
// reached (run.sh): package.json and package-lock.json copied, node_modules
// linked. After the session the copies must be unchanged: OpenCode
// installed nothing.
func seedOpenCode(t *testing.T, dir string) {
	var seed string
	for _, p := range pins(t) {
		if p.dialect == "opencode" {
			seed = filepath.Join(cacheDir, "opencode-plugin-"+p.version)
		}
	}
	manifests := map[string]string{}
	for _, name := range []string{"package.json", "package-lock.json"} {
		raw, err := os.ReadFile(filepath.Join(seed, name))
		if err != nil {
			t.Fatalf("%v (scripts/agents/run.sh installs @opencode-ai/plugin there)", err)
		}
		manifests[name] = string(raw)
		write(t, filepath.Join(dir, name), string(raw))
	}
	if err := os.Symlink(filepath.Join(seed, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for name, want := range manifests {
			if raw, _ := os.ReadFile(filepath.Join(dir, name)); string(raw) != want {
				t.Errorf("%s changed: OpenCode installed its dependencies again, although they were in place", filepath.Join(dir, name))
			}
		}
	})
}

// The suite's inputs, set by run.sh.
var (
	hookrunBin = os.Getenv("HOOKRUN_AGENTS_HOOKRUN")
	cacheDir   = os.Getenv("HOOKRUN_AGENTS_CACHE")
)

// A pin is one line of the versions file.
type pin struct {
	dialect, pkg, version, command string
}

// pins reads the versions file (the one place the versions are written).
func pins(t *testing.T) []pin {
	const path = "versions"
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []pin
	for i, line := range strings.Split(string(raw), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		if len(fields) != 4 {
			t.Fatalf("scripts/agents/%s:%d: want 4 fields (dialect, npm package, version, command), got %d", path, i+1, len(fields))
		}
		out = append(out, pin{fields[0], fields[1], fields[2], fields[3]})
	}
	return out
}

// suite is the agents to run, with their pinned versions; the test is
// skipped outside run.sh (go test ./... in make test).
// eachAgent runs f as a parallel subtest, named for the agent, for each
// agent of the suite with an entry in m (what the test measured of it),
// skipped as the suite skips the agent.
func eachAgent[V any](t *testing.T, m map[string]V, f func(t *testing.T, a *agent, v V)) {
	for _, a := range suite(t) {
		v, ok := m[a.dialect]
		if !ok {
			continue
		}
		t.Run(a.dialect, func(t *testing.T) {
			if a.skip != "" {
				t.Skip(a.skip)
			}
			t.Parallel()
			f(t, a, v)
		})
	}
}

// only is the suite's agent for dialect; the test is skipped as the suite
// skips that agent.
func only(t *testing.T, dialect string) *agent {
	for _, a := range suite(t) {
		if a.dialect != dialect {
			continue
		}
		if a.skip != "" {
			t.Skip(a.skip)
		}
		return a
	}
	t.Fatalf("the suite has no %s", dialect)
	return nil
}

func suite(t *testing.T) []*agent {
	if hookrunBin == "" || cacheDir == "" {
		t.Skip("the agents suite runs from scripts/agents/run.sh (make test-agents)")
	}
	var out []*agent
	for _, p := range pins(t) {
		a, ok := agents[p.dialect]
		if !ok {
			t.Errorf("scripts/agents/versions: no driver for agent %q in scripts/agents", p.dialect)
			continue
		}
		a.dialect, a.pkg, a.version, a.command = p.dialect, p.pkg, p.version, p.command
		out = append(out, a)
	}
	return out
}

// Each agent's page names the version the suite verified, so the docs
// change with the pin.
func TestDocsNameVerifiedVersions(t *testing.T) {
	for _, p := range pins(t) {
		name := p.dialect + ".md"
		if p.dialect == "copilot" { // the dialect is named for the command, the page for the product
			name = "copilot-cli.md"
		}
		page := filepath.Join("..", "..", "docs", "agents", name)
		raw, err := os.ReadFile(page)
		if err != nil {
			t.Errorf("%s: %v (each agent in scripts/agents/versions has a page)", page, err)
			continue
		}
		text := strings.Join(strings.Fields(string(raw)), " ")
		for _, want := range []string{p.version, "`" + p.pkg + "`", "make test-agents"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s does not name %s: say which version make test-agents verified (scripts/agents/versions)", page, want)
			}
		}
	}
}

func (a *agent) bin() string {
	return filepath.Join(cacheDir, a.dialect+"-"+a.version, "node_modules", ".bin", a.command)
}

// A session is one headless run of an agent in a fresh project.
type session struct {
	t       *testing.T
	agent   *agent
	project string
	dir     string // the subdirectory of project the agent starts in ("" for project)
	model   *model
	args    []string // more arguments for the agent
	env     []string // more environment for the agent
	// appends are added to the end of these files once the agent's
	// prepare wrote its own (its config.toml in CODEX_HOME, say)
	appends map[string]string
	stdout  string
	stderr  string
	exit    int
}

// The hooks every session's project holds. The guards are rules hooks
// (no process); the recorders are scripts that append the context they
// receive to .records/, which git ignores.
var hookFiles = map[string]string{
	".system/hooks/prompt_guard.yaml": `id: prompt_guard
event_type: PromptSubmit
enabled: true
blocking: true
handler:
  kind: rules
  rules:
    - decision: deny
      reason: deploys are not started from a prompt
      prompt: BLOCKME
    - additional_context: "Prompt context from hookrun: KIWI-7"
      prompt: "."
`,
	".system/hooks/shell_guard.yaml": `id: shell_guard
event_type: PreAbilityCall
enabled: true
blocking: true
match:
  ability_scope: shell
handler:
  kind: rules
  rules:
    - decision: deny
      reason: forbidden files are not touched
      commands: ["touch forbidden.txt"]
    - decision: require_human
      reason: this file wants a person's yes
      commands: ["touch needs-human.txt"]
    - additional_context: "Tool context from hookrun: MANGO-3"
      commands: ["touch allowed.txt"]
`,
	".system/hooks/post_record.yaml": `id: post_record
event_type: PostAbilityCall
enabled: true
blocking: false
handler:
  kind: script
  command: ./record.sh
`,
	".system/hooks/stop_record.yaml": `id: stop_record
event_type: SessionStop
enabled: true
blocking: false
handler:
  kind: script
  command: ./record.sh
`,
	"record.sh":  "#!/bin/sh\nmkdir -p .records && cat >>.records/contexts.jsonl && echo '{}'\n",
	".gitignore": ".records/\n.system/logs/\n",
}

// newSession makes a git project with the hooks, extra files, and the
// agent's settings as hookrun install writes them, committed, so that
// what the agent changes is all git reports.
func newSession(t *testing.T, a *agent, extra map[string]string, commands ...string) *session {
	dir := t.TempDir()
	project := filepath.Join(dir, "project")
	for name, body := range hookFiles {
		write(t, filepath.Join(project, name), body)
	}
	for name, body := range extra {
		write(t, filepath.Join(project, name), body)
	}
	if err := os.Chmod(filepath.Join(project, "record.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	run(t, project, "git", "init", "-q")
	run(t, project, hookrunBin, "install", a.dialect)
	run(t, project, "git", "add", "-A")
	run(t, project, "git", "-c", "user.name=suite", "-c", "user.email=suite@example.invalid", "commit", "-q", "-m", "project")
	return &session{t: t, agent: a, project: project, model: newModel(t, commands...)}
}

const sessionLimit = 4 * time.Minute

// Run runs the agent headless on prompt, in the project.
func (s *session) Run(prompt string) {
	t := s.t
	home := filepath.Join(filepath.Dir(s.project), "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	env, args := s.agent.prepare(t, home, s.project, s.model.URL(), prompt)
	args = append(args, s.args...)
	for path, text := range s.appends {
		f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			_, err = f.WriteString(text)
			err = errors.Join(err, f.Close())
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	// A guard against a hung agent, not a speed target: OpenCode needs
	// about 20 CPU-seconds for the guards session, and on a shared machine
	// that has taken more than two minutes. run.sh gives the suite five.
	ctx, cancel := context.WithTimeout(context.Background(), sessionLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, s.agent.bin(), args...)
	cmd.Dir = filepath.Join(s.project, s.dir)
	cmd.Env = append([]string{
		"HOME=" + home,
		"PATH=" + filepath.Dir(hookrunBin) + ":" + os.Getenv("PATH"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_CACHE_HOME=" + filepath.Join(home, ".cache"),
		"XDG_DATA_HOME=" + filepath.Join(home, ".local", "share"),
		"XDG_STATE_HOME=" + filepath.Join(home, ".local", "state"),
		"TERM=dumb",
		"NO_COLOR=1",
		"CI=1",
	}, append(env, s.env...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Stdin = nil
	err := cmd.Run()
	s.stdout, s.stderr = stdout.String(), stderr.String()
	t.Cleanup(func() {
		s.dump()
		if t.Failed() {
			t.Logf("%s exited %d\nstdout: %s\nstderr: %s", s.agent.command, s.exit, tail(s.stdout), tail(s.stderr))
			for i, r := range s.model.Requests() {
				t.Logf("model request %d: %s main=%v results=%d", i, r.Path, r.Main, r.Results)
			}
		}
	})
	if ctx.Err() != nil {
		t.Fatalf("%s did not finish in %v", s.agent.command, sessionLimit)
	}
	if ee, ok := err.(*exec.ExitError); ok {
		s.exit = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
}

// dump keeps what a session did under $HOOKRUN_AGENTS_DUMP, when set: the
// agent's output and every model request, for a person reading how an
// agent behaves.
func (s *session) dump() {
	root := os.Getenv("HOOKRUN_AGENTS_DUMP")
	if root == "" {
		return
	}
	dir := filepath.Join(root, strings.ReplaceAll(s.t.Name(), "/", "_"))
	write(s.t, filepath.Join(dir, "stdout"), s.stdout)
	write(s.t, filepath.Join(dir, "stderr"), s.stderr)
	write(s.t, filepath.Join(dir, "exit"), fmt.Sprintln(s.exit))
	for i, r := range s.model.Requests() {
		name := fmt.Sprintf("%02d-at=%dms-%s-main=%v-results=%d.json", i, r.At.Milliseconds(), strings.NewReplacer("/", "_", ":", "_").Replace(r.Path), r.Main, r.Results)
		write(s.t, filepath.Join(dir, name), string(r.Body))
	}
	if records, err := os.ReadFile(filepath.Join(s.project, ".records", "contexts.jsonl")); err == nil {
		write(s.t, filepath.Join(dir, "records.jsonl"), string(records))
	}
}

// Turn is the main model request carrying the n-th tool result, failing
// the test when there is none.
func (s *session) Turn(n int) request {
	r, ok := s.model.Turn(n)
	if !ok {
		s.t.Fatalf("the model never received the result of call %d", n)
	}
	return r
}

// Records are the contexts the recorder hooks received, in order.
func (s *session) Records() []map[string]any {
	raw, err := os.ReadFile(filepath.Join(s.project, ".records", "contexts.jsonl"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		s.t.Fatal(err)
	}
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			s.t.Fatalf("a recorded context is not JSON: %v: %q", err, line)
		}
		out = append(out, rec)
	}
	return out
}

func (s *session) exists(name string) bool {
	_, err := os.Stat(filepath.Join(s.project, name))
	return err == nil
}

func TestAgents(t *testing.T) {
	for _, a := range suite(t) {
		t.Run(a.dialect, func(t *testing.T) {
			if a.skip != "" {
				fmt.Fprintf(os.Stderr, "\ntest-agents: SKIPPED %s %s: %s\n\n", a.dialect, a.version, a.skip)
				t.Skip(a.skip)
			}
			t.Parallel()
			if _, err := os.Stat(a.bin()); err != nil {
				t.Fatalf("%s@%s is not installed (run scripts/agents/run.sh): %v", a.pkg, a.version, err)
			}
			t.Run("guards", func(t *testing.T) { t.Parallel(); testGuards(t, a) })
			t.Run("prompt_blocked", func(t *testing.T) { t.Parallel(); testPromptBlocked(t, a) })
			t.Run("fail_closed", func(t *testing.T) { t.Parallel(); testFailClosed(t, a) })
			for _, mode := range a.unaskedModes {
				t.Run("unasked"+strings.Join(mode, "_"), func(t *testing.T) { t.Parallel(); testUnasked(t, a, mode) })
			}
		})
	}
}

// One session: an allowed command runs, a denied one and one that needs a
// person do not, and the model reads each reason; the prompt's context
// reaches the model; the post-call and stop hooks get the right fields.
func testGuards(t *testing.T, a *agent) {
	s := newSession(t, a, nil, "touch allowed.txt", "touch forbidden.txt", "touch needs-human.txt", "ls missing.txt")
	s.Run("Create the files the plan names.")
	if s.exit != 0 {
		t.Errorf("%s exited %d, want 0", a.command, s.exit)
	}

	first, ok := s.model.Turn(0)
	if !ok {
		t.Fatal("the model was never asked for a first turn")
	}
	contains(t, "first request (prompt context)", first.Text, "Prompt context from hookrun: KIWI-7")

	if !s.exists("allowed.txt") {
		t.Error("allowed.txt: the allowed command did not run")
	}
	if a.toolContext {
		contains(t, "request after the allowed call", s.Turn(1).Text, "Tool context from hookrun: MANGO-3")
	}
	if s.exists("forbidden.txt") {
		t.Error("forbidden.txt: the denied command ran")
	}
	contains(t, "request after the denied call", s.Turn(2).Text, "forbidden files are not touched (hookrun: shell_guard)")
	if s.exists("needs-human.txt") {
		t.Error("needs-human.txt: the command that needs a person ran")
	}
	contains(t, "request after the require_human call", s.Turn(3).Text, "this file wants a person's yes (hookrun: shell_guard)")

	posts := map[any]map[string]any{}
	var stops []map[string]any
	for _, rec := range s.Records() {
		switch rec["event_type"] {
		case "PostAbilityCall":
			if posts[rec["command"]] != nil {
				t.Errorf("PostAbilityCall ran twice for %v", rec["command"])
			}
			posts[rec["command"]] = rec
		case "SessionStop":
			stops = append(stops, rec)
		}
	}
	if len(posts) != 2 {
		t.Errorf("PostAbilityCall ran for %d calls, want 2 (the calls that ran): %v", len(posts), posts)
	}
	for cmd, status := range map[string]string{"touch allowed.txt": "success", "ls missing.txt": a.failedShell} {
		post := posts[cmd]
		for key, want := range map[string]any{"ability_id": "shell", "status": status, "command": cmd, "agent": a.dialect} {
			if post[key] != want {
				t.Errorf("PostAbilityCall context of %s: %s = %v, want %v", cmd, key, post[key], want)
			}
		}
	}
	post := posts["touch allowed.txt"]
	// One prompt, one end of the agent's work: SessionStop hooks run once.
	if len(stops) != 1 {
		t.Fatalf("SessionStop hooks ran %d times for one prompt, want once: %v", len(stops), stops)
	}
	stop := stops[0]
	if stop["session_id"] != post["session_id"] || stop["session_id"] == "unknown" {
		t.Errorf("SessionStop session_id = %v, PostAbilityCall's = %v: want the agent's one session id", stop["session_id"], post["session_id"])
	}
	if got := fmt.Sprint(stop["changed_files"]); got != "[allowed.txt]" {
		t.Errorf("SessionStop changed_files = %s, want [allowed.txt]", got)
	}
}

// A blocked prompt never reaches the model, and the person is told why.
// In a permission mode that asks no person, a call that needs one does
// not run, and the model reads why.
func testUnasked(t *testing.T, a *agent, mode []string) {
	s := newSession(t, a, nil, "touch needs-human.txt")
	s.args, s.env = mode, a.unaskedEnv
	s.Run("Create the files the plan names.")
	if s.exists("needs-human.txt") {
		t.Errorf("needs-human.txt: the command that needs a person ran under %s", strings.Join(mode, " "))
	}
	contains(t, "request after the require_human call", s.Turn(1).Text, "this file wants a person's yes (hookrun: shell_guard)")
}

func testPromptBlocked(t *testing.T, a *agent) {
	s := newSession(t, a, nil)
	s.Run("Please BLOCKME: deploy to production.")
	for _, r := range s.model.Requests() {
		if strings.Contains(r.Text, "BLOCKME") {
			t.Errorf("the blocked prompt reached the model (%s)", r.Path)
		}
	}
	want := a.blockedPrompt
	if want == "" {
		want = "deploys are not started from a prompt (hookrun: prompt_guard)"
	}
	contains(t, "the agent's output", s.stdout+s.stderr, want)
}

// An invalid hook file blocks a tool call, and the model is told which file.
func testFailClosed(t *testing.T, a *agent) {
	broken := map[string]string{".system/hooks/broken.yaml": "id: broken\nevent_type: PreAbilityCal\nenabled: true\nblocking: true\nhandler:\n  kind: script\n  command: ./record.sh\n"}
	s := newSession(t, a, broken, "touch invalid.txt")
	s.Run("Create invalid.txt.")
	if s.exists("invalid.txt") {
		t.Error("invalid.txt: a command ran although the hooks are invalid")
	}
	text := s.Turn(1).Text
	contains(t, "request after the call", text, "hookrun could not check this call, so it is blocked")
	contains(t, "request after the call", text, "broken.yaml")
}

func contains(t *testing.T, what, text, want string) {
	t.Helper()
	if !strings.Contains(text, want) {
		t.Errorf("%s: %q is not in it:\n%s", what, want, tail(text))
	}
}

func tail(s string) string {
	const max = 3000
	if len(s) > max {
		return "…" + s[len(s)-max:]
	}
	return s
}

func write(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func run(t *testing.T, dir, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

// validate runs hookrun validate in a project: its output and exit status.
func validate(t *testing.T, project string) (out []byte, code int) {
	t.Helper()
	cmd := exec.Command(hookrunBin, "validate")
	cmd.Dir = project
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return out, code
}

// validateWarns runs hookrun validate in project, failing the test unless
// it exits 0 and prints each of wants.
func validateWarns(t *testing.T, project string, wants ...string) {
	t.Helper()
	out, code := validate(t, project)
	for _, want := range wants {
		if code != 0 || !strings.Contains(string(out), want) {
			t.Errorf("hookrun validate: exit %d, want exit 0 and %q:\n%s", code, want, out)
		}
	}
}
