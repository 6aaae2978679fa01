package shellcmd

import (
	"path"
	"strings"
)

// bundle, pod, vagrant, brew bundle and danger evaluate a Ruby file of the repository whatever
// they are asked to do (a Gemfile's system("…") runs at bundle install, bundle exec and bundle
// check alike; a Podfile's post_install at pod install; a Vagrantfile's triggers on the host):
// read as a Rakefile is (rubyTaskText), with the files it loads.

// maxRubyLoads bounds the files a Ruby file loads that are read, in all.
const maxRubyLoads = 16

// rubyFileTools are the names of the Ruby file the manager's rubyFileRuns reads, nearest first;
// nil for another command. (A switch: a map literal would be built at every start of hookrun.)
func rubyFileTools(manager string) []string {
	switch manager {
	case "bundle":
		return []string{"Gemfile", "gems.rb"}
	case "pod":
		return []string{"Podfile"}
	case "vagrant":
		return []string{"Vagrantfile"}
	case "brew":
		return []string{"Brewfile"}
	case "danger":
		return []string{"Dangerfile"}
	}
	return nil
}

// rubyFileRuns notes the Ruby file cmd evaluates: bundle's Gemfile (gems.rb; --gemfile FILE, the
// BUNDLE_GEMFILE the line gives it), pod's Podfile, vagrant's Vagrantfile, brew bundle's Brewfile
// (--file FILE) and danger's Dangerfile (--dangerfile FILE), found in the directory the command
// runs in or the nearest above. Asking for a version or help, and the commands that evaluate
// none (bundle init, pod search, vagrant box, brew bundle dump…), read nothing.
func (r *reader) rubyFileRuns(cmd Command, depth int) {
	if r.noRuns() || !r.withFiles() {
		return
	}
	manager := cmd.Name
	var manifest Arg
	long := map[string]string{"bundle": "--gemfile", "brew": "--file", "danger": "--dangerfile"}[manager]
	var words []string // the command's words before a bundle exec's command
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		switch {
		case long != "" && pathOption(cmd.Args, &i, &manifest, "", long):
		case a.Dynamic:
			words = append(words, "")
		case strings.HasPrefix(a.Value, "-"):
			switch a.Value {
			case "--version", "-v", "-V", "--help", "-h":
				return
			}
		default:
			words = append(words, a.Value)
		}
		if manager == "bundle" && len(words) > 0 && words[0] == "exec" {
			break // bundle exec CMD: CMD's words are its own
		}
	}
	first, second := "", ""
	if len(words) > 0 {
		first = words[0]
	}
	if len(words) > 1 {
		second = words[1]
	}
	if rubyFileQuiet(manager, first, second) {
		return
	}
	if e, ok := lastEnv(cmd.Env)["BUNDLE_GEMFILE"]; ok && manager == "bundle" && manifest.Value == "" {
		manifest = Arg{Value: strings.TrimPrefix(e.Value, "BUNDLE_GEMFILE="), Dynamic: e.Dynamic}
	}
	if manifest.Dynamic {
		r.unresolved("%s evaluates the Ruby of %s, a file only known when the line runs", cmd.Name, manifest.Value)
		return
	}
	run := r.ran(runNpm, Arg{Value: rubyFileTools(manager)[0]}, depth)
	if run == nil {
		return
	}
	run.manager, run.names, run.manifest = manager, []string{manager}, manifest.Value
}

// rubyFileQuiet reports whether a manager's command evaluates no Ruby file: first and second are
// its first two words.
func rubyFileQuiet(manager, first, second string) bool {
	switch manager {
	case "bundle":
		switch first {
		case "init", "version", "help", "config", "gem", "plugin":
			return true
		}
	case "pod":
		switch first {
		case "", "init", "search", "repo", "setup", "cache", "trunk", "spec", "lib", "env", "list", "help", "plugins", "try":
			return true
		}
	case "vagrant":
		switch first {
		case "", "init", "box", "plugin", "global-status", "version", "help", "login", "cloud", "autocomplete":
			return true
		}
	case "brew":
		return first != "bundle" || second == "dump"
	case "danger":
		switch first {
		case "init", "help", "plugins", "systems":
			return true
		}
	}
	return false
}

