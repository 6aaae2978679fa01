package settings

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/dialect"
)

// OpenCode's hooks are a plugin: install writes hookrun's whole file, with
// hookrun's arguments as an argv array and the timeout in milliseconds;
// running it again changes nothing, a new timeout or hooks directory
// rewrites it, and a plugin hookrun did not write is left alone.
func TestInstallOpenCodePlugin(t *testing.T) {
	root := t.TempDir()
	a := agent(t, dialect.OpenCode)
	if a.File != ".opencode/plugins/hookrun.js" {
		t.Fatalf("file %s, want .opencode/plugins/hookrun.js", a.File)
	}
	path := filepath.Join(root, a.File)
	events := "chat.message tool.execute.before tool.execute.after session.idle"

	res, err := Install(a, root, Options{Timeout: 90 * time.Second}, false)
	if err != nil || !res.Changed || strings.Join(res.Added, " ") != events || res.Updated != nil {
		t.Fatalf("first install: %v, changed %v, added %q, updated %q", err, res.Changed, res.Added, res.Updated)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"// hookrun emit --dialect opencode: written by `hookrun install opencode`.\n",
		"\nconst ARGV = [\"emit\",\"--dialect\",\"opencode\"]\n",
		"\nconst TIMEOUT_MS = 90000\n",
		"\nexport const HookrunPlugin = async ({ client, directory }) => {\n",
		"\nconst HOOKRUN = \"hookrun\"\n",
		`spawn(bin, ARGV, { cwd, stdio: ["pipe", "pipe", "pipe"] })`,
	} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the plugin lacks %q", want)
		}
	}
	// No shell: nothing from a payload ever reaches a command line.
	for _, shell := range []string{"exec(", "execSync(", "shell: true", "$`"} {
		if strings.Contains(string(data), shell) {
			t.Errorf("the plugin uses %q: it must spawn hookrun with an argv array", shell)
		}
	}

	res, err = Install(a, root, Options{Timeout: 90 * time.Second}, false)
	if err != nil || res.Changed {
		t.Fatalf("second install: %v, changed %v (want no change)", err, res.Changed)
	}
	again, _ := os.ReadFile(path)
	if string(again) != string(data) {
		t.Fatal("a second install changed the plugin")
	}

	res, err = Install(a, root, Options{Timeout: 90 * time.Second, HooksDir: "ops/my hooks"}, false)
	if err != nil || !res.Changed || strings.Join(res.Updated, " ") != events || res.Added != nil {
		t.Fatalf("install with a hooks dir: %v, changed %v, added %q, updated %q", err, res.Changed, res.Added, res.Updated)
	}
	data, _ = os.ReadFile(path)
	if !strings.Contains(string(data), "\nconst ARGV = [\"emit\",\"--dialect\",\"opencode\",\"--hooks-dir\",\"ops/my hooks\"]\n") {
		t.Errorf("the hooks directory is not one argv element:\n%s", data)
	}

	res, err = Install(a, root, Options{Timeout: 90 * time.Second, HooksDir: "ops/my hooks", Hookrun: "node_modules/.bin/hookrun"}, false)
	if err != nil || !res.Changed || strings.Join(res.Updated, " ") != events {
		t.Fatalf("install with --hookrun: %v, changed %v, updated %q", err, res.Changed, res.Updated)
	}
	data, _ = os.ReadFile(path)
	if !strings.Contains(string(data), "\nconst HOOKRUN = \"node_modules/.bin/hookrun\"\n") {
		t.Errorf("the plugin does not run --hookrun's path:\n%s", data)
	}

	if err := os.WriteFile(path, []byte("export const Mine = async () => ({})\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Install(a, root, Options{Timeout: time.Minute}, false)
	if err == nil || !strings.HasPrefix(err.Error(), ".opencode/plugins/hookrun.js exists and was not written by hookrun install") {
		t.Fatalf("install over someone's plugin: %v, want a refusal naming the file", err)
	}
	if mine, _ := os.ReadFile(path); string(mine) != "export const Mine = async () => ({})\n" {
		t.Errorf("someone's plugin was changed:\n%s", mine)
	}
}

// A project with hookrun's OpenCode plugin routes OpenCode; someone's own
// plugin under that name does not.
func TestRoutedFindsThePlugin(t *testing.T) {
	root := t.TempDir()
	a := agent(t, dialect.OpenCode)
	if got := Routed(root); len(got) != 0 {
		t.Fatalf("empty project routes %v", got)
	}
	if _, err := Install(a, root, Options{Timeout: time.Minute}, false); err != nil {
		t.Fatal(err)
	}
	if got := Routed(root); len(got) != 1 || got[0].Dialect != dialect.OpenCode {
		t.Fatalf("after install opencode, Routed = %v", got)
	}
	if err := os.WriteFile(filepath.Join(root, a.File), []byte("export const Mine = async () => ({})\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := Routed(root); len(got) != 0 {
		t.Fatalf("someone's plugin routes %v", got)
	}
}

// Copilot CLI logs and skips a hook that exits non-zero, so on preToolUse
// the command itself answers Copilot's deny, with exit 0, when hookrun is
// missing or fails; hookrun's own answer passes through untouched.
func TestAnsweringCommandFailsClosed(t *testing.T) {
	a := agent(t, dialect.Copilot)
	cmd := a.Command(Options{}, "PreToolUse")
	if strings.Contains(cmd, "$") {
		t.Errorf("the command holds a $: %s", cmd)
	}
	bin := func(script string) string {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "hookrun"), []byte("#!/bin/sh\n"+script), 0o755); err != nil {
			t.Fatal(err)
		}
		return dir + ":/usr/bin:/bin"
	}
	failed := `{"permissionDecision":"deny","permissionDecisionReason":"hookrun gave no answer, so this action is blocked: it failed, was stopped from outside, or is not the hookrun this entry was written for; run hookrun validate in the project, and see the hook log of the agent"}`
	for _, tc := range []struct{ name, path, want string }{
		{"missing", t.TempDir(), `{"permissionDecision":"deny","permissionDecisionReason":"hookrun is not installed or not on PATH, so the hooks in .system/hooks did not run and this action is blocked: install hookrun, or remove its entries from .github/hooks/hookrun.json"}`},
		{"failing", bin("echo 'hookrun: copilot payload: not a JSON object' >&2\nexit 2\n"), failed},
		{"answering", bin("cat >/dev/null\necho '{}'\n"), `{}`},
		// Exit 0 with no answer Copilot CLI can read, which it takes for an allow.
		{"silent", bin("cat >/dev/null\n"), failed},
		{"garbage", bin("cat >/dev/null\necho '{\"not\": an answer'\n"), failed},
	} {
		sh := exec.Command("/bin/sh", "-c", cmd)
		sh.Env = []string{"PATH=" + tc.path}
		sh.Stdin = strings.NewReader(`{"hook_event_name":"PreToolUse","tool_name":"bash","tool_input":{"command":"ls"}}`)
		out, err := sh.Output()
		if err != nil || strings.TrimSpace(string(out)) != tc.want {
			t.Errorf("%s: %v, stdout %s\nwant exit 0 and %s", tc.name, err, out, tc.want)
		}
	}
}
