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

// FuzzExitsOneOnly: a guard's script is the repository's; whatever it
// holds, a line exitsOneOnly names is one of its lines, exits 1 at the
// column given, and no line of the script denies.
func FuzzExitsOneOnly(f *testing.F) {
	f.Add("#!/bin/sh\nif grep -q rm; then\n  exit 1\nfi\n")
	f.Add("import sys\nsys.exit(1)\n# exit 2\nprocess.exit( 2 )\n")
	f.Add("exit 1\r\nexit 2")
	one, denies := exitPatterns()
	f.Fuzz(func(t *testing.T, text string) {
		n, col := exitsOneOnly([]byte(text), one, denies)
		if n == 0 {
			return
		}
		lines := strings.Split(text, "\n")
		if n > len(lines) {
			t.Fatalf("line %d of %d lines", n, len(lines))
		}
		if m := one.FindStringIndex(lines[n-1]); m == nil || m[0]+1 != col {
			t.Fatalf("line %d %q, column %d: no exit 1 there", n, lines[n-1], col)
		}
		if denies.MatchString(text) && !strings.Contains(text, "#") && !strings.Contains(text, "//") && !strings.Contains(text, "\r") {
			t.Fatalf("%q denies, yet exitsOneOnly named line %d", text, n)
		}
	})
}
