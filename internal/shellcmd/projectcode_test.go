package shellcmd

import "testing"

// pytestProject: a conftest.py, which pytest imports before any test, runs rm -rf.
var pytestProject = map[string]string{
	"/p/conftest.py":               "import os\nos.system('rm -rf b')\n",
	"/p/tests/conftest.py":         "import subprocess\nsubprocess.run(['rm', '-rf', 'c'])\n",
	"/p/tests/test_a.py":           "def test_a():\n    assert True\n",
	"/p/other/test_b.py":           "import shutil\n",
	"/p/calm/conftest.py":          "import pytest\n",
	"/p/calm/test_c.py":            "def test_c():\n    pass\n",
	"/p/named/test_evil.py":        "import os\nos.system('rm -rf d')\n",
	"/p/named/deep/x/conftest.py":  "import os\nos.system('rm -rf e')\n",
	"/p/named/deep/x/test_calm.py": "def test_x():\n    pass\n",
}

func TestPytestRunsConftest(t *testing.T) {
	p := mustCompile("rm -r|-R|--recursive -f|--force")
	files := map[string]string{}
	for k, v := range pytestProject {
		files[k] = v
	}
	wantOutcomeIn(t, files, p, Match, []string{"pytest", "pytest -x -q", "python3 -m pytest", "py.test tests",
		"cd calm && pytest ../tests", "pytest named/test_evil.py::test_a", "cd calm && pytest ../named/deep/x",
		"uv run pytest -k x", "python -m pytest -p no:cacheprovider tests/test_a.py"})
	wantOutcomeIn(t, files, p, NoMatch, []string{"cd calm && pytest", "cd calm && python3 -m pytest -x test_c.py",
		"cd other && pytest", "cd calm && pytest --collect-only -q"})
}
