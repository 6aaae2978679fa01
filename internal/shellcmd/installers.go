package shellcmd

import (
	"encoding/json"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/pelletier/go-toml/v2"
)

// Package installers write programs and packages under names their command line does not spell
// as paths: npm install hookrun@npm:evil writes node_modules/hookrun. The line names what is knowable from its words; a package's programs,
// named in a tarball hookrun cannot read, are named by the programs already there
// (node_modules/.bin/*, a pattern the caller lists from disk), and a global install's directory
// of programs as one unpacked into. go install of a package named by its directory is read as go
// install of the import path its go.mod spells, after which go names the program.

// installers names the files an installer command writes (installers.go).
func (r *reader) installers(cmd Command) {
	if packageManager(cmd.Name) {
		r.packageInstall(cmd)
	}
	if cmd.Name == "go" {
		r.goInstall(cmd)
	}
	if cmd.Name == "deno" {
		r.denoInstall(cmd)
	}
	r.pipInstall(cmd)
	switch cmd.Name {
	case "poetry", "pdm", "hatch":
		r.pythonManagers(cmd)
	}
}

// denoInstall names the program deno install -g (deno 1's deno install, given -n or --root) puts
// in its directory of programs: --root DIR's bin, DENO_INSTALL_ROOT's, else ~/.deno/bin, under
// the name -n gives (deno install -g -n git URL writes ~/.deno/bin/git); with no -n, a name deno
// takes from the script's URL, read as a global install of programs whose names the line does not
// spell. deno install with neither (deno 2's install of the project's dependencies) writes none.
func (r *reader) denoInstall(cmd Command) {
	global, sub := false, false
	name, root := "", ""
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if a.Dynamic {
			return // a name or a directory only known when the line runs: named so already
		}
		o, v, hasValue := strings.Cut(a.Value, "=")
		if !hasValue && (o == "-n" || o == "--name" || o == "--root") && sub && i+1 < len(cmd.Args) {
			if cmd.Args[i+1].Dynamic {
				return
			}
			i++
			v = cmd.Args[i].Value
		}
		switch {
		case !sub && (a.Value == "install" || a.Value == "i"):
			sub = true
		case !sub:
			return // another command of deno's, or an option before it
		case a.Value == "-g" || a.Value == "--global":
			global = true
		case o == "-n" || o == "--name":
			global, name = true, v
		case strings.HasPrefix(a.Value, "-n") && !strings.HasPrefix(a.Value, "--"):
			global, name = true, a.Value[2:]
		case o == "--root":
			global, root = true, v
		case !strings.HasPrefix(a.Value, "-"):
			i = len(cmd.Args) // the script; the words after it are its own
		}
	}
	if !global {
		return
	}
	bin := "~/.deno/bin"
	if e, ok := lastEnv(cmd.Env)["DENO_INSTALL_ROOT"]; ok {
		if e.Dynamic {
			return
		}
		bin = path.Join(strings.TrimPrefix(e.Value, "DENO_INSTALL_ROOT="), "bin")
	}
	if root != "" {
		bin = path.Join(root, "bin")
	}
	if name == "" || strings.ContainsAny(name, "/\\") {
		r.unpack("deno install -g", bin)
		return
	}
	r.path(bin + "/" + name)
}

// nodeModulesWord reports whether a package manager's command changes node_modules. A switch,
// not a map: a map literal at package level is built before main, on every event.
func nodeModulesWord(w string) bool {
	switch w {
	case "install", "i", "in", "ins", "inst", "insta", "instal", "isnt", "isntal", "isntall", "add", "ci",
		"clean-install", "ic", "install-clean", "isntall-clean", "install-test", "it", "install-ci-test", "cit",
		"update", "up", "upgrade", "udpate", "remove", "rm", "r", "un", "uninstall", "unlink", "link", "ln",
		"rebuild", "rb", "dedupe", "ddp", "prune", "import":
		return true
	}
	return false
}

// packageOptionWithValue reports whether a package manager's option takes the next word as its value.
func packageOptionWithValue(o string) bool {
	switch o {
	case "--prefix", "-C", "--dir", "--cwd", "--filter", "-F", "--workspace", "-w", "--registry", "--tag",
		"--location", "--global-dir", "--modules-folder":
		return true
	}
	return false
}

// packageInstall names what npm, pnpm, yarn and bun write when they change node_modules: each
// named package's directory (an alias, NAME@npm:other, is installed as NAME), and the programs
// node_modules/.bin already holds, any of which the new packages' own may replace. A global
// install (-g, yarn global add) writes the global prefix's packages and its directory of
// programs, whose names only the packages hold.
func (r *reader) packageInstall(cmd Command) {
	var words []string
	global, prefix := false, ""
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			if strings.HasPrefix(a.Value, "-") || len(words) > 0 {
				continue
			}
			return // a command only known when the line runs: read by packageRuns
		}
		v := a.Value
		name, val, hasVal := strings.Cut(v, "=")
		switch {
		case v == "-g" || v == "--global" || name == "--location" && val == "global":
			global = true
		case v == "--location" && i+1 < len(args) && args[i+1].Value == "global":
			global = true
			i++
		case hasVal && (name == "--prefix" || name == "--dir" || name == "--cwd" || name == "-C"):
			prefix = val
		case packageOptionWithValue(v):
			if i+1 < len(args) && (v == "--prefix" || v == "--dir" || v == "--cwd" || v == "-C") {
				prefix = args[i+1].Value
			}
			i++
		case strings.HasPrefix(v, "-"):
		default:
			words = append(words, v)
		}
	}
	if cmd.Name == "yarn" && len(words) > 0 && words[0] == "global" {
		global, words = true, words[1:]
	}
	if len(words) == 0 {
		if cmd.Name != "yarn" && cmd.Name != "bun" {
			return
		}
		words = []string{"install"} // yarn alone installs; bun alone prints its help, read as install
	}
	if !nodeModulesWord(words[0]) {
		return
	}
	var names []string
	for _, spec := range words[1:] {
		if n := packageName(spec); n != "" {
			names = append(names, n)
		}
	}
	if r.linkInstall(cmd, words, prefix) {
		return
	}
	if global {
		r.globalInstall(cmd, prefix, names)
		return
	}
	dir := "node_modules"
	if prefix != "" {
		dir = path.Join(prefix, "node_modules")
	}
	for _, n := range names {
		r.path(dir + "/" + n)
	}
	r.path(dir + "/.bin/*")
}

