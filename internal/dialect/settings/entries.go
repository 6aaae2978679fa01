package settings

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/ojson"
)

// mentions reports whether a handler's command runs hookrun for an agent
// (any agent's dialect, in any spelling of the flag): such an entry is held
// to what install writes, since the agent takes its answer as the hooks'.
func (a Agent) mentions(h *ojson.Node) bool {
	if !h.IsObject() {
		return false
	}
	cmd := h.Get(a.commandKey()).Str()
	return strings.Contains(cmd, "hookrun") && strings.Contains(cmd, "emit") && strings.Contains(cmd, "--dialect")
}

// unlike says how a handler that runs hookrun for event differs from the
// one install writes with o's hooks directory and root, the hookrun binary
// its command checks for (an agent that runs hooks anywhere gets a
// relative --hookrun joined to the root) and its own timeout; "" when it
// does not. Key order is not compared: the agents read JSON.
func (a Agent) unlike(h *ojson.Node, event string, o Options) string {
	cmd := h.Get(a.commandKey()).Str()
	// The command holds the path as written (in its message) and as run
	// (cleaned; joined to the root where the agent runs hooks anywhere).
	bin := a.hookrunOf(cmd)
	o.Hookrun = bin
	cands := []string{bin, "./" + bin, strings.TrimPrefix(bin, "./")}
	if rel, err := filepath.Rel(o.Root, bin); err == nil && filepath.IsAbs(bin) && filepath.IsLocal(rel) {
		cands = append(cands, rel, "./"+rel)
	}
	for _, c := range cands {
		if r := (Options{HooksDir: o.HooksDir, Hookrun: c, Root: o.Root}); a.Command(r, event) == cmd {
			o.Hookrun = c
			break
		}
	}
	n, err := strconv.ParseInt(compact(h.Get(a.timeoutKey())), 10, 64)
	if err != nil || n <= 0 {
		return fmt.Sprintf("its %s is not a positive whole number", a.timeoutKey())
	}
	o.Timeout = time.Duration(n) * a.Unit
	want := a.handler(o, event)
	hooksDir := o.HooksDir
	var extra, missing []string
	for _, k := range h.Keys() {
		if want.Get(k) == nil {
			extra = append(extra, k)
		}
	}
	for _, k := range want.Keys() {
		if h.Get(k) == nil {
			missing = append(missing, k)
		}
	}
	switch {
	case len(extra) > 0:
		return "it has " + strings.Join(quoteAll(extra), ", ") + ", which install does not write"
	case len(missing) > 0:
		return "it lacks " + strings.Join(quoteAll(missing), ", ")
	case h.Get(a.commandKey()).Str() != want.Get(a.commandKey()).Str():
		pathAwk, unreset, execForm, statusForm := a.olderForms(want.Get(a.commandKey()).Str(), event, o)
		switch h.Get(a.commandKey()).Str() {
		case pathAwk:
			return fmt.Sprintf("its %s runs the awk that checks hookrun's answer from the agent's PATH, as install wrote it before: a repository that sets PATH for the agent's hooks (as Claude Code's env can) puts its own awk first there, and one that prints {} makes every call an allow", a.commandKey())
		case unreset:
			return fmt.Sprintf("its %s gives hookrun the agent's %s, as install wrote it before: a repository's agent settings can set them (GOMAXPROCS=50000 kept hookrun from answering for a minute, then killed it), and an agent whose timeout ends first goes on without hookrun's answer", a.commandKey(), strings.ReplaceAll(dialect.GoRuntimeVars, " ", ", "))
		case execForm:
			return fmt.Sprintf("its %s execs hookrun, as install wrote it before: a hookrun killed from outside (or one that exits 1) then lets the call through", a.commandKey())
		case statusForm:
			return fmt.Sprintf("its %s blocks only a hookrun that fails, as install wrote it before: one that exits 0 with no answer (another program named hookrun, one a debugger ended) then lets the call through", a.commandKey())
		}
		if hooksDir != "" && !strings.Contains(h.Get(a.commandKey()).Str(), "--hooks-dir "+shellQuote(hooksDir)) {
			return fmt.Sprintf("its %s is not the one install writes, which reads the hooks in %s", a.commandKey(), hooksDir)
		}
		return fmt.Sprintf("its %s is not the one install writes", a.commandKey())
	}
	for _, k := range want.Keys() {
		if compact(h.Get(k)) != compact(want.Get(k)) {
			return fmt.Sprintf("its %s is %s, not %s", k, compact(h.Get(k)), compact(want.Get(k)))
		}
	}
	return ""
}

