package main

import (
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/emit"
)

// Exit codes are part of hookrun's API (README, "Exit codes").
const (
	exitOK          = 0   // proceed: decision allow, or a command succeeded
	exitError       = 1   // hookrun could not do its job; for emit, no handler ran
	exitDeny        = 2   // emit: decision deny
	exitHuman       = 3   // emit: decision require_human
	exitInterrupted = 130 // emit: stopped by SIGINT
	exitTerminated  = 143 // emit: stopped by SIGTERM
	// exitAgentBlock is what emit --dialect exits with when it cannot read
	// the agent's payload: the status every supported agent reads as
	// "block this action".
	exitAgentBlock = dialect.BlockExitCode
)

// codeError carries an exit code up to run. Its message, if any, has not
// been printed yet.
type codeError struct {
	code int
	err  error
}

func (e *codeError) Error() string {
	if e.err == nil {
		return ""
	}
	return e.err.Error()
}

func (e *codeError) Unwrap() error { return e.err }

// withCode wraps err (which may be nil: nothing more to say) with a code.
func withCode(code int, err error) error { return &codeError{code, err} }

// failf is a plain failure of hookrun itself: exit 1 with a message.
func failf(format string, args ...any) error {
	return withCode(exitError, fmt.Errorf(format, args...))
}

// exitCode maps an error returned by a command to the process exit code.
func exitCode(err error) int {
	if err == nil {
		return exitOK
	}
	var ce *codeError
	if errors.As(err, &ce) {
		return ce.code
	}
	return exitError
}

// recoverInternal turns a panic, a bug in hookrun, into exit 1 with a
// message, so that emit never ends with Go's own status 2 (which callers
// read as deny) and prints no result. Deferred by commands, it sets *err.
func recoverInternal(err *error) {
	v := recover()
	if v == nil {
		return
	}
	stack := debug.Stack()
	var p *emit.Panic
	if e, ok := v.(error); ok && errors.As(e, &p) {
		v, stack = fmt.Sprintf("%v (in hook %s)", p.Value, p.HookID), p.Stack
	}
	*err = withCode(exitError, fmt.Errorf("internal error: %v; no result was printed. This is a bug in hookrun; please report it with this trace:\n%s", v, stack))
}
