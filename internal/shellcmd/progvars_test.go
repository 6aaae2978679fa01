package shellcmd

import "testing"

// TestProgramVars: a command line given to a variable that programs run (a pager, an editor,
// ssh, less's filter) is read where the line gives it, however it gives it; settings git reads
// from the environment are unresolved.
func TestProgramVars(t *testing.T) {
	for _, tc := range []struct {
		line string
		want Outcome
		why  string
	}{
		{"GIT_PAGER='rm -rf /' git log", Match, ""},
		{"PAGER='rm -rf /' man ls", Match, ""},
		{"GIT_SSH_COMMAND='rm -rf /' git fetch", Match, ""},
		{"EDITOR='rm -rf /' git commit", Match, ""},
		{"env GIT_EDITOR='rm -rf /' git commit", Match, ""},
		{"export GIT_PAGER='rm -rf /'; git log", Match, ""},
		{"declare -x VISUAL='rm -rf /'; crontab -e", Match, ""},
		{"LESSOPEN='|rm -rf / %s' less x", Match, ""},
		{"GIT_PAGER=cat git log", NoMatch, ""},
		{"EDITOR=vim git commit", NoMatch, ""},
		{`GIT_PAGER="$P" git log`, Unknown, `GIT_PAGER is a command line programs run, and its value "$P" is only known when the line runs`},
		{`GIT_CONFIG_PARAMETERS="'alias.x=!rm -rf /'" git x`, Unknown, "GIT_CONFIG_PARAMETERS gives git settings or commands from elsewhere (an alias, a pager, a hook may run a command), which hookrun does not read"},
		{"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0='rm -rf /' git log", Unknown, "GIT_CONFIG_COUNT gives git settings or commands from elsewhere (an alias, a pager, a hook may run a command), which hookrun does not read"},
	} {
		o, why := outcome(t, rmrf, tc.line)
		if o != tc.want || tc.want == Unknown && why != tc.why {
			t.Errorf("%q: got %v %q, want %v %q", tc.line, o, why, tc.want, tc.why)
		}
	}
}
