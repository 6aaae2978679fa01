package exec

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// windowsPath says what to write instead of a handler command written as
// a Windows path (.\scripts\guard.sh, C:\hooks\guard.sh) on a system
// where \ separates nothing: sh reads it as an escape (.\scripts\guard.sh
// runs .scriptsguard.sh), and without a shell it is one file name. nil on
// Windows, and for a \ that is no path separator.
func windowsPath(command string, hasArgs bool, dir string) error {
	word, meant := command, command // as written, and as run
	if !hasArgs {
		fields := strings.Fields(command)
		if len(fields) == 0 {
			return nil
		}
		word, meant = fields[0], strings.ReplaceAll(fields[0], `\`, "")
	}
	if runtime.GOOS == "windows" || !strings.Contains(word, `\`) || exists(dir, meant) {
		return nil // ./gu\ard.sh is sh's ./guard.sh
	}
	if len(word) > 2 && word[1] == ':' && word[2] == '\\' && isLetter(word[0]) {
		return fmt.Errorf("%s is a Windows path; write the path relative to the project root with / (./scripts/hooks/guard.sh), which Windows reads too", word)
	}
	slashed := strings.ReplaceAll(word, `\`, "/")
	if exists(dir, slashed) || strings.HasPrefix(slashed, "./") || strings.HasPrefix(slashed, "../") {
		return fmt.Errorf("%s is a Windows path; write %s, with /, which Windows reads too", word, slashed)
	}
	return nil
}

// exists reports whether name, relative to dir unless absolute, exists.
func exists(dir, name string) bool {
	if !filepath.IsAbs(name) {
		name = filepath.Join(dir, name)
	}
	_, err := os.Stat(name)
	return err == nil
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// noShebang explains a file the kernel would not run (ENOEXEC): a text
// file with no #! line needs one; anything else is a program for another
// machine.
func noShebang(path, shown string) error {
	if sb, ok := readShebang(path); ok && sb.interp == "" {
		return fmt.Errorf("%s has an empty #! line: name the interpreter on it, such as #!/bin/sh", shown)
	}
	if isText(path) {
		return fmt.Errorf("%s has no #! line: make its first line #!/bin/sh, or the #! line of the language it is written in", shown)
	}
	return fmt.Errorf("%s has no #! line and is not a program this machine can run", shown)
}

// isText reports whether the file at path starts like text: no NUL in its
// first 512 bytes (a program's headers hold some).
func isText(path string) bool {
	head, ok := readHead(path, 512)
	return ok && bytes.IndexByte(head, 0) < 0
}

// readHead reads up to n bytes from the start of the regular file at path.
// The open does not wait (noWait): a FIFO would block it until someone
// writes, and one can take the file's place after a look at what it is (a
// link an agent's loop turns between the script and a FIFO), so what was
// opened is looked at again.
func readHead(path string, n int) ([]byte, bool) {
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
		return nil, false // opening some devices does something
	}
	f, err := os.OpenFile(path, os.O_RDONLY|noWait, 0)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil, false
	}
	head := make([]byte, n)
	got, _ := io.ReadFull(f, head)
	return head[:got], true
}

// maxScriptScan is how much of a shell script Check reads for a carriage
// return.
const maxScriptScan = 1 << 20

// shellCRLF says when a script run by a shell (one of shells) has a line
// past its #! line ending in a carriage return (a #! line so ended is
// notStartable's). A shell reads the carriage return as part of a word: the
// script fails at its first command (set -eu: "Illegal option -"), often
// with status 2, which is a deny.
func shellCRLF(path, shown string, sb shebang) error {
	name := sb.interp
	if filepath.Base(sb.interp) == "env" {
		name = sb.arg
	}
	if !slices.Contains(shells, filepath.Base(name)) {
		return nil
	}
	data, ok := readHead(path, maxScriptScan)
	if !ok {
		return nil
	}
	at := bytes.Index(data, []byte("\r\n"))
	if at < 0 {
		return nil
	}
	return fmt.Errorf("%s has Windows line endings (line %d ends in a carriage return), which %s reads as part of the command: convert the file to Unix line endings", shown, bytes.Count(data[:at], []byte("\n"))+1, name)
}

// interpreters are the programs a handler command may name before the
// script they run (python3 scripts/hooks/guard.py): that script is a file
// that must exist too.
var interpreters = []string{"sh", "bash", "dash", "zsh", "ksh", "python", "python3", "node", "ruby", "perl"}

// missingScript says when a handler command runs an interpreter on a
// script that does not exist, as the files stand now. Run, the interpreter
// fails on it, often with status 2 (python3, sh), which from a blocking
// hook is a deny with the interpreter's complaint for its reason. Only a
// first argument that is no option and in which sh expands nothing is
// checked.
func missingScript(command string, args []string, hasArgs bool, dir string) error {
	prog, script := command, ""
	if hasArgs {
		if len(args) > 0 {
			script = args[0]
		}
	} else {
		words := firstWords(command)
		if len(words) < 2 {
			return nil
		}
		p, ok := spelled(words[0])
		s, ok2 := spelled(words[1])
		if !ok || !ok2 {
			return nil
		}
		prog, script = p, s
	}
	if !slices.Contains(interpreters, filepath.Base(prog)) || script == "" || strings.HasPrefix(script, "-") || exists(dir, script) {
		return nil
	}
	path := script
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, script)
	}
	where := ""
	if !filepath.IsAbs(script) {
		where = " (a relative path resolves against the project root)"
	}
	return fmt.Errorf("%s runs %s, which does not exist%s: create it, or correct the path", filepath.Base(prog), Display(path, dir), where)
}