// olderForms are the commands install wrote where it now writes cmd:
// with awk from the agent's PATH (pathAwk, "" where cmd runs no awk); and,
// before that, also without runtimeReset (unreset); and, on an event that
// guards an action, hookrun exec'd, with nothing after it (before
// statusOnly), and hookrun's exit status alone checked (before
// answerCheck; for an agent that AnswerFailures, its deny after a hookrun
// that fails), both also without runtimeReset, which came after them.
// Both are "" where cmd has no answerCheck.
func (a Agent) olderForms(cmd, event string, o Options) (pathAwk, unreset, execForm, statusForm string) {
	if rest, ok := strings.CutPrefix(cmd, "/bin/sh -c "); ok && !a.Shell {
		pathAwk, unreset, execForm, statusForm = a.olderForms(unquote(rest), event, o)
		wrap := func(s string) string {
			if s == "" {
				return ""
			}
			return "/bin/sh -c " + shellQuote(s)
		}
		return wrap(pathAwk), wrap(unreset), wrap(execForm), wrap(statusForm)
	}
	if strings.Contains(cmd, answerCheck) {
		cmd = strings.Replace(cmd, answerCheck, pathAnswerCheck, 1)
		pathAwk = cmd
	}
	cmd, ok := strings.CutPrefix(cmd, runtimeReset)
	if !ok {
		return pathAwk, "", "", ""
	}
	unreset = cmd
	emit := a.Emit(o)
	checked := "; " + emit + " | " + pathAnswerCheck + " || "
	if !strings.Contains(cmd, checked) {
		return pathAwk, unreset, "", ""
	}
	if strings.Contains(cmd, checked+noAnswer) {
		execForm = strings.Replace(cmd, checked+noAnswer, "; exec "+emit, 1)
		statusForm = strings.Replace(cmd, checked+noAnswer, "; "+emit+" || "+statusOnly, 1)
		return pathAwk, unreset, execForm, statusForm
	}
	deny, _ := dialect.Refusal(a.Dialect, event, noAnswerReason)
	before, _ := dialect.Refusal(a.Dialect, event, "hookrun failed, so this action is blocked: run hookrun validate in the project, and see the hook log of the agent")
	statusForm = strings.Replace(cmd, checked+"echo "+shellQuote(string(deny)), "; "+emit+" || echo "+shellQuote(string(before)), 1)
	return pathAwk, unreset, "", statusForm
}

// hookrunOf is the --hookrun an entry's command was written with, read
// from the test it starts with ("[ -x BIN ] ||"); "" for hookrun from
// PATH, or a command install did not write (which then differs anyway).
func (a Agent) hookrunOf(cmd string) string {
	if rest, ok := strings.CutPrefix(cmd, "/bin/sh -c "); ok && !a.Shell {
		cmd = unquote(rest)
	}
	cmd = strings.TrimPrefix(cmd, runtimeReset) // absent before it was written
	rest, ok := strings.CutPrefix(cmd, "[ -x ")
	if !ok {
		return ""
	}
	word, _, ok := strings.Cut(rest, " ] || ")
	if !ok {
		return ""
	}
	if a.ProjectDirVar != "" {
		for _, p := range []string{"\"$" + a.ProjectDirVar + "\"/", "$" + a.ProjectDirVar + "/"} {
			if rel, ok := strings.CutPrefix(word, p); ok {
				return unquote(rel)
			}
		}
	}
	return unquote(word)
}

// unquote undoes shellQuote.
func unquote(s string) string {
	if len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'' {
		return strings.ReplaceAll(s[1:len(s)-1], `'\''`, "'")
	}
	return s
}

