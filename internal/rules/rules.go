// Package rules evaluates a rules handler: declarative guards on the
// event's context (the command a shell call runs, the paths a call names,
// the caller, the prompt), with no process started. What it decides
// becomes the hook's report exactly as a script's signal would: it is
// written as a HookResult and read through the handler protocol.
package rules

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/hookrun/hookrun/internal/callpath"
	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/match"
	"github.com/hookrun/hookrun/internal/merge"
	"github.com/hookrun/hookrun/internal/plaintext"
	"github.com/hookrun/hookrun/internal/protocol"
	"github.com/hookrun/hookrun/internal/safefile"
	"github.com/hookrun/hookrun/internal/shellcmd"
	"io"
	"os"
)

// maxContextFile caps an additional_context_file, as a hook's text is capped.
const maxContextFile = protocol.MaxAdditionalContext

// Evaluate runs hook h's rules against the context c of a project at root.
func Evaluate(h *config.Hook, c *event.Context, root string, git callpath.Git) merge.Report {
	return Read(c, root, git).Evaluate(h)
}

// Call is a call as every rules hook reads it: its command line read with the files it runs,
// and its paths with those the files name. Reading it walks the trees the scripts change and
// asks git; one Call serves all the rules hooks of an event, which read it and do not change it.
type Call struct {
	ctx *event.Context // the context with the paths the line's files name
	// run is ctx without the paths the line names only as a program it runs, for the rules
	// that ignore programs (ctx when there are none): read once, when the first such rule asks
	// (it cleans the line's paths again, and may ask git), by hooks that may evaluate at once.
	run      func() *event.Context
	line     *shellcmd.Line
	unpacked []shellcmd.Unpack
	root     string
	// noCommand says what a shell call from which no command line was read lacks (noCommand),
	// or why a tool's command field or its args could not be read (event's CommandUnread): a
	// commands rule cannot rule out what it runs.
	noCommand string
}

// Read reads the call of context c, of a project at root, for the rules hooks to evaluate.
func Read(c *event.Context, root string, git callpath.Git) *Call {
	line := readLine(c, root)
	rc := &Call{ctx: withScriptPaths(c, line, root, git), line: line, root: root, noCommand: cmp.Or(c.CommandUnread, NoCommand(c))}
	rc.run = sync.OnceValue(func() *event.Context { return withoutPrograms(rc.ctx, line, root, git) })
	if line != nil && len(line.Unpacks) > 0 {
		rc.unpacked = unpackedDirs(rc.ctx, root)
	}
	return rc
}

// Context is the call's context with the paths the files its line runs name added to its Paths,
// and why some of them are only known when it runs in its UnknownPaths; its Fields are the
// caller's, as emit filled them.
func (rc *Call) Context() *event.Context { return rc.ctx }

// Paths are the paths of the call as rule r reads them: for a rule that ignores programs, without
// those the line names only as a program it runs.
func (rc *Call) Paths(r config.Rule) []string {
	if r.IgnorePrograms {
		return rc.run().Paths
	}
	return rc.ctx.Paths
}

// Line is the call's command line read with the files it runs; nil for a call with none.
func (rc *Call) Line() *shellcmd.Line { return rc.line }

// Evaluate runs hook h's rules against the call.
func (rc *Call) Evaluate(h *config.Hook) merge.Report {
	rep, _ := rc.Decide(h)
	return rep
}

