//go:build linux

package exec

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/proctest"
)

// The test binary doubles as the handler these tests run, so that they
// depend on no tool of the machine: with HOOKRUN_EXEC_HELPER set, it runs
// helper(args) instead of the tests.
func TestMain(m *testing.M) {
	if os.Getenv("HOOKRUN_EXEC_HELPER") != "" {
		os.Exit(helper(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// helperSpec is a Spec that runs the helper with args.
func helperSpec(t *testing.T, timeout time.Duration, args ...string) Spec {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Spec{
		Command: self, Args: args, HasArgs: true, Dir: t.TempDir(),
		// A race-enabled binary sleeps a second on exit unless told not to.
		Env:     append(os.Environ(), "HOOKRUN_EXEC_HELPER=1", "GORACE=atexit_sleep_ms=0"),
		Timeout: timeout,
	}
}

// helper is the handler:
//
//	echo                    copy stdin to stdout
//	exit N TEXT             write TEXT to stderr, exit N
//	pids FILE               append own pid to FILE, sleep 60s
//	ignoreterm FILE         ignore SIGTERM, append own pid to FILE, sleep 60s
//	spawn FILE              start "pids FILE" in this process group, sharing stdout; print {}; exit 0
//	detach FILE             like spawn, but the child starts a new session (setsid)
//	detachquiet FILE        like detach, but the child has no stdin, stdout or stderr
//	flood N stdout|stderr   write N bytes of 'x', then "END"
//	noread                  exit 0 without reading stdin
//	closeout FILE           close stdout, then pids FILE
//	killself                kill itself with SIGKILL
//	env                     print its environment, one variable a line
func helper(args []string) int {
	switch args[0] {
	case "echo":
		_, _ = io.Copy(os.Stdout, os.Stdin)
	case "exit":
		n, _ := strconv.Atoi(args[1])
		fmt.Fprint(os.Stderr, args[2])
		return n
	case "pids":
		if proctest.RecordPid(args[1]) != nil {
			return 3
		}
		time.Sleep(60 * time.Second)
	case "ignoreterm":
		signal.Ignore(syscall.SIGTERM)
		if proctest.RecordPid(args[1]) != nil {
			return 3
		}
		time.Sleep(60 * time.Second)
	case "spawn", "detach", "detachquiet":
		self, _ := os.Executable()
		attr := &os.ProcAttr{Env: os.Environ(), Files: []*os.File{nil, os.Stdout, os.Stderr}}
		if args[0] != "spawn" {
			attr.Sys = &syscall.SysProcAttr{Setsid: true}
		}
		if args[0] == "detachquiet" {
			attr.Files = nil
		}
		if _, err := os.StartProcess(self, []string{self, "pids", args[1]}, attr); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		proctest.WaitPids(args[1], 1)
		fmt.Println("{}")
	case "flood":
		n, _ := strconv.Atoi(args[1])
		w := os.Stdout
		if args[2] == "stderr" {
			w = os.Stderr
		}
		chunk := []byte(strings.Repeat("x", 64<<10))
		for n > 0 {
			k := min(n, len(chunk))
			if _, err := w.Write(chunk[:k]); err != nil {
				return 1
			}
			n -= k
		}
		fmt.Fprint(w, "END")
	case "noread":
	case "closeout":
		os.Stdout.Close()
		if proctest.RecordPid(args[1]) != nil {
			return 3
		}
		time.Sleep(60 * time.Second)
	case "env":
		for _, kv := range os.Environ() {
			fmt.Println(kv)
		}
	case "killself":
		_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
		time.Sleep(time.Minute)
	default:
		return 64
	}
	return 0
}
