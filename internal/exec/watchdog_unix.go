//go:build unix

package exec

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// A Watchdog ends the handlers' process groups if hookrun dies without
// ending them itself: killed with SIGKILL (as an agent's own timeout may
// do), there is nothing hookrun can run. The watchdog is a second hookrun
// process, in a process group of its own, that reads the groups to watch
// from a pipe; when the pipe ends, because hookrun is done or dead, it
// kills every group still listed. It starts once a handler has run for
// WatchdogDelay, and is told then of every group still running.
type Watchdog struct {
	binary string
	mu     sync.Mutex
	groups map[int]bool // running now
	timer  *time.Timer
	w      *os.File // the pipe to the running watchdog
	proc   *os.Process
	closed bool
	err    error
}

// NewWatchdog prepares a watchdog that runs binary (the running hookrun).
func NewWatchdog(binary string) *Watchdog {
	return &Watchdog{binary: binary, groups: map[int]bool{}}
}

// Err is why the watchdog could not start, if it could not.
func (d *Watchdog) Err() error {
	if d == nil {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.err
}

// watch adds a process group; the returned func removes it, and is called
// before the group's leader is reaped, so its id cannot have been reused.
func (d *Watchdog) watch(group int) func() {
	if d == nil {
		return func() {}
	}
	d.mu.Lock()
	d.groups[group] = true
	if d.w != nil {
		d.send('+', group)
	} else if d.timer == nil && !d.closed {
		d.timer = time.AfterFunc(WatchdogDelay, d.start)
	}
	d.mu.Unlock()
	return func() {
		d.mu.Lock()
		delete(d.groups, group)
		if d.w != nil {
			d.send('-', group)
		}
		d.mu.Unlock()
	}
}

// start runs the watchdog process and tells it the groups running now.
func (d *Watchdog) start() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed || d.w != nil || len(d.groups) == 0 {
		return
	}
	r, w, err := os.Pipe()
	if err != nil {
		d.err = err
		return
	}
	defer r.Close()
	devnull, err := os.Open(os.DevNull)
	if err != nil {
		w.Close()
		d.err = err
		return
	}
	defer devnull.Close()
	// argv[0] is hookrun's name whatever the file is called: a test
	// binary standing in for hookrun dispatches on it.
	startMu.Lock() // not while a handler's ends of its pipes are open
	proc, err := startRetrying(context.Background(), d.binary, []string{"hookrun", WatchdogArg}, &os.ProcAttr{
		Files: []*os.File{r, devnull, devnull},
		Sys:   &syscall.SysProcAttr{Setpgid: true},
	})
	startMu.Unlock()
	if err != nil {
		w.Close()
		d.err = fmt.Errorf("starting the watchdog: %w", err)
		return
	}
	d.w, d.proc = w, proc
	for g := range d.groups {
		d.send('+', g)
	}
}

// send writes one line; d.mu is held. Each line is far below PIPE_BUF, so
// it is written whole.
func (d *Watchdog) send(op byte, group int) {
	_, _ = d.w.Write(append(strconv.AppendInt([]byte{op}, int64(group), 10), '\n'))
}

// Close tells the watchdog, if it started, that no group is left to watch.
// It does not wait for it: the watchdog exits by itself once it reads the
// end of the pipe. Pid says which child it was, for Orphans.Spare.
func (d *Watchdog) Close() (pid int) {
	if d == nil {
		return 0
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.closed = true
	if d.timer != nil {
		d.timer.Stop()
	}
	if d.w == nil {
		return 0
	}
	d.w.Close()
	d.w = nil
	pid = d.proc.Pid
	_ = d.proc.Release()
	return pid
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
