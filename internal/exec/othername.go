package exec

import (
	"regexp"
	"strings"
)

// OtherName is the name a program often has instead of name on one
// system or another, or "": python where a machine has only python3
// (Debian, Ubuntu, macOS since 12.3).
func OtherName(name string) string {
	switch name {
	case "python":
		return "python3"
	case "python3":
		return "python"
	case "pip":
		return "pip3"
	case "pip3":
		return "pip"
	case "node":
		return "nodejs"
	case "nodejs":
		return "node"
	}
	return ""
}

// notFoundLine reads the program a shell or env says it did not find, from
// the stderr of a command that exited with status 127: dash's "sh: 1:
// python: not found", bash's "bash: line 1: python: command not found",
// env's "env: 'python': No such file or directory" (GNU env quotes it
// with ‘…’).
// Compiled at each use, a failed handler's (nothing of hookrun's runs
// before main: start_no_package_init).
const notFoundLine = `(?m)(?:^|: )([A-Za-z0-9._+-]+): (?:command )?not found$|env: [‘'"]?([A-Za-z0-9._+-]+)[’'"]?: No such file or directory`

// OtherNameHint is what to say of a handler that exited with status 127
// because a program it runs is not on PATH while that program's other
// name is (python, where python3 is): " (python3 is on PATH: did you mean
// python3?)", as validate says; else "". tree is the project's work tree,
// whose directories on PATH do not count (LookPath).
func OtherNameHint(stderr []byte, tree string) string {
	if len(stderr) > 4<<10 {
		stderr = stderr[len(stderr)-4<<10:]
	}
	for _, m := range regexp.MustCompile(notFoundLine).FindAllStringSubmatch(string(stderr), -1) {
		name := strings.TrimSpace(m[1] + m[2])
		other := OtherName(name)
		if other == "" {
			continue
		}
		if _, err := LookPath(name, tree); err == nil {
			continue
		}
		if _, err := LookPath(other, tree); err == nil {
			return " (" + name + " is not on PATH and " + other + " is: did you mean " + other + "?)"
		}
	}
	return ""
}
