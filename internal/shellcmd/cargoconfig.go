package shellcmd

import (
	"path"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// cargo reads its configuration from .cargo/config.toml (and the legacy .cargo/config) in the
// directory it starts in and every one above it, then $CARGO_HOME/config.toml (~/.cargo), and
// from --config KEY=VALUE or --config FILE. Several of its settings name a program cargo runs:
// [build] rustc, rustdoc, rustc-wrapper and rustc-workspace-wrapper, [target.*] and [host]
// runner and linker (and -C linker= in rustflags), the credential providers. Each is read as the
// command line cargo runs: a repository file it names (relative to the directory holding
// .cargo) is read as a script. An [alias] is read as the cargo line it stands for, an [env]
// variable as one the line gives, and an include as another configuration file.

const runCargo = "cargo" // cargo's configuration files (cargoconfig.go)

// Bounds on what one cargo reads.
const (
	maxCargoUp      = 64 // directories walked up for .cargo/config.toml
	maxCargoConfigs = 32 // configuration files read, includes too
)

// cargoSettings is what one cargo configuration holds that runs: command lines, the variables
// its [env] gives, and the files it includes.
type cargoSettings struct {
	lines    []string
	env      [][2]string
	includes []string
}

// cargoConfig reads a cargo configuration's text; root is the directory a relative program
// path is taken from (the one holding .cargo). ok false for text that is not TOML.
func cargoConfig(text, root string) (cargoSettings, bool) {
	var doc map[string]any
	if err := toml.Unmarshal([]byte(text), &doc); err != nil {
		return cargoSettings{}, false
	}
	var s cargoSettings
	program := func(v any) {
		if p, ok := v.(string); ok && p != "" {
			if strings.Contains(p, "/") && !path.IsAbs(p) && root != "" {
				p = path.Join(root, p)
			}
			s.lines = append(s.lines, cargoWord(p))
		}
	}
	// line is a setting given as a string of words (cargo splits it at blanks, not as a shell
	// would) or a list of them ([program, args…]).
	line := func(v any, prefix string) {
		var words []string
		switch v := v.(type) {
		case string:
			words = strings.Fields(v)
		case []any:
			for _, w := range v {
				str, _ := w.(string)
				words = append(words, str)
			}
		}
		if len(words) == 0 {
			return
		}
		if prefix == "" && strings.Contains(words[0], "/") && !path.IsAbs(words[0]) && root != "" {
			words[0] = path.Join(root, words[0])
		}
		for i, w := range words {
			words[i] = cargoWord(w)
		}
		s.lines = append(s.lines, prefix+strings.Join(words, " "))
	}
	rustflags := func(v any) {
		var flags []string
		switch v := v.(type) {
		case string:
			flags = strings.Fields(v)
		case []any:
			for _, f := range v {
				if str, ok := f.(string); ok {
					flags = append(flags, str)
				}
			}
		}
		for _, f := range flags {
			f = strings.TrimPrefix(f, "-C")
			if l, ok := strings.CutPrefix(f, "linker="); ok {
				program(l)
			}
		}
	}
	table := func(v any) map[string]any { t, _ := v.(map[string]any); return t }
	build := table(doc["build"])
	for _, k := range []string{"rustc", "rustdoc", "rustc-wrapper", "rustc-workspace-wrapper"} {
		program(build[k])
	}
	rustflags(build["rustflags"])
	for _, t := range table(doc["target"]) {
		t := table(t)
		line(t["runner"], "")
		program(t["linker"])
		rustflags(t["rustflags"])
	}
	host := table(doc["host"])
	program(host["linker"])
	for _, t := range host {
		program(table(t)["linker"])
	}
	for _, a := range table(doc["alias"]) {
		line(a, "cargo ")
	}
	line(doc["credential-provider"], "")
	for _, p := range asList(table(doc["registry"])["global-credential-providers"]) {
		line(p, "")
	}
	line(table(doc["registry"])["credential-provider"], "")
	for _, reg := range table(doc["registries"]) {
		line(table(reg)["credential-provider"], "")
	}
	for name, v := range table(doc["env"]) {
		if t := table(v); t != nil {
			v = t["value"]
		}
		if str, ok := v.(string); ok {
			s.env = append(s.env, [2]string{name, str})
		}
	}
	for _, inc := range asList(doc["include"]) {
		if t := table(inc); t != nil {
			inc = t["path"]
		}
		if str, ok := inc.(string); ok {
			s.includes = append(s.includes, str)
		}
	}
	// Maps are gone over in no order: the lines are read sorted, so a reading is the same each time.
	slices.Sort(s.lines)
	slices.SortFunc(s.env, func(a, b [2]string) int { return strings.Compare(a[0], b[0]) })
	return s, true
}

// cargoWord is s as one word of a shell line (a word holding a NUL, which no program can be
// given, as nothing).
func cargoWord(s string) string {
	w, _ := shellWord(Arg{Value: s})
	return w
}

// cargoRuns notes the configuration a cargo command reads: --config KEY=VALUE is read where the
// line gives it, --config FILE and the .cargo/config.toml files from disk.
func (r *reader) cargoRuns(cmd Command, depth int) {
	var files []string
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if a.Value == "--" && !a.Dynamic {
			break
		}
		var v Arg
		switch {
		case a.Value == "--config" && i+1 < len(cmd.Args):
			i++
			v = cmd.Args[i]
		case strings.HasPrefix(a.Value, "--config="):
			v = Arg{Value: strings.TrimPrefix(a.Value, "--config="), Dynamic: a.Dynamic}
		default:
			continue
		}
		switch {
		case v.Dynamic:
			r.unresolved("cargo's --config %s gives settings only known when the line runs (a runner, a rustc wrapper may run a command)", v.Value)
		case strings.Contains(v.Value, "=") && !strings.HasSuffix(v.Value, ".toml"):
			s, ok := cargoConfig(v.Value, "")
			if !ok {
				r.unresolved("cargo's --config %s is not TOML hookrun reads, and may set a program cargo runs", v.Value)
				continue
			}
			r.cargoSettings(s, depth)
		default:
			files = append(files, v.Value)
		}
	}
	if run := r.ran(runCargo, Arg{Value: ".cargo/config.toml"}, depth); run != nil {
		run.names = files
	}
}

