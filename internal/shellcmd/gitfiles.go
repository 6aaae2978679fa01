package shellcmd

import (
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// git runs files of its repository of its own accord: the hooks a subcommand runs (.git/hooks,
// or the directory core.hooksPath names) and the commands its configuration names (.git/config
// and ~/.gitconfig: core.pager, core.fsmonitor, a diff or merge driver, an alias starting with !),
// read as git -c's settings are. An alias is read only for the subcommand it names: a user's
// !-aliases are not what git status runs.

// gitHooks are the hooks a git subcommand may run.
func gitHooks(sub string) []string {
	commit := []string{"pre-commit", "prepare-commit-msg", "commit-msg", "post-commit"}
	switch sub {
	case "commit":
		return append(commit, "post-index-change", "reference-transaction", "pre-auto-gc")
	case "merge", "pull":
		return append(commit, "pre-merge-commit", "post-merge", "pre-rebase", "post-rewrite", "post-checkout",
			"reference-transaction", "post-index-change", "pre-auto-gc")
	case "rebase", "cherry-pick", "revert":
		return append(commit, "pre-rebase", "post-rewrite", "post-checkout", "reference-transaction", "post-index-change", "pre-auto-gc")
	case "am":
		return []string{"applypatch-msg", "pre-applypatch", "post-applypatch", "post-rewrite", "reference-transaction", "pre-auto-gc"}
	case "push":
		return []string{"pre-push", "reference-transaction"}
	case "checkout", "switch", "worktree":
		return []string{"post-checkout", "reference-transaction", "post-index-change"}
	case "fetch", "branch", "tag", "update-ref", "stash", "reset":
		return []string{"reference-transaction", "post-index-change", "pre-auto-gc"}
	case "add", "rm", "mv", "restore", "status", "update-index", "apply":
		return []string{"post-index-change"}
	case "gc", "maintenance":
		return []string{"pre-auto-gc"}
	case "send-email":
		return []string{"sendemail-validate"}
	}
	return nil
}

// gitSubcommand is the subcommand of git's words, its index in them (-1 for none), and the
// directories its -C options change to.
func gitSubcommand(args []Arg) (sub string, at int, chdir []Arg) {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic:
			return "", -1, chdir
		case v == "-C" && i+1 < len(args):
			chdir = append(chdir, args[i+1])
			i++
		case v == "-c" || v == "--config-env" || v == "--git-dir" || v == "--work-tree" || v == "--namespace" ||
			v == "--super-prefix" || v == "--attr-source":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			return v, i, chdir
		}
	}
	return "", -1, chdir
}

// gitFromDisk reads what git runs of its repository's files where a git command runs: its
// configuration, and the hooks its subcommand runs (run.names), and the user's ~/.gitconfig.
func (r *reader) gitFromDisk(run scriptRun) {
	r.asFile(func() { r.gitFiles(run) })
}