// globalInstall names what a global install writes beneath the manager's global directories:
// npm's prefix (--prefix, npm_config_prefix, else /usr/local) holds lib/node_modules and bin;
// pnpm's PNPM_HOME, yarn's ~/.yarn/bin and bun's ~/.bun/bin hold the programs.
func (r *reader) globalInstall(cmd Command, prefix string, names []string) {
	bin, ok := r.globalBin(cmd, prefix)
	if !ok {
		return
	}
	var lib string
	switch cmd.Name {
	case "npm":
		lib = path.Join(path.Dir(bin), "lib/node_modules")
	case "pnpm":
		lib = path.Join(bin, "global")
	case "yarn":
		lib = "~/.config/yarn/global/node_modules"
	case "bun":
		lib = "~/.bun/install/global/node_modules"
	}
	for _, n := range names {
		r.path(lib + "/" + n)
		r.path(bin + "/" + n)
	}
	r.unpack(cmd.Name+" -g", bin)
}

// globalBin is the directory a global install of the package manager puts programs in: npm's
// prefix's bin (--prefix, npm_config_prefix given to the command, else /usr/local), pnpm's
// PNPM_HOME (else ~/.local/share/pnpm), ~/.yarn/bin, ~/.bun/bin. false, and the paths unknown,
// when the line gives npm a prefix only known when it runs.
func (r *reader) globalBin(cmd Command, prefix string) (string, bool) {
	env := lastEnv(cmd.Env)
	switch cmd.Name {
	case "pnpm":
		if e, ok := env["PNPM_HOME"]; ok && !e.Dynamic && e.Value != "PNPM_HOME=" {
			return strings.TrimPrefix(e.Value, "PNPM_HOME="), true
		}
		return "~/.local/share/pnpm", true
	case "yarn":
		return "~/.yarn/bin", true
	case "bun":
		return "~/.bun/bin", true
	}
	if prefix == "" {
		for _, v := range []string{"npm_config_prefix", "NPM_CONFIG_PREFIX"} {
			if e, ok := env[v]; ok {
				p := strings.TrimPrefix(e.Value, v+"=")
				if e.Dynamic {
					r.pathsUnknown("npm -g writes beneath %s=%s, only known when the line runs", v, p)
					return "", false
				}
				prefix = p
			}
		}
	}
	if prefix == "" {
		prefix = "/usr/local"
	}
	return path.Join(prefix, "bin"), true
}

// packageName is the directory a package spec installs as: its name before a version or an
// alias (@scope/name@1, name@npm:other); "" for a path, a URL, a tarball or a git spec, whose
// name only the package's own package.json holds.
func packageName(spec string) string {
	if spec == "" || strings.ContainsAny(spec, ":") && !strings.Contains(spec, "@npm:") && !strings.Contains(spec, "@workspace:") {
		return "" // git+https://…, file:…, github:…
	}
	if strings.HasPrefix(spec, ".") || strings.HasPrefix(spec, "/") || strings.HasPrefix(spec, "~") || strings.HasSuffix(spec, ".tgz") {
		return ""
	}
	rest, scope := spec, ""
	if strings.HasPrefix(spec, "@") {
		s, r, ok := strings.Cut(spec[1:], "/")
		if !ok || s == "" || strings.ContainsAny(s, "\\") {
			return ""
		}
		scope, rest = "@"+s+"/", r
	} else if strings.Contains(spec, "/") {
		return "" // user/repo: a GitHub repository
	}
	name, _, _ := strings.Cut(rest, "@")
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, "/\\") {
		return ""
	}
	return scope + name
}

// runInstaller: a manifest an installer reads for the names of the programs it writes, known
// only from the file: the go.mod of a package go install or go build names by its directory,
// whose module path names the program (goModFromDisk), the package.json of a package npm link
// installs globally, whose bin names its programs (linkFromDisk), the pyproject.toml and setup.cfg
// of a project pip installs, whose scripts name its programs (pipFromDisk). run.manager says whose.
const runInstaller = "installer"

// Bounds on the go.mod files one go command's packages are looked up in.
const (
	maxGoModUp = 64      // directories walked up from a package's for its go.mod
	maxGoPkgs  = 16      // packages named by a directory, of one go command
	maxGoMod   = 1 << 19 // bytes of a go.mod read (not maxScriptFile: the files looked for are not counted as files run)
)

