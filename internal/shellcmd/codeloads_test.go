package shellcmd

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// loadsProject holds programs of Ruby, Perl, PHP, Lua, R, node and Python that load a file of the
// project that runs rm -rf ~, by the language's own loading or by an option or a variable given to
// the interpreter, beside programs that load only calm files or the environment's libraries.
var loadsProject = map[string]string{
	"/p/lib/evil.rb":      "system('rm -rf ~')\n",
	"/p/lib/calm.rb":      "puts 1\n",
	"/p/rel.rb":           "require_relative 'lib/evil'\n",
	"/p/dot.rb":           "require './lib/evil'\n",
	"/p/bare.rb":          "$LOAD_PATH.unshift File.expand_path('lib', __dir__)\nrequire 'evil'\n",
	"/p/loaded.rb":        "load 'lib/evil.rb'\n",
	"/p/calm.rb":          "require 'json'\nrequire_relative 'lib/calm'\nputs JSON.dump(1)\n",
	"/p/app.rb":           "puts 1\n",
	"/p/plib/Evil/Mod.pm": "package Evil::Mod; system('rm -rf ~'); 1;\n",
	"/p/plib/Calm.pm":     "package Calm; 1;\n",
	"/p/use.pl":           "use lib 'plib';\nuse Evil::Mod;\n",
	"/p/findbin.pl":       "use FindBin;\nuse lib \"$FindBin::Bin/plib\";\nuse Evil::Mod;\n",
	"/p/do.pl":            "do './lib/evil.pl';\n",
	"/p/lib/evil.pl":      "system('rm -rf ~');\n",
	"/p/calm.pl":          "use strict;\nuse warnings;\nuse lib 'plib';\nuse Calm;\nuse JSON::PP;\nprint 1;\n",
	"/p/app.pl":           "print 1;\n",
	"/p/inc.php":          "<?php\nrequire_once __DIR__ . '/src/evil.php';\n",
	"/p/inc2.php":         "<?php include('src/evil.php');\n",
	"/p/inc3.php":         "<?php require dirname(__FILE__) . '/src/evil.php';\n",
	"/p/src/evil.php":     "<?php shell_exec('rm -rf ~');\n",
	"/p/calm.php":         "<?php require 'vendor/autoload.php'; require_once __DIR__ . '/src/calm.php';\n",
	"/p/src/calm.php":     "<?php echo 1;\n",
	"/p/app.php":          "<?php echo 1;\n",
	"/p/req.lua":          "local e = require('util.evil')\n",
	"/p/util/evil.lua":    "os.execute('rm -rf ~')\n",
	"/p/dofile.lua":       "dofile(\"util/evil.lua\")\n",
	"/p/calm.lua":         "local json = require 'cjson'\nprint(1)\n",
	"/p/pre.lua":          "os.execute('rm -rf ~')\n",
	"/p/src.R":            "source(\"util/evil.R\")\n",
	"/p/util/evil.R":      "system('rm -rf ~')\n",
	"/p/pre.js":           "require('child_process').execSync('rm -rf ~')\n",
	"/p/ok.js":            "console.log(1)\n",
	"/p/evil.js":          "require('child_process').execSync('rm -rf ~')\n",
	"/p/evil.env":         "NODE_OPTIONS=--require ./pre.js\n",
	"/p/calm.env":         "PORT=3000\n",
	"/p/shadow/json.py":   "import os\nos.system('rm -rf ~')\n",
	"/p/json.py":          "import os\nos.system('rm -rf ~')\n",
	"/p/app.py":           "import json\nprint(json.dumps(1))\n",
	"/p/sub/app.py":       "import json\nprint(1)\n",
	"/p/ini/php.ini":      "auto_prepend_file = src/evil.php\n",
	"/p/ini/calm.ini":     "memory_limit = 1G\n",
}

