package shellcmd

import (
	"encoding/json"
	"github.com/pelletier/go-toml/v2"
	yaml "go.yaml.in/yaml/v3"
	"io/fs"
	"os"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParse reads arbitrary lines: no panic, every command named by its basename (folded: RM, rm.exe and zsh's =rm are rm), and a pattern is
// only Unknown with a reason, and only when something in the line is unknown.
func FuzzParse(f *testing.F) {
	for _, tc := range mustMatch {
		f.Add(tc.line)
	}
	for _, tc := range mustBeUnknown {
		f.Add(tc.line)
	}
	for _, line := range []string{"git checkout -b x origin/y", "git -C d rebase --onto a b c", "git switch -", "cd s && git merge a b", "git fetch && git reset --hard @{u}", "git -c alias.x='!rm -rf /' x", "git rebase -x 'rm -rf /' main", "git submodule foreach rm -rf /",
		"vim -es -c 'g/x/sil w! a|!rm b' -c q f", "ed -s f <<'EOF'\n1,$wq x\na\n.\n!rm y\nEOF", "gdb -batch -ex 'pipe -d X p 1 X tee a' -ex 'dump value x 1'",
		"sqlite3 db \".once '|rm a'\" \"select writefile('b', 1)\"",
		"perl -e 'system(\"rm -rf x\"); print qx{ls}; open(F, \"+<.env\")'", "tclsh <<< 'if {1} { exec rm [open .env w] }'",
		"expect -c 'spawn -noecho rm x; expect eof'", "kak -e 'nop %sh{ rm $(x) }; w .env'", "awk 'BEGIN{print \"x\" | \"sh\"}'",
		"tar -xf a.tar -C ~/x && cd d && unzip a.zip -d ../e", "nohup unshare --mount=.env make -j$(getconf _NPROCESSORS_ONLN)",
		"run-s 'a -- b' --npm-path ./n && concurrently npm:x 'c:*' --teardown 'y' && turbo run //#z -- q; corepack pnpm@9 \"$S\"; nix develop -c lerna run a",
		"npm_config_prefix=~/p npm i -g x@npm:y @s/z@1 && pnpm --dir w add ./d && yarn global add q && bun"} {
		f.Add(line)
	}
	for _, line := range bashdiffLines(f) {
		f.Add(line)
	}
	patterns := fuzzPatterns()
	f.Fuzz(func(t *testing.T, line string) {
		l := Parse(line)
		for _, rv := range l.Revisions {
			if rv.Rev == "" || strings.HasPrefix(rv.Rev, "-") || rv.Dir == "" {
				t.Fatalf("revision %+v: no commit, an option, or no directory", rv)
			}
		}
		for _, c := range l.Commands {
			if c.Path != "" && !c.PowerShell && c.Name != commandName(c.Path) { // a cmdlet is named for what its alias stands for
				t.Fatalf("command %q named %q, not its folded basename", c.Path, c.Name)
			}
		}
		checkLine(t, patterns, line, POSIX, &l)
	})
}

// bashdiffLines are lines of the rules handler's differential corpus (package rules,
// bashdiff_test.go; BASH HOOKRUN "LINE" rows) that hookrun does not deny outright, the edge of
// what it reads: one in three, so that gathering the seeds' coverage leaves a short fuzz run time.
func bashdiffLines(f *testing.F) []string {
	data, err := os.ReadFile("../rules/testdata/bashdiff.txt")
	if err != nil {
		f.Fatal(err)
	}
	var out []string
	n := 0
	for _, row := range strings.Split(string(data), "\n") {
		if row == "" || strings.HasPrefix(row, "#") {
			continue
		}
		_, rest, _ := strings.Cut(row, " ")
		verdict, quoted, _ := strings.Cut(rest, " ")
		if n++; verdict == "deny" || n%3 != 0 {
			continue
		}
		line, err := strconv.Unquote(quoted)
		if err != nil {
			f.Fatalf("bashdiff.txt: %q: %v", row, err)
		}
		out = append(out, line)
	}
	return out
}

// fuzzPatterns are what the fuzz targets match every line they read against.
func fuzzPatterns() []*Pattern {
	return []*Pattern{mustCompile("rm -rf"), mustCompile("rm -r|-R|--recursive -f|--force"), mustCompile("* -?")}
}

// checkLine fails the fuzz run when l, line as read for the shell sh, breaks what every reading
// keeps: no path is empty, and a pattern is Unknown only with a reason, and only when something in
// the line is only known when it runs.
func checkLine(t *testing.T, patterns []*Pattern, line string, sh Shell, l *Line) {
	t.Helper()
	dynamic := len(l.Unresolved) > 0
	for _, c := range l.Commands {
		for _, a := range c.Args {
			dynamic = dynamic || a.Dynamic
		}
	}
	for _, p := range l.Paths {
		if p == "" {
			t.Fatalf("empty path from %q (shell %d)", line, sh)
		}
	}
	for _, p := range patterns {
		o, why := p.MatchLine(l)
		if (o == Unknown) != (why != "") || o == Unknown && !dynamic {
			t.Fatalf("%q on %q (shell %d): outcome %d, reason %q, dynamic %v", p, line, sh, o, why, dynamic)
		}
	}
}

// FuzzCompile compiles arbitrary patterns: no panic; a compiled pattern matches its own words.
func FuzzCompile(f *testing.F) {
	for _, s := range []string{"rm -rf", "rm -r|-R|--recursive -f|--force", "git push --force|-f", "dd of=/dev/*", "mkfs*", "a|b ?|--x", "|", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Compile(s)
		if err != nil {
			if !strings.Contains(err.Error(), "pattern") {
				t.Fatalf("error %q does not name the pattern", err)
			}
			return
		}
		l := Parse("x -y z")
		p.MatchLine(&l)
	})
}

func mustCompile(s string) *Pattern {
	p, err := Compile(s)
	if err != nil {
		panic(err)
	}
	return p
}

// FuzzDiskScripts reads arbitrary lines with an arbitrary text in every file they run (a script,
// a makefile, a package.json): no panic, no hang, and a pattern is only Unknown with a reason.
func FuzzDiskScripts(f *testing.F) {
	for _, line := range []string{"sh s.sh", "./s", ". x", "make", "make test", "npm test", "yarn x", "make -C d -f m t X=1"} {
		for _, text := range hostileProject {
			f.Add(line, text)
		}
	}
	f.Add("make", "a: b\n\t$(X)\nX = $(X)$(X)\nb: a\n\t$(shell $(X))\ninclude $(X)\n")
	f.Add("make", "%: %.x\n\trm $@\n.DEFAULT:\n\t$<\n.RECIPEPREFIX := x\ndefine D\nx\nendef\n")
	f.Add("git -C d commit", "[core]\n\thooksPath = h\n\tpager = \"a ; b\" # c\n[alias \"x\"]\n\tx = !y \\\n z\n")
	f.Add("make t", "define T\n$(1): ; rm $(2)\nendef\n$(foreach t,a t,$(eval $(call T,$(t),-rf ~)))\n$(R)\n.ONESHELL:\n")
	f.Add("make", "V=$(foreach a,1 2 3 4,$(foreach b,1 2 3 4,$(V)))\nx: ; $(call V,$(if $(wildcard a),$(or ,$(and 1,)),$(let a b,c,$(word 2,$(patsubst %,-%,$(subst a,b,$(filter-out x,$(sort b a))))))))\n")
	f.Add("git x", "gitdir: ../g\n[alias]x=!rm -rf ~")
	f.Add("just a b -rf", "a:\n  rm -rf ~\nb x *y: a\n  rm {{x}} {{y}}\n")
	f.Add("composer install", `{"scripts":{"post-install-cmd":["@putenv A=1","@php x","@composer run-script a","@a -rf"],"a":"rm"}}`)
	f.Add("deno task -c d.jsonc b x", "{\"tasks\": {\"b\": {\"command\": \"rm\", \"dependencies\": [\"b\"]}, /* c */ }, // d\n}")
	f.Add("git status", "[include]\npath=x\npath = ../x\n[includeIf \"gitdir:~/w/\"]\n\tpath=~/y\n[core]hooksPath=~")
	f.Add("./s -rf ~ \"$X\" '\"'", "rm \"$@\" $* ${1}\"${9}\"$$1 \"$\n")
	f.Add("sh s a b c d e f g h i j", "f() { rm \"$@\"; }; shift; set -- x; f $3")
	f.Add("./s -rf ~ x", "rm ${1+\"$@\"} \"${@:2}\" ${10:-${2:-$1}} ${1#\x27}\x27} ${*\n for a; do rm $a; shift; done")
	f.Add("F=-rf MAKEFILES='a b' make x", "export G = $(F)\nexport\n.EXPORT_ALL_VARIABLES:\nx:\n\trm $$F $$G ~ $(F)\n")
	f.Add("export F=-rf; env G=1 sh s", ". \"$(dirname \"${BASH_SOURCE[0]}\")/x\"\nS=$(readlink -f \"$0\"); D=${S%/*}; rm $F \"$(cd \"$D\" && pwd)\"")
	f.Add("npm run x -w @s/a -w ./b --workspace=c -ws", `{"name":"@s/a","workspaces":["a/*","b","!c","{d,e}/*","../f"],"scripts":{"x":"rm -rf ~"}}`)
	f.Add("pnpm --filter '@s/*' -F ...a -r x", "packages:\n  - 'a/*'\n")
	f.Add("yarn workspace a run x", `{"workspaces":{"packages":["*"]},"scripts":{"x":"rm"}}`)
	f.Add("task a:b", "includes:\n  a: ./x\ntasks:\n  b: rm -rf ~\n")
	f.Add("just m r", "import 'x'\nmod m\nr:\n  rm -rf ~\n")
	patterns := fuzzPatterns()
	f.Fuzz(func(t *testing.T, line, text string) {
		files := everyFileHolds(text)
		files.List = func(string, int) ([]string, error) { return []string{"a", "b"}, nil }
		l := ParseFiles(line, POSIX, files)
		checkLine(t, patterns, line, POSIX, &l)
	})
}

// FuzzJSONC reads JSON with comments (a deno.jsonc) as JSON: no panic, and JSON without them is
// left as it is.
func FuzzJSONC(f *testing.F) {
	f.Add("// c\n{\"tasks\": {\"a\": \"b /* x */\", /* y */ \"c\": [1, 2,],},}\n")
	f.Add("{\"a\": \"\\\"//\", \"b\": /* unclosed")
	f.Add(`{"tasks":{"t":{"command":"rm","dependencies":["a","b"]}}}`)
	f.Fuzz(func(t *testing.T, text string) {
		out := jsoncText(text)
		if json.Valid([]byte(text)) && out != text {
			t.Fatalf("jsoncText(%q) = %q, want it unchanged", text, out)
		}
		denoTasks(text)
		composerScripts(text)
	})
}

// FuzzYarnrc reads a yarn 1 .yarnrc's script-shell: no panic, and the value of a line that sets
// it plainly.
func FuzzYarnrc(f *testing.F) {
	f.Add("# yarn\nscript-shell \"./x.sh\"\n\"script-shell\" /bin/bash\r\n", "./t.sh")
	f.Add("\ufeffscript-shell\n\"\\", "x y")
	f.Fuzz(func(t *testing.T, text, shell string) {
		yarnrcScriptShell(text)
		if shell == "" || strings.ContainsFunc(shell, func(c rune) bool {
			return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("./_-", c))
		}) {
			return // a path as one is written
		}
		if got := yarnrcScriptShell(text + "\nscript-shell " + shell + "\n"); got != shell {
			t.Fatalf("yarnrcScriptShell(%q + script-shell %s) = %q", text, shell, got)
		}
	})
}

