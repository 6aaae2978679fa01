package shellcmd

import (
	"path"
	"path/filepath"
	"strings"
)

// Ruby, Perl, PHP, Lua and R programs load the project's files as Python's imports and node's
// requires do (programfiles.go): ruby x.rb whose require_relative 'lib/y' runs system("rm -rf
// ~") in lib/y.rb runs it as surely as x.rb itself would. Each file a program loads by a name
// written in it is read as a program of its language, and the files it loads in turn, within the
// program file's moduleBudget; a name only known when the program runs (require File.join(…),
// include $path) is the program's own reading, as Python's importlib is.

// A codeLoad is a file a program loads by a name written in it.
type codeLoad struct {
	names  []string // the files the name may be, as relative (or absolute) paths: lib/y.rb; util/evil.lua or util/evil/init.lua
	beside bool     // relative to the program's own file (require_relative, __DIR__)
	module bool     // looked up in the interpreter's module directories (require 'y', use Y::Z, require "a.b")
	search []string // then, for a module, in these (from the directory the program runs in; @ beside its file)
}

// Where a module is looked up beyond the directories the interpreter's options, variables and the
// program itself add: ruby, generously, in lib/ and the directory the program runs in and beside
// it (a $LOAD_PATH.unshift File.expand_path('lib', __dir__) is not read); lua in the directory it
// runs in (package.path's ./?.lua) and beside; perl in none (@INC holds neither . nor lib/).
var (
	rubySearch = []string{"lib", ".", "@", "@lib"}
	luaSearch  = []string{".", "@"}
)

// maxCodeLoads caps the names read from one program's text.
const maxCodeLoads = 256

// codeLoads lists the files a program of lang loads by a name its text spells out, and the
// directories it adds to where its modules are looked up (perl's use lib; lib/ beside a FindBin
// or __dir__ is read as lib beside the file).
func codeLoads(lang, text string) (loads []codeLoad, dirs []string) {
	switch lang {
	case "ruby":
		for _, l := range rubyLoadCalls(text, "require_relative", "require", "load") {
			name, ok := loadName(l[1])
			switch {
			case !ok:
			case l[0] == "require_relative":
				loads = append(loads, codeLoad{names: withExt(name, ".rb"), beside: true})
			case l[0] == "load":
				loads = append(loads, codeLoad{names: []string{name}})
			case relativeName(name):
				loads = append(loads, codeLoad{names: withExt(name, ".rb")})
			default:
				loads = append(loads, codeLoad{names: withExt(name, ".rb"), module: true, search: rubySearch})
			}
		}
	case "perl":
		loads, dirs = perlLoads(text)
	case "php":
		for _, rest := range callsOf(text, "require_once", "include_once", "require", "include") {
			rest, beside := phpDirPrefix(rest)
			if name, ok := loadName(rest); ok {
				if beside {
					name = strings.TrimPrefix(name, "/") // __DIR__ . '/x.php'
				}
				loads = append(loads, codeLoad{names: []string{name}, beside: beside})
			}
		}
	case "lua", "luajit":
		for _, rest := range callsOf(text, "require") {
			if name, ok := loadName(rest); ok {
				p := strings.ReplaceAll(name, ".", "/")
				loads = append(loads, codeLoad{names: []string{p + ".lua", p + "/init.lua"}, module: true, search: luaSearch})
			}
		}
		for _, rest := range callsOf(text, "dofile", "loadfile") {
			if name, ok := loadName(rest); ok {
				loads = append(loads, codeLoad{names: []string{name}})
			}
		}
	case "rscript":
		for _, rest := range callsOf(text, "source", "sys.source") {
			if name, ok := loadName(rest); ok {
				loads = append(loads, codeLoad{names: []string{name}})
			}
		}
	}
	if len(loads) > maxCodeLoads {
		loads = loads[:maxCodeLoads]
	}
	return loads, dirs
}

// loadName is the name a load's argument spells out as one quoted string, after an opening
// parenthesis: false for a name built when the program runs.
func loadName(arg string) (string, bool) {
	arg = strings.TrimLeft(strings.TrimLeft(strings.TrimSpace(arg), "("), " \t")
	if arg == "" || arg[0] != '\'' && arg[0] != '"' {
		return "", false
	}
	end := strings.IndexByte(arg[1:], arg[0])
	if end <= 0 {
		return "", false
	}
	name := arg[1 : 1+end]
	if strings.ContainsAny(name, "$\\{\n") {
		return "", false // "#{dir}/x", "$dir/x.php": only known when it runs
	}
	return name, true
}

