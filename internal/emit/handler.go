package emit

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"time"

	"github.com/hookrun/hookrun/internal/callpath"
	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/httpcall"
	"github.com/hookrun/hookrun/internal/merge"
	"github.com/hookrun/hookrun/internal/protocol"
	"github.com/hookrun/hookrun/internal/rules"
	"github.com/hookrun/hookrun/internal/shellcmd"
)

// handlers runs the handlers of one event's hooks.
type handlers struct {
	ctx      *event.Context
	stdin    func() []byte // the context as a script reads it (scriptInput), made on first use
	env      []string      // the caller's environment without hookrun's variables
	root     string        // the project root
	tree     string        // the project's work tree, kept off the handlers' PATH
	limits   exec.Limits
	watchdog *exec.Watchdog
	client   func() *http.Client // the http handlers' shared client, made on first use
	body     func() []byte       // what an http handler sends (policyBody), made on first use
	deadline Deadline
	git      callpath.Git // for a rules hook
	// read is the call as the rules hooks read it, read by the first that runs: the walks
	// of the trees a script changes and git's answers are the same for each.
	read func() *rules.Call
}

// run runs one hook's handler, whatever its kind, and judges what it did:
// every kind's answer becomes the hook's report here. A new handler kind
// is one case below and one package that does its work; config validates
// the kind's fields at load time, so an unknown kind never gets here.
func (hr handlers) run(ctx context.Context, h *config.Hook) merge.Report {
	if h.Handler.Kind == config.KindRules {
		return hr.read().Evaluate(h)
	}
	cut := false
	if !hr.deadline.At.IsZero() {
		if left := max(time.Until(hr.deadline.At), time.Millisecond); left < h.Handler.Timeout {
			c := *h
			c.Handler.Timeout, cut, h = left.Round(time.Millisecond), true, &c
		}
	}
	var rep merge.Report
	if h.Handler.Kind == config.KindHTTP {
		// The request holds the command line as hookrun reads it: that
		// reading is a phase, within the budget, like a rules hook's.
		body, ok := inPhase(ctx, "request", hr.body)
		if !ok {
			return protocol.Interrupted(h, 0)
		}
		rep = protocol.EvaluateCall(hr.ctx.Event, h, httpcall.Post(ctx, hr.client(), hr.call(h, body)))
	} else { // config.KindScript
		// The context holds the paths the files a command line runs name: reading
		// them is a phase, within the budget, like a rules hook's.
		stdin, ok := []byte(nil), true
		if hr.ctx.Command == "" {
			stdin = hr.stdin()
		} else {
			stdin, ok = inPhase(ctx, "input", hr.stdin)
		}
		if !ok {
			return protocol.Interrupted(h, 0)
		}
		if err := UntrustedFile(h.Handler.Command, h.Handler.Args, h.Handler.HasArgs, hr.root, hr.tree); err != nil {
			rep = evaluate(hr.ctx.Event, h, exec.Outcome{Failure: exec.StartFailed, Err: err})
		} else {
			rep = evaluate(hr.ctx.Event, h, exec.Run(ctx, hr.script(h, stdin), hr.limits))
		}
	}
	if rep.Run.Status == merge.StatusTimeout {
		// Say which timeout ended it, and where a person raises it: the
		// agent's when its deadline cut the handler's, else the hook's own.
		why := ": " + timeoutAdvice(hr.root, h)
		if cut {
			why = ": " + hr.deadline.Why + "; to give it longer, " + hr.deadline.Raise + ", not the hook's handler.timeout"
		}
		for i := range rep.Errors {
			rep.Errors[i].Message += why
		}
		if rep.Reason != "" {
			rep.Reason += why
		}
	}
	return rep
}

// timeoutAdvice says where a person gives a hook's handler longer: its
// handler.timeout, at its place in the hook's file, or the file to set one
// in when the hook has the default.
func timeoutAdvice(root string, h *config.Hook) string {
	file := inRoot(root, h.File)
	if h.TimeoutPos.Line == 0 {
		return fmt.Sprintf("to give it longer, set handler.timeout in %s (%s when it is not set)", file, config.DefaultTimeout)
	}
	return fmt.Sprintf("to give it longer, raise handler.timeout in %s:%d:%d", file, h.TimeoutPos.Line, h.TimeoutPos.Col)
}

// inRoot names a file as a person finds it: relative to the project root
// when it lies beneath it, else as it is.
func inRoot(root, file string) string {
	if rel, err := filepath.Rel(root, file); err == nil && filepath.IsLocal(rel) {
		return filepath.ToSlash(rel)
	}
	return file
}

