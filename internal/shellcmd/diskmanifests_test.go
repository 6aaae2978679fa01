package shellcmd

import (
	"runtime"
	"slices"
	"testing"
)

// manifestProject holds the task files of pixi, devbox, rye, cargo-make and rake, each with a
// task that runs rm -rf ~ beside an ordinary one.
var manifestProject = map[string]string{
	"/p/pixi.toml": "[project]\nname = \"x\"\n[tasks]\nclean = \"rm -rf ~\"\nwipe = { cmd = \"rm -rf ~\" }\n" +
		"words = { cmd = [\"rm\", \"-rf\", \"~\"] }\ndep = { depends-on = [\"clean\"] }\nold = { depends_on = \"wipe\" }\n" +
		"tab = { depends-on = [{ task = \"clean\" }] }\nenv = { cmd = \"rm $F ~\", env = { F = \"-rf\" } }\n" +
		"del = \"rm\"\ntest = \"pytest\"\nlint = { cmd = \"ruff check\", depends-on = [\"test\"] }\n" +
		"[feature.dev.tasks]\nfeat = \"rm -rf ~\"\n[target.linux-64.tasks]\nplat = \"rm -rf ~\"\n",
	"/p/devbox.json": `{"shell": {"init_hook": ["echo hi"], "scripts": {"clean": "rm -rf ~", "multi": ["F=-rf", "rm $F ~"],` +
		` "test": "go test ./...", "del": "rm"}}}`,
	"/hook/devbox.json": `{"shell": {"init_hook": "rm -rf ~", "scripts": {"test": "go test ./..."}}}`,
	"/p/pyproject.toml": "[project]\nname = \"x\"\n[tool.rye.scripts]\nclean = \"rm -rf ~\"\nwipe = { cmd = \"rm -rf ~\" }\n" +
		"words = { cmd = [\"rm\", \"-rf\", \"~\"] }\nchain = { chain = [\"test\", \"clean\"] }\ntest = \"pytest\"\n" +
		"env = { cmd = \"rm $F ~\", env = { F = \"-rf\" } }\ncall = { call = \"x:main\" }\n" +
		"",
	"/py/pyproject.toml": "[project]\nname = \"y\"\n[tool.pixi.tasks]\npyclean = \"rm -rf ~\"\n",
	"/p/Makefile.toml": "[config]\ninit_task = \"setup\"\n[tasks.setup]\ncommand = \"echo\"\n" +
		"[tasks.clean]\ncommand = \"rm\"\nargs = [\"-rf\", \"~\"]\n[tasks.wipe]\nscript = \"rm -rf ~\"\n" +
		"[tasks.lines]\nscript = [\"echo a\", \"rm -rf ~\"]\n[tasks.flow]\ndependencies = [\"test\", \"wipe\"]\n" +
		"[tasks.other]\nrun_task = \"clean\"\n[tasks.os.linux]\nscript = \"rm -rf ~\"\n[tasks.test]\ncommand = \"cargo\"\nargs = [\"test\"]\n",
	"/hook/Makefile.toml": "[config]\ninit_task = \"setup\"\n[tasks.setup]\nscript = \"rm -rf ~\"\n[tasks.test]\ncommand = \"cargo\"\nargs = [\"test\"]\n",
	"/p/Rakefile":         "task :clean do\n  sh \"rm -rf ~\"\nend\ntask :test do\n  ruby \"test.rb\"\nend\n",
	"/p/rakelib/x.rake":   "task :wipe do\n  sh 'rm', '-rf', '~'\nend\n",
	"/q/Rakefile":         "desc \"Run the tests\"\ntask :test do\n  ruby \"test.rb\", \"-v\"\n  sh \"go test #{ENV['PKG']}\"\nend\n",
	"/r/Rakefile":         "# don't\ntask :x do\n  sh \"rm -rf ~\" # '\nend\n",
	"/r2/Rakefile":        "task :x do\n  sh \"rm #{flags} ~\"\n  sh \"#{cmd} -rf ~\"\nend\n",
	// mix loads mix.exs, Elixir code, for every task: an alias's cmd task runs a shell line, and
	// System.cmd a program with a list of words.
	"/m/mix.exs": "defmodule X.MixProject do\n  use Mix.Project\n  def project, do: [app: :x, aliases: aliases()]\n" +
		"  defp aliases, do: [clean: [\"cmd rm -rf ~\"], setup: [\"deps.get\"]]\nend\n",
	"/m2/mix.exs": "defmodule Y do\n  def project do\n    System.cmd(\"rm\", [\"-rf\", \"~\"])\n    [app: :y]\n  end\nend\n",
	"/m3/mix.exs": "defmodule Z do\n  # it's a comment\n  def project, do: [app: :z, aliases: [test: [\"cmd go test ./...\"]]]\nend\n",
}

