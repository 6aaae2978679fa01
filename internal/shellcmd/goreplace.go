package shellcmd

import (
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// go builds a module's imports from other directories on disk where the main module's go.mod
// replaces a module by a directory (replace example.com/x => ../x) and where a go.work above it
// uses other modules (use ./tools): go run and go test read those packages there, as the
// module's own, wherever the directory is (outside the project too). A replace by another
// module at a version is fetched code, read as itself. A go.mod or go.work hookrun cannot read
// whole, a directive it cannot read, or more than maxGoReplaces of them leave the line
// unresolved; GOWORK and -modfile are not read (go.work is the one above the module).

// maxGoReplaces caps the replace and use directives a go run or go test reads.
const maxGoReplaces = 64

// A goModDir is a module go builds from a directory: its module path and where it is.
type goModDir struct{ mod, dir string }

// goDirectives is what a go.mod or go.work says of the directories go builds modules from: its
// replace directives by a directory (dir relative to the file's), and its use directives. ok
// false for a directive hookrun cannot read.
func goDirectives(text string) (replaces []goModDir, uses []string, ok bool) {
	block := ""
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r", "\n"), "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(strings.TrimPrefix(line, "\ufeff"))
		if len(f) == 0 {
			continue
		}
		verb := block
		switch {
		case block != "" && f[0] == ")":
			block = ""
			continue
		case block == "" && len(f) == 2 && f[1] == "(":
			block = f[0]
			continue
		case block == "":
			verb, f = f[0], f[1:]
		}
		switch verb {
		case "replace":
			arrow := -1
			for i, w := range f {
				if w == "=>" {
					arrow = i
				}
			}
			if arrow < 1 || arrow > 2 || len(f) < arrow+2 {
				return nil, nil, false
			}
			old, ok1 := goWord(f[0])
			to, ok2 := goWord(f[arrow+1])
			if !ok1 || !ok2 {
				return nil, nil, false
			}
			if goLocalDir(to) {
				if len(f) != arrow+2 {
					return nil, nil, false // a directory at a version: go stops
				}
				replaces = append(replaces, goModDir{old, to})
			}
		case "use":
			if len(f) != 1 {
				return nil, nil, false
			}
			u, ok := goWord(f[0])
			if !ok {
				return nil, nil, false
			}
			uses = append(uses, u)
		default:
			// replace( or use( without a blank: spelled as hookrun does not read it.
			if strings.HasPrefix(verb, "replace") || strings.HasPrefix(verb, "use") {
				return nil, nil, false
			}
		}
	}
	return replaces, uses, true
}

// goWord is a word of a go.mod, unquoted.
func goWord(w string) (string, bool) {
	if len(w) >= 2 && (w[0] == '"' || w[0] == '`') {
		u, err := strconv.Unquote(w)
		return u, err == nil && u != ""
	}
	return w, w != "" && !strings.ContainsAny(w, "\"`")
}

// goLocalDir reports whether a replacement is a directory rather than a module path, as go
// tells them apart: it starts with ./ or ../ (or is . or ..), or is an absolute path.
func goLocalDir(p string) bool {
	return p == "." || p == ".." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || path.IsAbs(p) ||
		strings.HasPrefix(p, `.\`) || strings.HasPrefix(p, `..\`) || filepath.IsAbs(p)
}

// goModDirs are the modules a go run or go test builds from directories besides the main
// module (modRoot): its go.mod's replaces, and a go.work's above it, with its use directories
// and their module paths; false, and the line unresolved, for one hookrun cannot read.
func (g *goReading) goModDirs() bool {
	r := g.r
	read := func(p string) (string, bool, bool) {
		data, whole, err := r.readFile(filepath.FromSlash(p), maxGoMod)
		switch {
		case missing(err):
			return "", false, true
		case err != nil || !whole:
			g.stop("go %s reads %s, which hookrun cannot read whole", g.run.sub, p)
			return "", false, false
		}
		return string(data), true, true
	}
	add := func(file, text string) bool {
		replaces, uses, ok := goDirectives(text)
		if !ok {
			g.stop("go %s reads %s, whose replace or use directives hookrun cannot read", g.run.sub, file)
			return false
		}
		for _, rp := range replaces {
			g.mods = append(g.mods, goModDir{rp.mod, goJoin(path.Dir(file), rp.dir)})
		}
		for _, u := range uses {
			dir := goJoin(path.Dir(file), u)
			text, found, ok := read(path.Join(dir, "go.mod"))
			if !ok {
				return false
			}
			if !found {
				continue // go stops: no module there
			}
			m, ok := goModulePath(text)
			if !ok {
				g.stop("go %s builds the module in %s, and hookrun cannot tell its module path", g.run.sub, dir)
				return false
			}
			g.mods = append(g.mods, goModDir{m, dir})
		}
		if len(g.mods) > maxGoReplaces {
			g.stop("go %s builds modules from more than %d directories (replace and use directives), more than hookrun reads", g.run.sub, maxGoReplaces)
			return false
		}
		return true
	}
	if text, found, ok := read(path.Join(g.modRoot, "go.mod")); !ok || found && !add(path.Join(g.modRoot, "go.mod"), text) {
		return false
	}
	d := g.modRoot
	for range maxGoModUp {
		p := path.Join(d, "go.work")
		text, found, ok := read(p)
		if !ok {
			return false
		}
		if found {
			return add(p, text)
		}
		if path.Dir(d) == d || d == "." {
			break
		}
		d = path.Dir(d)
	}
	return true
}

// goJoin is the directory p (relative to dir, or absolute) names.
func goJoin(dir, p string) string {
	p = filepath.ToSlash(p)
	if path.IsAbs(p) {
		return path.Clean(p)
	}
	return path.Join(dir, p)
}
