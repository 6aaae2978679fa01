package config

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	yaml "go.yaml.in/yaml/v3"

	"github.com/hookrun/hookrun/internal/event"
)

// FuzzParseFile feeds arbitrary bytes to the declaration decoder. It must
// never panic, and what it returns must hold together: every finding has a
// position inside the file and a message; a hook with no error is a hook
// hookrun can run. The committed corpus in testdata/fuzz/FuzzParseFile
// holds the nasty cases (alias bombs, deep nesting, bad encodings, NUL
// bytes, tabs, several documents, duplicate keys, a 70 KB string);
// TestDeepNesting and TestHugeFile cover the sizes at yaml.v3's limits,
// which would slow the fuzzer down.
func FuzzParseFile(f *testing.F) {
	f.Add([]byte(validHook))
	f.Add([]byte(billionLaughs))
	f.Add([]byte("id: g\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: rules\n  rules:\n    - decision: deny\n      reason: r\n      commands: [\"git push origin main\", \"GIT|git -C x push * rel|x --force\", \"git push -- \"]\n"))
	f.Add([]byte("id: g\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: rules\n  rules:\n    - decision: deny\n      reason: r\n      commands: [\"rm -rfv|-fr|-- x\", \"git push --force|+* main\", \"git clean -fdx\", \"A=1 chmod|chown -R -\", \"Bash(rm -rf:*)\", \"Bash()\"], paths: [\"Edit(./.env)\", \"(x)\"]\n"))
	f.Add([]byte("id: g\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: rules\n  rules:\n    - decision: deny\n      reason: r\n      commands: [\"curl * | sh\", \"&& x ;\", \"| |\", \"git commit -n\"]\n"))
	f.Add([]byte("id: g\nevent_type: PromptSubmit\nenabled: true\nblocking: true\nhandler:\n  kind: rules\n  rules:\n    - decision: deny\n      reason: r\n      prompt: \"AKIA[0-9A-Z]{16}|pässword|ß|drop (table|x)\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		h, fs := ParseFile("f.yaml", data)
		lines := bytes.Count(data, []byte("\n")) + bytes.Count(data, []byte("\r")) + 2
		for _, fd := range fs {
			if fd.Line < 1 || fd.Col < 1 || fd.Line > lines {
				t.Errorf("finding outside the file (%d lines): %+v", lines, fd)
			}
			if fd.Message == "" || fd.File != "f.yaml" || (fd.Severity != Error && fd.Severity != Warning) {
				t.Errorf("malformed finding: %+v", fd)
			}
			if !utf8.ValidString(fd.Message) {
				t.Errorf("message is not UTF-8: %q", fd.Message)
			}
		}
		if HasErrors(fs) {
			return
		}
		if h == nil {
			t.Fatalf("no error and no hook")
		}
		if !ValidID(h.ID) {
			t.Errorf("valid hook with id %q", h.ID)
		}
		if _, ok := event.Parse(string(h.Event)); !ok {
			t.Errorf("valid hook with event %q", h.Event)
		}
		runnable := h.Handler.Kind == "script" && h.Handler.Command != "" ||
			h.Handler.Kind == "rules" && h.Handler.Rules != nil && len(h.Handler.Rules.Rules) > 0 ||
			h.Handler.Kind == "http" && h.Handler.HTTP != nil
		if h.Enabled && !runnable {
			t.Errorf("valid enabled hook with no runnable handler: %+v", h.Handler)
		}
		if h.Handler.Timeout <= 0 || h.OnError != OnErrorSkip && h.OnError != OnErrorBlock {
			t.Errorf("valid hook with timeout %v, on_error %q", h.Handler.Timeout, h.OnError)
		}
		if h.OnError == OnErrorBlock && !h.Blocking {
			t.Errorf("valid non-blocking hook with on_error: block")
		}
	})
}

const validHook = `id: prod_config_guard
event_type: PreAbilityCall
enabled: true
blocking: true
match:
  ability_scope: "edit_file"
handler:
  kind: script
  command: ./scripts/hooks/prod_config_guard.sh
`

// billionLaughs expands to 9^9 strings if anything expands its aliases.
const billionLaughs = `a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
`

