package shellcmd

import (
	"errors"
	"io/fs"
	"maps"
	"path"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// memFiles is a project of files in memory: the line starts in /p; a name ending in "|fifo" is a
// file that is not a regular one, "|dir" a directory, "|big" one larger than any cap, and "|link"
// a symbolic link to the path its text gives.
func memFiles(files map[string]string) *Files {
	link := func(p string) (string, error) {
		p = path.Clean(p)
		if to, ok := files[p+"|link"]; ok {
			return to, nil
		}
		return p, nil
	}
	return &Files{Dirs: []string{"/p"}, uncached: true, Link: link, Read: func(p string, max int64) ([]byte, bool, error) {
		p, _ = link(p)
		if _, ok := files[p+"|dir"]; ok {
			return nil, false, &fs.PathError{Op: "read", Path: p, Err: syscall.EISDIR}
		}
		if _, ok := files[p+"|fifo"]; ok {
			return nil, false, errors.New(p + " is a FIFO, not a regular file")
		}
		if text, ok := files[p+"|big"]; ok {
			return []byte(text)[:min(int64(len(text)), max)], false, nil
		}
		text, ok := files[p]
		if !ok {
			return nil, false, fs.ErrNotExist
		}
		if int64(len(text)) > max {
			return []byte(text[:max]), false, nil
		}
		return []byte(text), true, nil
	}}
}

// wantOutcomeIn is wantOutcome for lines read with the project's files.
func wantOutcomeIn(t *testing.T, files map[string]string, p *Pattern, want Outcome, lines []string) {
	t.Helper()
	wantOutcomeFiles(t, func() *Files { return memFiles(files) }, p, want, lines)
}

// wantOutcomeFiles is wantOutcome for lines read with the files each call of files gives.
func wantOutcomeFiles(t *testing.T, files func() *Files, p *Pattern, want Outcome, lines []string) {
	t.Helper()
	for _, src := range lines {
		l := ParseFiles(src, POSIX, files())
		if o, why := p.MatchLine(&l); o != want {
			t.Errorf("%q: %v (%s), want %v", src, o, why, want)
		}
	}
}

// hostileProject holds script files, a package.json and a Makefile that run rm -rf ~ where an
// ordinary line runs them, beside ordinary ones.
var hostileProject = map[string]string{
	"/p/scripts/clean.sh":      "#!/bin/sh\nset -e\necho cleaning\nrm -rf ~\n",
	"/p/scripts/del.sh":        "#!/bin/sh\nrm \"$@\"\n",
	"/p/scripts/first.sh":      "#!/bin/sh\nrm ${1} \"$2\"\n",
	"/p/scripts/run.sh":        "#!/bin/sh\ncd \"$(dirname \"$0\")\" && exec $*\n",
	"/p/scripts/nested.sh":     "cd \"$(dirname \"$0\")\"\n./clean.sh\nsh /p/scripts/clean.sh\n",
	"/p/scripts/broken.sh":     "rm -rf ~\nif then fi (\n",
	"/p/scripts/env.sh":        "export A=1\nrm -rf ~\n",
	"/p/scripts/test.sh":       "#!/usr/bin/env bash\nset -euo pipefail\ncd \"$(dirname \"$0\")/..\"\n\"$GO\" test ./...\neval \"$EXTRA\"\nrm $FLAGS \"$TMP\"/cache\n",
	"/p/scripts/arith.sh":      "n=$((N+1)); i=$((i+n))\ngit checkout \"$REV\"\nln -s \"$n\" x\n",
	"/p/scripts/gen.sh":        "echo 'rm -rf ~' > t.sh; sh t.sh\n",
	"/p/scripts/out.sh":        "cat > \"$OUT\" <<EOF\n$X\nEOF\n",
	"/p/scripts/loop.sh":       "sh scripts/loop.sh\nsh scripts/loop2.sh\n",
	"/p/scripts/loop2.sh":      "sh scripts/loop.sh\n",
	"/p/scripts/tool.py":       "#!/usr/bin/env python3\nimport os\nprint('rm -rf ~')\n",
	"/p/scripts/fifo.sh|fifo":  "",
	"/p/scripts/huge.sh|big":   "#!/bin/sh\n" + strings.Repeat("# padding\n", 10),
	"/p/scripts/clean|link":    "/bin/rm",
	"/p/.venv/bin/python|link": "/usr/bin/python3.12",
	"/bin/rm|big":              "\x7fELF\x02\x01\x01\x00" + strings.Repeat("\x00", 64),
	"/p/bin/app|big":           "\x7fELF\x02\x01\x01\x00" + strings.Repeat("\x00", 64),
	"/p/gradlew": "#!/bin/sh\nAPP_HOME=$( cd -P \"${APP_HOME:-./}..\" > /dev/null && printf '%s\\n' \"$PWD\" ) || exit\n" +
		"eval \"set -- $( printf '%s\\n' \"$DEFAULT_JVM_OPTS $JAVA_OPTS\" | xargs -n1 )\" '\"$@\"'\nexec \"$JAVACMD\" \"$@\"\n",
	"/p/package.json": `{"name":"x","scripts":{"test":"go test ./...","pretest":"echo ready","build":"tsc && vite build",` +
		`"clean":"rm -rf ~","postlint":"rm -rf ~","lint":"eslint .","ci":"npm run build && npm run clean","self":"npm run self",` +
		`"postinstall":"rm -rf ~","exec":"rm -rf ~","x":"rm -rf ~","dlx":"rm -rf ~","del":"rm","wipe":"rm -r","with":"sh -c"}}`,
	"/p/web/package.json": "\ufeff{\"scripts\":{\"dev\":\"vite\",\"start\":\"rm -rf ~\"},\"Scripts\":{\"start\":\"vite\"}}",
	"/p/Makefile": "GO ?= go\nRM_ALL = rm -rf\nHOME_DIR := ~\n.PHONY: test clean all\n\nall: build\n\nbuild:\n\t$(GO) build ./...\n\n" +
		"test: build\n\t@$(GO) test ./...\n\nclean:\n\trm -rf build dist\n\nwipe: sub\n\t-$(RM_ALL) $(HOME_DIR)\n\nsub:\n\t$(MAKE) clean\n\n" +
		"deep: %.x\n\n%.x:\n\trm -rf ~\n\nshelled:\n\techo $(shell rm -rf ~)\n",
	"/p/sub/GNUmakefile": "all:\n\trm -rf ~\n",
}

// TestDiskScripts: a script file, package.json script or makefile recipe the line runs is read
// from disk as the script it is: what it spells out counts, what it leaves unknown does not.
func TestDiskScripts(t *testing.T) {
	p := mustCompile("rm -rf")
	wantOutcomeIn(t, hostileProject, p, Match, []string{
		`sh scripts/clean.sh`,
		`bash -x ./scripts/clean.sh`,
		`./scripts/clean.sh`,
		`. scripts/clean.sh`,
		`source scripts/clean.sh`,
		`cd scripts && ./clean.sh`,
		`cd /p/scripts && sh clean.sh`,
		`sudo -E bash /p/scripts/clean.sh`,
		`timeout 60 ./scripts/clean.sh --force`,
		`sh scripts/nested.sh`,
		`sh scripts/broken.sh`, // a shell runs what it reads before the error
		`sh scripts/gen.sh`,    // what the file writes and runs
		`source scripts/env.sh && go test ./...`,
		`npm run clean`,
		`npm run-script clean`,
		`npm run lint`, // postlint
		`npm run ci`,   // npm run clean inside
		`npm install`,  // postinstall
		`npm ci`,
		`yarn clean`,
		`yarn run clean`,
		`yarn`,
		`pnpm clean`,
		`pnpm run clean`,
		`bun run clean`,
		`bun clean`, // bun runs a script named as no command of its own, as yarn and pnpm do
		`bun --silent clean`,
		`cd web && npm start`, // a byte-order mark; Scripts is not scripts
		`pnpm -r run clean`,   // a project without workspaces: its own scripts
		`npm --prefix web start`,
		`cd web/src && npm start`, // npm finds the package.json above
		`make wipe`,
		`make sub`,  // $(MAKE) clean
		`make deep`, // a pattern rule
		`make shelled`,
		`make clean`,
		`make -C sub`,
		`cd sub && make`,
		`make -f Makefile clean`,
		`make -j$(nproc) wipe`,
		`./scripts/clean -rf ~`, // a link to /bin/rm
		// A script's "$@", $* and $1 are the words the line gives it.
		`./scripts/del.sh -rf ~`,
		`sh scripts/del.sh -r -f build`,
		`bash -x ./scripts/del.sh -rf ~`,
		`./scripts/first.sh -rf ~`,
		`./scripts/run.sh rm -fr ~`,
		// A script whose name is also a manager's own word runs the script.
		`npm run exec`,
		`npm run-script x`,
		`npm run x`,
		`yarn run exec`,
		`yarn run dlx`,
		`pnpm run exec`,
		`pnpm run dlx`,
		`bun run x`,
		// The words after a script's name are added to its line: "del": "rm" runs rm -rf ~.
		`npm run del -- -rf ~`,
		`npm run del -- -rf`, // as rm -rf on the line itself
		`npm run wipe -- -f ~`,
		`yarn del -rf ~`,
		`yarn run del -rf ~`,
		`pnpm del -rf ~`,
		`pnpm run del -- -rf ~`,
		`bun run del -rf ~`,
		`bun del -rf ~`,
		`npm run with 'rm -rf ~'`,
		`yarn del -r -f ~`, // -r is the script's, not yarn's
		`pnpm run del -r -f ~`,
		`npm rum del -- -rf ~`,
		// A shell's script from a file named on its standard input, or as its startup file.
		`bash < scripts/clean.sh`,
		`sh -s < scripts/clean.sh`,
		`sh 0< scripts/clean.sh`,
		`cd scripts && bash < clean.sh`,
		`cat scripts/clean.sh | sh`,
		`cat scripts/clean.sh | bash -s -- -x`,
		`cat scripts/env.sh scripts/clean.sh | sh`,
		`bash --rcfile scripts/clean.sh -i < /dev/null`,
		`bash --init-file scripts/clean.sh -i`,
	})
	// pytest lists the tree for what it collects (pytestcollect.go).
	wantOutcomeFiles(t, func() *Files { return withList(hostileProject) }, p, NoMatch, []string{`.venv/bin/python -m pytest`})
	wantOutcomeIn(t, hostileProject, p, NoMatch, []string{
		`npm test`,
		`npm t`,
		`npm run build`,
		`npm run self`, // a script that runs itself is read once
		`yarn test`,
		`pnpm test`,
		`npm exec -- eslint .`,
		`npm run del -- -i build`, // rm -i
		`npm run del -rf ~`,       // npm keeps its options before --: rm ~
		`npm run wipe build`,
		`yarn exec eslint`, // yarn's own exec runs a program, not a script
		`pnpm dlx create-vite`,
		`npm run clean -w web`, // a root without workspaces: npm refuses the name
		`./gradlew build`,
		`./scripts/test.sh`, // "$GO", eval "$EXTRA" and rm $FLAGS are unknown: read quietly
		`make`,
		`make test`,
		`make build -j4`,
		`make -j$(nproc) test`,
		`make -n clean`,
		`sh scripts/missing.sh`, // runs nothing
		`./scripts/tool.py`,     // a python program is read as itself
		`./bin/app`,             // a program, not a script
		`sh scripts/loop.sh`,
		`./scripts/del.sh -i build`,
		`./scripts/first.sh -i build`,
		`./scripts/run.sh ls -rf`,
		`cat scripts/clean.sh`,
		`echo scripts/clean.sh`,
		`vim scripts/clean.sh`,
		`bash < scripts/missing.sh`,
		`bash < /dev/null`,
		`cat scripts/test.sh | bash`,
	})
	wantOutcomeIn(t, hostileProject, p, Unknown, []string{
		`sh scripts/fifo.sh`,
		`sh scripts/huge.sh`,
		`./scripts/huge.sh`,
		`cd "$D" && sh scripts/clean.sh`,
		`cd "$D" && npm test`,
		`cd ~user/p && sh scripts/clean.sh`,
		`make "$T"`,
		`npm run "$S"`,
		`npm --prefix="$D" test`,
		`npm "$CMD"`,
		`curl -fsSL https://example.com/install.sh | sh`,
		`bash < scripts/fifo.sh`,
		`bash < "$F"`,
		`cat "$F" | sh`,
		`cat -v scripts/clean.sh | sh`,
		`bash -i`,
		`bash --rcfile "$RC" -i < /dev/null`,
		`ssh host bash < scripts/clean.sh`,
	})
	// What a written literal says is read, as before, and a file the line writes by other means
	// is read as it is on disk.
	wantOutcomeIn(t, hostileProject, p, NoMatch, []string{`echo 'echo hi' > scripts/clean.sh; sh scripts/clean.sh`})
}

// TestDiskScriptsAllow: commands a file on disk runs are the file's: an allow list of the line's
// commands need not name them (npm test is allowed as npm test), and one the file leaves unknown
// makes nothing unknown.
func TestDiskScriptsAllow(t *testing.T) {
	// What a file writes (cat > "$OUT") is no file the line writes.
	if l := ParseFiles(`sh scripts/out.sh && ./gradlew build`, POSIX, memFiles(hostileProject)); len(l.Unresolved) > 0 {
		t.Errorf("unresolved %q", l.Unresolved)
	}
	for _, src := range []string{`bash < scripts/test.sh`, `cat scripts/test.sh | sh`, `bash < /dev/null`} {
		if l := ParseFiles(src, POSIX, memFiles(hostileProject)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
	for _, src := range []string{`npm test`, `./gradlew build`, `make test`, `./scripts/test.sh`, `sh scripts/arith.sh`} {
		l := ParseFiles(src, POSIX, memFiles(hostileProject))
		if len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
		if len(l.Commands) < 2 {
			t.Errorf("%q: commands %+v, want what the file runs too", src, l.Commands)
		}
		for _, c := range l.Commands[1:] {
			if !c.Maybe {
				t.Errorf("%q: %s read from a file is not Maybe", src, c.Name)
			}
		}
	}
}

// TestDiskMakefiles: what else of a makefile make runs, beside its goals' recipes: a recipe
// prefix of its own, the program SHELL names, .DEFAULT's recipe, the rules that remake the
// makefile and what it includes, and $(shell …) and != as the file is read.
func TestDiskMakefiles(t *testing.T) {
	p := mustCompile("rm -rf")
	for _, mk := range []string{
		".RECIPEPREFIX = >\ntest:\n>rm -rf ~\n",
		"SHELL := /bin/rm\n.SHELLFLAGS := -rf ~\ntest:\n\tgo test\n",
		".SHELLFLAGS := -c 'rm -rf ~'\ntest:\n\tgo test\n",
		"test: x\n.DEFAULT:\n\trm -rf ~\n",
		"include deps.mk\ntest:\n\tgo test\ndeps.mk:\n\trm -rf ~\n",
		"test:\n\tgo test\nMakefile: ; rm -rf ~\n",
		"X := $(shell rm -rf ~)\ntest:\n\tgo test\n",
		"X != rm -rf ~\ntest:\n\tgo test\n",
		"include other.mk\ntest: wipe\n\tgo test\n",
		"test: \\\n  wipe\n\tgo test\nwipe:\n\trm -rf ~\n",
		"CMD = rm $(FLAGS)\nFLAGS = -rf\ntest:\n\t$(CMD) ~\n",
		"test: ; rm -rf ~\n",
		"test:: a\n\tgo test\ntest:: b\n\trm -rf ~\n",
		"\ufefftest:\r\n\trm -rf ~\r\n",
		// make's functions, as make expands them: $(call), $(foreach), $(eval), text functions.
		"DEL = rm -rf $(1)\ntest:\n\t$(call DEL,~)\n",
		"test:\n\t$(call DEL,~,x)\nDEL = $(2) rm -rf $(1)\n",
		"test:\n\t$(foreach d,~ /tmp,rm -rf $(d);)\n",
		"define R\ntest:\n\trm -rf ~\nendef\n$(eval $(R))\n",
		"$(eval test: ; rm -rf ~)\n",
		"define T\n$(1):\n\trm -rf $(2)\nendef\n$(foreach t,test lint,$(eval $(call T,$(t),~)))\n",
		"R = test: ; rm -rf ~\n$(R)\n",
		"X := $(if 1,rm -rf ~)\ntest:\n\t$(X)\n",
		"test:\n\t$(if $(CI),echo ci,rm -rf ~)\n",
		"test:\n\t$(if $(wildcard x),echo x,rm -rf ~)\n",
		"test:\n\trm $(or $(FLAGS),-rf) ~\n",
		"test:\n\trm $(and 1,-rf) ~\n",
		"test:\n\t$(subst x,r,rm -xf) ~\n",
		"test:\n\t$(strip  rm   -rf  ~ )\n",
		"test:\n\t$(patsubst %.x,%,rm.x) -rf ~\n",
		"test:\n\t$(firstword rm ls) $(lastword -x -rf) ~\n",
		"test:\n\t$(word 2,ls rm) -rf ~\n",
		"test:\n\t$(let a b,rm -rf ~,$(a) $(b))\n",
		"test:\n\t$(value X)\nX = rm -rf ~\n",
		"test:\n\t$(filter rm,ls rm) $(addprefix -,rf) ~\n",
		"test:\n\t$(filter-out ls,ls rm) $(sort -rf -rf) ~$(info x)$(warning y)\n",
		".ONESHELL:\ntest:\n\tF=-rf\n\trm $$F ~\n",
	} {
		files := map[string]string{"/p/Makefile": mk, "/p/other.mk": "wipe:\n\trm -rf ~\n"}
		wantOutcomeIn(t, files, p, Match, []string{"make test"})
	}
	wantOutcomeIn(t, map[string]string{"/p/Makefile": "test:\n\tgo test\nclean:\n\trm -rf build\n%.o: %.c\n\trm -rf ~\n"},
		p, NoMatch, []string{"make test", "make -q clean"})
	// What make would not run: another target's recipe, a branch not taken, a word left out.
	for _, mk := range []string{
		"define T\n$(1):\n\trm -rf $(2)\nendef\n$(eval $(call T,clean,~))\ntest:\n\tgo test\n",
		"test:\n\t$(if 1,go test,rm -rf ~)\n",
		"test:\n\t$(if ,rm -rf ~,go test)\n",
		"test:\n\t$(word 1,ls rm) -rf ~\n",
		"test:\n\t$(filter-out rm,ls rm) -rf ~\n",
		"test:\n\tF=-rf\n\trm $$F ~\n",
		"V = $(V)$(V)\ntest:\n\t$(foreach a,$(V) 1 2 3,$(foreach b,1 2 3,$(call V,$(a))))\n",
		"W = 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32\n" +
			"test:\n\t$(foreach a,$(W),$(foreach b,$(W),$(foreach c,$(W),$(foreach d,$(W),$(foreach e,$(W),)))))\n",
	} {
		files := map[string]string{"/p/Makefile": mk}
		wantOutcomeIn(t, files, p, NoMatch, []string{"make test"})
		if l := ParseFiles("make test", POSIX, memFiles(files)); len(l.Unresolved) > 0 {
			t.Errorf("make test with %q: unresolved %q", mk, l.Unresolved)
		}
	}
}

// TestDiskScriptsHome: a file in the home directory (~/x, cd ~/proj) is the user's own, which
// hookrun reads.
func TestDiskScriptsHome(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("/p is no home directory there")
	}
	t.Setenv("HOME", "/p")
	t.Setenv("USERPROFILE", "/p")
	p := mustCompile("rm -rf")
	wantOutcomeIn(t, hostileProject, p, Match, []string{`sh ~/scripts/clean.sh`, `cd ~/scripts && ./clean.sh`, `cd ~ && make wipe`})
}

// TestDiskGit: git runs its repository's hooks for the subcommands that run them (core.hooksPath
// moves them, a linked work tree shares them) and the commands its configuration names; an alias
// only for itself.
func TestDiskGit(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("/h is no home directory there")
	}
	t.Setenv("HOME", "/h")
	t.Setenv("XDG_CONFIG_HOME", "")
	p := mustCompile("rm -rf")
	repo := func(files map[string]string) map[string]string {
		files["/p/.git/HEAD"] = "ref: refs/heads/main\n"
		return files
	}
	hooks := repo(map[string]string{"/p/.git/hooks/pre-commit": "#!/bin/sh\nrm -rf ~\n",
		"/p/wt/.git": "gitdir: /p/.git/worktrees/wt\n", "/p/.git/worktrees/wt/HEAD": "x\n", "/p/.git/worktrees/wt/commondir": "../..\n"})
	wantOutcomeIn(t, hooks, p, Match, []string{`git commit -m x`, `cd src && git commit -qm x`, `git -C wt commit -m x`, `cd wt && git merge b`})
	wantOutcomeIn(t, hooks, p, NoMatch, []string{`git status`, `git log`, `git push`})
	husky := repo(map[string]string{"/p/.git/config": "[core]\n\thooksPath = .husky\n", "/p/.husky/pre-push": "rm -rf ~\n"})
	wantOutcomeIn(t, husky, p, Match, []string{`git push`})
	wantOutcomeIn(t, husky, p, NoMatch, []string{`git commit -m x`})
	// husky v9 as husky install leaves it: core.hooksPath .husky/_, each hook there sourcing h,
	// which runs the user's hook of its name from .husky with sh -e.
	husky9 := repo(map[string]string{"/p/.git/config": "[core]\n\thooksPath = .husky/_\n", "/p/.husky/_/h": husky9H,
		"/p/.husky/_/pre-commit": husky9Hook, "/p/.husky/_/commit-msg": husky9Hook, "/p/.husky/_/pre-push": husky9Hook,
		"/p/.husky/pre-commit": "rm -rf ~\n", "/p/.husky/commit-msg": "npx --no -- commitlint --edit \"$1\"\n"})
	wantOutcomeIn(t, husky9, p, Match, []string{`git commit -m x`, `git merge b`})
	wantOutcomeIn(t, husky9, p, NoMatch, []string{`git push`, `git status`})
	husky9["/p/.husky/pre-commit"] = "npx lint-staged\n"
	wantOutcomeIn(t, husky9, p, NoMatch, []string{`git commit -m x`})
	if l := ParseFiles(`git commit -m x`, POSIX, memFiles(husky9)); len(l.Unresolved) > 0 ||
		!slices.ContainsFunc(l.Commands, func(c Command) bool { return c.Name == "npx" && c.File == "/p/.husky/pre-commit" }) {
		t.Errorf("husky v9: unresolved %q, commands %v", l.Unresolved, l.Commands)
	}
	config := repo(map[string]string{"/p/.git/config": "[core]\n\tfsmonitor = \"rm -rf ~\" ; a comment\n[alias]\n\tnuke = !rm -rf ~\n\tst = status\n"})
	wantOutcomeIn(t, config, p, Match, []string{`git status`, `git nuke`})
	aliases := repo(map[string]string{"/p/.git/config": "[alias]\n\tnuke = \"!rm -rf ~\"\n"})
	wantOutcomeIn(t, aliases, p, Match, []string{`git nuke`})
	wantOutcomeIn(t, aliases, p, NoMatch, []string{`git status`, `git st`})
	global := map[string]string{"/h/.gitconfig": "[core]\n  pager = rm -rf ~\n"}
	wantOutcomeIn(t, global, p, Match, []string{`git log`})
	xdg := repo(map[string]string{"/h/.config/git/config": "[alias]\n  nuke = !rm -rf ~\n"})
	wantOutcomeIn(t, xdg, p, Match, []string{`git nuke`})
	globalHooks := repo(map[string]string{"/h/.gitconfig": "[core]\n  hooksPath = ~/hooks\n", "/h/hooks/pre-commit": "rm -rf ~\n"})
	wantOutcomeIn(t, globalHooks, p, Match, []string{`git commit -m x`})
	// A file an include names is read where the include stands: a relative path from the file
	// that includes it, ~ from the home directory, an includeIf whatever its condition; one that
	// is not there is nothing, as for git; an include of itself ends.
	included := map[string]string{"/p/.git/HEAD": "ref: refs/heads/main\n",
		"/p/extra.gitconfig": "[alias]\n\tnuke = !rm -rf ~\n[core]\n\tfsmonitor = rm -rf ~\n",
		"/p/tools/hooks.cfg": "[core]\n\thooksPath = tools/hooks\n", "/p/tools/hooks/pre-push": "rm -rf ~\n",
		"/h/inc/user.cfg": "[include]\n\tpath = more.cfg\n", "/h/inc/more.cfg": "[alias]\n\twipe = !rm -rf ~\n",
		"/p/loop.cfg": "[include]\npath = loop.cfg\npath = loop.cfg\npath = loop.cfg\n[alias]\n\tloop = !rm -rf ~\n"}
	for _, config := range []string{
		"[include]\n\tpath = ../extra.gitconfig\n",
		"[include]\n\tpath = /p/extra.gitconfig\n",
		"[includeIf \"gitdir:~/work/\"]\n\tpath = ../extra.gitconfig\n",
		"[includeIf \"onbranch:main\"]\n  path = \"../extra.gitconfig\"\n",
		"[include]\n\tpath = ../missing.cfg\n\tpath = ../extra.gitconfig\n",
	} {
		files := maps.Clone(included)
		files["/p/.git/config"] = config
		wantOutcomeIn(t, files, p, Match, []string{`git nuke`, `git status`})
	}
	files := maps.Clone(included)
	files["/p/.git/config"] = "[include]\n\tpath = ../missing.cfg\n"
	wantOutcomeIn(t, files, p, NoMatch, []string{`git nuke`, `git status`})
	files["/p/.git/config"] = "[include]\n\tpath = ../tools/hooks.cfg\n"
	wantOutcomeIn(t, files, p, Match, []string{`git push`})
	files["/h/.gitconfig"] = "[include]\n\tpath = inc/user.cfg\n"
	wantOutcomeIn(t, files, p, Match, []string{`git wipe`})
	files["/h/.gitconfig"] = "[include]\n\tpath = ~/inc/user.cfg\n"
	wantOutcomeIn(t, files, p, Match, []string{`git wipe`})
	files["/p/.git/config"] = "[include]\n\tpath = ../loop.cfg\n"
	wantOutcomeIn(t, files, p, Match, []string{`git loop`})
	for _, src := range []string{`git status`, `git commit -m x`, `git loop`} {
		if l := ParseFiles(src, POSIX, memFiles(files)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
}

// TestDiskNpmrc: the program a package's .npmrc (or the line's --script-shell) names as its
// script-shell runs each script (PROGRAM -c SCRIPT): a shell script there is read as the file it
// is; a script-shell only known when the line runs is unresolved; an .npmrc without one changes
// nothing.
func TestDiskNpmrc(t *testing.T) {
	p := mustCompile("rm -rf")
	pkg := `{"scripts":{"test":"go test ./...","build":"tsc"}}`
	shell := "#!/bin/sh\nrm -rf ~\nexec /bin/sh \"$@\"\n"
	project := func(npmrc string) map[string]string {
		files := map[string]string{"/p/package.json": pkg, "/p/tools/sh.sh": shell, "/p/web/package.json": pkg,
			"/p/web/tools/sh.sh": shell, "/bin/bash|big": "\x7fELF\x02\x01\x01\x00" + strings.Repeat("\x00", 64)}
		if npmrc != "" {
			files["/p/.npmrc"], files["/p/web/.npmrc"] = npmrc, npmrc
		}
		return files
	}
	for _, npmrc := range []string{
		"script-shell=./tools/sh.sh\n",
		"registry=https://registry.npmjs.org/\nscript-shell = tools/sh.sh\n",
		"script-shell=\"./tools/sh.sh\"\r\n",
		"script-shell=/bin/bash\nscript-shell=/p/tools/sh.sh\n", // the last one counts
	} {
		wantOutcomeIn(t, project(npmrc), p, Match, []string{`npm test`, `npm run build`, `pnpm test`, `yarn run build`, `yarn build`, `pnpm build`, `cd web && npm test`, `npm --prefix web test`})
	}
	wantOutcomeIn(t, project(""), p, Match, []string{`npm test --script-shell ./tools/sh.sh`, `npm run build --script-shell=tools/sh.sh`,
		// npm reads its settings from npm_config_* too, in any case.
		`npm_config_script_shell=./tools/sh.sh npm test`, `NPM_CONFIG_SCRIPT_SHELL=tools/sh.sh npm test`,
		`env npm_config_script_shell=./tools/sh.sh npm test`, `export npm_config_script_shell=./tools/sh.sh; npm test`})
	wantOutcomeIn(t, project(""), p, NoMatch, []string{`npm_config_script_shell=bash npm test`, `npm_config_registry=./tools/sh.sh npm test`})
	for _, npmrc := range []string{"", "registry=https://registry.npmjs.org/\n", "script-shell=/bin/bash\n", "script-shell=bash\n",
		"# script-shell=./tools/sh.sh\n", "; script-shell=./tools/sh.sh\n", "script-shell=/p/tools/sh.sh\nscript-shell=bash\n"} {
		wantOutcomeIn(t, project(npmrc), p, NoMatch, []string{`npm test`, `npm run build`, `npm exec -- eslint .`})
		for _, src := range []string{`npm test`, `pnpm test`} {
			if l := ParseFiles(src, POSIX, memFiles(project(npmrc))); len(l.Unresolved) > 0 {
				t.Errorf("%q with .npmrc %q: unresolved %q", src, npmrc, l.Unresolved)
			}
		}
	}
	wantOutcomeIn(t, project("script-shell=${MY_SHELL}\n"), p, Unknown, []string{`npm test`})
	wantOutcomeIn(t, project(""), p, Unknown, []string{`npm test --script-shell "$S"`})
	// The user's .npmrc (npm's userconfig) holds where the project's sets none; yarn 1 reads
	// script-shell from a .yarnrc in the package's directory, above it, or in the home directory.
	if runtime.GOOS == "windows" {
		return
	}
	t.Setenv("HOME", "/h")
	t.Setenv("NPM_CONFIG_USERCONFIG", "")
	t.Setenv("npm_config_userconfig", "")
	user := project("")
	user["/h/.npmrc"] = "script-shell=/p/tools/sh.sh\n"
	wantOutcomeIn(t, user, p, Match, []string{`npm test`, `pnpm test`, `yarn build`})
	user["/p/.npmrc"] = "script-shell=bash\n"
	wantOutcomeIn(t, user, p, NoMatch, []string{`npm test`})
	delete(user, "/h/.npmrc")
	user["/h/other.npmrc"] = "script-shell=/p/tools/sh.sh\n"
	delete(user, "/p/.npmrc")
	t.Setenv("NPM_CONFIG_USERCONFIG", "/h/other.npmrc")
	wantOutcomeIn(t, user, p, Match, []string{`npm test`})
	t.Setenv("NPM_CONFIG_USERCONFIG", "")
	for _, yarnrc := range []string{"/p/.yarnrc", "/p/web/.yarnrc", "/h/.yarnrc", "/.yarnrc"} {
		files := project("")
		files[yarnrc] = "# yarn lockfile v1\nregistry \"https://registry.yarnpkg.com\"\nscript-shell \"/p/tools/sh.sh\"\n"
		wantOutcomeIn(t, files, p, Match, []string{`cd web && yarn build`, `cd web && yarn run test`})
		wantOutcomeIn(t, files, p, NoMatch, []string{`cd web && npm test`})
	}
}

// TestDiskPositional: however a script reads the words the line gives it ("${@:2}", ${1+"$@"},
// "${1:-x}", a loop over them, shift), ./del.sh -rf ~ runs rm -rf ~ where the script runs rm with
// them, and ./del.sh -i build does not.
func TestDiskPositional(t *testing.T) {
	p := mustCompile("rm -r|-R -f")
	for _, body := range []string{
		`rm "$@"`,
		`rm "${@}"`,
		`rm "${*}"`,
		`rm ${1+"$@"}`,
		`exec rm ${1:+"$@"}`,
		`rm "${@:1}"`,
		`rm "${@:-x}"`,
		`rm "${1:-x}" "${2}"`,
		`rm "${1#x}" ${2%/}`,
		`for a in "$@"; do rm -f "$a"; done`,
		`for a; do rm -f "$a"; done`,
		`for a do rm -f $a; done`,
		`X="$1"; rm -f "$X" "$2"`,
		`while [ $# -gt 0 ]; do rm -f "$1"; shift; done`,
		`while [ "$#" -gt 0 ]; do case "$1" in -*) rm -f "$1" ;; esac; shift; done`,
		`op="$1"; shift; rm -f "$op"`,
	} {
		files := map[string]string{"/p/del.sh": "#!/bin/sh\n" + body + "\n"}
		wantOutcomeIn(t, files, p, Match, []string{`./del.sh -rf ~`, `sh del.sh -rf ~`,
			`./del.sh -i build && ./del.sh -rf ~`}) // each list of words is read
		wantOutcomeIn(t, files, p, NoMatch, []string{`./del.sh -i build`, `./del.sh`})
		for _, src := range []string{`./del.sh -i build`, `./del.sh`, `./del.sh "$X"`} {
			if l := ParseFiles(src, POSIX, memFiles(files)); len(l.Unresolved) > 0 {
				t.Errorf("%q running %q: unresolved %q", src, body, l.Unresolved)
			}
		}
	}
	// A file's variables are known in it where it spells out their values, as the line's are.
	for _, body := range []string{`X=-rf; rm $X ~`, `for f in -rf; do rm $f ~; done`} {
		files := map[string]string{"/p/del.sh": "#!/bin/sh\n" + body + "\n"}
		wantOutcomeIn(t, files, p, Match, []string{`./del.sh`, `sh del.sh`, `bash < del.sh`})
	}
	wantOutcomeIn(t, map[string]string{"/p/del.sh": "X=-rf; X=$(cat f); rm $X ~\n"}, p, NoMatch, []string{`./del.sh`})
}

// TestDiskComposerDeno: composer runs composer.json's scripts (composer NAME, run-script, the
// install and update events), deno task runs deno.json's (or deno.jsonc's) tasks and their
// dependencies, each a shell line, as package.json's.
func TestDiskComposerDeno(t *testing.T) {
	p := mustCompile("rm -r|-R -f")
	composer := map[string]string{
		"/p/composer.json": `{"name": "a/b", "scripts": {
			"test": "phpunit", "lint": ["@php vendor/bin/phpcs", "@clean"],
			"clean": "rm -rf ~", "del": "rm", "post-install-cmd": ["@putenv X=1", "@composer run-script clean"],
			"post-update-cmd": "App\\Installer::postUpdate", "post-autoload-dump": "@clean", "cb": "App\\Cb::run"}}`,
		"/p/sub/composer.json": `{"scripts": {"test": "rm -rf ~"}}`,
	}
	wantOutcomeIn(t, composer, p, Match, []string{`composer clean`, `composer run-script clean`, `composer run clean`,
		`composer lint`, `composer install`, `composer update`, `composer dump-autoload`, `composer i`,
		`composer del -- -rf ~`, `composer run-script del -- -r -f ~`, `composer -d sub test`, `composer --working-dir=sub test`,
		`cd sub && composer test`})
	wantOutcomeIn(t, composer, p, NoMatch, []string{`composer test`, `composer cb`, `composer validate`, `composer show`,
		`composer del -rf ~`, `composer exec phpunit`, `composer run-script --list`})
	deno := map[string]string{
		"/p/deno.json": `{"tasks": {"test": "deno test -A", "clean": "rm -rf ~", "del": "rm",
			"build": {"command": "deno run build.ts", "dependencies": ["clean"]}, "dev": {"command": "deno run -A main.ts"}}}`,
		"/q/deno.jsonc": "// config\n{\n  /* tasks */ \"tasks\": {\n    \"test\": \"rm -rf ~\", // a comment\n    \"url\": \"echo http://x/*y*/\",\n  },\n}\n",
		"/q/src/x.ts":   "",
	}
	wantOutcomeIn(t, deno, p, Match, []string{`deno task clean`, `deno task build`, `deno task del -rf ~`, `deno task --quiet del -r -f ~`,
		`cd /q && deno task test`, `cd /q/src && deno task test`, `deno task --cwd /q test`, `deno task -c /q/deno.jsonc test`,
		`deno task --config=/q/deno.jsonc test`})
	wantOutcomeIn(t, deno, p, NoMatch, []string{`deno task test`, `deno task dev`, `deno task`, `deno test`, `deno run -A main.ts`,
		`cd /q && deno task url`})
	for _, src := range []string{`composer test`, `composer install`, `deno task test`, `deno task dev`, `composer missing`, `deno task missing`} {
		if l := ParseFiles(src, POSIX, memFiles(composer)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
		if l := ParseFiles(src, POSIX, memFiles(deno)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
	wantOutcomeIn(t, composer, p, Unknown, []string{`composer "$S"`, `composer run-script "$S"`, `deno task "$S"`})
}

// TestDiskHookManagers: pre-commit runs the local hooks of .pre-commit-config.yaml, lefthook the
// commands and scripts of lefthook.yml, on pre-commit run / lefthook run and on git commit when
// the repository's hook is theirs.
func TestDiskHookManagers(t *testing.T) {
	p := mustCompile("rm -r|-R -f")
	preCommit := map[string]string{"/p/.git/HEAD": "ref: refs/heads/main\n",
		"/p/.pre-commit-config.yaml": `repos:
  - repo: https://github.com/pre-commit/pre-commit-hooks
    rev: v4.6.0
    hooks: [{id: trailing-whitespace}]
  - repo: local
    hooks:
      - id: fmt
        name: fmt
        entry: gofmt -l
        language: system
      - id: nope
        name: nope
        entry: "rm -rf is not allowed"
        language: fail
      - id: wipe
        name: wipe
        entry: rm
        args: [-rf, "~"]
        language: system
        stages: [pre-push]
      - id: script
        name: script
        entry: scripts/check.sh
        language: script
`,
		"/p/scripts/check.sh":      "#!/bin/sh\necho ok\n",
		"/p/.git/hooks/pre-commit": "#!/usr/bin/env bash\n# File generated by pre-commit: https://pre-commit.com\nARGS=(hook-impl --config=.pre-commit-config.yaml --hook-type=pre-commit)\nexec \"$INSTALL_PYTHON\" -mpre_commit \"${ARGS[@]}\"\n",
	}
	wantOutcomeIn(t, preCommit, p, Match, []string{`pre-commit run --all-files`, `pre-commit run wipe`, `cd scripts && pre-commit run`, `git commit -m x`})
	wantOutcomeIn(t, preCommit, p, NoMatch, []string{`pre-commit run fmt`, `pre-commit install`, `git status`})
	script := maps.Clone(preCommit)
	script["/p/.pre-commit-config.yaml"] = "repos:\n- repo: local\n  hooks:\n  - {id: s, name: s, entry: scripts/check.sh, language: script}\n"
	script["/p/scripts/check.sh"] = "#!/bin/sh\nrm -rf ~\n"
	wantOutcomeIn(t, script, p, Match, []string{`pre-commit run -a`, `git commit -m x`})
	other := maps.Clone(preCommit)
	other["/p/ci/pc.yaml"] = "repos:\n- repo: local\n  hooks:\n  - {id: w, name: w, entry: rm -rf ~, language: system}\n"
	other["/p/.pre-commit-config.yaml"] = "repos: []\n"
	wantOutcomeIn(t, other, p, Match, []string{`pre-commit run -c ci/pc.yaml`, `pre-commit run --config=ci/pc.yaml --all-files`})
	wantOutcomeIn(t, other, p, NoMatch, []string{`pre-commit run`})

	lefthook := map[string]string{"/p/.git/HEAD": "ref: refs/heads/main\n",
		"/p/lefthook.yml": `pre-commit:
  parallel: true
  commands:
    lint:
      run: golangci-lint run {staged_files}
    wipe:
      run: rm -rf ~
  scripts:
    "check.sh":
      runner: bash
pre-push:
  jobs:
    - name: test
      run: go test ./...
    - group:
        jobs:
          - run: rm -r -f /tmp/x
`,
		"/p/.lefthook/pre-commit/check.sh": "echo ok\n",
		"/p/.git/hooks/pre-commit":         "#!/bin/sh\n\nif [ \"$LEFTHOOK_VERBOSE\" = \"1\" ]; then\n  set -x\nfi\n\ncall_lefthook()\n{\n  lefthook \"$@\"\n}\n\ncall_lefthook run \"pre-commit\" \"$@\"\n",
	}
	wantOutcomeIn(t, lefthook, p, Match, []string{`lefthook run pre-commit`, `lefthook run pre-push`, `git commit -m x`})
	wantOutcomeIn(t, lefthook, p, NoMatch, []string{`lefthook run commit-msg`, `lefthook install`, `git status`})
	scripts := maps.Clone(lefthook)
	scripts["/p/lefthook.yml"] = "pre-commit:\n  scripts:\n    check.sh:\n      runner: bash\n"
	scripts["/p/.lefthook/pre-commit/check.sh"] = "rm -rf ~\n"
	wantOutcomeIn(t, scripts, p, Match, []string{`lefthook run pre-commit`})
	for _, files := range []map[string]string{preCommit, lefthook} {
		for _, src := range []string{`pre-commit run fmt`, `lefthook run commit-msg`, `git commit -m x`, `git push`} {
			if l := ParseFiles(src, POSIX, memFiles(files)); len(l.Unresolved) > 0 {
				t.Errorf("%q: unresolved %q", src, l.Unresolved)
			}
		}
	}
}

// TestDiskJustfile: just runs a justfile's recipes, each body line a shell line with {{…}}
// written in: the recipe the line names (else the first, or the [default] one), its dependencies
// first, its parameters the words the line gives.
func TestDiskJustfile(t *testing.T) {
	p := mustCompile("rm -r|-R -f")
	just := map[string]string{"/p/justfile": `# the project's tasks
set shell := ["bash", "-uc"]
dir := "build"
flags := '-rf'

default:
    @just --list

test: fmt
    go test ./...

fmt:
    gofmt -l .

clean:
    -rm {{flags}} {{dir}}

wipe: (del "~")

del target *opts:
    rm -rf {{target}} {{opts}}

rmargs +args:
    @rm {{args}}

[private]
alias c := clean

script:
    #!/usr/bin/env bash
    set -eu
    rm -rf ~

py:
    #!/usr/bin/env python3
    import shutil; shutil.rmtree("rm -rf ~")
`, "/q/Justfile": "[default]\nb:\n\trm -rf ~\na:\n\techo a\n", "/r/.justfile": "a:\n  rm -rf ~\n"}
	wantOutcomeIn(t, just, p, Match, []string{`just clean`, `just c`, `just wipe`, `just del x`, `just rmargs -rf ~`, `just script`,
		`just test clean`, `just --justfile /q/Justfile`, `cd /q && just`, `just -d /r -f /r/.justfile a`, `cd /r && just a`,
		`cd sub && just clean`, `just flags=-rf fmt clean`})
	wantOutcomeIn(t, just, p, NoMatch, []string{`just`, `just test`, `just fmt`, `just rmargs -i x`, `just py`, `just --list`,
		`cd /q && just a`})
	for _, src := range []string{`just`, `just test`, `just missing`, `just py`} {
		if l := ParseFiles(src, POSIX, memFiles(just)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
	wantOutcomeIn(t, just, p, Unknown, []string{`just "$R"`})
	positional := map[string]string{"/p/justfile": "set positional-arguments\ndel *args:\n    rm \"$@\"\n"}
	wantOutcomeIn(t, positional, p, Match, []string{`just del -rf ~`})
	wantOutcomeIn(t, positional, p, NoMatch, []string{`just del -i x`})
}

// TestDiskTaskfile: task runs a Taskfile's tasks, each cmd a shell line with {{.VAR}} written
// in: those the line names (else default), their deps and the tasks their cmds call first.
func TestDiskTaskfile(t *testing.T) {
	p := mustCompile("rm -r|-R -f")
	files := map[string]string{"/p/Taskfile.yml": `version: '3'
vars:
  DIR: '~'
tasks:
  default:
    cmds:
      - task: test
  test:
    cmds:
      - go test ./...
  build:
    deps: [clean]
    cmds:
      - go build ./...
  clean:
    dir: sub
    cmds:
      - cmd: rm -rf {{.DIR}}
  del:
    cmds:
      - rm {{.CLI_ARGS}}
  short: rm -rf ~
  calls:
    cmds:
      - task: clean
  wipe:
    cmds:
      - rm {{.FLAGS}} ~
  deferred:
    cmds:
      - defer: rm -rf ~
      - echo hi
  deftask:
    cmds:
      - defer: {task: clean}
`, "/q/taskfile.yaml": "version: 3\ntasks:\n  default:\n    cmds: [rm -rf ~]\n"}
	wantOutcomeIn(t, files, p, Match, []string{`task clean`, `task build`, `task calls`, `task short`, `task del -- -rf ~`,
		`task test clean`, `cd sub && task clean`, `cd /q && task`, `task -t /q/taskfile.yaml`, `task -d /q`, `task wipe FLAGS=-rf`,
		`task deferred`, `task deftask`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`task`, `task test`, `task del -- -i x`, `task --list`, `task wipe`})
	for _, src := range []string{`task`, `task test`, `task missing`, `task --list-all`} {
		if l := ParseFiles(src, POSIX, memFiles(files)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
	wantOutcomeIn(t, files, p, Unknown, []string{`task "$T"`})
}

// husky9Hook and husky9H are the files husky 9.1.7 writes into .husky/_ (index.js): each hook,
// and h, which runs the hook of its name from .husky.
const (
	husky9Hook = "#!/usr/bin/env sh\n. \"$(dirname \"$0\")/h\""
	husky9H    = `#!/usr/bin/env sh
[ "$HUSKY" = "2" ] && set -x
n=$(basename "$0")
s=$(dirname "$(dirname "$0")")/$n

[ ! -f "$s" ] && exit 0

if [ -f "$HOME/.huskyrc" ]; then
	echo "husky - '~/.huskyrc' is DEPRECATED, please move your code to ~/.config/husky/init.sh"
fi
i="${XDG_CONFIG_HOME:-$HOME/.config}/husky/init.sh"
[ -f "$i" ] && . "$i"

[ "${HUSKY-}" = "0" ] && exit 0

export PATH="node_modules/.bin:$PATH"
sh -e "$s" "$@"
c=$?

[ $c != 0 ] && echo "husky - $n script failed (code $c)"
[ $c = 127 ] && echo "husky - command not found in PATH=$PATH"
exit $c
`
)

// TestDiskZero: in a script run from disk $0 is its path (a file it sources keeps the $0 of the
// script that sources it), so the files it names from its own directory are read: . "$(dirname
// "$0")/b.sh" runs b.sh beside it.
func TestDiskZero(t *testing.T) {
	p := mustCompile("rm -rf")
	files := map[string]string{
		"/p/s/a.sh":              `. "$(dirname "$0")/b.sh"` + "\n",
		"/p/s/b.sh":              "rm -rf ~\n",
		"/p/s/pwd.sh":            "#!/bin/sh\nsh \"$(cd \"$(dirname \"$0\")\" && pwd)/b.sh\"\n",
		"/p/s/cut.sh":            "sh \"${0%/*}/b.sh\"\n",
		"/p/s/up.sh":             "cd \"$(dirname -- \"$(dirname -- \"$0\")\")\" && sh s/b.sh\n",
		"/p/s/d.sh":              ". \"$(dirname \"$0\")/lib/e.sh\"\n",
		"/p/s/lib/e.sh":          ". \"$(dirname \"$0\")/b.sh\"\n", // $0 is still d.sh: /p/s/b.sh
		"/p/s/lib/b.sh":          "echo ok\n",
		"/p/s/f.sh":              ". \"$(dirname \"$0\")/lib/g.sh\"\n",
		"/p/s/lib/g.sh":          ". \"$(dirname \"$0\")/lib/b.sh\"\n",
		"/p/s/self.sh":           "sh \"$0\"\n. \"$(dirname \"$0\")/lib/b.sh\"\n",
		"/p/s/name.sh":           "sh \"$(dirname \"$0\")/$(basename \"$0\" .sh)/b.sh\"\n", // basename with a suffix
		"/p/s/name/b.sh":         "rm -rf ~\n",
		"/p/s/ok.sh":             ". \"$(dirname \"$0\")/lib.sh\"\n",
		"/p/s/lib.sh":            "echo hi\n",
		"/p/my dir/a.sh":         ". \"$(dirname \"$0\")/b.sh\"\n", // a path with a blank is not written in
		"/p/my dir/b.sh":         "rm -rf ~\n",
		"/p/s/awk.sh":            "awk '{print $0}' x\n",
		"/p/s/basename.sh":       "sh \"$(dirname \"$0\")/$(basename \"$0\").d/run\"\n",
		"/p/s/basename.sh.d/run": "rm -rf ~\n",
	}
	wantOutcomeIn(t, files, p, Match, []string{`sh s/a.sh`, `./s/a.sh`, `cd s && sh a.sh`, `sh /p/s/a.sh`, `sh s/pwd.sh`,
		`sh s/cut.sh`, `sh s/up.sh`, `sh s/d.sh`, `bash s/basename.sh`, `sh s/name.sh`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`sh s/f.sh`, `sh s/self.sh`, `sh s/ok.sh`, `sh "my dir/a.sh"`, `sh s/awk.sh`})
}

// TestDiskMissingMadeByProgram: a file the line runs (by its path, or by a shell) that is not
// there before it runs and that the line does not write as hookrun reads writes, in a line that
// gives an interpreter a program (python3 -c, perl -e, node -e…), may be what that program
// makes: unresolved. python3 -c "open('x','w').write('rm -rf ~')"; sh x passed a deny of rm -rf,
// and so did a copy of rm the program made. Without such a program a missing file runs nothing
// (the shell says so), and a build's output (go build -o app && ./app) is left alone.
func TestDiskMissingMadeByProgram(t *testing.T) {
	files := map[string]string{"/p/gen.py": "open('x','w').write('rm -rf ~')\n", "/p/run.sh": "echo hi\n"}
	p := mustCompile("rm -rf")
	lines := []string{
		`python3 -c "open('x','w').write('rm -rf ~')"; sh x`,
		`python3 -c "open('x','w').write('rm -rf ~')"; chmod +x x; ./x`,
		`python3 -c 'import shutil; shutil.copy("/bin/rm","del")'; chmod +x del; ./del -rf x`,
		`perl -e 'link "/bin/rm","del"'; ./del -rf x`,
		`node -e 'require("fs").writeFileSync("s", "rm -rf ~")' && . ./s`,
		`ruby -e 'File.write("s", "rm -rf ~")'; bash s`,
	}
	wantOutcomeIn(t, files, p, Unknown, lines)
	for _, src := range lines[:1] {
		l := ParseFiles(src, POSIX, memFiles(files))
		if want := "the line runs x after python3's program, which may change it to text only known when the line runs"; !slices.Contains(l.Unresolved, want) {
			t.Errorf("%q: unresolved %q, want %q", src, l.Unresolved, want)
		}
	}
	wantOutcomeIn(t, files, p, NoMatch, []string{`go build -o app . && ./app`, `sh nothere.sh`, `./nothere -rf x`, `python3 -m venv .venv && .venv/bin/pip install x`,
		`python3 -c 'print(1)' && sh run.sh`, `python3 gen.py; sh x`})
}

// TestDiskThroughVersionManagers: a version manager, an environment loader or a development
// shell that runs the command after it (corepack, volta run, fnm exec, dotenvx run, cross-env,
// env-cmd, pixi run, devbox run, nix develop -c, nix-shell --run) runs that command's files as the
// command alone does: corepack pnpm clean with "clean": "rm -rf ~" passed a deny of rm -rf, the
// words only read as a command the program may run, whose files are not read.
func TestDiskThroughVersionManagers(t *testing.T) {
	p := mustCompile("rm -rf")
	var match, noMatch []string
	for _, prefix := range []string{"volta run", "volta run --node 20 --env A=1", "fnm exec --using=20", "fnm exec --using 20",
		"dotenvx run -f .env --", "dotenvx run", "cross-env A=1 B=2", "env-cmd -f .env", "pixi run", "pixi exec --spec x",
		"devbox run", "devbox run -c .", "nix develop -c", "nix develop .#x --command", "nix shell nixpkgs#hello -c"} {
		match = append(match, prefix+" npm run clean", prefix+" ./scripts/clean.sh", prefix+" make wipe")
		noMatch = append(noMatch, prefix+" npm test")
	}
	match = append(match, `corepack npm run clean`, `corepack pnpm clean`, `corepack yarn@1.22.22 clean`, `corepack pnpm@9 run clean`,
		`nix-shell --run 'npm run clean'`, `nix-shell -p nodejs --command 'make wipe'`, `cross-env-shell A=1 "npm run clean"`)
	noMatch = append(noMatch, `corepack enable`, `corepack pnpm test`, `nix-shell -p nodejs`, `nix develop`, `nix-shell --run 'npm test'`)
	wantOutcomeIn(t, hostileProject, p, Match, match)
	wantOutcomeIn(t, hostileProject, p, NoMatch, noMatch)
	wantOutcomeIn(t, hostileProject, p, Unknown, []string{`nix-shell --run "$CMD"`, `corepack pnpm "$S"`})
}

// TestDiskScriptRunners: npm-run-all (run-s, run-p), concurrently, turbo and lerna run a
// package.json's scripts by name: run-s clean with "clean": "rm -rf ~" passed a deny of rm -rf,
// its words read only as commands an unknown program may run. Each is read as npm run NAME (a
// pattern of names, which hookrun does not list, is unresolved).
func TestDiskScriptRunners(t *testing.T) {
	p := mustCompile("rm -rf")
	wantOutcomeIn(t, hostileProject, p, Match, []string{
		`run-s clean`, `run-s lint build`, `run-p test clean`, `npm-run-all --parallel test clean`, `npm-run-all -s build -p clean`,
		`run-s "del -- -rf ~"`, `npm-run-all --npm-path ./scripts/clean.sh build`, `npx run-s clean`, `npm-run-all --max-parallel 2 clean`,
		`concurrently "npm run clean" "tsc -w"`, `concurrently npm:clean npm:test`, `concurrently -n a,b "yarn:clean"`,
		`concurrently --teardown 'npm run clean' 'npm test'`, `concurrently "pnpm:del -rf ~"`, `concurrently 'bun:clean'`,
		`turbo run clean`, `turbo clean`, `turbo run build clean --filter=web`, `turbo run //#clean`, `lerna run clean`,
		`lerna run --scope x clean`, `lerna exec -- rm -rf ~`,
	})
	wantOutcomeIn(t, hostileProject, p, NoMatch, []string{`run-s test build`, `concurrently "npm test" "tsc -w"`, `turbo run build test`,
		`lerna run test`, `turbo login`, `npm-run-all --help`, `concurrently -n clean,test "npm test"`, `turbo run test --filter clean`})
	wantOutcomeIn(t, hostileProject, p, Unknown, []string{`run-s 'clea*'`, `concurrently 'npm:clean*'`, `run-s "$S"`, `turbo run "$T"`,
		`concurrently "$C"`})
}

// TestYarnRunsScriptsPnpmCommandsName: a word that is pnpm's own command, or one only one yarn
// has, runs the script of that name under yarn (yarn deploy, yarn setup), so it is read as one;
// pnpm deploy is pnpm's own command and runs none.
func TestYarnRunsScriptsPnpmCommandsName(t *testing.T) {
	p := mustCompile("rm -rf")
	scripts := `{"scripts":{"deploy":"rm -rf ~","setup":"rm -rf ~","fetch":"rm -rf ~","store":"rm -rf ~","prune":"rm -rf ~","list":"rm -rf ~","up":"rm -rf ~","env":"rm -rf ~","root":"rm -rf ~","bin":"rm -rf ~","why":"rm -rf ~"}}`
	files := map[string]string{"/p/package.json": scripts}
	wantOutcomeIn(t, files, p, Match, []string{`yarn deploy`, `yarn setup`, `yarn fetch`, `yarn store`, `yarn prune`, `yarn list`, `yarn up`, `yarn env`, `yarn root`, `yarn run deploy`, `pnpm run deploy`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`pnpm deploy out`, `pnpm setup`, `pnpm store prune`, `yarn bin`, `yarn why x`})
}

// brokenProject holds files a shell runs past text hookrun's parser stops at: bash reports
// $((1+)), ${a b} and ${x:1:} when it expands them, then runs the next command.
var brokenProject = map[string]string{
	"/p/arith.sh": "echo $((1+))\nrm -rf ~\n",
	// Read afresh from the line after the error, the quotes pair up otherwise than bash's do.
	"/p/quote.sh": "echo ${a b} '\n' ; rm -rf ~ ; echo '\n'\n'\n",
	"/p/same.sh":  "echo ${x:1:}; rm -rf ~\n",
	"/p/quiet.sh": "echo ${a b}\necho done\n",
	// A function named exit keeps the shell going past exit.
	"/p/fakeexit.sh": "exit() { :; }\nexit 0\necho ${a b}; rm -rf ~\n",
	"/p/anonfn.sh":   "()0\nexit 0\necho ${a b}; rm -rf ~\n",
	// Nor does an exit in the background, an exec of no program (redirections only), or an
	// exit an alias stands for.
	"/p/bgexit.sh":    "exit 0 &\necho ${a b}\necho done\n",
	"/p/bareexec.sh":  "exec 2>/dev/null\necho ${a b}\necho done\n",
	"/p/aliasexit.sh": "alias exit=:\nexit 0\necho ${a b}\necho done\n",
	"/p/calls.sh":     "echo start\n./same.sh\n",
	"/p/inline.sh":    "sh -c 'echo $((1+)); rm -rf ~'\n",
	"/p/Makefile":     "all:\n\techo $$((1+)); rm -rf ~\n",
	"/p/justfile":     "a:\n    echo $((1+)); rm -rf ~\n",
	"/p/Taskfile.yml": "version: '3'\ntasks:\n  a:\n    cmds:\n      - echo $((1+)); rm -rf ~\n",
	"/p/package.json": `{"scripts":{"a":"echo $((1+)); rm -rf ~"}}`,
	"/p/.envrc":       "echo ${a b}; rm -rf ~\n",
	// A python program a sh line starts: sh runs its exec and never reads the rest.
	"/p/tool":    "#!/bin/sh\n'''exec' python3 \"$0\" \"$@\"\n' '''\nimport os\ndef main(): pass\n",
	"/p/ends.sh": "set -e\nexit 0\n)\n",
	// Past the caps on scripts nested and bytes read, a file read from disk runs more.
	"/p/deep0.sh": "./deep1.sh\n", "/p/deep1.sh": "./deep2.sh\n", "/p/deep2.sh": "./deep3.sh\n",
	"/p/deep3.sh": "./deep4.sh\n", "/p/deep4.sh": "./deep5.sh\n", "/p/deep5.sh": "./deep6.sh\n",
	"/p/deep6.sh": "./deep7.sh\n", "/p/deep7.sh": "./deep8.sh\n", "/p/deep8.sh": "./deep9.sh\n",
	"/p/deep9.sh": "./deepa.sh\n", "/p/deepa.sh": "./deepb.sh\n", "/p/deepb.sh": "./deepc.sh\n",
	"/p/deepc.sh": "./deepd.sh\n", "/p/deepd.sh": "./deepe.sh\n", "/p/deepe.sh": "./deepf.sh\n",
	"/p/deepf.sh": "./deepg.sh\n", "/p/deepg.sh": "./deeph.sh\n", "/p/deeph.sh": "rm -rf ~\n",
	"/p/many.sh": "./pad1.sh\n./pad2.sh\n./pad3.sh\n./pad4.sh\n./pad5.sh\n./last.sh\n",
	"/p/pad1.sh": padding + "#1", "/p/pad2.sh": padding + "#2", "/p/pad3.sh": padding + "#3",
	"/p/pad4.sh": padding + "#4", "/p/pad5.sh": padding + "#5", "/p/last.sh": "rm -rf ~\n",
	"/p/big.sh":       "./huge.sh\n",
	"/p/huge.sh|big":  "#!/bin/sh\nrm -rf ~\n" + strings.Repeat("# padding\n", 10),
	"/p/fifo.sh":      "./pipe.sh\n",
	"/p/lib|dir":      "",
	"/p/rundir.sh":    "./lib\n. ./lib\nsh lib\n",
	"/p/pipe.sh|fifo": "",
}

// padding is a script of comments near the size of the largest file read.
var padding = strings.Repeat("# a comment that runs nothing, as long as a line may be\n", 15000)

// TestDiskScriptsSyntaxErrors: where hookrun's parser stops in a file a shell runs (a syntax error
// to it that bash only reports when it expands it, and goes on), or a cap stops the reading, what
// follows may run: the line is unresolved however deep the file is, and a command the lines after
// the error spell out still counts.
func TestDiskScriptsSyntaxErrors(t *testing.T) {
	p := mustCompile("rm -rf")
	wantOutcomeIn(t, brokenProject, p, Match, []string{`./arith.sh`, `bash arith.sh`, `. ./arith.sh`, `sh ./calls.sh && ./arith.sh`})
	wantOutcomeIn(t, brokenProject, p, Unknown, []string{
		`./quote.sh`, `sh same.sh`, `./quiet.sh`, `./fakeexit.sh`, `./anonfn.sh`, `./calls.sh`, `./inline.sh`,
		`./bgexit.sh`, `./bareexec.sh`, `./aliasexit.sh`,
		`make`, `just a`, `task a`, `npm run a`, `direnv exec . true`,
		`./deep0.sh`, `./many.sh`, `./big.sh`, `./fifo.sh`,
	})
	// What a shell never reads past its exit or exec is nothing it runs, nor is a directory.
	wantOutcomeIn(t, brokenProject, p, NoMatch, []string{`./tool`, `sh ends.sh`, `./rundir.sh`})
	for _, src := range []string{`./tool`, `sh ends.sh`, `./rundir.sh`} {
		if l := ParseFiles(src, POSIX, memFiles(brokenProject)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
	// The reason names the file and the text hookrun stopped at; a paths rule cannot know the
	// paths past it either.
	l := ParseFiles(`./calls.sh`, POSIX, memFiles(brokenProject))
	want := "./same.sh runs text hookrun cannot read as a shell does (\"echo ${x:1:}; rm -rf ~\": 1:11: `:` must be followed by an expression): a shell may run what follows it"
	if !slices.Contains(l.Unresolved, want) || !slices.Contains(l.UnknownPaths, want) {
		t.Errorf("unresolved %q, unknown paths %q, want %q in both", l.Unresolved, l.UnknownPaths, want)
	}
}

// TestDiskScriptFileUnknown: a makefile, awk or sed program file given by an option whose value is
// only known when the line runs (a process substitution, a variable, standard input) may run
// anything, as python3 <(…) may; one named by its path is read from disk.
func TestDiskScriptFileUnknown(t *testing.T) {
	p := mustCompile("rm -rf")
	files := map[string]string{
		"/p/Makefile": "test:\n\tgo test ./...\n",
		"/p/p.awk":    "{ print $1 }\n",
		"/p/s.sed":    "s/a/b/\n",
	}
	wantOutcomeIn(t, files, p, Unknown, []string{
		`make -f <(printf 'x:\n\trm -rf build\n')`,
		`make --file=<(printf 'x:\n\trm -rf build\n')`,
		`make --makefile "$F"`,
		`make -f"$F" test`,
		`awk -f <(echo 'BEGIN{system("rm -rf build")}')`,
		`gawk --file="$F" x`,
		`echo 'BEGIN{system("rm -rf build")}' | awk -f - x`,
		`gawk -E <(echo 'BEGIN{system("rm -rf build")}')`,
		`gawk --exec=<(echo x)`,
		`gawk -i <(echo 'BEGIN{system("rm -rf build")}') 1`,
		`sed -f <(echo '1e rm -rf build') x`,
		`echo '1e rm -rf build' | sed -f - x`,
		`sed --file="$F" x`,
	})
	for _, src := range []string{`make -f Makefile test`, `make test`, `awk -f p.awk x`, `gawk -E p.awk x`, `awk '{ print $1 }' x`, `sed -f s.sed x`, `sed -i s/a/b/ x`} {
		l := ParseFiles(src, POSIX, memFiles(files))
		if o, why := p.MatchLine(&l); o != NoMatch || len(l.Unresolved) > 0 {
			t.Errorf("%q: %v (%s), unresolved %q, want no match and none", src, o, why, l.Unresolved)
		}
	}
	l := ParseFiles(`make -f <(echo x)`, POSIX, memFiles(files))
	if want := "make reads the makefile <(echo x), only known when the line runs"; !slices.Contains(l.Unresolved, want) {
		t.Errorf("unresolved %q, want %q in them", l.Unresolved, want)
	}
	l = ParseFiles(`awk -f - x`, POSIX, memFiles(files))
	if want := "awk reads its program from standard input: what it runs is only known when the line runs"; !slices.Contains(l.Unresolved, want) {
		t.Errorf("unresolved %q, want %q in them", l.Unresolved, want)
	}
}
