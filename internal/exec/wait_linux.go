package exec

import (
	"os"
	"syscall"
	"unsafe"
)

// child is a started handler. On Linux hookrun learns that it exited
// without reaping it (waitid with WNOWAIT): until reap, its pid and so
// its process group id cannot be given to another process.
type child struct{ proc *os.Process }

const (
	pPID    = 1          // P_PID
	wNoWait = 0x01000000 // WNOWAIT
)

// awaitExit blocks until the process has exited, leaving it a zombie.
func (c *child) awaitExit() error {
	var info [128]byte // siginfo_t
	for {
		_, _, e := syscall.Syscall6(syscall.SYS_WAITID, pPID, uintptr(c.proc.Pid),
			uintptr(unsafe.Pointer(&info[0])), syscall.WEXITED|wNoWait, 0, 0)
		switch e {
		case 0:
			return nil
		case syscall.EINTR:
			continue
		}
		return os.NewSyscallError("waitid", e)
	}
}

// reap collects the exit status, freeing the pid.
func (c *child) reap() (*os.ProcessState, error) { return c.proc.Wait() }
