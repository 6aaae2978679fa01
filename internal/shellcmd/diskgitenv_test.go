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
