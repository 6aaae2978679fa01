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
