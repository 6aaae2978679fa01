package shellcmd

import (
	"path"
	"strings"
)

// Revision is a commit (or tree) a git command makes a work tree match, in whole or in part:
// whatever differs between it and the work tree's HEAD may change.
type Revision struct {
	Dir string // the directory git runs in, listed as Paths are
	Rev string // as written: a branch, a tag, a commit, origin/main, @{upstream}
	// Guess: git checkout and git switch take a name that is no commit for a remote's branch of
	// that name (git switch fix checks out origin/fix as a new branch fix).
	Guess bool
}

// maxRevisions caps the revisions one line may bring; past it the line's paths are unknown.
const maxRevisions = 8

// gitRevisions reads the git commands that make the work tree match another commit (switching
// branches, merge, rebase, cherry-pick, revert, reset to a commit, read-tree) as changing what
// differs between that commit and HEAD (Line.Revisions); pull and bisect, whose commits are only
// known when they run, as changing paths only known then. global is what came before the
// subcommand (-C DIR, -c NAME=VALUE, --git-dir).
func (r *reader) gitRevisions(dir, sub string, global, args []Arg) {
	unknown := func(why string) { r.pathsUnknown("git %s %s", sub, why) }
	switch sub {
	case "pull":
		unknown("changes the work tree to commits it fetches when it runs")
		return
	case "bisect":
		if ops, _ := gitOperands(args, nil); len(ops) > 0 {
			switch ops[0] {
			case "log", "visualize", "view", "terms", "help":
				return
			}
		}
		unknown("checks out commits it picks when it runs")
		return
	case "merge", "rebase", "cherry-pick", "revert":
		if hasLong(args, "abort", "quit", "continue", "skip", "edit-todo", "show-current-patch") {
			return // back to where it started, or on with what it already brought
		}
	}
	var revs []Revision
	add := func(rev string, guess bool) { revs = append(revs, Revision{Rev: rev, Guess: guess}) }
	switch sub {
	case "checkout":
		// git checkout [-b NEW] [START], and git checkout TREE-ISH -- PATHS (only PATHS change,
		// read as trees already); one operand and no -- is a branch or a commit unless git finds
		// no commit of that name (then a path).
		ops, dyn := gitOperands(args, []string{"-b", "-B", "--orphan"})
		if dyn {
			unknown("switches to a commit only known when the line runs")
			return
		}
		if len(ops) == 1 && !hasDashDash(args) {
			add(ops[0], true)
		}
	case "switch":
		if hasLong(args, "orphan") { // an empty branch: every tracked file is removed
			r.trees(dir)
			return
		}
		ops, dyn := gitOperands(args, []string{"-c", "-C", "--create", "--force-create", "--orphan"})
		if dyn {
			unknown("switches to a commit only known when the line runs")
			return
		}
		if len(ops) > 0 {
			add(ops[0], true)
		}
	case "merge":
		ops, dyn := gitOperands(args, []string{"-m", "-F", "--file", "-s", "--strategy", "-X", "--strategy-option", "--into-name"})
		if dyn {
			unknown("merges a commit only known when the line runs")
			return
		}
		for _, op := range ops {
			add(op, false)
		}
		if len(ops) == 0 {
			add("@{upstream}", false)
		}
	case "rebase":
		ops, dyn := gitOperands(args, []string{"-s", "--strategy", "-X", "--strategy-option", "-x", "--exec", "--onto"})
		if onto := optionValue(args, "", "onto", ""); onto != "" {
			add(onto, false)
		}
		if dyn {
			unknown("rebases onto a commit only known when the line runs")
			return
		}
		for _, op := range ops { // UPSTREAM [BRANCH]: BRANCH is checked out first
			add(op, false)
		}
		if len(ops) == 0 && !hasLong(args, "root") {
			add("@{upstream}", false)
		}
	case "reset":
		if !hasLong(args, "hard", "merge", "keep") {
			return
		}
		ops, dyn := gitOperands(args, nil)
		if dyn {
			unknown("resets to a commit only known when the line runs")
			return
		}
		if len(ops) > 0 && !hasDashDash(args) {
			add(ops[0], false)
		}
	case "submodule":
		// update checks each submodule out at the commit the index records (or, with --remote, one
		// it fetches), in a directory .gitmodules names: .claude or .github may be one.
		if ops, _ := gitOperands(args, nil); len(ops) > 0 && ops[0] == "update" {
			r.pathsUnknown("git submodule update checks out the submodules' commits, in directories and with files only known when it runs")
		}
		return
	case "cherry-pick", "revert", "read-tree":
		ops, dyn := gitOperands(args, []string{"-m", "--mainline", "-s", "--strategy", "-X", "--strategy-option"})
		if dyn {
			unknown("brings a commit only known when the line runs")
			return
		}
		for _, op := range ops {
			if strings.Contains(op, "..") || strings.HasPrefix(op, "^") || strings.Contains(op, "^!") || strings.Contains(op, "^@") || strings.Contains(op, "^-") {
				unknown("brings a range of commits (" + short(op) + "): which files they change is not read")
				return
			}
			if sub == "revert" {
				// git revert X undoes X: the work tree comes to match X's parent (the one -m names)
				// wherever HEAD agrees with X, so what differs between HEAD and that parent may
				// change (git revert HEAD deletes the files the last commit added).
				op += "^" + optionValue(args, "m", "mainline", "1")
			}
			add(op, false)
		}
		if hasLong(args, "stdin") {
			unknown("brings the commits it reads from its input")
			return
		}
	case "worktree":
		// git worktree add PATH [COMMIT] fills PATH with a commit's files.
		if ops, _ := gitOperands(args, []string{"-b", "-B", "--reason"}); len(ops) > 1 && ops[0] == "add" {
			r.trees(under(dir, ops[1]))
		}
		return
	default:
		return
	}
	if len(revs) == 0 {
		return
	}
	for _, g := range global {
		if g.Value == "-c" || strings.HasPrefix(g.Value, "--git-dir") || strings.HasPrefix(g.Value, "--namespace") || strings.HasPrefix(g.Value, "--exec-path") || g.Value == "--bare" {
			unknown("runs with " + g.Value + ": what it brings is not read")
			return
		}
	}
	switch {
	case r.dirUnknown != "":
		unknown("runs in " + r.dirUnknown + ", a directory only known when the line runs")
		return
	case !path.IsAbs(dir) && !strings.HasPrefix(dir, "~"):
		dir = path.Join(r.dir, dir)
	}
	for _, rv := range revs {
		if rv.Rev == "-" {
			rv.Rev = "@{-1}" // the branch checked out before
		}
		rv.Dir = dir
		r.revisions = append(r.revisions, revisionAt{Revision: rv, cmd: "git " + sub})
	}
}

