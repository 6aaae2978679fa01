// Package gitchanges lists the files a working tree has changed, as git
// sees them, for SessionStop's changed_files, and the files a git command
// that brings another commit would change, for a call's paths.
package gitchanges

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/hookrun/hookrun/internal/exec"
)

// Head is the base that means "uncommitted changes only": the working tree
// and the index against HEAD, plus untracked files.
const Head = "HEAD"

// Timeout bounds every git command: a hung git must not hang an emit.
var Timeout = 30 * time.Second

// NotRepoError says dir is not inside a git working tree.
type NotRepoError struct{ Dir string }

func (e *NotRepoError) Error() string { return "not a git repository: " + e.Dir }

// List returns the files changed in the git working tree that holds dir,
// as slash-separated paths relative to dir, sorted and without duplicates.
// Files outside dir are left out: dir is the project, and its hooks'
// only_if_changed_paths globs are written relative to it.
//
// Changed means modified, staged, deleted, renamed (both names) or
// untracked (ignored files excepted), as git status lists them, and what
// an agent can hide from git status with no file of the work tree
// showing it (hiddenChanges, listUntracked). base is Head for the uncommitted
// changes, or any revision (a branch such as origin/main, a tag, a commit)
// to add every file changed since the merge base of base and HEAD, the set
// a pull request touches.
func List(ctx context.Context, dir, base string) ([]string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	run, err := gitIn(ctx, dir)
	if err != nil {
		return nil, err
	}
	prefix, err := run("rev-parse", "--show-prefix")
	if err != nil {
		if notRepo(err) {
			return nil, &NotRepoError{Dir: dir}
		}
		return nil, err
	}
	off, err := filtersOff(run)
	if err != nil {
		return nil, err
	}
	files, err := uncommitted(run, off)
	if err != nil {
		return nil, err
	}
	// The work tree's top, where the untracked files' names start.
	top := filepath.Join(dir, strings.Repeat("../", strings.Count(strings.TrimSpace(prefix), "/")))
	untracked, err := listUntracked(run, top)
	if err != nil {
		return nil, err
	}
	files = append(files, untracked...)
	index, err := gitLimited(ctx, dir, indexLimits)
	if err != nil {
		return nil, err
	}
	hidden, err := hiddenChanges(ctx, index, dir, strings.TrimSpace(prefix))
	if err != nil {
		return nil, err
	}
	files = append(files, hidden...)
	if base != "" && base != Head {
		if strings.HasPrefix(base, "-") { // git would read it as an option: --help printed a manual taken for the base
			return nil, fmt.Errorf("base %q starts with '-', which git reads as an option: give a branch, tag or commit", base)
		}
		mb, err := run("merge-base", base, "HEAD")
		if err != nil {
			hint := ""
			if shallow, _ := run("rev-parse", "--is-shallow-repository"); strings.TrimSpace(shallow) == "true" {
				hint = " (this clone is shallow: fetch the history, with fetch-depth: 0 in actions/checkout or git fetch --unshallow, and the base branch)"
			} else if _, err := run("rev-parse", "--verify", "--quiet", base+"^{commit}"); err != nil {
				hint = fmt.Sprintf(" (%s names no commit in this repository: check the name, or fetch the branch first, as git fetch origin does for origin/BRANCH)", base)
			}
			return nil, fmt.Errorf("no merge base of %s and HEAD%s: %w", base, hint, err)
		}
		diff, err := run(append(off, "diff", "--name-only", "-z", "--no-renames", "--no-ext-diff", "--no-textconv", strings.TrimSpace(mb), "--")...)
		if err != nil {
			return nil, err
		}
		files = append(files, splitZ(diff)...)
	}
	return relativeTo(files, strings.TrimSuffix(strings.TrimSpace(prefix), "/")), nil
}

