package shellcmd

import (
	"runtime"
	"testing"
)

// TestDiskHuskyInit: husky 9's h sources the user's ${XDG_CONFIG_HOME:-$HOME/.config}/husky/init.sh
// before each hook (a file an earlier call may write), and husky 4-8's husky.sh ~/.huskyrc: git
// commit reads them.
func TestDiskHuskyInit(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("/h is no home directory there")
	}
	t.Setenv("HOME", "/h")
	t.Setenv("XDG_CONFIG_HOME", "")
	p := mustCompile("rm -rf")
	files := map[string]string{"/p/.git/HEAD": "ref: refs/heads/main\n", "/p/.git/config": "[core]\n\thooksPath = .husky/_\n",
		"/p/.husky/_/h": husky9H, "/p/.husky/_/pre-commit": husky9Hook, "/p/.husky/pre-commit": "npx lint-staged\n",
		"/h/.config/husky/init.sh": "rm -rf ~\n", "/x/husky/init.sh": "rm -rf ~\n"}
	wantOutcomeIn(t, files, p, Match, []string{`git commit -m x`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`git status`})
	t.Setenv("XDG_CONFIG_HOME", "/x")
	files["/h/.config/husky/init.sh"] = "echo hi\n"
	wantOutcomeIn(t, files, p, Match, []string{`git commit -m x`})
	files["/x/husky/init.sh"] = "export PATH=$PATH:/opt/bin\n"
	wantOutcomeIn(t, files, p, NoMatch, []string{`git commit -m x`})
	if l := ParseFiles(`git commit -m x`, POSIX, memFiles(files)); len(l.Unresolved) > 0 {
		t.Errorf("git commit -m x: unresolved %q", l.Unresolved)
	}
	husky8 := map[string]string{"/p/.git/HEAD": "ref: refs/heads/main\n", "/p/.git/config": "[core]\n\thooksPath = .husky\n",
		"/p/.husky/pre-commit": "#!/usr/bin/env sh\n. \"$(dirname -- \"$0\")/_/husky.sh\"\nnpx lint-staged\n",
		"/p/.husky/_/husky.sh": "#!/usr/bin/env sh\nif [ -z \"$husky_skip_init\" ]; then\n  readonly hook_name=\"$(basename -- \"$0\")\"\n" +
			"  if [ -f ~/.huskyrc ]; then\n    . ~/.huskyrc\n  fi\n  readonly husky_skip_init=1\n  export husky_skip_init\n  sh -e \"$0\" \"$@\"\nfi\n",
		"/h/.huskyrc": "rm -rf ~\n"}
	wantOutcomeIn(t, husky8, p, Match, []string{`git commit -m x`})
}