// goInstall notes what go install and go build write, named by the package rather than by any
// word of the line: go install puts the program of a package named by its directory (go install,
// go install ., ./cmd/x/., go -C DIR install) under the last element of its import path, which
// the module's go.mod spells (module example.com/hookrun/v2 makes hookrun of ., a directory of
// any name), and go build of one package with no -o, or an -o naming a directory (DIR/), writes
// it there. Each such package is read as go install IMPORTPATH, a command the line may run
// (goModFromDisk), so that a guard's words for go install of a package name it; go build's
// program is named as the path it writes. A package named by its import path is its own name,
// and a pattern (./...) the guard's words name.
func (r *reader) goInstall(cmd Command) {
	var dir, out Arg
	sub, modfile := "", false
	var pkgs []Arg
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		name, value, hasValue := strings.Cut(a.Value, "=")
		flag := strings.TrimPrefix(name, "-")
		switch {
		case a.Dynamic:
			return // a command, a directory or a package only known when the line runs: a path named so already
		case sub == "" && (flag == "-C" || flag == "C"):
			if hasValue {
				dir = Arg{Value: value}
			} else if i+1 < len(cmd.Args) {
				i++
				dir = cmd.Args[i]
			}
		case sub == "" && (a.Value == "install" || a.Value == "build"):
			sub = a.Value
		case sub == "":
			return // another command of go's, or an option before it
		case flag == "-o" || flag == "o":
			if hasValue {
				out = Arg{Value: value}
			} else if i+1 < len(cmd.Args) {
				i++
				out = cmd.Args[i]
			}
		case flag == "-modfile" || flag == "modfile":
			modfile = true
			if !hasValue {
				i++
			}
		case slices.Contains(goValues, a.Value):
			i++
		case strings.HasPrefix(a.Value, "-"):
		default:
			pkgs = append(pkgs, cmd.Args[i:]...) // go's flags end at its first package
			i = len(cmd.Args)
		}
	}
	if sub == "" || dir.Dynamic || out.Dynamic || slices.ContainsFunc(pkgs, func(a Arg) bool { return a.Dynamic }) {
		return
	}
	if sub == "build" && (len(pkgs) > 1 || out.Value != "" && !strings.HasSuffix(out.Value, "/")) {
		return // go build of several packages writes nothing; -o FILE is named as a path already
	}
	if len(pkgs) == 0 {
		pkgs = []Arg{{Value: "."}}
	}
	var dirs []string
	for _, p := range pkgs {
		v := p.Value
		switch {
		case strings.Contains(v, "..."):
		case strings.HasSuffix(v, ".go"):
			if sub == "build" {
				r.path(under(under(dir.Value, out.Value), strings.TrimSuffix(path.Base(v), ".go")))
			}
		case v == "." || v == ".." || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || path.IsAbs(v) || strings.HasPrefix(v, "~"):
			dirs = append(dirs, v)
		case sub == "build":
			if n := goProgramName(strings.TrimSuffix(v, "/")); n != "" {
				r.path(under(under(dir.Value, out.Value), n))
			}
		case strings.ToLower(v) != v:
			// go install example.com/x/HookRun@latest writes HookRun, which is hookrun where names
			// fold (macOS, Windows): read as go install of the name folded too.
			r.out.Commands = append(r.out.Commands, Command{Name: "go", Path: "go", Maybe: true,
				Args: []Arg{{Value: "install"}, {Value: strings.ToLower(v)}}, Env: cmd.Env})
		}
	}
	if e, ok := lastEnv(cmd.Env)["GOFLAGS"]; ok && !e.Dynamic && strings.Contains(e.Value, "-modfile") { // a GOFLAGS only known at run time is unresolved already (goFlags)
		modfile = true
	}
	switch {
	case len(dirs) == 0:
		return
	case len(dirs) > maxGoPkgs:
		r.unresolved("go %s names more than %d packages by their directories, whose programs' names hookrun reads from their go.mod files", sub, maxGoPkgs)
		return
	case modfile:
		r.unresolved("go %s reads the module path that names its program from the file -modfile gives, which hookrun does not read", sub)
		return
	}
	run := r.ran(runInstaller, Arg{Value: "go.mod"}, 0)
	if run == nil {
		return
	}
	run.manager, run.names, run.sub, run.workDir = "go", dirs, sub, out.Value // workDir: where go build -o DIR/ writes
	if dir.Value != "" {
		run.dir = under(run.dir, dir.Value)
	}
}

// installerFromDisk reads the manifest an installer's run names (runInstaller).
func (r *reader) installerFromDisk(run scriptRun) {
	switch run.manager {
	case "go":
		r.goModFromDisk(run)
	case "pip":
		r.pipFromDisk(run)
	case pipRequirements:
		r.requirementsFromDisk(run)
	case pipWheel:
		r.wheelFromDisk(run)
	default:
		r.linkFromDisk(run)
	}
}

