package shellcmd

import (
	"path"
	"path/filepath"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// Hook managers run commands their configuration in the repository names: pre-commit the local
// hooks of .pre-commit-config.yaml, lefthook the commands, scripts and jobs of lefthook.yml.
// pre-commit run and lefthook run read them, and so does git when its hook is the manager's
// (the script pre-commit install or lefthook install writes names it).

// hookManagerRun notes what a line's pre-commit or lefthook runs: pre-commit run [HOOK] (-c
// FILE), lefthook run HOOK.
func (r *reader) hookManagerRun(cmd Command, depth int) {
	var words []string
	config := Arg{}
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		name, value, hasValue := strings.Cut(a.Value, "=")
		switch {
		case cmd.Name == "pre-commit" && (a.Value == "-c" || a.Value == "--config") && i+1 < len(cmd.Args):
			config = cmd.Args[i+1]
			i++
		case cmd.Name == "pre-commit" && hasValue && name == "--config":
			config = Arg{Value: value, Dynamic: a.Dynamic}
		case cmd.Name == "pre-commit" && (a.Value == "--hook-stage" || a.Value == "--from-ref" || a.Value == "--to-ref" ||
			a.Value == "-s" || a.Value == "-o" || a.Value == "--source" || a.Value == "--origin" || a.Value == "--files"):
			i++
		case strings.HasPrefix(a.Value, "-") && !a.Dynamic:
		default:
			words = append(words, a.Value)
			if a.Dynamic {
				words[len(words)-1] = dynamicWord
			}
		}
	}
	words = append(words, "", "")
	if words[0] != "run" || config.Dynamic || cmd.Name == "lefthook" && words[1] == "" {
		return
	}
	if words[1] == dynamicWord {
		r.manifestUnknown(cmd)
		return
	}
	if run := r.ran(runGit, Arg{Value: cmd.Name}, depth); run != nil {
		run.names, run.manifest = []string{words[1]}, config.Value
	}
}

// hookManagerFromDisk reads the configuration a pre-commit or lefthook run names, at the top of
// the repository the run is in.
func (r *reader) hookManagerFromDisk(run scriptRun) {
	for _, start := range r.located(run, ".") {
		_, _, top := r.findGitDir(start)
		if top == "" {
			top = start
		}
		r.hookManagerConfig(run, top, run.file, run.names[0], run.manifest)
	}
}

// managedHook reads what the manager whose script a git hook's text is (pre-commit's or
// lefthook's, as their install writes it) runs for the hook name.
func (r *reader) managedHook(run scriptRun, top, name, text string) {
	if strings.Contains(text, "pre_commit") || strings.Contains(text, "pre-commit") {
		r.hookManagerConfig(run, top, "pre-commit", "", "")
	}
	if strings.Contains(text, "lefthook") {
		r.hookManagerConfig(run, top, "lefthook", name, "")
	}
}

// hookManagerConfig reads the commands manager ("pre-commit", "lefthook") runs for hook (a
// pre-commit hook's id, "" for all; lefthook's hook name) from its configuration in the work
// tree top (or config, relative to it), each a line run there.
func (r *reader) hookManagerConfig(run scriptRun, top, manager, hook, config string) {
	names := []string{".pre-commit-config.yaml"}
	if manager == "lefthook" {
		names = []string{"lefthook.yml", ".lefthook.yml", "lefthook.yaml", ".lefthook.yaml", "lefthook-local.yml", ".lefthook-local.yml"}
	}
	if config != "" {
		names = []string{config}
	}
	for _, name := range names {
		p := name
		if !filepath.IsAbs(p) {
			p = filepath.Join(top, filepath.FromSlash(name))
		}
		text, ok := r.cachedText(p, p)
		if !ok {
			continue
		}
		var lines []string
		if manager == "lefthook" {
			lines = r.lefthookConfig(top, path.Base(filepath.ToSlash(p)), text, hook)
		} else {
			lines = preCommitLines(text, hook)
		}
		at, atUnknown := r.dir, r.dirUnknown
		r.dir, r.dirUnknown = filepath.ToSlash(top), ""
		for _, line := range lines {
			if r.once(runGit + "\x00" + p + "\x00" + line) {
				r.fileScript(line, path.Base(filepath.ToSlash(p)), run.depth+1, nil)
			}
		}
		r.dir, r.dirUnknown = at, atUnknown
	}
}

// preCommitLines are the command lines of a .pre-commit-config.yaml's local hooks (repo: local)
// pre-commit runs for the hook id (every one for ""): its entry and args, a script's entry a
// file of the repository (./entry). Hooks from other repositories are programs pre-commit
// fetches: read as themselves; a fail hook's entry is a message and a pygrep's a pattern.
func preCommitLines(text, id string) []string {
	var config struct {
		Repos []struct {
			Repo  string `yaml:"repo"`
			Hooks []struct {
				ID       string   `yaml:"id"`
				Entry    string   `yaml:"entry"`
				Args     []string `yaml:"args"`
				Language string   `yaml:"language"`
			} `yaml:"hooks"`
		} `yaml:"repos"`
	}
	if yaml.Unmarshal([]byte(text), &config) != nil {
		return nil
	}
	var lines []string
	for _, repo := range config.Repos {
		if repo.Repo != "local" {
			continue
		}
		for _, h := range repo.Hooks {
			if id != "" && h.ID != id || h.Entry == "" {
				continue
			}
			line := h.Entry
			switch h.Language {
			case "fail", "pygrep", "docker_image", "docker":
				continue
			case "script", "unsupported_script":
				if !path.IsAbs(line) {
					line = "./" + line
				}
			}
			for _, a := range h.Args {
				if w, ok := shellWord(Arg{Value: a}); ok {
					line += " " + w
				}
			}
			lines = append(lines, line)
		}
	}
	return lines
}