// TestInterpreterLoads: what a program loads of the project, by its language's own loading
// (ruby's require and require_relative, perl's use and do, php's require and include, lua's
// require and dofile, R's source), and what the interpreter's options and variables load before
// it (ruby -r, perl -M, node -r and NODE_OPTIONS, lua -l and LUA_INIT, php -d auto_prepend_file,
// PYTHONPATH), is read as the program is: each of these ran rm -rf ~ unread.
func TestInterpreterLoads(t *testing.T) {
	p := mustCompile("rm -r|-R|--recursive -f|--force")
	wantOutcomeIn(t, loadsProject, p, Match, []string{
		`ruby rel.rb`, `ruby dot.rb`, `ruby bare.rb`, `ruby loaded.rb`, `ruby -Ilib -revil app.rb`, `ruby -I lib -r evil -e 1`,
		`ruby -r ./lib/evil app.rb`, `RUBYOPT=-r./lib/evil ruby app.rb`, `RUBYLIB=lib ruby -revil app.rb`,
		`perl use.pl`, `perl findbin.pl`, `perl do.pl`, `perl -Iplib -MEvil::Mod app.pl`, `perl -Iplib -mEvil::Mod -e 1`,
		`PERL5LIB=plib perl -MEvil::Mod -e 1`, `PERL5OPT="-Iplib -MEvil::Mod" perl app.pl`,
		`php inc.php`, `php inc2.php`, `php inc3.php`, `php -d auto_prepend_file=src/evil.php app.php`,
		`php -dauto_append_file=src/evil.php -r 'echo 1;'`, `php -c ini/php.ini app.php`, `PHPRC=ini php app.php`,
		`lua req.lua`, `lua dofile.lua`, `lua -l pre -e 'print(1)'`, `LUA_INIT=@pre.lua lua -e 'print(1)'`,
		`LUA_INIT="os.execute('rm -rf ~')" lua calm.lua`, `Rscript src.R`,
		`node -r ./pre.js ok.js`, `node --require ./ok.js evil.js`, `node --import=./pre.js ok.js`, `node --loader ./pre.js ok.js`,
		`NODE_OPTIONS="--require ./pre.js" node ok.js`, `NODE_OPTIONS='-r ./pre.js' npm test`, `node --env-file=evil.env ok.js`,
		`node --import 'data:text/javascript,require("child_process").execSync("rm -rf ~")' ok.js`,
		`node --title x evil.js`, `python3 -m json.tool x`, `PYTHONPATH=shadow python3 -c 'import json'`,
		`cd sub && PYTHONPATH=../shadow python3 app.py`, `PYTHONPATH=shadow python3 sub/app.py`,
	})
	wantOutcomeIn(t, loadsProject, p, NoMatch, []string{
		`ruby calm.rb`, `ruby -rjson app.rb`, `ruby -Ilib -rcalm app.rb`, `perl calm.pl`, `perl -MJSON::PP -e 1`, `perl -Iplib -MCalm app.pl`,
		`php calm.php`, `php -d memory_limit=1G app.php`, `php -c ini/calm.ini app.php`, `lua calm.lua`, `lua -l cjson -e 'print(1)'`,
		`node -r dotenv/config ok.js`, `node --env-file=calm.env ok.js`, `NODE_OPTIONS=--max-old-space-size=4096 node ok.js`,
		`python3 sub/app.py`, `cd sub && python3 app.py`,
	})
}

// TestStartupVariablesOnlyKnownWhenRun: a variable that loads code, given a value only known when
// the line runs, may load anything; the environment's own value beside a literal one is the
// person's, and the literal part is read.
func TestStartupVariablesOnlyKnownWhenRun(t *testing.T) {
	p := mustCompile("rm -r|-R|--recursive -f|--force")
	wantOutcomeIn(t, loadsProject, p, Unknown, []string{
		`NODE_OPTIONS="--require $X" npm test`, `RUBYOPT=$(cat opts) bundle exec rake`, `LUA_INIT=$I lua calm.lua`,
	})
	wantOutcomeIn(t, loadsProject, p, NoMatch, []string{
		`export NODE_OPTIONS="$NODE_OPTIONS --max-old-space-size=4096"; npm test`, `NODE_OPTIONS="${NODE_OPTIONS} --inspect" node ok.js`,
	})
	wantOutcomeIn(t, loadsProject, p, Match, []string{
		`export NODE_OPTIONS="$NODE_OPTIONS -r ./pre.js"; npm test`,
	})
}

