package shellcmd

import (
	"runtime"
	"testing"
)

// TestDiskEnv: a file read from disk sees the variables the line gives the command that runs it
// (export F=-rf; ./del.sh, F=-rf ./del.sh, env F=-rf npm run x, F=-rf make), make's recipes the
// variables the makefile exports (export F = -rf, .EXPORT_ALL_VARIABLES), and make reads the
// makefiles MAKEFILES names.
func TestDiskEnv(t *testing.T) {
	p := mustCompile("rm -rf")
	files := map[string]string{
		"/p/s/del.sh":     "#!/bin/sh\nrm $F ~\n",
		"/p/s/own.sh":     "#!/bin/sh\nF=-i\nrm $F ~\n",
		"/p/package.json": `{"scripts":{"delf":"rm $F ~","calls":"sh s/del.sh"}}`,
		"/p/Makefile": "wipe:\n\trm $$F ~\nmk:\n\trm $(F) ~\nexp:\n\trm $$G ~\nexport G = -rf\n" +
			"all:\n\techo ok\n",
		"/q/Makefile":     ".EXPORT_ALL_VARIABLES:\nH := -rf\nx:\n\trm $$H ~\n",
		"/r/Makefile":     "test:\n\tgo test ./...\n",
		"/p/evil.mk":      "X := $(shell rm -rf ~)\n",
		"/r/evil.mk":      "test:\n\trm -rf ~\n",
		"/p/Taskfile.yml": "version: '3'\ntasks:\n  t: rm $F ~\n",
	}
	wantOutcomeIn(t, files, p, Match, []string{
		`export F=-rf; ./s/del.sh`, `F=-rf ./s/del.sh`, `F=-rf sh s/del.sh`, `env F=-rf sh s/del.sh`, `export F=-rf && . s/del.sh`,
		`F=-rf npm run delf`, `export F=-rf; npm run calls`, `F=-rf make wipe`, `F=-rf make mk`, `make exp`, `cd /q && make x`,
		`MAKEFILES=evil.mk make all`, `cd /r && MAKEFILES=evil.mk make test`, `F=-rf task t`,
	})
	wantOutcomeIn(t, files, p, NoMatch, []string{
		`./s/del.sh`, `F=-i ./s/del.sh`, `F=-rf ./s/own.sh`, `export F=-rf; echo; F=-i ./s/del.sh`, `npm run delf`, `make wipe`,
		`make all`, `cd /r && make test`, `F=-rf; ./s/del.sh`, // not exported: the script does not see it
	})
	for _, src := range []string{`./s/del.sh`, `F="$X" ./s/del.sh`, `make wipe`, `make exp`, `MAKEFILES=missing.mk make all`} {
		if l := ParseFiles(src, POSIX, memFiles(files)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
}

// TestDiskEnvGit: git's hooks see the variables the line gives git.
func TestDiskEnvGit(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("/h is no home directory there")
	}
	t.Setenv("HOME", "/h")
	t.Setenv("XDG_CONFIG_HOME", "")
	files := map[string]string{"/p/.git/HEAD": "ref: refs/heads/main\n", "/p/.git/hooks/pre-commit": "#!/bin/sh\nrm $F ~\n"}
	p := mustCompile("rm -rf")
	wantOutcomeIn(t, files, p, Match, []string{`F=-rf git commit -m x`, `export F=-rf; git commit -m x`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`git commit -m x`, `F=-i git commit -m x`})
}

// TestDiskSourcedVars: a file the line sources (. or source) runs in the line's own shell, so it
// sees the variables the line gives values, exported or not: F=-rf; . del.sh with rm $F ~ runs
// rm -rf ~; and the functions it defines, which the line then calls, see them too.
func TestDiskSourcedVars(t *testing.T) {
	p := mustCompile("rm -rf")
	files := map[string]string{
		"/p/del.sh":    "rm $F ~\n",
		"/p/own.sh":    "F=-i\nrm $F ~\n",
		"/p/fn.sh":     "del() { rm $F \"$1\"; }\n",
		"/p/nested.sh": "G=-rf\n. ./inner.sh\n",
		"/p/inner.sh":  "rm $G ~\n",
		"/p/run.sh":    "#!/bin/sh\nrm $F ~\n",
	}
	wantOutcomeIn(t, files, p, Match, []string{`F=-rf; . del.sh`, `F=-rf; source del.sh`, `F=-rf && . ./del.sh`,
		`if true; then F=-rf; else F=-i; fi; . del.sh`, `F=-i; F=-rf; . del.sh`, `. fn.sh; F=-rf; del ~`, `F=-rf; . fn.sh; del ~`,
		`source nested.sh`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`. del.sh`, `F=-i; . del.sh`, `F=-rf; . own.sh`, `F=-rf; sh run.sh`, `F=-rf; ./run.sh`})
	for _, src := range []string{`F=-rf; . del.sh`, `F="$X"; . del.sh`, `. del.sh`} {
		if l := ParseFiles(src, POSIX, memFiles(files)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
}