// TestAliasBomb: a billion-laughs file is refused at its first anchor,
// promptly. yaml.v3 keeps aliases unexpanded in a Node tree, so parsing it
// costs no more than its size; the bound only proves "does not hang".
func TestAliasBomb(t *testing.T) {
	var n yaml.Node
	start := cpuTime()
	if err := yaml.Unmarshal([]byte(billionLaughs), &n); err != nil {
		t.Fatalf("yaml.v3 itself: %v", err)
	}
	_, fs := ParseFile("f.yaml", []byte(billionLaughs))
	if d := cpuTime() - start; d > 10*time.Second {
		t.Errorf("took %v of CPU", d)
	}
	want := []string{"1:4: YAML anchor &a: anchors, aliases and merge keys are not supported in hook files"}
	if got := show(fs); !equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestHugeFile: a megabyte-long value is read; a syntax error in a big file
// is still placed, within the search's budget.
func TestHugeFile(t *testing.T) {
	tests := []struct {
		data string
		want []string
	}{
		{"summary: \"" + strings.Repeat("x", 1<<20) + "\"\n" + validHook, []string{}},
		{"id: g\nsummary: \"" + strings.Repeat("never closed ", 1<<15) + "\nevent_type: SessionStop\n", []string{
			// The line is exact; on a line of 425 KB the column search
			// runs out of budget and points at the line's start.
			"2:1: YAML syntax error: found unexpected end of stream (is a quoted string left open?)",
		}},
		{"id: g\nsummary: " + strings.Repeat("- ", 5000) + "x\n", []string{
			"2:10: YAML syntax error: block sequence entries are not allowed in this context",
		}},
	}
	for _, tt := range tests {
		start := cpuTime()
		_, fs := ParseFile("f.yaml", []byte(tt.data))
		if d := cpuTime() - start; d > 30*time.Second {
			t.Errorf("took %v of CPU", d)
		}
		if got := show(fs); !equal(got, tt.want) {
			t.Errorf("%.40q…:\n got  %q\n want %q", tt.data, got, tt.want)
		}
	}
}

// TestDeepNesting: nesting is not an alias; yaml.v3 caps it at 10000 levels.
func TestDeepNesting(t *testing.T) {
	tests := []struct {
		data string
		want []string
	}{
		{strings.Repeat("[", 9999) + strings.Repeat("]", 9999), []string{"1:1: top level must be a mapping declaring one hook, got a list"}},
		{"id: a\nsummary: " + strings.Repeat("[", 10001), []string{"2:10010: YAML syntax error: exceeded max depth of 10000"}},
		{"id: a\neffects:\n  - " + strings.Repeat("{a: ", 100) + "b" + strings.Repeat("}", 100) + "\n", []string{
			"1:1: missing required key \"event_type\": add event_type: one of PromptSubmit, PreAbilityCreate, PreAbilityCall, PostAbilityCall, SessionStop",
			"1:1: missing required key \"enabled\": add enabled: true (false switches the hook off)",
			"1:1: missing required key \"blocking\": add blocking: false, or true to let the hook deny or ask for a human",
			"1:1: missing key \"handler\": a hook needs handler.kind and handler.command unless enabled: false",
			"3:5: effects: each entry must be a string or a one-key mapping such as \"append_to: path\", got a mapping",
		}},
	}
	for _, tt := range tests {
		_, fs := ParseFile("f.yaml", []byte(tt.data))
		if got := show(fs); !equal(got, tt.want) {
			t.Errorf("%.40q…:\n got  %q\n want %q", tt.data, got, tt.want)
		}
	}
}

func equal(a, b []string) bool { return strings.Join(a, "\n") == strings.Join(b, "\n") }

// panicReader stands for a yaml.v3 bug: reading from it panics.
type panicReader struct{}

func (panicReader) Read([]byte) (int, error) { panic("boom") }

func TestDecodeNodeRecoversParserPanic(t *testing.T) {
	var n yaml.Node
	err := decodeNode(yaml.NewDecoder(panicReader{}), &n)
	if err == nil || err.Error() != "yaml: the YAML parser failed on this file (boom)" {
		t.Errorf("err = %v", err)
	}
	if p, _ := splitYAMLError(err); p != "the YAML parser failed on this file (boom)" {
		t.Errorf("problem = %q", p)
	}
}

// FuzzSpaceBound feeds prompt patterns, which a hook file in the
// repository holds, to the literal-space check. It must never panic; a
// pattern it warns of gets a prompt with a doubled space and a pattern to
// write that compiles, and a pattern with no space is never warned of.
func FuzzSpaceBound(f *testing.F) {
	for _, s := range []string{"ignore previous", "(?i)ignore (all )?previous instructions", "BEGIN .*KEY", "a +b", "[ ]x", `\Qa b\E`, "a {2}", "(?-i)rm -rf", "a|b c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pattern string) {
		re, err := regexp.Compile(pattern)
		if err != nil {
			return
		}
		passes, fixed := spaceBound(re)
		if passes == "" {
			return
		}
		if !strings.Contains(passes, "  ") || !strings.Contains(pattern, " ") {
			t.Fatalf("spaceBound(%q) = %q, %q: no doubled space, or none in the pattern", pattern, passes, fixed)
		}
		if _, err := regexp.Compile(fixed); err != nil {
			t.Fatalf("spaceBound(%q) names %q to write, which does not compile: %v", pattern, fixed, err)
		}
	})
}
