package shellcmd

import (
	"runtime"
	"testing"
)

// TestDiskGitConfigEnv: git reads the system's configuration (/etc/gitconfig, or the file
// GIT_CONFIG_SYSTEM names), the file GIT_CONFIG_GLOBAL names instead of ~/.gitconfig, and the
// settings GIT_CONFIG_COUNT gives, from the environment hookrun and the agent share.
func TestDiskGitConfigEnv(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("/h is no home directory there")
	}
	t.Setenv("HOME", "/h")
	t.Setenv("XDG_CONFIG_HOME", "")
	p := mustCompile("rm -rf")
	files := map[string]string{"/p/.git/HEAD": "ref: refs/heads/main\n", "/g/cfg": "[alias]\n\tnuke = !rm -rf ~\n",
		"/s/cfg": "[core]\n\tfsmonitor = rm -rf ~\n", "/h/.gitconfig": "[alias]\n\tzap = !rm -rf ~\n"}
	t.Setenv("GIT_CONFIG_GLOBAL", "/g/cfg")
	t.Setenv("GIT_CONFIG_SYSTEM", "/s/cfg")
	wantOutcomeIn(t, files, p, Match, []string{`git nuke`, `git status`})
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	wantOutcomeIn(t, files, p, NoMatch, []string{`git status`, `git zap`}) // ~/.gitconfig is not read when GIT_CONFIG_GLOBAL names another
	t.Setenv("GIT_CONFIG_GLOBAL", "")
	wantOutcomeIn(t, files, p, Match, []string{`git zap`})
	t.Setenv("GIT_CONFIG_COUNT", "1")
	t.Setenv("GIT_CONFIG_KEY_0", "alias.wipe")
	t.Setenv("GIT_CONFIG_VALUE_0", "!rm -rf ~")
	wantOutcomeIn(t, files, p, Match, []string{`git wipe`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`git log`})
	for _, src := range []string{`git status`, `git log`} {
		if l := ParseFiles(src, POSIX, memFiles(files)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
}

// TestDiskGitConfigForces: the repository's configuration gives each git command its aliases and
// settings: an alias without ! is read as the git command it stands for, with the command's other
// words, and clean.requireForce=false, remote.*.mirror and a forced remote.*.push as the options
// they stand for (git clean -dx deletes as git clean -f -dx does).
func TestDiskGitConfigForces(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("/h is no home directory there")
	}
	t.Setenv("HOME", "/h")
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_CONFIG_GLOBAL", "")
	files := map[string]string{"/p/.git/HEAD": "ref: refs/heads/main\n", "/p/.git/config": "[alias]\n\tc = clean -fdx\n\tp = push\n\tst = status\n" +
		"[clean]\n\trequireForce = false\n[remote \"origin\"]\n\tpush = +refs/heads/*:refs/heads/*\n"}
	clean, push := mustCompile("git clean -f|--force"), mustCompile("git push --force|-f|--mirror|+*")
	wantOutcomeIn(t, files, clean, Match, []string{`git c`, `git -C /p c`, `git clean -dx`, `git clean -d build`})
	wantOutcomeIn(t, files, clean, NoMatch, []string{`git st`, `git status`, `git log`})
	wantOutcomeIn(t, files, push, Match, []string{`git push origin`, `git p origin main`})
	wantOutcomeIn(t, files, push, NoMatch, []string{`git pull`, `git c`})
	files["/p/.git/config"] = "[alias]\n\tc = clean -n\n[clean]\n\trequireForce = true\n"
	wantOutcomeIn(t, files, clean, NoMatch, []string{`git c`, `git clean -dx`})
}
