package shellcmd

import (
	"cmp"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// wd is where the line's commands run: the reader's dir, dirUnknown and dirRaw.
type wd struct{ dir, unknown, raw string }

func (r *reader) wd() wd { return wd{r.dir, r.dirUnknown, r.dirRaw} }

func (r *reader) setWD(w wd) { r.dir, r.dirUnknown, r.dirRaw = w.dir, w.unknown, w.raw }

// How a node of the syntax tree runs: in the line's own shell, in a subshell, whose cd moves only
// itself, or in either (the last command of a pipeline: the line's own shell under bash's lastpipe
// and in zsh, a subshell otherwise).
const (
	ownShell = iota
	inSubshell
	maybeSubshell
)

// walkFrame is a node being read, with where the line was when it began, when the node may run
// in a subshell.
type walkFrame struct {
	how   int
	at    wd
	stack []wd
	pipe  *syntax.BinaryCmd // the node, when it is a pipe: its two sides are the next nodes read beneath it
}

// pipeSide is the pipe n is a side of, when the frame on top of r.walk is that pipe's (n is read
// next, enterNode not yet called for it); nil otherwise. A pipe's sides are its children, read
// right after it, so its frame says what a map from each side to the pipe said, with no map.
func (r *reader) pipeSide(n *syntax.Stmt) *syntax.BinaryCmd {
	if len(r.walk) == 0 {
		return nil
	}
	if p := r.walk[len(r.walk)-1].pipe; p != nil && (p.X == n || p.Y == n) {
		return p
	}
	return nil
}

// enterNode notes the node n before its children are read (syntax.Walk calls visit with nil once
// they have been, see leave).
func (r *reader) enterNode(n syntax.Node) {
	how := ownShell
	switch n := n.(type) {
	case *syntax.Subshell, *syntax.CmdSubst, *syntax.ProcSubst:
		how = inSubshell
	case *syntax.Stmt:
		if n.Background || n.Coprocess {
			how = inSubshell
		} else if p := r.pipeSide(n); p != nil {
			how = inSubshell // a pipeline's commands, each in a subshell but maybe the last
			if p.Y == n {
				how = maybeSubshell
			}
		}
	}
	f := walkFrame{how: how}
	if how != ownShell {
		f.at, f.stack = r.wd(), slices.Clone(r.dirStack)
	}
	r.walk = append(r.walk, f)
}

// leave ends the node on top of r.walk: after a subshell the line is where it was before it; after
// a command that may have run in one, and moved, the directory is only known when the line runs.
func (r *reader) leave() {
	if len(r.walk) == 0 {
		return
	}
	f := &r.walk[len(r.walk)-1] // most nodes are the line's own shell's: nothing to copy or compare
	r.walk = r.walk[:len(r.walk)-1]
	if f.how == ownShell {
		return
	}
	switch now := r.wd(); {
	case f.how == inSubshell:
		r.setWD(f.at)
		r.dirStack = f.stack
	case now != f.at:
		r.setWD(wd{unknown: cmp.Or(f.at.unknown, f.at.dir, ".") + " or " + cmp.Or(now.unknown, now.dir, ".")})
		r.dirStack = nil
	}
}

// stackIndex reports whether w is pushd's and popd's +N or -N, which name an entry of the directory
// stack by its place.
func stackIndex(w string) bool {
	return len(w) > 1 && (w[0] == '+' || w[0] == '-') && strings.Trim(w[1:], "0123456789") == ""
}

// pushd DIR moves to DIR as cd does, keeping where the line was on the stack; pushd alone (which
// swaps the top two) and pushd +N or -N (which rotate the stack) go where only the line knows at
// run time once the stack holds what was there before it began.
func (r *reader) pushd(args []Arg) {
	for _, a := range args {
		switch {
		case a.Dynamic:
		case stackIndex(a.Value):
			r.setWD(wd{unknown: "pushd " + a.Value})
			r.dirStack = nil
			return
		case strings.HasPrefix(a.Value, "-") && a.Value != "-":
			continue
		}
		r.dirStack = append(r.dirStack, r.wd())
		r.cd(args)
		return
	}
	r.setWD(wd{unknown: "pushd"})
	r.dirStack = nil
}

// popd goes back to where the line's own last pushd was; past those, to a directory of the stack the
// line began with, only known when it runs. popd -n leaves the directory alone.
func (r *reader) popd(args []Arg) {
	stay := false
	for _, a := range args {
		switch {
		case a.Dynamic || stackIndex(a.Value):
			r.setWD(wd{unknown: "popd " + a.Value})
			r.dirStack = nil
			return
		case a.Value == "-n":
			stay = true
		}
	}
	if len(r.dirStack) == 0 {
		if !stay {
			r.setWD(wd{unknown: "popd"})
		}
		return
	}
	top := r.dirStack[len(r.dirStack)-1]
	r.dirStack = r.dirStack[:len(r.dirStack)-1]
	if !stay {
		r.setWD(top)
	}
}

// setsVar reports whether the text may give the variable name a value: name as a word of its own
// or before = or += (HOME=x, export HOME=x, env HOME=x, read HOME, printf -v HOME), not $HOME,
// ${HOME} or a longer name (GOHOME, HOME_DIR). Text that merely mentions the word (echo HOME)
// counts too: more paths unknown, never fewer.
func setsVar(src, name string) bool {
	for i := 0; ; {
		j := strings.Index(src[i:], name)
		if j < 0 {
			return false
		}
		at, end := i+j, i+j+len(name)
		i = end
		if at > 0 && (identChar(src[at-1]) || src[at-1] == '$' || src[at-1] == '{') {
			continue
		}
		if end == len(src) || !identChar(src[end]) && src[end] != '}' {
			return true
		}
	}
}

func identChar(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// descriptorPath reports whether p names one of the command's file descriptors (/dev/fd/3,
// /proc/self/fd/3, /dev/stdin), and whether it goes below one: a descriptor may name a directory
// (exec 3<scripts), known only when the line runs.
func descriptorPath(p string) (fd, below bool) {
	for _, dir := range []string{"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"} {
		if rest, ok := strings.CutPrefix(p, dir); ok && rest != "" {
			n, after, _ := strings.Cut(rest, "/")
			return true, strings.Trim(n, "0123456789") == "" && strings.Trim(after, "/.") != ""
		}
	}
	for _, std := range []string{"/dev/stdin", "/dev/stdout", "/dev/stderr"} {
		if rest, ok := strings.CutPrefix(p, std); ok && (rest == "" || rest[0] == '/') {
			return true, strings.Trim(rest, "/.") != ""
		}
	}
	return false, false
}

func isDescriptor(p string) bool {
	fd, _ := descriptorPath(p)
	return fd
}
