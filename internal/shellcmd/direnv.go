package shellcmd

import "strings"

// taskRunnerRuns notes what direnv or mise runs of the files of the project: read whether the
// command is read as a wrapper (direnv exec, mise exec) or not.
func (r *reader) taskRunnerRuns(cmd Command, depth int) {
	if cmd.Name == "mise" {
		r.miseRuns(cmd, depth)
	} else {
		r.direnvRuns(cmd, depth)
	}
}

// direnvRuns notes the .envrc direnv runs: direnv allow (permit, grant, edit) lets it run in the
// shell that enters its directory (the prompt after the line, when the shell has direnv's hook),
// reload runs it again, and direnv exec DIR runs DIR's before its command. It is a bash script
// (direnv's stdlib: source_env, dotenv, PATH_add…), read as one; a file only known when the line
// runs is unresolved.
func (r *reader) direnvRuns(cmd Command, depth int) {
	var words []Arg
	for _, a := range cmd.Args {
		if !strings.HasPrefix(a.Value, "-") || a.Dynamic {
			words = append(words, a)
		}
	}
	if len(words) == 0 || words[0].Dynamic {
		return
	}
	at := Arg{Value: "."}
	switch words[0].Value {
	case "allow", "permit", "grant", "edit", "exec":
		if len(words) > 1 {
			at = words[1]
		}
	case "reload":
	default:
		return // deny, status, version, hook…: no .envrc run
	}
	if at.Dynamic {
		r.manifestUnknown(cmd)
		return
	}
	file := at.Value
	if base := file[strings.LastIndexByte(file, '/')+1:]; base != ".envrc" && base != ".env" {
		file = strings.TrimSuffix(file, "/") + "/.envrc"
	}
	r.ran(runShell, Arg{Value: file}, depth)
}
