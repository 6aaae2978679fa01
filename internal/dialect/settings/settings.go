// Package settings merges the entries that route an agent's hook events to
// `hookrun emit --dialect` into the agent's project settings file, keeping
// everything else in it: other hooks, other settings, keys it does not know.
package settings

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/ojson"
	"strconv"
)

// Agent is an agent as the settings writer sees it: its dialect and the
// settings spec its own file in internal/dialect declares.
type Agent struct {
	Dialect dialect.Name
	dialect.Settings
}

// Find returns the agent of a dialect.
func Find(n dialect.Name) (Agent, bool) {
	a, ok := dialect.Find(n)
	if !ok {
		return Agent{}, false
	}
	return Agent{a.Name, a.Settings}, true
}

// Options shape the installed entries.
type Options struct {
	Timeout time.Duration // the agent's timeout for hookrun, rounded up to its unit
	// HooksDir is the hooks directory relative to the project root, when it
	// is not the default .system/hooks; "" for the default.
	HooksDir string
	// Hookrun is the hookrun binary the entries run, relative to the
	// project root or absolute; "" for hookrun from the agent's PATH.
	Hookrun string
	// Root is the project root, for an agent that names no project
	// directory and runs hooks wherever it is: a relative Hookrun is
	// written as Root joined with it.
	Root string
	// Absolute makes Install set Hookrun to the running hookrun's real
	// path (AbsoluteHookrun); it cannot be given with Hookrun.
	Absolute bool
}

// Command is the command line an agent runs for each routed event.
//
// It fails closed at the boundary between the agent and hookrun: when
// hookrun is missing (from the agent's PATH, or at Options.Hookrun), an
// event that guards an action (a tool call, a prompt) exits 2, which every
// supported agent reads as "block, with stderr as the reason", and says
// what to install; any other event exits 1, which the agents report and go
// on from (exit 2 there means something else: Claude Code's Stop would
// keep the agent going). On an event that guards an action the shell
// stays, to block it should hookrun end without an answer (noAnswer):
// killed from outside, an agent runs the call; when the agent ends that
// shell instead (its timeout, a cancel), hookrun ends its handlers as on
// SIGTERM (exec.TermWithParent). On any other event hookrun replaces the
// shell (exec), so the agent's SIGTERM reaches it. The line holds no
// $VARIABLE but the agent's project directory before a relative
// Options.Hookrun (Gemini CLI rewrites that one itself). hookrun finds the
// project from the directory the agent names in its environment
// (Settings.ProjectDirVar), so there is no cd to fail either.
func (a Agent) Command(o Options, event string) string {
	cmd := a.Emit(o)
	if a.AnswerFailures && a.guards(event) {
		return a.answeringCommand(o, cmd, event)
	}
	missing := a.missing(o)
	status := "1"
	if a.guards(event) {
		missing += " and this action is blocked"
		status = "2"
	}
	missing += ": " + a.remedy(o)
	script := runtimeReset + a.check(o) + " || { echo " + a.quoteMessage(o, missing) + " >&2; exit " + status + "; }; "
	if a.guards(event) {
		script += cmd + " | " + answerCheck + " || " + noAnswer
	} else {
		script += "exec " + cmd
	}
	if a.Shell {
		return script
	}
	// An agent not known to run the line through a shell may split it into
	// words itself: one /bin/sh -c word works either way.
	return "/bin/sh -c " + shellQuote(script)
}

// runtimeReset starts every entry's line: it unsets the variables Go's
// runtime reads before any code of hookrun's runs (dialect.GoRuntimeVars),
// which a repository can set for the agent's hooks (Claude Code's env,
// Gemini CLI's .env): GOMAXPROCS=50000 made hookrun take 53 s and die of
// thread exhaustion, past the agent's timeout, after which the agent runs
// the call; GODEBUG changes what an http hook's TLS accepts. hookrun
// cannot undo them itself, and cannot tell them from the person's own, so
// neither hookrun nor its handlers get them (a handler that needs one sets
// it in handler.env). unset, not VAR= before hookrun: handlers see the
// variables absent, not empty, and the line holds no $ (Gemini CLI
// rewrites $NAME).
const runtimeReset = "unset " + dialect.GoRuntimeVars + "; "

