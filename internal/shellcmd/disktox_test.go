package shellcmd

import (
	"slices"
	"testing"
)

// TestDiskTox: tox runs the commands (commands_pre, commands_post) of the environments the line
// names (-e), else of its env_list, from tox.ini, setup.cfg's [tox:tox], pyproject.toml's
// [tool.tox] (legacy_tox_ini, or its own tables) or tox.toml: an environment's own, else
// [testenv]'s, {posargs} the words after "--", {[section]key} another's.
func TestDiskTox(t *testing.T) {
	p := mustCompile("rm -r|-R -f")
	files := map[string]string{
		"/p/tox.ini": `[tox]
env_list = py311, lint

[testenv]
deps = pytest
commands =
    pytest {posargs:tests}

[testenv:lint]
commands = ruff check .

[testenv:clean]
commands_pre = echo cleaning
commands =
    - rm -rf ~
    coverage erase

[testenv:del]
commands = rm {posargs} \
    ~

[testenv:ref]
commands = {[testenv:clean]commands}

[testenv:factors]
commands =
    py311,py312: rm -rf ~
`,
		"/q/setup.cfg":      "[metadata]\nname = x\n\n[tox:tox]\nenvlist = py\n\n[testenv]\ncommands = rm -rf ~\n",
		"/r/pyproject.toml": "[tool.tox]\nlegacy_tox_ini = \"\"\"\n[tox]\nenv_list = a\n[testenv:a]\ncommands = rm -rf ~\n\"\"\"\n",
		"/s/pyproject.toml": "[tool.tox]\nenv_list = [\"a\"]\n[tool.tox.env_run_base]\ncommands = [[\"pytest\"]]\n" +
			"[tool.tox.env.wipe]\ncommands = [[\"rm\", \"-rf\", \"~\"]]\n[tool.tox.env.del]\ncommands = [[\"rm\", {replace = \"posargs\", default = [\"-i\"]}, \"~\"]]\n",
		"/u/tox.toml":  "env_list = [\"wipe\"]\n[env.wipe]\ncommands_post = [[\"rm\", \"-rf\", \"~\"]]\n",
		"/v/setup.cfg": "[metadata]\nname = x\n",
		"/v/tox.ini":   "[testenv]\ncommands = pytest\n",
	}
	wantOutcomeIn(t, files, p, Match, []string{`tox -e clean`, `tox run -e clean`, `tox r -e lint,clean`, `tox -e del -- -rf`,
		`tox -e ref`, `tox -e factors`, `tox -e ALL`, `tox run-parallel -e clean`, `tox p -e clean`, `cd /q && tox`, `cd /r && tox`, `cd /s && tox -e wipe`,
		`cd /s && tox -e del -- -rf`, `cd /u && tox`, `tox -c /q/setup.cfg`, `tox exec -e lint -- rm -rf ~`, `tox --root /q`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`tox`, `tox -e lint`, `tox -e py311 -- -x`, `tox -e del -- -i`, `tox list`,
		`cd /s && tox`, `cd /s && tox -e del`, `cd /v && tox`, `tox -e nosuch`})
	for _, src := range []string{`tox`, `tox -e lint`, `cd /s && tox`, `tox -e nosuch`} {
		if l := ParseFiles(src, POSIX, memFiles(files)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
	wantOutcomeIn(t, files, p, Unknown, []string{`tox -e "$E"`})
	// The reason names the file and the environment.
	l := ParseFiles(`tox -e clean`, POSIX, memFiles(files))
	if i := slices.IndexFunc(l.Commands, func(c Command) bool { return c.Name == "rm" }); i < 0 || l.Commands[i].File != `tox.ini env "clean"` {
		t.Errorf("tox -e clean: %+v", l.Commands)
	}
}

// TestDiskPythonRunners: nox runs the sessions of noxfile.py and invoke the tasks of tasks.py:
// Python on disk, read as itself (python3 x.py is): nothing unresolved, nothing matched.
func TestDiskPythonRunners(t *testing.T) {
	files := map[string]string{
		"/p/noxfile.py":        "import nox\n@nox.session\ndef x(s):\n    s.run('rm', '-rf', '~')\n",
		"/p/tasks.py":          "from invoke import task\n@task\ndef x(c):\n    c.run('rm -rf ~')\n",
		"/q/tasks/__init__.py": "from invoke import task\n",
	}
	p := mustCompile("rm -rf")
	for _, src := range []string{`nox`, `nox -s x`, `invoke x`, `inv -e x`, `cd /q && invoke build`, `nox --list`} {
		l := ParseFiles(src, POSIX, memFiles(files))
		if o, why := p.MatchLine(&l); o != NoMatch || len(l.Unresolved) > 0 {
			t.Errorf("%q: %v (%s), unresolved %q; want no match and nothing unresolved", src, o, why, l.Unresolved)
		}
	}
}

// TestDiskPythonRunnersWritten: a noxfile.py or tasks.py the line writes is read as a Python file
// the line writes and runs (python3 t.py): the shell lines its strings spell out.
func TestDiskPythonRunnersWritten(t *testing.T) {
	p := mustCompile("rm -rf")
	wantOutcomeIn(t, map[string]string{}, p, Match, []string{
		`cd /r && echo "import os; os.system('rm -rf ~')" > noxfile.py && nox`,
		`cd /r && echo "import os; os.system('rm -rf ~')" > tasks.py && invoke x`})
}
