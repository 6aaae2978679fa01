//go:build linux

package exec

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/proctest"
)

// testLimits are DefaultLimits with a shorter grace, to keep tests quick.
var testLimits = Limits{MaxStdout: 1 << 20, MaxStderr: 64 << 10, Grace: 300 * time.Millisecond}

// noHang is the bound a run that must not wait for a 60-second sleep
// returns within, however loaded the machine.
const noHang = 20 * time.Second

// startupBound is the timeout of handlers that must have started a child
// before it passes: generous, since the machine may be loaded.
const startupBound = 5 * time.Second

// unreached is the timeout of a run whose timeout is not under test: no
// loaded machine reaches it, and a run that waited for a 60-second sleep
// instead of giving up the pipes it held ends well within it, with its
// pipes not held.
const unreached = 10 * time.Minute

var warmPoller sync.Once

// checkNoLeaks fails t if Run left goroutines or file descriptors behind.
func checkNoLeaks(t *testing.T) {
	t.Helper()
	warmPoller.Do(func() {
		// Go's poller opens its own descriptors (epoll, its wake-up) on its
		// first use, which is the first Run when a test runs alone (-run).
		if r, w, err := os.Pipe(); err == nil {
			r.Close()
			w.Close()
		}
	})
	goroutines, fds := runtime.NumGoroutine(), openFDs()
	t.Cleanup(func() {
		t.Helper()
		// A goroutine that has sent its last value may take a moment to end.
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if runtime.NumGoroutine() <= goroutines && openFDs() <= fds {
				return
			}
		}
		buf := make([]byte, 1<<16)
		t.Errorf("leak: goroutines %d -> %d, open fds %d -> %d\n%s", goroutines, runtime.NumGoroutine(), fds, openFDs(), buf[:runtime.Stack(buf, true)])
	})
}

func openFDs() int {
	entries, _ := os.ReadDir("/proc/self/fd")
	return len(entries)
}

func TestRunPassesStdinAndKeepsStdout(t *testing.T) {
	checkNoLeaks(t)
	in := []byte(`{"event_type":"PromptSubmit","user_raw_input":"$(touch pwned); rm -rf / ` + "`x`" + `"}` + "\n")
	o := Run(context.Background(), helperSpec(t, noHang, "echo"), testLimits)
	if o.Failure != None || !o.Exited || o.ExitCode != 0 {
		t.Fatalf("failure %v exited %v code %d err %v", o.Failure, o.Exited, o.ExitCode, o.Err)
	}
	if len(o.Stdout) != 0 {
		t.Fatalf("stdout %q, want nothing: the spec had no stdin", o.Stdout)
	}
	s := helperSpec(t, noHang, "echo")
	s.Stdin = in
	o = Run(context.Background(), s, testLimits)
	if !bytes.Equal(o.Stdout, in) {
		t.Fatalf("stdout %q, want stdin byte for byte %q", o.Stdout, in)
	}
}

func TestRunExitStatusAndStderr(t *testing.T) {
	checkNoLeaks(t)
	o := Run(context.Background(), helperSpec(t, noHang, "exit", "7", "it broke"), testLimits)
	if o.Failure != None || !o.Exited || o.ExitCode != 7 || string(o.Stderr) != "it broke" || o.StderrCut {
		t.Fatalf("got failure %v exited %v code %d stderr %q cut %v", o.Failure, o.Exited, o.ExitCode, o.Stderr, o.StderrCut)
	}
}

