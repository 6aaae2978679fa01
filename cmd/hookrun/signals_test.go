//go:build unix

package main

import (
	"context"
	"errors"
	"os"
	osexec "os/exec"
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
	out, _ := cmd.CombinedOutput()
	ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
		t.Fatalf("child ended with %v, want killed by SIGTERM; output:\n%s", cmd.ProcessState, out)
	}
}

func signalsChild() {
	ctx, caught, stop := interruptible()
	caught()
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
