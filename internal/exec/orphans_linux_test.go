package exec

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/hookrun/hookrun/internal/proctest"
)

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
	pids := filepath.Join(t.TempDir(), "pids")
	// The grandchild starts a new session and holds no pipe: Run returns
	// as soon as the handler exits, and the group kill cannot reach it.
	o := Run(context.Background(), helperSpec(t, noHang, "detachquiet", pids), testLimits)
	if o.Failure != None || o.ExitCode != 0 {
		t.Fatalf("failure %v code %d stderr %q", o.Failure, o.ExitCode, o.Stderr)
	}
	got := proctest.Pids(pids)
	if len(got) != 1 || !proctest.Running(got[0]) {
		t.Fatalf("grandchild %v: want one live process that escaped the group", got)
	}
	if n := orphans.End(noHang); n != 1 {
		t.Errorf("End found %d orphans, want 1", n)
	}
	if proctest.Running(got[0]) {
		t.Errorf("grandchild %d outlived End", got[0])
		_ = syscall.Kill(got[0], syscall.SIGKILL)
	}
	if !proctest.Running(mine.Pid) {
		t.Errorf("End killed %d, a child this process had before AdoptOrphans", mine.Pid)
	}
	if n := orphans.End(noHang); n != 0 {
		t.Errorf("a second End found %d, want 0", n)
	}
}