// FuzzHookManagers reads a .pre-commit-config.yaml's and a lefthook.yml's commands: no panic, and
// a local hook's entry is one of pre-commit's lines.
func FuzzHookManagers(f *testing.F) {
	f.Add("repos:\n- repo: local\n  hooks:\n  - {id: a, entry: rm, args: [-rf, '~'], language: system}\n", "pre-commit")
	f.Add("pre-commit:\n  commands: {a: {run: rm}}\n  scripts: {'x y': {runner: sh}}\n  jobs: [{run: a, group: {jobs: [{script: s}]}}]\n", "pre-commit")
	f.Add("a: &a [*a]\nrepos: *a\n", "a")
	f.Add("remotes: [{git_url: x}, {}]\nextends: [a.yml, $HOME/b.yml, '*.yml', ../c]\nsource_dir: ../x\npre-commit:\n  scripts: {s: {}}\n", "pre-commit")
	f.Fuzz(func(t *testing.T, text, hook string) {
		preCommitLines(text, hook)
		lefthookLines(text, hook, ".lefthook")
		r := &reader{files: &Files{Dirs: []string{"/p"}, uncached: true, Read: func(string, int64) ([]byte, bool, error) { return []byte(text), true, nil }}}
		r.lefthookConfig("/p", "lefthook.yml", text, hook)
		entry, err := json.Marshal(hook) // a YAML double-quoted scalar
		if err != nil || hook == "" || !utf8.ValidString(hook) {
			return
		}
		config := "repos:\n- repo: local\n  hooks:\n  - id: x\n    entry: " + string(entry) + "\n    language: system\n"
		if lines := preCommitLines(config, ""); yaml.Unmarshal([]byte(config), new(any)) == nil && (len(lines) != 1 || lines[0] != hook) {
			t.Fatalf("preCommitLines with entry %q: %q", hook, lines)
		}
	})
}

