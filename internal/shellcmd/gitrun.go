package shellcmd

import (
	"slices"
	"strings"
)

// gitRuns reads the commands a git command line runs besides git itself: git bisect run's
// command, git rebase --exec's and git submodule foreach's shell lines, and a setting given with
// -c (or --config-env), or written by git config, whose value git runs (an alias starting with !, core.pager,
// core.sshCommand, a diff or merge driver…); an alias without ! is read as the git command it
// stands for. git itself stays a command of the line, its operands and writes read as any
// program's.
func (r *reader) gitRuns(cmd Command, depth int) {
	args := cmd.Args
	aliases := map[string]string{}
	sub := -1
	for i := 0; i < len(args) && sub < 0; i++ {
		a := args[i]
		v := a.Value
		switch {
		case a.Dynamic:
			return // a subcommand only known when the line runs: patterns are unresolved already
		case v == "-c" && i+1 < len(args):
			r.gitSetting("git -c", args[i+1], aliases, depth)
			i++
		case strings.HasPrefix(v, "-c"):
			r.gitSetting("git -c", Arg{Value: v[2:]}, aliases, depth)
		case v == "--config-env" && i+1 < len(args):
			r.gitSetting("git --config-env", Arg{Value: args[i+1].Value, Dynamic: true}, aliases, depth)
			i++
		case strings.HasPrefix(v, "--config-env="):
			r.gitSetting("git --config-env", Arg{Value: strings.TrimPrefix(v, "--config-env="), Dynamic: true}, aliases, depth)
		case strings.HasPrefix(v, "--exec-path="):
			r.unresolved("git %s runs git's own commands from that directory", v)
		case v == "-C" || v == "--git-dir" || v == "--work-tree" || v == "--namespace" || v == "--super-prefix" || v == "--attr-source":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			sub = i
		}
	}
	if sub < 0 {
		return
	}
	name, rest := args[sub].Value, args[sub+1:]
	if expansion, ok := aliases[strings.ToLower(name)]; ok {
		// git -c alias.x='push --force' x origin: git push --force origin. git's own options
		// before the alias hold for it (git -c clean.requireForce=false -c alias.c=clean c), but
		// for the aliases, which are not read again.
		words := []Arg{{Value: cmd.Path}}
		for i := 0; i < sub; i++ {
			v := args[i].Value
			if v == "-c" && i+1 < sub && strings.HasPrefix(strings.ToLower(strings.Trim(args[i+1].Value, `'"`)), "alias.") {
				i++
				continue
			}
			if strings.HasPrefix(strings.ToLower(v), "-calias.") {
				continue
			}
			words = append(words, args[i])
		}
		for _, f := range strings.Fields(expansion) {
			words = append(words, Arg{Value: strings.Trim(f, `'"`)})
		}
		r.command(append(words, rest...), nil, depth+1)
		return
	}
	r.gitOptions(name, rest, depth)
	switch name {
	case "config":
		r.gitConfig(rest, depth)
	case "bisect":
		if len(rest) > 1 && !rest[0].Dynamic && rest[0].Value == "run" {
			r.command(rest[1:], nil, depth+1)
		}
	case "rebase":
		for i := 0; i < len(rest); i++ {
			v := rest[i].Value
			switch {
			case v == "--":
				return
			case (v == "-x" || v == "--exec") && i+1 < len(rest):
				r.runScript("git rebase --exec", &rest[i+1], depth)
				i++
			case strings.HasPrefix(v, "--exec="):
				r.runScript("git rebase --exec", &Arg{Value: strings.TrimPrefix(v, "--exec="), Dynamic: rest[i].Dynamic}, depth)
			case strings.HasPrefix(v, "-x") && len(v) > 2:
				r.runScript("git rebase --exec", &Arg{Value: v[2:], Dynamic: rest[i].Dynamic}, depth)
			}
		}
	case "submodule":
		// git submodule [--quiet] foreach [--recursive] COMMAND...: a shell line.
		for i, a := range rest {
			if a.Value != "foreach" || a.Dynamic {
				continue
			}
			line := rest[i+1:]
			for len(line) > 0 && (line[0].Value == "--recursive" || line[0].Value == "-q" || line[0].Value == "--quiet") {
				line = line[1:]
			}
			words := make([]string, 0, len(line))
			for _, w := range line {
				if w.Dynamic {
					r.unresolved("git submodule foreach runs %s, only known when the line runs", w.Value)
					return
				}
				words = append(words, w.Value)
			}
			if len(words) > 0 {
				r.script(strings.Join(words, " "), depth+1)
			}
			return
		}
	}
}

