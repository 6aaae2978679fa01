package shellcmd

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// wrapper describes a command that runs another command given in its arguments.
type wrapper struct {
	valueShort string   // short options that take a value, attached (-uroot) or as the next word
	valueLong  []string // long options that take a value, after = or as the next word
	noRun      string   // short options with which no command is run (command -v rm only looks rm up)
	splitShort byte     // env -S: the value is itself split into the command's words
	splitLong  string
	assigns    bool // NAME=VALUE words may come before the command (env, sudo)
	operands   int  // words between the options and the command (timeout's duration, chroot's root)
	reads      bool // xargs: the command also gets arguments read when the line runs
}

var wrappers = map[string]wrapper{
	"sudo": {valueShort: "CDghpRrTtUu", noRun: "eKlVv", assigns: true,
		valueLong: []string{"--close-from", "--chdir", "--group", "--host", "--prompt", "--chroot", "--role", "--type", "--command-timeout", "--other-user", "--user"}},
	"doas":    {valueShort: "Cu", noRun: "C"},
	"env":     {valueShort: "aCPu", splitShort: 'S', splitLong: "--split-string", assigns: true, valueLong: []string{"--argv0", "--chdir", "--unset"}},
	"nice":    {valueShort: "n", valueLong: []string{"--adjustment"}},
	"nohup":   {},
	"time":    {valueShort: "fo", valueLong: []string{"--format", "--output"}},
	"timeout": {valueShort: "ks", valueLong: []string{"--kill-after", "--signal"}, operands: 1},
	"command": {noRun: "vV"},
	"builtin": {},
	"exec":    {valueShort: "a"},
	"xargs": {valueShort: "adEILnPs", reads: true,
		valueLong: []string{"--arg-file", "--delimiter", "--max-args", "--max-procs", "--max-chars", "--process-slot-var"}},
	"stdbuf":    {valueShort: "eio", valueLong: []string{"--error", "--input", "--output"}},
	"setsid":    {},
	"ionice":    {valueShort: "cnpPu", valueLong: []string{"--class", "--classdata", "--pid", "--pgid", "--uid"}},
	"chroot":    {valueLong: []string{"--groups", "--userspec"}, operands: 1},
	"nocorrect": {},
	"noglob":    {},
	"busybox":   {},
	"toybox":    {},
}

// shells run a script given with -c, or read it from standard input.
var shells = []string{"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish"}

// peel returns the command a wrapper runs. Scripts (bash -c, eval, su -c, a heredoc fed to a shell)
// and find -exec commands are read here; wrapper is then true with no next command.
func (r *reader) peel(cmd Command, redirs []*syntax.Redirect, depth int) (next []Arg, isWrapper bool) {
	switch {
	case cmd.Name == "eval":
		return nil, r.eval(cmd.Args, depth)
	case slices.Contains(shells, cmd.Name):
		return nil, r.shell(cmd, redirs, depth)
	case cmd.Name == "su" || cmd.Name == "runuser":
		return nil, r.su(cmd, redirs, depth)
	case cmd.Name == "find":
		r.find(cmd.Args, depth)
		return nil, false
	}
	w, ok := wrappers[cmd.Name]
	if !ok {
		return nil, false
	}
	args := cmd.Args
	i := 0
scan:
	for i < len(args) {
		a := args[i]
		switch {
		case a.Dynamic:
			r.unresolved("the arguments of %s include %s, only known when the line runs", cmd.Name, a.Value)
			return nil, true
		case a.Value == "--":
			i++
			break scan
		case strings.HasPrefix(a.Value, "--"):
			name, value, hasValue := strings.Cut(a.Value, "=")
			if w.splitLong != "" && name == w.splitLong {
				return r.splitOperand(cmd, args, i, value, hasValue)
			}
			if slices.Contains(w.valueLong, name) && !hasValue {
				i++
			}
			i++
		case strings.HasPrefix(a.Value, "-") && len(a.Value) > 1:
			opts := a.Value[1:]
			for j := 0; j < len(opts); j++ {
				c := opts[j]
				if strings.IndexByte(w.noRun, c) >= 0 {
					return nil, false
				}
				if w.splitShort != 0 && c == w.splitShort {
					return r.splitOperand(cmd, args, i, opts[j+1:], j+1 < len(opts))
				}
				if strings.IndexByte(w.valueShort, c) >= 0 {
					if j == len(opts)-1 {
						i++ // the value is the next word
					}
					break
				}
			}
			i++
		default:
			break scan
		}
	}
	for w.assigns && i < len(args) && !args[i].Dynamic && isAssignment(args[i].Value) {
		i++
	}
	i += w.operands
	if i >= len(args) {
		return nil, false
	}
	next = args[i:]
	if w.reads {
		next = append(slices.Clone(next), Arg{Value: "(arguments " + cmd.Name + " reads when the line runs)", Dynamic: true})
	}
	return next, true
}

func isAssignment(s string) bool {
	name, _, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return false
	}
	for i, c := range name {
		if c != '_' && !('a' <= c && c <= 'z') && !('A' <= c && c <= 'Z') && (i == 0 || !('0' <= c && c <= '9')) {
			return false
		}
	}
	return true
}

// split reads env -S's string as the first words of the command it runs.
func (r *reader) split(name, value string, rest []Arg) ([]Arg, bool) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(value), "")
	if err != nil || len(f.Stmts) != 1 {
		r.unresolved("the string %s splits into %q cannot be read as one command", name, value)
		return nil, true
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(f.Stmts[0].Redirs) > 0 || len(call.Assigns) > 0 {
		r.unresolved("the string %s splits into %q cannot be read as one command", name, value)
		return nil, true
	}
	words := r.words(value, call.Args)
	return append(words, rest...), true
}

