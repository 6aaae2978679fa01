package inspect

import (
	"context"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/dialect/settings"
	"github.com/hookrun/hookrun/internal/emit"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/exitcode"
	"github.com/hookrun/hookrun/internal/gitchanges"
	"github.com/hookrun/hookrun/internal/ojson"
	"github.com/hookrun/hookrun/internal/project"
	"github.com/hookrun/hookrun/internal/protocol"
	"github.com/hookrun/hookrun/internal/safefile"
	"github.com/hookrun/hookrun/internal/untrusted"
	"path/filepath"
)

// ValidateRequest is one `hookrun validate`.
type ValidateRequest struct {
	Strict bool
	Format string // text, json or github
	Dirs   project.Dirs
	Stdout io.Writer
}

// Validate checks every declaration and handler command and reports every
// problem; it fails on errors, and on warnings too when Strict.
func Validate(o ValidateRequest) error {
	if o.Format != "text" && o.Format != "json" && o.Format != "github" {
		return exitcode.Failf("--format must be text, json or github, got %q", o.Format)
	}
	loc, set, err := o.Dirs.Load()
	if err != nil {
		return err
	}
	config.CheckCommands(set, loc.Root, checkCommand)
	set.Findings = append(set.Findings, statusFindings(set)...)
	set.Findings = append(set.Findings, shortTimeouts(set)...)
	set.Findings = append(set.Findings, ruleFindings(set)...)
	if loc.Found {
		set.Findings = append(set.Findings, agentNotes(set, loc.Root)...)
		set.Findings = append(set.Findings, timeoutNotes(set, loc.Root)...)
		set.Findings = append(set.Findings, shortWaits(set, loc.Root)...)
		set.Findings = append(set.Findings, guardFileNotes(set, loc.Root)...)
		set.Findings = append(set.Findings, byHandNotes(set, loc.Root)...)
		set.Findings = append(set.Findings, unsetVarFindings(set, loc.Root)...)
		addExitOneFindings(set, loc.Root)
		set.Findings = append(set.Findings, stubFindings(set, loc.Root)...)
		set.Findings = append(set.Findings, agentFieldFindings(set, loc.Root)...)
		set.Findings = append(set.Findings, trapNotes(set, loc.Root)...)
		set.Findings = append(set.Findings, settingsFindings(loc, set)...)
		set.Findings = append(set.Findings, nestedFindings(loc, o.Dirs.Cwd)...)
		set.Findings = append(set.Findings, strayDeclarations(loc)...)
		set.Findings = append(set.Findings, httpNotes(set)...)
		set.Findings = append(set.Findings, contextFileFindings(set, loc.Root)...)
		set.Findings = append(set.Findings, dirGlobFindings(set, loc.Root)...)
		config.SortFindings(set.Findings)
	}
	var errs, warns int
	for _, f := range set.Findings {
		switch f.Severity {
		case config.Error:
			errs++
		case config.Warning:
			warns++
		}
	}
	switch o.Format {
	case "json":
		if err := writeFindingsJSON(o.Stdout, o.Dirs.Cwd, set.Findings); err != nil {
			return err
		}
	case "github":
		for _, f := range set.Findings {
			fmt.Fprintln(o.Stdout, githubAnnotation(f, o.Dirs.Cwd))
		}
		switch {
		case !loc.Found:
			// A CI job run in the wrong directory finds no hooks: 0 files
			// OK would read as a pass of the hooks it meant to check.
			fmt.Fprintf(o.Stdout, "::warning::hookrun validate: no hooks directory: no %s in %s %s, so nothing was checked; run it where the hooks are, or give --hooks-dir\n", config.HooksSubdir, o.Dirs.Cwd, config.Searched(o.Dirs.Cwd))
		case errs == 0 && !(o.Strict && warns > 0):
			// A green CI log should say what passed, not nothing.
			fmt.Fprintf(o.Stdout, "::notice::hookrun validate: %s OK (%s)\n", exitcode.Plural(len(set.Files), "hook file"), exitcode.Plural(warns, "warning"))
		}
	default:
		o.Dirs.PrintFindings(o.Stdout, set.Findings, "")
		for _, f := range set.Ignored {
			fmt.Fprintf(o.Stdout, "%s: ignored: %s, not a declaration\n", untrusted.Clean(config.Rel(o.Dirs.Cwd, f)), config.Ignored(filepath.Base(f)))
		}
		validateSummary(o.Stdout, o.Dirs.Cwd, loc, len(set.Files), len(set.Invalid), errs, warns)
	}
	if errs > 0 || o.Strict && warns > 0 {
		return exitcode.With(exitcode.Error, nil)
	}
	return nil
}

