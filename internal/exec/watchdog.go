package exec

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"sync"
	"syscall"
)

// WatchdogArg is the argument that makes the hookrun binary a watchdog.
const WatchdogArg = "__watchdog"

// A Watchdog ends the handlers' process groups if hookrun dies without
// ending them itself: killed with SIGKILL (as an agent's own timeout may
// do), there is nothing hookrun can run. The watchdog is a second hookrun
// process, in a process group of its own, that reads the groups to watch
// from a pipe; when the pipe ends, because hookrun is done or dead, it
// kills every group still listed.
type Watchdog struct {
	mu   sync.Mutex
	w    *os.File
	proc *os.Process
	err  error
}

// StartWatchdog starts binary (the running hookrun) as a watchdog.
func StartWatchdog(binary string) *Watchdog {
	r, w, err := os.Pipe()
	if err != nil {
		return &Watchdog{err: err}
	}
	defer r.Close()
	devnull, err := os.Open(os.DevNull)
	if err != nil {
		w.Close()
		return &Watchdog{err: err}
	}
	defer devnull.Close()
	// argv[0] is hookrun's name whatever the file is called: a test
	// binary standing in for hookrun dispatches on it.
	proc, err := startRetrying(nil, binary, []string{"hookrun", WatchdogArg}, &os.ProcAttr{
		Files: []*os.File{r, devnull, devnull},
		Sys:   &syscall.SysProcAttr{Setpgid: true},
	})
	if err != nil {
		w.Close()
		return &Watchdog{err: fmt.Errorf("starting the watchdog: %w", err)}
	}
	return &Watchdog{w: w, proc: proc}
}

// Err is why the watchdog is not running, if it is not.
func (d *Watchdog) Err() error { return d.err }

// watch adds a process group; the returned func removes it, and is called
// before the group's leader is reaped, so its id cannot have been reused.
func (d *Watchdog) watch(group int) func() {
	if d == nil || d.w == nil {
		return func() {}
	}
	d.send('+', group)
	return func() { d.send('-', group) }
}

func (d *Watchdog) send(op byte, group int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.w != nil {
		_, _ = d.w.Write(append(strconv.AppendInt([]byte{op}, int64(group), 10), '\n'))
	}
}

// Close ends the watchdog (no group is left to watch) and waits for it.
func (d *Watchdog) Close() {
	if d == nil || d.w == nil {
		return
	}
	d.mu.Lock()
	d.w.Close()
	d.w = nil
	d.mu.Unlock()
	_, _ = d.proc.Wait()
}

// WatchdogMain is the watchdog process: it keeps the groups listed on in
// and kills those left when in ends.
func WatchdogMain(in io.Reader) int {
	// The agent's signals are for hookrun; the watchdog outlives them.
	signal.Ignore(syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE)
	groups := map[int]bool{}
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		line := sc.Text()
		if len(line) < 2 {
			continue
		}
		g, err := strconv.Atoi(line[1:])
		if err != nil || g <= 1 {
			continue
		}
		groups[g] = line[0] == '+'
	}
	for g, live := range groups {
		if live {
			_ = syscall.Kill(-g, syscall.SIGKILL)
		}
	}
	return 0
}