// cargoSettings reads what a cargo configuration runs.
func (r *reader) cargoSettings(s cargoSettings, depth int) {
	for _, l := range s.lines {
		r.script(l, depth+1)
	}
	for _, e := range s.env {
		r.shellVar(e[0], Arg{Value: e[1]}, depth)
	}
}

// cargoFromDisk reads the configuration files a cargo run reads: --config FILE, .cargo/config.toml
// and .cargo/config in its directory and each above it, and $CARGO_HOME/config.toml.
func (r *reader) cargoFromDisk(run scriptRun) {
	if run.sub != "" {
		r.rustProgramFromDisk(run) // the crate's build scripts and code (rustprograms.go)
		return
	}
	read := 0
	var file func(p, root string)
	file = func(p, root string) {
		if !r.once(runCargo + "\x00" + p) {
			return
		}
		if read++; read > maxCargoConfigs {
			if read == maxCargoConfigs+1 {
				r.unresolved("cargo reads more than %d configuration files, more than hookrun reads", maxCargoConfigs)
			}
			return
		}
		text, ok := r.cachedText(p, p)
		if !ok {
			return
		}
		s, ok := cargoConfig(text, root)
		if !ok {
			r.unresolved("cargo reads %s, which is not TOML hookrun reads, and may set a program cargo runs", p)
			return
		}
		dir, dirUnknown := r.dir, r.dirUnknown
		r.dir, r.dirUnknown = root, ""
		for _, l := range s.lines {
			r.fileScript(l, p, run.depth+1, nil)
		}
		r.asFile(func() {
			r.fileName = p
			for _, e := range s.env {
				r.shellVar(e[0], Arg{Value: e[1]}, run.depth)
			}
		})
		r.dir, r.dirUnknown = dir, dirUnknown
		for _, inc := range s.includes {
			if !path.IsAbs(inc) {
				inc = path.Join(path.Dir(p), inc)
			}
			file(inc, root)
		}
	}
	for _, f := range run.names {
		for _, p := range r.located(run, f) {
			file(path.Clean(p), path.Dir(path.Clean(p)))
		}
	}
	for _, start := range r.located(run, ".") {
		d := path.Clean(start)
		for range maxCargoUp {
			file(path.Join(d, ".cargo", "config.toml"), d)
			file(path.Join(d, ".cargo", "config"), d)
			if d == "/" || d == "." {
				break
			}
			d = path.Dir(d)
		}
	}
	cargoHome := "~/.cargo"
	if e, ok := lastEnv(run.env)["CARGO_HOME"]; ok {
		if e.Dynamic {
			r.unresolved("%s names where cargo reads its configuration, only known when the line runs", e.Value)
			return
		}
		cargoHome = strings.TrimPrefix(e.Value, "CARGO_HOME=")
	}
	for _, p := range r.located(run, cargoHome) {
		file(path.Join(p, "config.toml"), path.Dir(p))
		file(path.Join(p, "config"), path.Dir(p))
	}
}
