// Package exec runs one handler as a child process that hookrun owns: its
// own process group, a timeout that ends the whole group, capped output,
// and nothing left running afterwards.
package exec

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"
)

// Spec is one handler run.
type Spec struct {
	Command string
	Args    []string
	HasArgs bool   // exec Command directly with Args; otherwise Command may be a shell line
	Dir     string // the project root: working directory, and where relative commands resolve
	// Tree is the project's work tree ("" for Dir), whose files an agent
	// writes: no directory of it on PATH is searched for the program or
	// left in the process's PATH (TrustedPATH).
	Tree    string
	Env     []string // the complete environment
	Stdin   []byte
	Timeout time.Duration
	// Watchdog, when set, ends the handler's group should hookrun die.
	Watchdog *Watchdog
}

// tree is the work tree whose directories are kept off PATH.
func (s Spec) tree() string {
	if s.Tree == "" {
		return s.Dir
	}
	return s.Tree
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
	// StdoutLimit is the MaxStdout the run had, for OutputTooLarge's message.
	StdoutLimit int
	Stderr      []byte // the last MaxStderr bytes
	// StderrCut reports that the start of stderr was dropped.
	StderrCut bool
	// StderrHead is the first StderrHeadMax bytes of stderr, when
	// StderrCut: where a guard wrote why it denies, before a process it
	// left behind filled the rest.
	StderrHead []byte
	// PipesHeld reports that the handler exited but a process it started
	// held its stdout or stderr open past ExitGrace: the output read until
	// then is the answer, and that process's group was ended.
	PipesHeld bool
	Duration  time.Duration
}

// Run executes spec and waits until its process and every descendant in
// its process group are done, or it ends them. It never returns before the
// handler's output pipes are closed or abandoned, so no goroutine outlives it.
func Run(ctx context.Context, s Spec, lim Limits) Outcome {
	start := time.Now()
	path, argv, err := Resolve(s.Command, s.Args, s.HasArgs, s.Dir, s.tree())
	if err != nil {
		return Outcome{Argv: argv, Failure: StartFailed, Err: err, Duration: time.Since(start)}
	}
	if err := interpreterInTree(startedScript(s, path), s.Dir, s.tree()); err != nil {
		return Outcome{Argv: argv, Failure: StartFailed, Err: err, Duration: time.Since(start)}
	}
	o := run(ctx, s, lim, path, argv)
	if o.Failure == None && o.Exited && o.ExitCode == 2 {
		// A shell exits 2 on a line it cannot read, before anything runs:
		// that is the hook failing to start, not a guard's deny. It is
		// asked within the handler's own time, cut to the agent's deadline.
		if err := lineSyntax(ctx, s.Timeout-time.Since(start), s, path); err != nil {
			o.Failure, o.Err = StartFailed, err
		}
	}
	o.Duration, o.StdoutLimit = time.Since(start), lim.MaxStdout
	return o
}

// syntaxCheckLimit bounds the time a shell is given to read a line with
// -n; the handler's own time left bounds it too.
const syntaxCheckLimit = 5 * time.Second

// lineSyntax says why the shell a handler runs cannot read the line it is
// given (shellSyntax): a command line for /bin/sh, or the line a shell
// gets with -c in args (ShellLine). Nil otherwise.
func lineSyntax(ctx context.Context, left time.Duration, s Spec, path string) error {
	left = min(left, syntaxCheckLimit)
	if !s.HasArgs {
		if !NeedsShell(s.Command) {
			return nil
		}
		if err := shellSyntax(ctx, left, Shell, "sh", s.Command, "this command line"); err != nil {
			return err
		}
		return innerSyntax(ctx, left, s.Command, s.Dir, s.tree())
	}
	line, ok := ShellLine(s.Command, s.Args)
	if !ok {
		return nil
	}
	end := time.Now().Add(left)
	if err := shellSyntax(ctx, left, path, filepath.Base(s.Command), line, "the line it runs with -c (handler.args)"); err != nil {
		return err
	}
	return innerSyntax(ctx, time.Until(end), line, s.Dir, s.tree())
}