func TestTimeoutEndsTheWholeGroup(t *testing.T) {
	checkNoLeaks(t)
	// The handler starts a child in its group and both sleep 60 s; the
	// handler itself ignores SIGTERM, so it takes the SIGKILL. Both must
	// have started before the timeout: on a loaded machine they may not
	// have, and then the run is tried again with twice the timeout.
	var (
		pids string
		o    Outcome
		took time.Duration
	)
	for timeout := startupBound; ; timeout *= 2 {
		pids = filepath.Join(t.TempDir(), "pids")
		s := helperSpec(t, timeout, "ignoreterm", pids)
		s.Command = "/bin/sh"
		self, _ := os.Executable()
		s.Args = []string{"-c", `"$0" pids "$1" & exec "$0" ignoreterm "$1"`, self, pids}
		start := time.Now()
		o = Run(context.Background(), s, testLimits)
		took = time.Since(start) - timeout
		if len(proctest.Pids(pids)) == 2 || timeout > time.Minute {
			break
		}
	}
	if o.Failure != TimedOut {
		t.Fatalf("failure %v, want TimedOut", o.Failure)
	}
	if o.Exited || o.Signal != syscall.SIGKILL {
		t.Errorf("exited %v signal %v, want killed by SIGKILL (the handler ignores SIGTERM)", o.Exited, o.Signal)
	}
	if took > noHang {
		t.Errorf("Run took %v past its timeout: it waited for the sleeps", took)
	}
	got := proctest.Pids(pids)
	if len(got) != 2 {
		t.Fatalf("pids %v: want the handler's and its child's (did they start before the timeout?)", got)
	}
	for _, pid := range got {
		if !proctest.Gone(pid) {
			t.Errorf("pid %d outlived Run", pid)
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

func TestGrandchildHoldingStdoutDoesNotHoldRun(t *testing.T) {
	checkNoLeaks(t)
	pids := filepath.Join(t.TempDir(), "pids")
	// The handler prints {} and exits 0 once its child runs; the child,
	// left in its group, keeps stdout open for 60 s. Had Run waited for
	// it, the pipes would have closed by themselves: not held.
	o := Run(context.Background(), helperSpec(t, unreached, "spawn", pids), testLimits)
	// What it printed before it exited is its answer: not a timeout.
	if o.Failure != None || !o.Exited || o.ExitCode != 0 || !o.PipesHeld {
		t.Fatalf("failure %v exited %v code %d pipes held %v, want exit 0 with the pipes held", o.Failure, o.Exited, o.ExitCode, o.PipesHeld)
	}
	if string(o.Stdout) != "{}\n" {
		t.Errorf("stdout %q", o.Stdout)
	}
	got := proctest.Pids(pids)
	if len(got) != 1 || !proctest.Gone(got[0]) {
		t.Errorf("grandchild %v: want one pid, ended with the group", got)
	}
}

// A handler that printed its answer and exited within its timeout is
// answered by what it printed, even when its timeout comes while hookrun
// still waits out the exit grace for a process it left holding stdout:
// the timeout ends that process, not the answer. (On a loaded machine a
// handler that took most of its timeout to answer met its timeout in the
// grace, and came out as a timeout with the answer thrown away.)
func TestTimeoutAfterTheExitKeepsTheAnswer(t *testing.T) {
	checkNoLeaks(t)
	defer func(g time.Duration) { exitGrace = g }(exitGrace)
	exitGrace = time.Hour // the timeout always comes within the grace
	// The handler must have exited before its timeout: on a loaded machine
	// it may not have, and then the run is tried again with twice the time.
	var (
		pids string
		o    Outcome
	)
	for timeout := time.Second; ; timeout *= 2 {
		pids = filepath.Join(t.TempDir(), "pids")
		o = Run(context.Background(), helperSpec(t, timeout, "spawn", pids), testLimits)
		if o.Exited || timeout > time.Minute {
			break
		}
	}
	if o.Failure != None || !o.Exited || o.ExitCode != 0 || !o.PipesHeld || string(o.Stdout) != "{}\n" {
		t.Fatalf("failure %v exited %v code %d pipes held %v stdout %q, want exit 0, the pipes held and the answer {}", o.Failure, o.Exited, o.ExitCode, o.PipesHeld, o.Stdout)
	}
	if got := proctest.Pids(pids); len(got) != 1 || !proctest.Gone(got[0]) {
		t.Errorf("grandchild %v: want one pid, ended with the group", got)
	}
}

func TestEscapedGrandchildIsAbandoned(t *testing.T) {
	checkNoLeaks(t)
	pids := filepath.Join(t.TempDir(), "pids")
	// The grandchild starts a new session, so the group kill cannot reach
	// it, and it holds stdout for 60 s: Run must give up the pipe (had it
	// waited, the pipes would have closed by themselves: not held).
	o := Run(context.Background(), helperSpec(t, unreached, "detach", pids), testLimits)
	for _, pid := range proctest.Pids(pids) {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	if o.Failure != None || !o.Exited || o.ExitCode != 0 || !o.PipesHeld || string(o.Stdout) != "{}\n" {
		t.Fatalf("failure %v exited %v code %d pipes held %v stdout %q", o.Failure, o.Exited, o.ExitCode, o.PipesHeld, o.Stdout)
	}
}

func TestOutputCapEndsTheHandler(t *testing.T) {
	checkNoLeaks(t)
	o := Run(context.Background(), helperSpec(t, noHang, "flood", "300000000", "stdout"), testLimits)
	if o.Failure != OutputTooLarge {
		t.Fatalf("failure %v, want OutputTooLarge", o.Failure)
	}
	if len(o.Stdout) != testLimits.MaxStdout {
		t.Errorf("kept %d bytes of stdout, want the cap %d", len(o.Stdout), testLimits.MaxStdout)
	}
}

func TestOutputAtTheCapIsWhole(t *testing.T) {
	checkNoLeaks(t)
	lim := testLimits
	lim.MaxStdout = 1000 + len("END")
	o := Run(context.Background(), helperSpec(t, noHang, "flood", "1000", "stdout"), lim)
	if o.Failure != None || len(o.Stdout) != lim.MaxStdout {
		t.Fatalf("failure %v, %d bytes: output exactly at the cap must pass", o.Failure, len(o.Stdout))
	}
}

func TestStderrKeepsTheTail(t *testing.T) {
	checkNoLeaks(t)
	o := Run(context.Background(), helperSpec(t, noHang, "flood", "10000000", "stderr"), testLimits)
	if o.Failure != None || o.ExitCode != 0 {
		t.Fatalf("failure %v code %d: a lot of stderr is not a failure", o.Failure, o.ExitCode)
	}
	if len(o.Stderr) != testLimits.MaxStderr || !o.StderrCut || !bytes.HasSuffix(o.Stderr, []byte("xEND")) {
		t.Errorf("stderr: %d bytes, cut %v, ends %q; want the last %d bytes", len(o.Stderr), o.StderrCut, o.Stderr[max(0, len(o.Stderr)-8):], testLimits.MaxStderr)
	}
	// The start is kept too: where a guard that exits 2 writes why.
	if string(o.StderrHead) != strings.Repeat("x", StderrHeadMax) {
		t.Errorf("stderr's head: %d bytes %q…, want the first %d", len(o.StderrHead), o.StderrHead[:min(8, len(o.StderrHead))], StderrHeadMax)
	}
}

func TestLargeStdinNeverRead(t *testing.T) {
	checkNoLeaks(t)
	s := helperSpec(t, noHang, "noread")
	s.Stdin = bytes.Repeat([]byte("y"), 8<<20) // far beyond a pipe's buffer
	o := Run(context.Background(), s, testLimits)
	if o.Failure != None || !o.Exited || o.ExitCode != 0 {
		t.Fatalf("failure %v exited %v code %d: a handler need not read its stdin", o.Failure, o.Exited, o.ExitCode)
	}
}

func TestStdoutClosedEarlyStillTimesOut(t *testing.T) {
	checkNoLeaks(t)
	// The handler must have closed its stdout before the timeout: on a
	// loaded machine it may not have started within 2 s, and then the run
	// is tried again with twice the timeout.
	var (
		pids string
		o    Outcome
	)
	for timeout := 2 * time.Second; ; timeout *= 2 {
		pids = filepath.Join(t.TempDir(), "pids")
		o = Run(context.Background(), helperSpec(t, timeout, "closeout", pids), testLimits)
		if len(proctest.Pids(pids)) > 0 || timeout > time.Minute {
			break
		}
	}
	if o.Failure != TimedOut || o.Signal != syscall.SIGTERM {
		t.Fatalf("failure %v signal %v, want TimedOut and SIGTERM", o.Failure, o.Signal)
	}
	if got := proctest.Pids(pids); len(got) != 1 || !proctest.Gone(got[0]) {
		t.Errorf("handler %v still alive", got)
	}
}

// cancelOnceStarted returns the file a helper handler writes its pid to, and a context cancelled
// as soon as a pid is there: the handler is running when the cancel comes.
func cancelOnceStarted(t *testing.T) (ctx context.Context, pids string) {
	pids = filepath.Join(t.TempDir(), "pids")
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		proctest.WaitPids(pids, 1)
		cancel()
	}()
	return ctx, pids
}

func TestCancelEndsTheGroup(t *testing.T) {
	checkNoLeaks(t)
	ctx, pids := cancelOnceStarted(t)
	o := Run(ctx, helperSpec(t, noHang*2, "pids", pids), testLimits)
	if o.Failure != Interrupted || o.Signal != syscall.SIGTERM {
		t.Fatalf("failure %v signal %v, want Interrupted and SIGTERM", o.Failure, o.Signal)
	}
	if got := proctest.Pids(pids); len(got) != 1 || !proctest.Gone(got[0]) {
		t.Errorf("handler %v still alive", got)
	}
}

// A handler whose shell dies of the SIGTERM that ends a failed run, while
// the child it started ignores SIGTERM and holds stdout until the SIGKILL,
// did not exit with an answer: the grace after an exit is for what a
// handler printed before it exited, and a failed run has none to read. It
// is not reported as a process holding the pipes after the handler's exit
// (under load the SIGTERM'd processes of a timed-out group die at
// different moments, and the report turned into a warning on the hook).
func TestFailedRunHasNoHeldPipes(t *testing.T) {
	checkNoLeaks(t)
	ctx, pids := cancelOnceStarted(t)
	lim := testLimits
	lim.Grace = 2 * time.Second // past the exit grace: the child holds stdout until the SIGKILL
	s := helperSpec(t, noHang*2, "ignoreterm", pids)
	s.Command = "/bin/sh"
	self, _ := os.Executable()
	s.Args = []string{"-c", `"$0" ignoreterm "$1" & wait`, self, pids}
	o := Run(ctx, s, lim)
	if o.Failure != Interrupted || o.Signal != syscall.SIGTERM {
		t.Fatalf("failure %v signal %v, want Interrupted and the shell ended by SIGTERM", o.Failure, o.Signal)
	}
	if o.PipesHeld {
		t.Errorf("pipes held reported for a run that was interrupted: its output is no answer")
	}
	if got := proctest.Pids(pids); len(got) != 1 || !proctest.Gone(got[0]) {
		t.Errorf("child %v: want one pid, ended with the group", got)
	}
}

func TestKilledBySignal(t *testing.T) {
	checkNoLeaks(t)
	o := Run(context.Background(), helperSpec(t, noHang, "killself"), testLimits)
	if o.Failure != None || o.Exited || o.Signal != syscall.SIGKILL {
		t.Fatalf("failure %v exited %v signal %v, want killed by SIGKILL", o.Failure, o.Exited, o.Signal)
	}
}

func TestStartErrorsSayWhatToFix(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string, mode os.FileMode) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), mode); err != nil {
			t.Fatal(err)
		}
	}
	write("noexec.sh", "#!/bin/sh\necho {}\n", 0o644)
	write("badinterp.sh", "#!/usr/bin/no-such-shell\necho {}\n", 0o755)
	write("crlf.sh", "#!/bin/sh\r\necho {}\r\n", 0o755)
	write("empty.sh", "#!\necho {}\n", 0o755)
	write("format.bin", "\x00\x01\x02\x03 not a program", 0o755)
	if err := os.Mkdir(filepath.Join(dir, "adir"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		command string
		run     string // the error Run gives
		check   string // the error Check gives, "" for none
	}{
		{"./missing.sh", "command not found: ./missing.sh does not exist (a relative path resolves against the project root): create it, or correct the path", "command not found: ./missing.sh does not exist (a relative path resolves against the project root): create it, or correct the path"},
		{"./noexec.sh", "permission denied: ./noexec.sh is not executable (chmod +x ./noexec.sh)", "./noexec.sh is not executable (chmod +x ./noexec.sh)"},
		{"./adir", "./adir is a directory, not a command", "./adir is a directory, not a command"},
		{"./badinterp.sh", "bad interpreter: ./badinterp.sh names /usr/bin/no-such-shell on its #! line, which does not exist",
			"bad interpreter: ./badinterp.sh names /usr/bin/no-such-shell on its #! line, which does not exist"},
		{"./crlf.sh", "bad interpreter: ./crlf.sh has Windows line endings: its #! line ends in a carriage return (convert the file to Unix line endings)",
			"bad interpreter: ./crlf.sh has Windows line endings: its #! line ends in a carriage return (convert the file to Unix line endings)"},
		{"./empty.sh", "exec format error: ./empty.sh has an empty #! line: name the interpreter on it, such as #!/bin/sh", "bad interpreter: ./empty.sh has an empty #! line"},
		{"./format.bin", "exec format error: ./format.bin has no #! line and is not a program this machine can run", ""},
		{"no-such-program-anywhere", "command not found: no-such-program-anywhere is neither in the project root " + dir + " nor on PATH",
			"command not found: no-such-program-anywhere is neither in the project root " + dir + " nor on PATH"},
	}
	for _, tt := range tests {
		t.Run(tt.command, func(t *testing.T) {
			checkNoLeaks(t)
			o := Run(context.Background(), Spec{Command: tt.command, Dir: dir, Timeout: noHang}, testLimits)
			if o.Failure != StartFailed || o.Err == nil || o.Err.Error() != tt.run {
				t.Errorf("Run: failure %v, error %v\nwant: %s", o.Failure, o.Err, tt.run)
			}
			err := Check(tt.command, nil, false, dir)
			if got := errText(err); got != tt.check {
				t.Errorf("Check: %s\nwant: %s", got, tt.check)
			}
		})
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestShellLineGetsNoContext(t *testing.T) {
	// The context reaches a shell command line only as stdin, never as text
	// of the line: whatever it holds, the line runs as written.
	checkNoLeaks(t)
	dir := t.TempDir()
	s := Spec{Command: `cat > got; echo '{}'`, Dir: dir, Timeout: noHang,
		Stdin: []byte(`{"a":"$(touch pwned)` + "`touch pwned2`; touch pwned3\n" + `"}`)}
	o := Run(context.Background(), s, testLimits)
	if o.Failure != None || o.ExitCode != 0 || string(o.Stdout) != "{}\n" {
		t.Fatalf("failure %v code %d stdout %q stderr %q", o.Failure, o.ExitCode, o.Stdout, o.Stderr)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "got"))
	if !bytes.Equal(got, s.Stdin) {
		t.Errorf("handler read %q, want %q", got, s.Stdin)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "got" {
		t.Errorf("files after the run: %v, want only got", names)
	}
}

func TestWaitingOutTheGraceDoesNotSpin(t *testing.T) {
	checkNoLeaks(t)
	ctx, pids := cancelOnceStarted(t)
	lim := testLimits
	lim.Grace = 2 * time.Second // the handler ignores SIGTERM: Run waits all of it
	before := cpuTime()
	o := Run(ctx, helperSpec(t, noHang*2, "ignoreterm", pids), lim)
	used := cpuTime() - before
	if o.Failure != Interrupted || o.Signal != syscall.SIGKILL {
		t.Fatalf("failure %v signal %v, want Interrupted and SIGKILL", o.Failure, o.Signal)
	}
	if used > time.Second {
		t.Errorf("Run used %v of CPU waiting out a %v grace: it spins", used, lim.Grace)
	}
}

// cpuTime is the CPU time this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// The cap is reported with the bytes read, not on a channel of its own:
// a run whose handler has already exited cannot then lose the overflow
// to a race between the two.
func TestReadCappedReportsOverflowWithTheData(t *testing.T) {
	for _, tc := range []struct {
		size int
		over bool
	}{{10, false}, {11, true}, {100000, true}} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		go func() {
			_, _ = w.Write(bytes.Repeat([]byte("x"), tc.size))
			w.Close()
		}()
		got := readCapped(r, 10)
		r.Close()
		if got.over != tc.over || len(got.data) != min(tc.size, 10) {
			t.Errorf("%d bytes: over %v with %d kept, want over %v with %d", tc.size, got.over, len(got.data), tc.over, min(tc.size, 10))
		}
	}
}

// A start that fails for want of processes (EAGAIN) is retried; another
// failure is not.
func TestTransientStartFailureIsRetried(t *testing.T) {
	checkNoLeaks(t)
	defer func(f func(string, []string, *os.ProcAttr) (*os.Process, error)) { startProcess = f }(startProcess)
	fails := 3
	startProcess = func(path string, argv []string, attr *os.ProcAttr) (*os.Process, error) {
		if fails > 0 {
			fails--
			return nil, &os.SyscallError{Syscall: "fork", Err: syscall.EAGAIN}
		}
		return os.StartProcess(path, argv, attr)
	}
	o := Run(context.Background(), helperSpec(t, noHang, "echo", `{}`), testLimits)
	if o.Failure != None || !o.Exited || o.ExitCode != 0 || fails != 0 {
		t.Fatalf("failure %v (%v) exited %v, %d failures left: want the start retried until it worked", o.Failure, o.Err, o.Exited, fails)
	}
	startProcess = func(string, []string, *os.ProcAttr) (*os.Process, error) {
		fails++
		return nil, &os.SyscallError{Syscall: "fork", Err: syscall.EAGAIN}
	}
	fails = 0
	if o := Run(context.Background(), helperSpec(t, noHang, "echo", `{}`), testLimits); o.Failure != StartFailed || fails != startRetries {
		t.Errorf("failure %v after %d tries, want StartFailed after %d", o.Failure, fails, startRetries)
	}
}

// What a handler printed before it exited is read whole however long the reading takes: the grace
// after its exit is for a process it left holding the pipe, not for output already in the pipe.
// With no grace at all, the output still in the pipe when the handler exits must not be cut.
func TestOutputInThePipeAtExitIsReadWhole(t *testing.T) {
	checkNoLeaks(t)
	defer func(g time.Duration) { exitGrace = g }(exitGrace)
	exitGrace = 0
	for i := range 20 {
		o := Run(context.Background(), helperSpec(t, unreached, "flood", "60000", "stdout"), testLimits)
		if o.Failure != None || !o.Exited || o.ExitCode != 0 || o.PipesHeld || len(o.Stdout) != 60003 {
			t.Fatalf("run %d: failure %v exited %v code %d pipes held %v, %d bytes of stdout; want exit 0 and all 60003 bytes", i, o.Failure, o.Exited, o.ExitCode, o.PipesHeld, len(o.Stdout))
		}
	}
}

// A process between its fork and its exec holds a copy of every
// descriptor hookrun has open at the fork. Were a handler's end of its
// pipes (its stdout's write end) among them when another handler starts,
// its exit would not end its output until that other process had exec'd,
// which on a loaded machine took past the exit grace: the hook then came
// with a warning that a process it started held its output. So no handler
// starts while another's ends of its pipes are open in hookrun. Here the
// first start waits (up to a bound) for the second to be under way.
func TestStartsNeverShareAHandlersEnds(t *testing.T) {
	checkNoLeaks(t)
	defer func(f func(string, []string, *os.ProcAttr) (*os.Process, error)) { startProcess = f }(startProcess)
	baseline := pipeEnds(nil)
	var (
		mu      sync.Mutex
		calls   int
		shared  []string
		checked = make(chan struct{})
	)
	startProcess = func(path string, argv []string, attr *os.ProcAttr) (*os.Process, error) {
		mu.Lock()
		calls++
		n := calls
		mu.Unlock()
		if n == 2 {
			for ino, ends := range pipeEnds(attr.Files) {
				if ends > 1 && baseline[ino] == 0 {
					shared = append(shared, ino)
				}
			}
			close(checked)
			return os.StartProcess(path, argv, attr)
		}
		p, err := os.StartProcess(path, argv, attr)
		if n == 1 {
			select {
			case <-checked:
			case <-time.After(2 * time.Second): // the second start waits for this one to be done
			}
		}
		return p, err
	}
	var wg sync.WaitGroup
	outcomes := make([]Outcome, 2)
	for i := range outcomes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outcomes[i] = Run(context.Background(), helperSpec(t, noHang, "echo"), testLimits)
		}()
	}
	wg.Wait()
	if len(shared) > 0 {
		t.Errorf("a handler started while both ends of pipes %v were open in this process: the first handler's ends were not closed yet", shared)
	}
	for i, o := range outcomes {
		if o.Failure != None || !o.Exited || o.ExitCode != 0 || o.PipesHeld {
			t.Errorf("run %d: failure %v exited %v code %d pipes held %v", i, o.Failure, o.Exited, o.ExitCode, o.PipesHeld)
		}
	}
}

