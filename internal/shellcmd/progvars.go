package shellcmd

import "strings"

// programVar reads a value given to an environment variable that programs the line starts run
// as a command line: git's and other tools' pager, editor and ssh (GIT_PAGER='rm -rf /' git
// log runs rm), less's input filter, and the askpass helpers. A variable that makes git read
// settings from elsewhere (GIT_CONFIG_PARAMETERS and the like, where an alias or a pager may
// be set) or its own commands from another directory is unresolved.
func (r *reader) programVar(name string, value Arg, depth int) {
	switch {
	case strings.EqualFold(name, "npm_config_script_shell"): // npm's script-shell, as the .npmrc's (packages.go)
		switch {
		case value.Dynamic:
			r.unresolved("%s is the program npm runs each script with, and its value %s is only known when the line runs", name, value.Value)
		case !scriptShellOwn(value.Value):
			r.shellProgram(value.Value, "the line's "+name, depth+1)
		}
	case commandVar(name):
		if value.Dynamic {
			r.unresolved("%s is a command line programs run, and its value %s is only known when the line runs", name, value.Value)
			return
		}
		v := value.Value
		if name == "LESSOPEN" || name == "LESSCLOSE" {
			v = strings.TrimLeft(v, "|-")
		}
		r.script(v, depth+1)
	case name == "GOFLAGS":
		r.goFlags(value, depth)
	case name == "RUSTFLAGS" || name == "RUSTDOCFLAGS" || name == "CARGO_ENCODED_RUSTFLAGS" || name == "CARGO_BUILD_RUSTFLAGS" ||
		strings.HasPrefix(name, "CARGO_TARGET_") && strings.HasSuffix(name, "_RUSTFLAGS"):
		// rustc's -C linker=PROGRAM. A value only known when the line runs is read for what it
		// spells out: the rest is the environment's ("$RUSTFLAGS -D warnings").
		for _, f := range strings.FieldsFunc(value.Value, func(c rune) bool { return c == ' ' || c == '\t' || c == '\x1f' }) {
			if l, ok := strings.CutPrefix(strings.TrimPrefix(strings.Trim(f, `"'`), "-C"), "linker="); ok {
				r.script(l, depth+1)
			}
		}
	case strings.HasPrefix(name, "CARGO_ALIAS_"):
		// cargo NAME runs the alias: read as the cargo line it stands for, split at blanks.
		if !value.Dynamic {
			var words []string
			for _, w := range strings.Fields(value.Value) {
				words = append(words, cargoWord(w))
			}
			r.script("cargo "+strings.Join(words, " "), depth+1)
		}
	case name == "MAKEFLAGS" || name == "GNUMAKEFLAGS" || name == "MFLAGS":
		// make reads its options from these: --eval TEXT, a variable X:=$(shell CMD).
		if !value.Dynamic {
			r.makeText(value.Value, depth)
			for _, w := range strings.Fields(value.Value) {
				r.makeProgramVar(Arg{Value: w}, depth) // MAKEFLAGS='SHELL=./x.sh'
			}
		}
	case name == "GIT_CONFIG_PARAMETERS" || name == "GIT_CONFIG_COUNT" || strings.HasPrefix(name, "GIT_CONFIG_KEY_") ||
		strings.HasPrefix(name, "GIT_CONFIG_VALUE_") || name == "GIT_CONFIG" || name == "GIT_CONFIG_GLOBAL" ||
		name == "GIT_CONFIG_SYSTEM" || name == "GIT_EXEC_PATH" || name == "GIT_TEMPLATE_DIR":
		r.unresolved("%s gives git settings or commands from elsewhere (an alias, a pager, a hook may run a command), which hookrun does not read", name)
	}
}

// commandVar reports whether programs run the variable's value as a command line.
func commandVar(name string) bool {
	switch name {
	case "GIT_PAGER", "PAGER", "MANPAGER", "SYSTEMD_PAGER", "GIT_EDITOR", "EDITOR", "VISUAL", "FCEDIT",
		"GIT_SEQUENCE_EDITOR", "GIT_SSH_COMMAND", "GIT_SSH", "GIT_EXTERNAL_DIFF", "GIT_ASKPASS",
		"SSH_ASKPASS", "SUDO_ASKPASS", "GIT_PROXY_COMMAND", "RSYNC_RSH", "CVS_RSH", "LESSOPEN", "LESSCLOSE",
		"BROWSER",
		// Build tools' programs: a compiler or linker make's implicit rules, cgo, cc-rs and cmake
		// run; cargo's rustc, rustdoc and their wrappers; ccache's prefix.
		"CC", "CXX", "CPP", "LD", "AR", "AS", "FC", "F77", "RUSTC", "RUSTDOC", "RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER",
		"CARGO_BUILD_RUSTC", "CARGO_BUILD_RUSTDOC", "CARGO_BUILD_RUSTC_WRAPPER", "CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER",
		"CARGO_HOST_LINKER", "CARGO_HOST_RUNNER", "CCACHE_PREFIX":
		return true
	}
	// cargo's runner and linker for a target (CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER), its
	// credential providers, and cmake's compiler and linker launchers (CMAKE_C_COMPILER_LAUNCHER).
	return strings.HasPrefix(name, "CARGO_TARGET_") && (strings.HasSuffix(name, "_RUNNER") || strings.HasSuffix(name, "_LINKER")) ||
		strings.HasPrefix(name, "CARGO_") && (strings.HasSuffix(name, "_CREDENTIAL_PROVIDER") || strings.HasSuffix(name, "_CREDENTIAL_PROVIDERS")) ||
		strings.HasPrefix(name, "CMAKE_") && strings.HasSuffix(name, "_LAUNCHER")
}

// makeProgramVar reads a variable make's command line (or MAKEFLAGS) sets that names a program
// make runs: SHELL, which runs every recipe line, and the compilers and tools of its implicit
// rules (make CC=./x.sh hello builds hello from hello.c with ./x.sh). A makefile's own
// assignments do not change these.
func (r *reader) makeProgramVar(a Arg, depth int) {
	name, value, ok := strings.Cut(a.Value, "=")
	name = strings.TrimSpace(strings.TrimRight(name, ":?+!"))
	if !ok || name != "SHELL" && !commandVar(name) {
		return
	}
	if a.Dynamic {
		r.unresolved("make's %s names a program make runs, and the line gives it %s, only known when the line runs", name, a.Value)
		return
	}
	if name == "SHELL" {
		value += " -c recipe" // as make runs each recipe line: SHELL=/bin/bash is bash -c LINE
	}
	r.script(value, depth+1)
}