// MaxInnerLines bounds how many shells given a line with -c, one inside
// the other (bash -c "bash -c '…'"), are read through.
const MaxInnerLines = 4

// innerSyntax says why the shell a command line runs (bash -c LINE,
// InnerLine), or one that LINE runs in turn, cannot read its LINE, or
// returns nil; all of it within limit.
func innerSyntax(ctx context.Context, limit time.Duration, command, dir, tree string) error {
	end := time.Now().Add(limit)
	for range MaxInnerLines {
		prog, args, ok := InnerLine(command)
		if !ok {
			return nil
		}
		path, err := resolveProgram(prog, dir, tree)
		if err != nil {
			return nil
		}
		line, _ := ShellLine(prog, args)
		if err := shellSyntax(ctx, time.Until(end), path, filepath.Base(prog), line, "the line it runs with -c"); err != nil {
			return err
		}
		command = line
	}
	return nil
}

func run(ctx context.Context, s Spec, lim Limits, path string, argv []string) Outcome {
	o := Outcome{Argv: argv}
	startMu.Lock()
	var pipes [6]*os.File                                  // stdin r/w, stdout r/w, stderr r/w
	for i, oursIsRead := range []bool{false, true, true} { // hookrun writes stdin, reads the others
		r, w, err := pipe(oursIsRead)
		if err != nil {
			closeAll(pipes[:])
			startMu.Unlock()
			return Outcome{Argv: argv, Failure: StartFailed, Err: fmt.Errorf("cannot start %s: %w", Display(path, s.Dir), err)}
		}
		pipes[2*i], pipes[2*i+1] = r, w
	}
	inR, inW, outR, outW, errR, errW := pipes[0], pipes[1], pipes[2], pipes[3], pipes[4], pipes[5]
	sys := ownGroupAttr()
	var pidfd int
	withPidFD(sys, &pidfd)
	proc, err := startRetrying(ctx, path, argv, &os.ProcAttr{
		Dir:   s.Dir,
		Env:   TrustedPATH(WithoutShellStartup(s.Env), s.tree()),
		Files: []*os.File{inR, outW, errW},
		Sys:   sys,
	})
	closeAll([]*os.File{inR, outW, errW})
	startMu.Unlock()
	if err != nil {
		closeAll([]*os.File{inW, outR, errR})
		o.Failure, o.Err = StartFailed, explainStart(err, path, s.Dir)
		return o
	}
	// The handler leads its own process group (a job object on Windows),
	// and the group's id stays reserved until the leader is reaped:
	// hookrun reaps it only after the last signal to the group, so a
	// signal can never reach a stranger that was given a recycled pid.
	c := newChild(proc, pidfd)
	grp, err := ownGroup(proc)
	if err != nil {
		_ = proc.Kill()
		_ = c.awaitExit()
		_, _ = c.reap()
		closeAll([]*os.File{inW, outR, errR})
		o.Failure, o.Err = StartFailed, fmt.Errorf("cannot start %s: %w", Display(path, s.Dir), err)
		return o
	}
	defer grp.release()
	unwatch := s.Watchdog.watch(grp.id())

	// The handler may never read its stdin: a broken pipe is its
	// business, and a writer it leaves blocked is released once it exits.
	// Most contexts fit in the pipe's buffer and are written at once; only
	// the rest of a larger one waits, in a goroutine, for the handler to
	// read.
	stdinDone := make(chan struct{})
	rest := writeNow(inW, s.Stdin)
	if rest == nil {
		_ = inW.Close()
		close(stdinDone)
	} else {
		go func() {
			defer close(stdinDone)
			_, _ = inW.Write(rest)
			_ = inW.Close()
		}()
	}

	outDone := make(chan capped, 1)
	errDone := make(chan tail, 1)
	go func() { outDone <- readCapped(outR, lim.MaxStdout) }()
	go func() { errDone <- readTail(errR, lim.MaxStderr) }()
	exited := make(chan error, 1)
	go func() { exited <- c.awaitExit() }()

	// Whatever happens below, even a panic, the group ends and the pipes
	// are released, so every goroutine started here returns; on the way
	// out of a normal run, before Run does.
	cleanedUp := false
	cleanup := func() {
		if cleanedUp {
			return
		}
		cleanedUp = true
		grp.kill()
		now := time.Now()
		_ = inW.SetWriteDeadline(now)
		_ = outR.SetReadDeadline(now)
		_ = errR.SetReadDeadline(now)
		<-stdinDone
	}
	defer cleanup()

	timerStarts()
	due := time.Now().Add(s.Timeout)
	timeout := time.NewTimer(s.Timeout)
	defer timeout.Stop()
	var (
		leaderDone, outOK, errOK bool
		waitErr                  error
		killAt, abandon          <-chan time.Time
		// A closed channel is always ready: once it has fired, nil stops
		// the loop from spinning on it for the rest of the grace.
		canceled = ctx.Done()
	)
	// end starts ending the group once: SIGTERM now, SIGKILL after the
	// grace, and shortly after that the pipes are abandoned even if a
	// process that left the group still holds them.
	end := func(why Failure) {
		if o.Failure != None {
			return
		}
		o.Failure = why
		grp.terminate()
		killAt = time.After(lim.Grace)
	}
	var afterExit <-chan time.Time
	for !leaderDone || !outOK || !errOK {
		select {
		case waitErr = <-exited:
			leaderDone = true
			if !time.Now().Before(due) {
				// Seen only once its time was up (a loaded machine ran the
				// handler to its end before hookrun looked): a timeout,
				// whichever of the two select happened to take first.
				end(TimedOut)
			}
			_ = inW.SetWriteDeadline(time.Now())
			// What the handler printed before it exited is its answer: a
			// process it left behind holding a pipe gets ExitGrace to let
			// go, then loses it, and cannot turn that answer into a
			// timeout.
			afterExit = time.After(exitGrace)
		case <-afterExit:
			afterExit = nil
			if o.Failure != None {
				// A failed run's output is no answer, and what its group
				// holds ends with end's SIGKILL: its processes, sent
				// SIGTERM together, die at moments of their own.
				continue
			}
			if (!outOK && Readable(outR)) || (!errOK && Readable(errR)) {
				// Output, or the end of it, is waiting in a pipe: the reading
				// is behind (a loaded machine), no process is holding it up.
				afterExit = time.After(exitGrace)
				continue
			}
			o.PipesHeld = true
			grp.kill()
			now := time.Now()
			_ = outR.SetReadDeadline(now)
			_ = errR.SetReadDeadline(now)
		case c := <-outDone:
			o.Stdout, outOK = c.data, true
			if c.over {
				end(OutputTooLarge)
			}
		case t := <-errDone:
			o.Stderr, o.StderrCut = t.data, t.cut
			if t.cut {
				o.StderrHead = t.head
			}
			errOK = true
		case <-timeout.C:
			if leaderDone && o.Failure == None {
				// The handler exited within its time, so what it printed is
				// its answer; what holds its output now is a process it left
				// behind (a timeout that came in the exit grace, which on a
				// loaded machine a handler slow to answer meets). That
				// process's group is ended, and the reading stops no later
				// than a timed-out run's would.
				o.PipesHeld = true
				grp.kill()
				abandon = time.After(lim.Grace + abandonAfter)
				continue
			}
			end(TimedOut)
		case <-canceled:
			canceled = nil
			end(Interrupted)
		case <-killAt:
			killAt = nil
			grp.kill()
			abandon = time.After(abandonAfter)
		case <-abandon:
			abandon = nil
			now := time.Now()
			_ = outR.SetReadDeadline(now)
			_ = errR.SetReadDeadline(now)
		}
	}
	// Whatever the handler left behind in its group goes with it.
	cleanup()
	closeAll([]*os.File{outR, errR})

	unwatch() // before the reap: until then the group's id is this group's
	state, err := c.reap()
	if err == nil {
		err = waitErr
	}
	switch {
	case state == nil:
		// Only when something else reaped the handler: its status is lost.
		if o.Failure == None {
			o.Failure = StartFailed
			o.Err = fmt.Errorf("lost track of %s: %v", Display(path, s.Dir), err)
		}
	case state.Sys().(syscall.WaitStatus).Signaled():
		o.Signal = state.Sys().(syscall.WaitStatus).Signal()
	default:
		o.Exited, o.ExitCode = true, state.ExitCode()
	}
	return o
}

