package shellcmd

import (
	"path"
	"strings"
)

// Test runners run the project's own code: pytest imports each conftest.py on the way to the
// tests it collects, and the test files themselves, before any test passes or fails. Their text is
// read as python3 FILE's program file is (programfiles.go).

// pytestRuns notes the Python files pytest (py.test, python -m pytest) runs: the conftest.py of
// the directory it runs in, of tests/ and test/ there, and of each directory its operands name
// (tests/unit, tests/test_a.py::test_x) with the directories above it that the operand spells;
// a test file it names is read too; the rest of what it collects is read from disk
// (pytestcollect.go).
func (r *reader) pytestRuns(cmd Command, depth int) {
	args, ok := pytestArgs(cmd)
	if !ok {
		return
	}
	files := []string{"conftest.py"}
	ops := 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			r.unresolved("pytest runs the tests and conftest.py of %s, only known when the line runs", a.Value)
			return
		}
		v := a.Value
		if strings.HasPrefix(v, "-") {
			plugin := ""
			switch {
			case v == "-p" && i+1 < len(args):
				if args[i+1].Dynamic {
					r.unresolved("pytest loads the plugin %s, only known when the line runs", args[i+1].Value)
					return
				}
				plugin = args[i+1].Value
			case strings.HasPrefix(v, "-p") && !strings.HasPrefix(v, "--"):
				plugin = v[2:]
			}
			// -p NAME imports the module NAME (-p no:NAME turns a plugin off): the project's
			// NAME.py, or NAME/__init__.py, where pytest runs.
			if plugin != "" && !strings.HasPrefix(plugin, "no:") {
				mod := strings.ReplaceAll(plugin, ".", "/")
				files = append(files, mod+".py", mod+"/__init__.py")
			}
			if pytestValue(v) && i+1 < len(args) {
				i++
			}
			continue
		}
		ops++
		v, _, _ = strings.Cut(v, "::")
		dir := v
		if strings.HasSuffix(v, ".py") {
			files = append(files, v)
			dir = path.Dir(v)
		} else {
			// A directory: pytest collects beneath it, tests/ and test/ among the rest.
			files = append(files, path.Join(dir, "tests/conftest.py"), path.Join(dir, "test/conftest.py"))
		}
		for d := path.Clean(dir); d != "." && d != "/"; d = path.Dir(d) {
			files = append(files, path.Join(d, "conftest.py"))
			if path.Base(d) == ".." {
				break
			}
		}
	}
	if ops == 0 {
		files = append(files, "tests/conftest.py", "test/conftest.py")
	}
	if len(files) > maxGoPkgs {
		r.unresolved("pytest runs the tests and conftest.py files of %d paths, more than hookrun reads", ops)
		return
	}
	for _, f := range files {
		if run := r.ran(runCode, Arg{Value: f}, depth); run != nil {
			run.manager = langPython
		}
	}
	// What it collects from there, read once the files above are (pytestcollect.go).
	if run := r.ran(runPytest, Arg{Value: "conftest.py"}, depth); run != nil {
		run.args = args
	}
}

// pytestArgs is the arguments of pytest that cmd runs: pytest's or py.test's own, or those after
// python's -m pytest.
func pytestArgs(cmd Command) ([]Arg, bool) {
	switch {
	case isPytest(cmd.Name):
		return cmd.Args, true
	case programLang(cmd.Name) != langPython:
		return nil, false
	}
	for i := 0; i < len(cmd.Args); i++ {
		v := cmd.Args[i].Value
		if cmd.Args[i].Dynamic || !strings.HasPrefix(v, "-") || strings.HasPrefix(v, "--") {
			return nil, false
		}
		// A cluster of python's flags may end in m (-Im pytest, -Impytest); -W, -X and -c take
		// the rest of the word or the next.
		k := strings.IndexAny(v[1:], "mWXc")
		switch {
		case k < 0:
			continue
		case v[1+k] != 'm':
			if k == len(v)-2 {
				i++
			}
			continue
		case k == len(v)-2 && i+1 < len(cmd.Args):
			mod := cmd.Args[i+1]
			return cmd.Args[i+2:], !mod.Dynamic && isPytest(mod.Value)
		default:
			return cmd.Args[i+1:], isPytest(v[2+k:])
		}
	}
	return nil, false
}

// isPytest reports whether name is pytest's program or module: pytest, py.test, and Debian's
// pytest-3 (py.test-3, pytest3).
func isPytest(name string) bool {
	switch name {
	case "pytest", "py.test", "pytest-3", "py.test-3", "pytest3":
		return true
	}
	return false
}

// pytestValue reports whether o is one of pytest's options that take the next word.
func pytestValue(o string) bool {
	switch o {
	case "-k", "-m", "-p", "-c", "-o", "-W", "-n", "--rootdir", "--basetemp", "--confcutdir", "--junitxml",
		"--junit-xml", "--deselect", "--ignore", "--ignore-glob", "--override-ini", "--maxfail", "--tb",
		"--log-level", "--log-file", "--durations", "--cov-report", "--import-mode", "--capture",
		"--config-file", "--dist", "--numprocesses", "--timeout":
		return true
	}
	return false
}
