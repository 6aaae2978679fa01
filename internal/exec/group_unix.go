//go:build unix

package exec

import (
	"os"
	"syscall"
)

// ownGroupAttr starts a handler as the leader of a process group of its own.
func ownGroupAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// group is a handler's process group, named by its leader's pid.
type group int

// ownGroup returns the group the started handler leads.
func ownGroup(proc *os.Process) (group, error) { return group(proc.Pid), nil }

func (g group) id() int { return int(g) }

// terminate asks every process of the group to end (SIGTERM).
func (g group) terminate() { _ = syscall.Kill(-int(g), syscall.SIGTERM) }

// kill ends every process of the group (SIGKILL).
func (g group) kill() { _ = syscall.Kill(-int(g), syscall.SIGKILL) }

// release frees what the group holds: nothing, for a process group.
func (g group) release() {}
