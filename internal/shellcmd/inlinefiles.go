package shellcmd

import (
	"path"
	"strings"
)

// maxInlineFiles caps the program files one program given in the line is read to load.
const maxInlineFiles = 64

// inlineFiles notes the program files of the project a program given in the line loads, each
// read as a program file the line runs (programFromDisk): a string that names a file of the
// interpreter's own language (exec(open("x.py").read()), runpy.run_path("x.py"), perl's do
// "./x.pl", ruby's load "x.rb"), Python's imports (python -c puts the working directory first
// on its path: import x loads x.py or x/__init__.py there) and JavaScript's relative ones
// (require("./a")), each also in the module directories dirs (PYTHONPATH: moduleDirs), and the
// files a Ruby, Perl, PHP, Lua or R program loads (inlineLoads). python3 -c 'import x' ran x.py
// unread, while python3 x.py was read. Only a file that is there is noted: a name that is no file
// of the project is the environment's (import json), and a file the line writes first is read as
// the line writes it.
func (r *reader) inlineFiles(name string, code, dirs []string, depth int) {
	lang := programLang(name)
	if lang == "" || lang == langAwk || lang == langSed || r.dirUnknown != "" || r.files == nil {
		return
	}
	var files []string
	for _, c := range code {
		for _, lit := range literals(c) {
			if programExt(lang, lit) {
				files = append(files, lit)
			}
		}
		switch lang {
		case langPython:
			for _, m := range pyImports(c) {
				if strings.HasPrefix(m, ".") {
					continue // relative: no package around a program given in the line
				}
				for _, d := range append([]string{"."}, dirs...) {
					files = append(files, pyModuleFiles(d, m)...)
				}
			}
		case langNode:
			for _, spec := range jsImports(c) {
				for _, f := range jsModuleFiles(spec) {
					if jsFile(f) {
						files = append(files, f)
					}
				}
			}
		default:
			r.inlineLoads(lang, []string{c}, dirs, depth)
		}
	}
	noted := 0
	for _, f := range files {
		if noted == maxInlineFiles {
			r.unresolved("a program given in the line loads more than %d files of the project, more than hookrun reads", maxInlineFiles)
			return
		}
		if !r.existsHere(f) {
			continue
		}
		if run := r.ran(runCode, Arg{Value: f}, depth); run != nil {
			run.manager = lang
			noted++
		}
	}
}

// existsHere reports whether the file p, relative to the directory the line is in, is there.
func (r *reader) existsHere(p string) bool {
	for _, q := range r.located(scriptRun{dir: r.dir}, p) {
		if r.exists(q) {
			return true
		}
	}
	return false
}

// programExt reports whether name ends as a program file of lang does.
func programExt(lang, name string) bool {
	ext := path.Ext(name)
	switch lang {
	case langPython:
		return ext == ".py" || ext == ".pyw"
	case langNode:
		return jsFile(name)
	case "perl":
		return ext == ".pl" || ext == ".pm"
	case "ruby":
		return ext == ".rb"
	case "php":
		return ext == ".php" || ext == ".inc"
	case "lua", "luajit":
		return ext == ".lua"
	case "rscript":
		return ext == ".R" || ext == ".r"
	}
	return false
}

// pyModuleFiles are the files importing the dotted module m loads from the directory dir: each
// package's __init__.py, and each name's own .py, a module that is no package too (import a.b
// runs a.py before it fails to find b in it).
func pyModuleFiles(dir, m string) []string {
	var files []string
	parts := strings.Split(m, ".")
	for i := range parts {
		p := path.Join(dir, strings.Join(parts[:i+1], "/"))
		files = append(files, p+"/__init__.py", p+".py")
	}
	return files
}

// inlineLoads notes the files of the project a Ruby, Perl, PHP, Lua or R program given in the line
// loads (codeLoads), each read as a program file the line runs: a path from the directory the
// line is in, a module in dirs (ruby -I, PERL5LIB) and where the language looks (codeLoad.search;
// beside the program is the directory the line is in).
func (r *reader) inlineLoads(lang string, code, dirs []string, depth int) {
	if r.dirUnknown != "" || !r.withFiles() {
		return
	}
	noted := 0
	for _, c := range code {
		loads, own := codeLoads(lang, c)
		for _, l := range loads {
			bases := []string{"."}
			if l.module {
				bases = append(append(append([]string{}, dirs...), own...), l.search...)
			}
		names:
			for _, n := range l.names {
				for _, b := range bases {
					f := n
					if !path.IsAbs(n) {
						f = path.Join(strings.TrimPrefix(b, "@"), n)
					}
					if !r.existsHere(f) {
						continue
					}
					if noted++; noted > maxInlineFiles {
						r.unresolved("a program given in the line loads more than %d files of the project, more than hookrun reads", maxInlineFiles)
						return
					}
					if run := r.ran(runCode, Arg{Value: f}, depth); run != nil {
						run.manager, run.loadDirs = lang, dirs
					}
					break names
				}
			}
		}
	}
}
