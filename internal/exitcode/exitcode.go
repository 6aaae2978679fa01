// Package exitcode names hookrun's exit codes, part of its API
// (docs/result.md, "Exit codes"), and carries one up to main with an
// error: one place for the codes, one function that maps an error to its
// code.
package exitcode

import (
	"errors"
	"fmt"
)

// The exit codes.
const (
	OK          = 0   // proceed: decision allow, or a command succeeded
	Error       = 1   // hookrun could not do its job; for emit, no handler ran
	Deny        = 2   // emit: decision deny
	Human       = 3   // emit: decision require_human
	HungUp      = 129 // emit: stopped by SIGHUP
	Interrupted = 130 // emit: stopped by SIGINT
	Terminated  = 143 // emit: stopped by SIGTERM
	// AgentBlock is what emit --dialect exits with when it cannot read
	// the agent's payload: the status every supported agent reads as
	// "block this action, and show stderr as the reason". A guard hookrun
	// cannot read must not let the action through.
	AgentBlock = 2
)

// codeError carries an exit code up to main. Its message, if any, has not
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

// With wraps err (which may be nil: nothing more to say) with a code.
func With(code int, err error) error { return &codeError{code, err} }

// Failf is a plain failure of hookrun itself: exit 1 with a message.
func Failf(format string, args ...any) error {
	return With(Error, fmt.Errorf(format, args...))
}

// Of maps an error returned by a command to the process exit code.
func Of(err error) int {
	if err == nil {
		return OK
	}
	var ce *codeError
	if errors.As(err, &ce) {
		return ce.code
	}
	return Error
}

// Plural is "1 hook" or "n hooks", for the messages that count.
func Plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