// withExt is name, and name with ext when it has none: require 'x' loads x.rb.
func withExt(name, ext string) []string {
	if path.Ext(name) == ext {
		return []string{name}
	}
	return []string{name + ext, name}
}

// relativeName reports whether a load's name is a path from the directory the program runs in
// (./x, ../x) or an absolute one, rather than a module's name.
func relativeName(name string) bool {
	return strings.HasPrefix(name, "./") || strings.HasPrefix(name, "../") || strings.HasPrefix(name, "/")
}

// callsOf is the rest of the text after each call of one of names, up to maxCodeLoads: the name
// after a character no identifier, method call (x.require) or variable ends with, followed by a
// blank, a line's end, a ( or a quote.
func callsOf(text string, names ...string) []string {
	var out []string
	for _, name := range names {
		for rest := text; len(out) < maxCodeLoads; {
			i := strings.Index(rest, name)
			if i < 0 {
				break
			}
			before := byte(' ')
			if i > 0 {
				before = rest[i-1]
			}
			rest = rest[i+len(name):]
			if identChar(before) || before == '.' || before == '$' || rest == "" || strings.IndexByte(" \t\r\n(\"'`", rest[0]) < 0 {
				continue
			}
			out = append(out, rest)
		}
	}
	return out
}

// phpDirPrefix takes a leading __DIR__ . or dirname(__FILE__) . off a PHP include's argument:
// beside reports the name that follows is from the file's directory (dirname(__DIR__) . '/x' is
// ../x beside it: read as a name beside the file, a superset of the parent's).
func phpDirPrefix(arg string) (string, bool) {
	t := strings.TrimLeft(strings.TrimLeft(strings.TrimSpace(arg), "("), " \t")
	for _, p := range []string{"__DIR__", "dirname(__FILE__)", "dirname(__DIR__)", "dirname( __FILE__ )", "dirname( __DIR__ )"} {
		if rest, ok := strings.CutPrefix(t, p); ok {
			rest = strings.TrimLeft(rest, " \t")
			if rest, ok = strings.CutPrefix(rest, "."); ok {
				if strings.Contains(p, "dirname(__DIR__") || strings.Contains(p, "dirname( __DIR__") {
					if name, ok := loadName(rest); ok {
						return "'.." + name + "'", true
					}
				}
				return rest, true
			}
		}
	}
	return arg, false
}

// perlLoads lists the files a Perl program loads: use, no and require of a module (Foo::Bar is
// Foo/Bar.pm, use parent and use base of the quoted names), require and do of a quoted path; and
// the directories use lib adds (one after $FindBin::Bin or $FindBin::RealBin is beside the file,
// read as ./ beside it).
func perlLoads(text string) (loads []codeLoad, dirs []string) {
	module := func(name string) {
		name = strings.TrimRight(name, ";")
		if name != "" && 'A' <= name[0] && name[0] <= 'Z' {
			loads = append(loads, codeLoad{names: []string{strings.ReplaceAll(name, "::", "/") + ".pm"}, module: true})
		}
	}
	for _, rest := range callsOf(text, "use", "no", "require", "do") {
		t := strings.TrimLeft(rest, " \t")
		word := t
		if i := strings.IndexAny(t, " \t;(\n"); i >= 0 {
			word = t[:i]
		}
		switch word {
		case "lib", "parent", "base":
			args := strings.TrimSpace(t[len(word):])
			if end := strings.IndexByte(args, ';'); end >= 0 {
				args = args[:end]
			}
			for _, s := range perlWords(args) {
				switch {
				case word != "lib":
					module(s)
				case strings.HasPrefix(s, "$FindBin::Bin") || strings.HasPrefix(s, "$FindBin::RealBin"):
					dirs = append(dirs, "@"+strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(s, "$FindBin::RealBin"), "$FindBin::Bin"), "/"))
				case !strings.ContainsAny(s, "$@"):
					dirs = append(dirs, s)
				}
			}
			continue
		}
		if name, ok := loadName(t); ok {
			loads = append(loads, codeLoad{names: []string{name}})
			continue
		}
		module(word)
	}
	return loads, dirs
}