// Decide is Evaluate, with the index in h's rules of the rule whose decision the report gives;
// -1 when none does (no rule decides, the call is unresolved, a context file failed the hook).
func (rc *Call) Decide(h *config.Hook) (merge.Report, int) {
	start := time.Now()
	rs := h.Handler.Rules
	c, run, line, root, unpacked, noCmd := rc.ctx, rc.run, rc.line, rc.root, rc.unpacked, rc.noCommand
	var p prompt
	if c.Event == event.PromptSubmit {
		p.raw = c.StringField("user_raw_input")
		p.plain = plaintext.Of(p.raw)
	}
	var texts []string
	decision, reason, by := "", "", -1
	unknown := "" // why a commands rule could not be checked
	ctxErr := ""  // why a matching rule's additional_context_file could not be read
	for i, r := range rs.Rules {
		rcall := c
		if r.IgnorePrograms {
			rcall = run()
		}
		ok, why, from := fires(r, rcall, line, noCmd, unpacked, &p)
		// Only a rule that would decide, and whose other conditions hold, makes an unreadable
		// command count: a guard kept to AI sessions does not hold up a person's command.
		if why != "" && unknown == "" && r.Decision != "" && r.Decision != config.DecisionAllow {
			unknown = why
		}
		if !ok {
			continue
		}
		if r.AdditionalContext != "" {
			texts = append(texts, r.AdditionalContext)
		}
		if r.ContextFile != "" {
			data, err := readBeneath(root, r.ContextFile)
			if err != nil {
				// The rules after it still guard: a file an agent deletes
				// must not take a later deny with it (under on_error: skip).
				if ctxErr == "" {
					ctxErr = fmt.Sprintf("additional_context_file %s: %v", r.ContextFile, err)
				}
			} else {
				texts = append(texts, string(data))
			}
		}
		if r.Decision != "" {
			decision, reason, by = r.Decision, r.Reason, i
			if from != "" && decision != config.DecisionAllow {
				reason += " (in " + inProject(root, from) + ", which the command runs)"
			}
			break
		}
	}
	if unknown != "" && rs.Unresolved != config.DecisionAllow && rank(rs.Unresolved) > rank(decision) {
		decision, by = rs.Unresolved, -1
		reason = "hookrun could not check this command without running it: " + unknown
		if event.Blank(c.Command) {
			reason = "hookrun could not check this call: " + unknown
		}
	}
	if ctxErr != "" {
		fail := failed(h, c, start, ctxErr)
		if decision != config.DecisionDeny && decision != config.DecisionRequireHuman {
			return fail, -1 // its on_error decides
		}
		// The rule's decision stands, and the failure is listed with it.
		rep := answer(h, c, start, decision, reason, strings.Join(texts, "\n"))
		rep.Errors = append(rep.Errors, fail.Errors...)
		return rep, by
	}
	return answer(h, c, start, decision, reason, strings.Join(texts, "\n")), by
}

// withScriptPaths is c with the paths its command line names added to the call's paths as read
// with the files the line runs (a script's redirections and operands, read from disk as its
// commands are), each from every directory the call may run in: a guard on .system/** must stop
// ./y.sh when y.sh writes there, as a commands rule stops it when y.sh runs rm -rf. What the
// files' commands change beneath a directory (rm -rf .sys*, git reset --hard, find -delete,
// cp -r src/. .), copy in, or put away (git stash) is named as for the line's own
// (callpath.OfLine, git asked through git), and why some of it is only known when the call runs
// becomes the call's unknown paths when it has none. The line's own paths are the call's
// already (WithPaths), and are added, cleaned, for a caller that did not read them.
func withScriptPaths(c *event.Context, line *shellcmd.Line, root string, git callpath.Git) *event.Context {
	if line == nil {
		return c
	}
	sh, _ := shellcmd.ShellNamed(c.Shell)
	scripts := filesOnly(line, shellcmd.ParseAs(c.Command, sh))
	read := len(scripts.Paths) > 0 || len(scripts.TreePaths) > 0 || len(scripts.Copies) > 0 || len(scripts.Finds) > 0 ||
		len(scripts.Revisions) > 0 || len(scripts.Unpacks) > 0 || len(scripts.Commands) > 0
	if len(line.Paths) == 0 && !read {
		return c
	}
	seen := make(map[string]bool, len(c.Paths))
	for _, p := range c.Paths {
		seen[p] = true
	}
	var more []string
	unknown := c.UnknownPaths
	for _, dir := range callFiles(c, root).Dirs {
		for _, p := range line.Paths {
			if n := callpath.Normalize(p, dir, root); n != "" && !seen[n] {
				seen[n] = true
				more = append(more, n)
			}
		}
		if !read {
			continue
		}
		paths, u := callpath.OfLine(nil, &scripts, dir, root, git)
		for _, n := range paths {
			if n != "" && !seen[n] {
				seen[n] = true
				more = append(more, n)
			}
		}
		unknown = cmp.Or(unknown, u)
	}
	if len(more) == 0 && unknown == c.UnknownPaths {
		return c
	}
	cc := *c
	cc.Paths = append(slices.Clip(c.Paths), more...)
	cc.UnknownPaths = unknown
	return &cc
}