// startMu is held from the making of a handler's pipes until its ends of
// them are closed in hookrun, and around every other start: a process
// forked meanwhile (another handler, the watchdog) holds a copy of every
// descriptor open then until it execs, and with the handler's ends among
// them the handler's exit would not end its output. On a loaded machine
// that fork-to-exec took past ExitGrace, and a handler that printed {} and
// exited came with a warning that a process it started held its output.
// The fork itself is serialized already (syscall.ForkLock).
var startMu sync.Mutex

// startRetries bounds the retries of a start that failed for want of
// resources the system gives back soon (EAGAIN: the process limit, say):
// about 0.6 s in all, doubling from 10 ms.
const startRetries = 6

// startProcess is os.StartProcess; a test makes it fail.
var startProcess = os.StartProcess

// startRetrying starts the process, retrying a transient failure.
func startRetrying(ctx context.Context, path string, argv []string, attr *os.ProcAttr) (*os.Process, error) {
	closeInherited() // tens of microseconds (75 measured under load), beside a fork of milliseconds
	wait := 10 * time.Millisecond
	for try := 1; ; try++ {
		proc, err := startProcess(path, argv, attr)
		if err == nil || try == startRetries || !errors.Is(err, syscall.EAGAIN) {
			return proc, err
		}
		select {
		case <-ctx.Done():
			return nil, err
		case <-time.After(wait):
		}
		wait *= 2
	}
}

