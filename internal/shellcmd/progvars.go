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
	case name == "MAKEFLAGS" || name == "GNUMAKEFLAGS" || name == "MFLAGS":
		// make reads its options from these: --eval TEXT, a variable X:=$(shell CMD).
		if !value.Dynamic {
			r.makeText(value.Value, depth)
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
		"BROWSER":
		return true
	}
	return false
}