func validateSummary(w io.Writer, cwd string, loc config.Location, files, invalid, errs, warns int) {
	if !loc.Found {
		fmt.Fprintf(w, "no hooks directory: no %s in %s %s (nothing to check; hookrun init creates one)\n", config.HooksSubdir, cwd, config.Searched(cwd))
		return
	}
	dir := config.Rel(cwd, loc.HooksDir)
	if errs == 0 && warns == 0 {
		fmt.Fprintf(w, "%s: %s OK\n", dir, exitcode.Plural(files, "hook file"))
		return
	}
	fmt.Fprintf(w, "%s: %s, %s in %s (%d invalid)\n", dir, exitcode.Plural(errs, "error"), exitcode.Plural(warns, "warning"), exitcode.Plural(files, "hook file"), invalid)
}

// findingJSON is one finding for tools: paths relative to the working directory.
type findingJSON struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Severity string `json:"severity"`
	HookID   string `json:"hook_id,omitempty"`
	Message  string `json:"message"`
}

func writeFindingsJSON(w io.Writer, cwd string, fs []config.Finding) error {
	out := make([]findingJSON, len(fs))
	for i, f := range fs {
		out[i] = toFindingJSON(f, cwd)
	}
	return ojson.Write(w, out, true)
}

// toFindingJSON is f for tools, its paths relative to the working directory.
func toFindingJSON(f config.Finding, cwd string) findingJSON {
	return findingJSON{config.Rel(cwd, f.File), f.Line, f.Col, string(f.Severity), f.HookID, f.Text(cwd)}
}

// agentNotes says what the agents the project routes to hookrun cannot
// give its hooks: a positive match.min_duration_ms never matches the calls
// of an agent that sends no duration.
func agentNotes(set *config.Set, root string) []config.Finding {
	routed := settings.Routed(root)
	out := createNotes(set, routed)
	var names, files []string
	for _, a := range routed {
		if d, _ := dialect.Find(a.Dialect); d.NoDuration {
			names = append(names, string(a.Dialect))
			files = append(files, a.File)
		}
	}
	if len(names) == 0 {
		return out
	}
	msg := fmt.Sprintf("match.min_duration_ms: %s sends no duration, so this hook never runs for its calls (it is routed to hookrun in %s)", names[0], files[0])
	if len(names) > 1 {
		msg = fmt.Sprintf("match.min_duration_ms: %s send no duration, so this hook never runs for their calls (they are routed to hookrun in %s)",
			strings.Join(names[:len(names)-1], ", ")+" and "+names[len(names)-1], strings.Join(files, ", "))
	}
	for _, h := range set.Hooks {
		if h.Disabled || h.Match.MinDurationMS == nil || *h.Match.MinDurationMS == 0 {
			continue
		}
		out = append(out, config.Finding{File: h.File, Line: h.MinDurationPos.Line, Col: h.MinDurationPos.Col, Severity: config.Note, HookID: h.ID, Message: msg})
	}
	return out
}