// FuzzCodeLoads: the files a Ruby, Perl, PHP, Lua or R program loads, whatever its text holds: no
// panic, no name a quote, an interpolation or a line's end runs through, and a plain load added
// to the text is found.
func FuzzCodeLoads(f *testing.F) {
	f.Add("require_relative 'a/b'\nrequire './c'\nload 'd.rb'\n", "ruby", "x/y")
	f.Add("use lib qw(a b);\nuse lib \"$FindBin::Bin/../lib\";\nuse Foo::Bar;\ndo './x.pl';\nuse parent -norequire, 'Baz';\n", "perl", "z")
	f.Add("<?php require_once __DIR__ . '/a.php'; include(dirname(__DIR__) . \"/b.php\"); require $x;", "php", "c.php")
	f.Add("local m = require('a.b')\ndofile(\"c.lua\")\nrequire \"", "lua", "d")
	f.Add("source(\"a.R\")\nsys.source('b.R', envir)\nqw(", "rscript", "e.R")
	f.Fuzz(func(t *testing.T, text, lang, name string) {
		loads, dirs := codeLoads(lang, text)
		if len(loads) > maxCodeLoads {
			t.Fatalf("%d loads, more than %d", len(loads), maxCodeLoads)
		}
		for _, l := range loads {
			for _, n := range l.names {
				if n == "" || strings.ContainsAny(n, "$\\{\n") {
					t.Fatalf("codeLoads(%q, %q) loads %q", lang, text, n)
				}
			}
		}
		for _, d := range dirs {
			if strings.ContainsAny(d, "$\n") && !strings.HasPrefix(d, "@") {
				t.Fatalf("codeLoads(%q, %q) adds the directory %q", lang, text, d)
			}
		}
		if name == "" || strings.ContainsAny(name, "'\"$\\{\n.") || len(loads) >= maxCodeLoads-1 {
			return
		}
		call := map[string]string{"ruby": "\nrequire_relative '%s'\n", "perl": "\ndo '%s';\n", "php": "\n;require '%s';\n",
			"lua": "\ndofile('%s')\n", "rscript": "\nsource('%s')\n"}[lang]
		if call == "" {
			return
		}
		got, _ := codeLoads(lang, text+fmt.Sprintf(call, name))
		if !slices.ContainsFunc(got, func(l codeLoad) bool { return slices.Contains(l.names, name) || slices.Contains(l.names, name+".rb") }) {
			t.Fatalf("%s load of %q after %q not found: %v", lang, name, text, got)
		}
	})
}

// TestNpmrcNodeOptions: the node-options of a package's .npmrc reach every node program its scripts
// run, as NODE_OPTIONS: --require ./x.js there loaded x.js into npm test unread.
func TestNpmrcNodeOptions(t *testing.T) {
	p := mustCompile("rm -r|-R|--recursive -f|--force")
	files := map[string]string{
		"/p/package.json":     `{"scripts": {"test": "node t.js"}}`,
		"/p/.npmrc":           "node-options=--require ./pre.js\n",
		"/p/t.js":             "console.log(1)\n",
		"/p/pre.js":           "require('child_process').execSync('rm -rf ~')\n",
		"/q/package.json":     `{"scripts": {"test": "node t.js"}}`,
		"/q/.npmrc":           "node-options=\"--max-old-space-size=4096\"\n",
		"/q/t.js":             "console.log(1)\n",
		"/p/sub/package.json": `{"scripts": {"test": "node ../t.js"}}`,
	}
	wantOutcomeIn(t, files, p, Match, []string{`npm test`, `npm run test`, `cd /p && yarn test`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`cd /q && npm test`, `cd /p/sub && npm test`})
}
