package shellcmd

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// pytestEvil is a Python file whose module-level code runs rm -rf when pytest imports it.
const pytestEvil = "import os\nos.system('rm -rf ~')\n"

// pytestCollected: projects (each with its pytest.ini, which cuts the conftest.py files read
// above it) where pytest imports a planted file the line does not name: a test file it collects,
// a deeper conftest.py, a package's __init__.py, a plugin pytest_plugins, addopts (pytest.ini,
// pyproject.toml, setup.cfg, tox.ini, -c FILE), PYTEST_ADDOPTS or PYTEST_PLUGINS names, the
// python_files the configuration names, --doctest-modules' modules, --pyargs' package.
func pytestCollected() map[string]string {
	files := map[string]string{
		"/q/conftest.py":                 pytestEvil,
		"/q/a/pytest.ini":                "[pytest]\n",
		"/q/a/tests/unit/test_x.py":      pytestEvil,
		"/q/a2/pytest.ini":               "[pytest]\n",
		"/q/a2/pkg/x_test.py":            pytestEvil,
		"/q/b/pytest.ini":                "[pytest]\n",
		"/q/b/tests/test_ok.py":          "def test_ok():\n    pass\n",
		"/q/b/tests/deep/er/conftest.py": pytestEvil,
		"/q/c/pytest.ini":                "[pytest]\n",
		"/q/c/conftest.py":               "pytest_plugins = [\n    'helpers.fixtures',\n]\n",
		"/q/c/helpers/fixtures.py":       pytestEvil,
		"/q/c2/pytest.ini":               "[pytest]\n",
		"/q/c2/conftest.py":              "pytest_plugins = load()\n",
		"/q/d/pytest.ini":                "[pytest]\naddopts = -ra -p dplug\n",
		"/q/d/dplug.py":                  pytestEvil,
		"/q/e/pyproject.toml":            "[tool.pytest.ini_options]\naddopts = [\"-p\", \"eplug\"]\n",
		"/q/e/eplug.py":                  pytestEvil,
		"/q/f/setup.cfg":                 "[metadata]\nname = f\n\n[tool:pytest]\naddopts =\n    -q\n    -p fplug\n",
		"/q/f/fplug.py":                  pytestEvil,
		"/q/g/tox.ini":                   "[tox]\nenvlist = py3\n\n[pytest]\naddopts = '-pgplug'\n",
		"/q/g/gplug.py":                  pytestEvil,
		"/q/h/pytest.ini":                "[pytest]\n",
		"/q/h/hplug.py":                  pytestEvil,
		"/q/i/pytest.ini":                "[pytest]\npython_files = check_*.py\n",
		"/q/i/check_x.py":                pytestEvil,
		"/q/j/pytest.ini":                "[pytest]\n",
		"/q/j/lib/mod.py":                pytestEvil,
		"/q/k/pytest.ini":                "[pytest]\n",
		"/q/k/ci/pytest-ci.ini":          "[pytest]\naddopts = -p kplug\n",
		"/q/k/kplug.py":                  pytestEvil,
		"/q/l/pytest.ini":                "[pytest]\n",
		"/q/n/pytest.ini":                "[pytest]\n",
		"/q/n/pkg/tests/test_p.py":       pytestEvil,
		"/q/o/pytest.ini":                "[pytest]\n",
		"/q/o/.venv/lib/test_v.py":       pytestEvil,
		"/q/o/env/pyvenv.cfg":            "home = /usr/bin\n",
		"/q/o/env/lib/test_w.py":         pytestEvil,
		"/q/o/build/test_b.py":           pytestEvil,
		"/q/o/tests/test_ok.py":          "def test_ok():\n    pass\n",
		"/q/t/pytest.ini":                "[pytest]\ntestpaths = tests\n",
		"/q/t/tests/test_ok.py":          "def test_ok():\n    pass\n",
		"/q/t/scripts/test_evil.py":      pytestEvil,
		"/q/v/pytest.ini":                "[pytest]\n",
		"/q/v/tests/__init__.py":         pytestEvil,
		"/q/v/tests/test_ok.py":          "def test_ok():\n    pass\n",
		"/q/w/pytest.ini":                "[pytest]\n",
		"/q/w/tests/test_ok.py":          "def test_ok():\n    pass\n",
		"/q/w/tests/test_mod.py":         "pytest_plugins = 'wplug'\n",
		"/q/w/wplug.py":                  pytestEvil,
	}
	return files
}