// FuzzJustfile reads a justfile's recipes: no panic, and a recipe's plain body line is among the
// lines just runs for it.
func FuzzJustfile(f *testing.F) {
	f.Add("set shell := [\"bash\", \"-c\"]\nx := 'a'\n[default]\nb p +q='z': (a \"1\") && c\n  @-rm {{p}} {{q}} {{x}} {{{{ {{ f() }}\nalias c := b\n", "b 1 2 3", "echo ok")
	f.Add("a:\n\t#!/bin/sh\n\trm\n\nb: a a (a) (\n", "", "rm -rf ~")
	f.Add("import 'x.just'\nimport? \"y\"\nmod m\nmod? n 'd/e.just'\nmod o 'dir'\nr:\n  rm\n", "m n::r o r", "rm -rf ~")
	f.Add("set shell := ['./sh', '-c']\nset export\nset dotenv-load := true\nset dotenv-filename := '.e'\nexport F := '-rf'\nx := `rm`\n[script('./i')]\nb g:\n  #!./run a\n  rm $F $g\n", "b 1", "rm")
	f.Fuzz(func(t *testing.T, text, words, line string) {
		jf := parseJustfile(text)
		jf.justIncludes(".", func(string) (string, bool) { return text, true }, map[string]bool{"justfile": true}, 0)
		jf.lines(strings.Fields(words), []string{"x=1"})
		if strings.ContainsAny(line, "{}\n\r@-#\\") || strings.TrimSpace(line) != line || line == "" {
			return
		}
		got := parseJustfile(text+"\nzz_recipe:\n    "+line+"\n").lines([]string{"zz_recipe"}, nil)
		if len(got) == 0 || !strings.Contains(got[len(got)-1][1], line) {
			t.Fatalf("justfile %q: recipe zz_recipe runs %q, not %q", text, got, line)
		}
	})
}

