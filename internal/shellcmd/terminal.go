package shellcmd

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// typed reads what tmux send-keys and screen's stuff type into another shell as a script that
// shell runs: a command line typed there runs where no hook sees it. Keys that recall or edit a
// line (Up, C-r, Escape) make what runs unknown.
func (r *reader) typed(cmd Command, depth int) bool {
	args := cmd.Args
	switch cmd.Name {
	case "tmux":
		return r.tmuxKeys(args, depth)
	case "screen":
		for i := 0; i+1 < len(args); i++ {
			if args[i].Value == "-X" && !args[i+1].Dynamic && (args[i+1].Value == "stuff" || args[i+1].Value == "eval") {
				return r.screenStuff(args[i+2:], depth)
			}
		}
	}
	return false
}

// tmuxKeys reads tmux send-keys (send): each argument is a key name or text typed as it is, with
// no space between arguments; -l types every argument as text.
func (r *reader) tmuxKeys(args []Arg, depth int) bool {
	i := 0
	for i < len(args) && !args[i].Dynamic && strings.HasPrefix(args[i].Value, "-") {
		i++ // tmux's own options (-L socket, -S path, -f file) take a value
		if v := args[i-1].Value; (v == "-L" || v == "-S" || v == "-f") && i < len(args) {
			i++
		}
	}
	if i >= len(args) || args[i].Dynamic || args[i].Value != "send-keys" && args[i].Value != "send" {
		return false
	}
	i++
	literal := false
	for ; i < len(args) && !args[i].Dynamic && strings.HasPrefix(args[i].Value, "-") && args[i].Value != "-"; i++ {
		v := args[i].Value
		switch {
		case v == "--":
			i++
		case strings.ContainsAny(v, "HKRMX"):
			r.unresolved("tmux send-keys %s types keys hookrun does not read", v)
			return true
		case strings.Contains(v, "l"):
			literal = true
		}
		if strings.ContainsAny(v[len(v)-1:], "tNcT") && i+1 < len(args) { // the option's value
			i++
		}
		if v == "--" {
			break
		}
	}
	// The pane's line may hold text typed before: an Enter before anything is typed (or the line
	// cleared with C-c or C-u) runs it, and text left without an Enter waits for a later one.
	var b, line strings.Builder
	cleared := false
	enter := func(k string) bool {
		if line.Len() == 0 && !cleared {
			r.unresolved("tmux send-keys %s runs the line typed into the pane before, which hookrun does not know", k)
			return false
		}
		b.WriteString(line.String() + "\n")
		line.Reset()
		cleared = true
		return true
	}
	text := func(k string) bool { // a line break typed is an Enter
		for j := 0; j < len(k); j++ {
			if k[j] != '\n' && k[j] != '\r' {
				line.WriteByte(k[j])
			} else if !enter("a line break") {
				return false
			}
		}
		return true
	}
	for _, a := range args[i:] {
		if a.Dynamic {
			r.unresolved("tmux send-keys types %s, only known when the line runs", a.Value)
			return true
		}
		ok := true
		switch k := a.Value; {
		case literal:
			ok = text(k)
		case k == "Enter" || k == "C-m" || k == "C-j" || k == "KPEnter":
			ok = enter(k)
		case k == "C-c" || k == "C-u":
			line.Reset()
			cleared = true
		case k == "Space":
			line.WriteByte(' ')
		case k == "Tab" || tmuxKeyName(k):
			r.unresolved("tmux send-keys types the key %s, which may complete, recall or edit a line", k)
			return true
		default:
			ok = text(k)
		}
		if !ok {
			return true
		}
	}
	if line.Len() > 0 {
		r.unresolved("tmux send-keys leaves %s typed for a later Enter, which hookrun will not see with it", short(line.String()))
		return true
	}
	r.script(b.String(), depth+1)
	return true
}

// tmuxKeyName reports whether tmux reads k as a key's name, not as text: a modifier (C-, M-, S-,
// ^x) or one of its named keys.
func tmuxKeyName(k string) bool {
	if len(k) >= 2 && k[0] == '^' || len(k) >= 3 && strings.Contains("CMS", k[:1]) && k[1] == '-' {
		return true
	}
	switch strings.ToLower(k) {
	case "up", "down", "left", "right", "bspace", "btab", "dc", "end", "escape", "home", "ic",
		"npage", "pagedown", "pgdn", "ppage", "pageup", "pgup", "any":
		return true
	}
	return len(k) >= 2 && (k[0] == 'F' || k[0] == 'f') && strings.Trim(k[1:], "0123456789") == ""
}

