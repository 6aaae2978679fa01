package shellcmd

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Wheels, sdists and the Python project managers that install the project itself. A wheel
// installs with no code of its own run, but puts the programs its entry_points.txt and its
// .data/scripts name in the environment's directory of programs: read from the zip, bounded. An
// sdist's build runs its setup.py or build hooks from inside the archive, which hookrun does not
// unpack: unresolved. poetry install, pdm install and hatch's environments build and install the
// project as pip install -e . does.

// pipWheel is the manager of a wheel's run: pip reads it for the programs it installs.
const pipWheel = "pip wheel"

// Bounds on the wheels one pip install reads.
const (
	maxWheel       = 1 << 22 // bytes of a wheel read; a larger one is unresolved
	maxEntryPoints = 1 << 16 // bytes of its entry_points.txt
	maxWheelList   = 256     // entries of a directory listed for a wheel's pattern (dist/*.whl)
)

// pipArchive is the path of a wheel or an archive of a project (an sdist) a pip requirement names
// on the disk: a path ending in .whl, .tar.gz, .zip…, a file: URL or NAME @ one; false for a
// URL of another host and anything else.
func pipArchive(spec string) (string, bool) {
	spec = strings.TrimSpace(spec)
	if at := strings.IndexByte(spec, '@'); at > 0 && !strings.ContainsAny(spec[:at], "/:") {
		spec = strings.TrimSpace(spec[at+1:])
	}
	spec, _, _ = strings.Cut(spec, "#")
	spec, _, local := fileURL(spec)
	if !local || spec == "" || strings.Contains(spec, ":") || !strings.HasSuffix(spec, ".whl") && !archive(spec) {
		return "", false
	}
	return spec, true
}

// pipArchives is wheels with the wheel w; an sdist, whose build runs code only the archive holds,
// leaves the line unresolved.
func (r *reader) pipArchives(wheels []string, w string) []string {
	if strings.HasSuffix(w, ".whl") {
		return append(wheels, w)
	}
	r.unresolved("pip builds %s, an archive of a project, running its setup.py or build hooks from inside it, which hookrun does not read", w)
	return wheels
}

// wheels notes, where bin (the environment's directory of programs) is known, the programs each
// wheel installs there (wheelFromDisk).
func (r *reader) wheels(wheels []string, bin string) {
	if bin == "" {
		return
	}
	if len(wheels) > maxGoPkgs {
		r.unresolved("pip installs more than %d wheels, whose programs hookrun reads from each", maxGoPkgs)
		return
	}
	for _, w := range wheels {
		if run := r.ran(runInstaller, Arg{Value: w}, 0); run != nil {
			run.manager, run.workDir = pipWheel, bin
		}
	}
}

// wheelFromDisk names the programs the wheels of a run (its file, or the files its pattern
// matches: dist/*.whl) install in its directory of programs, and the .pth files they install in
// the environment's site-packages.
func (r *reader) wheelFromDisk(run scriptRun) {
	for _, abs := range r.located(run, run.file) {
		for _, w := range r.wheelFiles(abs) {
			data, whole, err := r.readFile(w, maxWheel)
			switch {
			case missing(err):
				continue // pip finds none either
			case err != nil:
				r.unresolved("pip installs the wheel %s, which hookrun cannot read: %s", run.file, err)
				continue
			case !whole:
				r.unresolved("pip installs the wheel %s, larger than %d bytes, more than hookrun reads for its programs", run.file, maxWheel)
				continue
			}
			programs, pths, err := wheelPrograms(data)
			if err != nil {
				r.unresolved("pip installs the wheel %s, whose programs hookrun cannot read: %s", run.file, err)
				continue
			}
			for _, n := range programs {
				r.path(under(run.workDir, n))
			}
			for _, n := range pths {
				// The environment's site-packages, beside its bin: lib/python3.X, the X unknown here.
				r.path(under(path.Dir(run.workDir), "lib/python*/site-packages/"+n))
			}
		}
	}
}

// wheelFiles are the wheels abs names: itself, or the entries of its directory its last element,
// a pattern, matches.
func (r *reader) wheelFiles(abs string) []string {
	dir, base := filepath.Split(abs)
	if !isPattern(base) {
		return []string{abs}
	}
	if isPattern(dir) || r.files.List == nil {
		r.unresolved("pip installs the wheels %s matches, which hookrun does not list", filepath.ToSlash(abs))
		return nil
	}
	names, err := r.list(dir, maxWheelList)
	if err != nil && !missing(err) || len(names) >= maxWheelList {
		r.unresolved("pip installs the wheels %s matches, whose directory hookrun cannot list in full", filepath.ToSlash(abs))
		return nil
	}
	var out []string
	for _, n := range names {
		if ok, _ := path.Match(base, n); ok {
			out = append(out, filepath.Join(dir, n))
		}
	}
	if len(out) > maxGoPkgs {
		r.unresolved("pip installs more than %d wheels, whose programs hookrun reads from each", maxGoPkgs)
		return nil
	}
	return out
}

