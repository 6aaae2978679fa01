package shellcmd

import "testing"

// TestDiskTaskfileIncludes: task reads the Taskfiles its Taskfile includes (a file or a directory,
// relative to the including file, nested), its tasks named NAMESPACE:TASK (an include's aliases,
// flatten: true without it, the namespace alone its default), a task's aliases, and the tasks an
// included task calls in its own namespace or the root's (:task).
func TestDiskTaskfileIncludes(t *testing.T) {
	p := mustCompile("rm -r|-R -f")
	files := map[string]string{"/p/Taskfile.yml": `version: '3'
includes:
  docs: ./docs
  build:
    taskfile: ./build/Tasks.yml
    dir: ./build
    aliases: [b]
  flat:
    taskfile: ./flat.yml
    flatten: true
  opt:
    taskfile: ./missing.yml
    optional: true
  remote: https://example.com/Taskfile.yml
  os: ./Taskfile_{{OS}}.yml
  self: ./Taskfile.yml
tasks:
  default: go test ./...
  ok: echo ok
  wipe:
    aliases: [w]
    cmds: [rm -rf ~]
  calls:
    cmds:
      - task: docs:clean
`,
		"/p/docs/Taskfile.yml":       "version: '3'\nincludes:\n  deep: ./deep\ntasks:\n  default: rm -rf ~\n  clean: rm -rf ~\n  serve: mkdocs serve\n  indirect:\n    deps: [clean]\n  root:\n    cmds:\n      - task: :wipe\n  nested:\n    cmds:\n      - task: deep:x\n",
		"/p/docs/deep/Taskfile.yaml": "version: '3'\ntasks:\n  x: rm -rf ~\n  y: echo y\n",
		"/p/build/Tasks.yml":         "version: '3'\ntasks:\n  clean:\n    cmds: [rm -rf ~]\n  all: go build ./...\n",
		"/p/flat.yml":                "version: '3'\ntasks:\n  nuke: rm -rf ~\n  fine: echo fine\n",
	}
	wantOutcomeIn(t, files, p, Match, []string{`task docs:clean`, `task docs`, `task docs:indirect`, `task docs:root`, `task w`,
		`task build:clean`, `task b:clean`, `task nuke`, `task flat:nuke`, `task calls`, `task docs:nested`, `task docs:deep:x`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`task`, `task ok`, `task docs:serve`, `task build:all`, `task fine`, `task docs:deep:y`})
	for _, src := range []string{`task`, `task ok`, `task docs:serve`, `task build:all`, `task fine`, `task missing`} {
		if l := ParseFiles(src, POSIX, memFiles(files)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
	// A Taskfile only known when task runs (a URL, a template) is unresolved where the line runs
	// one of its tasks.
	wantOutcomeIn(t, files, p, Unknown, []string{`task remote:x`, `task os:build`})
	// A Taskfile that includes itself, or itself through another, ends.
	loop := map[string]string{"/p/Taskfile.yml": "version: '3'\nincludes:\n  a: ./a.yml\ntasks:\n  x: echo x\n",
		"/p/a.yml": "version: '3'\nincludes:\n  b: ./Taskfile.yml\ntasks:\n  y: rm -rf ~\n"}
	wantOutcomeIn(t, loop, p, Match, []string{`task a:y`})
	wantOutcomeIn(t, loop, p, NoMatch, []string{`task x`})
}