// FuzzTaskfile reads a Taskfile's tasks: no panic, and a task's plain cmd is among the lines task
// runs for it.
func FuzzTaskfile(f *testing.F) {
	f.Add("version: 3\nvars: {A: x}\ntasks:\n  default: {deps: [b, {task: c}], cmds: [{task: b}, {cmd: 'rm {{.A}} {{.CLI_ARGS}} {{ .X | q }}'}], dir: d}\n  b: [a, b]\n  c: rm\n", "default", "echo ok")
	f.Add("tasks: &a {a: *a}\n", "a", "rm")
	f.Add("includes:\n  a: ./x\n  b: {taskfile: y.yml, aliases: [c, d], flatten: true, dir: z}\n  e: '{{.OS}}.yml'\ntasks:\n  t: {aliases: [u], cmds: [{task: a:t}, {task: ':t'}]}\n", "a:b:c:t u e:x", "rm")
	f.Add("dotenv: [.env, '{{.X}}']\nenv: {F: -rf, 'a b': x, G: {sh: rm}}\nvars: {V: {sh: 'rm -rf ~'}}\ntasks:\n  t: {dotenv: [e], env: {H: '{{.V}}'}, vars: {W: {sh: x}}, status: [a], preconditions: [b, {sh: c}], cmds: ['rm $F']}\n", "t", "rm")
	f.Add("F=\"-rf\"\nexport G='x'\n# c\nH\n", "default", "echo")
	f.Fuzz(func(t *testing.T, text, names, line string) {
		taskfileLines(text, "Taskfile.yml", strings.Fields(names), []string{"A=1", "CLI_ARGS=-rf"}, func(p string) (string, string, bool) { return text, p, true }, func(string) (string, bool) { return text, true })
		entry, err := json.Marshal(line)
		if err != nil || line == "" || !utf8.ValidString(line) || strings.Contains(line, "{{") {
			return
		}
		config := "tasks:\n  zz:\n    cmds:\n      - " + string(entry) + "\n"
		if yaml.Unmarshal([]byte(config), new(any)) != nil {
			return // characters YAML refuses
		}
		if got, _ := taskfileLines(config, "Taskfile.yml", []string{"zz"}, nil, func(string) (string, string, bool) { return "", "", false }, nil); len(got) != 1 || got[0][2] != line {
			t.Fatalf("task zz with cmd %q runs %q", line, got)
		}
	})
}

// FuzzPositional writes the words a line gives a script into its "$@", $* and $1 … $9: no panic,
// and a text is rewritten exactly when it holds such a parameter.
// FuzzWithSelf: writing a script's own path into its text ends, on any text, and each command
// substitution it replaces makes the text shorter.
func FuzzWithSelf(f *testing.F) {
	f.Add(`cd "$(dirname "$0")"; n=$(basename "$0" .sh); d="$( cd "$( dirname "${BASH_SOURCE[0]}" )" &> /dev/null && pwd )"`)
	f.Add("`dirname $0` $(realpath -- \"$(readlink -f \"$0\")\") ${BASH_SOURCE%/*} $BASH_SOURCE_X $(cd /a; pwd -P) $((1)) $(")
	f.Fuzz(func(t *testing.T, text string) {
		out := withSelf(text, "/p/s/a.sh", "/p/s/lib/b.sh")
		if limit := len(text) * len("/p/s/lib/b.sh"); len(out) > limit+1 {
			t.Fatalf("withSelf(%q) is %d bytes, more than %d", text, len(out), limit)
		}
		evalSelf(text)
	})
}

// FuzzPyproject reads a pyproject.toml's scripts for pdm, poe and hatch: no panic, and a plain
// pdm script is the line pdm runs.
func FuzzPyproject(f *testing.F) {
	f.Add("[tool.pdm.scripts]\na = {composite = [\"b\", 1]}\nb = {cmd = [\"rm\", \"-rf\"], shell = \"x\"}\n[tool.poe.tasks]\nc = [\"d\", {shell = \"e\", interpreter = \"python\"}, {sequence = [{ref = \"c\"}], default_item_type = \"cmd\"}]\n[tool.hatch.envs.default.scripts]\nx = [\"y {args:z} {root} ${H} {{a}}\", \"x\"]\n[envs.t.scripts]\ny = \"{\"", "rm -rf ~")
	f.Fuzz(func(t *testing.T, text, line string) {
		for _, m := range []string{"pdm", "poe", "hatch"} {
			pyprojectScripts(m, text)
		}
		q, err := json.Marshal(line)
		if err != nil || !utf8.ValidString(line) {
			return
		}
		got := pyprojectScripts("pdm", "[tool.pdm.scripts]\nzz = "+string(q)+"\n")
		if len(got["zz"]) != 1 || got["zz"][0] != line {
			var v map[string]any
			if toml.Unmarshal([]byte("zz = "+string(q)), &v) != nil {
				return // a JSON string TOML reads otherwise (\u escapes of control characters)
			}
			t.Fatalf("pdm script %q: %q", line, got["zz"])
		}
	})
}

func FuzzPositional(f *testing.F) {
	f.Add("rm \"$@\" ${1} \"$2\" $* $$1 $", "-rf", "~")
	f.Add("echo ${@} \"${9}\" $0 $x", "a b", "'\"")
	f.Add("rm ${1+\"$@\"} ${@:2} \"${10:-${2:-x}}\" ${1#'}'} ${*", "-rf", "~")
	f.Fuzz(func(t *testing.T, text, a, b string) {
		_, ok := positional(text, []Arg{{Value: a, Dynamic: true}, {Value: b, Dynamic: true}})
		has := false
		for i := range text {
			if _, n, _ := positionalAt(text[i:]); n > 0 && text[i] == '$' {
				has = true
			}
		}
		if ok != has {
			t.Fatalf("positional(%q): %v, but it holds a parameter: %v", text, ok, has)
		}
	})
}