// screenStuff reads screen -X stuff STRING: the string is typed as it is, ^M and \n end a line.
func (r *reader) screenStuff(args []Arg, depth int) bool {
	var b strings.Builder
	for _, a := range args {
		if a.Dynamic {
			r.unresolved("screen -X stuff types %s, only known when the line runs", a.Value)
			return true
		}
		b.WriteString(a.Value)
	}
	s := strings.NewReplacer("^M", "\n", "^J", "\n", `\n`, "\n", `\r`, "\n", "\r", "\n").Replace(b.String())
	if strings.Contains(s, "^") || strings.Contains(s, `\`) {
		r.unresolved("screen -X stuff types control keys hookrun does not read")
		return true
	}
	r.script(s, depth+1)
	return true
}

// tmuxRunValues are, for each tmux command that runs a shell command, its options that take a value
// (the word after them); the rest take none.
func tmuxRunValues(sub string) (values string, ok bool) {
	switch sub {
	case "new-session", "new":
		return "cefFnstxy", true
	case "new-window", "neww":
		return "ceFnt", true
	case "split-window", "splitw":
		return "celtF", true
	case "run-shell", "run":
		return "cdt", true
	case "respawn-pane", "respawnp", "respawn-window", "respawnw":
		return "cet", true
	case "pipe-pane", "pipep":
		return "t", true
	case "display-popup", "popup":
		return "bcdehHsStTwxy", true
	case "if-shell", "if":
		return "t", true
	}
	return "", false
}

// tmuxRuns reads the shell commands tmux runs: tmux -c COMMAND, and the command of new-session,
// new-window, split-window, run-shell, respawn-pane, pipe-pane, display-popup and if-shell (its
// first operand), in each of the commands ; separates, taken from the directory -c gives. It
// reports whether the line runs one.
func (r *reader) tmuxRuns(args []Arg, depth int) bool {
	i := 0
	for i < len(args) && !args[i].Dynamic && strings.HasPrefix(args[i].Value, "-") {
		v := args[i].Value
		i++
		switch {
		case v == "-c" && i < len(args): // tmux -c COMMAND runs it as a login shell would
			r.runScript("tmux -c", &args[i], depth)
			return true
		case (v == "-L" || v == "-S" || v == "-f" || v == "-T") && i < len(args):
			i++
		}
	}
	runs := false
	for i < len(args) {
		end := i
		for end < len(args) && (args[end].Dynamic || args[end].Value != ";") {
			end++
		}
		if group := args[i:end]; r.tmuxRun(group, depth) ||
			len(group) > 0 && (group[0].Value == "send-keys" || group[0].Value == "send") && r.tmuxKeys(group, depth) {
			runs = true
		}
		i = end + 1
	}
	return runs
}

// tmuxRun reads one tmux command (its name first) that may run a shell command.
func (r *reader) tmuxRun(cmd []Arg, depth int) bool {
	if len(cmd) == 0 || cmd[0].Dynamic {
		return false
	}
	values, ok := tmuxRunValues(cmd[0].Value)
	if !ok {
		return false
	}
	var dir *Arg
	i := 1
	for ; i < len(cmd) && !cmd[i].Dynamic && strings.HasPrefix(cmd[i].Value, "-") && cmd[i].Value != "-"; i++ {
		v := cmd[i].Value
		if v == "--" {
			i++
			break
		}
		last := v[len(v)-1:]
		if strings.Contains(values, last) && i+1 < len(cmd) {
			i++
			if last == "c" {
				dir = &cmd[i]
			}
		}
	}
	ops := cmd[i:]
	if len(ops) == 0 {
		return false
	}
	if cmd[0].Value == "if-shell" || cmd[0].Value == "if" {
		ops = ops[:1]
	}
	saved, savedUnknown := r.dir, r.dirUnknown
	if dir != nil {
		r.cd([]Arg{*dir})
	}
	if len(ops) == 1 {
		r.runScript("tmux "+cmd[0].Value, &ops[0], depth)
	} else {
		r.eval(ops, depth) // more than one word: run as they are, read as a command
	}
	r.dir, r.dirUnknown = saved, savedUnknown
	return true
}

// screenCommand is the command screen starts in a new window (screen -dm CMD, screen -S name
// CMD), or nil when it starts none (-r, -x, -ls, -X, a bare screen).
func screenCommand(args []Arg) []Arg {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic:
			return args[i:]
		case v == "-r" || v == "-R" || v == "-x" || v == "-X" || v == "-ls" || v == "-list" || v == "-wipe" || v == "-Q" || v == "-v":
			return nil
		case v == "-S" || v == "-c" || v == "-e" || v == "-h" || v == "-p" || v == "-s" || v == "-t" || v == "-T" || v == "-Logfile":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			return args[i:]
		}
	}
	return nil
}

// atJob reads the script at and batch run later from a here-document or here-string on standard
// input; a script file (-f) is read as itself, unless the line writes it (finishScripts), and
// listing, showing or removing jobs runs none.
func (r *reader) atJob(cmd Command, redirs []*syntax.Redirect, depth int) bool {
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic || !strings.HasPrefix(v, "-"):
			continue
		case v == "-q" || v == "-t":
			i++
		case v == "-f" && i+1 < len(args):
			r.ran(runShell, args[i+1], depth)
			return false
		case strings.HasPrefix(v, "-f"):
			r.ran(runShell, Arg{Value: v[2:]}, depth)
			return false
		case strings.ContainsAny(v[1:], "flrdc"):
			return false
		}
	}
	return r.stdin(cmd.Name, redirs, depth)
}
