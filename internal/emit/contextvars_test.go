package emit

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
)

// A prompt too long for one environment string leaves HOOKRUN_PROMPT out (the handler reads stdin
// then) rather than making the handler fail to start; a NUL byte is dropped, as for the ids.
func TestContextVarsLongAndNUL(t *testing.T) {
	for _, tc := range []struct {
		prompt string
		want   []string
	}{
		{"short\\u0000one", []string{"HOOKRUN_PROMPT=shortone"}},
		{strings.Repeat("x", maxVarBytes), []string{"HOOKRUN_PROMPT=" + strings.Repeat("x", maxVarBytes)}},
		{strings.Repeat("x", maxVarBytes+1), nil},
	} {
		c, err := event.ParseContext([]byte(`{"session_id":"s","user_raw_input":"`+tc.prompt+`"}`), event.PromptSubmit)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, kv := range appendContextVars(nil, c) {
			if strings.HasPrefix(kv, "HOOKRUN_PROMPT=") {
				got = append(got, kv)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("prompt of %d bytes: got %.60q, want %.60q", len(tc.prompt), got, tc.want)
		}
	}
}

// A changed file's name holding a newline must not read as two names in
// HOOKRUN_CHANGED_FILES: it is written quoted, as git quotes such names,
// and so is a name that begins with a double quote.
func TestChangedFilesVarQuotesUnusualNames(t *testing.T) {
	c, err := event.ParseContext([]byte(`{"session_id":"s","changed_files":["a.go","services/evil\n.go","\"q\".go","tab\there","back\\slash"]}`), event.SessionStop)
	if err != nil {
		t.Fatal(err)
	}
	var got string
	for _, kv := range appendContextVars(nil, c) {
		if v, ok := strings.CutPrefix(kv, "HOOKRUN_CHANGED_FILES="); ok {
			got = v
		}
	}
	want := "a.go\n\"services/evil\\n.go\"\n\"\\\"q\\\".go\"\n\"tab\\there\"\nback\\slash"
	if got != want {
		t.Errorf("HOOKRUN_CHANGED_FILES = %q, want %q", got, want)
	}
}

// changed_files are cleaned against the project root before
// only_if_changed_paths sees them: x/../services/a.go is services/a.go.
func TestWithPathsCleansChangedFiles(t *testing.T) {
	c, err := event.ParseContext([]byte(`{"session_id":"s","changed_files":["x/../services/a.go","./b","c//d/","/proj/e/f","/elsewhere/g","../h","~/i"]}`), event.SessionStop)
	if err != nil {
		t.Fatal(err)
	}
	WithPaths(c, "/proj", nil)
	want := []string{"services/a.go", "b", "c/d", "e/f", "/elsewhere/g", "/h", "~/i"}
	if !slices.Equal(c.ChangedFiles, want) {
		t.Errorf("ChangedFiles = %q, want %q", c.ChangedFiles, want)
	}
	if got := string(c.Fields["changed_files"]); got != `["services/a.go","b","c/d","e/f","/elsewhere/g","/h","~/i"]` {
		t.Errorf("the changed_files handlers read = %s", got)
	}
}

// FuzzChangedFilesVar: HOOKRUN_CHANGED_FILES read line by line, a line
// that begins with " unquoted, gives back exactly the names, whatever they
// hold.
func FuzzChangedFilesVar(f *testing.F) {
	f.Add("a.go", "services/evil\n.go", `"q".go`)
	f.Add("", "\r", "\\")
	f.Fuzz(func(t *testing.T, a, b, c string) {
		names := []string{a, b, c}
		var got []string
		for _, line := range strings.Split(changedFilesVar(names), "\n") {
			if strings.HasPrefix(line, `"`) {
				u, err := strconv.Unquote(line)
				if err != nil {
					t.Fatalf("line %q does not unquote: %v", line, err)
				}
				line = u
			}
			got = append(got, line)
		}
		if !slices.Equal(got, names) {
			t.Fatalf("read back %q, want %q", got, names)
		}
	})
}

// A variable hookrun sets for its handlers is never the caller's: a
// prompt too long for HOOKRUN_PROMPT left the caller's HOOKRUN_PROMPT in
// place, and Gemini CLI fills its hooks' environment from the project's
// .env, so a repository's `HOOKRUN_PROMPT=hello` reached a guard that reads
// the variable under set -u (the documented defence against an unset one)
// in place of a long prompt; a context without a status kept the caller's
// HOOKRUN_STATUS the same way had hookrun not set it empty.
func TestHandlerEnvDropsTheCallersHookrunVars(t *testing.T) {
	c, err := event.ParseContext([]byte(`{"session_id":"s","user_raw_input":"`+strings.Repeat("x", maxVarBytes+1)+`"}`), event.PromptSubmit)
	if err != nil {
		t.Fatal(err)
	}
	h := &config.Hook{ID: "guard"}
	base := []string{"PATH=/bin", "HOOKRUN_PROMPT=hello", "HOOKRUN_HOOK_ID=other", "HOOKRUN_CHANGED_FILES=x", "HOOKRUN_HOOKS_DIR=/h"}
	var got []string
	for _, kv := range handlerEnv(base, c, h, "/proj") {
		if name, _, _ := strings.Cut(kv, "="); strings.HasPrefix(name, "HOOKRUN_") || name == "PATH" {
			got = append(got, kv)
		}
	}
	want := []string{"PATH=/bin", "HOOKRUN_HOOKS_DIR=/h", "HOOKRUN_EVENT=PromptSubmit", "HOOKRUN_HOOK_ID=guard", "HOOKRUN_PROJECT_DIR=/proj",
		"HOOKRUN_ABILITY_ID=", "HOOKRUN_CALLER_SOURCE=", "HOOKRUN_SESSION_ID=s", "HOOKRUN_STATUS=", "HOOKRUN_DURATION_MS=", "HOOKRUN_ENVIRONMENT=", "HOOKRUN_CHANGED_FILES="}
	if !slices.Equal(got, want) {
		t.Errorf("handler env:\n got %q\nwant %q", got, want)
	}
}
