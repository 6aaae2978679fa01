//go:build unix

// Command maxrss runs a command and prints the peak resident set size of
// the command (its largest process) in KiB, for the benchmark's memory row.
//
//	maxrss [-context FILE] COMMAND [ARGS...]
package main

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: maxrss COMMAND [ARGS...]")
		os.Exit(2)
	}
	c := exec.Command(os.Args[1], os.Args[2:]...)
	c.Stdin = os.Stdin
	c.Stderr = os.Stderr
	if err := c.Run(); err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	ru := c.ProcessState.SysUsage().(*syscall.Rusage)
	fmt.Println(ru.Maxrss)
}
