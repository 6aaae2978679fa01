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
			key, value, set := strings.Cut(s.key, "=")
			push := sub == "push" && strings.HasPrefix(key, "remote.")
			switch {
			case s.dynamic:
				// git --config-env=KEY=ENVVAR: a value only known when the line runs.
				if (sub == "clean" && key == "clean.requireforce" || push && (strings.HasSuffix(key, ".push") || strings.HasSuffix(key, ".mirror"))) && a.dynamic == "" {
					a.dynamic = short("--config-env=" + s.written)
				}
			case sub == "clean" && key == "clean.requireforce" && set && gitFalse(value):
				a.short['f'] = true
				a.long = append(a.long, "--force")
			case push && strings.HasSuffix(key, ".push") && strings.HasPrefix(value, "+"):
				a.all = append(a.all, value) // a forced refspec, as git push origin +main
			case push && strings.HasSuffix(key, ".mirror") && (!set || !gitFalse(value)):
				a.long = append(a.long, "--mirror")
			}
		}
	}
}

// gitSettingArg is one setting a git command is given before its subcommand: key as gitKey spells
// it, dynamic for --config-env's (key then the setting's name alone), written as the line gives it.
type gitSettingArg struct {
	key, written string
	dynamic      bool
}

// gitSettings returns a git command's subcommand and the settings its -c and --config-env options
// give before it; a word only known when the line runs ends them.
func gitSettings(args []Arg) (string, []gitSettingArg) {
	var settings []gitSettingArg
	add := func(v string, dynamic bool) {
		if dynamic {
			name, _, _ := strings.Cut(v, "=")
			k, _ := gitKey(name)
			settings = append(settings, gitSettingArg{key: k, written: v, dynamic: true})
			return
		}
		k, _ := gitKey(v)
		settings = append(settings, gitSettingArg{key: k, written: v})
	}
	for i := 0; i < len(args); i++ {
		if args[i].Dynamic {
			return "", settings
		}
		switch v := args[i].Value; {
		case (v == "-c" || v == "--config-env") && i+1 < len(args) && !args[i+1].Dynamic:
			add(args[i+1].Value, v == "--config-env")
			i++
		case strings.HasPrefix(v, "-c") && len(v) > 2:
			add(v[2:], false)
		case strings.HasPrefix(v, "--config-env="):
			add(strings.TrimPrefix(v, "--config-env="), true)
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