// gitFiles is gitFromDisk's reading, which what git runs of its own accord leaves quiet.
func (r *reader) gitFiles(run scriptRun) {
	// The user's configuration, as git reads it: $XDG_CONFIG_HOME/git/config (~/.config/git/config),
	// then ~/.gitconfig; a core.hooksPath there holds for every repository.
	readGlobal, globalHooks := r.once(runGit+"\x00~\x00"+run.sub), ""
	for _, p := range gitUserConfigs() {
		if dir := r.gitConfigFile(p, run, readGlobal, new(int), 0); dir != "" {
			globalHooks = dir
		}
	}
	if readGlobal {
		// GIT_CONFIG_COUNT settings (GIT_CONFIG_KEY_0, GIT_CONFIG_VALUE_0…), read as git -c's.
		n, _ := strconv.Atoi(os.Getenv("GIT_CONFIG_COUNT"))
		for i := range min(n, maxGitIncludes) {
			key, value := os.Getenv("GIT_CONFIG_KEY_"+strconv.Itoa(i)), os.Getenv("GIT_CONFIG_VALUE_"+strconv.Itoa(i))
			if key = strings.ToLower(key); key != "" && (!strings.HasPrefix(key, "alias.") || key == "alias."+strings.ToLower(run.sub)) {
				r.gitConfigured("git's configuration", key, value, run.args, run.depth)
			}
		}
	}
	for _, start := range r.located(run, ".") {
		gitDir, common, top := r.findGitDir(start)
		if gitDir == "" || !r.once(runGit+"\x00"+gitDir+"\x00"+run.sub) {
			continue
		}
		hooks, hooksPath := filepath.Join(common, "hooks"), globalHooks
		for _, p := range []string{filepath.Join(common, "config"), filepath.Join(gitDir, "config.worktree")} {
			if dir := r.gitConfigFile(p, run, true, new(int), 0); dir != "" {
				hooksPath = dir
			}
		}
		if hooksPath != "" {
			hooks = filepath.Join(top, filepath.FromSlash(hooksPath))
			if d, ok := home(hooksPath); ok && path.IsAbs(d) {
				hooks = filepath.FromSlash(d)
			}
		}
		for _, name := range run.names {
			hook := filepath.Join(hooks, name)
			r.fromDisk(scriptRun{kind: runShell, key: name, file: filepath.ToSlash(hook), exec: true,
				dir: run.dir, depth: run.depth, quiet: run.quiet})
			if text, ok := r.probe(hook); ok {
				r.managedHook(run, top, name, text)
			}
		}
	}
}

// gitUserConfigs are the system's and the user's git configuration files, in the order git reads
// them: /etc/gitconfig (or the file GIT_CONFIG_SYSTEM names, none with GIT_CONFIG_NOSYSTEM), then
// the file GIT_CONFIG_GLOBAL names, else $XDG_CONFIG_HOME/git/config (~/.config/git/config) and
// ~/.gitconfig. The environment is hookrun's, which an agent's hooks share with its commands.
func gitUserConfigs() []string {
	var files []string
	if os.Getenv("GIT_CONFIG_NOSYSTEM") == "" {
		if s, ok := os.LookupEnv("GIT_CONFIG_SYSTEM"); ok {
			if s, known := home(s); known && path.IsAbs(s) {
				files = append(files, filepath.FromSlash(s))
			}
		} else {
			files = append(files, "/etc/gitconfig")
		}
	}
	if g := os.Getenv("GIT_CONFIG_GLOBAL"); g != "" {
		if g, known := home(g); known && path.IsAbs(g) {
			files = append(files, filepath.FromSlash(g))
		}
		return files
	}
	if x := os.Getenv("XDG_CONFIG_HOME"); filepath.IsAbs(x) {
		files = append(files, filepath.Join(x, "git", "config"))
	} else if p, ok := home("~/.config/git/config"); ok {
		files = append(files, filepath.FromSlash(p))
	}
	if p, ok := home("~/.gitconfig"); ok {
		files = append(files, filepath.FromSlash(p))
	}
	return files
}

// Git stops at 10 nested includes; a file that includes itself, or many files, ends sooner here.
const (
	maxGitIncludeDepth = 10
	maxGitIncludes     = 32
)

// gitConfigFile reads the git configuration file p, and the files it includes where it includes
// them (include.path, and includeIf's whatever its condition: more commands, never fewer), as
// gitConfigText does; read false only finds core.hooksPath. A file that is not there is none, as
// for git. It returns the last core.hooksPath set, "" for none.
func (r *reader) gitConfigFile(p string, run scriptRun, read bool, includes *int, depth int) (hooksPath string) {
	text, ok := r.probe(p)
	if !ok {
		return ""
	}
	gitConfigText(text, run, func(key, value string) {
		switch {
		case key == "core.hookspath":
			hooksPath = value
		case key == "include.path" || strings.HasPrefix(key, "includeif.") && strings.HasSuffix(key, ".path"):
			if value == "" || depth >= maxGitIncludeDepth || *includes >= maxGitIncludes {
				return
			}
			*includes++
			inc, ok := home(value)
			if !ok {
				return
			}
			inc = filepath.FromSlash(inc)
			if !filepath.IsAbs(inc) {
				inc = filepath.Join(filepath.Dir(p), inc)
			}
			if dir := r.gitConfigFile(inc, run, read, includes, depth+1); dir != "" {
				hooksPath = dir
			}
			return
		}
		if read {
			r.gitConfigured("git's configuration", key, value, run.args, run.depth)
		}
	})
	return hooksPath
}

