package inspect

import (
	"bufio"
	"bytes"
	"fmt"
	"iter"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/safefile"
)

// byHandNotes warns of a blocking guard whose shell script reads a field
// of the context out of its JSON text with grep, sed, awk or cut. The text
// holds the call's own input too: a key nested in ability_args or a command
// (an AI session's {"ability_args":{"source":"manual_cli"}}) matches the
// same pattern as the real field, so the guard may decide on what the
// agent wrote. hookrun hands the common fields over as HOOKRUN_* variables,
// and jq or a JSON library reads the rest.
func byHandNotes(set *config.Set, root string) []config.Finding {
	fields := contextFieldNames()
	key := jsonKey()
	var out []config.Finding
	for _, h := range set.Hooks {
		if h.Disabled || !h.Blocking || h.Handler.Kind != config.KindScript {
			continue
		}
		for _, f := range handlerFiles(h, root) {
			n, tool, name := readsJSONByHand(f, key, fields)
			if n == 0 {
				continue
			}
			out = append(out, config.Finding{File: f, Line: n, Col: 1, Severity: config.Warning, HookID: h.ID,
				Message: fmt.Sprintf(`hook %s runs this script as a guard, and this line reads the context's JSON as text with %s: a key in the call's own input, as in {"ability_args":{%q:…}}, matches as well as the real %s does; read $HOOKRUN_CALLER_SOURCE, $HOOKRUN_ABILITY_ID and the other HOOKRUN_* variables (docs/handlers.md), parse stdin with jq, or guard commands and paths with a rules hook (docs/rules.md)`, h.ID, tool, name, name)})
		}
	}
	return out
}

// jsonKey matches a JSON key in a script's text, as written or escaped
// for the shell ("source":, \"source\" :), the name its first group.
func jsonKey() *regexp.Regexp {
	return regexp.MustCompile(`\\?"([A-Za-z_][A-Za-z0-9_]*)\\?"[ \t*\\]*:`)
}

// contextFieldNames lists every event's context fields, and the names of
// the agents' own payloads a script written for an agent's hooks searches.
func contextFieldNames() []string {
	names := []string{"event_type", "tool_name", "tool_input", "tool_args", "toolName", "toolArgs", "file_path", "hook_event_name", "prompt", "cwd"}
	for _, ev := range event.All {
		for _, n := range event.FieldNames(ev) {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	return names
}

// maxScriptScan is how much of a handler script byHandNotes reads.
const maxScriptScan = 256 << 10

// codeLines yields each line of a script's text (its number, 1-based, and
// the line) that is not a comment (#, //), up to maxScriptScan bytes a line.
func codeLines(head []byte) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		sc := bufio.NewScanner(bytes.NewReader(head))
		sc.Buffer(make([]byte, 0, 4096), maxScriptScan)
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			if t := strings.TrimSpace(line); strings.HasPrefix(t, "#") || strings.HasPrefix(t, "//") {
				continue
			}
			if !yield(n, line) {
				return
			}
		}
	}
}

// readsJSONByHand returns the number of the first line of a shell script
// (0 when none) that runs a text tool on a pattern naming a context field
// as a JSON key, with the tool and the field.
func readsJSONByHand(file string, key *regexp.Regexp, fields []string) (int, string, string) {
	head, _, err := safefile.ReadHead(file, maxScriptScan)
	if err != nil {
		return 0, "", ""
	}
	sc := bufio.NewScanner(bytes.NewReader(head))
	sc.Buffer(make([]byte, 0, 4096), maxScriptScan)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if n == 1 && !shellScript(file, line) {
			return 0, "", ""
		}
		if t := strings.TrimSpace(line); t == "" || t[0] == '#' {
			continue
		}
		words := strings.FieldsFunc(line, func(r rune) bool {
			return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '_' || r == '-')
		})
		if slices.Contains(words, "jq") {
			continue
		}
		tool := ""
		for _, w := range words {
			switch w {
			case "grep", "egrep", "fgrep", "rg", "sed", "awk", "gawk", "mawk", "nawk", "cut":
				tool = w
			}
			if tool != "" {
				break
			}
		}
		if tool == "" {
			continue
		}
		for _, m := range key.FindAllStringSubmatch(line, -1) {
			if slices.Contains(fields, m[1]) {
				return n, tool, m[1]
			}
		}
	}
	return 0, "", ""
}

// shellSource is the text of the shell script file, its first
// maxScriptScan bytes, when its first line says it runs in a shell
// (shellScript). Like every reader of a guard's script here, it opens the
// file without blocking (a FIFO swapped in is refused), regular files only.
func shellSource(file string) (string, bool) {
	data, _, err := safefile.ReadHead(file, maxScriptScan)
	if err != nil {
		return "", false
	}
	first, _, _ := strings.Cut(string(data), "\n")
	return string(data), shellScript(file, first)
}

// shellScript reports whether a script whose first line is first runs in
// a shell: its #! names one, or it has none and its name ends in .sh.
func shellScript(file, first string) bool {
	if !strings.HasPrefix(first, "#!") {
		return strings.HasSuffix(file, ".sh") || strings.HasSuffix(file, ".bash")
	}
	words := strings.Fields(first[2:])
	if len(words) == 0 {
		return false
	}
	prog := filepath.Base(words[0])
	if prog == "env" {
		for _, w := range words[1:] {
			if !strings.HasPrefix(w, "-") {
				prog = filepath.Base(w)
				break
			}
		}
	}
	switch prog {
	case "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "busybox", "posh", "yash":
		return true
	}
	return false
}