// FuzzWildcard: a pattern word's * and ? match as the regular expression they stood for before
// (^(?s:…)$ with .* and .), on any word.
func FuzzWildcard(f *testing.F) {
	for _, tc := range [][2]string{{"claude-code*", "claude-code@latest"}, {"*", ""}, {"a*b*c", "aXbYbc"}, {"?", "é"}, {"*.sh", "x.sh.bak"}, {"a?c", "a\xffc"}, {"**a", "bba"}, {"*a*", "\xe2\x82"}} {
		f.Add(tc[0], tc[1])
	}
	f.Fuzz(func(t *testing.T, pattern, word string) {
		if len(pattern) > 64 || len(word) > 256 {
			return
		}
		var b strings.Builder
		b.WriteString(`^(?s:`)
		for _, c := range pattern {
			switch c {
			case '*':
				b.WriteString(`.*`)
			case '?':
				b.WriteString(`.`)
			default:
				b.WriteString(regexp.QuoteMeta(string(c)))
			}
		}
		b.WriteString(`)$`)
		if !utf8.ValidString(pattern) {
			return // a pattern comes from a YAML file: valid UTF-8
		}
		want := regexp.MustCompile(b.String()).MatchString(word)
		if got := glob(pattern).match(word); got != want {
			t.Errorf("glob(%q).match(%q) = %v, the regular expression %s says %v", pattern, word, got, b.String(), want)
		}
	})
}

// FuzzTox reads a tox configuration in each of its files' forms: no panic, and an environment's
// plain one-line command is the line tox runs for it.
func FuzzTox(f *testing.F) {
	f.Add("[tox]\nenv_list = a, b\n[testenv]\ncommands =\n  - rm {posargs:x} \\\n  ~\n  py3: {[testenv:a]commands}\n[testenv:a]\ncommands = {[testenv]commands}\n", "echo ok")
	f.Add("[tool.tox]\nlegacy_tox_ini = \"\"\"\n[testenv]\ncommands = rm\n\"\"\"\n", "rm -rf ~")
	f.Add("env_list = [\"a\"]\n[env_run_base]\ncommands = [[\"rm\", {replace = \"posargs\", default = [\"-i\"]}], [{replace = \"ref\"}]]\n[env.a]\ncommands_pre = [[\"x\"]]\n", "x")
	f.Fuzz(func(t *testing.T, text, line string) {
		for _, name := range toxNames() {
			if c, ok := toxConfigOf(name, text); ok {
				for _, lines := range c.envs {
					for _, group := range lines {
						for _, l := range group {
							toxPosargs(l, "-rf", true)
						}
					}
				}
			}
		}
		line = strings.TrimSpace(line)
		if line == "" || strings.ContainsAny(line, "\n\r\\{}[]#;:!-") {
			return
		}
		c, ok := toxConfigOf("tox.ini", "[testenv:zz]\ncommands = "+line+"\n")
		if got := c.envs["zz"][1]; !ok || len(got) != 1 || got[0] != line {
			t.Fatalf("[testenv:zz] commands = %q: %q", line, got)
		}
	})
}

// FuzzMise reads a mise configuration's tasks: no panic, and a task's plain run line is the line
// mise runs for it.
func FuzzMise(f *testing.F) {
	f.Add("[tasks.a]\nrun = [\"x\", {task = \"b\"}, {tasks = [\"c\"]}]\ndepends = \"b c\"\ndepends_post = [\"d\"]\nfile = \"s.sh\"\nenv = {F = \"-rf\", G = 1}\n[tasks]\nb = \"rm\"\nc = [\"a\", 1]\n", "rm -rf ~")
	f.Add("tasks = 1\n", "x")
	f.Fuzz(func(t *testing.T, text, line string) {
		for _, task := range miseTasks(text) {
			_ = envAssignments(task.env, nil)
		}
		entry, err := json.Marshal(line)
		if err != nil || !utf8.ValidString(line) {
			return
		}
		if got := miseTasks("[tasks.zz]\nrun = " + string(entry) + "\n")["zz"].run; len(got) != 1 || got[0] != line {
			if toml.Unmarshal([]byte("a = "+string(entry)), new(any)) == nil {
				t.Fatalf("[tasks.zz] run = %q: %q", line, got)
			}
		}
	})
}

