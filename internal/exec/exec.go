// Package exec runs one handler as a child process that hookrun owns: its
// own process group, a timeout that ends the whole group, capped output,
// and nothing left running afterwards.
package exec

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
	"time"
)

// Spec is one handler run.
type Spec struct {
	Command string
	Args    []string
	HasArgs bool     // exec Command directly with Args; otherwise Command may be a shell line
	Dir     string   // the project root: working directory, and where relative commands resolve
	Env     []string // the complete environment
	Stdin   []byte
	Timeout time.Duration
}

// Limits bound what a handler may cost hookrun.
type Limits struct {
	MaxStdout int           // bytes of stdout kept; more makes the hook fail
	MaxStderr int           // bytes of stderr kept, the tail
	Grace     time.Duration // between SIGTERM and SIGKILL
}

// DefaultLimits are hookrun's documented limits.
var DefaultLimits = Limits{MaxStdout: 1 << 20, MaxStderr: 64 << 10, Grace: time.Second}

// Failure says why a run did not end on its own with its output complete.
type Failure int

// Failures. None means the process exited by itself and its output is whole.
const (
	None           Failure = iota
	StartFailed            // the command could not be started; Err says why
	TimedOut               // Timeout passed; the group was ended
	OutputTooLarge         // stdout passed MaxStdout; the group was ended
	Interrupted            // the caller's context was canceled; the group was ended
)

// Outcome is what happened to one run.
type Outcome struct {
	Argv     []string // what was executed, for messages
	Failure  Failure
	Err      error // for StartFailed
	Exited   bool  // the process exited by itself (ExitCode is valid)
	ExitCode int
	Signal   syscall.Signal // the signal that killed the process, when it did not exit
	Stdout   []byte
	Stderr   []byte // the last MaxStderr bytes
	// StderrCut reports that the start of stderr was dropped.
	StderrCut bool
	Duration  time.Duration
}

// Run executes spec and waits until its process and every descendant in
// its process group are done, or it ends them. It never returns before the
// handler's output pipes are closed or abandoned, so no goroutine outlives it.
func Run(ctx context.Context, s Spec, lim Limits) Outcome {
	start := time.Now()
	path, argv, err := Resolve(s.Command, s.Args, s.HasArgs, s.Dir)
	if err != nil {
		return Outcome{Argv: argv, Failure: StartFailed, Err: err, Duration: time.Since(start)}
	}
	o := run(ctx, s, lim, path, argv)
	o.Duration = time.Since(start)
	return o
}

func run(ctx context.Context, s Spec, lim Limits, path string, argv []string) Outcome {
	o := Outcome{Argv: argv}
	var pipes [6]*os.File // stdin r/w, stdout r/w, stderr r/w
	for i := 0; i < 6; i += 2 {
		r, w, err := os.Pipe()
		if err != nil {
			closeAll(pipes[:])
			return Outcome{Argv: argv, Failure: StartFailed, Err: err}
		}
		pipes[i], pipes[i+1] = r, w
	}
	inR, inW, outR, outW, errR, errW := pipes[0], pipes[1], pipes[2], pipes[3], pipes[4], pipes[5]
	proc, err := os.StartProcess(path, argv, &os.ProcAttr{
		Dir:   s.Dir,
		Env:   s.Env,
		Files: []*os.File{inR, outW, errW},
		Sys:   &syscall.SysProcAttr{Setpgid: true},
	})
	closeAll([]*os.File{inR, outW, errW})
	if err != nil {
		closeAll([]*os.File{inW, outR, errR})
		o.Failure, o.Err = StartFailed, explainStart(err, path, s.Dir)
		return o
	}
	group := proc.Pid

	// The handler may never read its stdin; a broken pipe is its business.
	go func() {
		_, _ = inW.Write(s.Stdin)
		_ = inW.Close()
	}()

	overflow := make(chan struct{})
	outDone := make(chan []byte, 1)
	errDone := make(chan tail, 1)
	go func() { outDone <- readCapped(outR, lim.MaxStdout, overflow) }()
	go func() { errDone <- readTail(errR, lim.MaxStderr) }()
	waited := make(chan *os.ProcessState, 1)
	go func() {
		st, _ := proc.Wait()
		waited <- st
	}()

	timeout := time.NewTimer(s.Timeout)
	defer timeout.Stop()
	var (
		state           *os.ProcessState
		outOK, errOK    bool
		killAt, abandon <-chan time.Time
	)
	// end starts ending the group once: SIGTERM now, SIGKILL after the
	// grace, and after that the pipes are abandoned even if a process that
	// left the group still holds them.
	end := func(why Failure) {
		if o.Failure != None {
			return
		}
		o.Failure = why
		_ = syscall.Kill(-group, syscall.SIGTERM)
		killAt = time.After(lim.Grace)
	}
	for state == nil || !outOK || !errOK {
		select {
		case state = <-waited:
			_ = inW.Close() // unblock a writer the handler never read
		case o.Stdout = <-outDone:
			outOK = true
		case t := <-errDone:
			o.Stderr, o.StderrCut = t.data, t.cut
			errOK = true
		case <-timeout.C:
			end(TimedOut)
		case <-overflow:
			overflow = nil
			end(OutputTooLarge)
		case <-ctx.Done():
			end(Interrupted)
		case <-killAt:
			killAt = nil
			_ = syscall.Kill(-group, syscall.SIGKILL)
			abandon = time.After(100 * time.Millisecond)
		case <-abandon:
			abandon = nil
			now := time.Now()
			_ = outR.SetReadDeadline(now)
			_ = errR.SetReadDeadline(now)
		}
	}
	// Whatever the handler left behind in its group goes with it.
	_ = syscall.Kill(-group, syscall.SIGKILL)
	closeAll([]*os.File{inW, outR, errR})

	if ws, ok := state.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		o.Signal = ws.Signal()
	} else {
		o.Exited, o.ExitCode = true, state.ExitCode()
	}
	return o
}