// answerCheck stands between hookrun and the agent on an event that
// guards an action: it passes on hookrun's answer, the one line of a JSON
// object hookrun prints there whatever happens to it (an answer, or the
// agent's deny for its own failure), and fails, printing nothing, when
// there is none: hookrun killed from outside, a hookrun that exits 0 with
// nothing or with something else (another program named hookrun, one a
// debugger ended), which every agent but OpenCode takes for an allow. It
// reads the output, not hookrun's exit status, which the pipe's left side
// loses: hookrun stays a child of the entry's shell, so it still notices
// the agent ending that shell (exec.TermWithParent). The awk program holds
// no $ (Gemini CLI rewrites $NAME, ${NAME} and $0 from the environment);
// with LC_ALL=C awk counts bytes, each one a character. awk is the
// system's (command -p: the shell's default PATH, never the agent's), as
// the line's own PATH may be the repository's (Claude Code's env): an awk
// of its own, first there, that prints {} made every call an allow, even
// under an entry whose --hookrun is absolute.
const answerCheck = "LC_ALL=C command -p awk " + answerProgram

// pathAnswerCheck is answerCheck as install wrote it before: awk looked
// up on the agent's PATH.
const pathAnswerCheck = "LC_ALL=C awk " + answerProgram

const answerProgram = `'BEGIN { while ((getline line) > 0) if (n++ == 0) first = line; if (n == 1 && substr(first, 1, 1) == "{" && substr(first, length(first)) == "}") { print first; exit 0 } exit 1 }'`

// noAnswer ends an entry that guards an action when answerCheck found no
// answer: the action is blocked (exit 2, which every agent but Copilot CLI
// reads as a block with stderr as the reason), where the agent would run
// the call unchecked. hookrun's own reason, if it gave one, is on stderr
// before it. This covers awk failing too (missing, or killed).
const noAnswer = `{ echo "` + noAnswerReason + `" >&2; exit 2; }`

const noAnswerReason = "hookrun gave no answer, so this action is blocked: it failed, was stopped from outside, or is not the hookrun this entry was written for; run hookrun validate in the project, and see the hook log of the agent"

// statusOnly ended such an entry before answerCheck: it blocked a hookrun
// that exited neither 0 nor 2, and let one that exited 0 with no answer
// through.
const statusOnly = `{ [ $? = 2 ] || echo "hookrun ended without an answer, so this action is blocked: it was stopped from outside, or is not the hookrun this entry was written for; run hookrun validate in the project, and see the hook log of the agent" >&2; exit 2; }`

// check is the shell test that hookrun is there to run.
func (a Agent) check(o Options) string {
	if o.Hookrun == "" {
		return "command -v hookrun >/dev/null 2>&1"
	}
	return "[ -x " + a.bin(o) + " ]"
}

// missing says what is missing, and remedy what to do about it.
func (a Agent) missing(o Options) string {
	if o.Hookrun == "" {
		return "hookrun is not installed or not on PATH, so the hooks in .system/hooks did not run"
	}
	return filepath.ToSlash(o.Hookrun) + " is missing, so the hooks in .system/hooks did not run"
}

func (a Agent) remedy(o Options) string {
	if o.Hookrun == "" {
		return "install hookrun, or remove its entries from " + a.File
	}
	return "install hookrun there (npm install), or remove its entries from " + a.File
}

// quoteMessage quotes an error message for echo. Without --hookrun the
// message is the fixed text of earlier versions, in double quotes, so
// their entries stay byte for byte (Codex trusts an entry by its hash);
// a message naming a path is single-quoted, whatever the path holds.
func (a Agent) quoteMessage(o Options, msg string) string {
	if o.Hookrun == "" {
		return "\"" + msg + "\""
	}
	return shellQuote(msg)
}

// answeringCommand is Command for an agent that ignores a failed hook
// (AnswerFailures): on an event that guards an action, a missing hookrun
// and a hookrun that exits non-zero (which prints no answer) are answered
// with the agent's own deny on stdout, and exit 0. hookrun is not exec'd:
// the shell stays to print the deny.
func (a Agent) answeringCommand(o Options, cmd, event string) string {
	refuse := func(reason string) string {
		deny, _ := dialect.Refusal(a.Dialect, event, reason)
		return "echo " + shellQuote(string(deny))
	}
	return runtimeReset + a.check(o) + " || { " + refuse(a.missing(o)+" and this action is blocked: "+a.remedy(o)) + "; exit 0; }; " +
		cmd + " | " + answerCheck + " || " + refuse(noAnswerReason)
}

