package shellcmd

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// PatchFiles lists the files an apply_patch patch (Codex, OpenCode,
// Copilot CLI) adds, updates, deletes or moves to, from its "*** Add
// File:", "*** Update File:", "*** Delete File:" and "*** Move to:" lines,
// as any of their readers takes them: Codex and Copilot CLI trim the line
// and keep what follows the marker and one space; OpenCode 1.18.33 needs
// no space and trims the name ("*** Add File:.system/x" adds .system/x).
// A name that differs between the two readings is listed both ways.
func PatchFiles(patch string) []string {
	var files []string
	for line := range strings.Lines(patch) {
		line = strings.TrimSpace(line)
		for _, p := range []string{"*** Add File:", "*** Update File:", "*** Delete File:", "*** Move to:"} {
			rest, ok := strings.CutPrefix(line, p)
			if !ok {
				continue
			}
			if f, spaced := strings.CutPrefix(rest, " "); spaced && f != "" && f != strings.TrimSpace(f) {
				files = append(files, f)
			}
			if f := strings.TrimSpace(rest); f != "" {
				files = append(files, f)
			}
		}
	}
	return files
}

// applyPatch reads apply_patch run as a command: Codex applies it itself when the model sends it
// through the shell tool (apply_patch <<'EOF' … EOF), and hooks see it as a shell command. The files
// its patch names, in an argument or a literal here-document or here-string, are paths the line
// names; a patch from a file, a pipe or a here-document with expansions names files only known when
// the line runs.
func (r *reader) applyPatch(cmd Command, redirs []*syntax.Redirect) {
	if len(cmd.Args) > 0 {
		for _, a := range cmd.Args {
			if !a.Dynamic {
				for _, f := range PatchFiles(a.Value) {
					r.path(f)
				}
			}
		}
		return // operands reports a dynamic argument
	}
	for i := len(redirs) - 1; i >= 0; i-- {
		rd := redirs[i]
		if rd.N != nil && rd.N.Value != "0" {
			continue
		}
		var body string
		switch rd.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			b, ok := heredoc(rd)
			if !ok {
				r.unknownPatch(cmd.Name, "in a here-document with expansions in it")
				return
			}
			body = b
		case syntax.WordHdoc:
			ws := r.words("", []*syntax.Word{rd.Word})
			if len(ws) != 1 || ws[0].Dynamic {
				r.unknownPatch(cmd.Name, "in a here-string with expansions in it")
				return
			}
			body = ws[0].Value
		case syntax.RdrIn, syntax.DplIn, syntax.RdrInOut:
			r.unknownPatch(cmd.Name, "in a patch file")
			return
		default:
			continue
		}
		for _, f := range PatchFiles(body) {
			r.path(f)
		}
		return
	}
	r.unknownPatch(cmd.Name, "on its standard input")
}

func (r *reader) unknownPatch(name, where string) {
	r.pathsUnknown("the files %s changes are named %s, only known when the line runs", name, where)
}

// tilde reads the tilde prefix a path starts with, as the shell expands it: ~ and ~/ are the home
// directory, kept for the caller to resolve; ~+ is the working directory, so ~+/x is ./x; ~- (the
// previous directory), the directory stack's ~N, ~+N and ~-N, and ~USER (that user's home) are only
// known when the line runs. A quoted tilde is not expanded at all, but the words read here no longer
// say whether it was: reading it as expanded names more paths, never fewer. /proc/self/cwd (and
// thread-self's) is the working directory too, of the command that opens it: ./x, so that a cd
// before it counts, and not the directory of the process reading the line.
func tilde(p string) (path string, known bool) {
	if fd, below := descriptorPath(p); fd && below {
		return p, false // beneath a directory a file descriptor names (exec 3<scripts; : > /dev/fd/3/x)
	}
	for _, cwd := range []string{"/proc/self/cwd", "/proc/thread-self/cwd"} {
		if rest, ok := strings.CutPrefix(p, cwd); ok && (rest == "" || rest[0] == '/') {
			return "." + rest, true
		}
	}
	if !strings.HasPrefix(p, "~") {
		return p, true
	}
	prefix, rest, slash := strings.Cut(p[1:], "/")
	switch {
	case prefix == "":
		return p, true
	case prefix == "+" && slash:
		return "./" + rest, true
	case prefix == "+":
		return ".", true
	}
	return p, false
}
