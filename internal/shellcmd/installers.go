package shellcmd

import (
	"path"
	"strings"
)

// Package installers write programs and packages under names their command line does not spell
// as paths: npm install hookrun@npm:evil writes node_modules/hookrun. The line names what is knowable from its words; a package's programs,
// named in a tarball hookrun cannot read, are named by the programs already there
// (node_modules/.bin/*, a pattern the caller lists from disk), and a global install's directory
// of programs as one unpacked into.

// installers names the files an installer command writes (installers.go).
func (r *reader) installers(cmd Command) {
	if packageManager(cmd.Name) {
		r.packageInstall(cmd)
	}
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
	var lib, bin string
	env := lastEnv(cmd.Env)
	switch cmd.Name {
	case "npm":
		if prefix == "" {
			for _, v := range []string{"npm_config_prefix", "NPM_CONFIG_PREFIX"} {
				if e, ok := env[v]; ok {
					p := strings.TrimPrefix(e.Value, v+"=")
					if e.Dynamic {
						r.pathsUnknown("npm -g writes beneath %s=%s, only known when the line runs", v, p)
						return
					}
					prefix = p
				}
			}
		}
		if prefix == "" {
			prefix = "/usr/local"
		}
		lib, bin = path.Join(prefix, "lib/node_modules"), path.Join(prefix, "bin")
	case "pnpm":
		bin = "~/.local/share/pnpm"
		if e, ok := env["PNPM_HOME"]; ok && !e.Dynamic && e.Value != "PNPM_HOME=" {
			bin = strings.TrimPrefix(e.Value, "PNPM_HOME=")
		}
		lib = path.Join(bin, "global")
	case "yarn":
		lib, bin = "~/.config/yarn/global/node_modules", "~/.yarn/bin"
	case "bun":
		lib, bin = "~/.bun/install/global/node_modules", "~/.bun/bin"
	}
	for _, n := range names {
		r.path(lib + "/" + n)
		r.path(bin + "/" + n)
	}
	r.unpack(cmd.Name+" -g", bin)
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