// perlWords are the quoted strings and qw() words of a Perl list.
func perlWords(args string) []string {
	var out []string
	for rest := args; rest != ""; {
		i := strings.IndexAny(rest, "'\"w")
		if i < 0 {
			break
		}
		if rest[i] == 'w' {
			if i > 0 && rest[i-1] == 'q' && i+1 < len(rest) && strings.IndexByte("([{/", rest[i+1]) >= 0 {
				closing := map[byte]byte{'(': ')', '[': ']', '{': '}', '/': '/'}[rest[i+1]]
				end := strings.IndexByte(rest[i+2:], closing)
				if end < 0 {
					break
				}
				out = append(out, strings.Fields(rest[i+2:i+2+end])...)
				rest = rest[i+3+end:]
				continue
			}
			rest = rest[i+1:]
			continue
		}
		end := strings.IndexByte(rest[i+1:], rest[i])
		if end < 0 {
			break
		}
		out = append(out, rest[i+1:i+1+end])
		rest = rest[i+2+end:]
	}
	return out
}

// A loadBase is a directory a loaded name is looked up in: on disk, and as the reason shows it.
type loadBase struct{ disk, shown string }

// loadBases are the directories a load's names are looked up in, in order: beside the program's
// file for one from its directory; else the directory the program runs in (and, for PHP's and
// Perl's paths, which fall back to it, beside the file); for a module, the interpreter's module
// directories (dirs: its options', variables' and the program's own, each from the directory it
// runs in, or beside the file for a dir marked @), then the language's own (codeLoad.search).
func (r *reader) loadBases(l codeLoad, run scriptRun, disk, file string, dirs []string) []loadBase {
	fileDir := loadBase{filepath.Dir(disk), path.Dir(file)}
	if l.beside {
		return []loadBase{fileDir}
	}
	var out []loadBase
	here := func(d string) {
		switch {
		case strings.HasPrefix(d, "@"):
			d = strings.TrimPrefix(d, "@")
			out = append(out, loadBase{filepath.Join(fileDir.disk, filepath.FromSlash(d)), path.Join(fileDir.shown, d)})
		case run.dirUnknown != "" || strings.HasPrefix(d, "~"):
			// Where the line runs is only known when it runs (located said so for the file).
		case path.IsAbs(d):
			out = append(out, loadBase{filepath.FromSlash(d), d})
		case path.IsAbs(run.dir):
			out = append(out, loadBase{filepath.FromSlash(path.Join(run.dir, d)), path.Join(run.dir, d)})
		default:
			for _, root := range r.files.Dirs {
				out = append(out, loadBase{filepath.Join(root, filepath.FromSlash(path.Join(run.dir, d))), path.Join(run.dir, d)})
			}
		}
	}
	if !l.module {
		here(".")
		return append(out, fileDir)
	}
	for _, d := range dirs {
		here(d)
	}
	for _, d := range l.search {
		here(d)
	}
	return out
}

// codeModules reads the project's files a program of lang at disk (named file) loads (codeLoads),
// each as a program of its own, and theirs in turn, within mods; dirs are the module directories
// its interpreter's options and variables give.
func (r *reader) codeModules(run scriptRun, lang, file, disk, text string, dirs []string, mods *moduleBudget) {
	loads, own := codeLoads(lang, text)
	own = append(own, dirs...)
	for _, l := range loads {
		for _, q := range r.loadCandidates(l, run, disk, file, own) {
			if !r.exists(q[0]) {
				continue
			}
			if !r.once("codemod\x00" + q[0]) {
				break // read already (or the file itself)
			}
			text, ok := r.cachedText(q[1], q[0])
			if !ok {
				continue // a directory: the next name may be a file
			}
			if !r.moreModules(mods, len(text)) {
				return
			}
			r.fileName = q[1]
			r.programCode(lang, text, run.depth)
			r.codeModules(run, lang, q[1], q[0], text, dirs, mods)
			break
		}
	}
}

// loadCandidates are the files a load may be, each on disk and as shown, in the order the
// interpreter looks.
func (r *reader) loadCandidates(l codeLoad, run scriptRun, disk, file string, dirs []string) [][2]string {
	var out [][2]string
	for _, name := range l.names {
		if path.IsAbs(name) {
			out = append(out, [2]string{filepath.FromSlash(name), name})
			continue
		}
		for _, b := range r.loadBases(l, run, disk, file, dirs) {
			out = append(out, [2]string{filepath.Join(b.disk, filepath.FromSlash(name)), path.Join(b.shown, name)})
		}
	}
	return out
}