// goModFromDisk reads, for each package a go install or go build run names by its directory, the
// go.mod of its module (in the directory or the nearest above it) for its import path: go install
// is read as go install IMPORTPATH, a command of the line's, and go build's program is named as the
// path it writes. A package outside any module is named by its directory, as go names its program.
func (r *reader) goModFromDisk(run scriptRun) {
	for _, c := range r.out.Commands {
		if c.Name == "go" && len(c.Args) > 1 && c.Args[0].Value == "mod" && (c.Args[1].Value == "edit" || c.Args[1].Value == "init") {
			// go mod edit -module x/hookrun changes the name go install gives the program.
			r.unresolved("the line changes a go.mod (go mod %s) that go %s reads for the name of its program: only known when the line runs", c.Args[1].Value, run.sub)
			return
		}
	}
	for _, pkg := range run.names {
		for _, abs := range r.located(run, pkg) {
			abs = filepath.ToSlash(filepath.Clean(abs))
			imp, mod, ok := r.goImportPath(abs)
			if !ok {
				continue
			}
			if run.sub == "build" {
				if n := goProgramName(imp); n != "" {
					dir, dirUnknown := r.dir, r.dirUnknown
					r.dir, r.dirUnknown = run.dir, run.dirUnknown
					r.path(under(run.workDir, n))
					r.dir, r.dirUnknown = dir, dirUnknown
				}
				continue
			}
			for _, d := range r.files.Dirs {
				if rel, err := filepath.Rel(d, filepath.FromSlash(mod)); err == nil && filepath.IsLocal(rel) {
					mod = filepath.ToSlash(rel) // shown as the project names it: fork/go.mod
					break
				}
			}
			r.out.Commands = append(r.out.Commands, Command{Name: "go", Path: "go", Maybe: true, File: mod,
				Args: []Arg{{Value: "install"}, {Value: imp}}, Env: run.env})
			if lower := strings.ToLower(imp); lower != imp {
				// cmd/HookRun's program is hookrun where names fold (macOS, Windows): read as both.
				r.out.Commands = append(r.out.Commands, Command{Name: "go", Path: "go", Maybe: true, File: mod,
					Args: []Arg{{Value: "install"}, {Value: lower}}, Env: run.env})
			}
		}
	}
}

// goImportPath is the import path of the package in the directory abs: its module's path and
// the directories below the go.mod that declares it (mod, its path), or abs itself outside any
// module. false, and the line unresolved, when a go.mod cannot be read or its module path cannot
// be told.
func (r *reader) goImportPath(abs string) (imp, mod string, ok bool) {
	d := abs
	for range maxGoModUp {
		p := path.Join(d, "go.mod")
		data, whole, err := r.readFile(filepath.FromSlash(p), maxGoMod)
		switch {
		case missing(err):
		case err != nil || !whole:
			r.unresolved("go reads %s for the name of the program it installs, which hookrun cannot read whole", p)
			return "", "", false
		default:
			m, ok := goModulePath(string(data))
			if !ok {
				r.unresolved("go reads %s for the name of the program it installs, and hookrun cannot tell its module path", p)
				return "", "", false
			}
			rel := strings.TrimPrefix(strings.TrimPrefix(abs, d), "/")
			return path.Join(m, rel), p, true
		}
		if d == "/" || d == "." || path.Dir(d) == d {
			break
		}
		d = path.Dir(d)
	}
	return abs, "", true
}

// goModulePath is the module path a go.mod declares, read as go's modfile reads it: comments cut,
// the word after module, quoted or not, in a block or not. false when there is not exactly one.
func goModulePath(text string) (string, bool) {
	var found []string
	block := false
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r", "\n"), "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(strings.TrimPrefix(line, "\ufeff"))
		switch {
		case len(f) == 0:
		case block && f[0] == ")":
			block = false
		case block:
			found = append(found, f[0])
		case f[0] == "module" && len(f) >= 2 && f[1] == "(":
			block = true
		case f[0] == "module" && len(f) >= 2:
			found = append(found, f[1])
		case strings.HasPrefix(f[0], "module(") || strings.HasPrefix(f[0], "module\""):
			return "", false // spelled as hookrun does not read it
		}
	}
	if len(found) != 1 {
		return "", false
	}
	m := found[0]
	if len(m) >= 2 && (m[0] == '"' || m[0] == '`') {
		u, err := strconv.Unquote(m)
		if err != nil {
			return "", false
		}
		m = u
	}
	// go refuses a module path holding a blank or a control character (module "\r"): no
	// program is named for it.
	if strings.IndexFunc(m, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return "", false
	}
	return m, m != ""
}

// goProgramName is the name go gives the program of the package with import path (or directory)
// p: its last element, or the one before a major version suffix (/v2), as go does.
func goProgramName(p string) string {
	p = strings.TrimSuffix(p, "/")
	base := path.Base(p)
	if len(base) > 1 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" && strings.Contains(p, "/") {
		base = path.Base(path.Dir(p))
	}
	if base == "." || base == "/" {
		return ""
	}
	return base
}