// TestDiskTaskManifests: pixi run NAME, devbox run NAME, rye run NAME, cargo make NAME and rake
// NAME run the tasks of pixi.toml (or pyproject's [tool.pixi]), devbox.json, pyproject's
// [tool.rye.scripts], Makefile.toml and the Rakefile: each passed a deny of rm -rf, the task's
// name read as a program on PATH or not at all.
func TestDiskTaskManifests(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("paths of the project are Unix paths")
	}
	p := mustCompile("rm -rf")
	wantOutcomeIn(t, manifestProject, p, Match, []string{
		`pixi run clean`, `pixi run wipe`, `pixi run words`, `pixi run dep`, `pixi run old`, `pixi run tab`, `pixi run env`,
		`pixi run -e dev feat`, `pixi run plat`, `pixi run del -rf ~`, `pixi run --manifest-path /py pyclean`, `cd /py && pixi run pyclean`, `pixi run --manifest-path /py/pyproject.toml pyclean`, `pixi run --manifest-path pixi.toml clean`,
		`cd sub && pixi run clean`, `pixi r clean`,
		`devbox run clean`, `devbox run multi`, `devbox run del -rf ~`, `devbox run -c /hook test`, `devbox shell -c /hook`,
		`rye run clean`, `rye run wipe`, `rye run words`, `rye run chain`, `rye run env`,
		`cargo make clean`, `cargo make wipe`, `cargo make lines`, `cargo make flow`, `cargo make other`, `cargo make os`,
		`makers clean`, `cargo-make make clean`, `cargo make --makefile /hook/Makefile.toml test`, `cargo make -t clean`,
		`rake clean`, `rake wipe`, `bundle exec rake clean`, `rake -f Rakefile test`, `rake -C /r x`,
		`cd /m && mix clean`, `cd /m && mix test`, `cd /m2 && mix deps.get`, `cd /m && MIX_ENV=prod mix release`, `cd /m && eatmydata mix compile`,
	})
	wantOutcomeIn(t, manifestProject, p, NoMatch, []string{
		`pixi run test`, `pixi run lint`, `pixi install`, `devbox run test`, `devbox add go`, `rye run test`, `rye sync`,
		`rye run call`, `cargo make test`, `cargo build`, `makers test`, `rake -C /q test`, `cd /r2 && rake x`, `rake -f /q/Rakefile test`,
		`cd /m3 && mix test`,
	})
	for src, file := range map[string]string{`pixi run dep`: `pixi.toml script "clean"`, `devbox run -c /hook test`: `/hook/devbox.json script "shell.init_hook"`,
		`cargo make flow`: `Makefile.toml script "wipe"`, `rake wipe`: `rakelib/x.rake`, `rake clean`: `Rakefile`,
		`cd /m && mix clean`: `/m/mix.exs`} {
		l := ParseFiles(src, POSIX, withList(manifestProject))
		if !slices.ContainsFunc(l.Commands, func(c Command) bool { return c.Name == "rm" && c.File == file }) {
			t.Errorf("%s: no rm from %s in %+v", src, file, l.Commands)
		}
	}
	for _, src := range []string{`pixi run test`, `devbox run test`, `rye run test`, `cargo make test`, `rake -C /q test`, `cd /m3 && mix test`} {
		if l := ParseFiles(src, POSIX, memFiles(manifestProject)); len(l.Unresolved) > 0 {
			t.Errorf("%s: unresolved %q", src, l.Unresolved)
		}
	}
	wantOutcomeIn(t, manifestProject, p, Unknown, []string{`pixi run "$T"`, `devbox run "$T"`, `rye run "$T"`, `cargo make "$T"`})
	for in, want := range map[string]string{
		`System.cmd("rm", ["-rf", "~"])`:       `["rm", "-rf", "~"])`,
		"System.cmd(\n  \"rm\" ,\n [\"-rf\"])": `["rm", "-rf"])`,
		`System.cmd(prog, ["-rf"])`:            `System.cmd(prog, ["-rf"])`,
		`System.cmd("a\"b", [])`:               `System.cmd("a\"b", [])`,
		`[clean: ["cmd rm -rf ~"]]`:            `[clean: ["rm -rf ~"]]`,
		`System.cmd("x"`:                       `System.cmd("x"`,
	} {
		if got := mixText(in); got != want {
			t.Errorf("mixText(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestDiskNx: nx runs the targets of the projects of its workspace: a project.json's
// run-commands target (command, options.command, options.commands), one that runs a package.json
// script, a package.json script nx takes for a target, nx.json's targetDefaults, each with its
// dependsOn. Each passed a deny of rm -rf.
func TestDiskNx(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("paths of the project are Unix paths")
	}
	files := map[string]string{
		"/p/nx.json":      `{"targetDefaults": {"deploy": {"command": "rm -rf ~"}, "build": {"dependsOn": ["^prebuild"]}}}`,
		"/p/package.json": `{"name": "root", "scripts": {"wipe": "rm -rf ~", "test": "jest"}}`,
		"/p/apps/web/project.json": `{"name": "web", "targets": {"clean": {"executor": "nx:run-commands", "options": {"command": "rm -rf ~"}},` +
			` "many": {"options": {"commands": ["echo a", {"command": "rm -rf ~"}]}}, "short": {"command": "rm -rf ~"},` +
			` "script": {"executor": "nx:run-script", "options": {"script": "nuke"}}, "chain": {"dependsOn": ["clean"]},` +
			` "build": {"executor": "@nx/vite:build"}, "test": {"command": "vitest"}}}`,
		"/p/apps/web/package.json":           `{"name": "web", "scripts": {"nuke": "rm -rf ~"}}`,
		"/p/libs/a/b/c/package.json":         `{"name": "c", "scripts": {"prebuild": "rm -rf ~"}, "nx": {"targets": {"pkg": {"command": "rm -rf ~"}}}}`,
		"/p/node_modules/x/project.json":     `{"targets": {"test": {"command": "rm -rf ~"}}}`,
		"/p/a/b/c/d/e/f/g/h.ts/project.json": `{"targets": {"deep": {"command": "rm -rf ~"}}}`,
	}
	p := mustCompile("rm -rf")
	match := []string{`nx run web:clean`, `nx clean web`, `nx web:clean`, `nx run web:many`, `nx run web:short`, `nx run web:script`,
		`nx run web:chain`, `nx wipe`, `nx run-many -t clean`, `nx run-many --targets=lint,clean`, `nx affected -t deploy`,
		`npx nx clean`, `pnpm exec nx run web:clean`, `nx build web`, `nx pkg c`, `cd apps/web && nx clean`, `nx deep h`,
		// nx started by a package manager as a program it has (pnpm, yarn and bun run a program of
		// node_modules/.bin for a word that names no script), a package runner given a version, and
		// npm exec, whose own option parser takes the -- away.
		`pnpm nx run web:clean`, `yarn nx clean web`, `bun nx run web:clean`, `pnpm --silent nx clean`, `npx nx@latest run web:clean`,
		`npx -y nx@19.8.0 clean`, `pnpm dlx nx@latest run web:clean`, `bunx nx@latest clean`, `yarn dlx nx@19 clean`,
		`npm exec nx -- run web:clean`, `npm x -y nx@latest -- clean web`, `bun x nx@latest clean`, `npm exec -- nx@latest clean`, `npx -- nx@19 clean`}
	noMatch := []string{`nx test web`, `nx run web:test`, `nx graph`, `nx run-many -t test`, `nx show projects`, `pnpm nx test web`,
		`yarn nx graph`, `npx nx@latest test web`, `pnpm install nx`, `yarn add nx`}
	wantOutcomeFiles(t, func() *Files { return withList(files) }, p, Match, match)
	wantOutcomeFiles(t, func() *Files { return withList(files) }, p, NoMatch, noMatch)
	wantOutcomeFiles(t, func() *Files { return withList(files) }, p, Unknown, []string{`nx run "$P"`, `nx run-many -t "$T"`,
		`echo '{}' > nx.json && nx test web`})
	for _, src := range noMatch {
		if l := ParseFiles(src, POSIX, withList(files)); len(l.Unresolved) > 0 {
			t.Errorf("%s: unresolved %q", src, l.Unresolved)
		}
	}
	l := ParseFiles(`nx run web:clean`, POSIX, withList(files))
	if !slices.ContainsFunc(l.Commands, func(c Command) bool { return c.Name == "rm" && c.File == `apps/web/project.json target "clean"` }) {
		t.Errorf("no rm from apps/web/project.json in %+v", l.Commands)
	}
}

// TestDiskNinja: ninja runs the command of each out-of-date edge of build.ninja, written with
// the edge's variables: every edge is read (which are out of date is only known when it runs).
func TestDiskNinja(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("paths of the project are Unix paths")
	}
	files := map[string]string{
		"/p/build.ninja": "cflags = -O2\nrule cc\n  command = cc $cflags -c $in -o $out\n  description = CC $out\n" +
			"rule clean\n  command = rm $flags $out\nrule multi\n  command = echo a && $\n    rm -rf ~\n" +
			"build a.o: cc a.c\nbuild ~: clean | x || y\n  flags = -rf\nbuild m: multi\ninclude rules.ninja\n",
		"/p/rules.ninja":  "rule wipe\n  command = ${tool} -rf ~/w\n  tool = rm\nbuild w: wipe\n",
		"/q/build.ninja":  "rule cc\n  command = cc -c $in -o $out\nbuild a.o: cc a.c\nbuild all: phony a.o\ndefault all\n",
		"/q2/build.ninja": "rule r\n  command = rm -rf $out\n",
		"/q3/build.ninja": "rule r\n  command = $a\n  a = $a$a$a$a\nbuild o: r\n",
	}
	p := mustCompile("rm -rf")
	wantOutcomeIn(t, files, p, Match, []string{`ninja`, `ninja a.o`, `ninja -C /p`, `ninja -f /p/build.ninja -j 4`, `samu`, `cd /p && ninja all`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`ninja -C /q`, `ninja -n`, `ninja -t commands`, `ninja -C /q2`, `cd /q && ninja`})
	wantOutcomeIn(t, files, p, Unknown, []string{`ninja -C "$D"`, `ninja -C /q3`})
	l := ParseFiles(`ninja`, POSIX, memFiles(files))
	for _, file := range []string{`/p/build.ninja rule "clean"`, `/p/build.ninja rule "multi"`, `/p/build.ninja rule "wipe"`} {
		if !slices.ContainsFunc(l.Commands, func(c Command) bool { return c.Name == "rm" && c.File == file }) {
			t.Errorf("ninja: no rm from %s in %+v", file, l.Commands)
		}
	}
	if l := ParseFiles(`ninja -C /q`, POSIX, memFiles(files)); len(l.Unresolved) > 0 {
		t.Errorf("ninja -C /q: unresolved %q", l.Unresolved)
	}
}

// TestDiskMayRunFiles: a program hookrun has no reading for (eatmydata, chronic, faketime, a
// secrets or container runner it does not list) that is given a command as its first operand,
// after --, or as a line (hyperfine 'make clean', nodemon --exec '…') runs that command's files:
// its reading named rm -rf nowhere, so eatmydata ./scripts/clean.sh passed a deny of rm -rf. The
// files of such a command are read; what their reading leaves unknown does not count, as for a
// file read from disk.
func TestDiskMayRunFiles(t *testing.T) {
	p := mustCompile("rm -rf")
	var match []string
	for _, pre := range []string{"eatmydata", "chronic", "proot", "retry", "chamber exec x --", "distrobox enter x --",
		"guix shell --", "flox activate --", "run0", "mytool -v --"} {
		match = append(match, pre+" ./scripts/clean.sh", pre+" make wipe", pre+" npm run clean")
	}
	for _, pre := range []string{"faketime '2020-01-01'", "gdb --args", "perf record", "sops exec-env f", "toolbox run", "mytool x"} {
		match = append(match, pre+" make wipe", pre+" npm run clean", pre+" sh ./scripts/clean.sh")
	}
	match = append(match, `hyperfine 'make wipe'`, `nodemon --exec 'npm run clean'`, `watchexec -e go -- ./scripts/clean.sh`,
		`entr -s 'make wipe'`, `eatmydata sudo make wipe`, `echo 'rm -rf ~' > s.sh; eatmydata sh s.sh`)
	// A program run by its path after other operands or after an option that may take a value: the
	// wrapper's own words come first (faketime's time, gdb's --args, bwrap's mounts), and a path
	// without ./ runs the file as surely (exec of a name with a / in it does not search PATH).
	// Each passed a deny of rm -rf.
	for _, pre := range []string{"faketime @0", "faketime -f @0", "gdb -batch --args", "bwrap --bind / /", "bwrap --ro-bind / / --dev /dev",
		"valgrind --tool=memcheck", "cgexec -g cpu:x", "mytool x y", "mytool -o out", "mytool lint", "perf stat -e cycles"} {
		match = append(match, pre+" ./scripts/clean.sh", pre+" scripts/clean.sh", pre+" /p/scripts/clean.sh", pre+" ../p/scripts/clean.sh")
	}
	wantOutcomeIn(t, hostileProject, p, Match, match)
	// Not a file: a URL, a remote host's path, a missing file, a program or a script of another
	// language (read as itself), and the tools whose files are their data.
	noMatch := []string{`eatmydata ./scripts/tool.py`, `mytool --name make`, `eatmydata npm test`,
		`eatmydata make test`, `shellcheck scripts/clean.sh`, `eatmydata ./scripts/missing.sh`, `brew install make`,
		`shellcheck ./scripts/clean.sh`, `nano ./scripts/clean.sh`, `code ./scripts/clean.sh`, `sha256sum ./scripts/clean.sh`,
		`mytool x https://example.com/scripts/clean.sh`, `mytool x host:scripts/clean.sh`, `faketime @0 ./bin/app`,
		`faketime @0 scripts/tool.py`, `emacs -nw scripts/clean.sh`, `vim -O x scripts/clean.sh`}
	wantOutcomeIn(t, hostileProject, p, NoMatch, noMatch)
	for _, src := range noMatch {
		if l := ParseFiles(src, POSIX, memFiles(hostileProject)); len(l.Unresolved) > 0 {
			t.Errorf("%s: unresolved %q", src, l.Unresolved)
		}
	}
}
