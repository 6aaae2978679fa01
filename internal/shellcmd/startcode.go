package shellcmd

import (
	"encoding/base64"
	"net/url"
	"path"
	"slices"
	"strings"
)

// An interpreter loads code before its program when its options or its variables say so: ruby
// -rLIB, perl -MNAME, node -r X (--require, --import, --loader), lua -l NAME, php -d
// auto_prepend_file=X, and the same given to every program of the language a command starts, by
// RUBYOPT, PERL5OPT, NODE_OPTIONS (npm test is node too), LUA_INIT (code, or @FILE) and an ini file
// php -c or PHPRC names. Each is read as the code it stands for (ruby -revil is require 'evil'), a
// program given in the line: a file of the project it loads is read as a program file the line runs.
// RUBYLIB, PERL5LIB, PYTHONPATH and -I add directories modules are looked up in.

// startupVars are the variables that give an interpreter options or code, by language.
var startupVars = [...]struct{ name, lang string }{
	{"NODE_OPTIONS", langNode}, {"RUBYOPT", "ruby"}, {"PERL5OPT", "perl"}, {"PHPRC", "php"}, {"LUA_INIT", "lua"},
	{"LUA_INIT_5_1", "lua"}, {"LUA_INIT_5_2", "lua"}, {"LUA_INIT_5_3", "lua"}, {"LUA_INIT_5_4", "lua"},
}

// startupCode is the code the variables env gives a command load before every program of lang it
// starts, and, when own (the command is lang's interpreter, with the options args), the code those
// options load, each as the language's own code: ruby -revil is require 'evil'.
func (r *reader) startupCode(lang string, args, env []Arg, own bool) []string {
	var code []string
	if own {
		code = r.optionCode(lang, args)
	}
	if !startupEnv(env) {
		return code
	}
	last := lastEnv(env)
	for _, v := range startupVars {
		e, ok := last[v.name]
		if v.lang != lang || !ok {
			continue
		}
		value, dynamic := ownValue(v.name, e)
		switch {
		case dynamic:
			r.unresolved("the line gives %s a value only known when it runs, which may load any code into %s", v.name, lang)
		case v.name == "PHPRC":
			code = append(code, r.phpIni(value)...)
		case v.lang != "lua":
			code = append(code, r.optionCode(lang, fieldArgs(value))...)
		default: // LUA_INIT: code, or @FILE
			if f, ok := strings.CutPrefix(value, "@"); ok {
				code = append(code, "dofile("+luaQuote(f)+")")
			} else {
				code = append(code, value)
			}
		}
	}
	return code
}

// moduleDirs are the directories the variables env gives a command (RUBYLIB, PERL5LIB, PERLLIB,
// PYTHONPATH, and the -I of RUBYOPT and PERL5OPT) and, when own, its options (-I, perl's
// -Mlib=DIR) put where lang's modules are looked up, each from the directory the line runs in.
func moduleDirs(lang string, args, env []Arg, own bool) []string {
	var dirs []string
	opts := func(args []Arg) {
		if lang == "ruby" || lang == "perl" {
			dirs = append(dirs, argValues(optionValues(args, "-I"))...)
		}
		if lang == "perl" {
			for _, m := range optionValues(args, "-M") {
				if d, ok := strings.CutPrefix(m.Value, "lib="); ok && !m.Dynamic {
					dirs = append(dirs, strings.Split(d, ",")...)
				}
			}
		}
	}
	if own {
		opts(args)
	}
	if !startupEnv(env) {
		return dirs
	}
	for name, e := range lastEnv(env) {
		value := strings.TrimPrefix(e.Value, name+"=")
		switch {
		case e.Dynamic:
		case name == "RUBYOPT" && lang == "ruby" || name == "PERL5OPT" && lang == "perl":
			opts(fieldArgs(value))
		case name == "RUBYLIB" && lang == "ruby" || (name == "PERL5LIB" || name == "PERLLIB") && lang == "perl" ||
			name == "PYTHONPATH" && lang == langPython:
			dirs = append(dirs, strings.Split(value, ":")...)
		}
	}
	slices.Sort(dirs) // lastEnv is a map: one order whatever its walk's
	return slices.Compact(dirs)
}

