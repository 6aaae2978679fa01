package shellcmd

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// programProject holds program files of each interpreter that run rm -rf ~ or write under
// .system, beside ordinary ones.
var programProject = map[string]string{
	"/p/x.py":             "import os\nos.system('rm -rf ~')\n",
	"/p/y.py":             "import helper\nhelper.main()\n",
	"/p/helper.py":        "import subprocess\ndef main():\n    subprocess.run(['rm', '-rf', '~'])\n",
	"/p/w.py":             "open('.system/hooks/g.yaml', 'w').write('x')\n",
	"/p/pkg/__init__.py":  "",
	"/p/ipkg/__init__.py": "import os\nos.system('rm -rf ~')\n",
	"/p/ipkg/__main__.py": "print(1)\n",
	"/p/pkg/__main__.py":  "import os\nos.system('rm -rf ~')\n",
	"/p/tool":             "#!/usr/bin/env python3\nimport os\nos.system('rm -rf ~')\n",
	"/p/jtool":            "#!/usr/bin/env node\nrequire('child_process').execSync('rm -rf ~')\n",
	"/p/a.js":             "const { execSync } = require('child_process');\nexecSync('rm -rf ~');\n",
	"/p/a.ts":             "import { execSync } from 'node:child_process';\nexecSync(\"rm -rf ~\");\n",
	"/p/m.js":             "const b = require('./lib/b');\nb();\n",
	"/p/lib/b.js":         "module.exports = () => require('child_process').execSync('rm -rf ~');\n",
	"/p/esm.mjs":          "import { run } from \"./lib/c.js\";\nrun();\n",
	"/p/lib/c.ts":         "import { execSync } from 'node:child_process';\nexport const run = () => execSync('rm -rf ~');\n",
	"/p/idx.js":           "require( './pkgdir' )\n",
	"/p/pkgdir/index.js":  "require('child_process').execSync('rm -rf ~')\n",
	"/p/calm.js":          "const ok = require('./lib/ok');\nconst fs = require('fs');\nok();\n",
	"/p/lib/ok.js":        "module.exports = () => console.log(require('./ok2'));\n",
	"/p/lib/ok2.js":       "module.exports = 'hi';\n",
	"/p/x.rb":             "system('rm -rf ~')\n",
	"/p/x.pl":             "system(\"rm -rf ~\");\n",
	"/p/x.php":            "<?php shell_exec('rm -rf ~');\n",
	"/p/x.lua":            "os.execute('rm -rf ~')\n",
	"/p/x.R":              "system('rm -rf ~')\n",
	"/p/p.awk":            "BEGIN { system(\"rm -rf ~\") }\n",
	"/p/s.sed":            "1e rm -rf ~\n",
	"/p/Makefile":         "gen:\n\tpython3 x.py\nok:\n\tpython3 manage.py test\n",
	"/p/manage.py":        "#!/usr/bin/env python\nimport os\nimport sys\n\ndef main():\n    os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'mysite.settings')\n    from django.core.management import execute_from_command_line\n    execute_from_command_line(sys.argv)\n\nif __name__ == '__main__':\n    main()\n",
	"/p/server.js":        "const http = require('http');\nconst { exec } = require('child_process');\nhttp.createServer((q, s) => s.end('ok')).listen(3000);\nexec('git rev-parse HEAD');\n",
	"/p/utf7.py":          "# coding: utf-7\n+AAo-import os+AAo-os.system(+ACI-rm -rf +AH4AIg-)\n",
	"/p/big.py|big":       "import os\n" + strings.Repeat("#\n", 1<<20),
	"/p/fifo.py|fifo":     "",
	"/p/compiled.pyc":     "\x00\x00rm -rf ~",
	"/p/deep/a.py":        "from . import b\n",
	"/p/deep/__init__.py": "",
	"/p/deep/b.py":        "import os\nos.system('rm -rf ~')\n",
	"/p/clean.sh":         "#!/bin/sh\npython3 x.py\n",
	"/p/settings.py":      "X = 1\n",
	"/p/app.py":           "import settings\nimport flask\nprint(settings.X)\n",
}

