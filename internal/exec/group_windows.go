package exec

import (
	"errors"
	"fmt"
	"os"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// ownGroupAttr starts a handler suspended, in a console process group of
// its own (a Ctrl+C meant for hookrun is not delivered to it): ownGroup
// puts it in its job object before it runs a single instruction, so
// nothing it starts can be outside the job.
func ownGroupAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{CreationFlags: windows.CREATE_SUSPENDED | windows.CREATE_NEW_PROCESS_GROUP}
}

// group is a handler's job object: Windows has no process groups, and a
// job is what holds a process and everything it starts. The job does not
// allow breakaway, so no descendant can leave it, and it is created with
// KILL_ON_JOB_CLOSE: when its one handle closes, because hookrun is done
// or was killed, every process still in it ends. That is the watchdog's
// job on Unix, done by the system.
type group struct {
	job windows.Handle
	pid int
}

// ownGroup makes a job object, puts the suspended handler in it and lets
// it run. If any step fails the handler never runs: the caller kills it.
func ownGroup(proc *os.Process) (*group, error) {
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return nil, fmt.Errorf("creating its job object: %w", err)
	}
	g := &group{job, proc.Pid}
	var info windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	if _, err := windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		g.release()
		return nil, fmt.Errorf("setting up its job object: %w", err)
	}
	// The process is suspended and not yet waited for, so its pid still
	// names it.
	h, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, uint32(proc.Pid))
	if err != nil {
		g.release()
		return nil, fmt.Errorf("opening it: %w", err)
	}
	err = windows.AssignProcessToJobObject(job, h)
	windows.CloseHandle(h)
	if err != nil {
		g.release()
		return nil, fmt.Errorf("putting it in its job object: %w", err)
	}
	if err := resume(uint32(proc.Pid)); err != nil {
		g.release() // kills it: the job's only handle closes
		return nil, fmt.Errorf("resuming it: %w", err)
	}
	return g, nil
}

// resume starts the threads of a process created suspended: there is one,
// and os.StartProcess does not return its handle.
func resume(pid uint32) error {
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPTHREAD, 0)
	if err != nil {
		return err
	}
	defer windows.CloseHandle(snap)
	entry := windows.ThreadEntry32{Size: uint32(unsafe.Sizeof(windows.ThreadEntry32{}))}
	resumed := 0
	for err = windows.Thread32First(snap, &entry); err == nil; err = windows.Thread32Next(snap, &entry) {
		if entry.OwnerProcessID != pid {
			continue
		}
		th, err := windows.OpenThread(windows.THREAD_SUSPEND_RESUME, false, entry.ThreadID)
		if err != nil {
			return err
		}
		_, err = windows.ResumeThread(th)
		windows.CloseHandle(th)
		if err != nil {
			return err
		}
		resumed++
	}
	if !errors.Is(err, windows.ERROR_NO_MORE_FILES) {
		return err
	}
	if resumed == 0 {
		return errors.New("no thread of the process was found")
	}
	return nil
}

func (g *group) id() int { return g.pid }

// terminate ends the job at once: Windows has no SIGTERM a job could be
// sent, so a handler gets no grace to clean up.
func (g *group) terminate() { g.kill() }

// kill ends every process in the job.
func (g *group) kill() { _ = windows.TerminateJobObject(g.job, 1) }

// release closes the job, ending whatever is still in it.
func (g *group) release() {
	if g.job != 0 {
		windows.CloseHandle(g.job)
		g.job = 0
	}
}
