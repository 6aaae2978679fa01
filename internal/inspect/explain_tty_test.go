//go:build linux

package inspect

import (
	"bytes"
	"fmt"
	"os"
	"syscall"
	"testing"
	"unsafe"

	"github.com/hookrun/hookrun/internal/project"
)

// openTerminal returns the follower end of a new pseudo-terminal.
func openTerminal(t *testing.T) *os.File {
	t.Helper()
	leader, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("skipped: no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { leader.Close() })
	var n, unlock uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, leader.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Skipf("skipped: unlocking the pseudo-terminal: %v", e)
	}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, leader.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Skipf("skipped: naming the pseudo-terminal: %v", e)
	}
	f, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("skipped: opening the pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// explain with no --context at a terminal says at once where a context
// comes from, naming a file a project has (new's sample), not one of
// hookrun's own source tree.
func TestExplainAtATerminalNamesASampleContext(t *testing.T) {
	err := Explain(ExplainRequest{Event: "PreAbilityCall", Dirs: project.Dirs{Cwd: t.TempDir()}, Stdin: openTerminal(t), Stdout: &bytes.Buffer{}})
	want := "explain reads the event context as JSON on stdin, and stdin is a terminal: pass --context FILE (hookrun new writes a sample beside each handler, scripts/hooks/ID.context.json) or pipe it in"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}
