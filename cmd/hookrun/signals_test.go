//go:build unix

package main

import (
	"context"
	"errors"
	"os"
	osexec "os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/emit"
)

// TestSignalsBetweenEmits checks, in a process of its own, both sides of
// the once-per-process registration: during an emit a SIGINT cancels the
// emit's context with the signal as cause, and once the emit is over a
// SIGTERM ends the process as it would had it never been caught.
func TestSignalsBetweenEmits(t *testing.T) {
	if os.Getenv("HOOKRUN_TEST_SIGNALS_CHILD") == "1" {
		signalsChild()
		return
	}
	cmd := osexec.Command(os.Args[0], "-test.run=^TestSignalsBetweenEmits$")
	cmd.Env = append(os.Environ(), "HOOKRUN_TEST_SIGNALS_CHILD=1", "GORACE=atexit_sleep_ms=0")
	out, err := cmd.CombinedOutput()
	if cmd.ProcessState == nil {
		t.Fatalf("child did not run: %v", err)
	}
	ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
		t.Fatalf("child ended with %v, want killed by SIGTERM; output:\n%s", cmd.ProcessState, out)
	}
}

// TestGitWaitsForSignals checks that emit starts git (for
// --changed-from-git) only once signals are caught: a signal before that
// would end hookrun outright and leave git running. The registration is
// slowed down in a process of its own, and git is a script that logs its
// runs into the same file.
func TestGitWaitsForSignals(t *testing.T) {
	if os.Getenv("HOOKRUN_TEST_SIGNALS_CHILD") == "git" {
		gitChild()
		return
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".system", "hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "stop.json"), []byte(`{"session_id":"s1"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	log := filepath.Join(t.TempDir(), "log")
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte("#!/bin/sh\necho git >> \"$HR_TEST_LOG\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := osexec.Command(os.Args[0], "-test.run=^TestGitWaitsForSignals$")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOOKRUN_TEST_SIGNALS_CHILD=git", "GORACE=atexit_sleep_ms=0",
		"HR_TEST_LOG="+log, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	got, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(string(got)), "\n"); len(lines) < 2 || lines[0] != "caught" || lines[1] != "git" {
		t.Errorf("log %q: want the registration first, then git", got)
	}
}

func gitChild() {
	notify = func(c chan<- os.Signal, sigs ...os.Signal) {
		time.Sleep(300 * time.Millisecond)
		f, err := os.OpenFile(os.Getenv("HR_TEST_LOG"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			_, _ = f.WriteString("caught\n")
			_ = f.Close()
		}
		signal.Notify(c, sigs...)
	}
	os.Exit(run([]string{"emit", "SessionStop", "--changed-from-git", "--context", "stop.json", "--audit-log", "off"}, os.Stdin, os.Stdout, os.Stderr))
}

func signalsChild() {
	ctx, stop := interruptible()
	signalsCaught()
	_ = syscall.Kill(os.Getpid(), syscall.SIGINT)
	select {
	case <-ctx.Done():
	case <-time.After(10 * time.Second):
		os.Stderr.WriteString("SIGINT during the emit did not cancel its context\n")
		os.Exit(3)
	}
	var i emit.Interrupt
	if !errors.As(context.Cause(ctx), &i) || i.Signal != syscall.SIGINT {
		os.Stderr.WriteString("cause is not the SIGINT: " + context.Cause(ctx).Error() + "\n")
		os.Exit(4)
	}
	stop()
	_ = syscall.Kill(os.Getpid(), syscall.SIGTERM)
	time.Sleep(10 * time.Second)
	os.Stderr.WriteString("SIGTERM after the emit was swallowed\n")
	os.Exit(5)
}

// TestRulesDoNotWaitForSignals checks that an event whose hooks start no
// process (rules) is answered without waiting for the registration, and
// that a caller that closed stdout still gets the deny's exit 2, not a
// death by SIGPIPE: until the registration is in place SIGPIPE is ignored. The
// registration never ends in the child, so an emit that waited for it
// would never answer.
func TestRulesDoNotWaitForSignals(t *testing.T) {
	if os.Getenv("HOOKRUN_TEST_SIGNALS_CHILD") == "rules" {
		rulesChild()
		return
	}
	dir := t.TempDir()
	hooks := filepath.Join(dir, ".system", "hooks")
	if err := os.MkdirAll(hooks, 0o755); err != nil {
		t.Fatal(err)
	}
	hook := "id: no_rm\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler:\n  kind: rules\n  rules:\n    - decision: deny\n      reason: recursive delete\n      commands: [\"rm -r\"]\n"
	if err := os.WriteFile(filepath.Join(hooks, "no_rm.yaml"), []byte(hook), 0o644); err != nil {
		t.Fatal(err)
	}
	ctxJSON := `{"event_type":"PreAbilityCall","session_id":"s1","ability_id":"shell","command":"rm -r build","caller":{"source":"ai_session"}}`
	if err := os.WriteFile(filepath.Join(dir, "ctx.json"), []byte(ctxJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	child := func(stdout *os.File) (*osexec.Cmd, *strings.Builder, *strings.Builder) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a hang, not a speed
		t.Cleanup(cancel)
		cmd := osexec.CommandContext(ctx, os.Args[0], "-test.run=^TestRulesDoNotWaitForSignals$")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOOKRUN_TEST_SIGNALS_CHILD=rules", "GORACE=atexit_sleep_ms=0", "HOOKRUN_CACHE=off")
		var out, errOut strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errOut
		if stdout != nil {
			cmd.Stdout = stdout
		}
		_ = cmd.Run()
		return cmd, &out, &errOut
	}

	cmd, out, errOut := child(nil)
	if code := cmd.ProcessState.ExitCode(); code != 2 || !strings.Contains(out.String(), `"decision":"deny"`) {
		t.Errorf("exit %v, stdout %q, stderr %q: want exit 2 and the deny", cmd.ProcessState, out, errOut)
	}

	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close() // the caller stopped reading
	defer w.Close()
	cmd, _, errOut = child(w)
	want := "hookrun: writing the result: write /dev/stdout: broken pipe; the decision was deny, so emit exits 2\n"
	if code := cmd.ProcessState.ExitCode(); code != 2 || errOut.String() != want {
		t.Errorf("exit %v, stderr %q: want exit 2 (the deny: a caller that closed stdout reads only the code) with %q, not death by SIGPIPE", cmd.ProcessState, errOut, want)
	}
}

func rulesChild() {
	notify = func(chan<- os.Signal, ...os.Signal) { select {} } // the registration never ends
	os.Exit(run([]string{"emit", "PreAbilityCall", "--context", "ctx.json", "--audit-log", "off"}, os.Stdin, os.Stdout, os.Stderr))
}