// pluginUnlike says whether hookrun's plugin file differs from the one
// install writes with hooksDir and the plugin's own hookrun and timeout.
func (a Agent) pluginUnlike(data []byte, hooksDir string) bool {
	var bin string
	var ms int64
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "const HOOKRUN = "); ok && json.Unmarshal([]byte(v), &bin) != nil {
			return true
		}
		if v, ok := strings.CutPrefix(line, "const TIMEOUT_MS = "); ok {
			ms, _ = strconv.ParseInt(v, 10, 64)
		}
	}
	if ms <= 0 {
		return true
	}
	o := Options{HooksDir: hooksDir, Timeout: time.Duration(ms) * time.Millisecond}
	if bin != "hookrun" {
		o.Hookrun = bin
	}
	return string(a.Plugin(pluginBin(o), a.argv(o), o.Timeout)) != string(data)
}

// unlikeEntries lists, for each event install routes, the handlers in a
// settings document that run hookrun but not as install writes them
// (unlike), and every one after the first that runs it for this agent:
// where hookrun's entry is, and what is wrong with it. A handler under a
// matcher that runs hookrun for another agent's dialect is named too
// (an empty matcher, or "*", is every tool); hookrun's own there is
// Unrouted's to report.
func (a Agent) unlikeEntries(hooks *ojson.Node, o Options) []Problem {
	var out []Problem
	for _, ev := range a.Events {
		list := hooks.Get(ev)
		if list == nil || !list.IsArray() {
			continue
		}
		ours := 0
		check := func(h *ojson.Node, underMatcher bool, path ...any) {
			if !a.mentions(h) || underMatcher && a.isOurs(h) {
				return
			}
			why, fix := "", "remove it"
			if a.isOurs(h) {
				fix = "hookrun install " + string(a.Dialect) + " rewrites it"
				if ours++; ours > 1 {
					why = "it runs hookrun a second time for " + ev + "; install keeps one entry"
				}
			}
			if other := a.otherDialect(h); other != "" {
				why = fmt.Sprintf("it runs hookrun emit --dialect %s, which reads payloads and writes answers as %s does, not as %s does", other, other, a.Dialect)
				fix = "remove it; hookrun install " + string(a.Dialect) + " writes the right one"
			}
			if why == "" {
				why = a.unlike(h, ev, o)
			}
			if why != "" {
				msg := fmt.Sprintf("hooks.%s[%d]", ev, path[0])
				if len(path) > 1 {
					msg += fmt.Sprintf(".hooks[%d]", path[1])
				}
				msg += ": this entry runs hookrun, but not as hookrun install " + string(a.Dialect) + " writes it: " + why +
					"; the agent takes whatever it answers, which need not be the hooks' decision, so " + fix
				if len(path) > 1 {
					path = []any{path[0], "hooks", path[1]}
				}
				out = append(out, Problem{File: a.File, Message: msg, At: at(append([]any{"hooks", ev}, path...)...)})
			}
		}
		for i, item := range list.Items() {
			if a.Flat {
				check(item, false, i)
				continue
			}
			hs := item.Get("hooks")
			if !item.IsObject() || hs == nil || !hs.IsArray() {
				continue
			}
			for j, h := range hs.Items() {
				check(h, scoped(item), i, j)
			}
		}
	}
	return out
}

// otherDialect is the dialect a handler's command names when it is another
// agent's (hookrun emit --dialect gemini-cli in Claude Code's settings),
// or "".
func (a Agent) otherDialect(h *ojson.Node) string {
	_, after, ok := strings.Cut(h.Get(a.commandKey()).Str(), "--dialect")
	if !ok {
		return ""
	}
	name := strings.TrimLeft(after, " \t='\"")
	if end := strings.IndexFunc(name, func(r rune) bool { return r > 0x7f || !isNameByte(byte(r)) }); end >= 0 {
		name = name[:end]
	}
	if d, ok := dialect.Find(dialect.Name(name)); ok && d.Name != a.Dialect {
		return name
	}
	return ""
}

func quoteAll(ss []string) []string {
	out := slices.Clone(ss)
	for i, s := range out {
		out[i] = strconv.Quote(s)
	}
	return out
}
