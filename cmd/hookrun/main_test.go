package main

import (
	"flag"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite the expected output in testdata/scripts")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"hookrun": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		"hrtest":  func() { os.Exit(helperMain(os.Args[1:])) },
	})
}

// TestScripts runs the CLI scenarios in testdata/scripts: each file is a
// session at a terminal, with its hook files and handlers inline.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "../../testdata/scripts",
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Cmds:                scriptCmds,
		Setup: func(env *testscript.Env) error {
			setupScriptEnv(env)
			// The example scripts copy the repo's examples/ (read-only
			// here: handlers write into the copy).
			examples, err := filepath.Abs("../../examples")
			env.Setenv("EXAMPLES_DIR", examples)
			return err
		},
	})
}

// setupScriptEnv is the environment every script runs in.
func setupScriptEnv(env *testscript.Env) {
	// Handlers run from the project root with the caller's environment;
	// keep the audit log out of the way unless a script asks for it.
	env.Setenv("HOOKRUN_AUDIT_LOG", "off")
	// Race-enabled binaries otherwise sleep a second on every exit, and
	// every hookrun and handler in a script is one.
	env.Setenv("GORACE", "atexit_sleep_ms=0")
	// Each script gets its own declaration cache, beside its work
	// directory rather than in it: a script that makes $WORK a git
	// repository must not see the cache as a changed file.
	env.Setenv("XDG_CACHE_HOME", env.WorkDir+".cache")
	// Handlers that start with #!/usr/bin/env python3 find the interpreter
	// itself, not a version manager's shim (pyenv's is a bash script that
	// costs 0.4 s per start here and more than a stub's 10 s timeout on a
	// loaded machine).
	if dir := pythonDir(); dir != "" {
		env.Setenv("PATH", dir+string(os.PathListSeparator)+env.Getenv("PATH"))
	}
}

// pythonDir is the directory of the python3 interpreter that python3 on
// PATH runs, or "" without one.
var pythonDir = sync.OnceValue(func() string {
	out, err := osexec.Command("python3", "-c", "import sys; print(sys.executable)").Output()
	if err != nil {
		return ""
	}
	return filepath.Dir(strings.TrimSpace(string(out)))
})