// bin is the hookrun to run, as a shell word: "hookrun" from PATH, an
// absolute path, or a path relative to the project root made independent
// of the agent's working directory: after the project directory the agent
// names, from the root where the agent runs hooks there, else joined to
// Options.Root.
func (a Agent) bin(o Options) string {
	p := o.Hookrun
	switch {
	case p == "":
		return "hookrun"
	case a.Plugin != nil: // for the record: the plugin runs it without a shell
		return shellQuote(pluginBin(o))
	case filepath.IsAbs(p):
		return shellQuote(filepath.ToSlash(p))
	}
	rel := filepath.ToSlash(filepath.Clean(p))
	switch {
	case a.ProjectDirVar != "" && a.ProjectDirQuoted:
		return "$" + a.ProjectDirVar + "/" + shellQuote(rel)
	case a.ProjectDirVar != "":
		return "\"$" + a.ProjectDirVar + "\"/" + shellQuote(rel)
	case a.RunsInRoot || o.Root == "":
		if !strings.Contains(rel, "/") {
			rel = "./" + rel // a bare name would be looked up on PATH
		}
		return shellQuote(rel)
	}
	return shellQuote(filepath.ToSlash(filepath.Join(o.Root, rel)))
}

// pluginBin is the hookrun an agent whose hooks are code runs, without a
// shell: "hookrun", or the path, relative to the project directory the
// plugin is given, or absolute.
func pluginBin(o Options) string {
	if o.Hookrun == "" {
		return "hookrun"
	}
	if filepath.IsAbs(o.Hookrun) {
		return filepath.ToSlash(o.Hookrun)
	}
	return filepath.ToSlash(filepath.Clean(o.Hookrun))
}

// Emit is the hookrun command line every entry runs.
func (a Agent) Emit(o Options) string {
	cmd := a.bin(o) + " emit --dialect " + string(a.Dialect)
	if o.HooksDir != "" {
		cmd += " --hooks-dir " + shellQuote(filepath.ToSlash(o.HooksDir))
	}
	return cmd
}

// argv is the arguments of Emit's command line, for an agent that runs
// hookrun without a shell.
func (a Agent) argv(o Options) []string {
	args := []string{"emit", "--dialect", string(a.Dialect)}
	if o.HooksDir != "" {
		args = append(args, "--hooks-dir", filepath.ToSlash(o.HooksDir))
	}
	return args
}

// mergePlugin is Merge for an agent whose hooks are code: the file is
// hookrun's plugin, whole. A file there that hookrun did not write is left
// alone: it may be someone's own plugin.
func (a Agent) mergePlugin(old []byte, o Options) (Result, error) {
	want := a.Plugin(pluginBin(o), a.argv(o), o.Timeout)
	res := Result{Data: old}
	switch {
	case old == nil:
		res.Added = a.Events
	case !bytes.Contains(old, []byte(a.marker())):
		return Result{}, fmt.Errorf("%s exists and was not written by hookrun install (it lacks %q): move it away, or merge hookrun's plugin (hookrun install %s --dry-run) into it", a.File, a.marker(), a.Dialect)
	case !bytes.Equal(old, want):
		res.Updated = a.Events
	default:
		return res, nil
	}
	res.Changed, res.Data = true, want
	return res, nil
}

// guards reports whether the agent's event guards an action: a tool call
// or a prompt, which a missing hookrun must block.
func (a Agent) guards(event string) bool {
	c, _ := dialect.Read(a.Dialect, []byte(`{"hook_event_name":`+strconv.Quote(event)+`}`))
	return c != nil && (c.Kind == dialect.PreTool || c.Kind == dialect.Prompt)
}

// marker identifies hookrun's entries on later runs, whatever else their
// command line says.
func (a Agent) marker() string { return "hookrun emit --dialect " + string(a.Dialect) }

