package inspect

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookrun/hookrun/internal/emit"
	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/safefile"
)

// checkCommand is exec.Check, then emit.UntrustedFile (a script someone
// else can change is not run), naming the other name of a program a
// handler runs that is not on PATH while that name is: python where a
// machine has only python3 (Debian, Ubuntu, macOS since 12.3), in
// handler.command, first in its command line, or after env on its
// script's #! line.
func checkCommand(command string, args []string, hasArgs bool, dir string) error {
	err := exec.Check(command, args, hasArgs, dir)
	if err == nil {
		return emit.UntrustedFile(command, args, hasArgs, dir, "")
	}
	prog := command
	if !hasArgs && exec.NeedsShell(command) {
		prog, _, _ = strings.Cut(strings.TrimSpace(command), " ")
	}
	if strings.ContainsAny(prog, `/\`) {
		prog = shebangEnvName(filepath.Join(dir, prog))
	}
	other := exec.OtherName(prog)
	if other == "" {
		return err
	}
	if _, perr := exec.Program(prog, dir); perr == nil {
		return err
	}
	if _, perr := exec.LookPath(other, dir); perr != nil {
		return err
	}
	return fmt.Errorf("%w (%s is: did you mean %s?)", err, other, other)
}

// shebangEnvName is the program a script's #! line runs through env
// (#!/usr/bin/env python: python), or "". The script is read as
// safefile reads: a regular file only, opened without waiting (a FIFO
// put in its place would hang validate), its first 256 bytes.
func shebangEnvName(script string) string {
	head, _, err := safefile.ReadHead(script, 256)
	if err != nil {
		return ""
	}
	line, _, _ := strings.Cut(string(head), "\n")
	words := strings.Fields(strings.TrimPrefix(line, "#!"))
	if !strings.HasPrefix(line, "#!") || len(words) != 2 || filepath.Base(words[0]) != "env" {
		return ""
	}
	return words[1]
}