// timerStarts is called as a handler's timeout starts; tests replace it to
// start the timeout once the handler has exited.
var timerStarts = func() {}

// ExitGrace is how long hookrun goes on reading a handler's output after
// the handler exited, for what a process it started still holds open.
const ExitGrace = 250 * time.Millisecond

// exitGrace is ExitGrace; a test shortens it.
var exitGrace = ExitGrace

// abandonAfter is how long after SIGKILL hookrun still reads a handler's
// output: long enough for the kernel to close the pipes of the processes
// it killed, short enough not to wait on a process that left the group.
const abandonAfter = 100 * time.Millisecond

func closeAll(fs []*os.File) {
	for _, f := range fs {
		if f != nil {
			_ = f.Close()
		}
	}
}

// capped is what readCapped kept, and whether there was more.
type capped struct {
	data []byte
	over bool
}

// readCapped reads r to the end, keeping at most max bytes; past max it
// stops reading (the writer then meets a broken pipe) and reports it.
func readCapped(r *os.File, max int) capped {
	var buf bytes.Buffer
	chunk := make([]byte, firstChunk)
	for {
		n, err := r.Read(chunk)
		if buf.Len()+n > max {
			buf.Write(chunk[:max-buf.Len()])
			return capped{buf.Bytes(), true}
		}
		buf.Write(chunk[:n])
		if err != nil {
			return capped{buf.Bytes(), false}
		}
		chunk = grow(chunk, n)
	}
}

// Reads start small, as most handlers print a few hundred bytes, and the
// buffer grows for those that print more.
const (
	firstChunk = 4 << 10
	maxChunk   = 64 << 10
)

