package shellcmd

import (
	"slices"
	"strings"
	"testing"
)

// TestLaterRuns: the commands tmux starts in a pane or runs (new-session, new-window,
// split-window, run-shell, respawn-pane, pipe-pane, display-popup, if-shell, tmux -c), screen
// starts in a window and at and batch run later are read as the line's own, with the directory
// tmux's -c gives them; at reading from a pipe is unresolved.
func TestLaterRuns(t *testing.T) {
	for _, tc := range []struct{ line, path, unresolved string }{
		{line: `tmux new -d "rm scripts/hooks/guard.sh"`, path: "scripts/hooks/guard.sh"},
		{line: `tmux new-session -d -s x -c scripts 'rm hooks/guard.sh'`, path: "scripts/hooks/guard.sh"},
		{line: `tmux -L sock neww -d rm scripts/hooks/guard.sh`, path: "scripts/hooks/guard.sh"},
		{line: `tmux split-window -h -l 10 'truncate -s0 scripts/hooks/guard.sh'`, path: "scripts/hooks/guard.sh"},
		{line: `tmux run-shell -b -d 1 'rm scripts/hooks/guard.sh'`, path: "scripts/hooks/guard.sh"},
		{line: `tmux respawn-pane -k -t 1 'rm scripts/hooks/guard.sh'`, path: "scripts/hooks/guard.sh"},
		{line: `tmux pipe-pane -o 'cat > scripts/hooks/guard.sh'`, path: "scripts/hooks/guard.sh"},
		{line: `tmux display-popup -E 'rm scripts/hooks/guard.sh'`, path: "scripts/hooks/guard.sh"},
		{line: `tmux if-shell 'rm scripts/hooks/guard.sh' 'display x'`, path: "scripts/hooks/guard.sh"},
		{line: `tmux -c 'rm scripts/hooks/guard.sh'`, path: "scripts/hooks/guard.sh"},
		{line: `tmux new -d \; run 'rm scripts/hooks/guard.sh'`, path: "scripts/hooks/guard.sh"},
		{line: `tmux new -d \; send-keys 'rm scripts/hooks/guard.sh' Enter`, path: "scripts/hooks/guard.sh"},
		{line: `tmux new -d "$CMD"`, unresolved: "only known when the line runs"},
		{line: `screen -dmS job rm scripts/hooks/guard.sh`, path: "scripts/hooks/guard.sh"},
		{line: `screen -d -m bash -c 'rm scripts/hooks/guard.sh'`, path: "scripts/hooks/guard.sh"},
		{line: `at now <<< 'rm scripts/hooks/guard.sh'`, path: "scripts/hooks/guard.sh"},
		{line: "batch <<'EOF'\nrm scripts/hooks/guard.sh\nEOF", path: "scripts/hooks/guard.sh"},
		{line: `echo 'rm scripts/hooks/guard.sh' | at -q b now + 1 minute`, unresolved: "at reads its script from standard input"},
	} {
		l := Parse(tc.line)
		if tc.path != "" && !slices.Contains(l.Paths, tc.path) {
			t.Errorf("Parse(%q).Paths = %q, want %q among them", tc.line, l.Paths, tc.path)
		}
		if tc.unresolved != "" && (len(l.Unresolved) == 0 || !strings.Contains(l.Unresolved[0], tc.unresolved)) {
			t.Errorf("Parse(%q).Unresolved = %q, want one with %q", tc.line, l.Unresolved, tc.unresolved)
		}
	}
	for _, line := range []string{"tmux ls", "tmux attach -t x", "tmux kill-server", "screen -ls", "screen -r job", "atq", "at -l", "at -f job.sh now"} {
		if l := Parse(line); len(l.Unresolved) > 0 || len(l.UnknownPaths) > 0 {
			t.Errorf("Parse(%q): Unresolved %q, UnknownPaths %q; want none", line, l.Unresolved, l.UnknownPaths)
		}
	}
}
