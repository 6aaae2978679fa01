package main

import (
	"errors"
	"fmt"
)

// Exit codes are part of hookrun's API (README, "Exit codes").
const (
	exitOK          = 0   // proceed: decision allow, or a command succeeded
	exitError       = 1   // hookrun could not do its job; for emit, no handler ran
	exitDeny        = 2   // emit: decision deny
	exitHuman       = 3   // emit: decision require_human
	exitInterrupted = 130 // emit: stopped by SIGINT
	exitTerminated  = 143 // emit: stopped by SIGTERM
)

// exitError carries an exit code up to run. Its message, if any, has not
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