// withoutPrograms is c without the paths its line names only as the program a command runs
// (shellcmd.Line.Programs), as cleaned from each directory the call may run in, with the links
// they pass through resolved: ~/.local/bin/ruff check . changes no program, while cp x
// ~/.local/bin/ruff names it as an operand and keeps it. A path some other word of the line
// gives the same cleaned form (rm -rf ~/.local/bin; ~/.local/bin/ruff) is kept, and so is one
// the caller sent (c.SentPaths): an MCP tool that writes path ~/.bashrc names it however its
// command field runs it.
func withoutPrograms(c *event.Context, line *shellcmd.Line, root string, git callpath.Git) *event.Context {
	if line == nil || len(line.Programs) == 0 {
		return c
	}
	others := *line
	others.Paths = minus(line.Paths, line.Programs)
	named := map[string]bool{}
	var programs []string
	for _, dir := range callFiles(c, root).Dirs {
		own, _ := callpath.OfLine(c.SentPaths, &others, dir, root, git)
		for _, n := range own {
			named[n] = true
		}
		run, _ := callpath.OfLine(nil, &shellcmd.Line{Paths: line.Programs}, dir, root, nil)
		programs = append(programs, run...)
	}
	drop := map[string]bool{}
	for _, n := range programs {
		if !named[n] {
			drop[n] = true
		}
	}
	cc := *c
	cc.Paths = slices.DeleteFunc(slices.Clone(c.Paths), func(p string) bool { return drop[p] })
	return &cc
}

// filesOnly is what the line read with its files (line) names beyond what the line alone (own)
// does, which the call's paths hold already: the paths, the directories changed beneath, the
// copies, the finds and the revisions its files add, and their commands (File set), for the git
// stashes among them. Its unknown paths are left out: a rule reads the line's own.
func filesOnly(line *shellcmd.Line, own shellcmd.Line) shellcmd.Line {
	var out shellcmd.Line
	out.Paths = minus(line.Paths, own.Paths)
	out.OptionPaths = minus(line.OptionPaths, own.OptionPaths)
	out.TreePaths = minus(line.TreePaths, own.TreePaths)
	out.Copies = minus(line.Copies, own.Copies)
	out.Revisions = minus(line.Revisions, own.Revisions)
	for _, f := range line.Finds {
		if !slices.ContainsFunc(own.Finds, func(o shellcmd.Find) bool {
			return o.Dir == f.Dir && o.Deep == f.Deep && o.Runs == f.Runs && slices.Equal(o.Names, f.Names) && slices.Equal(o.INames, f.INames)
		}) {
			out.Finds = append(out.Finds, f)
		}
	}
	for _, u := range line.Unpacks {
		if !slices.Contains(own.Unpacks, u) {
			out.Unpacks = append(out.Unpacks, u)
		}
	}
	for _, cmd := range line.Commands {
		if cmd.File != "" {
			out.Commands = append(out.Commands, cmd)
		}
	}
	return out
}

// minus is what of a is not in b.
func minus[T comparable](a, b []T) []T {
	if len(a) == 0 {
		return nil
	}
	in := make(map[T]bool, len(b))
	for _, x := range b {
		in[x] = true
	}
	var out []T
	for _, x := range a {
		if !in[x] {
			out = append(out, x)
		}
	}
	return out
}

func rank(d string) int {
	switch d {
	case config.DecisionDeny:
		return 2
	case config.DecisionRequireHuman:
		return 1
	}
	return 0
}