// ownValue is the value a NAME=VALUE the line gives holds beside the environment's own value of
// NAME, which the person's environment sets (export NODE_OPTIONS="$NODE_OPTIONS
// --max-old-space-size=4096"); dynamic when another part is only known when the line runs.
func ownValue(name string, e Arg) (string, bool) {
	value := strings.TrimPrefix(e.Value, name+"=")
	if !e.Dynamic {
		return value, false
	}
	value = strings.NewReplacer("${"+name+"}", "", "$"+name, "").Replace(value)
	return value, strings.ContainsAny(value, "$`")
}

// startupEnv reports whether env gives a variable startupCode or moduleDirs reads: most lines give
// none, and a line of thousands of commands and variables is not read for them at every command.
func startupEnv(env []Arg) bool {
	for _, e := range env {
		name, _, _ := strings.Cut(e.Value, "=")
		switch {
		case name == "RUBYLIB" || name == "PERL5LIB" || name == "PERLLIB" || name == "PYTHONPATH":
			return true
		case slices.ContainsFunc(startupVars[:], func(v struct{ name, lang string }) bool { return v.name == name }):
			return true
		}
	}
	return false
}

// fieldArgs splits a variable's options at blanks, taking quotes off as node reads NODE_OPTIONS.
func fieldArgs(value string) []Arg {
	var out []Arg
	for _, f := range strings.Fields(value) {
		out = append(out, Arg{Value: strings.Trim(f, `"'`)})
	}
	return out
}

// optionCode is the code an interpreter's options load: ruby's -r, perl's -M and -m
// (perlModules), node's -r, --require, --import, --loader and --experimental-loader of a file of
// the project or a data: URL, and the NODE_OPTIONS of the file --env-file names, lua's -l, php's
// -d auto_prepend_file= and auto_append_file=, and the ini file php -c names.
func (r *reader) optionCode(lang string, args []Arg) []string {
	var code []string
	switch lang {
	case "ruby":
		for _, a := range optionValues(args, "-r") {
			code = append(code, "require "+rubyQuote(a.Value))
		}
	case "perl":
		code = perlModules(args)
	case langNode:
		for _, a := range optionValues(args, "-r", "--require", "--import", "--loader", "--experimental-loader") {
			if c, ok := dataURL(a.Value); ok {
				code = append(code, c)
			} else if relativeName(a.Value) {
				code = append(code, "require("+rubyQuote(a.Value)+")")
			}
		}
		for _, f := range optionValues(args, "--env-file", "--env-file-if-exists") {
			t, _ := r.lineText(f.Value)
			for line := range strings.Lines(t) {
				if v, ok := strings.CutPrefix(strings.TrimSpace(line), "NODE_OPTIONS="); ok {
					code = append(code, r.optionCode(langNode, fieldArgs(strings.Trim(v, `"'`)))...)
				}
			}
		}
	case "lua", "luajit":
		for _, a := range optionValues(args, "-l") {
			name := a.Value
			if _, m, ok := strings.Cut(name, "="); ok {
				name = m // -l g=mod loads mod as g
			}
			code = append(code, "require("+luaQuote(name)+")")
		}
	case "php":
		for _, d := range optionValues(args, "-d", "--define") {
			code = append(code, phpPrepends(d.Value)...)
		}
		for _, c := range optionValues(args, "-c", "--php-ini") {
			code = append(code, r.phpIni(c.Value)...)
		}
	}
	return code
}

// rubyQuote and luaQuote quote a name for code read as the language's (a name with a quote in
// it is not one a load's reading takes: it loads nothing read).
func rubyQuote(s string) string { return "'" + s + "'" }
func luaQuote(s string) string  { return `"` + s + `"` }

