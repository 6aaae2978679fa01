package exec

import (
	"os"
	"syscall"
	"unsafe"
)

// child is a started handler. On Linux hookrun learns that it exited
// without reaping it (waitid with WNOWAIT): until reap, its pid and so
// its process group id cannot be given to another process.
//
// When the kernel gives a pidfd for the child, the wait for its exit is a
// poll on that descriptor, parked in Go's network poller: no OS thread
// sits blocked in waitid for each running handler.
type child struct {
	proc  *os.Process
	pidfd *os.File // nil without pidfd support: awaitExit then blocks a thread
}

const (
	pPID    = 1          // P_PID
	pPIDFD  = 3          // P_PIDFD
	wNoWait = 0x01000000 // WNOWAIT
)

// withPidFD asks the start of a process to store its pidfd in *fd.
func withPidFD(attr *syscall.SysProcAttr, fd *int) {
	*fd = -1
	attr.PidFD = fd
}

func newChild(proc *os.Process, pidfd int) *child {
	c := &child{proc: proc}
	if pidfd >= 0 {
		if syscall.SetNonblock(pidfd, true) == nil {
			c.pidfd = os.NewFile(uintptr(pidfd), "pidfd")
		} else {
			syscall.Close(pidfd)
		}
	}
	return c
}

// awaitExit blocks until the process has exited, leaving it a zombie.
func (c *child) awaitExit() error {
	if c.pidfd != nil {
		rc, err := c.pidfd.SyscallConn()
		if err == nil {
			var werr error
			err = rc.Read(func(fd uintptr) bool {
				exited, e := waitNoReap(pPIDFD, fd, syscall.WNOHANG)
				werr = e
				return exited || e != nil
			})
			if err == nil {
				return werr
			}
		}
		// The poller would not take the pidfd: wait the blocking way.
	}
	_, err := waitNoReap(pPID, uintptr(c.proc.Pid), 0)
	return err
}

// waitNoReap waits (or with WNOHANG, checks) for the process to exit
// without reaping it, and reports whether it has.
func waitNoReap(idtype, id uintptr, flags int) (bool, error) {
	var info [128]byte // siginfo_t; si_signo, first, is SIGCHLD when a child was found
	for {
		_, _, e := syscall.Syscall6(syscall.SYS_WAITID, idtype, id,
			uintptr(unsafe.Pointer(&info[0])), uintptr(syscall.WEXITED|wNoWait|flags), 0, 0)
		switch e {
		case 0:
			return *(*int32)(unsafe.Pointer(&info[0])) == int32(syscall.SIGCHLD), nil
		case syscall.EINTR, syscall.EAGAIN:
			if flags&syscall.WNOHANG != 0 {
				return false, nil
			}
			continue
		}
		return false, os.NewSyscallError("waitid", e)
	}
}

// reap collects the exit status, freeing the pid.
func (c *child) reap() (*os.ProcessState, error) {
	if c.pidfd != nil {
		defer c.pidfd.Close()
	}
	return c.proc.Wait()
}
