package inspect

import (
	"strings"
	"testing"

	"github.com/hookrun/hookrun/internal/config"
)

// TestMeantVar: an unset variable that shares a word with one hookrun
// sets is pointed at it; one that shares none is not.
func TestMeantVar(t *testing.T) {
	for name, want := range map[string]string{
		"HOOKRUN_PROJECT_ROOT":    "HOOKRUN_PROJECT_DIR",
		"HOOKRUN_SOURCE":          "HOOKRUN_CALLER_SOURCE",
		"HOOKRUN_HOOK_EVENT_NAME": "HOOKRUN_EVENT",
		"HOOKRUN_TOOL_ID":         "",
		"HOOKRUN_COMMAND":         "",
	} {
		if got := meantVar(name); got != want {
			t.Errorf("meantVar(%s) = %q, want %q", name, got, want)
		}
	}
}

// FuzzUnsetVar: a handler's text is the repository's; whatever it holds,
// the name unsetVar finds is a HOOKRUN_ name written there, at the offset
// given, and not one hookrun sets.
func FuzzUnsetVar(f *testing.F) {
	f.Add(`case "$HOOKRUN_COMMAND" in *rm*) exit 2;; esac`)
	f.Add(`os.environ["HOOKRUN_PROJECT_ROOT"] + $HOOKRUN_EVENT`)
	f.Add("HOOKRUN_\x00HOOKRUN_A_ HOOKRUN_é")
	re := hookrunVar()
	f.Fuzz(func(t *testing.T, text string) {
		name, at := unsetVar(re, text, config.HandlerVars)
		if name == "" {
			return
		}
		if !strings.HasPrefix(text[at:], name) || !strings.HasPrefix(name, "HOOKRUN_") {
			t.Fatalf("unsetVar(%q) = %q at %d", text, name, at)
		}
		for _, v := range config.HandlerVars {
			if name == v {
				t.Fatalf("unsetVar(%q) named %s, which hookrun sets", text, name)
			}
		}
	})
}
