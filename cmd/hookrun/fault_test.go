//go:build linux

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/exitcode"
	"github.com/hookrun/hookrun/internal/proctest"
)

// TestEmitProcessUnderFaults runs a hookrun binary built without the race
// detector, as a caller would, to see what only a real process shows: its
// peak memory, its exit status after a signal, concurrent appends of many
// processes to one audit log.
func TestEmitProcessUnderFaults(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "hookrun")
	build := osexec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Run("MemoryUnderA300MBFlood", func(t *testing.T) { testMemoryUnderFlood(t, bin) })
	t.Run("SignalsStopHandlers", func(t *testing.T) {
		testSignal(t, bin, syscall.SIGINT, exitcode.Interrupted)
		testSignal(t, bin, syscall.SIGTERM, exitcode.Terminated)
		testSignal(t, bin, syscall.SIGHUP, exitcode.HungUp)
	})
	t.Run("SignalWhileReadingTheContext", func(t *testing.T) { testSignalWhileReading(t, bin) })
	t.Run("ConcurrentEmitsShareTheAuditLog", func(t *testing.T) { testConcurrentAudit(t, bin) })
	t.Run("ClosedStdout", func(t *testing.T) { testClosedStdout(t, bin) })
}

// project writes hook declarations (id → handler lines) and a PromptSubmit
// context into a new project directory.
func newProject(t *testing.T, handlers map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	hooks := filepath.Join(dir, ".system", "hooks")
	if err := os.MkdirAll(hooks, 0o755); err != nil {
		t.Fatal(err)
	}
	for id, handler := range handlers {
		decl := fmt.Sprintf("id: %s\nevent_type: PromptSubmit\nenabled: true\nblocking: true\non_error: skip\nhandler:\n  kind: script\n%s", id, handler)
		if err := os.WriteFile(filepath.Join(hooks, id+".yaml"), []byte(decl), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, filepath.Join(dir, "ctx.json"), `{"session_id":"s1","user_raw_input":"hi"}`)
	return dir
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// hookrunCmd is the binary run in dir with the environment scripts get.
func hookrunCmd(bin, dir string, args ...string) *osexec.Cmd {
	cmd := osexec.Command(bin, args...)
	cmd.Dir = dir
	// hrtest, a race-enabled test binary, would sleep a second on exit.
	cmd.Env = append(os.Environ(), "GORACE=atexit_sleep_ms=0", "HOOKRUN_AUDIT_LOG="+filepath.Join(dir, "audit.jsonl"))
	return cmd
}

func testMemoryUnderFlood(t *testing.T, bin string) {
	const limit = 64 << 20 // "tens of MiB", against 300 MB of output
	for _, stream := range []string{"stdout", "stderr"} {
		redirect := map[string]string{"stdout": "", "stderr": " >&2"}[stream]
		// The second hook keeps emit alive for a second after the flood,
		// so that its peak is read before it exits.
		dir := newProject(t, map[string]string{
			"a_flood": "  command: head -c 300000000 /dev/zero" + redirect + "\n",
			"b_wait":  "  command: sleep 1; echo '{}'\n",
		})
		cmd := hookrunCmd(bin, dir, "emit", "PromptSubmit", "--context", "ctx.json")
		var stdout bytes.Buffer
		cmd.Stdout = &stdout
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// The peak is VmHWM, read while emit runs: rusage's Maxrss would
		// also count the memory of this test process, which the child
		// shared until it exec'd hookrun.
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		var peak int64
		for running := true; running; {
			if hwm := vmHWM(cmd.Process.Pid); hwm > peak {
				peak = hwm
			}
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("%s flood: %v", stream, err)
				}
				running = false
			case <-time.After(10 * time.Millisecond):
			}
		}
		t.Logf("300 MB on %s: peak RSS %.1f MiB", stream, float64(peak)/(1<<20))
		if peak == 0 || peak > limit {
			t.Errorf("300 MB on %s: peak RSS %d bytes, want some, at most %d", stream, peak, limit)
		}
		var res struct {
			Hooks []struct{ Status string }
		}
		if err := json.Unmarshal(stdout.Bytes(), &res); err != nil || len(res.Hooks) != 2 {
			t.Fatalf("result %q: %v", stdout.String(), err)
		}
		if want := map[string]string{"stdout": "failed", "stderr": "ok"}[stream]; res.Hooks[0].Status != want {
			t.Errorf("300 MB on %s: status %s, want %s", stream, res.Hooks[0].Status, want)
		}
	}
}

