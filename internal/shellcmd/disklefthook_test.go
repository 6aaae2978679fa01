package shellcmd

import (
	"runtime"
	"slices"
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

// TestDiskLefthookRemotes: a lefthook configuration with remotes runs hooks of configurations
// lefthook fetches from elsewhere, and one that extends a pattern or a path only known when
// lefthook runs: hookrun reads neither, so a hook lefthook runs is unresolved, the reason naming
// the file and what it could not read.
func TestDiskLefthookRemotes(t *testing.T) {
	files := map[string]string{"/p/.git/HEAD": "ref: refs/heads/main\n",
		"/p/lefthook.yml": "remotes:\n  - git_url: https://example.com/hooks\n    configs: [lefthook.yml]\npre-commit:\n  commands:\n    lint:\n      run: eslint .\n",
		"/q/.git/HEAD":    "ref: refs/heads/main\n",
		"/q/lefthook.yml": "extends:\n  - ci/*.yml\n  - $CONFIG/lh.yml\n",
		"/s/.git/HEAD":    "ref: refs/heads/main\n",
		"/s/lefthook.yml": "remotes: []\npre-commit:\n  commands:\n    lint:\n      run: eslint .\n",
	}
	for src, want := range map[string][]string{
		`lefthook run pre-commit`: {"lefthook.yml runs the hooks of the remote configuration https://example.com/hooks, which lefthook fetches and hookrun does not read"},
		`cd /q && lefthook run pre-push`: {"lefthook.yml extends ci/*.yml, a pattern hookrun does not read",
			"lefthook.yml extends $CONFIG/lh.yml, a file only known when lefthook runs"},
		`cd /s && lefthook run pre-commit`: nil,
	} {
		l := ParseFiles(src, POSIX, memFiles(files))
		if !slices.Equal(l.Unresolved, want) {
			t.Errorf("%q: unresolved %q, want %q", src, l.Unresolved, want)
		}
	}
}