func closeAll(fs []*os.File) {
	for _, f := range fs {
		if f != nil {
			_ = f.Close()
		}
	}
}

// readCapped reads r to the end, keeping at most max bytes; past max it
// closes overflow and stops reading (the writer then meets a broken pipe).
func readCapped(r *os.File, max int, overflow chan<- struct{}) []byte {
	var buf bytes.Buffer
	chunk := make([]byte, 32<<10)
	for {
		n, err := r.Read(chunk)
		if buf.Len()+n > max {
			buf.Write(chunk[:max-buf.Len()])
			close(overflow)
			return buf.Bytes()
		}
		buf.Write(chunk[:n])
		if err != nil {
			return buf.Bytes()
		}
	}
}

type tail struct {
	data []byte
	cut  bool
}

// readTail reads r to the end, keeping the last max bytes.
func readTail(r *os.File, max int) tail {
	var t tail
	chunk := make([]byte, 32<<10)
	for {
		n, err := r.Read(chunk)
		t.data = append(t.data, chunk[:n]...)
		if len(t.data) > 2*max { // trim in batches, not on every read
			t.data = append(t.data[:0], t.data[len(t.data)-max:]...)
			t.cut = true
		}
		if err != nil {
			if len(t.data) > max {
				t.data = t.data[len(t.data)-max:]
				t.cut = true
			}
			return t
		}
	}
}

// explainStart turns a failed start into a message that says what to fix.
func explainStart(err error, path, dir string) error {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return err
	}
	shown := Display(path, dir)
	switch errno {
	case syscall.ENOENT:
		if _, statErr := os.Stat(path); statErr == nil {
			if interp := interpreter(path); interp != "" {
				return fmt.Errorf("bad interpreter: %s names %s on its #! line, which does not exist", shown, interp)
			}
		}
		return fmt.Errorf("command not found: %s does not exist", shown)
	case syscall.EACCES:
		if st, statErr := os.Stat(path); statErr == nil && st.IsDir() {
			return fmt.Errorf("%s is a directory, not a command", shown)
		}
		return fmt.Errorf("permission denied: %s is not executable (chmod +x %s)", shown, shown)
	case syscall.ENOEXEC:
		return fmt.Errorf("exec format error: %s has no #! line and is not a program this machine can run", shown)
	}
	if pe, ok := err.(*os.PathError); ok && pe.Op == "chdir" {
		return fmt.Errorf("cannot enter the project directory %s: %v", dir, errno)
	}
	return fmt.Errorf("cannot start %s: %v", shown, errno)
}

// interpreter returns the program named on a script's #! line, or "".
func interpreter(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, 256)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	if !bytes.HasPrefix(head, []byte("#!")) {
		return ""
	}
	line, _, _ := bytes.Cut(head[2:], []byte("\n"))
	fields := bytes.Fields(line)
	if len(fields) == 0 {
		return ""
	}
	return string(fields[0])
}