// rubyLoads lists the files a Ruby file loads (require_relative 'x' is x.rb beside it, load and
// eval_gemfile a path from its directory, a Gemfile's gemspec the .gemspec files there) and
// reports whether it loads one whose name is only known when it runs (require_relative
// File.join(…), eval_gemfile ENV["X"], instance_eval(File.read(…)), gemspec path: …).
// gemspec is true when it names its directory's .gemspec files.
func rubyLoads(text string) (files []string, gemspec, unknown bool) {
	for _, l := range rubyLoadCalls(text, "require_relative", "load", "eval_gemfile", "instance_eval", "gemspec") {
		how, arg := l[0], strings.TrimSpace(l[1])
		switch how {
		case "gemspec":
			if strings.Contains(arg, "path") {
				unknown = true
			} else if arg == "" || strings.HasPrefix(arg, "name") || strings.HasPrefix(arg, "#") || strings.HasPrefix(arg, "development_group") {
				gemspec = true
			} else {
				unknown = true
			}
			continue
		case "instance_eval":
			unknown = true
			continue
		}
		if arg == "" || arg[0] != '\'' && arg[0] != '"' {
			unknown = true
			continue
		}
		end := strings.IndexByte(arg[1:], arg[0])
		name := ""
		if end >= 0 {
			name = arg[1 : 1+end]
		}
		if end < 0 || name == "" || strings.Contains(name, "#{") || strings.Contains(name, "\\") {
			unknown = true
			continue
		}
		if how == "require_relative" && (path.Ext(name) != ".rb" || path.Base(name) == ".rb") {
			// Ruby's File.extname('.rb') is "": require_relative '.rb' loads .rb.rb.
			name += ".rb"
		}
		files = append(files, name)
	}
	return files, gemspec, unknown
}

// rubyLoadCalls are the calls of a Ruby file's text of one of hows, each its name and the rest
// of its line: a name at the start of a line or after a blank, ;, a bracket or a brace,
// followed by a ( or a blank or the line's end. A comment line (its first word a #) loads
// nothing; a # later in the line may be in a string, so a load after it counts.
func rubyLoadCalls(text string, hows ...string) [][2]string {
	var out [][2]string
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, "\r\n")
		if strings.HasPrefix(strings.TrimLeft(line, " \t"), "#") {
			continue
		}
		for _, how := range hows {
			for i := 0; ; {
				j := strings.Index(line[i:], how)
				if j < 0 {
					break
				}
				j += i
				i = j + len(how)
				if j > 0 && !strings.ContainsRune(" \t\v\f;(){}", rune(line[j-1])) {
					continue
				}
				rest := line[i:]
				switch t := strings.TrimLeft(rest, " \t"); {
				case rest == "":
				case strings.HasPrefix(t, "("):
					rest = t[1:]
				case rest[0] == ' ' || rest[0] == '\t':
				default:
					continue
				}
				out = append(out, [2]string{how, rest})
			}
		}
	}
	return out
}

// rubyEvaluated reads a Ruby file a tool evaluates (file as the line names it) and, once each, the
// files it loads, up to maxRubyLoads.
func (r *reader) rubyEvaluated(manager, file, text string, depth int) {
	r.rubyTaskText(file, text, depth)
	loads, gemspec, unknown := rubyLoads(text)
	if unknown {
		r.unresolved("%s loads a Ruby file only known when %s runs, which hookrun does not read", file, manager)
	}
	dir := path.Dir(file)
	if gemspec {
		r.gemspecs(manager, dir, depth)
	}
	for _, l := range loads {
		if r.rubyLoaded++; r.rubyLoaded > maxRubyLoads {
			r.unresolved("%s loads more than %d Ruby files, more than hookrun reads", file, maxRubyLoads)
			return
		}
		name := under(dir, l)
		for _, p := range r.located(scriptRun{}, name) {
			if !r.once("ruby:" + p) {
				continue
			}
			if t, ok := r.cachedText(p, p); ok {
				r.rubyEvaluated(manager, name, t, depth)
			}
		}
	}
}

// gemspecs reads the .gemspec files of dir, which a Gemfile's gemspec loads.
func (r *reader) gemspecs(manager, dir string, depth int) {
	for _, d := range r.located(scriptRun{}, dir) {
		r.rubyFilesIn(d, dir, manager, ".gemspec", depth)
	}
}