// FuzzTaskManifests reads arbitrary text as each task manifest (pixi, devbox, rye, cargo-make)
// and as a Rakefile: no panic, no hang; the lines of the tasks a run names are bounded by the
// text (each task read once); a line given as a pixi task is read as that line.
func FuzzTaskManifests(f *testing.F) {
	f.Add("[tasks]\na = \"rm -rf ~\"\nb = { cmd = [\"rm\", \"-rf\"], depends-on = [\"a\", {task = \"b\"}], env = {F = \"x\"} }\n"+
		"[feature.f.tasks]\nc = { depends_on = \"b\" }\n[tool.rye.scripts]\nd = { chain = [\"d\"] }\n"+
		"[config]\ninit_task = \"e\"\n[tasks.e]\ncommand = \"rm\"\nargs = [\"-rf\"]\nscript = {file = \"x.sh\"}\nrun_task = {name = [\"e\"]}\n[tasks.e.linux]\nscript = [\"a\"]\n", "a")
	f.Add(`{"shell": {"init_hook": ["a", "b"], "scripts": {"a": "rm -rf ~", "b": ["x"], "c": 1}}}`, "a")
	f.Add("task :a do\n  sh \"rm #{x} -rf\", 'b'\nend\n# it's\n", "a")
	f.Add("defmodule X do\n  def project, do: [aliases: [a: [\"cmd rm -rf ~\"]]]\n  System.cmd(\"rm\", [\"-rf\", \"#{x}\"])\nend\n", "a")
	f.Add("before:\n  hooks: [\"rm -rf {{ .Env.X }}\", {cmd: rm, dir: x, env: [F=-rf]}]\nbuilds:\n  - hooks: {pre: a, post: [b]}\n"+
		"signs:\n  - cmd: rm\n    args: [\"-rf\", \"~\"]\npublishers:\n  - cmd: x\nincludes: []\n", "release")
	f.Add("## a\n\n```sh\nrm -rf ~\n```\n\n~~~~py\nimport os\n~~~\n~~~~\n> ```\n", "a")
	f.Fuzz(func(t *testing.T, text, name string) {
		_, _ = goreleaserHooks(text)
		for _, m := range []string{"pixi", "devbox", "rye", "cargo-make"} {
			scripts := taskManifestScripts(m, text)
			n := 0
			for _, lines := range scripts {
				n += len(lines)
			}
			if lines, of := taskLines(scripts, []string{devboxInit, name}); len(lines) > n || len(of) != len(lines) {
				t.Fatalf("%s: %d lines of %d", m, len(lines), n)
			}
		}
		_ = rubyInterpolated(text)
		_ = pixiTemplate(text)
		if m := mixText(text); len(m) > len(text)+strings.Count(text, "System.cmd(") {
			t.Fatalf("mixText grew %d bytes to %d", len(text), len(m))
		}
		for _, run := range []string{"rake " + name, "mix " + name, "goreleaser " + name, "mask " + name} {
			l := ParseFiles(run, POSIX, &Files{Dirs: []string{"/p"}, uncached: true, Read: func(p string, max int64) ([]byte, bool, error) {
				if base := path.Base(p); base == "Rakefile" || base == "mix.exs" || base == ".goreleaser.yml" || base == "maskfile.md" {
					return []byte(text), true, nil
				}
				return nil, false, fs.ErrNotExist
			}})
			_ = l
		}
		entry, err := json.Marshal(name)
		if err != nil || !utf8.ValidString(name) || strings.Contains(name, "{{") {
			return
		}
		if got := taskManifestScripts("pixi", "[tasks]\nzz = "+string(entry)+"\n")["zz"]; len(got) != 1 || got[0] != name {
			if toml.Unmarshal([]byte("a = "+string(entry)), new(any)) == nil {
				t.Fatalf("[tasks] zz = %q: %q", name, got)
			}
		}
	})
}

// FuzzNinja reads arbitrary text as a build.ninja that includes itself: no panic, no hang, at
// most maxNinjaLines commands, each edge's command with no $ escape left in what the text spells
// plainly.
func FuzzNinja(f *testing.F) {
	f.Add("x = 1\nrule r\n  command = rm $x ${y} $in $out $$ $:$ \n  y = -rf\nbuild a$ b c$:d: r e | f || g\n  x = 2\ninclude x\n", "rm")
	f.Add("rule r\n  command = echo a && $\n    $rm -rf ~\n  rm = ${rm}\nbuild o: r\nsubninja y\n", "")
	f.Add("rule r\n  command = $a\n  a = $a$a$a$a\nbuild o: r\nx = $x$x\ninclude y\n", "")
	f.Fuzz(func(t *testing.T, text, line string) {
		n := ninjaReader{globals: map[string]string{}, rules: map[string]ninjaRule{}, seen: map[string]bool{}}
		n.include = func(string) (string, bool) {
			n.files++
			return text, n.files <= maxNinjaIncludes
		}
		n.read(text, 0)
		if len(n.lines) > maxNinjaLines || len(n.lines) != len(n.ruleOf) {
			t.Fatalf("%d lines, %d rules", len(n.lines), len(n.ruleOf))
		}
		if strings.ContainsAny(line, "$\n\r") || strings.TrimSpace(line) != line || line == "" {
			return
		}
		m := ninjaReader{globals: map[string]string{}, rules: map[string]ninjaRule{}, seen: map[string]bool{}}
		m.read("rule r\n  command = "+line+"\nbuild o: r\n", 0)
		if len(m.lines) != 1 || m.lines[0] != strings.TrimSpace(line) {
			t.Fatalf("command %q read as %q", line, m.lines)
		}
	})
}

// FuzzPython reads arbitrary Python text as a noxfile.py and a tasks.py: no panic, no hang, every
// line it reads is no longer than the text allows, and a file of strings alone is read whole.
func FuzzPython(f *testing.F) {
	f.Add("import nox\n@nox.session(name='x')\ndef a(s):\n    s.run('rm', *s.posargs, RM + '-rf', f\"{'~'}{x!r:>{w}}\")\nRM = 'r' 'm'\n", "a")
	f.Add("@task(pre=[b])\nasync def a(c):\n    c.run('''rm\\\n -rf''' \"\\x72\\N{DASH}\\162\")\ndef b(c): x = \"\"\"\ndef a():\n\"\"\"\n", "a-1")
	f.Add("x = [\"rm\", (\"-rf\", {'a': '''", "")
	f.Add("from tools import (a as b,\n c)\nimport tools.x as y, z\nfrom .. import q\nraise E from e\nfrom . import *\n", "a")
	f.Fuzz(func(t *testing.T, text, name string) {
		lines, _ := pyLines(text, []string{name})
		if len(lines) > maxPyLines+maxPyValues*len(text) {
			t.Fatalf("%d lines from %d bytes", len(lines), len(text))
		}
		if mods := pyImports(text); len(mods) > maxPyImports || slices.Contains(mods, "") {
			t.Fatalf("imports %q", mods)
		}
		// The file imports itself and its neighbours (tools, the package tasks): each read once.
		files := map[string]string{"/p/noxfile.py": text, "/p/tasks.py": text, "/p/tools.py": text, "/p/tasks/__init__.py": text}
		for _, line := range []string{"nox -s " + strconv.Quote(name), "invoke a"} {
			l := ParseFiles(line, POSIX, memFiles(files))
			if o, why := mustCompile("rm -rf").MatchLine(&l); o == Unknown && why == "" {
				t.Fatalf("%q: unknown with no reason", line)
			}
		}
	})
}