// revisionAt is a revision with the command that brings it, for the reason given when it cannot
// be read.
type revisionAt struct {
	Revision
	cmd string
}

// readOnlyGit reports whether a git subcommand leaves refs and HEAD alone (add, rm and mv change
// the index and the files they name, read as such): a line that runs another beside a command that brings a revision
// may change what the revision names before it is brought (git fetch evil fix:fix && git
// checkout fix).
func readOnlyGit(sub string) bool {
	switch sub {
	case "status", "log", "diff", "show", "rev-parse", "ls-files", "ls-tree", "cat-file", "describe",
		"blame", "grep", "shortlog", "version", "help", "add", "rm", "mv", "whatchanged", "reflog",
		"rev-list", "merge-base", "name-rev", "for-each-ref", "show-ref", "var":
		return true
	}
	return false
}

// finishRevisions decides, once the whole line is read, whether its revisions can be read
// before it runs: not when it may change what they name first (another git command that is not
// read-only, a path under .git, a GIT_ variable) or brings more than maxRevisions.
func (r *reader) finishRevisions() {
	if len(r.revisions) == 0 {
		return
	}
	why := ""
	switch {
	case r.gitOthers > 1:
		why = "runs other git commands too, which may change what it brings before it runs"
	case r.gitEnv:
		why = "sets a GIT_ variable, which may change what it brings"
	case len(r.revisions) > maxRevisions:
		why = "brings more commits than hookrun reads for one call"
	default:
		for _, lists := range [][]string{r.out.Paths, r.out.TreePaths} {
			for _, p := range lists {
				if p == ".git" || strings.HasPrefix(p, ".git/") || strings.Contains(p, "/.git/") || strings.HasSuffix(p, "/.git") {
					why = "names " + p + ", which may change what it brings before it runs"
				}
			}
		}
	}
	if why != "" {
		rv := r.revisions[0]
		r.pathsUnknown("%s %s %s", rv.cmd, rv.Rev, why)
		r.revisions = nil
		return
	}
	for _, rv := range r.revisions {
		r.out.Revisions = append(r.out.Revisions, rv.Revision)
	}
}

// mentionsGitVariable reports whether src names a GIT_ variable, in any case (PowerShell's
// $env:git_dir is GIT_DIR), other than by a harmless editor.
func mentionsGitVariable(src string) bool {
	for i := 3; i < len(src); i++ {
		j := strings.IndexByte(src[i:], '_')
		if j < 0 {
			return false
		}
		if i += j; strings.EqualFold(src[i-3:i], "GIT") && !harmlessEditor(src[i+1:]) {
			return true
		}
	}
	return false
}

// harmlessEditors are the GIT_EDITOR and GIT_SEQUENCE_EDITOR settings that leave the file git
// hands its editor as git wrote it: GIT_EDITOR=true git rebase main, the way a rebase runs
// without a terminal, brings what git rebase main brings.
var harmlessEditors = []string{"EDITOR=", "SEQUENCE_EDITOR="}

// harmlessEditor reports whether rest, what follows a GIT_, sets one of harmlessEditors to true
// or :, quoted or not, followed by nothing more of the word.
func harmlessEditor(rest string) bool {
	for _, e := range harmlessEditors {
		if len(rest) < len(e) || !strings.EqualFold(rest[:len(e)], e) {
			continue
		}
		for _, v := range []string{"true", ":", "'true'", "':'", `"true"`, `":"`} {
			if after, ok := strings.CutPrefix(rest[len(e):], v); ok && (after == "" || strings.ContainsRune(" \t\n;&|)", rune(after[0]))) {
				return true
			}
		}
	}
	return false
}

// gitOperands are a git subcommand's arguments that are no options, up to --, skipping the value
// of each option in withValue given as a word of its own; dynamic reports an operand only known
// when the line runs.
func gitOperands(args []Arg, withValue []string) (ops []string, dynamic bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Value == "--" && !a.Dynamic:
			return ops, dynamic
		case a.Dynamic:
			dynamic = true
		case a.Value == "":
			// git takes an empty name for no commit
		case a.Value == "-":
			ops = append(ops, a.Value)
		case strings.HasPrefix(a.Value, "-"):
			for _, o := range withValue {
				if a.Value == o {
					i++
				}
			}
		default:
			ops = append(ops, a.Value)
		}
	}
	return ops, dynamic
}

// hasDashDash reports whether -- ends the options.
func hasDashDash(args []Arg) bool {
	for _, a := range args {
		if a.Value == "--" && !a.Dynamic {
			return true
		}
	}
	return false
}