// fires reports whether every condition r states holds; unknown says why
// its commands could not be checked, when a command only known at run
// time might match, or the call is a shell call whose command line was
// not found (noCmd); from names the file the line runs that holds the
// command it matched, when the line's own commands do not match.
func fires(r config.Rule, c *event.Context, line *shellcmd.Line, noCmd string, unpacked []shellcmd.Unpack, p *prompt) (ok bool, unknown, from string) {
	// A path the command names only at run time ($D/hooks/x), or a pattern
	// whose files could not all be read, might be one the rule guards: it
	// counts once every other condition holds.
	pathsUnknown := ""
	if r.Paths != nil && !pathsMatch(r, c, line) {
		pathsUnknown = c.UnknownPaths
		if pathsUnknown == "" && line != nil && len(line.UnknownPaths) > 0 {
			pathsUnknown = line.UnknownPaths[0]
		}
		if pathsUnknown == "" && line != nil && len(line.Unresolved) > 0 {
			pathsUnknown = line.Unresolved[0] // a command hookrun cannot read names what only its run knows
		}
		// A file an archive makes where it is unpacked, under a name only the archive holds,
		// may be one the rule guards (an allow rule already needs the directory under its globs).
		for _, u := range unpacked {
			if pathsUnknown == "" && r.Decision != config.DecisionAllow && match.Beneath(r.Paths, u.Dir) {
				pathsUnknown = u.By
			}
		}
		if pathsUnknown == "" {
			return false, "", ""
		}
	}
	if r.Sources != nil && !slices.Contains(r.Sources, c.CallerSource) {
		return false, "", ""
	}
	if r.Prompt != nil && !p.matches(r) {
		return false, "", ""
	}
	// The commands last: an unreadable command matters only when every other condition holds.
	if r.Commands != nil {
		if line == nil || event.Blank(c.Command) {
			if r.Decision == config.DecisionAllow || noCmd == "" {
				return false, "", ""
			}
			return false, cmp.Or(pathsUnknown, noCmd), ""
		}
		if r.Decision == config.DecisionAllow {
			// An allow list allows a line, not one of its commands: ls; rm -rf / is not ls.
			if !everyCommand(r.Commands, line) {
				return false, "", ""
			}
			return pathsUnknown == "", "", ""
		}
		matched := false
		for _, p := range r.Commands {
			switch o, why := p.MatchLine(line); o {
			case shellcmd.Match:
				if !matched {
					from = matchedIn(p, line)
				}
				matched = true
			case shellcmd.Unknown:
				if unknown == "" {
					unknown = why
				}
			}
		}
		if !matched {
			// The line lacks what a field of another shape held: rm with args ["-rf", 1].
			unknown = cmp.Or(unknown, noCmd)
			if unknown == "" {
				return false, "", ""
			}
			if pathsUnknown != "" {
				return false, pathsUnknown, ""
			}
			return false, unknown, ""
		}
	}
	if pathsUnknown != "" {
		return false, pathsUnknown, ""
	}
	return true, "", from
}

// matchedIn is the file the line runs whose command p matches, "" when one of the line's own
// commands matches.
func matchedIn(p *shellcmd.Pattern, line *shellcmd.Line) string {
	from := ""
	for i := range line.Commands {
		if o, _ := p.MatchCommand(&line.Commands[i]); o == shellcmd.Match {
			if line.Commands[i].File == "" {
				return ""
			}
			from = cmp.Or(from, line.Commands[i].File)
		}
	}
	return from
}

// unpackedDirs are the directories the call's command unpacks archives into (callpath.Unpacked),
// from the directory the call runs in and, when the agent gave another, its session's: the paths
// are read from both (emit.WithPaths).
func unpackedDirs(c *event.Context, root string) []shellcmd.Unpack {
	sh, _ := shellcmd.ShellNamed(c.Shell)
	var out []shellcmd.Unpack
	for _, field := range []string{"cwd", dialect.SessionCWDField} {
		var cwd string
		if json.Unmarshal(c.Fields[field], &cwd) != nil && field != "cwd" {
			continue
		}
		out = append(out, callpath.Unpacked(c.Command, sh, cwd, root)...)
	}
	return out
}

