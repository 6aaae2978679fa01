package shellcmd

import (
	"errors"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// go generate runs the //go:generate directives of the Go files of the packages it names, each
// a command in the package's directory: read as a line of the file's (a directive is split into
// words as a shell would, $GOFILE and the like a variable), with the commands -command defines.

// Bounds on what one go generate reads: Go files, and the directories ./... lists.
const (
	maxGoFiles = 512
	maxGoDirs  = 1024
)

// goValues are the options of go generate (and go's build flags) that take the next word.
var goValues = []string{"-run", "-skip", "-C", "-p", "-tags", "-mod", "-modfile", "-overlay", "-pkgdir", "-toolexec", "-gcflags",
	"-ldflags", "-asmflags", "-gccgoflags", "-compiler", "-installsuffix", "-buildmode", "-pgo", "-coverpkg", "-covermode"}

// goGenerateFromDisk reads the directives of the Go files a go generate run names.
func (r *reader) goGenerateFromDisk(run scriptRun) {
	if run.sub != "generate" {
		r.goProgramFromDisk(run) // go run, go test
		return
	}
	files, dirs := 0, 0
	var walk func(abs, rel string, all bool) bool
	// file reads one Go file's directives; false once past the bounds.
	file := func(abs, rel string) bool {
		if files++; files > maxGoFiles {
			r.unresolved("go generate runs the directives of more than %d Go files, more than hookrun reads", maxGoFiles)
			return false
		}
		data, whole, err := r.readAt(abs, maxScriptFile)
		switch {
		case missing(err):
		case err != nil || !whole:
			r.unresolved("go generate runs the directives of %s, which hookrun cannot read whole", rel)
			return false
		default:
			r.goDirectives(string(data), rel, path.Dir(rel), run.depth)
		}
		return true
	}
	walk = func(abs, rel string, all bool) bool {
		if dirs++; dirs > maxGoDirs || r.files.List == nil {
			r.unresolved("go generate runs the directives of the packages below %s, more directories than hookrun lists", rel)
			return false
		}
		names, err := r.list(abs, maxGoFiles+1)
		switch {
		case errors.Is(err, errReadTime):
			r.unresolved("go generate runs the directives of the packages below %s, which hookrun could not list in time: %v", rel, err)
			return false
		case err != nil:
			return true // a file, or nothing: no package
		}
		slices.Sort(names)
		for _, n := range names {
			switch {
			case strings.HasSuffix(n, ".go"):
				if !file(filepath.Join(abs, n), path.Join(rel, n)) {
					return false
				}
			// ./... leaves out directories starting with . or _, testdata and vendor, as go does.
			case all && !strings.HasPrefix(n, ".") && !strings.HasPrefix(n, "_") && n != "testdata" && n != "vendor":
				if !walk(filepath.Join(abs, n), path.Join(rel, n), true) {
					return false
				}
			}
		}
		return true
	}
	for _, pkg := range run.names {
		p, all := goPackageArg(pkg)
		if !goRelative(p) && !strings.HasSuffix(p, ".go") {
			r.unresolved("go generate runs the directives of the package %s, which hookrun does not look up", pkg)
			continue
		}
		for _, abs := range r.located(run, p) {
			rel := path.Join(run.dir, p)
			ok := true
			if strings.HasSuffix(p, ".go") && !all {
				ok = file(abs, rel)
			} else {
				ok = walk(abs, rel, all)
			}
			if !ok {
				return
			}
		}
	}
}

// goDirectives reads the //go:generate lines of a Go file's text, each a line of the file's run
// in dir; -command NAME CMD… makes NAME stand for CMD… in the directives after it.
func (r *reader) goDirectives(text, file, dir string, depth int) {
	at, atUnknown := r.dir, r.dirUnknown
	r.dir, r.dirUnknown = dir, ""
	defer func() { r.dir, r.dirUnknown = at, atUnknown }()
	aliases := map[string]string{}
	for line := range strings.Lines(text) {
		d, ok := strings.CutPrefix(strings.TrimRight(line, "\r\n"), "//go:generate ")
		if !ok {
			continue
		}
		d = strings.TrimSpace(d)
		if rest, ok := strings.CutPrefix(d, "-command "); ok {
			name, cmdline, _ := strings.Cut(strings.TrimSpace(rest), " ")
			aliases[name] = cmdline
			continue
		}
		if name, rest, _ := strings.Cut(d, " "); aliases[name] != "" {
			d = aliases[name] + " " + rest
		}
		r.fileScript(d, file, depth+1, nil)
	}
}