// linkInstall notes what npm link (with no package, or a directory), pnpm link --global and bun
// link install globally: the package of the directory, whose programs its package.json's bin
// names, put in the global directory of programs (linkFromDisk). true when it is such a link;
// npm link NAME links an installed package into node_modules, read as an install of it.
func (r *reader) linkInstall(cmd Command, words []string, prefix string) bool {
	if words[0] != "link" && words[0] != "ln" {
		return false
	}
	var dirs []string
	for _, w := range words[1:] {
		if w == "." || w == ".." || strings.HasPrefix(w, "./") || strings.HasPrefix(w, "../") || path.IsAbs(w) || strings.HasPrefix(w, "~") {
			dirs = append(dirs, w)
		}
	}
	switch {
	case cmd.Name == "npm" && len(words) == 1, cmd.Name == "bun" && len(words) == 1:
		dirs = []string{"."}
	case cmd.Name == "pnpm" && len(words) == 1 && slices.ContainsFunc(cmd.Args, func(a Arg) bool { return a.Value == "-g" || a.Value == "--global" }):
		dirs = []string{"."}
	case cmd.Name != "npm":
		return false // pnpm link DIR and yarn link link into the project, not onto PATH
	}
	if len(dirs) == 0 {
		return false
	}
	run := r.ran(runInstaller, Arg{Value: "package.json"}, 0)
	if run == nil || len(dirs) > maxGoPkgs {
		if bin, ok := r.globalBin(cmd, prefix); ok {
			r.unpack(cmd.Name+" link", bin)
		}
		return true
	}
	run.manager, run.names, run.workDir = cmd.Name, dirs, prefix
	r.path("node_modules/.bin/*") // npm link DIR links DIR's package into node_modules too
	return true
}

// linkFromDisk names the programs the package.json of each directory a link run installs names
// in its bin, in the manager's global directory of programs, and the package's directory there.
// A bin only the package's files name (directories.bin), or a package.json hookrun cannot read,
// is read as a global install of programs whose names only the package holds.
func (r *reader) linkFromDisk(run scriptRun) {
	bin, ok := r.globalBin(Command{Name: run.manager, Env: run.env}, run.workDir)
	if !ok {
		return
	}
	dir, dirUnknown := r.dir, r.dirUnknown
	r.dir, r.dirUnknown = run.dir, run.dirUnknown
	defer func() { r.dir, r.dirUnknown = dir, dirUnknown }()
	for _, d := range run.names {
		for _, abs := range r.located(run, path.Join(d, "package.json")) {
			text, ok := r.cachedText(abs, abs)
			names, pkg, known := packageBins(text)
			if !ok || !known {
				r.unpack(run.manager+" link", bin)
				continue
			}
			for _, n := range names {
				r.path(bin + "/" + n)
			}
			if pkg != "" {
				r.path(bin + "/" + pkg)
			}
		}
	}
}

// packageBins reads the programs a package.json's bin names: its keys, or the package's own name
// (its scope left out) for a bin given as one path. known is false for text that is not a JSON
// object, or a package whose programs only its files name (directories.bin).
func packageBins(text string) (names []string, pkg string, known bool) {
	var m struct {
		Name        string          `json:"name"`
		Bin         json.RawMessage `json:"bin"`
		Directories struct {
			Bin json.RawMessage `json:"bin"`
		} `json:"directories"`
	}
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		return nil, "", false
	}
	if len(m.Directories.Bin) > 0 && string(m.Directories.Bin) != "null" {
		return nil, "", false
	}
	var one string
	var many map[string]json.RawMessage
	switch {
	case len(m.Bin) == 0 || string(m.Bin) == "null":
	case json.Unmarshal(m.Bin, &one) == nil:
		if pkg = binName(m.Name); pkg == "" {
			return nil, "", false
		}
	case json.Unmarshal(m.Bin, &many) == nil:
		for n := range many {
			if n = binName(n); n != "" {
				names = append(names, n)
			}
		}
		slices.Sort(names)
	default:
		return nil, "", false
	}
	return names, pkg, true
}

// binName is the program npm links for a bin key or a package's name: its last part, a backslash
// or a colon counting as a slash; "" for a key npm links nothing for ("", "/", "..").
func binName(key string) string {
	n := path.Base(strings.NewReplacer("\\", "/", ":", "/").Replace(key))
	if n == "/" || n == "." || n == ".." {
		return ""
	}
	return n
}

// pipArgs is the words after pip's name of a command that runs pip: pip, pip3 and pip3.12, python
// -m pip (and python3, py), uv pip; bin is the directory of programs of the environment that pip
// installs into when the line names it (.venv/bin/pip, .venv/bin/python -m pip: the directory the
// program is in), uv whether uv runs it (whose environment is .venv, else VIRTUAL_ENV).
func pipArgs(cmd Command) (args []Arg, bin string, uv bool) {
	dir := ""
	if strings.Contains(cmd.Path, "/") {
		dir = path.Dir(cmd.Path)
	}
	switch n := cmd.Name; {
	case n == "pip" || strings.HasPrefix(n, "pip") && strings.Trim(n[3:], "0123456789.") == "":
		return cmd.Args, dir, false
	case n == "uv":
		for i, a := range cmd.Args {
			if a.Dynamic || !strings.HasPrefix(a.Value, "-") {
				if a.Value == "pip" && !a.Dynamic {
					return cmd.Args[i+1:], "", true
				}
				return nil, "", false
			}
		}
	case programLang(n) == langPython:
		for i, a := range cmd.Args {
			switch {
			case a.Dynamic || !strings.HasPrefix(a.Value, "-"):
				return nil, "", false
			case (a.Value == "-m" || strings.HasSuffix(a.Value, "m") && !strings.HasPrefix(a.Value, "--")) && i+1 < len(cmd.Args) && cmd.Args[i+1].Value == "pip":
				return cmd.Args[i+2:], dir, false
			case a.Value == "-mpip":
				return cmd.Args[i+1:], dir, false
			}
		}
	}
	return nil, "", false
}