// NoCommand says what shell call c lacks when hookrun found no command line in it (neither its
// command nor a command field of its ability_args, event.CommandKeys), "" when it has one, is no
// shell call, or provably runs none (dialect.RunsNoCommand): the tool may run a command held
// under a field hookrun does not read (argv), or of a type it does not read, which no commands
// rule saw, and which may name any path (emit.WithPaths makes it the call's unknown paths).
func NoCommand(c *event.Context) string {
	if !event.Blank(c.Command) || c.AbilityID != "shell" || dialect.RunsNoCommand(c) {
		return ""
	}
	keys := make([]string, len(event.CommandKeys))
	for i, k := range event.CommandKeys {
		keys[i] = fmt.Sprintf("%q", k)
	}
	why := `the shell call's "command" is missing or blank, and its ability_args hold none of ` + strings.Join(keys, ", ") + " (however spelt) holding a command line"
	var in map[string]json.RawMessage
	if json.Unmarshal(c.Fields["ability_args"], &in) != nil || in == nil {
		return why + " (the call has no ability_args)"
	}
	if len(in) == 0 {
		return why + " (it holds no field)"
	}
	held := make([]string, 0, len(in))
	for k := range in {
		held = append(held, k)
	}
	slices.Sort(held)
	more := ""
	if len(held) > 8 {
		held, more = held[:8], fmt.Sprintf(" and %d more", len(held)-8)
	}
	for i, k := range held {
		if len(k) > 40 {
			k = strings.ToValidUTF8(k[:40], "") + "…"
		}
		held[i] = fmt.Sprintf("%q", k)
	}
	return why + " (it holds " + strings.Join(held, ", ") + more + ")"
}

// readLine is the command line of call c in a project at root as a commands rule reads it, with
// the files it runs read from disk; nil for a call with none.
func readLine(c *event.Context, root string) *shellcmd.Line {
	if c.Command == "" {
		return nil
	}
	sh, _ := shellcmd.ShellNamed(c.Shell)
	l := shellcmd.ParseFiles(c.Command, sh, callFiles(c, root))
	return &l
}

// callFiles are where the files a shell call runs are read from (a script, a makefile, a
// package.json): the directory the call runs in (the root when it names none), and the agent's
// own when it names another, which the agent may have ignored.
func callFiles(c *event.Context, root string) *shellcmd.Files {
	var dirs []string
	for _, field := range []string{"cwd", dialect.SessionCWDField} {
		var cwd string
		_ = json.Unmarshal(c.Fields[field], &cwd)
		switch {
		case cwd == "" && field != "cwd":
			continue
		case cwd == "":
			cwd = root
		case !filepath.IsAbs(cwd):
			cwd = filepath.Join(root, cwd)
		}
		if !slices.Contains(dirs, cwd) {
			dirs = append(dirs, cwd)
		}
	}
	return &shellcmd.Files{Dirs: dirs, Read: safefile.ReadHead, Link: filepath.EvalSymlinks, List: listDir}
}

