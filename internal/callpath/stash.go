package callpath

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookrun/hookrun/internal/shellcmd"
)

// stashes are the work trees whose uncommitted changes a git stash of the line puts away (git
// stash, stash push, stash save, stash with push's options), each a Revision whose Rev is
// "", the work tree itself (gitchanges.WorkTree): what differs there from HEAD is what the
// stash changes, a person's unsaved edit to a guard among them. The work tree is the one holding
// where the line starts, any directory a cd or pushd of the line names (the commands do not say
// which one they run in: every one is asked), and one git's -C or --work-tree names. A line that
// stashes nothing has none; plain git stash in a tree whose guarded files are as committed names
// only the files it does change.
// A stash in another repository's name (--git-dir, GIT_DIR, GIT_INDEX_FILE…) resets the work
// tree to that repository's HEAD, which may hold any file: it is returned in trees, the
// directories beneath which it may change anything.
func stashes(cmds []shellcmd.Command) (revs []shellcmd.Revision, trees []string) {
	var dirs []string
	stash := false
	for _, c := range cmds {
		switch c.Name {
		case "cd", "pushd", "chdir", "set-location", "push-location":
			for _, a := range c.Args {
				if !a.Dynamic && !strings.HasPrefix(a.Value, "-") {
					dirs = append(dirs, a.Value)
				}
			}
		case "git":
			dir, ok, foreign := gitStash(c.Args)
			for _, e := range c.Env {
				name, _, _ := strings.Cut(e.Value, "=")
				foreign = foreign || strings.HasPrefix(name, "GIT_")
			}
			switch {
			case ok && foreign:
				trees = append(trees, ".", dir)
			case ok:
				stash = true
				dirs = append(dirs, dir)
			}
		}
	}
	if !stash {
		return nil, trees
	}
	revs = []shellcmd.Revision{{Dir: "."}}
	for _, d := range dirs {
		if !slices.ContainsFunc(revs, func(r shellcmd.Revision) bool { return r.Dir == d }) {
			revs = append(revs, shellcmd.Revision{Dir: d})
		}
	}
	return revs, trees
}

// gitStash reads git's words: whether they put the work tree's changes in a stash, the
// directory their -C and --work-tree options lead to, and whether the repository is another's
// (--git-dir, or a -c setting, core.worktree among them). git stash's first word is its
// subcommand (push when there is none, or when it is an option); save is push's older spelling.
func gitStash(args []shellcmd.Arg) (dir string, ok, foreign bool) {
	dir = "."
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case a.Dynamic:
			return dir, true, foreign // a subcommand only known when the line runs may be stash
		case (v == "-C" || v == "--work-tree") && i+1 < len(args):
			dir = under(dir, args[i+1].Value) // one only known when the line runs is in the line's paths, unknown
			i++
		case strings.HasPrefix(v, "--work-tree="):
			dir = under(dir, strings.TrimPrefix(v, "--work-tree="))
		case v == "-c" || v == "--config-env" || v == "--git-dir":
			foreign = true
			i++
		case strings.HasPrefix(v, "--git-dir=") || strings.HasPrefix(v, "--config-env=") || strings.HasPrefix(v, "-c") && len(v) > 2:
			foreign = true
		case v == "--namespace" || v == "--super-prefix" || v == "--attr-source":
			i++
		case strings.HasPrefix(v, "-"):
		case v != "stash":
			return "", false, false
		default:
			if i+1 == len(args) {
				return dir, true, foreign
			}
			next := args[i+1]
			return dir, next.Dynamic || strings.HasPrefix(next.Value, "-") || next.Value == "push" || next.Value == "save", foreign
		}
	}
	return "", false, false
}

// under is p taken from dir, as git takes each -C and --work-tree from where the -C before it
// led.
func under(dir, p string) string {
	if filepath.IsAbs(p) || dir == "." {
		return p
	}
	return filepath.Join(dir, p)
}
