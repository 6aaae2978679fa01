package shellcmd

import (
	"fmt"
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
// Python on disk, read for the command lines it spells out in the sessions or tasks the line
// runs (what they name, the file's top level): invoke's c.run("rm -rf ~") is a line, nox's
// session.run("rm", "-rf", "~") the words of one. Both passed a deny of rm -rf before.
func TestDiskPythonRunners(t *testing.T) {
	files := map[string]string{
		"/p/noxfile.py": `import nox

@nox.session
def tests(session):
    """Run the tests."""
    session.install("-e", ".")
    session.run("pytest", *session.posargs)

@nox.session(python=["3.11", "3.12"])
def clean(session):
    session.run("rm", "-rf", "~", external=True)

@nox.session(name="lint-all")
def lint(session):
    session.run("ruff", "check", ".")
    session.notify("clean")

@nox.session
def docs(session):
    _wipe(session)

def _wipe(session):
    session.run(RM, "-rf", "build")

RM = "rm"
`,
		"/p/tasks.py": `from invoke import task

@task
def build(c):
    c.run("go build ./...")

@task
def wipe_all(c):
    c.run("rm -rf ~")

@task(pre=[wipe_all])
def deploy(c):
    c.run("echo deploy")
`,
		"/q/tasks/__init__.py": "from invoke import task\n@task\ndef build(c):\n    c.run('make')\n",
	}
	// Spellings of rm -rf ~ a task may hold, each the task x of a directory of its own.
	bodies := []string{
		`c.run("r" "m -rf ~")`, `c.run("rm " + "-rf ~")`, `c.run(CMD)`, `c.run(f"rm {'-rf'} ~")`, `c.run(f"rm -rf {HOME}")`,
		`c.run("\x72m -rf ~")`, `c.run("\162m -rf ~")`, `c.run(u"rm -rf ~")`, `c.run(r"rm -rf ~")`, `c.sudo("rm -rf ~")`,
		`c.run(command="rm -rf ~")`, `subprocess.run(["rm", "-rf", "~"])`, `subprocess.run(("rm", "-rf", "~"))`,
		`c.run(" ".join(ARGV))`, `c.run(PART + " ~")`, "c.run('''rm\\\n -rf ~''')",
		"x = \"\"\"\ndef y():\n\"\"\"\n    c.run('rm -rf ~')",
	}
	for i, body := range bodies {
		files[fmt.Sprintf("/t%d/tasks.py", i)] = "CMD = 'rm -rf ~'\nARGV = ['rm', '-rf', '~']\nPART = 'rm -rf'\nHOME = x\n" +
			"@task\ndef y(c):\n    pass\n\n@task\ndef x(c):\n    " + body + "\n"
	}
	p := mustCompile("rm -rf")
	match := []string{`nox -s clean`, `nox`, `nox -s clean-3.12`, `nox --session=clean`, `nox -s tests clean`, `nox -s lint-all`, `nox -s docs`,
		`nox -k "not tests"`, `nox -s "$S"`, `invoke wipe-all`, `inv wipe_all`, `invoke deploy`, `invoke`, `invoke -e deploy --x`}
	for i := range bodies {
		match = append(match, fmt.Sprintf("cd /t%d && invoke x", i))
	}
	wantOutcomeIn(t, files, p, Match, match)
	wantOutcomeIn(t, files, p, NoMatch, []string{`nox -s tests`, `nox -s tests -- -x`, `nox --list`, `invoke build`, `inv build -v`,
		`cd /q && invoke build`})
	// A word that names no function may name a task the file makes otherwise (ns.add_task(f,
	// name="x")): every one is read.
	wantOutcomeIn(t, files, p, Match, []string{`inv build --name x`})
	for _, src := range []string{`nox -s tests`, `invoke build`, `cd /q && invoke build`, `nox -s clean`} {
		if l := ParseFiles(src, POSIX, memFiles(files)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
	l := ParseFiles(`invoke deploy`, POSIX, memFiles(files))
	if o, why := p.MatchLine(&l); o != Match || !slices.ContainsFunc(l.Commands, func(c Command) bool { return c.Name == "rm" && c.File == "tasks.py" }) {
		t.Errorf("invoke deploy: %v (%s), want rm in tasks.py: %+v", o, why, l.Commands)
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

// TestDiskInvokeConfig: invoke runs each c.run line with the shell its configuration names
// (run.shell of invoke.yaml, .yml or .json beside the tasks, the user's ~/.invoke.yaml, the file
// -f names, INVOKE_RUN_SHELL), and imports the project's invoke.py: ./evil.sh there, or
// os.system in invoke.py, ran rm -rf ~ past a deny of rm -rf under an ordinary task.
func TestDiskInvokeConfig(t *testing.T) {
	tasks := "from invoke import task\n@task\ndef build(c):\n    c.run('make')\n"
	files := map[string]string{
		"/a/tasks.py": tasks, "/a/invoke.yaml": "run:\n  shell: ./evil.sh\n", "/a/evil.sh": "#!/bin/sh\nrm -rf ~\n",
		"/b/tasks/__init__.py": tasks, "/b/invoke.json": `{"run": {"shell": "/b/evil.sh"}}`, "/b/evil.sh": "rm -rf ~\n",
		"/c/tasks.py": tasks, "/c/invoke.py": "import os\nos.system('rm -rf ~')\n", "/c/cfg.yml": "run: {shell: ./evil.sh}\n", "/c/evil.sh": "rm -rf ~\n",
		"/d/tasks.py": tasks, "/d/invoke.yaml": "run:\n  shell: /bin/bash\n", "/d/evil.sh": "rm -rf ~\n",
	}
	p := mustCompile("rm -rf")
	wantOutcomeIn(t, files, p, Match, []string{`cd /a && invoke build`, `cd /b && inv build`, `cd /c && invoke build`,
		`cd /d && invoke -f /c/cfg.yml build`, `cd /d && INVOKE_RUN_SHELL=./evil.sh invoke build`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`cd /d && invoke build`, `cd /a && invoke --list`})
	wantOutcomeIn(t, files, p, Unknown, []string{`cd /d && INVOKE_RUN_SHELL="$S" invoke build`, `cd /d && invoke -f "$F" build`})
	l := ParseFiles(`cd /a && invoke build`, POSIX, memFiles(files))
	if !slices.ContainsFunc(l.Commands, func(c Command) bool { return c.Name == "rm" && c.File == "./evil.sh" }) {
		t.Errorf("cd /a && invoke build: want rm in ./evil.sh, got %+v", l.Commands)
	}
}

// TestDiskPythonRunnersImportTime: a function's decorators and default values run when nox or
// invoke imports the file, whichever session or task the line asks for, and so does every
// function they call: @evil on a task the line does not run ran rm -rf ~ under invoke build.
func TestDiskPythonRunnersImportTime(t *testing.T) {
	head := "import os\nfrom invoke import task\ndef evil(f):\n    os.system('rm -rf ~')\n    return f\n@task\ndef build(c):\n    c.run('make')\n"
	files := map[string]string{
		"/a/tasks.py": head + "@evil\n@task\ndef other(c):\n    pass\n",
		"/b/tasks.py": head + "@task\ndef other(c, x=evil(None)):\n    pass\n",
		"/c/tasks.py": head + "@task\ndef other(c):\n    evil(None)\n",
	}
	p := mustCompile("rm -rf")
	wantOutcomeIn(t, files, p, Match, []string{`cd /a && invoke build`, `cd /b && invoke build`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`cd /c && invoke build`})
}

// TestDiskPythonRunnersImports: nox and invoke import the noxfile's or tasks file's local
// modules, whose top level runs on import and whose functions the sessions call: `from tools
// import clean` with session.run("rm", "-rf", "~") in tools.py ran rm -rf ~ under nox -s tests.
// A module of the project (beside the file, or the tasks package's, relative or absolute, a
// package's __init__.py, a submodule named in a from-import) is read whole, and the modules it
// imports in turn, each once; one that is not there (os, invoke) is none.
func TestDiskPythonRunnersImports(t *testing.T) {
	nox := "import nox\n@nox.session\ndef tests(session):\n    session.run('pytest')\n"
	tasks := "from invoke import task\n@task\ndef build(c):\n    c.run('make')\n"
	rm := "def clean(session):\n    session.run('rm', '-rf', '~')\n"
	files := map[string]string{
		"/a/noxfile.py": "from tools import clean\n" + nox, "/a/tools.py": rm,
		"/b/tasks.py": "from tools.cleanup import wipe\n" + tasks, "/b/tools/__init__.py": "", "/b/tools/cleanup.py": "import subprocess\nsubprocess.run('rm -rf ~', shell=True)\n",
		"/c/tasks/__init__.py": "from .helpers import wipe\n" + tasks, "/c/tasks/helpers.py": "def wipe(c):\n    c.run('rm -rf ~')\n",
		"/d/noxfile.py": "import tools.sub as s, os\n" + nox, "/d/tools/sub/__init__.py": rm,
		"/e/noxfile.py": "from tools import (helpers as h,\n    other)\n" + nox, "/e/tools/__init__.py": "", "/e/tools/helpers.py": rm,
		"/f/noxfile.py": "import a\n" + nox, "/f/a.py": "from b import clean\n", "/f/b.py": rm,
		"/g/tasks/__init__.py": "from . import x\n" + tasks, "/g/tasks/x.py": "import os\nos.system('rm -rf ~')\n",
		"/h/tasks/__init__.py": "from .. import top\n" + tasks, "/h/top.py": rm,
		"/i/noxfile.py": "if True: import tools\n" + nox, "/i/tools/__init__.py": "from .inner import *\n", "/i/tools/inner.py": rm,
		"/j/noxfile.py": "import os, sys, subprocess\nimport a\nfrom invoke import task\nfrom b import c\n" + nox, "/j/a.py": "import b\n", "/j/b.py": "import a\nimport os\nos.system('ls')\n",
		"/k/noxfile.py": "import tools\n" + nox, "/k/tools.py": "# coding: utf-7\nimport os\n",
		"/l/noxfile.py": "def f():\n    raise ValueError('x') from None\n" + nox, "/l/None.py": rm,
	}
	p := mustCompile("rm -rf")
	wantOutcomeIn(t, files, p, Match, []string{`cd /a && nox -s tests`, `cd /b && invoke build`, `cd /c && invoke build`,
		`cd /d && nox -s tests`, `cd /e && nox -s tests`, `cd /f && nox`, `cd /g && invoke build`, `cd /h && invoke build`,
		`cd /i && nox -s tests`, `nox -f /a/noxfile.py -s tests`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`cd /j && nox -s tests`, `cd /l && nox -s tests`})
	wantOutcomeIn(t, files, p, Unknown, []string{`cd /k && nox -s tests`})
	for _, src := range []string{`cd /j && nox -s tests`, `cd /a && nox -s tests`} {
		if l := ParseFiles(src, POSIX, memFiles(files)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
	l := ParseFiles(`cd /a && nox -s tests`, POSIX, memFiles(files))
	if !slices.ContainsFunc(l.Commands, func(c Command) bool { return c.Name == "rm" && c.File == "/a/tools.py" }) {
		t.Errorf("cd /a && nox -s tests: want rm in /a/tools.py, got %+v", l.Commands)
	}
}
