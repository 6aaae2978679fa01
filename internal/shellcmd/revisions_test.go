package shellcmd

import (
	"fmt"
	"strings"
	"testing"
)

// TestRevisions: the commits git commands make the work tree match, and the lines whose
// revisions cannot be read before they run.
func TestRevisions(t *testing.T) {
	for _, tc := range []struct {
		line    string
		revs    string // Dir:Rev, Dir:Rev? (a guess), space separated
		unknown string // a part of the first UnknownPaths reason, or ""
	}{
		{line: "git checkout evil", revs: ".:evil?"},
		{line: "git checkout -", revs: ".:@{-1}?"},
		{line: "git checkout -b fix origin/evil", revs: ".:origin/evil?"},
		{line: "git checkout -b fix", revs: ""},
		{line: "git checkout ''", revs: ""},
		{line: "git checkout evil -- .system", revs: ""},
		{line: "git checkout -- file", revs: ""},
		{line: "git checkout HEAD~1 a b", revs: ""},
		{line: "git switch evil", revs: ".:evil?"},
		{line: "git switch -c fix origin/evil", revs: ".:origin/evil?"},
		{line: "git switch -c fix", revs: ""},
		{line: "git switch --orphan fresh", revs: ""},
		{line: "git switch --detach v1.2", revs: ".:v1.2?"},
		{line: "git merge origin/evil", revs: ".:origin/evil"},
		{line: "git merge -m 'take it' a b", revs: ".:a .:b"},
		{line: "git merge", revs: ".:@{upstream}"},
		{line: "git merge --abort", revs: ""},
		{line: "git rebase origin/main", revs: ".:origin/main"},
		{line: "git rebase --onto evil main", revs: ".:evil .:main"},
		{line: "git rebase", revs: ".:@{upstream}"},
		{line: "git rebase --continue", revs: ""},
		{line: "git reset --hard origin/evil", revs: ".:origin/evil"},
		{line: "git reset --hard", revs: ""},
		{line: "git reset origin/evil", revs: ""},
		{line: "git cherry-pick abc123", revs: ".:abc123"},
		// git revert X makes the work tree match X's parent where HEAD agrees with X: what differs
		// between HEAD and the parent may change (git revert HEAD undoes the last commit).
		{line: "git revert -m 1 abc123", revs: ".:abc123^1"},
		{line: "git revert HEAD", revs: ".:HEAD^1"},
		{line: "git revert --no-edit -n --mainline=2 v1.0 HEAD~2", revs: ".:v1.0^2 .:HEAD~2^2"},
		{line: "git read-tree -u --reset evil", revs: ".:evil"},
		{line: "git -C sub checkout evil", revs: "sub:evil?"},
		{line: "git -C /abs checkout evil", revs: "/abs:evil?"},
		{line: "cd sub && git checkout evil", revs: "sub:evil?"},
		{line: "sudo git checkout evil", revs: ".:evil?"},
		{line: "bash -c 'git merge evil'", revs: ".:evil"},
		{line: "git status && git checkout evil && git log", revs: ".:evil?"},
		{line: "git add . && git checkout evil", revs: ".:evil?"},

		{line: "git submodule update --init --recursive", unknown: "git submodule update checks out the submodules' commits"},
		{line: "git -C sub submodule update", unknown: "git submodule update checks out"},
		{line: "git submodule foreach git status", revs: ""},
		{line: "git pull", unknown: "git pull changes the work tree to commits it fetches"},
		{line: "git pull --rebase origin main", unknown: "git pull changes the work tree"},
		{line: "git bisect start HEAD v1", unknown: "git bisect checks out commits"},
		{line: "git bisect log", revs: ""},
		{line: "gh pr checkout 12", unknown: "gh pr checkout changes the work tree"},
		{line: "git checkout $B", unknown: "git checkout switches to a commit only known"},
		{line: "git merge $(cat branch)", unknown: "git merge merges a commit only known"},
		{line: "git cherry-pick a..b", unknown: "a range of commits (a..b)"},
		{line: "git revert HEAD^!", unknown: "a range of commits"},
		{line: "git fetch evil fix:fix && git checkout fix", unknown: "git checkout fix runs other git commands too"},
		{line: "git checkout main; git merge evil", unknown: "git checkout main runs other git commands too"},
		{line: "git $cmd; git checkout fix", unknown: "runs other git commands too"},
		{line: "echo $SHA > .git/refs/heads/fix && git checkout fix", unknown: "git checkout fix names .git/refs/heads/fix"},
		{line: "GIT_DIR=/tmp/evil/.git git checkout fix", unknown: "git checkout fix sets a GIT_ variable"},
		{line: "GIT_EDITOR=true git rebase main", revs: ".:main"},
		{line: "GIT_EDITOR=true GIT_INDEX_FILE=/tmp/i git rebase main", unknown: "git rebase main sets a GIT_ variable"},
		{line: `bash -c $'\x47IT_DIR=/x git checkout fix'`, unknown: "sets a GIT_ variable"},
		{line: "git -c core.worktree=/ checkout fix", unknown: "git checkout runs with -c"},
		{line: "git --git-dir=/tmp/evil checkout fix", unknown: "runs with --git-dir"},
		{line: "cd $D && git checkout fix", unknown: "git checkout runs in $D, a directory only known"},
		{line: "git merge a b c d e f g h i", unknown: "brings more commits than hookrun reads"},
	} {
		l := Parse(tc.line)
		var got []string
		for _, rv := range l.Revisions {
			s := rv.Dir + ":" + rv.Rev
			if rv.Guess {
				s += "?"
			}
			got = append(got, s)
		}
		if strings.Join(got, " ") != tc.revs {
			t.Errorf("Parse(%q).Revisions = %q, want %q", tc.line, strings.Join(got, " "), tc.revs)
		}
		all := strings.Join(l.UnknownPaths, "\n")
		if tc.unknown == "" && len(l.Revisions) > 0 && all != "" || tc.unknown != "" && !strings.Contains(all, tc.unknown) {
			t.Errorf("Parse(%q).UnknownPaths = %q, want one with %q", tc.line, l.UnknownPaths, tc.unknown)
		}
	}
}

