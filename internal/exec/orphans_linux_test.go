package exec

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/proctest"
)

// escapedGrandchild runs a handler whose child starts a new session and
// holds no pipe, and returns that child's pid: Run returns as soon as the
// handler exits, and the group kill cannot reach it.
func escapedGrandchild(t *testing.T) int {
	t.Helper()
	pids := filepath.Join(t.TempDir(), "pids")
	o := Run(context.Background(), helperSpec(t, noHang, "detachquiet", pids), testLimits)
	if o.Failure != None || o.ExitCode != 0 {
		t.Fatalf("failure %v code %d stderr %q", o.Failure, o.ExitCode, o.Stderr)
	}
	got := proctest.Pids(pids)
	if len(got) != 1 || !proctest.Running(got[0]) {
		t.Fatalf("grandchild %v: want one live process that escaped the group", got)
	}
	return got[0]
}

// adoptedOrphan makes this process the reaper of what handlers leave
// behind and runs a handler that leaves one process, whose pid is got[0];
// it is killed when the test ends.
func adoptedOrphan(t *testing.T) (*Orphans, []int) {
	t.Helper()
	checkNoLeaks(t)
	orphans, err := AdoptOrphans()
	if err != nil {
		t.Fatal(err)
	}
	got := []int{escapedGrandchild(t)}
	t.Cleanup(func() { proctest.Kill(got[0]) })
	return orphans, got
}

func TestEndOrphansEndsWhatLeftTheGroup(t *testing.T) {
	checkNoLeaks(t)
	// A child this process had before is not a handler's: End leaves it.
	minePids := filepath.Join(t.TempDir(), "mine")
	self, _ := os.Executable()
	mine, err := os.StartProcess(self, []string{self, "pids", minePids}, &os.ProcAttr{Env: helperSpec(t, 0).Env})
	if err != nil {
		t.Fatal(err)
	}
	proctest.WaitPids(minePids, 1)
	defer func() {
		_ = mine.Kill()
		_, _ = mine.Wait()
	}()
	orphans, err := AdoptOrphans()
	if err != nil {
		t.Fatal(err)
	}
	got := []int{escapedGrandchild(t)}
	if n := orphans.End(noHang, nil); n != 1 {
		t.Errorf("End found %d orphans, want 1", n)
	}
	if proctest.Running(got[0]) {
		t.Errorf("grandchild %d outlived End", got[0])
		_ = syscall.Kill(got[0], syscall.SIGKILL)
	}
	if !proctest.Running(mine.Pid) {
		t.Errorf("End killed %d, a child this process had before AdoptOrphans", mine.Pid)
	}
	if n := orphans.End(noHang, nil); n != 0 {
		t.Errorf("a second End found %d, want 0", n)
	}
}

// An answer already due (the agent's deadline has passed) leaves End no
// time to wait, but not nothing to do: one round of SIGKILL still reaches
// what left the handler's group, so it does not outlive emit.
func TestEndWithNoTimeLeftStillKills(t *testing.T) {
	orphans, got := adoptedOrphan(t)
	if n := orphans.End(0, nil); n != 1 {
		t.Errorf("End(0) found %d orphans, want 1", n)
	}
	if !proctest.Gone(got[0]) {
		t.Errorf("grandchild %d outlived End(0): no SIGKILL was sent", got[0])
	}
	orphans.End(noHang, nil) // reap it
}

// A signal to hookrun while End waits for what it killed to be gone ends
// the wait: End sends its round of SIGKILL and returns, and emit answers
// the signal. Here the kill is made to miss, so the wait would last the
// whole limit.
func TestEndStopsWaitingWhenStopped(t *testing.T) {
	orphans, got := adoptedOrphan(t)
	defer func(f func(int, syscall.Signal) error) { kill = f }(kill)
	kill = func(int, syscall.Signal) error { return nil }
	stop := make(chan struct{})
	close(stop)
	start := time.Now()
	if n := orphans.End(5*time.Second, stop); n != 1 {
		t.Errorf("End found %d orphans, want 1", n)
	}
	if took := time.Since(start); took > time.Second {
		t.Errorf("End took %s after it was stopped", took)
	}
	kill = syscall.Kill
	orphans.End(noHang, nil) // end and reap it
	if proctest.Running(got[0]) {
		t.Errorf("grandchild %d outlived End", got[0])
	}
}
