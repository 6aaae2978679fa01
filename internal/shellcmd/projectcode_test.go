package shellcmd

import "testing"

// pytestProject: a conftest.py, which pytest imports before any test, runs rm -rf.
var pytestProject = map[string]string{
	"/p/conftest.py":               "import os\nos.system('rm -rf b')\n",
	"/p/tests/conftest.py":         "import subprocess\nsubprocess.run(['rm', '-rf', 'c'])\n",
	"/p/tests/test_a.py":           "def test_a():\n    assert True\n",
	"/p/other/test_b.py":           "import shutil\n",
	"/p/calm/pytest.ini":           "[pytest]\n",
	"/p/calm/conftest.py":          "import pytest\n",
	"/p/calm/test_c.py":            "def test_c():\n    pass\n",
	"/p/named/test_evil.py":        "import os\nos.system('rm -rf d')\n",
	"/p/named/deep/x/conftest.py":  "import os\nos.system('rm -rf e')\n",
	"/p/named/deep/x/test_calm.py": "def test_x():\n    pass\n",
	"/p/pt/pytest.ini":             "[pytest]\n",
	"/p/pt/pt3/tests/conftest.py":  "import os\nos.system('rm -rf f')\n",
	"/p/calm/evilplug.py":          "import os\nos.system('rm -rf g')\n",
	"/p/calm/plugs/deep.py":        "import os\nos.system('rm -rf h')\n",
}

// TestPytestNamesAndPlugins: Debian's pytest-3, python's flags grouped before -m (-Im pytest),
// python -m py.test, a directory operand above tests/ (pytest pt3), and a plugin -p imports from
// the project run the conftest.py and modules they import; each passed a deny of rm -rf.
func TestPytestNamesAndPlugins(t *testing.T) {
	p := mustCompile("rm -r|-R|--recursive -f|--force")
	wantOutcomeFiles(t, func() *Files { return withList(pytestProject) }, p, Match, []string{"pytest-3", "py.test-3 -x", "python3 -Im pytest", "python3 -Impytest -q",
		"python3 -I -m py.test", "python3 -W ignore -Bm pytest", "cd pt && pytest pt3", "cd pt && python3 -m pytest pt3/",
		"cd calm && pytest -p evilplug", "cd calm && pytest -pevilplug -q", "cd calm && python3 -m pytest -p plugs.deep"})
	wantOutcomeFiles(t, func() *Files { return withList(pytestProject) }, p, NoMatch, []string{"cd calm && pytest -p no:cacheprovider", "cd calm && pytest -p xdist",
		"cd calm && python3 -Im pytest", "python3 -Im pip list"})
	wantOutcomeFiles(t, func() *Files { return withList(pytestProject) }, p, Unknown, []string{`cd calm && pytest -p "$PLUGIN"`})
}

func TestPytestRunsConftest(t *testing.T) {
	p := mustCompile("rm -r|-R|--recursive -f|--force")
	files := map[string]string{}
	for k, v := range pytestProject {
		files[k] = v
	}
	wantOutcomeFiles(t, func() *Files { return withList(files) }, p, Match, []string{"pytest", "pytest -x -q", "python3 -m pytest", "py.test tests",
		"cd calm && pytest ../tests", "pytest named/test_evil.py::test_a", "cd calm && pytest ../named/deep/x",
		"uv run pytest -k x", "python -m pytest -p no:cacheprovider tests/test_a.py"})
	wantOutcomeFiles(t, func() *Files { return withList(files) }, p, NoMatch, []string{"cd calm && pytest", "cd calm && python3 -m pytest -x test_c.py",
		"cd calm && pytest --collect-only -q"})
	// With no configuration file, pytest before 8 reads every conftest.py up to the root: /p's.
	wantOutcomeFiles(t, func() *Files { return withList(files) }, p, Match, []string{"cd other && pytest"})
}