// TestRevisionsPowerShell: a PowerShell line's git commands are read alike, and its $env:
// variables are GIT_ ones in any case.
func TestRevisionsPowerShell(t *testing.T) {
	l := ParseAs("git checkout evil", PowerShell)
	if fmt.Sprint(l.Revisions) != "[{. evil true}]" {
		t.Errorf("Revisions = %v", l.Revisions)
	}
	l = ParseAs("$env:git_dir = 'C:/evil'; git checkout evil", PowerShell)
	if len(l.Revisions) != 0 || len(l.UnknownPaths) == 0 || !strings.Contains(l.UnknownPaths[0], "sets a GIT_ variable") {
		t.Errorf("Revisions = %v, UnknownPaths = %q", l.Revisions, l.UnknownPaths)
	}
}

func TestMentionsGitVariable(t *testing.T) {
	for src, want := range map[string]bool{
		"GIT_DIR=x": true, "$env:git_dir": true, "a GiT_": true, "GIT": false, "_GIT": false,
		"IT_DIR": false, "": false, "x_y GIT_": true, "_": false, "git-dir": false,
		// An editor that leaves git's file as git wrote it (true, :) changes nothing a command
		// brings: GIT_EDITOR=true git rebase main is how a rebase runs without a terminal.
		"GIT_EDITOR=true git rebase main": false, "GIT_SEQUENCE_EDITOR=: git rebase -i main": false,
		"export GIT_EDITOR='true'; git merge x": false, `GIT_EDITOR="true" GIT_SEQUENCE_EDITOR=true`: false,
		"GIT_EDITOR=true": false, "GIT_EDITOR=true;GIT_DIR=x": true, "GIT_EDITOR=truex": true,
		"GIT_EDITOR=true$X": true, "GIT_EDITOR=sed": true, "GIT_EDITOR=true\\ x": true, "echo $GIT_EDITOR": true,
		"GIT_EDITOR=true GIT_WORK_TREE=/": true, "GIT_EDITORX=true": true,
	} {
		if got := mentionsGitVariable(src); got != want {
			t.Errorf("mentionsGitVariable(%q) = %v, want %v", src, got, want)
		}
	}
}
