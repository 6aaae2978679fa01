//go:build unix

package emit

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/proctest"
)

// The audit log waits for its lock no later than the caller's deadline: a
// process that holds the lock and keeps the log growing (an agent's
// background job, in a log beneath the repository) must not hold emit's
// answer past the agent's timeout, after which the agent lets the call
// through. The lines are lost, with the error saying why.
func TestAuditWaitEndsAtTheDeadline(t *testing.T) {
	opt := testOptions(t)
	opt.AuditPath = filepath.Join(opt.Root, "audit.jsonl")
	f, err := os.Create(opt.AuditPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	defer proctest.GrowLog(f, 10*time.Millisecond)()
	start := time.Now()
	opt.Deadline = Deadline{At: start.Add(300 * time.Millisecond), Why: "the agent's timeout"}
	out := Run(context.Background(), testContext(t), nil, opt)
	want := "audit log " + opt.AuditPath + ": its lock was still held when the answer was due; these lines are not written"
	if out.AuditErr == nil || out.AuditErr.Error() != want {
		t.Errorf("audit error %v, want %s", out.AuditErr, want)
	}
	if took := time.Since(start); took > 1500*time.Millisecond {
		t.Errorf("Run took %s past a deadline 300ms away", took)
	}
}