// vmHWM is the peak resident memory of process pid in bytes, or 0.
func vmHWM(pid int) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kb int64
			if _, err := fmt.Sscanf(strings.TrimSpace(rest), "%d kB", &kb); err == nil {
				return kb << 10
			}
		}
	}
	return 0
}

// testSignal sends sig to an emit whose handlers run for 60 s, one of them
// outside its process group, and checks what emit owes: the exit status,
// nothing on stdout, the audit lines, and no handler left running.
func testSignal(t *testing.T, bin string, sig syscall.Signal, want int) {
	dir := newProject(t, map[string]string{
		"a_sleeper": "  command: hrtest\n  args: [pids, pids.txt]\n",
		"b_sleeper": "  command: hrtest\n  args: [pids, pids.txt]\n",
		"c_escaper": "  command: hrtest detach pids pids.txt; exec hrtest pids pids.txt\n",
	})
	cmd := hookrunCmd(bin, dir, "emit", "PromptSubmit", "--context", "ctx.json")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pidsFile := filepath.Join(dir, "pids.txt")
	proctest.WaitPids(pidsFile, 4)
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("%v: hookrun did not exit within 30 s", sig)
	}
	if got := cmd.ProcessState.ExitCode(); got != want {
		t.Errorf("%v: exit status %d, want %d", sig, got, want)
	}
	if stdout.Len() != 0 {
		t.Errorf("%v: stdout %q, want nothing", sig, stdout.String())
	}
	name := map[syscall.Signal]string{syscall.SIGINT: "SIGINT", syscall.SIGTERM: "SIGTERM", syscall.SIGHUP: "SIGHUP"}[sig]
	if want := "hookrun: interrupted by " + name + ": running handlers were stopped and no result was printed\n"; stderr.String() != want {
		t.Errorf("%v: stderr %q, want %q", sig, stderr.String(), want)
	}
	pids := proctest.Pids(pidsFile)
	if len(pids) != 4 {
		t.Errorf("%v: %d pids recorded, want 4 (did every handler start?)", sig, len(pids))
	}
	for _, pid := range pids {
		if !proctest.Gone(pid) {
			t.Errorf("%v: handler process %d outlived emit", sig, pid)
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
	lines := auditLines(t, filepath.Join(dir, "audit.jsonl"))
	if len(lines) != 4 {
		t.Fatalf("%v: %d audit lines, want 3 hook lines and the event line", sig, len(lines))
	}
	for i, id := range []string{"a_sleeper", "b_sleeper", "c_escaper"} {
		if l := lines[i]; l["kind"] != "hook" || l["hook_id"] != id || l["status"] != "failed" {
			t.Errorf("%v: audit line %d is %v, want hook %s failed", sig, i+1, l, id)
		}
	}
	if l := lines[3]; l["kind"] != "event" || l["interrupted"] != name || l["decision"] != nil {
		t.Errorf("%v: event line %v, want interrupted %s and no decision", sig, l, name)
	}
}

func testSignalWhileReading(t *testing.T, bin string) {
	dir := newProject(t, map[string]string{"marker": "  command: touch ran\n"})
	cmd := hookrunCmd(bin, dir, "emit", "PromptSubmit")
	stdin, err := cmd.StdinPipe() // never closed: a caller that forgot to
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// emit reads a context on a pipe only once signals are caught: from the
	// moment a thread of it waits in read(2) on stdin, SIGTERM is emit's to
	// answer, however slowly a loaded machine started it.
	if !readingStdin(cmd.Process.Pid, 30*time.Second) {
		_ = cmd.Process.Kill()
		t.Fatal("hookrun never waited in read(2) on its stdin")
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	deadline := time.After(30 * time.Second)
	for waiting := true; waiting; {
		select {
		case <-done:
			waiting = false
		case <-time.After(200 * time.Millisecond):
			_ = cmd.Process.Signal(syscall.SIGTERM)
		case <-deadline:
			_ = cmd.Process.Kill()
			t.Fatal("hookrun did not exit within 30 s of SIGTERM")
		}
	}
	if got := cmd.ProcessState.ExitCode(); got != exitcode.Terminated {
		t.Errorf("exit status %d (%v), want %d", got, cmd.ProcessState, exitcode.Terminated)
	}
	if want := "hookrun: interrupted by SIGTERM: while reading the context; no hook ran and no result was printed\n"; stdout.Len() != 0 || stderr.String() != want {
		t.Errorf("stdout %q, stderr %q; want nothing and %q", stdout.String(), stderr.String(), want)
	}
	if _, err := os.Stat(filepath.Join(dir, "ran")); err == nil {
		t.Error("a hook ran")
	}
}

// 40 emits at once, each with two hooks whose audit lines carry a 100 KB
// error message, leave exactly 40 × (2 hook lines + 1 event line), each
// valid JSON and each emit's lines together.
func testConcurrentAudit(t *testing.T, bin string) {
	const emits, msgLen = 40, 100 << 10
	dir := newProject(t, map[string]string{
		"a_long": "  command: cat\n  args: [long.json]\n",
		"b_long": "  command: cat\n  args: [long.json]\n",
	})
	writeFile(t, filepath.Join(dir, "long.json"), `{"error":{"code":"long","message":"`+strings.Repeat("m", msgLen)+`"}}`)
	var wg sync.WaitGroup
	errs := make(chan error, emits)
	for i := range emits {
		wg.Go(func() {
			cmd := hookrunCmd(bin, dir, "emit", "PromptSubmit")
			cmd.Stdin = strings.NewReader(fmt.Sprintf(`{"session_id":"s%02d","user_raw_input":"hi"}`, i))
			if out, err := cmd.CombinedOutput(); err != nil {
				errs <- fmt.Errorf("emit %d: %v\n%.300s", i, err, out)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	lines := auditLines(t, filepath.Join(dir, "audit.jsonl"))
	t.Logf("%d audit lines after %d concurrent emits", len(lines), emits)
	if len(lines) != emits*3 {
		t.Fatalf("%d audit lines, want %d", len(lines), emits*3)
	}
	seen := map[any]bool{}
	for i := 0; i < len(lines); i += 3 {
		sid := lines[i]["session_id"]
		for j, want := range []string{"a_long", "b_long", ""} {
			l := lines[i+j]
			if l["session_id"] != sid || (want != "" && (l["hook_id"] != want || len(l["error"].(string)) != len("hook a_long: cat long.json: reported an error: ")+msgLen)) ||
				(want == "" && l["kind"] != "event") {
				msg, _ := l["error"].(string)
				t.Fatalf("audit line %d (session %v, hook %v, kind %v, error of %d bytes %.200q) is not line %d of one emit's three", i+j+1, l["session_id"], l["hook_id"], l["kind"], len(msg), msg, j+1)
			}
		}
		if seen[sid] {
			t.Fatalf("session %v logged twice", sid)
		}
		seen[sid] = true
	}
}

func testClosedStdout(t *testing.T, bin string) {
	dir := newProject(t, map[string]string{"ok": "  command: echo '{}'\n"})
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close() // the caller stopped reading
	defer w.Close()
	cmd := hookrunCmd(bin, dir, "emit", "PromptSubmit", "--context", "ctx.json")
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = w, &stderr
	_ = cmd.Run()
	if got := cmd.ProcessState.ExitCode(); got != exitcode.Error || !strings.Contains(stderr.String(), "hookrun: writing the result: ") {
		t.Errorf("exit %v, stderr %q; want exit 1 with a message, not death by SIGPIPE", cmd.ProcessState, stderr.String())
	}
}

// auditLines reads a JSON-lines file, failing on any line that is not an object.
func auditLines(t *testing.T, path string) []map[string]any {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []map[string]any
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 4<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil || m == nil {
			t.Fatalf("audit line %d is not a JSON object (%v): %.200s", len(lines)+1, err, sc.Bytes())
		}
		lines = append(lines, m)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// readingStdin waits until one of pid's threads is in read(2) on
// descriptor 0, as /proc/PID/task/TID/syscall shows it.
func readingStdin(pid int, within time.Duration) bool {
	for deadline := time.Now().Add(within); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/syscall", pid))
		for _, f := range tasks {
			if b, err := os.ReadFile(f); err == nil && strings.HasPrefix(string(b), "0 0x0 ") {
				return true
			}
		}
	}
	return false
}