// createNotes notes each enabled PreAbilityCreate hook when the project
// routes an agent to hookrun: no agent sends that event (only a runtime
// that calls hookrun emit PreAbilityCreate itself does), so a guard
// declared on it, read as "before the agent creates something", never
// runs for the agent's calls, while validate said OK.
func createNotes(set *config.Set, routed []settings.Agent) []config.Finding {
	if len(routed) == 0 {
		return nil
	}
	var names, files []string
	for _, a := range routed {
		names = append(names, string(a.Dialect))
		files = append(files, a.File)
	}
	var out []config.Finding
	for _, h := range set.Hooks {
		if h.Disabled || h.Event != event.PreAbilityCreate {
			continue
		}
		out = append(out, config.Finding{File: h.File, Line: h.Pos.Line, Col: h.Pos.Col, Severity: config.Note, HookID: h.ID,
			Message: fmt.Sprintf("event_type: no agent sends PreAbilityCreate, so this hook never runs for the calls of %s (routed to hookrun in %s), only for a runtime that runs hookrun emit PreAbilityCreate itself; to guard an agent's tool calls, declare it on PreAbilityCall",
				strings.Join(names, ", "), strings.Join(files, ", "))})
	}
	return out
}

// githubAnnotation renders a finding as a GitHub Actions workflow command
// (a note is a ::notice).
func githubAnnotation(f config.Finding, dir string) string {
	prop := strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
	data := strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	level := string(f.Severity)
	if f.Severity == config.Note {
		level = "notice"
	}
	where := fmt.Sprintf(",line=%d,col=%d", f.Line, f.Col)
	if f.Line == 0 {
		where = "" // a directory, or a file as a whole
	}
	return fmt.Sprintf("::%s file=%s%s::%s", level, prop.Replace(config.Rel(dir, f.File)), where, data.Replace(f.Text(dir)))
}

// shortWaits is an error for each agent routed to hookrun that waits for
// it less than settings.MinWait, when a hook it guards with starts a process
// (or a request) that can overrun: rules hooks answer at once.
func shortWaits(set *config.Set, root string) []config.Finding {
	if !slices.ContainsFunc(set.Hooks, func(h *config.Hook) bool {
		return !h.Disabled && h.Handler.Kind != config.KindRules && h.Event.AIFacing()
	}) {
		return nil
	}
	var out []config.Finding
	for _, a := range settings.Routed(root) {
		if w, ok := a.WaitAt(root); ok && w.Wait < settings.MinWait {
			fix := fmt.Sprintf("hookrun install %s --timeout %s", a.Dialect, settings.MinWait)
			if w.File != filepath.Join(root, a.File) {
				fix = "raise that timeout: install writes only " + a.File // a file of the person's, or another of the project's
			}
			out = append(out, config.Finding{File: w.File, Line: max(w.Line, 1), Col: max(w.Col, 1), Severity: config.Error,
				Message: fmt.Sprintf("%s waits %s for hookrun (%s), and its timeout lets the call through: too short for hookrun to end a handler that overruns (SIGTERM, then SIGKILL) and still answer first; give it at least %s (%s)",
					a.Dialect, w.Wait, w.From, settings.MinWait, fix)})
		}
	}
	return out
}

// timeoutNotes warns of a hook on an event that guards an action that may
// run as long as an agent routed to hookrun waits for it: the agent's own
// timeout then answers, and most agents let the call through. A rules hook
// runs no process and is never cut off so.
func timeoutNotes(set *config.Set, root string) []config.Finding {
	var out []config.Finding
	for _, a := range settings.Routed(root) {
		wait, from, ok := a.Wait(root)
		if !ok {
			continue
		}
		for _, h := range set.Hooks {
			if h.Disabled || h.Handler.Kind == config.KindRules || !h.Event.AIFacing() {
				continue
			}
			// Compared so that the longest timeout, plus the grace, does
			// not overflow into a negative one.
			if h.Handler.Timeout < wait-exec.DefaultLimits.Grace {
				continue
			}
			out = append(out, config.Finding{File: h.File, Line: h.Pos.Line, Col: h.Pos.Col, Severity: config.Warning, HookID: h.ID,
				Message: fmt.Sprintf("handler.timeout: %s, with the %s grace after it, is not shorter than the %s %s waits for hookrun (%s): a handler that runs that long is cut off by the agent, whose timeout lets the call through; raise the agent's (hookrun install %s --timeout) or lower this one",
					h.Handler.Timeout, exec.DefaultLimits.Grace, wait, a.Dialect, from, a.Dialect)})
		}
	}
	return out
}