// probe reads a small file git keeps (a configuration, HEAD, a .git file), quietly: one that is
// not there or cannot be read is none.
func (r *reader) probe(p string) (string, bool) {
	data, whole, err := r.readFile(p, headBytes*64)
	if err != nil || !whole {
		return "", false
	}
	return string(data), true
}

// findGitDir is the repository the directory start is in: its git directory, the one it shares
// with its other work trees (common), and its work tree's top; "" when none.
func (r *reader) findGitDir(start string) (gitDir, common, top string) {
	for dir := start; ; {
		dotGit := filepath.Join(dir, ".git")
		if _, ok := r.probe(filepath.Join(dotGit, "HEAD")); ok {
			return dotGit, dotGit, dir
		}
		if text, ok := r.probe(dotGit); ok {
			// A linked work tree or a submodule: "gitdir: PATH", its shared directory in commondir.
			if to, ok := strings.CutPrefix(strings.TrimSpace(text), "gitdir:"); ok {
				gitDir = filepath.FromSlash(strings.TrimSpace(to))
				if !filepath.IsAbs(gitDir) {
					gitDir = filepath.Join(dir, gitDir)
				}
				common = gitDir
				if c, ok := r.probe(filepath.Join(gitDir, "commondir")); ok {
					common = filepath.FromSlash(strings.TrimSpace(c))
					if !filepath.IsAbs(common) {
						common = filepath.Join(gitDir, common)
					}
				}
				return gitDir, common, dir
			}
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", "", ""
		}
		dir = up
	}
}

// gitConfigText gives each setting of a git configuration file's text to set, in order, as git -c
// names it (gitSetting reads those whose value git runs); an alias only when it is the subcommand
// run.
func gitConfigText(text string, run scriptRun, set func(key, value string)) {
	section := ""
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		for strings.HasSuffix(line, `\`) && i+1 < len(lines) { // a value continued on the next line
			i++
			line = line[:len(line)-1] + lines[i]
		}
		if strings.HasPrefix(line, "[") {
			end := strings.IndexByte(line, ']')
			if end < 0 {
				continue
			}
			name, sub, hasSub := strings.Cut(line[1:end], " ")
			section = strings.ToLower(strings.TrimSpace(name))
			if hasSub {
				section += "." + strings.Trim(strings.TrimSpace(sub), `"`)
			}
			line = strings.TrimSpace(line[end+1:])
		}
		if line == "" || line[0] == '#' || line[0] == ';' || section == "" {
			continue
		}
		key, value, hasValue := strings.Cut(line, "=")
		key = section + "." + strings.ToLower(strings.TrimSpace(key))
		value = gitConfigValue(value)
		if !hasValue {
			value = "true"
		}
		if alias, ok := strings.CutPrefix(key, "alias."); ok && alias != strings.ToLower(run.sub) {
			continue
		}
		set(key, value)
	}
}

// gitConfigValue is a configuration value as git reads it: quotes removed, \" \\ \n \t read, a #
// or ; outside quotes beginning a comment, surrounding spaces dropped.
func gitConfigValue(v string) string {
	var b strings.Builder
	quoted := false
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == '"':
			quoted = !quoted
		case c == '\\' && i+1 < len(v):
			i++
			switch v[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'b':
			default:
				b.WriteByte(v[i])
			}
		case (c == '#' || c == ';') && !quoted:
			return strings.TrimSpace(b.String())
		default:
			b.WriteByte(c)
		}
	}
	return strings.TrimSpace(b.String())
}
