package inspect

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/pathcase"
	"github.com/hookrun/hookrun/internal/safefile"
)

// hookrunVar matches a name of hookrun's variables in a handler's text.
// A function, as jsonKey is: validate alone reads it, and nothing is
// built before main (start_no_package_init).
func hookrunVar() *regexp.Regexp {
	return regexp.MustCompile(`\bHOOKRUN_[A-Z0-9_]*[A-Z0-9]\b`)
}

// callerKnobs are the HOOKRUN_ variables a person sets for hookrun itself,
// which a handler inherits with the rest of the caller's environment.
var callerKnobs = []string{"HOOKRUN_HOOKS_DIR", "HOOKRUN_AUDIT_LOG", config.TrustedDirsVar, "HOOKRUN_CACHE", pathcase.Env}

// unsetVarFindings warns of a script hook whose command line or script
// reads a HOOKRUN_ variable that hookrun does not set (HOOKRUN_COMMAND,
// HOOKRUN_PATHS, HOOKRUN_PROJECT_ROOT): it is empty, so a guard that tests
// it never fires. The variables hookrun sets (config.HandlerVars), those
// the hook's handler.env sets and the caller's knobs are left alone, and
// so is a comment line.
func unsetVarFindings(set *config.Set, root string) []config.Finding {
	re := hookrunVar()
	var out []config.Finding
	for _, h := range set.Hooks {
		if h.Disabled || h.Handler.Kind != config.KindScript {
			continue
		}
		known := slices.Concat(config.HandlerVars, callerKnobs)
		for _, v := range h.Handler.Env {
			known = append(known, v.Name)
		}
		line := strings.Join(append([]string{h.Handler.Command}, h.Handler.Args...), " ")
		if name, _ := unsetVar(re, line, known); name != "" {
			out = append(out, config.Finding{File: h.File, Line: h.CommandPos.Line, Col: h.CommandPos.Col, Severity: config.Warning, HookID: h.ID,
				Message: fmt.Sprintf("hook %s runs this command line, and it reads %s", h.ID, unsetVarAdvice(name))})
		}
		for _, f := range handlerFiles(h, root) {
			n, col, name := scriptUnsetVar(re, f, known)
			if n == 0 {
				continue
			}
			out = append(out, config.Finding{File: f, Line: n, Col: col, Severity: config.Warning, HookID: h.ID,
				Message: fmt.Sprintf("hook %s runs this script, and this line reads %s", h.ID, unsetVarAdvice(name))})
		}
	}
	return out
}

// unsetVar is the first HOOKRUN_ name in text that is not known, and its
// byte offset; "" when none.
func unsetVar(re *regexp.Regexp, text string, known []string) (string, int) {
	for _, m := range re.FindAllStringIndex(text, -1) {
		if name := text[m[0]:m[1]]; !slices.Contains(known, name) {
			return name, m[0]
		}
	}
	return "", 0
}

// scriptUnsetVar is the first line of the script file (its number and the
// name's column, 1-based) that reads a HOOKRUN_ variable not known, and
// the name; 0 when none. A line that is a comment (#, //) is passed over.
func scriptUnsetVar(re *regexp.Regexp, file string, known []string) (int, int, string) {
	head, _, err := safefile.ReadHead(file, maxScriptScan)
	if err != nil || bytes.IndexByte(head, 0) >= 0 { // a program, not a script
		return 0, 0, ""
	}
	for n, line := range codeLines(head) {
		if name, at := unsetVar(re, line, known); name != "" {
			return n, at + 1, name
		}
	}
	return 0, 0, ""
}

// unsetVarAdvice says that hookrun does not set name, which variable it
// may have meant, and where the rest of the context is.
func unsetVarAdvice(name string) string {
	meant := ""
	if v := meantVar(name); v != "" {
		meant = " (did you mean " + v + "?)"
	}
	sets := config.HandlerVars
	return fmt.Sprintf("%s, which hookrun does not set: it is empty, so a test on it never fires%s; hookrun sets %s and %s (docs/handlers.md), and the rest of the context, the command and the paths among it, is the JSON on stdin (jq -r .command)",
		name, meant, strings.Join(sets[:len(sets)-1], ", "), sets[len(sets)-1])
}

// meantVar is the variable hookrun sets that shares a word with name
// (HOOKRUN_PROJECT_ROOT: HOOKRUN_PROJECT_DIR; HOOKRUN_SOURCE:
// HOOKRUN_CALLER_SOURCE), or "".
func meantVar(name string) string {
	words := strings.Split(strings.TrimPrefix(name, "HOOKRUN_"), "_")
	for _, v := range config.HandlerVars {
		for _, w := range strings.Split(strings.TrimPrefix(v, "HOOKRUN_"), "_") {
			if w != "ID" && slices.Contains(words, w) {
				return v
			}
		}
	}
	return ""
}