// statusFindings names each blocking hook whose shell command line throws
// its guard's exit status away (exec.StatusLost): its deny and its
// failures would read as success, and the call would go through. A line
// given to a shell in handler.args (command: sh, args: [-c, LINE]), or by
// a command line that is only that (bash -c LINE), is read the same way. A pipeline between two programs hookrun does not
// know (exec.PipelineStatus) is a warning: the guard may be the last.
func statusFindings(set *config.Set) []config.Finding {
	var out []config.Finding
	for _, h := range set.Hooks {
		if h.Disabled || !h.Blocking || h.Handler.Kind != config.KindScript {
			continue
		}
		line, label, hops := h.Handler.Command, "handler.command", []string(nil)
		if h.Handler.HasArgs {
			var ok bool
			if line, ok = exec.ShellLine(h.Handler.Command, h.Handler.Args); !ok {
				continue
			}
			label, hops = "handler.args", []string{"the line sh -c runs"}
		}
		allows := allowsAs(h)
		if !h.Handler.HasArgs {
			if f := pipefailFinding(h, line, exec.KnowsPipefail); f != nil {
				out = append(out, *f)
				continue
			}
		}
		// bash -c LINE answers with LINE's status, and so on down a
		// bash -c inside it, a few levels deep.
		for range exec.MaxInnerLines {
			prog, args, ok := exec.InnerLine(line)
			if !ok {
				break
			}
			line, _ = exec.ShellLine(prog, args)
			hops = append(hops, "the line "+path.Base(prog)+" -c runs")
		}
		field := label + ": "
		if len(hops) > 0 {
			field += strings.Join(hops, ", and in it ") + ": "
		}
		if word := exec.GlobbedProgram(line); word != "" {
			out = append(out, config.Finding{File: h.File, Line: h.CommandPos.Line, Col: h.CommandPos.Col, Severity: config.Error, HookID: h.ID,
				Message: fmt.Sprintf("%ssh expands the glob in %s as the hook runs: the program is whichever file matches first, run with the others as its arguments, so a file written beside the guard runs in its place (or the text itself, when none matches); name the program without *, ? or [, quoted if its name holds one", field, word)})
		}
		if _, why := exec.TrapLost(line, allows); why != "" {
			out = append(out, config.Finding{File: h.File, Line: h.CommandPos.Line, Col: h.CommandPos.Col, Severity: config.Error, HookID: h.ID,
				Message: field + why + "; " + dropTrapExit})
		} else if why := exec.StatusLost(line, allows); why != "" {
			out = append(out, config.Finding{File: h.File, Line: h.CommandPos.Line, Col: h.CommandPos.Col, Severity: config.Error, HookID: h.ID,
				Message: field + why + "; make the guard the line's last command"})
		} else if why := exec.PipelineStatus(line); why != "" {
			out = append(out, config.Finding{File: h.File, Line: h.CommandPos.Line, Col: h.CommandPos.Col, Severity: config.Warning, HookID: h.ID,
				Message: field + why + "; make the guard the line's last command"})
		}
	}
	return out
}

// shortestTimeout is the least handler.timeout validate takes as meant:
// starting a process, or opening a connection, can alone take that long on
// a loaded machine.
const shortestTimeout = 100 * time.Millisecond

// shortTimeouts warns of each handler.timeout below shortestTimeout: the
// hook would time out on most runs, and a blocking hook deny every call.
func shortTimeouts(set *config.Set) []config.Finding {
	var out []config.Finding
	for _, h := range set.Hooks {
		if h.Disabled || h.Handler.Kind == config.KindRules || h.TimeoutPos.Line == 0 || h.Handler.Timeout >= shortestTimeout {
			continue
		}
		out = append(out, config.Finding{File: h.File, Line: h.TimeoutPos.Line, Col: h.TimeoutPos.Col, Severity: config.Warning, HookID: h.ID,
			Message: fmt.Sprintf("handler.timeout: %s is shorter than a handler can take to start on a loaded machine (a process, or an http request's connection: %s): the hook would time out on most runs, and a blocking hook then denies every call; give it at least %s", h.Handler.Timeout, shortestTimeout, shortestTimeout)})
	}
	return out
}

