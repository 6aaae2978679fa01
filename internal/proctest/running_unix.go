//go:build unix

package proctest

import (
	"fmt"
	"os"
	"strings"
	"syscall"
)

// Running reports whether pid is a live process: a zombie, dead but not
// yet reaped by whoever inherited it, is not.
func Running(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true // no /proc: the signal above is all there is
	}
	i := strings.LastIndexByte(string(stat), ')')
	return i < 0 || i+2 >= len(stat) || (stat[i+2] != 'Z' && stat[i+2] != 'X')
}

// Kill ends the process pid at once.
func Kill(pid int) { _ = syscall.Kill(pid, syscall.SIGKILL) }