// pipeEnds counts, per pipe, the descriptors of this process open on it,
// leaving out those in skip.
func pipeEnds(skip []*os.File) map[string]int {
	skipped := map[string]bool{}
	for _, f := range skip {
		if f != nil {
			skipped[strconv.Itoa(int(f.Fd()))] = true
		}
	}
	entries, _ := os.ReadDir("/proc/self/fd")
	ends := map[string]int{}
	for _, e := range entries {
		if skipped[e.Name()] {
			continue
		}
		if link, err := os.Readlink("/proc/self/fd/" + e.Name()); err == nil && strings.HasPrefix(link, "pipe:") {
			ends[link]++
		}
	}
	return ends
}

// What a shell acts on as it starts, before the guard it runs (a file to
// source, options, the xtrace prompt, exported functions), never reaches a
// handler from hookrun's environment: with BASH_ENV=./evil.sh, where evil.sh
// prints {} and exits 0, a bash guard that denies allowed.
func TestRunDropsShellStartupVariables(t *testing.T) {
	checkNoLeaks(t)
	s := helperSpec(t, noHang, "env")
	s.Env = append(s.Env, "BASH_ENV=./evil.sh", "ENV=./evil.sh", "SHELLOPTS=xtrace", "BASHOPTS=extdebug",
		"PS4=$(./evil.sh)", "BASH_FUNC_exit%%=() {  builtin exit 0\n}", "KEPT=BASH_ENV=x")
	o := Run(context.Background(), s, testLimits)
	if o.Failure != None || o.ExitCode != 0 {
		t.Fatalf("failure %v code %d", o.Failure, o.ExitCode)
	}
	var got []string
	for _, kv := range strings.Split(string(o.Stdout), "\n") {
		for _, name := range []string{"BASH_ENV=", "ENV=", "SHELLOPTS=", "BASHOPTS=", "PS4=", "BASH_FUNC_", "KEPT="} {
			if strings.HasPrefix(kv, name) {
				got = append(got, kv)
			}
		}
	}
	if want := []string{"KEPT=BASH_ENV=x"}; !slices.Equal(got, want) {
		t.Errorf("the handler's environment holds %q, want only %q", got, want)
	}
}