// timeout is o.Timeout in the agent's unit, rounded up.
func (a Agent) timeout(o Options) int64 {
	return int64(math.Ceil(float64(o.Timeout) / float64(a.Unit)))
}

// commandKey and timeoutKey are the handler's field names.
func (a Agent) commandKey() string { return cmp.Or(a.CommandKey, "command") }
func (a Agent) timeoutKey() string { return cmp.Or(a.TimeoutKey, "timeout") }

func (a Agent) handler(o Options, event string) *ojson.Node {
	h := ojson.Object()
	if a.Dialect == dialect.GeminiCLI {
		h.Set("name", ojson.Value("hookrun"))
	}
	if !a.Flat || a.Typed {
		h.Set("type", ojson.Value("command"))
	}
	h.Set(a.commandKey(), ojson.Value(a.Command(o, event)))
	h.Set(a.timeoutKey(), ojson.Value(a.timeout(o)))
	if a.FailClosed != "" && a.guards(event) {
		h.Set(a.FailClosed, ojson.Value(true))
	}
	if a.Dialect == dialect.GeminiCLI {
		h.Set("description", ojson.Value("Run this repository's .system/hooks through hookrun"))
	}
	return h
}

// Result says what Merge did.
type Result struct {
	Data    []byte   // the file's new content
	Changed bool     // the file needs writing: it is new, or an entry was added or rewritten
	Added   []string // events that got a new entry
	Updated []string // events whose hookrun entry was rewritten
	Removed []string // retired events whose hookrun entry was removed
	Hookrun string   // Options.Hookrun as Install wrote it (resolved for Options.Absolute)
}

// Merge adds or refreshes, for each of the agent's events, one entry that
// runs hookrun, in the settings file's content old (nil when the file does
// not exist). Everything else is kept, in its order. Running it again with
// the same options changes nothing.
func Merge(a Agent, old []byte, o Options) (Result, error) {
	if o.Timeout <= 0 {
		return Result{}, fmt.Errorf("the timeout must be positive, got %s", o.Timeout)
	}
	if a.Plugin != nil {
		return a.mergePlugin(old, o)
	}
	root, err := ojson.Parse(old)
	if msg := a.commented(old); err != nil && msg != "" {
		return Result{}, errors.New(msg)
	}
	if err != nil {
		return Result{}, fmt.Errorf("%s is not valid JSON: %v (hookrun edits only plain JSON; fix or move the file first)", a.File, err)
	}
	if !root.IsObject() {
		return Result{}, fmt.Errorf("%s must hold a JSON object", a.File)
	}
	// A file that already routes every event as wanted is left byte for
	// byte as it is, whatever its layout.
	var res Result
	res.Changed = old == nil
	if a.Flat && root.Get("version") == nil {
		root.SetFirst("version", ojson.Value(1))
		res.Changed = true
	}
	hooks := root.Get("hooks")
	if hooks == nil {
		hooks = ojson.Object()
		root.Set("hooks", hooks)
	}
	if !hooks.IsObject() {
		return Result{}, fmt.Errorf(`%s: "hooks" must be an object`, a.File)
	}
	for _, ev := range a.Events {
		want := a.handler(o, ev)
		list := hooks.Get(ev)
		if list == nil {
			list = ojson.Array()
			hooks.Set(ev, list)
		}
		if !list.IsArray() {
			return Result{}, fmt.Errorf(`%s: "hooks.%s" must be an array`, a.File, ev)
		}
		// hookrun's handler under a matcher runs only for the tools the
		// matcher names: it moves to a group of its own, with none.
		moved := a.remove(list, scoped)
		switch slot := a.find(list); {
		case slot == nil:
			entry := want
			if !a.Flat {
				entry = ojson.Object()
				entry.Set("hooks", ojson.Array(want))
			}
			list.Append(entry)
			if moved {
				res.Updated = append(res.Updated, ev)
			} else {
				res.Added = append(res.Added, ev)
			}
		case !bytes.Equal((*slot).Encode(), want.Encode()):
			*slot = want
			res.Updated = append(res.Updated, ev)
		case moved:
			res.Updated = append(res.Updated, ev)
		}
		// A second entry runs hookrun again, as a repository wrote it:
		// one is kept, the one find returns.
		if a.dropExtra(list) && !slices.Contains(res.Updated, ev) && !slices.Contains(res.Added, ev) {
			res.Updated = append(res.Updated, ev)
		}
	}
	for _, ev := range a.Retired {
		if list := hooks.Get(ev); list != nil && list.IsArray() && a.remove(list, anyGroup) {
			if list.Len() == 0 {
				hooks.Delete(ev)
			}
			res.Removed = append(res.Removed, ev)
		}
	}
	res.Changed = res.Changed || len(res.Added)+len(res.Updated)+len(res.Removed) > 0
	res.Data = old
	if res.Changed {
		res.Data = root.Encode()
	}
	return res, nil
}