// TestProgramFiles: a program file an interpreter runs is read from disk as its program given in
// the line is (python3 -c, node -e): python3 x.py with os.system("rm -rf ~") there runs rm -rf ~.
func TestProgramFiles(t *testing.T) {
	p := mustCompile("rm -r|-R|--recursive -f|--force")
	wantOutcomeIn(t, programProject, p, Match, []string{
		`python3 x.py`, `python x.py -v`, `python3 -u x.py`, `python3.12 x.py`, `poetry run python x.py`, `uv run x.py`, `uv run --with rich x.py`,
		`env python3 x.py`, `python3 y.py`, `python3 -m pkg`, `python3 -mpkg`, `python3 -m deep.a`, `python3 deep/a.py`,
		`./tool`, `./jtool`, `node a.js`, `nodejs a.js`, `node --inspect a.js`, `deno run --allow-all a.ts`, `bun a.ts`, `bun run a.ts`,
		`tsx a.ts`, `npx tsx a.ts`, `ts-node a.ts`, `ruby x.rb`, `bundle exec ruby x.rb`, `perl x.pl`, `perl -w x.pl`, `php x.php`, `php -f x.php`,
		`lua x.lua`, `Rscript x.R`, `awk -f p.awk in.txt`, `gawk --file=p.awk`, `sed -f s.sed in.txt`, `sed --file s.sed`,
		`make gen`, `sh clean.sh`, `cd /p && python3 x.py`, `python3 -m ipkg`, `python3 < x.py`, `python3 - < x.py`, `node < a.js`, `perl < x.pl`,
		`node m.js`, `node esm.mjs`, `tsx esm.mjs`, `node idx.js`, `deno run esm.mjs`,
	})
	wantOutcomeIn(t, programProject, p, NoMatch, []string{
		`python3 manage.py test`, `./manage.py runserver`, `make ok`, `node server.js`, `python3 -m venv .venv`,
		`python3 app.py`, `python3 compiled.pyc`, `python3 -c 'print(1)'`, `node -e 'console.log(1)'`, `deno test a.ts`, `python3 nothere.py`,
		`awk '{print}' p.awk`, `sed -n p s.sed`, `node calm.js`, `python3 -c 'print(1)' < x.py`, `python3 manage.py < x.py`,
	})
	// pytest lists the tree for what it collects (pytestcollect.go).
	wantOutcomeFiles(t, func() *Files { return withList(programProject) }, p, NoMatch, []string{`python3 -m pytest`})
	wantOutcomeIn(t, programProject, p, Unknown, []string{
		`python3 utf7.py`, `python3 big.py`, `python3 fifo.py`, `python3 "$F"`, `python3 -m "$M"`, `python3 *.py`, `python3 < "$F"`,
	})
	// What the file does is the file's: the reason names it, and the module it came from.
	for src, want := range map[string]string{`python3 x.py`: "x.py", `python3 y.py`: "helper.py", `./tool`: "./tool", `python3 -m pkg`: "pkg/__main__.py",
		`awk -f p.awk`: "p.awk", `make gen`: "x.py", `node m.js`: "lib/b.js", `node esm.mjs`: "lib/c.ts", `node idx.js`: "pkgdir/index.js"} {
		l := ParseFiles(src, POSIX, memFiles(programProject))
		found := false
		for _, c := range l.Commands {
			if c.Name == "rm" && c.File == want && c.Maybe {
				found = true
			}
		}
		if !found {
			t.Errorf("%q: no rm from %s in %+v", src, want, l.Commands)
		}
	}
	// The paths the program's strings spell are the line's, for a paths guard.
	if l := ParseFiles(`python3 w.py`, POSIX, memFiles(programProject)); !strings.Contains(strings.Join(l.Paths, "\n"), ".system/hooks/g.yaml") {
		t.Errorf("python3 w.py: paths %q, want .system/hooks/g.yaml", l.Paths)
	}
	// Ordinary programs leave nothing unknown.
	for _, src := range []string{`python3 manage.py test`, `node server.js`, `python3 app.py`, `python3 -m pytest -x`, `node calm.js`} {
		if l := ParseFiles(src, POSIX, withList(programProject)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
}

// TestProgramFilePadded: a program file the line runs is read for maxFileLiterals strings, more
// than a line's own program; one that holds more, where a string after them may run anything,
// leaves the line unresolved (padding a file is free), and one a file read from disk runs is
// quiet, as that file's other unknowns are.
func TestProgramFilePadded(t *testing.T) {
	pad := func(n int) string { return "import os\n" + strings.Repeat("x = 'a'\n", n) + "os.system('rm -rf ~')\n" }
	files := map[string]string{"/p/some.py": pad(300), "/p/many.py": pad(maxFileLiterals + 1), "/p/w.sh": "python3 many.py\n",
		"/p/paths.py": strings.Repeat("x = 'a'\n", maxFileLiterals+1) + "open('secrets/prod.env', 'w')\n"}
	p := mustCompile("rm -rf")
	wantOutcomeIn(t, files, p, Match, []string{`python3 some.py`})
	wantOutcomeIn(t, files, p, Unknown, []string{`python3 many.py`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`sh w.sh`, `python3 paths.py`})
	l := ParseFiles(`python3 paths.py`, POSIX, memFiles(files))
	if want := "the line runs the program paths.py, which holds more than 4096 strings, more than hookrun reads as paths"; len(l.UnknownPaths) != 1 || l.UnknownPaths[0] != want {
		t.Errorf("python3 paths.py: unknown paths %q, want %q", l.UnknownPaths, want)
	}
	l = ParseFiles(`python3 many.py`, POSIX, memFiles(files))
	if want := "the line runs the program many.py, which holds more strings than hookrun reads (4096; 4194304 bytes of lines, 16 deep)"; len(l.Unresolved) != 1 || l.Unresolved[0] != want {
		t.Errorf("python3 many.py: unresolved %q, want %q", l.Unresolved, want)
	}
}

// TestProgramFileModulesCapped: a program's own modules are read up to maxProgramModules (and
// maxModuleBytes); a program that loads more, where a module past the cap may run anything,
// leaves the line unresolved, as does a module that holds more strings than are read. A chain
// within the cap is read to its end. Before, past the cap was silently not read (python3 m0.py
// passed with rm -rf ~ in m20.py).
func TestProgramFileModulesCapped(t *testing.T) {
	files := map[string]string{}
	for i := range maxProgramModules + 4 {
		files["/p/m"+strconv.Itoa(i)+".py"] = "import m" + strconv.Itoa(i+1) + "\n"
		files["/p/j"+strconv.Itoa(i)+".js"] = "require('./j" + strconv.Itoa(i+1) + "')\n"
	}
	files["/p/m"+strconv.Itoa(maxProgramModules+4)+".py"] = "import os\nos.system('rm -rf ~')\n"
	files["/p/j"+strconv.Itoa(maxProgramModules+4)+".js"] = "require('child_process').execSync('rm -rf ~')\n"
	files["/p/big.py"] = "import pad\n"
	files["/p/pad.py"] = "import os\n" + strings.Repeat("x = 'a'\n", maxFileLiterals+1) + "os.system('rm -rf ~')\n"
	files["/p/w.sh"] = "python3 m0.py\n"
	p := mustCompile("rm -rf")
	wantOutcomeIn(t, files, p, Unknown, []string{`python3 m0.py`, `node j0.js`, `python3 big.py`})
	wantOutcomeIn(t, files, p, Match, []string{`python3 m10.py`, `node j10.js`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`sh w.sh`}) // a file read from disk runs it: quiet, as its other unknowns
	for line, want := range map[string]string{
		`python3 m0.py`:  "the line runs the program m0.py, which loads more than 16 of the project's modules (or more than 1048576 bytes of them), more than hookrun reads",
		`node j0.js`:     "the line runs the program j0.js, which loads more than 16 of the project's modules (or more than 1048576 bytes of them), more than hookrun reads",
		`python3 big.py`: "the line runs the program big.py, which holds more strings than hookrun reads (4096; 4194304 bytes of lines, 16 deep)",
	} {
		if l := ParseFiles(line, POSIX, memFiles(files)); len(l.Unresolved) != 1 || l.Unresolved[0] != want {
			t.Errorf("%s: unresolved %q, want %q", line, l.Unresolved, want)
		}
	}
}

// FuzzProgramFiles reads arbitrary lines that run program files with an arbitrary text in every
// file: no panic, no hang, and a pattern is only Unknown with a reason.
func FuzzProgramFiles(f *testing.F) {
	for _, line := range []string{"python3 x.py", "./t", "node a.js", "python3 -m a.b", "uv run x.py", "awk -f p x", "sed -f s", "php -f x",
		"deno run -A a.ts", "bun run a.ts", "Rscript x.R", "lua x"} {
		for _, text := range programProject {
			f.Add(line, text)
		}
	}
	f.Add("python3 x.py", "#!/usr/bin/env -S python3 -u\nfrom . import x\nimport a.b.c as d, e\nexec('import os\\nos.system(\"rm -rf ~\")')\n")
	f.Add("./x", "#!/usr/bin/env perl\nqx{rm -rf ~}; system qq(rm -rf ~); eval 'system(q(rm -rf ~))'")
	patterns := fuzzPatterns()
	f.Fuzz(func(t *testing.T, line, text string) {
		files := everyFileHolds(text)
		l := ParseFiles(line, POSIX, files)
		checkLine(t, patterns, line, POSIX, &l)
	})
}

// FuzzJSImports reads arbitrary JavaScript for the relative modules it loads: no panic, and each
// is a relative path the text spells.
func FuzzJSImports(f *testing.F) {
	for _, text := range programProject {
		f.Add(text)
	}
	f.Add("import a from './a'; export * from \"../b\"; const c = await import(`./c`); x.require('./no'); require ('./d')")
	f.Fuzz(func(t *testing.T, text string) {
		for _, spec := range jsImports(text) {
			if !strings.HasPrefix(spec, "./") && !strings.HasPrefix(spec, "../") || !strings.Contains(text, spec) {
				t.Errorf("%q: spec %q", text, spec)
			}
			if files := jsModuleFiles(spec); len(files) == 0 || files[0] != spec {
				t.Errorf("%q: files %q", spec, files)
			}
		}
	})
}

// TestInlineProgramLoadsFiles: a program given in the line that loads a program file of the
// project runs what that file says: python3 -c 'import x' ran x.py unread (exit 0 under a deny
// of rm -rf), while python3 x.py was denied.
func TestInlineProgramLoadsFiles(t *testing.T) {
	p := mustCompile("rm -r|-R|--recursive -f|--force")
	wantOutcomeIn(t, programProject, p, Match, []string{
		`python3 -c 'import x'`, `python3 -c 'from x import main'`, `python3 -c 'import ipkg.sub'`, `python3 -c 'import deep.b'`,
		`python3 -c 'exec(open("x.py").read())'`, `python3 -c 'import runpy; runpy.run_path("x.py")'`, `python3 -c 'import y'`,
		`node -e 'require("./a.js")'`, `node -e 'require("./m")'`, `node -e 'import("./esm.mjs")'`, `node -e 'require("./pkgdir/index.js")'`,
		`perl -e 'do "./x.pl"'`, `perl -e 'require "x.pl"'`, `ruby -e 'load "x.rb"'`, `php -r 'include "x.php";'`, `lua -e 'dofile("x.lua")'`,
		`cd /p && python3 -c 'import x'`,
	})
	wantOutcomeIn(t, programProject, p, NoMatch, []string{
		`python3 -c 'import json, os; print(1)'`, `python3 -c 'import settings'`, `node -e 'require("fs")'`, `node -e 'require("./calm")'`,
		`python3 -c 'import nothere'`, `ruby -e 'load "nothere.rb"'`,
	})
}

// TestProgramWordStrings: patch in a program's string, reading its diff from standard input,
// applies what the program feeds it, whose files are only known when it runs (quietly does not
// count them): "patch" is an HTTP method or a version part far more often than a command. A
// diff from a file the string names (< fix.diff, -i fix.diff) still changes the tree, and so
// does patch in the line itself.
func TestProgramWordStrings(t *testing.T) {
	files := map[string]string{
		"/p/m.py": "import subprocess\nMETHODS = [\"get\", \"patch\", \"delete\"]\nsubprocess.run([\"ls\"])\n",
		"/p/m.js": "const { execSync } = require('child_process');\nconst bump = 'patch';\nexecSync('ls');\n",
		"/p/d.py": "import subprocess\nsubprocess.run('patch -p1 < fix.diff', shell=True)\n",
		"/p/e.py": "import subprocess\nsubprocess.run('patch -p1 -d src < fix.diff', shell=True)\n",
		"/p/f.py": "import subprocess\nsubprocess.run(['patch', '-p1'], input=DIFF)\n",
		"/p/h.py": "import subprocess\nsubprocess.run('cat fix.diff | patch -p1', shell=True)\n",
		"/p/g.rb": "system(\"patch -p1 -i fix.diff\")\n",
	}
	for src, want := range map[string]string{
		`python3 m.py`: "", `node m.js`: "", `python3 d.py`: ".", `python3 e.py`: "src", `ruby g.rb`: ".", `python3 f.py`: "", `python3 h.py`: "",
		`patch`: ".", `sh -c patch`: ".",
	} {
		l := ParseFiles(src, POSIX, memFiles(files))
		if got := strings.Join(l.TreePaths, " "); got != want {
			t.Errorf("%q: trees %q, want %q", src, got, want)
		}
	}
}

// TestProgramStringsMakeNoUnknowns: a program's strings read as lines (quietly) leave nothing
// unknown, and neither does what the line makes of them once it is read: express's
// res.append('Link', ['<http://localhost/>', …]) read as link making <http://localhost/> and then
// running it made every file that loads it unresolved. A copy the line itself makes and runs
// still is.
func TestProgramStringsMakeNoUnknowns(t *testing.T) {
	files := map[string]string{
		"/p/c.py": "import os\nos.system('cp \"$(command -v rm)\" del; ./del -rf b')\n",
	}
	for _, src := range []string{`python3 c.py`, `python3 -c "import os; os.system('cp \"$X\" del; ./del x')"`} {
		if l := ParseFiles(src, POSIX, memFiles(files)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
	if l := ParseFiles(`cp "$X" del; ./del x`, POSIX, memFiles(files)); len(l.Unresolved) != 1 {
		t.Errorf("cp \"$X\" del; ./del x: unresolved %q, want one", l.Unresolved)
	}
}

// TestProgramFileNotAShellScript: the program file an interpreter runs is read as a program of its
// language, not also as a command the interpreter may run: named by a path (tracdb/urls.py), it
// was read as a shell script, its Python words as commands and paths (from . import views named
// ".", so init's protect_hooks asked for python3 of most files of a Django project). A word after
// the file is still read as a command the program may run.
func TestProgramFileNotAShellScript(t *testing.T) {
	files := map[string]string{
		"/p/t/m.py": "from . import views\nx = 1\n",
		"/p/t/a.js": "import x from './y';\nlet z = 1;\n",
		"/p/t/s.rb": "require_relative 'y'\nputs 1\n",
		"/p/t/run":  "rm -rf b\n",
	}
	for _, src := range []string{`python3 t/m.py`, `node t/a.js`, `ruby t/s.rb`, `python3 -u t/m.py -v`} {
		l := ParseFiles(src, POSIX, memFiles(files))
		if slices.Contains(l.Paths, ".") || slices.ContainsFunc(l.Commands, func(c Command) bool {
			return c.Name == "from" || c.Name == "import" || c.Name == "let" || c.Name == "puts"
		}) {
			t.Errorf("%q: read as a shell script: paths %q", src, l.Paths)
		}
	}
	p := mustCompile("rm -r|-R|--recursive -f|--force")
	wantOutcomeIn(t, files, p, Match, []string{`python3 t/m.py rm -rf b`, `python3 t/m.py t/run`, `valgrind t/run`})
}