// pipValue reports whether o is one of pip's (and uv pip's) install options that take the next word.
func pipValue(o string) bool {
	switch o {
	case "-r", "--requirement", "-c", "--constraint", "-t", "--target", "--prefix", "--root", "-i", "--index-url",
		"--extra-index-url", "-f", "--find-links", "--python", "-p", "--src", "--upgrade-strategy", "--platform",
		"--python-version", "--implementation", "--abi", "--progress-bar", "--log", "--cache-dir", "--proxy",
		"--retries", "--timeout", "--exists-action", "--trusted-host", "--cert", "--client-cert", "-C",
		"--config-settings", "--global-option", "--no-binary", "--only-binary", "--report", "--index-strategy",
		"--keyring-provider", "--resolution", "--prerelease", "--exclude-newer", "--link-mode", "--extra", "-P":
		return true
	}
	return false
}

// pipInstall notes what pip install (and uv pip install) of a project in a directory of the
// line's (., -e ., ./pkg) runs and writes: its setup.py, which the build runs as python runs it
// (read as python3 setup.py's program file is), and the programs its pyproject.toml or
// setup.cfg declares (console and gui scripts), put in the environment's directory of programs
// when the line names it: --target DIR and --prefix DIR's bin, --user's ~/.local/bin, the
// directory of the pip or python the line runs by its path, the VIRTUAL_ENV the line gives or
// the agent's own (an activated environment), and uv's .venv (pipFromDisk). A pip found on PATH
// with no environment activated installs into one only known where the line runs: its programs
// are not named.
func (r *reader) pipInstall(cmd Command) {
	if cmd.Name == "uv" {
		r.uvSync(cmd)
	}
	args, bin, uv := pipArgs(cmd)
	if len(args) == 0 {
		return
	}
	install := false
	var projects, reqs, wheels []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			return // a path only known when the line runs: named so already
		}
		name, value, hasValue := strings.Cut(a.Value, "=")
		if !hasValue && (name == "-e" || name == "--editable" || name == "-r" || name == "--requirement" || name == "-t" || name == "--target" || name == "--prefix") && install && i+1 < len(args) {
			i++
			value = args[i].Value
		}
		switch {
		case !install && !strings.HasPrefix(a.Value, "-"):
			if a.Value != "install" && (!uv || a.Value != "sync") {
				return
			}
			install = true
			if a.Value == "sync" { // uv pip sync FILE…: requirements files
				for _, f := range args[i+1:] {
					if !f.Dynamic && !strings.HasPrefix(f.Value, "-") {
						reqs = append(reqs, f.Value)
					}
				}
			}
		case !install:
		case name == "-e" || name == "--editable":
			projects = appendProject(projects, value, true)
		case strings.HasPrefix(a.Value, "-e") && len(a.Value) > 2:
			projects = appendProject(projects, a.Value[2:], true)
		case name == "-r" || name == "--requirement":
			reqs = append(reqs, value)
		case strings.HasPrefix(a.Value, "-r") && len(a.Value) > 2:
			reqs = append(reqs, a.Value[2:])
		case name == "-t" || name == "--target" || name == "--prefix":
			bin = path.Join(value, "bin")
		case a.Value == "--user":
			bin = "~/.local/bin"
		case pipValue(a.Value):
			i++
		case strings.HasPrefix(a.Value, "-"):
		default:
			if w, ok := pipArchive(a.Value); ok {
				wheels = r.pipArchives(wheels, w)
				break
			}
			projects = appendProject(projects, a.Value, false)
		}
	}
	if bin == "" {
		bin = activeBin(cmd)
	}
	if uv && bin == "" {
		bin = ".venv/bin"
	}
	r.pythonProjects(projects, bin)
	r.wheels(wheels, bin)
	for _, f := range reqs {
		if len(reqs) > maxGoPkgs {
			break
		}
		if run := r.ran(runInstaller, Arg{Value: f}, 0); run != nil {
			run.manager, run.workDir = pipRequirements, bin
		}
	}
}

// pipRequirements is the manager of a requirements file's run: pip reads it for the projects it installs.
const pipRequirements = "pip -r"

// maxRequirementsDepth bounds the requirements files read through others' -r lines.
const maxRequirementsDepth = 8

// appendProject is projects with the directory a pip requirement names, when it names one of the
// disk's (pipProject).
func appendProject(projects []string, spec string, editable bool) []string {
	if d, ok := pipProject(spec, editable); ok {
		return append(projects, d)
	}
	return projects
}

