package shellcmd

import "testing"

// TestDiskTaskfileRuns: task runs more of a Taskfile than its cmds: a dynamic variable's sh
// (the Taskfile's own, run for any task, or a task's), a task's preconditions and status lines,
// and its cmds see the env a Taskfile, a task or a dotenv file gives them.
func TestDiskTaskfileRuns(t *testing.T) {
	p := mustCompile("rm -r|-R -f")
	files := map[string]string{"/p/Taskfile.yml": `version: '3'
tasks:
  ok: go test ./...
  var:
    vars:
      X:
        sh: rm -rf ~
    cmds: ["echo {{.X}}"]
  envsh:
    env:
      X: {sh: rm -rf ~}
    cmds: [echo]
  pre:
    preconditions:
      - sh: rm -rf ~
        msg: no
    cmds: [echo]
  prestr:
    preconditions: [rm -rf ~]
    cmds: [echo]
  status:
    status: [rm -rf ~]
    cmds: [echo]
  env:
    env: {F: -rf}
    cmds: ['rm $F ~']
  plain:
    vars: {X: hello}
    env: {Y: '1'}
    status: [test -f x]
    preconditions: [test -d .git]
    cmds: ['echo $Y {{.X}}']
`,
		"/q/Taskfile.yml": "version: '3'\nvars:\n  V:\n    sh: rm -rf ~\ntasks:\n  ok: echo ok\n",
		"/r/Taskfile.yml": "version: '3'\nenv:\n  F: -rf\ntasks:\n  del: rm $F ~\n  ok: echo $F\n",
		"/s/Taskfile.yml": "version: '3'\ndotenv: ['.env', 'missing.env']\ntasks:\n  del: rm $F ~\n",
		"/s/.env":         "# flags\nexport F='-rf'\nG=1\n",
		"/t/Taskfile.yml": "version: '3'\ntasks:\n  del:\n    dotenv: [.env]\n    cmds: ['rm $F ~']\n",
		"/t/.env":         "F=\"-rf\"\n",
		"/u/Taskfile.yml": "version: '3'\nincludes:\n  inc: ./inc.yml\ntasks:\n  ok: echo ok\n",
		"/u/inc.yml":      "version: '3'\nvars:\n  V: {sh: rm -rf ~}\ntasks:\n  x: echo x\n",
	}
	wantOutcomeIn(t, files, p, Match, []string{`task var`, `task envsh`, `task pre`, `task prestr`, `task status`, `task env`,
		`task -d /q ok`, `task -d /r del`, `task -d /s del`, `task -d /t del`, `task -d /u ok`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`task ok`, `task plain`, `task -d /r ok`})
	for _, src := range []string{`task ok`, `task plain`, `task -d /r ok`} {
		if l := ParseFiles(src, POSIX, memFiles(files)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
}