// TestPytestCollects: each pytest line runs a planted file it does not name; a deny of rm -rf
// denies it. Where nothing planted is collected, it passes; what is only known when the line
// runs is unresolved.
func TestPytestCollects(t *testing.T) {
	p := mustCompile("rm -r|-R|--recursive -f|--force")
	files := pytestCollected()
	in := func(want Outcome, lines ...string) {
		t.Helper()
		wantOutcomeFiles(t, func() *Files { f := withList(files); f.Dirs = []string{"/q"}; return f }, p, want, lines)
	}
	in(Match, "cd a && pytest", "cd a && python3 -m pytest tests/", "cd a && pytest tests/unit -q", "cd a2 && pytest",
		"cd b && pytest tests", "cd b && pytest", "cd c && pytest", "cd d && pytest", "cd e && pytest -x", "cd f && pytest",
		"cd g && py.test", "cd h && PYTEST_ADDOPTS='-p hplug' pytest", "cd h && PYTEST_PLUGINS=x,hplug pytest",
		"cd h && export PYTEST_ADDOPTS=-phplug && python3 -m pytest", "cd i && pytest", "cd j && pytest --doctest-modules",
		"cd k && python -m pytest -c ci/pytest-ci.ini", "cd l && pytest --confcutdir=/", "cd l && python3 -m pytest --confcutdir /q",
		"cd n && pytest --pyargs pkg.tests", "cd o && pytest -o norecursedirs=.venv", "cd o && pytest --collect-in-virtualenv -o norecursedirs=",
		"cd t && pytest scripts", "cd v && pytest", "cd w && pytest", "cd h && pytest -xphplug")
	in(NoMatch, "cd b && pytest tests/test_ok.py", "cd h && pytest", "cd j && pytest", "cd k && pytest", "cd l && pytest",
		"cd o && pytest", "cd t && pytest", "cd h && PYTEST_ADDOPTS='-p no:hplug' pytest", "cd n && pytest --pyargs json")
	in(Unknown, "cd c2 && pytest", `cd h && PYTEST_ADDOPTS="$X" pytest`, `cd h && PYTEST_PLUGINS="$P" pytest`,
		"cd h && printf 'import os\\n' > test_new.py && pytest", "cd h && PYTEST_ADDOPTS='-p \"x' pytest")
}

// TestPytestCollectsBounded: past the files, bytes and directories one pytest run reads, the line
// is unresolved, never passed.
func TestPytestCollectsBounded(t *testing.T) {
	p := mustCompile("rm -r|-R|--recursive -f|--force")
	files := map[string]string{"/q/many/pytest.ini": "[pytest]\n", "/q/big/pytest.ini": "[pytest]\n", "/q/deep/pytest.ini": "[pytest]\n"}
	for i := range maxPytestFiles + 1 {
		files[fmt.Sprintf("/q/many/tests/test_%d.py", i)] = "def test_a():\n    pass\n"
	}
	files["/q/big/test_big.py|big"] = "x = 1\n"
	wantOutcomeFiles(t, func() *Files { f := withList(files); f.Dirs = []string{"/q"}; return f }, p, Unknown,
		[]string{"cd many && pytest", "cd big && pytest"})
	// More directories than it lists: /q/deep holds d0 … d1024, each empty.
	deep := func() *Files {
		f := withList(files)
		f.Dirs = []string{"/q"}
		f.List = func(dir string, max int) ([]string, error) {
			var names []string
			if dir == "/q/deep" {
				for i := range min(maxPytestDirs+1, max) {
					names = append(names, fmt.Sprintf("d%d", i))
				}
			}
			return names, nil
		}
		return f
	}
	wantOutcomeFiles(t, deep, p, Unknown, []string{"cd deep && pytest"})
	wantOutcomeFiles(t, func() *Files { f := memFiles(files); f.Dirs = []string{"/q"}; return f }, p, Unknown,
		[]string{"cd big && pytest test_big.py"})
	nolist := memFiles(map[string]string{"/q/a/pytest.ini": "[pytest]\n"})
	nolist.Dirs = []string{"/q"}
	wantOutcomeFiles(t, func() *Files { return nolist }, p, Unknown, []string{"cd a && pytest"})
}

// TestPytestTestModulePaths: a test module's strings are read for what they run, not as paths
// (a suite's URLs and fixtures would have every pytest line ask a paths rule); a conftest.py's
// are paths, as any program file's.
func TestPytestTestModulePaths(t *testing.T) {
	files := map[string]string{
		"/q/p/pytest.ini":        "[pytest]\n",
		"/q/p/conftest.py":       "DATA = 'data/from_conftest.txt'\n",
		"/q/p/tests/test_url.py": "import os\nURL = 'data/from_test.txt'\nos.system('rm -rf build')\n",
	}
	f := withList(files)
	f.Dirs = []string{"/q"}
	l := ParseFiles("cd p && pytest", POSIX, f)
	paths := strings.Join(l.Paths, "\n")
	if !strings.Contains(paths, "data/from_conftest.txt") || strings.Contains(paths, "from_test") {
		t.Errorf("paths %q: want data/from_conftest.txt and nothing from the test module", l.Paths)
	}
	if o, why := mustCompile("rm -rf").MatchLine(&l); o != Match {
		t.Errorf("cd p && pytest: %v (%s), want the test module's rm -rf", o, why)
	}
}

// FuzzPytestConfig: any text as pytest's addopts, configuration file and Python file: no panic,
// and addopts' words, quoted again, split to the same words.
func FuzzPytestConfig(f *testing.F) {
	f.Add("-p a --rootdir=x -o 'python_files=*.py' \"b c\" d\\ e")
	f.Add("[pytest]\naddopts = -p x\ntestpaths =\n  tests\n")
	f.Add("[tool.pytest.ini_options]\naddopts = [\"-p\", \"y\"]\n")
	f.Add("pytest_plugins = ['a.b', \"c\"] + extra\n")
	f.Fuzz(func(t *testing.T, text string) {
		pytestIni("pytest.ini", text)
		pytestIni("pyproject.toml", text)
		pytestIni("setup.cfg", text)
		pytestPlugins(text)
		ws, ok := pytestWords(text)
		if !ok {
			return
		}
		pytestParse(ws)
		var quoted []string
		for _, w := range ws {
			quoted = append(quoted, "'"+strings.ReplaceAll(w, "'", `'"'"'`)+"'")
		}
		again, ok := pytestWords(strings.Join(quoted, " "))
		if !ok || !slices.Equal(again, ws) {
			t.Errorf("%q: words %q, quoted again %q", text, ws, again)
		}
	})
}