// dataURL is the program a data: URL node imports holds (--import 'data:text/javascript,…').
func dataURL(v string) (string, bool) {
	rest, ok := strings.CutPrefix(v, "data:")
	if !ok {
		return "", false
	}
	meta, data, ok := strings.Cut(rest, ",")
	if !ok {
		return "", false
	}
	if strings.HasSuffix(meta, ";base64") {
		b, err := base64.StdEncoding.DecodeString(data)
		if err != nil {
			return v, true // read as it is: its words still count
		}
		return string(b), true
	}
	if d, err := url.PathUnescape(data); err == nil {
		return d, true
	}
	return data, true
}

// phpPrepends is the code an ini setting (auto_prepend_file=X, auto_append_file=X) loads.
func phpPrepends(setting string) []string {
	name, value, ok := strings.Cut(setting, "=")
	name = strings.TrimSpace(name)
	if !ok || name != "auto_prepend_file" && name != "auto_append_file" {
		return nil
	}
	value = strings.Trim(strings.TrimSpace(value), `"'`)
	if value == "" {
		return nil
	}
	return []string{"require " + rubyQuote(value) + ";"}
}

// phpIni is the code the ini file php -c or PHPRC names loads: a file, or a directory's
// php-cli.ini or php.ini.
func (r *reader) phpIni(p string) []string {
	var out []string
	for _, f := range []string{p, path.Join(p, "php-cli.ini"), path.Join(p, "php.ini")} {
		t, ok := r.lineText(f)
		if !ok {
			continue
		}
		for line := range strings.Lines(t) {
			out = append(out, phpPrepends(line)...)
		}
		break
	}
	return out
}

// lineText is the text of the file p names from the directory the line is in, when it is there.
func (r *reader) lineText(p string) (string, bool) {
	if !r.withFiles() || r.dirUnknown != "" {
		return "", false
	}
	for _, q := range r.located(scriptRun{dir: r.dir}, p) {
		if !r.exists(q) {
			continue
		}
		return r.cachedText(p, q)
	}
	return "", false
}

// envStartups reads what the variables the line gives cmd load into the programs of languages
// other than its own that it starts: NODE_OPTIONS=-r ./x.js npm test runs x.js in npm, which is
// node. Its own language's are read with its program (program).
func (r *reader) envStartups(cmd Command, depth int) {
	if !startupEnv(cmd.Env) {
		return
	}
	own := programLang(cmd.Name)
	for _, lang := range []string{langNode, "ruby", "perl", "php", "lua"} {
		if lang == own {
			continue
		}
		code := r.startupCode(lang, nil, cmd.Env, false)
		if len(code) > 0 && r.withFiles() {
			r.inlineFiles(lang, code, moduleDirs(lang, nil, cmd.Env, false), depth)
		}
		if len(code) > 0 {
			r.codeLiterals(code)
			for _, c := range code {
				r.runStrings(c, lang, depth)
			}
		}
	}
}

// perlModules is the code perl's -M and -m options put before the program: -MNAME is use NAME;
// and -mNAME use NAME ();, -M-NAME no NAME;. What follows an = is quoted by perl itself
// (q\0…\0) and runs nothing, but what precedes it is code: perl -M'5;system q{rm -rf ~}' -e1 runs
// rm as surely as perl -e 'system q{rm -rf ~}' does.
func perlModules(args []Arg) []string {
	var code []string
	for _, v := range optionValues(args, "-M", "-m") {
		if v.Dynamic {
			continue // an option only known when the line runs is unresolved where clusterCode reads it
		}
		name, _, _ := strings.Cut(v.Value, "=")
		use := "use "
		if n, ok := strings.CutPrefix(name, "-"); ok {
			use, name = "no ", n
		}
		code = append(code, use+name+";")
	}
	return code
}
