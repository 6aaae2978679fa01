package settings

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"errors"
	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/ojson"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
)

var opts = Options{Timeout: 2 * time.Minute}

func agent(t *testing.T, n dialect.Name) Agent {
	t.Helper()
	a, ok := Find(n)
	if !ok {
		t.Fatalf("no agent %s", n)
	}
	return a
}

func TestMergeNewFile(t *testing.T) {
	tests := []struct {
		dialect dialect.Name
		want    string
	}{
		{dialect.ClaudeCode, `{
  "hooks": {
    "UserPromptSubmit": [
      {
        "hooks": [
          {
            "type": "command",
            "command": @CMD@,
            "timeout": 120
          }
        ]
      }
    ],
` + "    \"UserPromptExpansion\": [", // the other events repeat the entry
		},
		{dialect.GeminiCLI, `{
  "hooks": {
    "BeforeAgent": [
      {
        "hooks": [
          {
            "name": "hookrun",
            "type": "command",
            "command": @CMD@,
            "timeout": 120000,
            "description": "Run this repository's .system/hooks through hookrun"
          }
        ]
      }
    ],
`},
		{dialect.Codex, `{
  "hooks": {
    "UserPromptSubmit": [
      {
        "hooks": [
          {
            "type": "command",
            "command": @CMD@,
            "timeout": 120
          }
        ]
      }
    ],
`},
		// Cursor's default wait is not documented (its docs: "platform default"), and a hook that
		// times out, crashes or answers no JSON lets the call through unless failClosed is true.
		{dialect.Cursor, `{
  "version": 1,
  "hooks": {
    "beforeSubmitPrompt": [
      {
        "command": @CMD@,
        "timeout": 120,
        "failClosed": true
      }
    ],
`},
	}
	for _, tt := range tests {
		a := agent(t, tt.dialect)
		res, err := Merge(a, nil, opts)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Changed || !slices.Equal(res.Added, a.Events) || len(res.Updated) != 0 {
			t.Errorf("%s: changed %v added %v updated %v", tt.dialect, res.Changed, res.Added, res.Updated)
		}
		want := strings.ReplaceAll(tt.want, "@CMD@", jsonString(a.Command(opts, a.Events[0])))
		if !strings.HasPrefix(string(res.Data), want) {
			t.Errorf("%s: new file begins\n%s\nwant\n%s", tt.dialect, res.Data, want)
		}
		var doc struct {
			Hooks map[string][]json.RawMessage `json:"hooks"`
		}
		if err := json.Unmarshal(res.Data, &doc); err != nil {
			t.Fatalf("%s: %v", tt.dialect, err)
		}
		if len(doc.Hooks) != len(a.Events) {
			t.Errorf("%s: %d events in the file, want %d", tt.dialect, len(doc.Hooks), len(a.Events))
		}
		again, err := Merge(a, res.Data, opts)
		if err != nil || again.Changed || string(again.Data) != string(res.Data) {
			t.Errorf("%s: a second merge changed the file (err %v):\n%s", tt.dialect, err, again.Data)
		}
	}
}

