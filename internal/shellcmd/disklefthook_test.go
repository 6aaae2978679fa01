package shellcmd

import (
	"runtime"
	"testing"
)

// TestDiskLefthookExtends: lefthook merges the files its configuration extends (extends:, a path
// from the repository's top, ~ or $HOME for the home directory), and runs scripts from its
// source_dir.
func TestDiskLefthookExtends(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("/h is no home directory there")
	}
	t.Setenv("HOME", "/h")
	t.Setenv("XDG_CONFIG_HOME", "")
	p := mustCompile("rm -rf")
	files := map[string]string{"/p/.git/HEAD": "ref: refs/heads/main\n",
		"/p/lefthook.yml":                   "extends:\n  - ci/extra.yml\n  - $HOME/lh.yml\n  - ci/missing.yml\nsource_dir: .config/lh\npre-commit:\n  commands:\n    lint:\n      run: eslint .\n",
		"/p/ci/extra.yml":                   "extends:\n  - ci/deeper.yml\npre-commit:\n  commands:\n    wipe:\n      run: rm -rf ~\n",
		"/p/ci/deeper.yml":                  "pre-merge-commit:\n  commands:\n    x:\n      run: rm -rf ~\n",
		"/h/lh.yml":                         "pre-push:\n  commands:\n    y:\n      run: rm -rf ~\n",
		"/p/.config/lh/commit-msg/check.sh": "rm -rf ~\n",
		"/p/.git/hooks/pre-commit":          "#!/bin/sh\ncall_lefthook()\n{\n  lefthook \"$@\"\n}\n\ncall_lefthook run \"pre-commit\" \"$@\"\n",
	}
	files["/p/lefthook.yml"] += "commit-msg:\n  scripts:\n    check.sh:\n      runner: sh\n"
	wantOutcomeIn(t, files, p, Match, []string{`lefthook run pre-commit`, `git commit -m x`, `lefthook run pre-merge-commit`,
		`lefthook run pre-push`, `lefthook run commit-msg`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`lefthook run post-checkout`, `git status`})
	for _, src := range []string{`lefthook run post-checkout`, `lefthook run pre-commit`} {
		if l := ParseFiles(src, POSIX, memFiles(files)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
}
