package exec

import (
	"context"
	"path/filepath"
	"syscall"
	"testing"
)

func TestEndOrphansEndsWhatLeftTheGroup(t *testing.T) {
	checkNoLeaks(t)
	if err := AdoptOrphans(); err != nil {
		t.Fatal(err)
	}
	pids := filepath.Join(t.TempDir(), "pids")
	// The grandchild starts a new session and holds no pipe: Run returns
	// as soon as the handler exits, and the group kill cannot reach it.
	o := Run(context.Background(), helperSpec(t, noHang, "detachquiet", pids), testLimits)
	if o.Failure != None || o.ExitCode != 0 {
		t.Fatalf("failure %v code %d stderr %q", o.Failure, o.ExitCode, o.Stderr)
	}
	got := readPids(pids)
	if len(got) != 1 || !alive(got[0]) {
		t.Fatalf("grandchild %v: want one live process that escaped the group", got)
	}
	if n := EndOrphans(noHang); n != 1 {
		t.Errorf("EndOrphans found %d orphans, want 1", n)
	}
	if alive(got[0]) {
		t.Errorf("grandchild %d outlived EndOrphans", got[0])
		_ = syscall.Kill(got[0], syscall.SIGKILL)
	}
	if n := EndOrphans(noHang); n != 0 {
		t.Errorf("a second EndOrphans found %d, want 0", n)
	}
}