// allowsAs reports whether what a shell line prints, when it exits 0
// whatever its guard did (an echo after ||, a trap's), lets the call
// through as hook h's answer: read as emit would read it.
func allowsAs(h *config.Hook) func(stdout string) bool {
	return func(stdout string) bool {
		r := protocol.Evaluate(h.Event, h, exec.Outcome{Exited: true, Stdout: []byte(stdout)})
		return r.Decision == event.Allow && len(r.Errors) == 0
	}
}

// dropTrapExit is the fix validate gives for a trap that exits 0.
const dropTrapExit = "drop the exit 0 from the trap: without one the shell exits with the status it was exiting with"

// trapNotes names each blocking guard whose shell script sets a trap that
// exits 0 (exec.TrapLost), at the trap's line: the script's deny (exit 2)
// and its failures then exit 0, and the call goes through.
func trapNotes(set *config.Set, root string) []config.Finding {
	var out []config.Finding
	for _, h := range set.Hooks {
		if h.Disabled || !h.Blocking || h.Handler.Kind != config.KindScript {
			continue
		}
		for _, f := range handlerFiles(h, root) {
			src, ok := shellSource(f)
			if !ok {
				continue
			}
			if n, why := exec.TrapLost(src, allowsAs(h)); why != "" {
				out = append(out, config.Finding{File: f, Line: n, Col: 1, Severity: config.Error, HookID: h.ID,
					Message: fmt.Sprintf("hook %s runs this script as a guard, and %s; %s", h.ID, why, dropTrapExit)})
			}
			for _, lib := range sourcedFiles(f, src, root) {
				if n, why := exec.TrapLost(lib.src, allowsAs(h)); why != "" {
					out = append(out, config.Finding{File: lib.file, Line: n, Col: 1, Severity: config.Error, HookID: h.ID,
						Message: fmt.Sprintf("hook %s runs this file as part of a guard (%s sources it), and %s; %s", h.ID, config.Rel(root, lib.by), why, dropTrapExit)})
				}
			}
		}
	}
	return out
}

// maxSourced bounds how many files sourcedFiles reads for one script,
// and how deep it follows a file that sources another.
const (
	maxSourced      = 8
	maxSourcedDepth = 3
)

// sourced is a file a guard's script sources, its text, and the file that
// sources it.
type sourced struct{ file, src, by string }

// sourcedFiles reads the files the shell script file (its text src)
// sources by a fixed path (exec.Sourced), and those they source in turn,
// within maxSourced files and maxSourcedDepth levels: their traps run in
// the guard's shell. A path relative to the directory the shell runs in is
// taken from the project root, where handlers run; one from the script's
// own directory from the guard's ($(dirname "$0"): $0 stays the guard's in
// what it sources) or the sourcing file's (${BASH_SOURCE%/*}). Each is read like a
// guard's script (safefile: never blocking, regular files only).
func sourcedFiles(file, src, root string) []sourced {
	var out []sourced
	seen := map[string]bool{file: true}
	var follow func(by, src string, depth int)
	follow = func(by, src string, depth int) {
		for _, s := range exec.Sourced(src) {
			if len(out) == maxSourced {
				return
			}
			p := s.Path
			switch {
			case filepath.IsAbs(p):
			case s.From == "$0":
				p = filepath.Join(filepath.Dir(file), p)
			case s.From == "BASH_SOURCE":
				p = filepath.Join(filepath.Dir(by), p)
			default:
				p = filepath.Join(root, p)
			}
			p = filepath.Clean(p)
			if seen[p] {
				continue
			}
			seen[p] = true
			data, _, err := safefile.ReadHead(p, maxScriptScan)
			if err != nil {
				continue
			}
			out = append(out, sourced{file: p, src: string(data), by: by})
			if depth+1 < maxSourcedDepth {
				follow(p, string(data), depth+1)
			}
		}
	}
	follow(file, src, 0)
	return out
}