// Known returns the files git tracks, or would add (untracked and not
// ignored), in the work tree holding dir whose paths relative to dir
// match glob (a git glob pathspec: ** spans directories), as
// slash-separated paths relative to dir, sorted. Git does not descend into
// a nested work tree (a submodule). A dir in no work tree gives a
// *NotRepoError.
func Known(ctx context.Context, dir, glob string) ([]string, error) {
	run, err := gitIn(ctx, dir)
	if err != nil {
		return nil, err
	}
	out, err := run("ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ":(glob)"+glob)
	if err != nil {
		if notRepo(err) {
			return nil, &NotRepoError{Dir: dir}
		}
		return nil, err
	}
	files := splitZ(out)
	slices.Sort(files)
	return slices.Compact(files), nil
}

// uncommitted is the tracked files whose content in the work tree or
// the index differs from HEAD's, named from the work tree's top, as git
// status lists them with the filters off (off). --porcelain paths are
// relative to the top of the working tree, and -z keeps unusual names
// unquoted. It also works before the first commit, when HEAD does not
// exist yet.
func uncommitted(run func(args ...string) (string, error), off []string) ([]string, error) {
	status, err := run(append(off, "status", "--porcelain=v1", "-z", "--untracked-files=no", "--ignore-submodules=all")...)
	if err != nil {
		return nil, err
	}
	return parseStatus(status), nil
}

// filtersOff is the git options that switch off every filter driver the
// repository's configuration names: a clean filter (filter.NAME.clean or
// .process) is a command git status and git diff run to compare a file
// whose stat changed with the index, and .gitattributes, which the
// repository holds, gives it to any file. An empty command is no filter,
// and required false keeps git from failing for want of one. The person's
// own filters (git-lfs) are switched off too: a file whose time alone
// changed may then be listed, which only runs a hook more. A driver
// name that cannot be written on git's command line is an error: its
// filter would run.
func filtersOff(run func(args ...string) (string, error)) ([]string, error) {
	out, err := run("config", "-z", "--name-only", "--get-regexp", `^filter\.`)
	if err != nil {
		var ge *gitError
		if errors.As(err, &ge) && strings.TrimSpace(ge.stderr) == "" && ge.err.Error() == "exit status 1" {
			return nil, nil // none configured
		}
		return nil, err
	}
	var off []string
	seen := map[string]bool{}
	for _, key := range splitZ(out) {
		rest, ok := strings.CutPrefix(key, "filter.")
		i := strings.LastIndexByte(rest, '.')
		if !ok || i <= 0 {
			continue // filter.KEY: no driver
		}
		name := rest[:i]
		if seen[name] {
			continue
		}
		seen[name] = true
		if strings.ContainsAny(name, "=\x00\n") {
			return nil, fmt.Errorf("the repository's git configuration names a filter driver %q that hookrun cannot switch off on git's command line, so it does not run git status, which would run it", name)
		}
		for _, k := range []string{"clean=", "smudge=", "process=", "required=false"} {
			off = append(off, "-c", "filter."+name+"."+k)
		}
	}
	return off, nil
}

// maxGuesses caps the remotes' branches one name may be taken for.
const maxGuesses = 8

// WorkTree is the rev of Brought that names the work tree and its index
// (no revision is spelt ""): what git stash puts away.
const WorkTree = ""

// Brought returns the files that differ between HEAD and rev (a branch, a
// tag, a commit, @{upstream}) in the git work tree holding dir: what git
// checkout, switch, merge, rebase, cherry-pick or reset --hard with rev
// may change. With rev WorkTree, the tracked files whose content in the
// work tree or the index differs from HEAD's: the uncommitted changes git
// stash throws away (to a stash, which a person may never look at). A rev ending in ^1 whose commit has no parent (git revert of
// a root commit) is the empty tree: every file of HEAD. They are joined to dir as given (dir/../x for a file above
// it). With guess, a rev that names no commit is taken for each remote's
// branch of that name, as git checkout and git switch take it. A rev that
// names nothing, or a dir that is in no work tree, brings nothing: git
// would fail as well.
func Brought(ctx context.Context, dir, rev string, guess bool) ([]string, error) {
	if strings.HasPrefix(rev, "-") {
		return nil, fmt.Errorf("%q is an option, not a revision", rev)
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return nil, nil // git -C dir fails: nothing changes
	}
	run, err := gitIn(ctx, dir)
	if err != nil {
		return nil, err
	}
	cdup, err := run("rev-parse", "--show-cdup")
	if err != nil {
		if notRepo(err) {
			return nil, nil
		}
		return nil, err
	}
	// The command itself reads the replacements hookrun's git does not
	// (ownConfig): what it brings may then be what either view says.
	switch refs, err := run("for-each-ref", "--count=1", "--format=%(refname)", "refs/replace/"); {
	case err != nil:
		return nil, err
	case refs != "":
		return nil, errors.New("the repository has replacement objects (git replace; git replace -l lists them), which make one commit stand for another in every git command, so which files it brings is only known when it runs")
	}
	// So are grafts, which hookrun's git does not read either (noGrafts).
	switch common, err := run("rev-parse", "--git-common-dir"); {
	case err != nil:
		return nil, err
	default:
		grafts := filepath.Join(strings.TrimSpace(common), "info", "grafts")
		if !filepath.IsAbs(grafts) {
			grafts = filepath.Join(dir, grafts)
		}
		if fi, err := os.Lstat(grafts); err == nil && (fi.Size() > 0 || !fi.Mode().IsRegular()) {
			return nil, fmt.Errorf("the repository has grafts (%s), which give a commit other parents in every git command, so which files it brings is only known when it runs", grafts)
		} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	if rev == WorkTree {
		off, err := filtersOff(run)
		if err != nil {
			return nil, err
		}
		files, err := uncommitted(run, off)
		if err != nil {
			return nil, err
		}
		return joined(files, dir, cdup), nil
	}
	var targets []string
	switch tree, err := run("rev-parse", "--verify", "--quiet", rev+"^{tree}"); {
	case err == nil:
		targets = append(targets, strings.TrimSpace(tree))
	case !notFound(err):
		return nil, err
	case strings.HasSuffix(rev, "^1"):
		// A root commit's parent: git revert ROOT undoes it down to the empty tree.
		empty, err := emptyTree(run, strings.TrimSuffix(rev, "^1"))
		if err != nil {
			return nil, err
		}
		if empty != "" {
			targets = append(targets, empty)
		}
	case guess:
		refs, err := run("for-each-ref", "--format=%(objectname) %(refname)", "refs/remotes/")
		if err != nil {
			return nil, err
		}
		for line := range strings.Lines(refs) {
			id, ref, _ := strings.Cut(strings.TrimSpace(line), " ")
			if strings.HasSuffix(ref, "/"+rev) { // over-read: remote a/b's fix and origin's feature/fix alike
				if len(targets) == maxGuesses {
					return nil, fmt.Errorf("%s names a branch on more than %d remotes", rev, maxGuesses)
				}
				targets = append(targets, id)
			}
		}
	}
	var files []string
	for _, t := range targets {
		// Two trees, no work tree: nothing the repository configures
		// (an fsmonitor, a text conversion) runs.
		out, err := run("diff-tree", "-r", "-z", "--name-only", "HEAD", t)
		if err != nil {
			if _, headErr := run("rev-parse", "--verify", "--quiet", "HEAD"); !notFound(headErr) {
				return nil, err
			}
			// No commit yet: every file of rev is new.
			if out, err = run("ls-tree", "-r", "-z", "--name-only", "--full-tree", t); err != nil {
				return nil, err
			}
		}
		files = append(files, splitZ(out)...)
	}
	return joined(files, dir, cdup), nil
}

// joined is files, named from the work tree's top, joined to dir (cdup
// leads from dir to the top), sorted and without duplicates.
func joined(files []string, dir, cdup string) []string {
	var out []string
	for _, f := range files {
		out = append(out, filepath.Join(dir, filepath.FromSlash(strings.TrimSpace(cdup)), filepath.FromSlash(f)))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// emptyTree is the empty tree's name in the repository's object format when rev names a commit
// with no parent, else "".
func emptyTree(run func(args ...string) (string, error), rev string) (string, error) {
	if _, err := run("rev-parse", "--verify", "--quiet", rev+"^{commit}"); err != nil {
		if notFound(err) {
			return "", nil
		}
		return "", err
	}
	if _, err := run("rev-parse", "--verify", "--quiet", rev+"^1"); err == nil || !notFound(err) {
		return "", err
	}
	format, err := run("rev-parse", "--show-object-format")
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(format) == "sha256" {
		return "6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321", nil
	}
	return "4b825dc642cb6eb9a060e54bf8d69288fbee4904", nil
}

// gitIn returns a runner of git commands in dir. git is looked up on PATH
// only, never in the project: a repository must not be able to plant the
// git that hookrun runs, in its root or in a directory of it on PATH (an
// activated .venv/bin, node_modules/.bin), where a git that answers
// nothing would bring no file for git checkout of a branch that replaces
// a hook. The project is the outermost work tree holding dir, so that a
// repository the agent makes inside it (sub/.git) does not narrow it.
func gitIn(ctx context.Context, dir string) (func(args ...string) (string, error), error) {
	return gitLimited(ctx, dir, gitLimits)
}

// gitLimited is gitIn with limits of its own.
func gitLimited(ctx context.Context, dir string, limits exec.Limits) (func(args ...string) (string, error), error) {
	tree, work := trees(dir)
	git, err := exec.LookPath("git", tree)
	if err != nil {
		return nil, err
	}
	var own []string
	if work != "" {
		own = []string{"--work-tree=" + work}
	}
	return func(args ...string) (string, error) {
		return runGit(ctx, git, dir, tree, limits, own, args...)
	}, nil
}

// trees returns the highest directory at or above dir (its links
// followed, as far as it exists) that holds a .git, or dir when none does;
// and the nearest, the work tree of the repository git finds from dir, or
// "" when none does. hookrun's git is told that work tree (--work-tree):
// the repository's core.worktree, which an agent sets with one git config
// no diff shows, would otherwise point git status at another directory (a
// clean checkout of HEAD hid every change from SessionStop), and its
// core.bare true stopped git looking at all.
func trees(dir string) (outermost, nearest string) {
	top, real := dir, filepath.Clean(dir)
	for {
		r, err := filepath.EvalSymlinks(real)
		if err == nil {
			real = r
			break
		}
		if filepath.Dir(real) == real {
			break
		}
		real = filepath.Dir(real)
	}
	for d := real; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			top = d
			if nearest == "" && gitEntry(d) {
				nearest = d
			}
		}
		if filepath.Dir(d) == d {
			return top, nearest
		}
	}
}

// gitEntry reports whether d's .git is one git takes for a repository,
// its link followed as git follows it: a file (a linked worktree's or a
// submodule's, naming its directory) or a directory with a HEAD. git
// passes over any other.
func gitEntry(d string) bool {
	fi, err := os.Stat(filepath.Join(d, ".git"))
	if err != nil || !fi.IsDir() {
		return err == nil && fi.Mode().IsRegular()
	}
	_, err = os.Stat(filepath.Join(d, ".git", "HEAD"))
	return err == nil
}

// notRepo reports whether err is git saying its directory is in no work
// tree.
func notRepo(err error) bool {
	var ge *gitError
	return errors.As(err, &ge) && strings.Contains(ge.stderr, "not a git repository")
}

// notFound reports whether err is git rev-parse --verify --quiet finding
// no object of that name: exit status 1, nothing said.
func notFound(err error) bool {
	var ge *gitError
	return errors.As(err, &ge) && strings.TrimSpace(ge.stderr) == "" && ge.err != nil && ge.err.Error() == "exit status 1"
}

// parseStatus reads `git status --porcelain=v1 -z`: "XY path\0", with the
// original path as one more field after a rename or copy.
func parseStatus(out string) []string {
	var files []string
	fields := splitZ(out)
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if len(f) < 4 {
			continue
		}
		files = append(files, f[3:])
		if f[0] == 'R' || f[0] == 'C' || f[1] == 'R' || f[1] == 'C' {
			if i+1 < len(fields) {
				files = append(files, fields[i+1])
				i++
			}
		}
	}
	return files
}

func splitZ(s string) []string {
	var out []string
	for _, f := range strings.Split(s, "\x00") {
		if f != "" {
			out = append(out, f)
		}
	}
	return out
}

// relativeTo turns paths relative to the top of the working tree into
// paths relative to prefix (the project's directory in the tree), dropping
// those outside it.
func relativeTo(files []string, prefix string) []string {
	out := make([]string, 0, len(files))
	for _, f := range files {
		f = path.Clean(f)
		if prefix != "" {
			rest, ok := strings.CutPrefix(f, prefix+"/")
			if !ok {
				continue
			}
			f = rest
		}
		out = append(out, f)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

type gitError struct {
	args   []string
	stderr string
	err    error
}

func (e *gitError) Error() string {
	msg := strings.TrimSpace(e.stderr)
	if msg == "" {
		msg = e.err.Error()
	}
	return fmt.Sprintf("git %s: %s", strings.Join(e.args, " "), msg)
}

// gitLimits bound git's output like a handler's: a listing of changed
// files larger than this is not something a hook can use anyway.
var gitLimits = exec.Limits{MaxStdout: 16 << 20, MaxStderr: 64 << 10, Grace: time.Second}

// ownConfig keeps hookrun's git from running code a repository
// configures: core.fsmonitor is a command git runs to refresh the index
// (diff-tree and status both did), and a bare repository kept as plain
// files in a project (vendor/evil.git/config) would be taken for the
// repository of any command run inside it; with safe.bareRepository
// explicit, git refuses it, and what it brings is unknown. Both hold only
// on git's command line (or the user's own configuration), never in a
// repository's. And no replacement is read: git replace, kept under .git
// where no diff shows it, makes one commit stand for another in every
// command after it (a commit of the index put in HEAD's place hid every
// uncommitted change from git status, one of the branch's files in the
// merge base's hid the committed ones, a branch in HEAD's place made git
// checkout of it bring nothing). Nor does diff.relative make git diff
// name only the files below the directory it runs in, relative to it (a
// project in a subdirectory lost every committed change read so), nor
// core.checkStat minimal and core.trustctime false make git status trust
// a file's size and time alone (a file rewritten to the same size, its
// old time put back, showed no change).
var ownConfig = []string{"--no-replace-objects", "-c", "core.fsmonitor=false", "-c", "safe.bareRepository=explicit", "-c", "diff.relative=false",
	"-c", "core.checkStat=default", "-c", "core.trustctime=true", "-c", "advice.graftFileDeprecated=false"}

// fileMode is the option that makes hookrun's git read a file's executable
// bit where the system has one (a function: a package-level append would run
// at every start): the repository's core.fileMode false (git
// sets it on a file system without the bits; an agent sets it with one git
// config) made git status pass over a chmod of a guard's script. Windows
// has no such bit: there every executable file would read as changed.
func fileMode() []string {
	if runtime.GOOS == "windows" {
		return nil
	}
	return []string{"-c", "core.fileMode=true"}
}

// noGrafts keeps git from reading the repository's grafts
// (.git/info/grafts), which --no-replace-objects leaves on: a graft making
// the base a child of HEAD made the merge base HEAD, and hid every
// committed change from List(base). It is the last GIT_GRAFT_FILE in the
// environment, the one git reads; git reads the empty file with no
// grafts, and its advice against grafts is off (ownConfig), since a hint
// on stderr would read as git's failure.
var noGrafts = "GIT_GRAFT_FILE=" + os.DevNull

// runGit runs git through exec, the one process policy hookrun has: in a
// process group of its own, ended as a whole on timeout or when ctx is
// canceled (a signal to hookrun), and never waited on long for pipes that
// something git started (an fsmonitor, a hook) keeps open.
func runGit(ctx context.Context, git, dir, tree string, limits exec.Limits, own []string, args ...string) (string, error) {
	// Optional locks off: status must not take the index lock that the
	// agent's own git commands may be waiting for.
	env := append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C", noGrafts)
	o := exec.Run(ctx, exec.Spec{Command: git, Args: slices.Concat(ownConfig, fileMode(), own, args), HasArgs: true, Dir: dir, Tree: tree, Env: env, Timeout: Timeout}, limits)
	var err error
	switch {
	case o.Failure == exec.TimedOut:
		err = fmt.Errorf("timed out after %s", Timeout)
	case o.Failure == exec.Interrupted:
		err = errors.New("interrupted")
	case o.Failure == exec.StartFailed:
		err = o.Err
	case o.Failure == exec.OutputTooLarge:
		err = fmt.Errorf("output larger than %d bytes", limits.MaxStdout)
	case !o.Exited:
		err = fmt.Errorf("killed by signal %s", exec.SignalName(o.Signal))
	case o.ExitCode != 0:
		err = fmt.Errorf("exit status %d", o.ExitCode)
	}
	if err != nil {
		return "", &gitError{args: args, stderr: string(o.Stderr), err: err}
	}
	return string(o.Stdout), nil
}
