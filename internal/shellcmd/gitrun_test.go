package shellcmd

import "testing"

// TestGitRuns: the commands git runs for a line are read (bisect run, rebase --exec, submodule
// foreach, -c settings whose value git runs, an alias), and git stays a command itself; a setting
// that runs what the line only knows at run time is unresolved.
func TestGitRuns(t *testing.T) {
	const push = "git push --force|-f"
	for _, tc := range []struct {
		pattern, line string
		want          Outcome
		why           string
	}{
		{rmrf, "git bisect run rm -rf /", Match, ""},
		{rmrf, "git bisect run sh -c 'rm -rf /'", Match, ""},
		{rmrf, "git rebase --exec 'rm -rf /' HEAD~3", Match, ""},
		{rmrf, "git rebase -x 'make && rm -rf /' main", Match, ""},
		{rmrf, "git rebase --exec='rm -rf /' main", Match, ""},
		{rmrf, "git rebase -x'rm -rf /' main", Match, ""},
		{rmrf, "git submodule foreach 'rm -rf /'", Match, ""},
		{rmrf, "git submodule --quiet foreach --recursive rm -rf /", Match, ""},
		{rmrf, "git -c alias.x='!rm -rf /' x", Match, ""},
		{rmrf, "git -c core.pager='rm -rf /' log", Match, ""},
		{rmrf, "git -c core.sshCommand='rm -rf /' fetch", Match, ""},
		{rmrf, "git -c diff.external='rm -rf /' diff", Match, ""},
		{rmrf, "git -c filter.x.smudge='rm -rf /' checkout .", Match, ""},
		{rmrf, "git -c credential.helper='!rm -rf /' fetch", Match, ""},
		{rmrf, "git -c pager.log='rm -rf /' log", Match, ""},
		{push, "git -c alias.p='push --force' p origin main", Match, ""},
		{push, "git -c Alias.P='push -f' P", Match, ""},
		{"git log", "git -c alias.x='!rm -rf /' log", Match, ""},
		// git config writes a setting the git commands after it run.
		{rmrf, "git config core.pager 'rm -rf /'; git log", Match, ""},
		{rmrf, "git config --local alias.x '!rm -rf /' && git x", Match, ""},
		{rmrf, "git config set core.sshCommand 'rm -rf /'", Match, ""},
		{rmrf, "git config --global --replace-all core.editor 'rm -rf /'", Match, ""},
		{rmrf, "git config -f .git/config filter.x.clean 'rm -rf /'", Match, ""},
		// A subcommand's option whose value git runs as a shell command.
		{rmrf, "git ls-remote --upload-pack='rm -rf /' .", Match, ""},
		{rmrf, "git fetch --upload-pack 'rm -rf /' origin", Match, ""},
		{rmrf, "git clone -u 'rm -rf /' a b", Match, ""},
		{rmrf, "git push --receive-pack='rm -rf /' origin", Match, ""},
		{rmrf, "git push --exec 'rm -rf /' origin", Match, ""},
		{rmrf, "git archive --remote=. --exec='rm -rf /' HEAD", Match, ""},
		{rmrf, "git difftool -x 'rm -rf /'", Match, ""},
		{rmrf, "git difftool --extcmd='rm -rf /' HEAD", Match, ""},
		{rmrf, "git filter-branch --tree-filter 'rm -rf /' HEAD", Match, ""},
		{rmrf, "git filter-branch -f --msg-filter='rm -rf /'", Match, ""},
		{rmrf, "git grep -O'rm -rf /' foo", Match, ""},
		{rmrf, "git grep --open-files-in-pager='rm -rf /' foo", Match, ""},
		{rmrf, "git send-email --sendmail-cmd='rm -rf /' a.patch", Match, ""},
		{rmrf, "git send-email --to-cmd 'rm -rf /' a.patch", Match, ""},
		{rmrf, "git instaweb --httpd='rm -rf /'", Match, ""},
		{rmrf, "git daemon --access-hook='rm -rf /'", Match, ""},
		{rmrf, "git clone -c core.sshCommand='rm -rf /' a b", Match, ""},
		{rmrf, "git clone --config=core.pager='rm -rf /' a b", Match, ""},

		{rmrf, "git -c core.pager=less log", NoMatch, ""},
		{rmrf, "git fetch -u origin main", NoMatch, ""},
		{rmrf, "git grep -O foo", NoMatch, ""},
		{rmrf, "git commit -m 'rm -rf build' -x", NoMatch, ""},
		{rmrf, "git -c core.fsmonitor=false status", NoMatch, ""},
		{rmrf, "git -c credential.helper=store push", NoMatch, ""},
		{rmrf, `git -c user.name="$NAME" commit -m x`, NoMatch, ""},
		{rmrf, "git rebase -i main", NoMatch, ""},
		{rmrf, "git bisect start", NoMatch, ""},
		{push, "git -c alias.p='push' p origin main", NoMatch, ""},
		{rmrf, "git config user.name 'rm -rf'", NoMatch, ""},
		{rmrf, "git config --get core.pager", NoMatch, ""},
		{rmrf, "git config core.pager less", NoMatch, ""},
		{rmrf, "git config --unset core.pager", NoMatch, ""},

		{rmrf, `git -c core.pager="$P" log`, Unknown, `git -c core.pager="$P": git runs a command only known when the line runs`},
		{rmrf, "git --config-env=core.pager=PAGER_CMD log", Unknown, "git --config-env core.pager=PAGER_CMD: git runs a command only known when the line runs"},
		{rmrf, "git -c core.hooksPath=/tmp/h commit -m x", Unknown, "git -c core.hookspath: git runs what that setting points to, which hookrun does not read"},
		{rmrf, `git config core.pager "$P"`, Unknown, `git config core.pager="$P": git runs a command only known when the line runs`},
		{rmrf, "git config core.hooksPath /tmp/h", Unknown, "git config core.hookspath: git runs what that setting points to, which hookrun does not read"},
		{rmrf, "git --exec-path=/tmp/e status", Unknown, "git --exec-path=/tmp/e runs git's own commands from that directory"},
		{rmrf, `git rebase --exec "$CMD" main`, Unknown, `git rebase --exec runs "$CMD", only known when the line runs`},
		{rmrf, `git fetch --upload-pack="$P" origin`, Unknown, `git fetch --upload-pack runs "$P", only known when the line runs`},
		{rmrf, "git clone --template=/tmp/t a b", Unknown, "git clone --template=/tmp/t copies hooks from that directory, which git runs and hookrun does not read"},
		{rmrf, "git init --template /tmp/t", Unknown, "git init --template /tmp/t copies hooks from that directory, which git runs and hookrun does not read"},
		{rmrf, `git submodule foreach "$CMD"`, Unknown, `git submodule foreach runs "$CMD", only known when the line runs`},
	} {
		o, why := outcome(t, tc.pattern, tc.line)
		if o != tc.want || tc.want == Unknown && why != tc.why {
			t.Errorf("%q on %q: got %v %q, want %v %q", tc.pattern, tc.line, o, why, tc.want, tc.why)
		}
	}
}