// grow returns a larger chunk when the last read filled this one.
func grow(chunk []byte, n int) []byte {
	if n == len(chunk) && len(chunk) < maxChunk {
		return make([]byte, 2*len(chunk))
	}
	return chunk
}

// StderrHeadMax is how much of the start of stderr Run keeps besides its
// tail (Outcome.StderrHead).
const StderrHeadMax = 4 << 10

type tail struct {
	data []byte
	cut  bool
	head []byte // the first StderrHeadMax bytes
}

// readTail reads r to the end, keeping the last max bytes, and the first
// StderrHeadMax.
func readTail(r *os.File, max int) tail {
	var t tail
	chunk := make([]byte, firstChunk)
	for {
		n, err := r.Read(chunk)
		if room := StderrHeadMax - len(t.head); room > 0 {
			t.head = append(t.head, chunk[:min(n, room)]...)
		}
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
		chunk = grow(chunk, n)
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
			return notStartable(path, shown)
		}
		return notFound(shown)
	case syscall.EACCES:
		if st, statErr := os.Stat(path); statErr == nil && st.IsDir() {
			return fmt.Errorf("%s is a directory, not a command", shown)
		} else if statErr == nil && !st.Mode().IsRegular() {
			return notRegular(shown, st.Mode())
		}
		return fmt.Errorf("permission denied: %s is not executable (chmod +x %s)", shown, shown)
	case syscall.ENOEXEC:
		return fmt.Errorf("exec format error: %w", noShebang(path, shown))
	}
	if pe, ok := err.(*os.PathError); ok && pe.Op == "chdir" {
		return fmt.Errorf("cannot enter the project directory %s: %v", dir, errno)
	}
	return fmt.Errorf("cannot start %s: %v", shown, errno)
}

// notStartable explains ENOENT for a file that exists: what is missing is
// what the kernel needed to run it.
func notStartable(path, shown string) error {
	sb, ok := readShebang(path)
	switch {
	case !ok:
		return fmt.Errorf("cannot start %s: it exists, but the loader it needs to run is missing (a program built for another system?)", shown)
	case sb.crlf:
		return fmt.Errorf("bad interpreter: %s has Windows line endings: its #! line ends in a carriage return (convert the file to Unix line endings)", shown)
	case sb.interp == "":
		return fmt.Errorf("bad interpreter: %s has an empty #! line", shown)
	}
	if _, err := os.Stat(sb.interp); err != nil {
		return fmt.Errorf("bad interpreter: %s names %s on its #! line, which does not exist", shown, sb.interp)
	}
	return fmt.Errorf("bad interpreter: %s names %s on its #! line, which cannot be started", shown, sb.interp)
}

// shebang is a script's #! line.
type shebang struct {
	interp string   // the program it names, "" when the line is empty
	arg    string   // the word after it, "" when there is none
	words  []string // every word after it
	crlf   bool     // the line ends in a carriage return
}

// readShebang reads the #! line of the file at path; ok is false when the
// file does not start with #!.
func readShebang(path string) (sb shebang, ok bool) {
	head, ok := readHead(path, 256)
	if !ok {
		return sb, false
	}
	return parseShebang(head)
}

// parseShebang reads the #! line at the start of head, a file's first
// bytes; ok is false when they do not start with #!.
func parseShebang(head []byte) (sb shebang, ok bool) {
	if !bytes.HasPrefix(head, []byte("#!")) {
		return sb, false
	}
	line, _, _ := bytes.Cut(head[2:], []byte("\n"))
	sb.crlf = bytes.HasSuffix(line, []byte("\r"))
	if fields := bytes.Fields(line); len(fields) > 0 {
		sb.interp = string(fields[0])
		if len(fields) > 1 {
			sb.arg = string(fields[1])
		}
		for _, f := range fields[1:] {
			sb.words = append(sb.words, string(f))
		}
	}
	return sb, true
}