// FuzzGoGenerate reads arbitrary text as a Go file's //go:generate directives under go
// generate: no panic, no hang, and an unknown outcome always says why.
func FuzzGoGenerate(f *testing.F) {
	f.Add("package x\n//go:generate -command w rm -rf\n//go:generate w ~\n//go:generate sh -c \"$GOFILE\"\n//go:generate -command\n//go:generate \n")
	f.Fuzz(func(t *testing.T, text string) {
		files := map[string]string{"/p/x.go": text, "/p/d/y.go": text}
		for _, line := range []string{"go generate", "go generate ./...", "go generate x.go"} {
			l := ParseFiles(line, POSIX, withList(files))
			if o, why := mustCompile("rm -rf").MatchLine(&l); o == Unknown && why == "" {
				t.Fatalf("%q: unknown with no reason", line)
			}
		}
	})
}

// FuzzMaskBlocks: a maskfile.md's code blocks, read by hand as CommonMark fences: never more
// blocks than fences, and a block whose body holds no fence is read as exactly that body.
func FuzzMaskBlocks(f *testing.F) {
	f.Add("## a\n\n```sh\nrm -rf ~\n```\n", "rm -rf ~")
	f.Add("~~~~bash\n```\n~~~~\n", "echo")
	f.Add("   ```js x\nrequire('x')\n````\n> ```\n", "a\nb")
	f.Add("```\n    ```\n", "")
	f.Fuzz(func(t *testing.T, text, body string) {
		lines, ok := maskBlocks(text)
		if ok && len(lines) > strings.Count(text, "```")+strings.Count(text, "~~~") {
			t.Fatalf("%d blocks of %q", len(lines), text)
		}
		if strings.Contains(body, "```") || strings.Contains(body, "~~~") || strings.ContainsAny(body, "\r\x00") {
			return
		}
		if body != "" && !strings.HasSuffix(body, "\n") {
			body += "\n"
		}
		got, ok := maskBlocks("## x\n\n```bash\n" + body + "```\n")
		if want := quotedLine([]string{"bash", "-c", body}); !ok || len(got) != 1 || got[0] != want {
			t.Fatalf("block %q: %q %v, want %q", body, got, ok, want)
		}
	})
}

// FuzzEnvFiles: the variables envdir reads from a directory's files and dotenv from a .env file,
// whatever the files hold: no panic, and never more variables than the line may give.
func FuzzEnvFiles(f *testing.F) {
	f.Add("BASH_ENV", "./x.sh\nrest")
	f.Add("GIT_PAGER", "export GIT_PAGER='rm -rf ~'\n# c\nBASH_FUNC_ls%%=() { rm -rf ~; }\n")
	f.Add("A B", "\x00=\x00")
	f.Fuzz(func(t *testing.T, name, text string) {
		files := &Files{Dirs: []string{"/p"}, uncached: true, Read: func(p string, max int64) ([]byte, bool, error) {
			return []byte(text), true, nil
		}, List: func(dir string, max int) ([]string, error) { return []string{name}, nil }}
		for _, line := range []string{"envdir e bash -c true", "dotenv -- git log", "env-cmd -f x sh -c ls"} {
			l := ParseFiles(line, POSIX, files)
			for _, c := range l.Commands {
				if len(c.Env) > maxEnv+1 {
					t.Fatalf("%s: %d variables", line, len(c.Env))
				}
			}
		}
	})
}

// FuzzRubyLoads: the files a Gemfile, Podfile or Vagrantfile loads, whatever it holds: no panic,
// each load a file named by a plain string (no interpolation, no escape, not empty), and a
// literal require_relative found as its .rb file.
func FuzzRubyLoads(f *testing.F) {
	f.Add("require_relative 'a/b'\nload \"c.rb\"\n", "x/y")
	f.Add("eval_gemfile ENV['X']\ngemspec path: 'z'\n", "")
	f.Add("# load x\n  instance_eval(File.read('x'))\n", "#{a}")
	f.Fuzz(func(t *testing.T, text, name string) {
		files, _, _ := rubyLoads(text)
		for _, f := range files {
			if f == "" || f == ".rb" || strings.Contains(f, "#{") || strings.ContainsAny(f, "\\\n") {
				t.Fatalf("rubyLoads(%q) loads %q", text, f)
			}
		}
		if name == "" || strings.ContainsAny(name, "'\"\\\n\r#") || strings.HasSuffix(name, ".rb") {
			return
		}
		got, _, unknown := rubyLoads(text + "\nrequire_relative '" + name + "'\n")
		if !slices.Contains(got, name+".rb") && !unknown {
			t.Fatalf("require_relative %q in %q: %q", name, text, got)
		}
	})
}