// Everything already in the file stays, in its order; hookrun's entry goes
// after the hooks already there; a second run changes nothing.
func TestMergeKeepsEverythingElse(t *testing.T) {
	old := `{
  "permissions": {"allow": ["Bash(npm test)"], "deny": []},
  "model": "opus",
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "./lint-bash.sh", "timeout": 5}]}
    ],
    "Notification": [{"hooks": [{"type": "command", "command": "notify-send hi"}]}]
  },
  "x-unknown": {"nested": [1, 2.50, true, null, "é\u00e9<>"]}
}
`
	a := agent(t, dialect.ClaudeCode)
	res, err := Merge(a, []byte(old), opts)
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "permissions": {
    "allow": [
      "Bash(npm test)"
    ],
    "deny": []
  },
  "model": "opus",
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "./lint-bash.sh",
            "timeout": 5
          }
        ]
      },
      {
        "hooks": [
          {
            "type": "command",
            "command": @CMD@,
            "timeout": 120
          }
        ]
      }
    ],
    "Notification": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "notify-send hi"
          }
        ]
      }
    ],
    "UserPromptSubmit": [
`
	want = strings.ReplaceAll(want, "@CMD@", jsonString(a.Command(opts, "PreToolUse")))
	if !strings.HasPrefix(string(res.Data), want) {
		t.Errorf("merged file begins\n%s\nwant\n%s", res.Data, want)
	}
	if !strings.HasSuffix(string(res.Data), `  "x-unknown": {
    "nested": [
      1,
      2.50,
      true,
      null,
      "éé<>"
    ]
  }
}
`) {
		t.Errorf("unknown keys not kept as they were:\n%s", res.Data)
	}
	if got := strings.Count(string(res.Data), "hookrun emit --dialect claude-code"); got != len(a.Events) {
		t.Errorf("%d hookrun entries, want %d", got, len(a.Events))
	}
	again, err := Merge(a, res.Data, opts)
	if err != nil || again.Changed || len(again.Added)+len(again.Updated) != 0 {
		t.Errorf("second merge: changed %v added %v updated %v err %v", again.Changed, again.Added, again.Updated, err)
	}
}

// A hookrun entry already in the file is rewritten in place, not doubled;
// a file whose entries are all current is left byte for byte.
func TestMergeUpdatesInPlace(t *testing.T) {
	a := agent(t, dialect.Codex)
	first, _ := Merge(a, nil, opts)
	longer, err := Merge(a, first.Data, Options{Timeout: 90 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if !longer.Changed || len(longer.Added) != 0 || !slices.Equal(longer.Updated, a.Events) {
		t.Errorf("changed %v added %v updated %v", longer.Changed, longer.Added, longer.Updated)
	}
	if strings.Count(string(longer.Data), `"timeout": 90`) != len(a.Events) || strings.Contains(string(longer.Data), `"timeout": 120`) {
		t.Errorf("timeouts not rewritten in place:\n%s", longer.Data)
	}
	entry := func(ev string) string {
		return `"` + ev + `":[{"hooks":[{"type":"command","command":` + jsonString(a.Command(opts, ev)) + `,"timeout":120}]}]`
	}
	compact := []byte(`{"hooks":{` + entry("UserPromptSubmit") + `,` + entry("PreToolUse") + `,` + entry("PostToolUse") + `,` + entry("Stop") + `}}`)
	same, err := Merge(a, compact, opts)
	if err != nil || same.Changed || string(same.Data) != string(compact) {
		t.Errorf("an up-to-date file was rewritten (err %v):\n%s", err, same.Data)
	}
}

func TestMergeRefusesWhatItCannotEdit(t *testing.T) {
	tests := []struct {
		old, want string
	}{
		// Gemini CLI reads comments (it strips them first): the refusal says where, and what to do.
		{"{\n  // a comment\n  \"hooks\": {}\n}", `.gemini/settings.json has a comment at line 2, column 3: gemini-cli reads comments in it, but hookrun edits only plain JSON and would lose them; remove the file's comments (hookrun keeps everything else, in its order) and run hookrun install gemini-cli again`},
		{`{"url": "http://x", "a": 1,}`, `.gemini/settings.json is not valid JSON: invalid character '}' looking for beginning of object key string at line 1, column 28 (hookrun edits only plain JSON; fix or move the file first)`},
		{`[1]`, `.gemini/settings.json must hold a JSON object`},
		{`{"hooks": []}`, `.gemini/settings.json: "hooks" must be an object`},
		{`{"hooks": {"BeforeTool": {}}}`, `.gemini/settings.json: "hooks.BeforeTool" must be an array`},
		{`{} {}`, `.gemini/settings.json is not valid JSON: more than one JSON document (hookrun edits only plain JSON; fix or move the file first)`},
	}
	a := agent(t, dialect.GeminiCLI)
	for _, tt := range tests {
		_, err := Merge(a, []byte(tt.old), opts)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Merge(%q) error\n%v\nwant\n%s", tt.old, err, tt.want)
		}
	}
	if _, err := Merge(a, nil, Options{}); err == nil || err.Error() != "the timeout must be positive, got 0s" {
		t.Errorf("zero timeout: %v", err)
	}
}

func TestEmit(t *testing.T) {
	tests := []struct {
		dialect  dialect.Name
		hooksDir string
		want     string
	}{
		{dialect.ClaudeCode, "", `hookrun emit --dialect claude-code`},
		{dialect.Cursor, "ops/hooks", `hookrun emit --dialect cursor --hooks-dir ops/hooks`},
		{dialect.Codex, "my hooks/it's", `hookrun emit --dialect codex --hooks-dir 'my hooks/it'\''s'`},
	}
	for _, tt := range tests {
		if got := agent(t, tt.dialect).Emit(Options{HooksDir: tt.hooksDir}); got != tt.want {
			t.Errorf("%s command = %s, want %s", tt.dialect, got, tt.want)
		}
	}
}