// pipProject is the directory of a local project a pip requirement names: a path (., .., one with
// a slash, and for -e, which takes only a path or a VCS URL, a bare name too), a file: URL (file:x,
// file:///abs, file://localhost/abs), NAME @ such a URL, or a VCS URL of a local repository
// (git+file:///abs@ref, whose files are the directory's as far as hookrun can know), less its
// extras ([dev]) and fragment (#egg=x; #subdirectory=s names the project beneath). false for a
// name of an index's package, a URL of another host, and a wheel or an archive.
func pipProject(spec string, editable bool) (string, bool) {
	spec = strings.TrimSpace(spec)
	if at := strings.IndexByte(spec, '@'); at > 0 && !strings.ContainsAny(spec[:at], "/:") {
		if url := strings.TrimSpace(spec[at+1:]); strings.Contains(url, ":") {
			spec = url // NAME @ URL (PEP 508); NAME@1.0 stays a name
		}
	}
	frag := ""
	if i := strings.IndexByte(spec, '#'); i >= 0 {
		spec, frag = spec[:i], spec[i+1:]
	}
	vcs := false
	for _, v := range []string{"git+", "hg+", "svn+", "bzr+"} {
		if rest, ok := strings.CutPrefix(spec, v); ok && strings.HasPrefix(rest, "file:") {
			spec, vcs = rest, true
		}
	}
	spec, url, local := fileURL(spec)
	if !local {
		return "", false
	}
	if vcs {
		if i := strings.LastIndexByte(spec, '@'); i > 0 {
			spec = spec[:i] // the ref
		}
	} else {
		spec, _, _ = strings.Cut(spec, "[") // .[test]: the project with its extras
	}
	if spec == "" || strings.Contains(spec, ":") || strings.HasSuffix(spec, ".whl") || archive(spec) {
		return "", false
	}
	if !url && !editable && spec != "." && spec != ".." && !strings.Contains(spec, "/") {
		return "", false // a name pip fetches from an index
	}
	for _, kv := range strings.Split(frag, "&") {
		if sub, ok := strings.CutPrefix(kv, "subdirectory="); ok && sub != "" {
			spec = path.Join(spec, sub)
		}
	}
	return spec, true
}

// fileURL is the path a file: URL names (file:x, file:///abs, file://localhost/abs), url whether
// spec is one; local is false for another host's.
func fileURL(spec string) (p string, url, local bool) {
	rest, ok := strings.CutPrefix(spec, "file:")
	switch {
	case !ok:
		return spec, false, true
	case strings.HasPrefix(rest, "///"):
		return rest[2:], true, true
	case strings.HasPrefix(rest, "//localhost/"):
		return rest[len("//localhost"):], true, true
	case strings.HasPrefix(rest, "//"):
		return "", true, false
	}
	return rest, true, true
}

// archive reports whether a path names an archive pip builds from (an sdist), not a directory.
func archive(p string) bool {
	for _, e := range []string{".tar.gz", ".tgz", ".tar.bz2", ".tbz", ".tar.xz", ".txz", ".tar", ".zip"} {
		if strings.HasSuffix(p, e) {
			return true
		}
	}
	return false
}

// requirementsLines reads a pip requirements file: the directories of the local projects it names
// (-e DIR, ./dir, file: URLs, NAME @ file://…), and the requirements files its -r lines name.
// Constraints (-c) install nothing; a line's markers (; python_version…) and options (--hash)
// are not the project's.
func requirementsLines(text string) (projects, nested []string) {
	text = strings.ReplaceAll(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(text), "\\\n", "")
	for _, line := range strings.Split(text, "\n") {
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		if i := strings.Index(line, "\t#"); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		name, value, hasValue := strings.Cut(f[0], "=")
		if !hasValue && len(f) > 1 {
			value = f[1]
		}
		switch {
		case name == "-e" || name == "--editable":
			projects = appendProject(projects, value, true)
		case strings.HasPrefix(f[0], "-e") && !strings.HasPrefix(f[0], "--"):
			projects = appendProject(projects, f[0][2:], true)
		case name == "-r" || name == "--requirement":
			if value != "" {
				nested = append(nested, value)
			}
		case strings.HasPrefix(f[0], "-r") && !strings.HasPrefix(f[0], "--"):
			nested = append(nested, f[0][2:])
		case strings.HasPrefix(f[0], "-"):
		default:
			spec, _, _ := strings.Cut(line, ";")
			if i := strings.Index(spec, " -"); i >= 0 {
				spec = spec[:i] // --hash=…, --config-settings …
			}
			projects = appendProject(projects, spec, false)
		}
	}
	return projects, nested
}

// requirementsFromDisk reads a requirements file of a pip install run: the projects it names
// (relative to the directory pip runs in, as pip takes them) are installed as the line's own
// (pythonProjects), and the files its -r lines name (relative to it) are read as well.
func (r *reader) requirementsFromDisk(run scriptRun) {
	dir, dirUnknown := r.dir, r.dirUnknown
	r.dir, r.dirUnknown = run.dir, run.dirUnknown
	defer func() { r.dir, r.dirUnknown = dir, dirUnknown }()
	for _, abs := range r.located(run, run.file) {
		text, ok := r.cachedText(abs, abs)
		if !ok {
			continue
		}
		projects, nested := requirementsLines(text)
		r.pythonProjects(projects, run.workDir)
		if run.depth >= maxRequirementsDepth || len(nested) > maxGoPkgs {
			if len(nested) > 0 {
				r.unresolved("%s names requirements files more than %d deep or more than %d, which hookrun does not read", run.file, maxRequirementsDepth, maxGoPkgs)
			}
			continue
		}
		for _, n := range nested {
			if !path.IsAbs(n) && !strings.HasPrefix(n, "~") {
				n = path.Join(path.Dir(run.file), n)
			}
			if next := r.ran(runInstaller, Arg{Value: n}, run.depth+1); next != nil {
				next.manager, next.workDir = pipRequirements, run.workDir
			}
		}
	}
}

// buildFiles are the files of a Python project its build runs: setuptools' setup.py, and the
// build hooks hatchling (hatch_build.py) and pdm-backend (pdm_build.py) load from the project.
var buildFiles = [...]string{"setup.py", "hatch_build.py", "pdm_build.py"}

