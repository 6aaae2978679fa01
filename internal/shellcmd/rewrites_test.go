package shellcmd

import (
	"slices"
	"testing"
)

// TestRewrittenRuns: a file the line runs after a command that changes the project's files to
// text hookrun does not read (another commit's, the index's, a stash's, a patch's, what a program
// the line gives an interpreter writes) holds what only that command knows: the run is
// unresolved, whatever runs it (a shell, make, npm, python3, a reader such as just). Each passed a
// deny of rm -rf before.
func TestRewrittenRuns(t *testing.T) {
	files := map[string]string{
		"/p/x.sh":         "echo hi\n",
		"/p/t.py":         "print(1)\n",
		"/p/Makefile":     "all:\n\techo hi\n",
		"/p/justfile":     "build:\n\techo hi\n",
		"/p/package.json": `{"scripts":{"test":"echo hi"}}`,
		"/p/p.diff":       "",
	}
	p := mustCompile("rm -r|-R|--recursive -f|--force")
	wantOutcomeIn(t, files, p, Unknown, []string{
		`git checkout abc -- x.sh && sh x.sh`,
		`git checkout other && sh x.sh`,
		`git checkout - && ./x.sh`,
		`git switch other; make`,
		`git merge other && npm test`,
		`git stash pop && sh x.sh`,
		`git stash && sh x.sh`,
		`git restore --source=abc x.sh; sh x.sh`,
		`git restore x.sh && python3 t.py`,
		`git apply p.diff && sh x.sh`,
		`git am < p.diff && sh x.sh`,
		`git pull && sh x.sh`,
		`git reset --hard abc && make`,
		`git cherry-pick abc && sh x.sh`,
		`git rebase other && sh x.sh`,
		`git -C . checkout other && bash x.sh`,
		`git worktree add ../w other && sh ../w/x.sh`,
		`git "$SUB" && sh x.sh`,
		`git pull && just build`,
		`bash -c 'git checkout other && sh x.sh'`,
		`patch -p1 < p.diff && sh x.sh`,
		`hg update other && sh x.sh`,
		`gh pr checkout 12 && sh x.sh`,
		`python3 -c 'open("x.sh","w").write("rm -rf b")' && sh x.sh`,
		`node -e "require('fs').writeFileSync('x.sh', 'rm -rf b')"; bash x.sh`,
		`perl -e 'open F, ">x.sh"; print F "rm -rf b"'; sh x.sh`,
		`ruby -e 'File.write("x.sh", "rm -rf b")' && sh x.sh`,
		`python3 -c '__builtins__.open("Makefile","w")' && make`,
		`python3 -c 'open("t.py","w").write("import os")' && python3 t.py`,
		`awk 'BEGIN{print "rm -rf b" > "x.sh"}' && sh x.sh`,
		`python3 -c 'import shlex; shlex.os.replace("e", "x.sh")' && sh x.sh`,
		`python3 -c 'import random; random._os.replace("e", "x.sh")' && sh x.sh`,
		`python3 -c 'import json; json.codecs.open("x.sh", "w").write("rm -rf b")' && sh x.sh`,
		`python3 -c 'import json, tempfile' && sh x.sh`,
		`python3 -c 'x = "import json"' && sh x.sh`,
		`node -e 'process.mainModule.require("fs")' && sh x.sh`,
		`node -e 'process["main" + "Module"]' && sh x.sh`,
		`node -e 'const p = process; p.binding("fs")' && sh x.sh`,
	})
	wantOutcomeIn(t, files, p, NoMatch, []string{
		`git checkout -b feat && make`,
		`git switch -c feat && sh x.sh`,
		`git status && sh x.sh`,
		`git log && make`,
		`git fetch && npm test`,
		`git add . && git commit -m x && make`,
		`git restore --staged x.sh && sh x.sh`,
		`git stash list && sh x.sh`,
		`git apply --check p.diff && sh x.sh`,
		`git diff > p.diff; sh x.sh`,
		`sh x.sh; git pull`,
		`patch --dry-run -p1 < p.diff && sh x.sh`,
		`python3 -c 'print(1)' && sh x.sh`,
		`node -e 'console.log(1+1)' && make`,
		`node -e 'console.log(process.version, process.env.HOME)' && npm test`,
		`python3 -c 'import json, sys; print(json.load(sys.stdin)["name"])' < package.json && npm test`,
		`python3 -c 'from datetime import datetime; print(datetime.now())' && sh x.sh`,
		`perl -e 'print "hi\n"' && sh x.sh`,
		`awk '{print $1}' t.py && sh x.sh`,
	})
	// What the file holds before the line runs still counts.
	files["/p/del.sh"] = "rm -rf ~\n"
	wantOutcomeIn(t, files, p, Match, []string{`git pull && sh del.sh`, `python3 -c 'import os' && sh del.sh`})
	l := ParseFiles(`git checkout evil -- x.sh && sh x.sh`, POSIX, memFiles(files))
	if want := "the line runs x.sh after git checkout evil --, which may change it to text only known when the line runs"; !slices.Contains(l.Unresolved, want) {
		t.Errorf("unresolved %q, want %q", l.Unresolved, want)
	}
}