// pipefailFinding names a blocking hook's command line that sets -o
// pipefail when this machine's /bin/sh does not know it (known, asked only
// then): sh stops at the set with status 2 before the guard runs, which
// denies every call. Nil otherwise.
func pipefailFinding(h *config.Hook, line string, known func() bool) *config.Finding {
	if !exec.SetsPipefail(line) || known() {
		return nil
	}
	return &config.Finding{File: h.File, Line: h.CommandPos.Line, Col: h.CommandPos.Col, Severity: config.Error, HookID: h.ID,
		Message: "handler.command: it sets -o pipefail, which this machine's /bin/sh does not know: sh stops there with status 2 before the guard runs, and a blocking hook denies every call; run the line with bash (command: bash, args: [-c, LINE]) or drop pipefail"}
}

// httpNotes says, for each enabled http hook, where it sends what: a
// repository's hook can send every prompt and command off the machine,
// which a reviewer must see without reading each declaration.
func httpNotes(set *config.Set) []config.Finding {
	var out []config.Finding
	for _, h := range set.Hooks {
		if msg := sends(h, nil); msg != "" && !h.Disabled {
			out = append(out, config.Finding{File: h.File, Line: h.Pos.Line, Col: h.Pos.Col, Severity: config.Note, HookID: h.ID, Message: "handler: " + msg})
		}
	}
	return out
}

// settingsFindings reports, for each agent whose project settings name
// hookrun, what keeps the agent from running hookrun's entries for every
// call (settings.Agent.Off and Unrouted): an error, since the guards then
// do not guard; a warning for a setting that may run hooks validate cannot
// see (a plugin the repository enables). An entry is held to what install writes for the hooks
// directory validate read.
func settingsFindings(loc config.Location, set *config.Set) []config.Finding {
	var out []config.Finding
	for _, d := range dialect.Agents {
		out = append(out, agentSettingsFindings(loc, set, d.Name)...)
	}
	return out
}

// agentSettingsFindings are settingsFindings' findings for one agent:
// none when its project settings do not name hookrun.
func agentSettingsFindings(loc config.Location, set *config.Set, n dialect.Name) []config.Finding {
	var out []config.Finding
	root := loc.Root
	hooksDir, err := filepath.Rel(root, loc.HooksDir)
	if err != nil || hooksDir == config.HooksSubdir {
		hooksDir = ""
	}
	hooksDir = filepath.ToSlash(hooksDir)
	a, _ := settings.Find(n)
	unrouted := a.Unrouted(root, hooksDir)
	if len(unrouted) == 0 && !slices.ContainsFunc(settings.Routed(root), func(r settings.Agent) bool { return r.Dialect == a.Dialect }) {
		return nil
	}
	for _, p := range append(unrouted, a.Off(root)...) {
		sev := config.Error
		if p.Warning {
			sev = config.Warning
		}
		line, col := max(p.Line, 1), max(p.Col, 1)
		out = append(out, config.Finding{File: filepath.Join(root, p.File), Line: line, Col: col, Severity: sev, Message: p.Message})
	}
	return append(out, httpEnvFindings(a, root, set)...)
}

// httpEnvFindings warns of each variable an http hook's call depends on
// (a proxy, the certificates, its url's and headers' variables) that a
// file the agent loads into its hooks' environment sets: emit blocks
// every event with an http hook while the variable has the value the file
// gives it (emit.HTTPVars, docs/agents/gemini-cli.md).
func httpEnvFindings(a settings.Agent, root string, set *config.Set) []config.Finding {
	var enabled []*config.Hook
	for _, h := range set.Hooks {
		if !h.Disabled {
			enabled = append(enabled, h)
		}
	}
	care := emit.HTTPVars(enabled)
	if len(care) == 0 {
		return nil
	}
	chosen, err := a.EnvFrom(root, func(n string) bool { _, ok := care[n]; return ok }, nil)
	if err != nil {
		return nil // emit says so, and blocks
	}
	var out []config.Finding
	for _, c := range chosen {
		file := c.File
		if !filepath.IsAbs(file) {
			file = filepath.Join(root, file)
		}
		out = append(out, config.Finding{File: file, Line: 1, Col: 1, Severity: config.Warning,
			Message: fmt.Sprintf("sets %s: %s, and it decides %s; emit blocks every event with an http hook while %s has the value this file gives it: remove it, or set your own before starting %s", c.Name, c.Why, care[c.Name], c.Name, a.Dialect)})
	}
	return out
}