// eval runs its arguments, joined with spaces, as a script.
func (r *reader) eval(args []Arg, depth int) bool {
	parts := make([]string, 0, len(args))
	for _, a := range args {
		if a.Dynamic {
			r.unresolved("eval runs %s, only known when the line runs", a.Value)
			return true
		}
		parts = append(parts, a.Value)
	}
	r.script(strings.Join(parts, " "), depth+1)
	return true
}

// shell reads the script a shell runs: the operand after -c, or its standard input when it has no
// script file. A file operand is run like any other program: it is not a wrapper.
func (r *reader) shell(cmd Command, redirs []*syntax.Redirect, depth int) bool {
	c, stdin := false, false
	args := cmd.Args
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			if c {
				break // the script
			}
			r.unresolved("the arguments of %s include %s, only known when the line runs", cmd.Name, a.Value)
			return true
		}
		v := a.Value
		if v == "--" || v == "-" {
			i++
			break
		}
		if !strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "+") || len(v) == 1 {
			break
		}
		if strings.HasPrefix(v, "--") {
			if v == "--rcfile" || v == "--init-file" {
				i++
			}
			continue
		}
		opts := v[1:]
		for j := 0; j < len(opts); j++ {
			switch opts[j] {
			case 'c':
				c = true
			case 's':
				stdin = true
			case 'o', 'O':
				if j == len(opts)-1 {
					i++
				}
				j = len(opts)
			}
		}
	}
	if c {
		if i >= len(args) {
			return true // bash -c with no script runs nothing
		}
		if args[i].Dynamic {
			r.unresolved("%s -c runs %s, only known when the line runs", cmd.Name, args[i].Value)
			return true
		}
		r.script(args[i].Value, depth+1)
		return true
	}
	if i < len(args) && !stdin {
		return false
	}
	return r.stdin(cmd.Name, redirs, depth)
}

// stdin reads the script a shell takes from its standard input: a literal heredoc or here-string is
// read; anything else (a pipe, a file, the terminal) cannot be known.
func (r *reader) stdin(name string, redirs []*syntax.Redirect, depth int) bool {
	for i := len(redirs) - 1; i >= 0; i-- {
		rd := redirs[i]
		if rd.N != nil && rd.N.Value != "0" {
			continue
		}
		switch rd.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			body, ok := heredoc(rd.Hdoc)
			if !ok {
				r.unresolved("%s reads a script from a here-document with expansions in it", name)
				return true
			}
			r.script(body, depth+1)
			return true
		case syntax.WordHdoc:
			ws := r.words("", []*syntax.Word{rd.Word})
			if len(ws) != 1 || ws[0].Dynamic {
				r.unresolved("%s reads a script from a here-string with expansions in it", name)
				return true
			}
			r.script(ws[0].Value, depth+1)
			return true
		case syntax.RdrIn, syntax.DplIn, syntax.RdrInOut:
			r.unresolved("%s reads its script from a file redirected to it", name)
			return true
		}
	}
	r.unresolved("%s reads its script from standard input", name)
	return true
}

func heredoc(w *syntax.Word) (string, bool) {
	if w == nil {
		return "", true
	}
	var b strings.Builder
	for _, p := range w.Parts {
		lit, ok := p.(*syntax.Lit)
		if !ok {
			return "", false
		}
		b.WriteString(lit.Value)
	}
	return b.String(), true
}

// su and runuser run the command given with -c through the user's shell; without -c they run that
// shell, which reads its script from standard input.
func (r *reader) su(cmd Command, redirs []*syntax.Redirect, depth int) bool {
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			r.unresolved("the arguments of %s include %s, only known when the line runs", cmd.Name, a.Value)
			return true
		}
		v := a.Value
		var script *Arg
		switch {
		case v == "--command" || v == "-c":
			if i+1 < len(args) {
				script = &args[i+1]
			}
		case strings.HasPrefix(v, "--command="):
			script = &Arg{Value: strings.TrimPrefix(v, "--command=")}
		case strings.HasPrefix(v, "-c") && !strings.HasPrefix(v, "--"):
			script = &Arg{Value: v[2:]}
		case v == "-s" || v == "-g" || v == "-G" || v == "-w" || v == "--shell" || v == "--group" || v == "--supp-group":
			i++
			continue
		default:
			continue
		}
		if script == nil {
			return true
		}
		if script.Dynamic {
			r.unresolved("%s -c runs %s, only known when the line runs", cmd.Name, script.Value)
			return true
		}
		r.script(script.Value, depth+1)
		return true
	}
	return r.stdin(cmd.Name, redirs, depth)
}

// find runs the command after each -exec, -execdir, -ok and -okdir, up to ; or +.
func (r *reader) find(args []Arg, depth int) {
	for i := 0; i < len(args); i++ {
		switch args[i].Value {
		case "-exec", "-execdir", "-ok", "-okdir":
		default:
			continue
		}
		j := i + 1
		for j < len(args) && args[j].Value != ";" && args[j].Value != "+" {
			j++
		}
		if j > i+1 {
			r.command(slices.Clone(args[i+1:j]), nil, depth+1)
		}
		i = j
	}
}

// splitOperand splits env -S's string: the value attached to the option
// (-Sstring, --split-string=string), or else the next argument.
func (r *reader) splitOperand(cmd Command, args []Arg, i int, value string, attached bool) ([]Arg, bool) {
	if !attached {
		if i+1 >= len(args) {
			return nil, false
		}
		i++
		if args[i].Dynamic {
			r.unresolved("%s -S splits %s, only known when the line runs", cmd.Name, args[i].Value)
			return nil, true
		}
		value = args[i].Value
	}
	return r.split(cmd.Name, value, args[i+1:])
}
