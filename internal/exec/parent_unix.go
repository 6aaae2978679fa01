//go:build unix

package exec

import (
	"os"
	"syscall"
	"time"
)

// parentPoll is how often TermWithParent looks at the parent process.
const parentPoll = 100 * time.Millisecond

// TermWithParent sends this process SIGTERM once the process that started
// it has ended (it has been given another parent), until stop is called.
//
// An agent's entry runs hookrun from a shell that stays to block the call
// should hookrun die without an answer; the agent's timeout or cancel ends
// that shell, not hookrun. With no one left to read the answer, hookrun
// then ends as that signal would have ended it had it reached hookrun:
// its handlers' process groups are ended, not left to run out their
// timeouts. The parent is looked at, not told of (Linux's
// PR_SET_PDEATHSIG fires when the thread that started hookrun ends, which
// in a multi-threaded agent need not be the agent ending).
func TermWithParent() (stop func()) {
	parent := os.Getppid()
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(parentPoll)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				if os.Getppid() != parent {
					_ = syscall.Kill(os.Getpid(), syscall.SIGTERM)
					return
				}
			}
		}
	}()
	return func() { close(done) }
}
