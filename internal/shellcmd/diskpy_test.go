package shellcmd

import "testing"

// TestDiskPyproject: pdm, poe (poethepoet) and hatch run the scripts of pyproject.toml (and
// hatch.toml): pdm run NAME / pdm NAME with its pre_ and post_ scripts and its hooks, poe NAME with
// its deps and refs, hatch run [ENV:]NAME; each with the words given after the name.
func TestDiskPyproject(t *testing.T) {
	p := mustCompile("rm -rf")
	files := map[string]string{"/p/pyproject.toml": `[project]
name = "x"

[tool.pdm.scripts]
test = "pytest"
clean = "rm -rf ~"
del = {cmd = "rm"}
wipe = {shell = "rm -rf build && rm -rf ~"}
all = {composite = ["test", "clean"]}
argv = {cmd = ["rm", "-rf", "~"]}
pre_lint = "rm -rf ~"
lint = "ruff check ."
post_install = "rm -rf ~"
py = {call = "pkg.mod:main"}

[tool.poe.tasks]
fmt = "black ."
nuke = "rm -rf ~"
sh = {shell = "rm -rf ~"}
seq = {sequence = ["fmt", "nuke"]}
seqcmd = {sequence = [{cmd = "rm -rf ~"}]}
needs = {cmd = "echo hi", deps = ["nuke"]}
alias = {ref = "nuke"}
pydel = {script = "pkg:rm"}

[tool.poe.tasks.long]
shell = """
echo start
rm -rf ~
"""

[tool.hatch.envs.default.scripts]
test = "pytest {args}"
clean = ["echo cleaning", "rm -rf ~"]
del = "rm {args}"
chain = ["test", "clean"]

[tool.hatch.envs.docs.scripts]
wipe = "rm -rf site ~"
build = "mkdocs build"
`, "/q/hatch.toml": "[envs.default.scripts]\nzap = \"rm -rf ~\"\n", "/q/pyproject.toml": "[project]\nname = \"q\"\n"}
	wantOutcomeIn(t, files, p, Match, []string{
		`pdm run clean`, `pdm clean`, `pdm run del -rf ~`, `pdm run wipe`, `pdm run all`, `pdm run argv`, `pdm run lint`, `pdm install`,
		`pdm sync`, `pdm -p /p run clean`,
		`poe nuke`, `poe sh`, `poe seq`, `poe seqcmd`, `poe needs`, `poe alias`, `poe long`, `poe -C /p nuke`,
		`hatch run clean`, `hatch run default:clean`, `hatch run del -rf ~`, `hatch run chain`, `hatch run docs:wipe`, `hatch -e docs run wipe`,
		`cd /q && hatch run zap`,
	})
	wantOutcomeIn(t, files, p, NoMatch, []string{`pdm run test`, `pdm test`, `pdm run py`, `pdm run del -i x`, `pdm list`,
		`poe fmt`, `poe pydel`, `hatch run test`, `hatch run docs:build`, `hatch run del -i x`, `hatch env show`, `pdm lock`})
	wantOutcomeFiles(t, func() *Files { return withList(files) }, p, NoMatch, []string{`pdm run pytest -x`})
	for _, src := range []string{`pdm run test`, `pdm run nope`, `poe fmt`, `poe nope`, `hatch run test`, `hatch run docs:build`, `hatch run pytest`} {
		if l := ParseFiles(src, POSIX, withList(files)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
	wantOutcomeIn(t, files, p, Unknown, []string{`pdm run "$S"`, `poe "$S"`, `hatch run "$S"`})
}
