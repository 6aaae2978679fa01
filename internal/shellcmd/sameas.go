package shellcmd

import "strings"

// sameAs adds to a command's sorted arguments the options that its other arguments, or the git
// settings it is given, ask the program for. A pattern names an option, and an option is a way to
// ask a program for something: rm's --interactive=never asks rm not to prompt, as -f does, and
// git -c clean.requireForce=false clean deletes as git clean -f does. A spelling of the option
// itself (-R for -r, --force for -f) is not one of these: a pattern names each (validate warns of
// one it leaves out); these are the ways a pattern's alternatives cannot list, since each takes a
// value that may be abbreviated or is a setting. Only ever adds: a rule that stops -f stops them,
// and an allow rule for -f allows what asks for no more.
func (a *parsedArgs) sameAs(name string, args []Arg) {
	switch name {
	case "rm":
		for _, v := range a.all {
			if v == "--" {
				return
			}
			// GNU and uutils rm: --interactive[=WHEN], the option abbreviated to any prefix (--i is
			// only --interactive), WHEN to any prefix of never, no or none, which all mean never.
			opt, when, ok := strings.Cut(v, "=")
			if ok && len(opt) > 2 && strings.HasPrefix("--interactive", opt) && when != "" &&
				(strings.HasPrefix("never", when) || strings.HasPrefix("none", when)) {
				a.short['f'] = true
				a.long = append(a.long, "--force")
			}
		}
	case "git":
		sub, settings := gitSettings(args)
		for _, s := range settings {
			key, value, set := strings.Cut(s, "=")
			switch {
			case sub == "clean" && key == "clean.requireforce" && set && gitFalse(value):
				a.short['f'] = true
				a.long = append(a.long, "--force")
			case sub == "push" && strings.HasPrefix(key, "remote.") && strings.HasSuffix(key, ".push") && strings.HasPrefix(value, "+"):
				a.all = append(a.all, value) // a forced refspec, as git push origin +main
			case sub == "push" && strings.HasPrefix(key, "remote.") && strings.HasSuffix(key, ".mirror") && (!set || !gitFalse(value)):
				a.long = append(a.long, "--mirror")
			}
		}
	}
}

// gitSettings returns a git command's subcommand and the settings its -c options give (as gitKey
// spells them), those before the subcommand; a word only known when the line runs ends them.
func gitSettings(args []Arg) (string, []string) {
	var settings []string
	for i := 0; i < len(args); i++ {
		if args[i].Dynamic {
			return "", settings
		}
		switch v := args[i].Value; {
		case v == "-c" && i+1 < len(args) && !args[i+1].Dynamic:
			k, _ := gitKey(args[i+1].Value)
			settings = append(settings, k)
			i++
		case strings.HasPrefix(v, "-c") && len(v) > 2:
			k, _ := gitKey(v[2:])
			settings = append(settings, k)
		case v == "-C" || v == "--git-dir" || v == "--work-tree" || v == "--namespace":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			return v, settings
		}
	}
	return "", settings
}

// gitFalse reports whether a git boolean's value is false (git reads a number as its truth).
func gitFalse(v string) bool {
	switch strings.ToLower(v) {
	case "false", "no", "off", "0", "":
		return true
	}
	return false
}
