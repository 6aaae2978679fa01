package exec

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// shellAvailable refuses a shell command line: Windows has no /bin/sh, and
// hookrun does not guess which sh on PATH (Git's, MSYS2's, WSL's) was meant.
// The hook fails to start, which a blocking guard turns into a block.
func shellAvailable(command string) error {
	return fmt.Errorf("%q is a shell command line, and Windows has no /bin/sh: give handler.command the program (an .exe, or sh from Git for Windows) and handler.args its arguments", command)
}

// shellSyntax: Windows runs no shell command line (shellAvailable), and a
// line given to sh in handler.args is not asked of it: its exit 2 reads as
// a deny.
func shellSyntax(context.Context, time.Duration, string, string, string, string) error {
	return nil
}

// KnowsPipefail: a shell line runs through the sh hookrun finds, which is
// asked nothing here.
func KnowsPipefail() bool { return true }

// executable reports whether Windows can start the file: a program or a
// batch file, known by its extension, as Windows has no execute bit.
func executable(path string, _ os.FileInfo) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".exe", ".com", ".bat", ".cmd":
		return true
	}
	return false
}

func notExecutable(shown string) error {
	return fmt.Errorf("%s is not a program Windows can start (.exe, .com, .bat or .cmd); a script runs through its interpreter: handler.command: sh, handler.args: [%s]", shown, shown)
}

// pathVar reports whether an environment variable's name is PATH's:
// Windows names it in any case (Path).
func pathVar(name string) bool { return strings.EqualFold(name, "PATH") }