// The command every agent runs fails closed at its boundary with hookrun:
// run by sh as the agents run it, with no hookrun on PATH it blocks (exit
// 2, a reason naming what to install) on the events that guard an action,
// and exits 1 on the others. On those that guard an action, a hookrun
// that ends without an answer (killed, exit 1) is a block too, and
// hookrun's own exit 2 and answers pass as they are; on the others
// hookrun replaces the shell (exec), so a signal to the shell's pid
// reaches hookrun. It holds no $NAME or ${NAME} for an agent to rewrite.
func TestCommandFailsClosed(t *testing.T) {
	empty := t.TempDir()
	fake := t.TempDir()
	// A stand-in hookrun that does what HR_DO says, else prints its pid.
	standIn := "#!/bin/sh\ncase $HR_DO in\nkill) kill -9 $$ ;;\nexit1) echo broken >&2; exit 1 ;;\nexit2) echo 'its own reason' >&2; exit 2 ;;\nanswer) echo '{\"answer\":1}' ;;\nsilent) exit 0 ;;\ngarbage) echo '{\"not\": an answer' ;;\ntwo) echo '{}'; echo '{}' ;;\n*) echo \"$$\" ;;\nesac\n"
	if err := os.WriteFile(filepath.Join(fake, "hookrun"), []byte(standIn), 0o755); err != nil {
		t.Fatal(err)
	}
	rewritten := regexp.MustCompile(`\$(\w|\{)`) // Gemini CLI's settings variables
	guarding := map[dialect.Name][]string{
		dialect.ClaudeCode: {"UserPromptSubmit", "UserPromptExpansion", "PreToolUse", "PreSkillShellCommand"},
		dialect.GeminiCLI:  {"BeforeAgent", "BeforeTool"},
		dialect.Codex:      {"UserPromptSubmit", "PreToolUse"},
		dialect.Cursor:     {"beforeSubmitPrompt", "beforeShellExecution", "beforeMCPExecution", "beforeReadFile"},
	}
	for _, d := range dialect.Agents {
		a := agent(t, d.Name)
		if a.Plugin != nil {
			continue // no command line: the plugin fails closed itself (testdata/scripts/dialect_opencode.txtar)
		}
		for _, ev := range a.Events {
			cmd := a.Command(Options{HooksDir: "my hooks"}, ev)
			if rewritten.MatchString(cmd) {
				t.Errorf("%s %s: the command holds a variable an agent may rewrite: %s", a.Dialect, ev, cmd)
			}
			if a.AnswerFailures && a.guards(ev) {
				continue // TestAnsweringCommandFailsClosed
			}
			want := 1
			if slices.Contains(guarding[a.Dialect], ev) {
				want = 2
			}
			// A shell agent hands the line to sh; another may split it into
			// words itself, which for the /bin/sh -c form is the same as
			// running sh with the script.
			run := func() *exec.Cmd { return exec.Command("/bin/sh", "-c", cmd) }
			if !a.Shell {
				// The words an agent that splits the line would get.
				out, err := exec.Command("/bin/sh", "-c", "set -- "+cmd+"; printf '%s\\0' \"$@\"").Output()
				words := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
				if err != nil || len(words) != 3 || words[0] != "/bin/sh" || words[1] != "-c" {
					t.Fatalf("%s %s: %s is neither a shell line nor one /bin/sh -c word (%q, %v)", a.Dialect, ev, cmd, words, err)
				}
				run = func() *exec.Cmd { return exec.Command(words[0], words[1:]...) }
			}
			sh := run()
			sh.Env = []string{"PATH=" + empty}
			var stderr strings.Builder
			sh.Stderr = &stderr
			err := sh.Run()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != want || !strings.Contains(stderr.String(), "hookrun is not installed or not on PATH") {
				t.Errorf("%s %s without hookrun: %v, stderr %q; want exit %d and what to install", a.Dialect, ev, err, stderr.String(), want)
			}
			if want == 1 {
				sh = run()
				sh.Env = []string{"PATH=" + fake + ":/usr/bin:/bin"}
				out, err := sh.Output()
				if err != nil || strings.TrimSpace(string(out)) != strconv.Itoa(sh.Process.Pid) {
					t.Errorf("%s %s: hookrun ran as pid %q (%v), the shell was %d: the command must exec hookrun", a.Dialect, ev, out, err, sh.Process.Pid)
				}
				continue
			}
			blocked := "hookrun gave no answer, so this action is blocked: it failed, was stopped from outside, or is not the hookrun this entry was written for; run hookrun validate in the project, and see the hook log of the agent\n"
			for _, c := range []struct {
				do, stdout, stderr string
				code               int
			}{
				{"kill", "", blocked, 2},
				{"exit1", "", "broken\n" + blocked, 2},
				{"exit2", "", "its own reason\n" + blocked, 2},
				{"answer", "{\"answer\":1}\n", "", 0},
				// Exit 0 with no answer the agent can read, which every
				// agent but OpenCode takes for an allow.
				{"silent", "", blocked, 2},
				{"garbage", "", blocked, 2},
				{"two", "", blocked, 2},
			} {
				sh = run()
				sh.Env = []string{"PATH=" + fake + ":/usr/bin:/bin", "HR_DO=" + c.do}
				var stdout, stderr strings.Builder
				sh.Stdout, sh.Stderr = &stdout, &stderr
				err := sh.Run()
				code := 0
				if errors.As(err, &ee) {
					code = ee.ExitCode()
				}
				gotErr := stderr.String()
				if c.do == "kill" && strings.Count(gotErr, "\n") > 1 {
					_, gotErr, _ = strings.Cut(gotErr, "\n") // what a shell says of it (dash: "Killed")
				}
				if code != c.code || stdout.String() != c.stdout || gotErr != c.stderr {
					t.Errorf("%s %s with a hookrun that does %s: exit %d (%v), stdout %q, stderr %q; want exit %d, stdout %q, stderr %q", a.Dialect, ev, c.do, code, err, stdout.String(), stderr.String(), c.code, c.stdout, c.stderr)
				}
			}
		}
	}
}

