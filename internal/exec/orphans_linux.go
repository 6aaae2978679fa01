package exec

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
	"unsafe"
)

const (
	prSetChildSubreaper = 36 // PR_SET_CHILD_SUBREAPER
	pAll                = 0  // P_ALL
)

// Orphans are the processes handlers leave behind.
type Orphans struct {
	before map[int]bool // children this process had before: not the handlers'
}

// AdoptOrphans makes this process the reaper of its orphaned descendants:
// a process a handler started and left behind (even one that called
// setsid to leave the handler's process group) becomes a child of hookrun
// when its parent exits, so End can find it. Call it once, before the
// first Run. Children the process already has (a caller may have started
// some and then exec'd hookrun) are not the handlers' and are left alone.
func AdoptOrphans() (*Orphans, error) {
	o := &Orphans{before: map[int]bool{}}
	if hasChildren() { // rare: only then is /proc worth reading
		for _, pid := range childPIDs() {
			o.before[pid] = true
		}
	}
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); e != 0 {
		return o, os.NewSyscallError("prctl(PR_SET_CHILD_SUBREAPER)", e)
	}
	return o, nil
}

// Spare leaves the child pid alone: it is hookrun's own (the watchdog),
// not something a handler left behind.
func (o *Orphans) Spare(pid int) {
	if o != nil && pid > 0 {
		o.before[pid] = true
	}
}

// End kills and reaps every new child this process has, and the process
// groups they lead, until none is left, limit has passed or stop is
// closed (a signal to hookrun, which must answer it soon: End then goes
// on for stoppedWait at most); it returns how many it found. A limit of
// zero or less (the answer is already due) still sends one round of
// SIGKILL, without waiting for it to take. Every
// handler Run started has been reaped by the time Run returns, so any new
// child left is something a handler left behind. Call it only when no Run
// is in progress, in a process that starts no other children.
func (o *Orphans) End(limit time.Duration, stop <-chan struct{}) int {
	if len(o.before) == 0 && !hasChildren() {
		return 0 // the usual case, known from one system call
	}
	deadline := time.Now().Add(limit)
	seen := map[int]bool{}
	for round := 0; ; round++ {
		var pids []int
		for _, pid := range childPIDs() {
			if !o.before[pid] {
				pids = append(pids, pid)
			}
		}
		if len(pids) == 0 || round > 0 && time.Now().After(deadline) {
			return len(seen)
		}
		for _, pid := range pids {
			seen[pid] = true
			// pid is an unreaped child of this process, so neither it nor
			// the group it may lead can belong to anyone else.
			_ = kill(-pid, syscall.SIGKILL)
			_ = kill(pid, syscall.SIGKILL)
			_, _ = syscall.Wait4(pid, nil, syscall.WNOHANG, nil)
		}
		select {
		case <-stop:
			// What the round killed may leave children of its own to
			// this process: they are ended too, for a moment more.
			stop = nil
			if soon := time.Now().Add(stoppedWait); soon.Before(deadline) {
				deadline = soon
			}
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// stoppedWait is how long End goes on once stopped: what it killed hands
// its own children to this process within a round or two.
const stoppedWait = 100 * time.Millisecond

// kill is syscall.Kill; a test makes it miss.
var kill = syscall.Kill

// hasChildren reports whether this process has any child, running or a
// zombie, without reaping one: waitid answers ECHILD only when there is none.
func hasChildren() bool {
	var info [128]byte // siginfo_t
	for {
		_, _, e := syscall.Syscall6(syscall.SYS_WAITID, pAll, 0, uintptr(unsafe.Pointer(&info[0])),
			syscall.WEXITED|syscall.WSTOPPED|syscall.WCONTINUED|syscall.WNOHANG|wNoWait, 0, 0)
		if e != syscall.EINTR {
			return e != syscall.ECHILD
		}
	}
}

// childPIDs lists this process's children, zombies included.
func childPIDs() []int {
	files, _ := filepath.Glob("/proc/self/task/*/children")
	if len(files) == 0 {
		return childPIDsByScan()
	}
	var pids []int
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue // the thread ended
		}
		for _, field := range bytes.Fields(data) {
			if pid, err := strconv.Atoi(string(field)); err == nil {
				pids = append(pids, pid)
			}
		}
	}
	return pids
}

// childPIDsByScan finds the children by their parent pid in /proc/PID/stat,
// for kernels built without /proc/PID/task/TID/children.
func childPIDsByScan() []int {
	self := os.Getpid()
	entries, _ := os.ReadDir("/proc")
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		data, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...; comm may hold spaces and parentheses.
		i := bytes.LastIndexByte(data, ')')
		if i < 0 {
			continue
		}
		fields := bytes.Fields(data[i+1:])
		if len(fields) > 1 {
			if ppid, err := strconv.Atoi(string(fields[1])); err == nil && ppid == self {
				pids = append(pids, pid)
			}
		}
	}
	return pids
}