// A handler that exits 2 on a line its shell may not read is asked again
// of that shell, with -n, to tell a syntax error from a deny. That second
// run ends within the handler's own time (cut to the agent's deadline),
// never a fixed 5 s past it, even when the shell hangs on -n and leaves a
// child holding its output: the exit 2 then stands as the deny it reads as.
func TestSyntaxCheckEndsWithTheHandlersTime(t *testing.T) {
	dir := t.TempDir()
	sh := filepath.Join(dir, "sh")
	if err := os.WriteFile(sh, []byte("#!/bin/sh\ncase \"$1\" in -n) sleep 10; exit 2;; esac\nexit 2\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	s := Spec{Command: sh, Args: []string{"-c", `./guard.sh "unterminated`}, HasArgs: true, Dir: dir, Timeout: time.Second}
	start := time.Now()
	o := Run(context.Background(), s, testLimits)
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("Run took %s: the syntax check outlived the handler's 1s", took)
	}
	if o.Failure != None || !o.Exited || o.ExitCode != 2 {
		t.Errorf("failure %v exited %v code %d err %v; want the exit 2 to stand", o.Failure, o.Exited, o.ExitCode, o.Err)
	}
}

// A handler whose exit hookrun sees only after its timeout has come (a
// loaded machine ran it to its end before hookrun looked) timed out, on
// every run: when both were ready, Go's select chose one at random, and a
// 1ns timeout came back "ok" now and then (validate_short_timeout, under
// make test's load).
func TestExitSeenAfterTheTimeoutIsATimeout(t *testing.T) {
	checkNoLeaks(t)
	defer func(f func()) { timerStarts = f }(timerStarts)
	timerStarts = func() { time.Sleep(200 * time.Millisecond) } // the handler has exited by then
	for i := range 20 {
		o := Run(context.Background(), helperSpec(t, time.Nanosecond, "exit", "0", ""), testLimits)
		if o.Failure != TimedOut {
			t.Fatalf("run %d: failure %v exited %v code %d, want a timeout", i, o.Failure, o.Exited, o.ExitCode)
		}
	}
}

// TestHandlerGetsNoInheritedDescriptor checks that a descriptor hookrun
// inherited without close-on-exec (a caller's `exec 7>>log`, a runtime's
// socket) does not reach a handler: a handler has its stdin, stdout and
// stderr, nothing of its caller's.
func TestHandlerGetsNoInheritedDescriptor(t *testing.T) {
	var fds [2]int
	if err := syscall.Pipe2(fds[:], 0); err != nil { // no O_CLOEXEC, as an inherited one
		t.Fatal(err)
	}
	r := os.NewFile(uintptr(fds[0]), "r")
	defer r.Close()
	w := fds[1]
	s := Spec{Command: "/bin/sh", Args: []string{"-c", "echo leaked >&" + strconv.Itoa(w) + " || echo closed"}, HasArgs: true, Dir: t.TempDir(), Timeout: noHang}
	o := Run(context.Background(), s, testLimits)
	syscall.Close(w)
	got, _ := io.ReadAll(r)
	if len(got) != 0 || o.Failure != None || strings.TrimSpace(string(o.Stdout)) != "closed" {
		t.Fatalf("the handler wrote %q to descriptor %d it inherited; failure %v, stdout %q", got, w, o.Failure, o.Stdout)
	}
}