// gitConfig reads the setting git config writes (git config [set] KEY VALUE): one whose value git
// runs is read as git -c's is, since the git commands after it run it (git config core.pager
// 'rm -rf x'; git log).
func (r *reader) gitConfig(args []Arg, depth int) {
	var ops []Arg
	for i := 0; i < len(args); i++ {
		switch v := args[i].Value; {
		case args[i].Dynamic:
			ops = append(ops, args[i])
		case v == "-f" || v == "--file" || v == "--blob" || v == "--type" || v == "--comment" || v == "--default" || v == "--value":
			i++
		case v == "-l" || v == "-e" || strings.HasPrefix(v, "--get") || strings.HasPrefix(v, "--unset") ||
			v == "--list" || v == "--edit" || v == "--rename-section" || v == "--remove-section":
			return // reads or removes a setting
		case strings.HasPrefix(v, "-"):
		default:
			ops = append(ops, args[i])
		}
	}
	if len(ops) > 0 && !ops[0].Dynamic && ops[0].Value == "set" {
		ops = ops[1:]
	}
	if len(ops) < 2 {
		return
	}
	if ops[0].Dynamic || ops[1].Dynamic {
		r.gitSetting("git config", Arg{Value: ops[0].Value + "=" + ops[1].Value, Dynamic: true}, map[string]string{}, depth)
		return
	}
	r.gitConfigured("git config", ops[0].Value, ops[1].Value, nil, depth)
}

// gitConfigured reads a setting that a configuration gives the git commands after it: one git
// config writes on the line (args nil), or one a configuration file gives the git command whose
// words are args. An alias without ! is read as the git command it stands for (git config alias.c
// 'clean -fdx'; git c runs git clean -fdx), and a setting that asks for what an option does
// (sameAs: clean.requireForce=false) as git's subcommand given it with -c: from a file, the command
// itself; written on the line, the subcommand it makes forced, which the writing asks for. Any
// other setting is read as gitSetting reads git -c's.
func (r *reader) gitConfigured(what, key, value string, args []Arg, depth int) {
	key = strings.ToLower(strings.Trim(key, `'"`))
	git := []Arg{{Value: "git"}}
	if alias, ok := strings.CutPrefix(key, "alias."); ok && !strings.HasPrefix(value, "!") {
		var words []Arg
		for _, f := range strings.Fields(value) {
			words = append(words, Arg{Value: strings.Trim(f, `'"`)})
		}
		if args == nil {
			r.command(append(git, words...), nil, depth+1)
			return
		}
		if sub, i, _ := gitSubcommand(args); i >= 0 && strings.ToLower(sub) == alias {
			r.command(slices.Concat(git, args[:i], words, args[i+1:]), nil, depth+1)
		}
		return
	}
	if sub := forcedBy(key); sub != "" {
		given := []Arg{{Value: "git"}, {Value: "-c"}, {Value: key + "=" + value}}
		if args == nil {
			r.command(append(given, Arg{Value: sub}), nil, depth+1)
		} else if s, _, _ := gitSubcommand(args); s == sub {
			r.command(append(given, args...), nil, depth+1)
		}
		return
	}
	r.gitSetting(what, Arg{Value: key + "=" + value}, map[string]string{}, depth)
}

// forcedBy is the git subcommand a setting may ask for what one of its options does (sameAs), ""
// for none: git clean's -f (clean.requireForce), git push's forced refspec and --mirror.
func forcedBy(key string) string {
	switch {
	case key == "clean.requireforce":
		return "clean"
	case strings.HasPrefix(key, "remote.") && (strings.HasSuffix(key, ".push") || strings.HasSuffix(key, ".mirror")):
		return "push"
	}
	return ""
}

// gitSetting reads one NAME=VALUE setting of git -c (dynamic: of --config-env, whose value
// comes from the environment): a command git may run is read, an alias kept for the
// subcommand. A value only known when the line runs, for a setting whose value git runs, is
// unresolved.
func (r *reader) gitSetting(what string, a Arg, aliases map[string]string, depth int) {
	key, value, _ := strings.Cut(a.Value, "=")
	key = strings.ToLower(strings.Trim(key, `'"`))
	if strings.ContainsAny(key, "$`") {
		r.unresolved("%s %s sets a configuration only known when the line runs", what, a.Value)
		return
	}
	alias, isAlias := strings.CutPrefix(key, "alias.")
	if !isAlias && !gitRunsSetting(key) {
		return
	}
	if a.Dynamic {
		r.unresolved("%s %s: git runs a command only known when the line runs", what, a.Value)
		return
	}
	switch {
	case isAlias && strings.HasPrefix(value, "!"):
		r.script(value[1:], depth+1)
	case isAlias:
		aliases[alias] = value
	case key == "core.hookspath" || key == "include.path" || strings.HasPrefix(key, "includeif.") || strings.HasPrefix(key, "protocol."):
		r.unresolved("%s %s: git runs what that setting points to, which hookrun does not read", what, key)
	case isGitBool(value): // a switch (core.fsmonitor=false, pager.log=false), no command
	case (key == "credential.helper" || strings.HasPrefix(key, "credential.") && strings.HasSuffix(key, ".helper")) && !strings.HasPrefix(value, "!") && !strings.ContainsAny(value, "/ "):
		// a helper's name: git credential-NAME
	default:
		r.script(strings.TrimPrefix(value, "!"), depth+1)
	}
}

