package shellcmd

import "testing"

// TestDiskMise: mise run NAME (mise r, mise tasks run, mise NAME, mise watch) runs the task of
// the nearest mise configuration (mise.toml, .mise.toml, mise.local.toml, .config/mise.toml…):
// its run lines with the words after the name, its depends first and depends_post after, its
// file, with its env; or the file task of that name (mise-tasks/NAME, .mise/tasks/NAME…).
func TestDiskMise(t *testing.T) {
	p := mustCompile("rm -rf")
	files := map[string]string{
		"/p/mise.toml": `[tasks.wipe]
run = "rm -rf ~"

[tasks.build]
run = ["go build ./...", "go vet ./..."]
depends = ["gen"]

[tasks.gen]
run = "go generate ./..."

[tasks.all]
depends = ["wipe"]
run = "echo all"

[tasks.post]
run = "echo"
depends_post = "wipe"

[tasks.del]
run = "rm"

[tasks.envd]
env = { F = "-rf" }
run = "rm $F ~"

[tasks.byfile]
file = "scripts/x.sh"

[tasks.calls]
run = [{ task = "wipe" }]

[tasks]
short = "rm -rf ~"
`,
		"/p/scripts/x.sh":        "rm -rf ~\n",
		"/p/mise-tasks/nuke":     "#!/bin/sh\nrm -rf ~\n",
		"/p/.mise/tasks/ci/wipe": "#!/usr/bin/env bash\nrm -rf ~\n",
		"/q/.config/mise.toml":   "[tasks.wipe]\nrun = 'rm -rf ~'\n",
	}
	wantOutcomeIn(t, files, p, Match, []string{`mise run wipe`, `mise r wipe`, `mise tasks run wipe`, `mise wipe`, `mise run all`,
		`mise run post`, `mise run del -rf ~`, `mise run envd`, `mise run byfile`, `mise run calls`, `mise run short`, `mise run nuke`,
		`mise run ci:wipe`, `mise run build ::: wipe`, `mise watch wipe`, `cd /q && mise run wipe`, `mise -C /q run wipe`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`mise run build`, `mise run gen`, `mise install`, `mise ls`, `mise run del -i x`,
		`mise tasks ls`, `mise run nosuch`})
	for _, src := range []string{`mise run build`, `mise install`, `mise run nosuch`} {
		if l := ParseFiles(src, POSIX, memFiles(files)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
	wantOutcomeIn(t, files, p, Unknown, []string{`mise run "$T"`})
}

// TestDiskMiseWritten: a mise.toml the line writes is read as it writes it.
func TestDiskMiseWritten(t *testing.T) {
	wantOutcomeIn(t, map[string]string{}, mustCompile("rm -rf"), Match, []string{
		"echo '[tasks.x]\nrun = \"rm -rf ~\"' > mise.toml && mise run x"})
}