// TestGitConfigKeysFoldCase: git reads a setting's section and name in any case (CORE.FSMONITOR
// is core.fsmonitor), its subsection as written; a pattern naming a setting matches it so, in a
// git config or git -c command, where protect_hooks' own patterns were passed by CORE.FSMONITOR.
func TestGitConfigKeysFoldCase(t *testing.T) {
	for _, tc := range []struct {
		pattern, line string
		want          Outcome
	}{
		{"git config core.fsmonitor", "git config CORE.FSMONITOR /tmp/x.sh", Match},
		{"git config core.fsMonitor", "git config core.FSMonitor /tmp/x.sh", Match},
		{"git config core.hooksPath", "git config --local CORE.HOOKSPATH /tmp/h", Match},
		{"git config alias.*", "git config ALIAS.st '!sh x'", Match},
		{"git config filter.*", "git config Filter.x.clean /tmp/x", Match},
		{"git config credential.*.helper", "git config Credential.https://example.com.HELPER '!sh x'", Match},
		{"git config includeIf.*", "git config INCLUDEIF.gitdir:/x/.path /tmp/c", Match},
		{"git config core.*|extensions.*", "git config set Extensions.worktreeConfig true", Match},
		{"git -c core.pager=*", "git -c CORE.PAGER=less log", Match},
		{"git config remote.origin.url", "git config remote.ORIGIN.url x", NoMatch}, // a subsection keeps its case
		{"git config user.name", "git config USER.EMAIL x", NoMatch},
		{"git add readme.md", "git add README.md", NoMatch}, // a file is no setting
		{"git config core.pager", "git log CORE.PAGER", NoMatch},
	} {
		if o, why := outcome(t, tc.pattern, tc.line); o != tc.want {
			t.Errorf("%q on %q: got %v %q, want %v", tc.pattern, tc.line, o, why, tc.want)
		}
	}
}