// Bounds on the files a lefthook configuration extends.
const (
	maxLefthookExtends = 8
	maxLefthookDepth   = 3
)

// lefthookConfig is the command lines lefthook runs for hook of the configuration text (the file
// name) in the work tree top and of the files it extends (extends: paths from top, ~ and $HOME
// the home directory; those they extend in turn), with its scripts in its source_dir (.lefthook/).
// A remote configuration (remotes:, which lefthook fetches), or an extends that is a pattern or
// only known when lefthook runs, is not read: the line is unresolved.
func (r *reader) lefthookConfig(top, name, text, hook string) []string {
	var head struct {
		SourceDir string `yaml:"source_dir"`
	}
	_ = yaml.Unmarshal([]byte(text), &head)
	sourceDir := ".lefthook"
	if d := strings.Trim(path.Clean(head.SourceDir), "/"); head.SourceDir != "" && !strings.HasPrefix(d, "..") {
		sourceDir = d
	}
	lines := lefthookLines(text, hook, sourceDir)
	seen := map[string]bool{}
	var extend func(text string, depth int)
	extend = func(text string, depth int) {
		var ext struct {
			Extends []string `yaml:"extends"`
			Remotes []struct {
				GitURL string `yaml:"git_url"`
			} `yaml:"remotes"`
		}
		if depth >= maxLefthookDepth || yaml.Unmarshal([]byte(text), &ext) != nil {
			return
		}
		for _, remote := range ext.Remotes {
			if remote.GitURL != "" {
				r.unresolved("%s runs the hooks of the remote configuration %s, which lefthook fetches and hookrun does not read", name, remote.GitURL)
			}
		}
		for _, e := range ext.Extends {
			p, known := home(strings.Replace(strings.Replace(e, "${HOME}", "~", 1), "$HOME", "~", 1))
			switch {
			case !known || strings.Contains(p, "$"):
				r.unresolved("%s extends %s, a file only known when lefthook runs", name, e)
				continue
			case strings.ContainsAny(p, "*?["):
				r.unresolved("%s extends %s, a pattern hookrun does not read", name, e)
				continue
			case seen[p] || len(seen) >= maxLefthookExtends:
				continue
			}
			seen[p] = true
			abs := filepath.FromSlash(p)
			if !path.IsAbs(p) {
				abs = filepath.Join(top, abs)
			}
			if t, ok := r.cachedText(abs, abs); ok {
				lines = append(lines, lefthookLines(t, hook, sourceDir)...)
				at := name
				name = path.Base(p)
				extend(t, depth+1)
				name = at
			}
		}
	}
	extend(text, 0)
	return lines
}

// lefthookLines are the command lines lefthook runs for a hook of its configuration: each
// command's run, each job's (and its group's), and each script of SOURCE_DIR/HOOK run by its
// runner.
func lefthookLines(text, hook, sourceDir string) []string {
	var config map[string]yaml.Node
	if yaml.Unmarshal([]byte(text), &config) != nil {
		return nil
	}
	node, ok := config[hook]
	if !ok {
		return nil
	}
	type job struct {
		Run    string `yaml:"run"`
		Script string `yaml:"script"`
		Runner string `yaml:"runner"`
		Group  struct {
			Jobs []yaml.Node `yaml:"jobs"`
		} `yaml:"group"`
	}
	var h struct {
		Commands map[string]job `yaml:"commands"`
		Scripts  map[string]job `yaml:"scripts"`
		Jobs     []yaml.Node    `yaml:"jobs"`
	}
	if node.Decode(&h) != nil {
		return nil
	}
	var lines []string
	script := func(name, runner string) {
		file := path.Join(sourceDir, hook, name)
		if w, ok := shellWord(Arg{Value: file}); ok {
			if runner == "" {
				lines = append(lines, "./"+w)
			} else {
				lines = append(lines, runner+" "+w)
			}
		}
	}
	for _, c := range h.Commands {
		lines = append(lines, c.Run)
	}
	for name, s := range h.Scripts {
		script(name, s.Runner)
	}
	jobs := h.Jobs
	for i := 0; i < len(jobs) && i < maxLefthookJobs; i++ {
		var j job
		if jobs[i].Decode(&j) != nil {
			continue
		}
		if j.Run != "" {
			lines = append(lines, j.Run)
		}
		if j.Script != "" {
			script(j.Script, j.Runner)
		}
		jobs = append(jobs, j.Group.Jobs...)
	}
	return lines
}

// maxLefthookJobs bounds the jobs, within groups within groups, read of one hook.
const maxLefthookJobs = 256