// The timeout is written in the agent's unit, rounded up.
func TestTimeoutUnits(t *testing.T) {
	o := Options{Timeout: 1500 * time.Millisecond}
	if got := agent(t, dialect.ClaudeCode).timeout(o); got != 2 {
		t.Errorf("claude-code timeout %d s, want 2", got)
	}
	if got := agent(t, dialect.GeminiCLI).timeout(o); got != 1500 {
		t.Errorf("gemini-cli timeout %d ms, want 1500", got)
	}
}

// Every event install routes to hookrun is one hookrun answers with hooks,
// not with "no opinion".
func TestEventsAreMapped(t *testing.T) {
	for _, d := range dialect.Agents {
		a := agent(t, d.Name)
		for _, ev := range a.Events {
			c, _ := dialect.Read(a.Dialect, []byte(`{"hook_event_name":"`+ev+`"}`))
			if c == nil || c.Kind == dialect.Unmapped {
				t.Errorf("%s %s: install routes it, but it maps to no hookrun event", a.Dialect, ev)
			}
		}
	}
}

// jsonString is s as a JSON string, as the settings file writes it.
func jsonString(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// Codex trusts a hook by its place in the file (event, group, handler) and
// a hash of its matcher, command and timeout: once install has run, running
// it again must leave every entry where and as it is, whatever the person
// added around it, or Codex silently stops running hookrun until someone
// trusts the entries again.
func TestRerunKeepsCodexTrust(t *testing.T) {
	a := agent(t, dialect.Codex)
	first, err := Merge(a, nil, opts)
	if err != nil {
		t.Fatal(err)
	}
	// The person adds a hook of their own and a key Codex may add one day.
	edited := strings.Replace(string(first.Data), `"Stop": [`, `"Stop": [
      {"matcher": "", "hooks": [{"type": "command", "command": "./notify.sh", "timeout": 5}]},`, 1)
	edited = strings.Replace(edited, `"hooks": {`, `"x-trust": {"keep": true},
  "hooks": {`, 1)
	again, err := Merge(a, []byte(edited), opts)
	if err != nil {
		t.Fatal(err)
	}
	if again.Changed || string(again.Data) != edited {
		t.Errorf("re-running install changed the file (added %v, updated %v):\n%s", again.Added, again.Updated, again.Data)
	}
}

// An event an earlier install routed and this one does not (Gemini CLI's
// SessionEnd, now that AfterAgent is SessionStop) loses hookrun's entry,
// and only that: the person's own hooks stay, and an event left with no
// hooks at all goes.
func TestMergeRetiresEvents(t *testing.T) {
	a := agent(t, dialect.GeminiCLI)
	ours := `{"name": "hookrun", "type": "command", "command": "exec hookrun emit --dialect gemini-cli", "timeout": 1}`
	tests := []struct{ old, want string }{
		{`{"hooks": {"SessionEnd": [{"hooks": [` + ours + `]}]}}`, `{"hooks": {}}`},
		{`{"hooks": {"SessionEnd": [{"matcher": "exit", "hooks": [{"command": "./mine.sh"}, ` + ours + `]}]}}`,
			`{"hooks": {"SessionEnd": [{"matcher": "exit", "hooks": [{"command": "./mine.sh"}]}]}}`},
		{`{"hooks": {"SessionEnd": [{"hooks": [{"command": "./mine.sh"}]}, {"hooks": [` + ours + `]}]}}`,
			`{"hooks": {"SessionEnd": [{"hooks": [{"command": "./mine.sh"}]}]}}`},
	}
	for _, tt := range tests {
		res, err := Merge(a, []byte(tt.old), opts)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(res.Removed, []string{"SessionEnd"}) {
			t.Errorf("%s: removed %v, want [SessionEnd]", tt.old, res.Removed)
		}
		var got, want map[string]map[string]any
		if err := json.Unmarshal(res.Data, &got); err != nil {
			t.Fatal(err)
		}
		_ = json.Unmarshal([]byte(tt.want), &want)
		for _, ev := range a.Events {
			delete(got["hooks"], ev)
		}
		if g, w := mustJSON(t, got), mustJSON(t, want); g != w {
			t.Errorf("%s:\ngot  %s\nwant %s", tt.old, g, w)
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// hookrun's handler in a group with a matcher runs only for the tools the matcher names: a
// repository's settings file holding it under "matcher": "NoSuchTool" looked installed (install
// said it updated the entries) while the agent ran hookrun for no tool. It moves to a group of its
// own, the matcher's other handlers stay under it, and a second install changes nothing.
func TestMergeMovesHookrunOutOfAMatcher(t *testing.T) {
	for _, n := range []dialect.Name{dialect.ClaudeCode, dialect.Codex, dialect.GeminiCLI} {
		a := agent(t, n)
		ours := a.handler(opts, "PreToolUse")
		if n == dialect.GeminiCLI {
			ours = a.handler(opts, "BeforeTool")
		}
		ev := map[dialect.Name]string{dialect.GeminiCLI: "BeforeTool"}[n]
		if ev == "" {
			ev = "PreToolUse"
		}
		old := `{"hooks": {"` + ev + `": [
  {"matcher": "NoSuchTool", "hooks": [` + string(ours.Encode()) + `]},
  {"matcher": "Bash", "hooks": [{"type": "command", "command": "./lint.sh"}, ` + string(ours.Encode()) + `]}
]}}`
		first, err := Merge(a, []byte(old), opts)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		if !slices.Contains(first.Updated, ev) || slices.Contains(first.Added, ev) {
			t.Errorf("%s: added %v updated %v, want %s updated", n, first.Added, first.Updated, ev)
		}
		var doc struct {
			Hooks map[string][]struct {
				Matcher *string           `json:"matcher"`
				Hooks   []json.RawMessage `json:"hooks"`
			} `json:"hooks"`
		}
		if err := json.Unmarshal(first.Data, &doc); err != nil {
			t.Fatal(err)
		}
		groups := doc.Hooks[ev]
		if len(groups) != 2 || groups[0].Matcher == nil || *groups[0].Matcher != "Bash" || len(groups[0].Hooks) != 1 ||
			groups[1].Matcher != nil || len(groups[1].Hooks) != 1 || !strings.Contains(string(groups[1].Hooks[0]), a.marker()) {
			t.Errorf("%s: %s groups after install:\n%s", n, ev, first.Data)
		}
		if again, err := Merge(a, first.Data, opts); err != nil || again.Changed {
			t.Errorf("%s: second install changed %v (%v)", n, again.Changed, err)
		}
	}
}

// TestCursorGuardsFailClosed: Cursor runs the call when a hook times out, crashes or answers no
// JSON unless the entry says failClosed, and its default timeout is not documented: hookrun's
// entries on the events that guard an action say failClosed, the others (which cannot block) not.
func TestCursorGuardsFailClosed(t *testing.T) {
	a := agent(t, dialect.Cursor)
	res, err := Merge(a, nil, Options{Timeout: 2 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ojson.Parse(res.Data)
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range a.Events {
		entry := doc.Get("hooks").Get(ev).Items()[0]
		want := map[bool]string{true: "true", false: ""}[a.guards(ev)]
		if got := compact(entry.Get("failClosed")); got != want {
			t.Errorf("%s: failClosed %q, want %q", ev, got, want)
		}
	}
	// An entry without it is not install's: validate names it, and install rewrites it.
	old := strings.Replace(string(res.Data), `"failClosed": true`, `"failClosed": false`, 1)
	again, err := Merge(a, []byte(old), Options{Timeout: 2 * time.Minute})
	if err != nil || !slices.Equal(again.Updated, []string{"beforeSubmitPrompt"}) || string(again.Data) != string(res.Data) {
		t.Errorf("a merge over failClosed false: updated %v (err %v), want beforeSubmitPrompt rewritten as install writes it", again.Updated, err)
	}
}
