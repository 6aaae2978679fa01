package shellcmd

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The environment the line gives the commands it runs (Command.Env). A variable can switch a
// program's behaviour as an option does (an agent's hooks off, hookrun's hooks read from another
// directory), and a rule names it as NAME=GLOB before the command's name.

// assigned lists assignments as NAME=VALUE words; an array, an index or += gives a value only known
// at run time.
func (r *reader) assigned(src string, as []*syntax.Assign) []Arg {
	var out []Arg
	for _, a := range as {
		if a.Name == nil {
			continue
		}
		v := Arg{Dynamic: a.Append || a.Index != nil || a.Array != nil}
		if a.Value != nil && !v.Dynamic {
			v = word(a.Value, source(src, a.Value))
		}
		out = append(out, Arg{Value: a.Name.Value + "=" + v.Value, Dynamic: v.Dynamic})
	}
	return out
}

// addEnv gives the commands read from now on the variables vs, up to maxEnv of them in all: a line
// that gives more is unresolved, since one a rule names may lie beyond the cap.
func (r *reader) addEnv(vs ...Arg) {
	if len(r.env)+len(vs) > maxEnv {
		r.unresolved("the line gives its commands more than %d variables", maxEnv)
		return
	}
	r.env = append(r.env, vs...)
}

// cutEnv takes the variables back to the first n, when a command's own end. Its capacity is cut
// too, so that the next addEnv copies rather than writes over what earlier commands' Env share.
func (r *reader) cutEnv(n int) {
	r.env = r.env[:n:n]
}

// exports notes the variables export, declare -x, typeset -x and local -x give every later
// command. A name exported without a value (export A) has one only known at run time.
func (r *reader) exports(src string, dc *syntax.DeclClause) {
	exported := dc.Variant.Value == "export"
	for _, a := range dc.Args {
		if a.Naked && a.Value != nil {
			if v, ok := staticWord(a.Value); ok && strings.HasPrefix(v, "-") && strings.Contains(v, "x") {
				exported = true
			}
		}
	}
	if !exported {
		return
	}
	for _, a := range dc.Args {
		switch {
		case a.Name != nil && !a.Naked:
			r.addEnv(r.assigned(src, []*syntax.Assign{a})...)
		case a.Naked && a.Name != nil:
			r.addEnv(Arg{Value: a.Name.Value + "=", Dynamic: true})
		case a.Naked && a.Value != nil:
			if v, ok := staticWord(a.Value); ok && isName(v) {
				r.addEnv(Arg{Value: v + "=", Dynamic: true})
			}
		}
	}
}

// allExports notes set -a and set -o allexport: every later assignment is exported.
func (r *reader) allExports(cmd Command) {
	for i, a := range cmd.Args {
		v := a.Value
		switch {
		case a.Dynamic:
		case len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.Contains(v, "a"):
			r.allExport = true
		case v == "-o" && i+1 < len(cmd.Args) && cmd.Args[i+1].Value == "allexport":
			r.allExport = true
		}
	}
}

// assignArgs are the NAME=VALUE words among a wrapper's own (env A=1 cmd, sudo A=1 cmd).
func assignArgs(words []Arg) []Arg {
	var out []Arg
	for _, w := range words {
		if name, _, ok := strings.Cut(w.Value, "="); ok && isName(name) {
			out = append(out, w)
		}
	}
	return out
}
