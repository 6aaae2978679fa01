package shellcmd

import "strings"

// go runs programs its options name: -toolexec wraps every tool of a build (compile, link,
// vet, cgo), -exec runs the binaries of go run and go test, -vettool is go vet's analyser. Each
// is read as the command line go splits it into, wherever it is given: an option of the line
// (-toolexec=./x.sh or -toolexec ./x.sh), GOFLAGS (the line's, export's or env's), or a setting
// go env -w writes to go's env file for every later go command. The env file itself is not
// read (a file an earlier call writes, like git's configuration).

// goProgramFlag reports whether go's option name (one dash or two) names a program go runs.
func goProgramFlag(name string) bool {
	switch strings.TrimPrefix(strings.TrimPrefix(name, "-"), "-") {
	case "toolexec", "exec", "vettool":
		return true
	}
	return false
}

// goOptionRuns reads the programs go's options on the line name, and the settings go env -w
// writes.
func (r *reader) goOptionRuns(cmd Command, depth int) {
	env, write := false, false
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if a.Value == "--" && !a.Dynamic {
			return // what follows is a program's own arguments (go run . -- -exec=x)
		}
		name, value, hasValue := strings.Cut(a.Value, "=")
		switch {
		case goProgramFlag(name) && hasValue:
			r.goProgram(name, Arg{Value: value, Dynamic: a.Dynamic}, depth)
		case goProgramFlag(a.Value) && i+1 < len(cmd.Args):
			i++
			r.goProgram(a.Value, cmd.Args[i], depth)
		case a.Value == "env" && !a.Dynamic && !env:
			env = true
		case env && (a.Value == "-w" || a.Value == "--w") && !a.Dynamic:
			write = true
		case env && write && hasValue && !strings.HasPrefix(name, "-"):
			r.programVar(name, Arg{Value: value, Dynamic: a.Dynamic}, depth) // go env -w GOFLAGS=-toolexec=./x.sh
		case env && write && a.Dynamic && !strings.HasPrefix(a.Value, "-"):
			r.unresolved("go env -w writes the setting %s, only known when the line runs, for every later go command", a.Value)
		}
	}
}

// goProgram reads the program a go option names, as go splits it into words.
func (r *reader) goProgram(flag string, value Arg, depth int) {
	if value.Dynamic {
		r.unresolved("go's %s names a program go runs, and its value %s is only known when the line runs", flag, value.Value)
		return
	}
	r.script(value.Value, depth+1)
}

// goFlags reads GOFLAGS, the options every go command takes as its own: space-separated, each
// -name=value.
func (r *reader) goFlags(value Arg, depth int) {
	if value.Dynamic {
		r.unresolved("GOFLAGS gives go options that may name a program go runs (-toolexec, -exec), and its value %s is only known when the line runs", value.Value)
		return
	}
	for _, f := range strings.Fields(value.Value) {
		if name, v, ok := strings.Cut(f, "="); ok && goProgramFlag(name) {
			r.goProgram(name, Arg{Value: v}, depth)
		}
	}
}