// gitRunsSetting reports whether git runs a setting's value (or what it points to) as a command.
func gitRunsSetting(key string) bool {
	switch key {
	case "core.pager", "core.editor", "sequence.editor", "core.sshcommand", "core.fsmonitor",
		"core.hookspath", "core.askpass", "core.gitproxy", "diff.external", "credential.helper",
		"gpg.program", "uploadpack.packobjectshook", "web.browser", "include.path", "sendemail.smtpserver",
		"sendemail.sendmailcmd", "sendemail.tocmd", "sendemail.cccmd", "merge.tool", "diff.tool":
		return true
	}
	for _, p := range []string{"pager.", "includeif.", "protocol.", "credential."} {
		if strings.HasPrefix(key, p) {
			return p != "credential." || strings.HasSuffix(key, ".helper")
		}
	}
	for _, s := range []string{".command", ".textconv", ".driver", ".clean", ".smudge", ".process", ".cmd", ".program", ".receivepack", ".uploadpack"} {
		if strings.HasSuffix(key, s) {
			return true
		}
	}
	return false
}

// isGitBool reports whether a setting's value is one of git's booleans.
func isGitBool(v string) bool {
	switch strings.ToLower(v) {
	case "", "true", "false", "yes", "no", "on", "off", "1", "0":
		return true
	}
	return false
}

// gitCommandOptions lists the options of a git subcommand whose value git runs as a shell
// command: long ones (--name=VALUE, or --name VALUE unless optional names the option as taking its
// value only after =) and short letters (-xVALUE, or -x VALUE unless the letter is in optional).
func gitCommandOptions(sub string) (long []string, short, optional string) {
	switch sub {
	case "fetch", "pull":
		return []string{"--upload-pack"}, "", ""
	case "ls-remote":
		return []string{"--upload-pack", "--exec"}, "", ""
	case "clone":
		return []string{"--upload-pack"}, "u", ""
	case "push":
		return []string{"--receive-pack", "--exec"}, "", ""
	case "archive":
		return []string{"--exec"}, "", ""
	case "difftool":
		return []string{"--extcmd"}, "x", ""
	case "filter-branch":
		return []string{"--setup", "--env-filter", "--tree-filter", "--index-filter", "--parent-filter",
			"--msg-filter", "--commit-filter", "--tag-name-filter"}, "", ""
	case "grep":
		return []string{"--open-files-in-pager"}, "O", "O--open-files-in-pager"
	case "send-email":
		return []string{"--sendmail-cmd", "--smtp-server", "--to-cmd", "--cc-cmd", "--header-cmd"}, "", ""
	case "instaweb":
		return []string{"--httpd", "--browser"}, "db", ""
	case "daemon":
		return []string{"--access-hook"}, "", ""
	}
	return nil, "", ""
}

// gitOptions reads a git subcommand's options that run a shell command (gitCommandOptions),
// clone's -c settings, as git -c's, and clone's and init's --template, whose hooks git copies into
// the repository and runs: unresolved.
func (r *reader) gitOptions(sub string, args []Arg, depth int) {
	long, short, optional := gitCommandOptions(sub)
	what := "git " + sub
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		next := func() *Arg {
			if i+1 >= len(args) {
				return nil
			}
			i++
			return &args[i]
		}
		name, value, hasValue := strings.Cut(v, "=")
		switch {
		case a.Dynamic:
			if hasValue && slices.Contains(long, name) { // --upload-pack="$P"
				r.runScript(what+" "+name, &Arg{Value: value, Dynamic: true}, depth)
			}
		case v == "--":
			return
		case (sub == "clone" || sub == "init") && name == "--template":
			if !hasValue {
				if n := next(); n != nil {
					v += " " + n.Value
				}
			}
			r.unresolved("%s %s copies hooks from that directory, which git runs and hookrun does not read", what, v)
		case sub == "clone" && (v == "-c" || v == "--config"):
			if n := next(); n != nil {
				r.gitSetting("git clone -c", *n, map[string]string{}, depth)
			}
		case sub == "clone" && hasValue && name == "--config":
			r.gitSetting("git clone -c", Arg{Value: value}, map[string]string{}, depth)
		case sub == "clone" && strings.HasPrefix(v, "-c") && len(v) > 2:
			r.gitSetting("git clone -c", Arg{Value: v[2:]}, map[string]string{}, depth)
		case strings.HasPrefix(v, "--") && slices.Contains(long, name):
			switch {
			case hasValue:
				r.runScript(what+" "+name, &Arg{Value: value}, depth)
			case !strings.Contains(optional, name):
				r.runScript(what+" "+name, next(), depth)
			}
		case len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.IndexByte(short, v[1]) >= 0:
			switch {
			case len(v) > 2:
				r.runScript(what+" "+v[:2], &Arg{Value: v[2:]}, depth)
			case strings.IndexByte(optional, v[1]) < 0:
				r.runScript(what+" "+v, next(), depth)
			}
		}
	}
}