// pythonProjects notes the setup.py (and build hooks, buildFiles) each project's build runs and, where bin (the environment's
// directory of programs) is known, the programs the projects declare there (pipFromDisk).
func (r *reader) pythonProjects(projects []string, bin string) {
	if len(projects) == 0 || len(projects) > maxGoPkgs {
		return
	}
	for _, p := range projects {
		for _, f := range buildFiles {
			if run := r.ran(runCode, Arg{Value: path.Join(p, f)}, 0); run != nil {
				run.manager = langPython
			}
		}
	}
	if bin == "" {
		return
	}
	if run := r.ran(runInstaller, Arg{Value: "pyproject.toml"}, 0); run != nil {
		run.manager, run.names, run.workDir = "pip", projects, bin
	}
}

// pipFromDisk names the programs each project of a pip install run declares, in the directory of
// programs it installs them into.
func (r *reader) pipFromDisk(run scriptRun) {
	dir, dirUnknown := r.dir, r.dirUnknown
	r.dir, r.dirUnknown = run.dir, run.dirUnknown
	defer func() { r.dir, r.dirUnknown = dir, dirUnknown }()
	for _, p := range run.names {
		for _, abs := range r.located(run, path.Join(p, "pyproject.toml")) {
			if text, ok := r.cachedText(abs, abs); ok {
				for _, n := range pyprojectPrograms(text) {
					r.path(under(run.workDir, n))
				}
			}
		}
		for _, abs := range r.located(run, path.Join(p, "setup.cfg")) {
			if text, ok := r.cachedText(abs, abs); ok {
				for _, n := range setupCfgPrograms(text) {
					r.path(under(run.workDir, n))
				}
			}
		}
	}
}

// pyprojectPrograms are the programs a pyproject.toml declares: [project.scripts] and
// [project.gui-scripts], and poetry's [tool.poetry.scripts].
func pyprojectPrograms(text string) []string {
	var doc map[string]any
	if toml.Unmarshal([]byte(text), &doc) != nil {
		return nil // no build reads it either
	}
	var names []string
	for _, t := range []map[string]any{tomlTable(doc, "project", "scripts"), tomlTable(doc, "project", "gui-scripts"), tomlTable(doc, "tool", "poetry", "scripts")} {
		for n := range t {
			if !strings.ContainsAny(n, "\r\n") { // no entry point's name (a quoted TOML key may hold one)
				names = append(names, n)
			}
		}
	}
	slices.Sort(names)
	return names
}

// setupCfgPrograms are the programs a setup.cfg's [options.entry_points] console_scripts and
// gui_scripts declare, one NAME = MODULE:FUNC a line.
func setupCfgPrograms(text string) []string {
	var names []string
	section, key := "", ""
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r", ""), "\n") {
		t := strings.TrimSpace(line)
		switch {
		case t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, ";"):
		case strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]"):
			section, key = strings.TrimSpace(t[1:len(t)-1]), ""
		case section != "options.entry_points":
		case line[0] != ' ' && line[0] != '\t':
			// console_scripts = (or :) and, on the same line or the indented ones after it, NAME = MODULE:FUNC
			i := strings.IndexAny(t, "=:")
			if i < 0 {
				key = ""
				break
			}
			key = strings.TrimSpace(t[:i])
			if n, _, ok := strings.Cut(t[i+1:], "="); ok && (key == "console_scripts" || key == "gui_scripts") {
				names = append(names, strings.TrimSpace(n))
			}
		case key == "console_scripts" || key == "gui_scripts":
			if n, _, ok := strings.Cut(t, "="); ok {
				names = append(names, strings.TrimSpace(n))
			}
		}
	}
	return names
}

// uvSync notes what uv sync, and uv run, add and remove, which sync the project first, install:
// the project itself, into its .venv (UV_PROJECT_ENVIRONMENT when the line gives it), with the
// programs it declares, read as pip install -e . into that environment is: an activated .venv
// whose bin comes first on the agent's PATH then runs them. Not with --no-sync,
// --no-install-project, --no-project, --script or --only-group (a --frozen sync still installs);
// --directory or --project DIR says whose project it is.
func (r *reader) uvSync(cmd Command) {
	sub, dir := "", "."
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if a.Dynamic {
			return
		}
		name, value, hasValue := strings.Cut(a.Value, "=")
		switch {
		case name == "--no-sync" || name == "--no-install-project" || name == "--no-project" || name == "--script" || name == "--only-group":
			return
		case name == "--directory" || name == "--project":
			if !hasValue {
				if i+1 >= len(cmd.Args) || cmd.Args[i+1].Dynamic {
					return
				}
				i++
				value = cmd.Args[i].Value
			}
			dir = value
		case strings.HasPrefix(a.Value, "-"):
		case sub == "":
			switch a.Value {
			case "sync", "run", "add", "remove":
				sub = a.Value
			default:
				return
			}
		case sub == "run":
			i = len(cmd.Args) // the program and its own words
		}
	}
	if sub == "" {
		return
	}
	bin := path.Join(dir, ".venv/bin")
	if e, ok := lastEnv(cmd.Env)["UV_PROJECT_ENVIRONMENT"]; ok {
		if e.Dynamic {
			return // a path only known when the line runs
		}
		bin = path.Join(under(dir, strings.TrimPrefix(e.Value, "UV_PROJECT_ENVIRONMENT=")), "bin")
	}
	r.pythonProjects([]string{dir}, bin)
}