// isOurs reports whether a handler is one of hookrun's entries: its
// command runs hookrun's emit with this agent's dialect, however spelled
// (install --hookrun writes a path, maybe quoted or named hookrun.exe; a
// repository may have changed the rest), so install rewrites it and
// validate holds it to what install writes.
func (a Agent) isOurs(h *ojson.Node) bool {
	if !a.mentions(h) {
		return false
	}
	cmd := h.Get(a.commandKey()).Str()
	for rest := cmd; ; {
		_, after, ok := strings.Cut(rest, "--dialect")
		if !ok {
			return false
		}
		rest = strings.TrimLeft(after, " \t='\"")
		if name, ok := strings.CutPrefix(rest, string(a.Dialect)); ok && (name == "" || !isNameByte(name[0])) {
			return true
		}
	}
}

func isNameByte(c byte) bool { return c == '-' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }

// remove takes hookrun's handlers out of an event's list (for an agent
// that groups handlers, out of the groups that in picks), and any group they
// leave empty; it reports whether there were any. A flat agent's handlers
// stand alone, and all of them are taken.
func (a Agent) remove(list *ojson.Node, in func(group *ojson.Node) bool) bool {
	if a.Flat {
		return in(nil) && list.DeleteItems(a.isOurs) > 0
	}
	removed := false
	list.DeleteItems(func(item *ojson.Node) bool {
		hs := item.Get("hooks")
		if !item.IsObject() || !in(item) || hs == nil || !hs.IsArray() || hs.DeleteItems(a.isOurs) == 0 {
			return false
		}
		removed = true
		return hs.Len() == 0
	})
	return removed
}

// anyGroup picks every group; scoped picks a group with a matcher, whose
// handlers the agent runs only for the tools (or sources) it names, and
// none for a flat agent, whose handler is rewritten whole, matcher and all.
// An empty or "*" matcher also matches everything, in Claude Code and
// Gemini CLI at least; hookrun's own group has none, so any is moved out.
func anyGroup(*ojson.Node) bool { return true }
func scoped(group *ojson.Node) bool {
	return group != nil && group.Get("matcher") != nil
}

// find returns the slot holding hookrun's handler in an event's list: a
// flat agent's entry, or a handler in a group without a matcher.
func (a Agent) find(list *ojson.Node) **ojson.Node {
	isOurs := a.isOurs
	for i, item := range list.Items() {
		if a.Flat {
			if isOurs(item) {
				return &list.Items()[i]
			}
			continue
		}
		if !item.IsObject() || scoped(item) {
			continue
		}
		if hs := item.Get("hooks"); hs != nil && hs.IsArray() {
			for j, h := range hs.Items() {
				if isOurs(h) {
					return &hs.Items()[j]
				}
			}
		}
	}
	return nil
}

// dropExtra removes from an event's list every hookrun handler but the
// one find returns (and any group it leaves empty); it reports whether
// there were any.
func (a Agent) dropExtra(list *ojson.Node) bool {
	slot := a.find(list)
	if slot == nil {
		return false
	}
	keep := *slot
	extra := func(h *ojson.Node) bool { return h != keep && a.isOurs(h) }
	if a.Flat {
		return list.DeleteItems(extra) > 0
	}
	removed := false
	list.DeleteItems(func(item *ojson.Node) bool {
		hs := item.Get("hooks")
		if !item.IsObject() || scoped(item) || hs == nil || !hs.IsArray() || hs.DeleteItems(extra) == 0 {
			return false
		}
		removed = true
		return hs.Len() == 0
	})
	return removed
}

// shellQuote quotes s for sh when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