// wheelPrograms are the programs a wheel puts in the environment's directory of programs: the
// console_scripts and gui_scripts of its *.dist-info/entry_points.txt, and the files of its
// *.data/scripts; and pths, the .pth files it puts in site-packages (at its top, or in its
// *.data/purelib or platlib), whose import lines every python of the environment runs as it
// starts. An error for bytes that are no zip, an entry_points.txt too large to read, and a
// program or .pth whose name is a path (which would be written outside the directory).
func wheelPrograms(data []byte) (programs, pths []string, err error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, nil, err
	}
	for _, f := range zr.File {
		top, rest, ok := strings.Cut(f.Name, "/")
		switch {
		case !ok:
			if strings.HasSuffix(top, ".pth") {
				pths = append(pths, top)
			}
		case strings.HasSuffix(top, ".dist-info") && rest == "entry_points.txt":
			text, err := zipText(f)
			if err != nil {
				return nil, nil, err
			}
			programs = append(programs, entryPointScripts(text)...)
		case strings.HasSuffix(top, ".data"):
			kind, name, _ := strings.Cut(rest, "/")
			switch {
			case name == "" || strings.HasSuffix(name, "/"):
			case kind == "scripts":
				programs = append(programs, name)
			case (kind == "purelib" || kind == "platlib") && !strings.Contains(name, "/") && strings.HasSuffix(name, ".pth"):
				pths = append(pths, name)
			}
		}
	}
	for _, n := range append(slices.Clip(programs), pths...) {
		if n == "" || n == "." || n == ".." || strings.ContainsAny(n, "/\\\r\n") {
			return nil, nil, fmt.Errorf("a file named %q, no name of one", n)
		}
	}
	slices.Sort(programs)
	slices.Sort(pths)
	return slices.Compact(programs), slices.Compact(pths), nil
}

// zipText is the text of a file of a zip, at most maxEntryPoints bytes (an error past it).
func zipText(f *zip.File) (string, error) {
	if f.UncompressedSize64 > maxEntryPoints {
		return "", fmt.Errorf("%s holds more than %d bytes", f.Name, maxEntryPoints)
	}
	rc, err := f.Open()
	if err != nil {
		return "", err
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, maxEntryPoints+1))
	if err == nil && len(data) > maxEntryPoints {
		err = fmt.Errorf("%s holds more than %d bytes", f.Name, maxEntryPoints)
	}
	return string(data), err
}

// entryPointScripts are the names of an entry_points.txt's [console_scripts] and [gui_scripts]
// (NAME = MODULE:FUNC, one a line).
func entryPointScripts(text string) []string {
	var names []string
	section := ""
	for _, line := range strings.FieldsFunc(text, func(c rune) bool { return c == '\n' || c == '\r' }) {
		t := strings.TrimSpace(line)
		switch {
		case t == "" || t[0] == '#' || t[0] == ';':
		case t[0] == '[':
			section = strings.TrimSpace(strings.Trim(t, "[]"))
		case section == "console_scripts" || section == "gui_scripts":
			if n, _, ok := strings.Cut(t, "="); ok {
				names = append(names, strings.TrimSpace(n))
			}
		}
	}
	return names
}

// activeBin is the directory of programs of the virtual environment a Python installer run by
// its name installs into: the VIRTUAL_ENV the line gives it, else the agent's own (an activated
// environment: for a line that changes nothing of it, the one its shell calls run in); "" for none.
func activeBin(cmd Command) string {
	if e, ok := lastEnv(cmd.Env)["VIRTUAL_ENV"]; ok && !e.Dynamic {
		return path.Join(strings.TrimPrefix(e.Value, "VIRTUAL_ENV="), "bin")
	}
	if v := os.Getenv("VIRTUAL_ENV"); path.IsAbs(v) {
		return path.Join(v, "bin")
	}
	return ""
}

// pythonManagers notes what poetry install and sync, pdm install, sync, add, update and remove,
// and hatch env create, run, shell and test install: the project itself (not with --no-root or
// --no-self), whose build runs its setup.py and build hooks, with the programs it declares, in
// pdm's .venv (or the activated environment poetry and pdm use). -C, --directory, -P or
// --project DIR (hatch's -p names a project of its configuration) says whose project it is.
func (r *reader) pythonManagers(cmd Command) {
	dir := "."
	var words []string
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if a.Dynamic {
			return // a word only known when the line runs: read by what runs it
		}
		name, value, hasValue := strings.Cut(a.Value, "=")
		takesDir := name == "-C" || name == "--directory" || name == "-P" || name == "--project" || cmd.Name == "pdm" && name == "-p"
		if !hasValue && (takesDir || cmd.Name == "hatch" && (name == "-e" || name == "--env" || name == "-p" || name == "--data-dir" || name == "--cache-dir" || name == "--config")) {
			if i+1 >= len(cmd.Args) || cmd.Args[i+1].Dynamic {
				return
			}
			i++
			value = cmd.Args[i].Value
		}
		switch {
		case name == "--no-root" || name == "--no-self":
			return
		case cmd.Name == "hatch" && (name == "-p" || name == "--project"):
			r.unresolved("hatch %s names a project of its configuration, whose build hookrun does not read", a.Value)
			return
		case takesDir:
			dir = value
		case !strings.HasPrefix(a.Value, "-"):
			words = append(words, a.Value)
		}
	}
	sub := strings.Join(words[:min(len(words), 2)], " ")
	if len(words) > 0 && words[0] != "env" {
		sub = words[0]
	}
	switch {
	case cmd.Name == "poetry" && (sub == "install" || sub == "sync"):
	case cmd.Name == "pdm" && (sub == "install" || sub == "sync" || sub == "add" || sub == "update" || sub == "remove"):
	case cmd.Name == "hatch" && (sub == "env create" || sub == "run" || sub == "shell" || sub == "test"):
	default:
		return
	}
	bin := ""
	if cmd.Name != "hatch" {
		bin = activeBin(cmd) // hatch installs into environments of its own, not on PATH
	}
	if cmd.Name == "pdm" && bin == "" {
		bin = path.Join(dir, ".venv/bin")
	}
	r.pythonProjects([]string{dir}, bin)
}