// rules evaluates rules hooks into reports, one phase for all of them:
// they run no process and watch no signal, and take microseconds each,
// less than a goroutine each would cost. Those a signal leaves unanswered
// are interrupted.
func (hr handlers) rules(ctx context.Context, crash *crashes, hooks []*config.Hook, reports []merge.Report) {
	start := time.Now()
	got, ok := inPhase(ctx, "rules", func() []merge.Report {
		out := make([]merge.Report, len(hooks))
		for i, h := range hooks {
			func() {
				defer crash.catch(h.ID)
				out[i] = hr.run(ctx, h)
			}()
		}
		return out
	})
	for i, h := range hooks {
		if ok {
			reports[i] = got[i]
		} else {
			reports[i] = protocol.Interrupted(h, time.Since(start))
		}
	}
}

// evaluate is protocol.Evaluate; tests replace it to make a hook's goroutine panic.
var evaluate = protocol.Evaluate

// call is the request an http handler makes: the context a script reads
// with the command line's commands as hookrun parses them (policyBody),
// the same cap on the answer as on a script's stdout, and only the
// caller's environment for the variables it may expand.
func (hr handlers) call(h *config.Hook, body []byte) httpcall.Call {
	return httpcall.Call{
		Spec:    h.Handler.HTTP,
		Timeout: h.Handler.Timeout,
		Context: body,
		Env:     lookup(hr.env),
		MaxBody: hr.limits.MaxStdout,
	}
}

// lookup finds a variable in env, the last entry of a name winning as in exec.
func lookup(env []string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		for i := len(env) - 1; i >= 0; i-- {
			if k, v, ok := strings.Cut(env[i], "="); ok && k == name {
				return v, true
			}
		}
		return "", false
	}
}

// UntrustedFile says why someone other than the person running hookrun
// could change a file of the project that a script handler (command,
// args, hasArgs, run from root) runs or names (config.FileTrust): its
// program, each argument, each word of a shell line and each file it
// names; nil when no one could. tree is the project's work tree ("" for root).
func UntrustedFile(command string, args []string, hasArgs bool, root, tree string) error {
	words := append([]string{command}, args...)
	if tree == "" {
		tree = root
	}
	if !hasArgs && exec.NeedsShell(command) {
		// The files the line names as a shell reads it ("./guard.sh" quoted, after a cd, fed on
		// stdin, matched by a pattern), as the rules read an agent's line, and each word as it is.
		named, _ := callpath.Of(nil, command, shellcmd.POSIX, root, root, nil)
		words = append(strings.Fields(command), named...)
	}
	for i, w := range words {
		p := w
		if i == 0 {
			if prog, err := exec.Program(w, root); err == nil {
				p = prog
			}
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		if err := config.FileTrust(filepath.Clean(p), tree); err != nil {
			return err
		}
	}
	return nil
}

// script is the process a script handler runs as, reading stdin.
func (hr handlers) script(h *config.Hook, stdin []byte) exec.Spec {
	return exec.Spec{
		Command:  h.Handler.Command,
		Args:     h.Handler.Args,
		HasArgs:  h.Handler.HasArgs,
		Dir:      hr.root,
		Tree:     hr.tree,
		Env:      handlerEnv(hr.env, hr.ctx, h, hr.root),
		Stdin:    stdin,
		Timeout:  h.Handler.Timeout,
		Watchdog: hr.watchdog,
	}
}

// handlerEnv is the caller's environment plus hookrun's variables and the
// hook's handler.env, later entries replacing earlier ones of the same name.
// The caller's own values of hookrun's variables are dropped first: one
// hookrun leaves out (a prompt over maxVarBytes) must read as unset, not
// as what the caller's environment (a project's .env, for Gemini CLI) said.
func handlerEnv(base []string, c *event.Context, h *config.Hook, root string) []string {
	names := append(make([]string, 0, len(config.HandlerVars)+len(h.Handler.Env)), config.HandlerVars...)
	for _, v := range h.Handler.Env {
		names = append(names, v.Name)
	}
	env := withoutNames(base, names...)
	out := make([]string, 0, len(env)+len(config.HandlerVars)+len(h.Handler.Env))
	out = append(out, env...)
	out = append(out, "HOOKRUN_EVENT="+string(c.Event), "HOOKRUN_HOOK_ID="+h.ID, "HOOKRUN_PROJECT_DIR="+root,
		"HOOKRUN_ABILITY_ID="+envValue(c.AbilityID), "HOOKRUN_CALLER_SOURCE="+envValue(c.CallerSource), "HOOKRUN_SESSION_ID="+envValue(c.SessionID))
	out = appendContextVars(out, c)
	for _, v := range h.Handler.Env {
		out = append(out, v.Name+"="+v.Value)
	}
	return out
}

// envValue makes a context string safe as an environment value: a NUL byte (JSON allows \u0000)
// would make the handler fail to start.
func envValue(s string) string { return strings.ReplaceAll(s, "\x00", "") }

// withoutNames drops the variables called names from env.
func withoutNames(env []string, names ...string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		drop := false
		for _, n := range names {
			if n == name {
				drop = true
				break
			}
		}
		if !drop {
			out = append(out, kv)
		}
	}
	return out
}