// nestedFindings warns of hooks directories that hide one another in one
// work tree: the nearest to where hookrun starts is the only one whose
// hooks run (docs/hooks.md), so a .system/hooks a change adds below the
// project root (in a vendored directory, say) turns the project's guards
// off for an agent or a job started there. Below the root they are the
// ones git knows (tracked, or untracked and not ignored); above it, the
// ones the project's own hooks directory hides from a start here.
func nestedFindings(loc config.Location, cwd string) []config.Finding {
	var out []config.Finding
	if note := loc.HiddenNote(cwd); note != "" {
		out = append(out, config.Finding{File: loc.HooksDir, Severity: config.Warning, Message: "this hooks directory " + note})
	}
	files, err := gitchanges.Known(context.Background(), loc.Root, "**/"+config.HooksSubdir+"/**")
	if err != nil {
		return out // not in git, or no git: there is nothing it knows to list
	}
	var dirs []string
	for _, f := range files {
		i := strings.Index(f, "/"+config.HooksSubdir+"/")
		if i < 0 {
			continue // the project's own
		}
		if d := f[:i]; len(dirs) == 0 || dirs[len(dirs)-1] != d {
			dirs = append(dirs, d)
		}
	}
	for _, d := range dirs {
		out = append(out, config.Finding{File: filepath.Join(loc.Root, filepath.FromSlash(d), config.HooksSubdir), Severity: config.Warning,
			Message: fmt.Sprintf("a hooks directory below the project root: hookrun started in %s or below it runs only these hooks, not those in %s (the nearest hooks directory wins); remove it, or run its hooks from the project's hooks directory",
				config.Rel(cwd, filepath.Join(loc.Root, filepath.FromSlash(d))), config.Rel(cwd, loc.HooksDir))})
	}
	return out
}

// strayDeclarations warns of a hook declaration written next to the hooks
// directory but not in it (.system/guard.yaml, .system/hook/guard.yaml):
// hookrun reads declarations only from the hooks directory, so the hook it
// declares never runs, and validate, which reads only that directory too,
// said OK. A file is taken for a declaration when lines start with
// event_type: and handler:; nothing of it is quoted.
func strayDeclarations(loc config.Location) []config.Finding {
	system := filepath.Dir(loc.HooksDir)
	if filepath.Base(system) != ".system" {
		return nil // --hooks-dir elsewhere: nothing is next to it by convention
	}
	var files []string
	for _, pattern := range []string{"*.yaml", "*.yml", "*/*.yaml", "*/*.yml"} {
		found, _ := filepath.Glob(filepath.Join(system, pattern))
		files = append(files, found...)
	}
	inside := func(real string) bool { _, ok := safefile.Beneath(loc.Root, real); return ok }
	var out []config.Finding
	for _, f := range files {
		if filepath.Dir(f) == loc.HooksDir {
			continue
		}
		data, _, err := safefile.ReadFileWithin(f, 64<<10, inside)
		if err != nil || !declaresHook(data) {
			continue
		}
		out = append(out, config.Finding{File: f, Line: 1, Col: 1, Severity: config.Warning,
			Message: fmt.Sprintf("declares a hook, but hookrun reads declarations only from %s, so it never runs: move it there", config.HooksSubdir)})
	}
	return out
}

// declaresHook reports whether a YAML text has top-level event_type and
// handler keys, as a hook declaration has.
func declaresHook(data []byte) bool {
	var event, handler bool
	for _, line := range strings.Split(string(data), "\n") {
		event = event || strings.HasPrefix(line, "event_type:")
		handler = handler || strings.HasPrefix(line, "handler:")
	}
	return event && handler
}
