//go:build !linux

package exec

import (
	"os"
	"syscall"
)

// withPidFD does nothing where there are no pidfds.
func withPidFD(*syscall.SysProcAttr, *int) {}

func newChild(proc *os.Process, _ int) *child { return &child{proc: proc} }

// child is a started handler. Without waitid's WNOWAIT, hookrun reaps it
// as soon as it exits and keeps the status for reap.
type child struct {
	proc  *os.Process
	state *os.ProcessState
	err   error
}

// awaitExit blocks until the process has exited.
func (c *child) awaitExit() error {
	c.state, c.err = c.proc.Wait()
	return c.err
}

// reap returns the exit status; awaitExit has returned before it is called.
func (c *child) reap() (*os.ProcessState, error) { return c.state, c.err }