// FuzzTerraformModules: the module sources of a .tf or .tf.json file, whatever it holds: no
// panic, a file whose module blocks are all found says so, and a module block added with a plain
// source is found.
func FuzzTerraformModules(f *testing.F) {
	f.Add("module \"a\" {\n  source = \"./a\"\n}\n", "../b", false)
	f.Add(`{"module": {"a": {"source": "git::x"}}}`, "./c", true)
	f.Add("terraform {\n  required_providers {\n    aws = { source = \"hashicorp/aws\" }\n  }\n}\n", "", false)
	f.Fuzz(func(t *testing.T, text, source string, asJSON bool) {
		sources, _ := tfModuleSources(text, asJSON)
		for _, s := range sources {
			if !asJSON && strings.ContainsAny(s, "\"\n") {
				t.Fatalf("tfModuleSources(%q) = %q", text, sources)
			}
		}
		if asJSON || strings.ContainsAny(source, "\"\n}") || strings.Contains(text, "module") || strings.ContainsAny(text, "{}\"") {
			return
		}
		got, ok := tfModuleSources(text+"\nmodule \"m\" {\n  source = \""+source+"\"\n}\n", false)
		if !ok || !slices.Contains(got, source) {
			t.Fatalf("module with source %q after %q: %q %v", source, text, got, ok)
		}
	})
}

// FuzzQuotedStrings: the strings of a perl or ruby program in its own quoting, whatever it holds:
// no panic, and a q{…} or a here-document holding plain text is found whole.
func FuzzQuotedStrings(f *testing.F) {
	f.Add("system(q{rm -r x}); qw(a b)", "rm -r x")
	f.Add("%w[a b] %Q(x) %(y) <<~EOS\n  z\n  EOS\n", "echo")
	f.Add("q{{}} qq<a<b>> q\\", "")
	f.Fuzz(func(t *testing.T, code, body string) {
		for _, lang := range []string{"perl", "ruby", ""} {
			_, lists := quotedStrings(code, lang)
			for _, l := range lists {
				if strings.TrimSpace(l) == "" {
					t.Fatalf("quotedStrings(%q, %q): an empty list", code, lang)
				}
			}
		}
		if strings.TrimSpace(body) == "" || strings.ContainsAny(body, "{}\\\r") {
			return
		}
		if strs, _ := quotedStrings("system q{"+body+"}", "perl"); !slices.Contains(strs, body) {
			t.Fatalf("q{%s}: %q", body, strs)
		}
		if strings.Contains(body, "<<") || slices.Contains(strings.Split(body, "\n"), "EOF") {
			return
		}
		if strs, _ := quotedStrings("system <<'EOF';\n"+body+"\nEOF\n", "ruby"); !slices.Contains(strs, body) {
			t.Fatalf("here-document %q: %q", body, strs)
		}
	})
}

// FuzzCargoConfig: any text reads as a cargo configuration without a panic, and every line it
// gives is one the shell reader parses (each word quoted).
func FuzzCargoConfig(f *testing.F) {
	f.Add("[target.x86_64-unknown-linux-gnu]\nrunner = \"rm -rf ~\"\n", "/p")
	f.Add("[build]\nrustc-wrapper = \"tools/w.sh\"\nrustflags = [\"-C\", \"linker=./l\"]\n[alias]\nb = [\"run\", \"--config\", \"x=1\"]\n", "")
	f.Add("[env]\nBASH_ENV = { value = \"x\" }\ninclude = [{ path = \"a.toml\" }]\n[registries.r]\ncredential-provider = [\"a b\", \"'c\"]\n", "/")
	f.Fuzz(func(t *testing.T, text, root string) {
		s, ok := cargoConfig(text, root)
		if !ok && (len(s.lines) > 0 || len(s.env) > 0) {
			t.Fatalf("cargoConfig(%q) not ok, yet gave %q", text, s.lines)
		}
		for _, l := range s.lines {
			if strings.ContainsRune(l, 0) {
				continue // a word no program can be given
			}
			if _, err := parseTree(l, 0); err != nil {
				t.Fatalf("cargoConfig(%q): line %q does not parse: %v", text, l, err)
			}
		}
	})
}

// everyFileHolds is a disk under /p where every file read holds text, cut at the reader's cap as
// a longer file would be.
func everyFileHolds(text string) *Files {
	return &Files{Dirs: []string{"/p"}, uncached: true, Read: func(p string, max int64) ([]byte, bool, error) {
		if int64(len(text)) > max {
			return []byte(text[:max]), false, nil
		}
		return []byte(text), true, nil
	}}
}

// FuzzProgramWrites: the reading of whether a program given in the line may write a file
// (rewrites.go) takes any text, and more Python text never makes a program that may write one
// that may not.
func FuzzProgramWrites(f *testing.F) {
	f.Add("import json, sys; print(json.load(sys.stdin)['v'])", "open('x.sh', 'w')")
	f.Add("from datetime import datetime\nimport", "import shlex; shlex.os.replace('a', 'b')")
	f.Add("console.log(process.version)", "process['main' + 'Module']")
	f.Fuzz(func(t *testing.T, a, b string) {
		if pyWrites(a) && !pyWrites(a+"\n"+b) {
			t.Fatalf("pyWrites(%q) but not with %q after it", a, b)
		}
		jsWrites(a)
		programWrites("perl", []string{a})
	})
}