// listDir names at most max entries of the directory dir (a workspace pattern's parent), opened
// without waiting on a FIFO put there.
func listDir(dir string, max int) ([]string, error) {
	f, err := safefile.OpenListing(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	names, err := f.Readdirnames(max)
	if errors.Is(err, io.EOF) {
		err = nil // an empty directory
	}
	return names, err
}

// prompt is the user's prompt as sent and in its plain form (invisible
// characters removed, NFKC: package plaintext), read once for every rule.
type prompt struct{ raw, plain string }

// matches reports whether the rule's prompt pattern matches. A rule that
// stops the prompt or adds context fires when the pattern matches either
// form, so that ig\u200bnore or ｉｇｎｏｒｅ does not hide a word from it;
// a rule that allows fires only when it matches both, so that the plain
// form never lets more through than the prompt as sent.
func (p *prompt) matches(r config.Rule) bool {
	raw := r.Prompt.MatchString(p.raw)
	if p.plain == p.raw {
		return raw
	}
	if r.Decision == config.DecisionAllow {
		return raw && r.Prompt.MatchString(p.plain)
	}
	return raw || r.Prompt.MatchString(p.plain)
}

// everyCommand reports whether the line runs at least one command, can be read whole, and each
// command it runs (wrappers included: sudo ls is not ls) matches one of the patterns.
func everyCommand(patterns []*shellcmd.Pattern, line *shellcmd.Line) bool {
	if len(line.Commands) == 0 || len(line.Unresolved) > 0 {
		return false
	}
	for i := range line.Commands {
		if line.Commands[i].Maybe {
			continue // what a program may run, read from its words: valgrind ls is valgrind's to allow
		}
		matched := false
		for _, p := range patterns {
			if o, _ := p.MatchCommand(&line.Commands[i]); o == shellcmd.Match {
				matched = true
				break
			}
		}
		if !matched {
			return false
		}
	}
	return true
}

// pathsMatch reports whether the call's paths are under the rule's globs.
// A rule that stops a call or adds context needs one path under them;
// where file systems ignore case, .SYSTEM/hooks opens .system/hooks, so it
// compares folded. A rule that allows needs every path the call names
// under them, each known before the call runs (an allow list allows a
// call, not one of its paths: rm docs/a .system/hooks/x is not a change to
// docs/), and compares without folding, so that folding never lets more
// through; docs/ is docs/** there too (match.AnyPathExact).
func pathsMatch(r config.Rule, c *event.Context, line *shellcmd.Line) bool {
	if r.Decision != config.DecisionAllow {
		return match.AnyPath(r.Paths, c.Paths)
	}
	if len(c.Paths) == 0 || c.UnknownPaths != "" || (line != nil && len(line.UnknownPaths) > 0) {
		return false
	}
	for _, p := range c.Paths {
		if !match.AnyPathExact(r.Paths, []string{p}) {
			return false
		}
	}
	return true
}

// answer writes what the rules decided as the HookResult a script would
// print, and judges it through the handler protocol: the same provenance,
// per-event constraints, reason and audit line.
func answer(h *config.Hook, c *event.Context, start time.Time, decision, reason, text string) merge.Report {
	res := map[string]any{}
	if text != "" {
		res["additional_context"] = text
	}
	out := exec.Outcome{Argv: []string{"rules"}, Exited: true}
	if decision == config.DecisionDeny || decision == config.DecisionRequireHuman {
		switch c.Event {
		case event.PreAbilityCall:
			code := "ABILITY_DENIED"
			if decision == config.DecisionRequireHuman {
				code = "ABILITY_REQUIRES_HUMAN"
			}
			res["hook_signals"] = []any{map[string]any{"kind": "ability_guard", "code": code, "severity": "error",
				"payload": map[string]any{"reason": reason, "ability_id": c.AbilityID}}}
		case event.PreAbilityCreate:
			code := "ABILITY_UNAVAILABLE"
			if decision == config.DecisionRequireHuman {
				code = "ABILITY_REQUIRES_HUMAN"
			}
			res["hook_signals"] = []any{map[string]any{"kind": "ability_preflight", "code": code, "severity": "error",
				"payload": map[string]any{"reason": reason}}}
		default:
			// A prompt is blocked the shell-hook way: exit 2, the reason on
			// stderr. No agent can ask a human about a prompt.
			if decision == config.DecisionRequireHuman {
				reason = "needs human approval: " + reason
			}
			out.ExitCode, out.Stderr = 2, []byte(reason)
		}
	}
	if out.ExitCode == 0 {
		out.Stdout, _ = json.Marshal(res)
	}
	out.Duration = time.Since(start)
	return protocol.Evaluate(c.Event, h, out)
}

// failed is a rules hook that could not be evaluated: its on_error decides.
func failed(h *config.Hook, c *event.Context, start time.Time, msg string) merge.Report {
	return protocol.Evaluate(c.Event, h, exec.Outcome{Argv: []string{"rules"}, Failure: exec.StartFailed,
		Err: fmt.Errorf("%s", msg), Duration: time.Since(start)})
}

// readBeneath reads a project file for the model without following any
// symbolic link: a repository must not be able to hand the model a file
// from outside it (a link to ~/.ssh/id_rsa) as context.
func readBeneath(root, rel string) ([]byte, error) {
	d, err := safefile.OpenDir(root, filepath.Dir(rel), false)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	f, err := d.OpenFile(filepath.Base(rel), os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxContextFile+1))
	if err == nil && len(data) > maxContextFile {
		err = fmt.Errorf("larger than %d bytes", maxContextFile)
	}
	return data, err
}

// inProject names a file the line runs as a person finds it: relative to the project root when
// it lies beneath it (git's hooks are found by their absolute path), else as it is.
func inProject(root, file string) string {
	if !filepath.IsAbs(file) {
		return file
	}
	if rel, err := filepath.Rel(root, file); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(rel)
	}
	return file
}
