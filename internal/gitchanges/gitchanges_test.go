package gitchanges

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// repo makes a git repository in a temporary directory, with one commit
// holding the given files.
func repo(t *testing.T, committed map[string]string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not on PATH")
	}
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	git(t, dir, "config", "user.email", "hookrun@example.invalid")
	git(t, dir, "config", "user.name", "hookrun test")
	git(t, dir, "config", "commit.gpgsign", "false")
	for name, body := range committed {
		write(t, dir, name, body)
	}
	if len(committed) > 0 {
		git(t, dir, "add", "-A")
		git(t, dir, "commit", "-q", "-m", "base")
	}
	return dir
}

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// gitOut runs git in dir and returns what it printed, trimmed.
func gitOut(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).Output()
	if err != nil {
		t.Fatalf("git %v: %v", args, err)
	}
	return strings.TrimSpace(string(out))
}

func write(t *testing.T, dir, name, body string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestListWorkingTree(t *testing.T) {
	dir := repo(t, map[string]string{
		"src/app.go": "package app\n", "src/old.go": "package app\n", "docs/a.md": "a\n",
		"gone.txt": "x\n", "keep.txt": "k\n",
	})
	write(t, dir, "src/app.go", "package app // modified\n") // unstaged change
	write(t, dir, "docs/a.md", "b\n")                        // staged change
	git(t, dir, "add", "docs/a.md")                          //
	write(t, dir, "new dir/with space.txt", "untracked\n")   // untracked, odd name
	git(t, dir, "mv", "src/old.go", "src/renamed.go")        // rename: both names
	git(t, dir, "rm", "-q", "gone.txt")                      // deletion
	write(t, dir, ".gitignore", "ignored.log\n")             // untracked
	write(t, dir, "ignored.log", "never listed\n")           // ignored

	got, err := List(context.Background(), dir, Head)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{".gitignore", "docs/a.md", "gone.txt", "new dir/with space.txt", "src/app.go", "src/old.go", "src/renamed.go"}
	if !slices.Equal(got, want) {
		t.Errorf("List =\n%q\nwant\n%q", got, want)
	}
}

func TestListBeforeFirstCommit(t *testing.T) {
	dir := repo(t, nil)
	write(t, dir, "src/main.go", "package main\n")
	write(t, dir, "README.md", "hi\n")
	git(t, dir, "add", "README.md")
	got, err := List(context.Background(), dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"README.md", "src/main.go"}; !slices.Equal(got, want) {
		t.Errorf("List = %q, want %q", got, want)
	}
}

func TestListSinceBase(t *testing.T) {
	dir := repo(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n"})
	git(t, dir, "branch", "base")
	git(t, dir, "checkout", "-q", "-b", "feature")
	write(t, dir, "a.txt", "changed on the branch\n")
	git(t, dir, "commit", "-q", "-am", "feature work")
	write(t, dir, "c.txt", "untracked\n")

	got, err := List(context.Background(), dir, Head)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"c.txt"}; !slices.Equal(got, want) {
		t.Errorf("List(HEAD) = %q, want %q (committed work is not uncommitted)", got, want)
	}
	got, err = List(context.Background(), dir, "base")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a.txt", "c.txt"}; !slices.Equal(got, want) {
		t.Errorf("List(base) = %q, want %q", got, want)
	}
	_, err = List(context.Background(), dir, "no-such-branch")
	want := "no merge base of no-such-branch and HEAD (no-such-branch names no commit in this repository: check the name, or fetch the branch first, as git fetch origin does for origin/BRANCH): "
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("List(no-such-branch) error = %v, want one naming the base and what to do: %q", err, want)
	}
	_, err = List(context.Background(), dir, "--help")
	if want := `base "--help" starts with '-', which git reads as an option: give a branch, tag or commit`; err == nil || err.Error() != want {
		t.Errorf("List(--help) error = %v, want %q", err, want)
	}
}

// The paths are relative to the directory asked about, and files outside
// it are not its changes.
func TestListSubdirectory(t *testing.T) {
	dir := repo(t, map[string]string{"svc/x.go": "x\n", "other/y.go": "y\n"})
	write(t, dir, "svc/x.go", "x2\n")
	write(t, dir, "other/y.go", "y2\n")
	write(t, dir, "svc/sub/new.go", "n\n")
	got, err := List(context.Background(), filepath.Join(dir, "svc"), Head)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"sub/new.go", "x.go"}; !slices.Equal(got, want) {
		t.Errorf("List(svc) = %q, want %q", got, want)
	}
}

func TestListNotARepo(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not on PATH")
	}
	dir := t.TempDir()
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(dir))
	_, err := List(context.Background(), dir, Head)
	var nr *NotRepoError
	if !errors.As(err, &nr) || nr.Dir != dir {
		t.Fatalf("List = %v, want a NotRepoError for %s", err, dir)
	}
	if want := "not a git repository: " + dir; err.Error() != want {
		t.Errorf("message %q, want %q", err.Error(), want)
	}
}

func TestParseStatus(t *testing.T) {
	out := " M a.go\x00R  new.go\x00old.go\x00?? dir/u.txt\x00D  gone\x00"
	got := parseStatus(out)
	want := []string{"a.go", "new.go", "old.go", "dir/u.txt", "gone"}
	if !slices.Equal(got, want) {
		t.Errorf("parseStatus = %q, want %q", got, want)
	}
}

// In a shallow clone without the base's history, the error says what to do.
func TestListShallowCloneSaysWhatToDo(t *testing.T) {
	src := repo(t, map[string]string{"a.txt": "a\n"})
	git(t, src, "branch", "base")
	write(t, src, "a.txt", "b\n")
	git(t, src, "commit", "-q", "-am", "two")
	write(t, src, "a.txt", "c\n")
	git(t, src, "commit", "-q", "-am", "three")
	dst := filepath.Join(t.TempDir(), "clone")
	git(t, filepath.Dir(dst), "clone", "-q", "--depth", "1", "file://"+src, dst)
	_, err := List(context.Background(), dst, "origin/base")
	if err == nil || !strings.Contains(err.Error(), "this clone is shallow: fetch the history, with fetch-depth: 0") {
		t.Errorf("error %v, want it to say the clone is shallow and what to do", err)
	}
}

// TestBrought: the files a git command bringing another commit may change, joined to the
// directory asked about, found through a remote's branch when guessing, and nothing for a name
// that is no commit or a directory outside any work tree.
func TestBrought(t *testing.T) {
	dir := repo(t, map[string]string{"a.txt": "a\n", ".system/hooks/guard.yaml": "guard\n", "sub/s.txt": "s\n"})
	git(t, dir, "checkout", "-q", "-b", "evil")
	write(t, dir, ".system/hooks/guard.yaml", "switched off\n")
	write(t, dir, ".system/hooks/new.yaml", "new\n")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "evil")
	git(t, dir, "update-ref", "refs/remotes/origin/remote-only", "evil")
	git(t, dir, "checkout", "-q", "main")
	git(t, dir, "branch", "-D", "-q", "evil")
	git(t, dir, "tag", "same")

	ctx := context.Background()
	want := []string{filepath.Join(dir, ".system/hooks/guard.yaml"), filepath.Join(dir, ".system/hooks/new.yaml")}
	for _, tc := range []struct {
		dir, rev string
		guess    bool
		want     []string
	}{
		{dir, "origin/remote-only", false, want},
		{dir, "remote-only", true, want},
		{dir, "remote-only", false, nil},
		{dir, "same", false, nil},
		{dir, "no-such", true, nil},
		{filepath.Join(dir, "sub"), "origin/remote-only", false, []string{filepath.Join(dir, "sub/../.system/hooks/guard.yaml"), filepath.Join(dir, "sub/../.system/hooks/new.yaml")}},
		{t.TempDir(), "origin/remote-only", false, nil},
		{filepath.Join(dir, "missing"), "main", false, nil},
	} {
		got, err := Brought(ctx, tc.dir, tc.rev, tc.guess)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("Brought(%s, %s, %v) = %q, %v; want %q", tc.dir, tc.rev, tc.guess, got, err, tc.want)
		}
	}
	if _, err := Brought(ctx, dir, "--output=/tmp/x", false); err == nil {
		t.Error("Brought took an option for a revision")
	}

	// A root commit's first parent is the empty tree (git revert ROOT removes its files): every
	// file of HEAD; a revision with a parent is read as usual.
	got, err := Brought(ctx, dir, "main^1", false)
	if err != nil || len(got) != 3 || got[0] != filepath.Join(dir, ".system/hooks/guard.yaml") {
		t.Errorf("Brought(root^1) = %q, %v; want every file of HEAD", got, err)
	}
	if got, err := Brought(ctx, dir, "origin/remote-only^1", false); err != nil || got != nil {
		t.Errorf("Brought(origin/remote-only^1) = %q, %v; want nothing (its parent is HEAD)", got, err)
	}
	if got, err := Brought(ctx, dir, "no-such^1", false); err != nil || got != nil {
		t.Errorf("Brought(no-such^1) = %q, %v; want nothing", got, err)
	}

	// Before the first commit every file of the revision is new.
	empty := repo(t, nil)
	git(t, empty, "fetch", "-q", dir, "refs/remotes/origin/remote-only:refs/remotes/origin/x")
	got, err = Brought(ctx, empty, "origin/x", false)
	if err != nil || len(got) != 4 || got[0] != filepath.Join(empty, ".system/hooks/guard.yaml") {
		t.Errorf("Brought before the first commit = %q, %v", got, err)
	}
}

// Brought(WorkTree) is what git stash puts away: the tracked files whose work tree or index
// content differs from HEAD's (staged or not, deleted too), never an untracked one, named from
// dir; a tree as committed has none.
func TestBroughtWorkTree(t *testing.T) {
	dir := repo(t, map[string]string{"a.txt": "a\n", ".system/hooks/guard.yaml": "guard\n", "sub/s.txt": "s\n", "gone.txt": "g\n"})
	ctx := context.Background()
	if got, err := Brought(ctx, dir, WorkTree, false); err != nil || got != nil {
		t.Fatalf("Brought(WorkTree) of a clean tree = %q, %v; want nothing", got, err)
	}
	write(t, dir, ".system/hooks/guard.yaml", "a person's edit\n")
	write(t, dir, "sub/s.txt", "staged\n")
	git(t, dir, "add", "sub/s.txt")
	write(t, dir, "untracked.txt", "u\n")
	if err := os.Remove(filepath.Join(dir, "gone.txt")); err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, ".system/hooks/guard.yaml"), filepath.Join(dir, "gone.txt"), filepath.Join(dir, "sub/s.txt")}
	if got, err := Brought(ctx, dir, WorkTree, false); err != nil || !slices.Equal(got, want) {
		t.Errorf("Brought(WorkTree) = %q, %v; want %q", got, err, want)
	}
	want = []string{filepath.Join(dir, "sub/../.system/hooks/guard.yaml"), filepath.Join(dir, "sub/../gone.txt"), filepath.Join(dir, "sub/s.txt")}
	if got, err := Brought(ctx, filepath.Join(dir, "sub"), WorkTree, false); err != nil || !slices.Equal(got, want) {
		t.Errorf("Brought(sub, WorkTree) = %q, %v; want %q", got, err, want)
	}
	if got, err := Brought(ctx, t.TempDir(), WorkTree, false); err != nil || got != nil {
		t.Errorf("Brought(WorkTree) outside a repository = %q, %v; want nothing", got, err)
	}
}

// hookrun's own git commands run no code a repository configures. A repository can hold a bare
// repository as plain files (vendor/evil.git/config, HEAD, objects): git run inside it takes its
// config, and git diff-tree there ran its core.fsmonitor command while hookrun read what
// `git -C vendor/evil.git checkout other && rm -rf /` brings, before any guard decided. The
// project's own core.fsmonitor (an earlier call's git config) does not run either.
func TestGitRunsNoRepositoryCode(t *testing.T) {
	dir := repo(t, map[string]string{"a.txt": "a\n"})
	git(t, dir, "branch", "other")
	marker := filepath.Join(t.TempDir(), "ran")
	fsmonitor := "touch " + marker + "; false"
	git(t, dir, "config", "core.fsmonitor", fsmonitor)
	write(t, dir, "a.txt", "changed\n") // a stat-dirty work tree makes git refresh, asking the fsmonitor
	ctx := context.Background()
	if _, err := Brought(ctx, dir, "other", false); err != nil {
		t.Fatal(err)
	}
	if _, err := List(ctx, dir, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("the project's core.fsmonitor ran")
	}

	bare := filepath.Join(dir, "vendor", "evil.git")
	git(t, dir, "init", "-q", "--bare", bare)
	git(t, bare, "config", "core.fsmonitor", fsmonitor)
	git(t, bare, "config", "core.bare", "false")
	git(t, bare, "config", "core.worktree", "..")
	git(t, bare, "-c", "user.name=x", "-c", "user.email=x@example.invalid", "commit", "-q", "--allow-empty", "-m", "x")
	git(t, bare, "branch", "other")
	os.Remove(marker) // the commit above ran it: git run by the test is not hookrun's
	got, err := Brought(ctx, bare, "other", false)
	if _, serr := os.Stat(marker); serr == nil {
		t.Errorf("the embedded repository's core.fsmonitor ran (Brought = %q, %v)", got, err)
	}
	if err == nil || !strings.Contains(err.Error(), "safe.bareRepository") {
		t.Errorf("Brought in an embedded bare repository = %q, %v; want an error: what it brings is unknown", got, err)
	}
}

// A clean filter the repository's config names (filter.x.clean, with
// .gitattributes giving it to every file) is a command git status and git
// diff run to compare a stat-dirty file with the index: hookrun's git
// switches every configured filter off, and still sees the change.
func TestListRunsNoFilter(t *testing.T) {
	dir := repo(t, map[string]string{"a.txt": "hi\n", "b.txt": "b\n"})
	marker := filepath.Join(t.TempDir(), "ran")
	write(t, dir, ".gitattributes", "* filter=x filter=y.z\n")
	git(t, dir, "add", ".gitattributes")
	git(t, dir, "commit", "-q", "-m", "attributes")
	git(t, dir, "branch", "base")
	for _, d := range []string{"x", "y.z"} {
		git(t, dir, "config", "filter."+d+".clean", "touch "+marker+"; cat")
		git(t, dir, "config", "filter."+d+".process", "touch "+marker)
		git(t, dir, "config", "filter."+d+".required", "true")
	}
	// The same size and a new time: git must read the file to tell.
	write(t, dir, "a.txt", "ho\n")
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(filepath.Join(dir, "a.txt"), old, old); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, base := range []string{Head, "base"} {
		got, err := List(ctx, dir, base)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, []string{"a.txt"}) {
			t.Errorf("List(%s) = %q, want [a.txt]", base, got)
		}
		if _, err := os.Stat(marker); err == nil {
			t.Fatalf("List(%s) ran the repository's filter", base)
		}
	}
}

// The git hookrun runs is never one of the project's: with an activated
// venv (PATH=$PROJECT/.venv/bin:…, or node_modules/.bin under npm run, a
// direnv PATH_add), a .venv/bin/git an agent wrote answered hookrun's own
// questions (it said nothing, exit 0), so git checkout of a branch that
// replaces a hook file brought no file, and the call was allowed, while
// the agent's shell ran the real git for the checkout. Also from a
// repository nested in the project (sub/.git), which the agent can make.
func TestGitIsNotTheProjects(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in git is a shell script")
	}
	dir := repo(t, map[string]string{"a.txt": "a\n", "sub/s.txt": "s\n"})
	git(t, dir, "checkout", "-q", "-b", "evil")
	write(t, dir, "a.txt", "switched off\n")
	git(t, dir, "commit", "-q", "-am", "evil")
	git(t, dir, "checkout", "-q", "main")
	nested := filepath.Join(dir, "sub")
	git(t, nested, "init", "-q")
	fake := filepath.Join(dir, ".venv", "bin")
	write(t, dir, ".venv/bin/git", "#!/bin/sh\nexit 0\n")
	if err := os.Chmod(filepath.Join(fake, "git"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", fake+string(filepath.ListSeparator)+os.Getenv("PATH"))
	ctx := context.Background()
	got, err := Brought(ctx, dir, "evil", false)
	if err != nil || !slices.Equal(got, []string{filepath.Join(dir, "a.txt")}) {
		t.Errorf("Brought(evil) with the project's git first on PATH = %q, %v; want a.txt, from the real git", got, err)
	}
	if got, err := List(ctx, nested, "HEAD"); err != nil || !slices.Equal(got, []string{"s.txt"}) {
		t.Errorf("List in a nested repository with the project's git first on PATH = %q, %v; want its untracked files, from the real git", got, err)
	}
	// Only there: the project's is the git found, its message says why not.
	t.Setenv("PATH", fake)
	if _, err := Brought(ctx, dir, "evil", false); err == nil || !strings.Contains(err.Error(), "git is on PATH only in "+fake+", a directory of the project") {
		t.Errorf("Brought with only the project's git on PATH: %v", err)
	}
}

// An agent hides a change from git status without touching the file's
// name in the work tree: git update-index --assume-unchanged or
// --skip-worktree on a file it then edits or deletes, a path written into
// .git/info/exclude, or a core.excludesFile of the repository's own
// configuration (git config core.excludesFile /tmp/x): none is a file of
// the work tree, so no diff shows it. The person's own excludes file is
// still read, and so are the work tree's .gitignore files.
func TestListSeesThroughHiding(t *testing.T) {
	dir := repo(t, map[string]string{
		"src/au.go": "a\n", "src/sw.go": "s\n", "src/same.go": "same\n", "src/gone.go": "g\n",
		"src/sparse.go": "p\n", ".gitignore": "*.log\n",
	})
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(home, ".gitconfig"))
	write(t, home, ".gitconfig", "[core]\n\texcludesFile = ~/mine.ignore\n")
	write(t, home, "mine.ignore", ".idea/\n")

	write(t, dir, "src/au.go", "a // changed\n")
	git(t, dir, "update-index", "--assume-unchanged", "src/au.go")
	write(t, dir, "src/sw.go", "s // changed\n")
	git(t, dir, "update-index", "--skip-worktree", "src/sw.go")
	git(t, dir, "update-index", "--assume-unchanged", "src/same.go") // unchanged: not listed
	git(t, dir, "update-index", "--assume-unchanged", "src/gone.go")
	if err := os.Remove(filepath.Join(dir, "src", "gone.go")); err != nil {
		t.Fatal(err)
	}
	// A skip-worktree file missing from the work tree is a sparse checkout's: not listed.
	git(t, dir, "update-index", "--skip-worktree", "src/sparse.go")
	if err := os.Remove(filepath.Join(dir, "src", "sparse.go")); err != nil {
		t.Fatal(err)
	}
	write(t, dir, "src/excluded.go", "x\n")
	write(t, dir, ".git/info/exclude", "src/excluded.go\n")
	write(t, dir, "src/local.go", "l\n")
	write(t, dir, "local.ignore", "src/local.go\nlocal.ignore\n")
	git(t, dir, "config", "core.excludesFile", filepath.Join(dir, "local.ignore"))
	write(t, dir, "build.log", "ignored by .gitignore\n")
	write(t, dir, ".idea/ws.xml", "ignored by the person's excludes file\n")

	got, err := List(context.Background(), dir, Head)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"local.ignore", "src/au.go", "src/excluded.go", "src/gone.go", "src/local.go", "src/sw.go"}
	if !slices.Equal(got, want) {
		t.Errorf("List =\n%q\nwant\n%q", got, want)
	}
	// From a subdirectory, relative to it.
	got, err = List(context.Background(), filepath.Join(dir, "src"), Head)
	if err != nil {
		t.Fatal(err)
	}
	want = []string{"au.go", "excluded.go", "gone.go", "local.go", "sw.go"}
	if !slices.Equal(got, want) {
		t.Errorf("List(src) =\n%q\nwant\n%q", got, want)
	}
}

// The repository's core.worktree says where its work tree is, and an agent sets it with one
// command no diff shows (git config core.worktree /tmp/clean, a checkout of HEAD): git status
// then compared the index with that copy, and every change of the project's own files was hidden
// from SessionStop's hooks. core.bare true made git refuse to look at all. hookrun's git is given
// the work tree it runs in, which outranks both.
func TestListIgnoresTheRepositorysWorkTreeSetting(t *testing.T) {
	dir := repo(t, map[string]string{"a.txt": "a\n", "sub/b.txt": "b\n"})
	clean := t.TempDir()
	git(t, clean, "clone", "-q", dir, ".")
	write(t, dir, "a.txt", "a // changed\n")
	write(t, dir, "sub/new.txt", "n\n")
	for _, setting := range [][]string{{"core.worktree", clean}, {"core.bare", "true"}} {
		git(t, dir, "config", setting[0], setting[1])
		got, err := List(context.Background(), dir, Head)
		if want := []string{"a.txt", "sub/new.txt"}; err != nil || !slices.Equal(got, want) {
			t.Errorf("%s %s: List = %q, %v; want %q", setting[0], setting[1], got, err, want)
		}
		got, err = List(context.Background(), filepath.Join(dir, "sub"), Head)
		if want := []string{"new.txt"}; err != nil || !slices.Equal(got, want) {
			t.Errorf("%s %s: List(sub) = %q, %v; want %q", setting[0], setting[1], got, err, want)
		}
		got, err = Known(context.Background(), dir, "**/*.txt")
		if want := []string{"a.txt", "sub/b.txt", "sub/new.txt"}; err != nil || !slices.Equal(got, want) {
			t.Errorf("%s %s: Known = %q, %v; want %q", setting[0], setting[1], got, err, want)
		}
		git(t, dir, "config", "--unset", setting[0])
	}
	// A .git that is a link to the repository's directory is the work tree's, as git takes it,
	// inside another work tree too.
	outer := repo(t, map[string]string{"o.txt": "o\n"})
	inner := filepath.Join(outer, "inner")
	if err := os.Rename(dir, inner); err != nil {
		t.Fatal(err)
	}
	gitDir := filepath.Join(t.TempDir(), "inner.git")
	if err := os.Rename(filepath.Join(inner, ".git"), gitDir); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(gitDir, filepath.Join(inner, ".git")); err != nil {
		t.Skip(err)
	}
	got, err := List(context.Background(), inner, Head)
	if want := []string{"a.txt", "sub/new.txt"}; err != nil || !slices.Equal(got, want) {
		t.Errorf(".git a link: List = %q, %v; want %q", got, err, want)
	}
}

// git replace makes one commit stand for another in every git command after it, and is kept
// under .git, where no diff shows it: a commit whose tree is the work tree as the agent left
// it, put in HEAD's place, hid every uncommitted change from git status; HEAD put in the merge
// base's place hid every committed one from a base's diff. hookrun's git reads no replacement,
// and what git checkout brings is unknown while there is one: the command reads them.
func TestListAndBroughtReadNoReplacement(t *testing.T) {
	dir := repo(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n"})
	base := gitOut(t, dir, "rev-parse", "HEAD")
	git(t, dir, "checkout", "-q", "-b", "feat")
	write(t, dir, "b.txt", "b // committed on feat\n")
	git(t, dir, "commit", "-q", "-am", "feat")
	write(t, dir, "a.txt", "a // uncommitted\n")
	git(t, dir, "add", "a.txt")
	// HEAD stands for a commit of the index as it is; the merge base for a commit of feat's files.
	decoy := gitOut(t, dir, "commit-tree", "-p", base, "-m", "decoy", gitOut(t, dir, "write-tree"))
	root := gitOut(t, dir, "commit-tree", "-m", "decoy base", gitOut(t, dir, "rev-parse", "feat^{tree}"))
	git(t, dir, "replace", "HEAD", decoy)
	git(t, dir, "replace", base, root)

	got, err := List(context.Background(), dir, Head)
	if want := []string{"a.txt"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("List(HEAD) = %q, %v; want %q", got, err, want)
	}
	got, err = List(context.Background(), dir, "main")
	if want := []string{"a.txt", "b.txt"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("List(main) = %q, %v; want %q", got, err, want)
	}
	// git checkout main reads the replacements (it would write a.txt), hookrun's git does not (b.txt):
	// which files it brings is not known.
	got, err = Brought(context.Background(), dir, "main", false)
	if want := "the repository has replacement objects (git replace; git replace -l lists them)"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("Brought(main) = %q, %v; want the error %q", got, err, want)
	}
	git(t, dir, "replace", "-d", "HEAD", base)
	got, err = Brought(context.Background(), dir, "main", false)
	if want := []string{filepath.Join(dir, "b.txt")}; err != nil || !slices.Equal(got, want) {
		t.Errorf("Brought(main) with no replacement = %q, %v; want %q", got, err, want)
	}
}

// diff.relative in the repository's configuration makes git diff name only
// the files below the directory it runs in, relative to it: read as
// relative to the top, every committed change of a project in a
// subdirectory was dropped from what a session changed since its base.
func TestListSinceBaseIgnoresDiffRelative(t *testing.T) {
	dir := repo(t, map[string]string{"svc/x.go": "x\n", "other/y.go": "y\n"})
	git(t, dir, "branch", "base")
	git(t, dir, "checkout", "-q", "-b", "feature")
	write(t, dir, "svc/x.go", "x2\n")
	write(t, dir, "other/y.go", "y2\n")
	git(t, dir, "commit", "-q", "-am", "feature work")
	git(t, dir, "config", "diff.relative", "true")
	got, err := List(context.Background(), filepath.Join(dir, "svc"), "base")
	if want := []string{"x.go"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("List(svc, base) = %q, %v; want %q", got, err, want)
	}
	got, err = List(context.Background(), dir, "base")
	if want := []string{"other/y.go", "svc/x.go"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("List(base) = %q, %v; want %q", got, err, want)
	}
}

// core.fileMode false in the repository's configuration, which git sets on
// a file system without executable bits and an agent with one git config,
// made git status pass over a chmod: a guard's script made executable (or
// its bit taken away, which switches a hook off) was no change.
// hookrun's git reads the bits wherever the system has them.
func TestListSeesAChmodUnderFileModeFalse(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows has no executable bit for git to read")
	}
	dir := repo(t, map[string]string{"scripts/hooks/check.sh": "exit 0\n", "a.txt": "a\n"})
	git(t, dir, "config", "core.fileMode", "false")
	if err := os.Chmod(filepath.Join(dir, "scripts/hooks/check.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	got, err := List(context.Background(), dir, Head)
	if want := []string{"scripts/hooks/check.sh"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("List = %q, %v; want %q", got, err, want)
	}
	got, err = Brought(context.Background(), dir, WorkTree, false)
	if want := []string{filepath.Join(dir, "scripts/hooks/check.sh")}; err != nil || !slices.Equal(got, want) {
		t.Errorf("Brought(WorkTree) = %q, %v; want %q", got, err, want)
	}
}

// core.checkStat minimal and core.trustctime false, in the repository's
// configuration, make git status trust a file's size and time alone: a
// file rewritten with the same size and its old time put back showed no
// change. hookrun's git compares inode and ctime as git does by default.
func TestListIgnoresTheRepositorysStatSettings(t *testing.T) {
	dir := repo(t, nil)
	write(t, dir, "f.txt", "aaaa\n")
	old := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(dir, "f.txt"), old, old); err != nil {
		t.Fatal(err)
	}
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "base")
	git(t, dir, "config", "core.checkStat", "minimal")
	git(t, dir, "config", "core.trustctime", "false")
	// The same size and time, in a new file put in its place.
	write(t, dir, "g.tmp", "evil\n")
	if err := os.Chtimes(filepath.Join(dir, "g.tmp"), old, old); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, "g.tmp"), filepath.Join(dir, "f.txt")); err != nil {
		t.Fatal(err)
	}
	got, err := List(context.Background(), dir, Head)
	if want := []string{"f.txt"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("List = %q, %v; want %q", got, err, want)
	}
}

// A graft (.git/info/grafts, under .git where no diff shows it) gives a
// commit other parents in every git command, --no-replace-objects or not:
// the base made a child of HEAD hid every committed change from List(base).
// hookrun's git reads none, and what git checkout brings is then unknown, as
// with replacements.
func TestListAndBroughtReadNoGraft(t *testing.T) {
	dir := repo(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n"})
	git(t, dir, "checkout", "-q", "-b", "feat")
	write(t, dir, "b.txt", "b // committed on feat\n")
	git(t, dir, "commit", "-q", "-am", "feat")
	write(t, dir, ".git/info/grafts", gitOut(t, dir, "rev-parse", "main")+" "+gitOut(t, dir, "rev-parse", "HEAD")+"\n")

	got, err := List(context.Background(), dir, "main")
	if want := []string{"b.txt"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("List(main) = %q, %v; want %q", got, err, want)
	}
	got, err = Brought(context.Background(), dir, "main", false)
	if want := "the repository has grafts (" + filepath.Join(dir, ".git", "info", "grafts") + "), which give a commit other parents"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("Brought(main) = %q, %v; want the error %q", got, err, want)
	}
	if err := os.Remove(filepath.Join(dir, ".git", "info", "grafts")); err != nil {
		t.Fatal(err)
	}
	got, err = Brought(context.Background(), dir, "main", false)
	if want := []string{filepath.Join(dir, "b.txt")}; err != nil || !slices.Equal(got, want) {
		t.Errorf("Brought(main) with no graft = %q, %v; want %q", got, err, want)
	}
}

// core.ignoreCase true, in the repository's configuration on a file system
// that tells case apart, made git take a new F.TXT for the tracked f.txt:
// the new file was not among a session's changed files.
func TestListIgnoresTheRepositorysIgnoreCase(t *testing.T) {
	dir := repo(t, map[string]string{"f.txt": "f\n"})
	write(t, dir, "F.TXT", "new\n")
	if b, err := os.ReadFile(filepath.Join(dir, "f.txt")); err != nil || string(b) != "f\n" {
		t.Skip("the file system folds case: F.TXT is f.txt")
	}
	git(t, dir, "config", "core.ignoreCase", "true")
	got, err := List(context.Background(), dir, Head)
	if want := []string{"F.TXT"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("List = %q, %v; want %q", got, err, want)
	}
}

// git lists an untracked directory that holds a repository of its own as
// the directory alone (sub/): mkdir -p sub/.git/objects sub/.git/refs and a
// HEAD made a new sub/evil.py invisible to a SessionStop glob such as
// **/*.py. Its files are listed as well, its .git left out.
func TestListNamesTheFilesOfANestedRepository(t *testing.T) {
	dir := repo(t, map[string]string{"svc/a.txt": "a\n"})
	for _, d := range []string{"svc/sub/.git/objects", "svc/sub/.git/refs", "svc/sub/deep"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(t, dir, "svc/sub/.git/HEAD", "ref: refs/heads/main\n")
	write(t, dir, "svc/sub/evil.py", "print(1)\n")
	write(t, dir, "svc/sub/deep/more.py", "print(2)\n")
	got, err := List(context.Background(), dir, Head)
	if want := []string{"svc/sub", "svc/sub/deep/more.py", "svc/sub/evil.py"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("List = %q, %v; want %q", got, err, want)
	}
	got, err = List(context.Background(), filepath.Join(dir, "svc"), Head)
	if want := []string{"sub", "sub/deep/more.py", "sub/evil.py"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("List(svc) = %q, %v; want %q", got, err, want)
	}
}

// A session's start is recorded once, in the git directory, and what differs from it at the end
// is listed, committed or not, whatever refs moved; a record holding no commit id is an error.
func TestSessionStart(t *testing.T) {
	dir := repo(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n"})
	ctx := context.Background()
	if got, err := Start(dir, "s1"); err != nil || got != "" {
		t.Fatalf("Start before any record = %q, %v; want none", got, err)
	}
	if err := RecordStart(ctx, dir, "s1"); err != nil {
		t.Fatal(err)
	}
	head := strings.TrimSpace(gitOut(t, dir, "rev-parse", "HEAD"))
	write(t, dir, "a.txt", "committed\n")
	git(t, dir, "commit", "-q", "-am", "work")
	if err := RecordStart(ctx, dir, "s1"); err != nil {
		t.Fatal(err)
	}
	if got, err := Start(dir, "s1"); err != nil || got != head {
		t.Fatalf("Start = %q, %v; want the first HEAD %s", got, err, head)
	}
	write(t, dir, "c.txt", "new\n")
	got, err := Since(ctx, dir, head)
	if want := []string{"a.txt", "c.txt"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("Since = %q, %v; want %q", got, err, want)
	}
	f := startFile(dir, "s1")
	if rel, _ := filepath.Rel(dir, f); !strings.HasPrefix(rel, filepath.Join(".git", "hookrun", "sessions")+string(filepath.Separator)) {
		t.Errorf("the record is %s, want it under .git/hookrun/sessions", f)
	}
	if err := os.WriteFile(f, []byte("HEAD\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Start(dir, "s1"); err == nil {
		t.Error("Start read a record holding no commit id")
	}
	if err := RecordStart(ctx, t.TempDir(), "s1"); err != nil {
		t.Errorf("RecordStart outside a repository: %v; want nothing done", err)
	}
}

// A session that begins before the repository's first commit starts at the empty tree: every
// file it makes is its change, committed or not. It recorded nothing, and an agent that
// committed its work in a new repository left its session's end nothing to list.
func TestSessionStartBeforeTheFirstCommit(t *testing.T) {
	dir := repo(t, nil)
	ctx := context.Background()
	if err := RecordStart(ctx, dir, "s1"); err != nil {
		t.Fatal(err)
	}
	start, err := Start(dir, "s1")
	if err != nil || start == "" {
		t.Fatalf("Start = %q, %v; want the empty tree", start, err)
	}
	write(t, dir, "a.txt", "a\n")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "the agent's work")
	write(t, dir, "b.txt", "b\n")
	got, err := Since(ctx, dir, start)
	if want := []string{"a.txt", "b.txt"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("Since = %q, %v; want %q", got, err, want)
	}
}

// Records of sessions no event touched for 30 days are removed when a new session's record is
// written (at most once a day), with a hookrun's temporary files left that long; a session's
// events keep its own record fresh, and nothing else in the directory is removed. They were
// never removed: 100,000 sessions took 397 MB of 4 KiB blocks.
func TestSessionRecordsArePruned(t *testing.T) {
	dir := repo(t, map[string]string{"a.txt": "a\n"})
	ctx := context.Background()
	for _, s := range []string{"old", "live", "recent"} {
		if err := RecordStart(ctx, dir, s); err != nil {
			t.Fatal(err)
		}
	}
	sessions := filepath.Dir(startFile(dir, "old"))
	write(t, sessions, ".start-123", "")
	write(t, sessions, "README", "not a record\n")
	long := time.Now().Add(-31 * 24 * time.Hour)
	// The last prune (when the first record was written) was 31 days ago too.
	for _, f := range []string{startFile(dir, "old"), startFile(dir, "live"), filepath.Join(sessions, ".start-123"), filepath.Join(sessions, "README"), filepath.Join(sessions, prunedMarker)} {
		if err := os.Chtimes(f, long, long); err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
	}
	// An event of the live session refreshes its record.
	if err := RecordStart(ctx, dir, "live"); err != nil {
		t.Fatal(err)
	}
	if err := RecordStart(ctx, dir, "new"); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{"old": false, "live": true, "recent": true, "new": true} {
		if _, err := os.Lstat(startFile(dir, name)); (err == nil) != want {
			t.Errorf("the record of session %s: %v; want kept %v", name, err, want)
		}
	}
	if _, err := os.Lstat(filepath.Join(sessions, ".start-123")); err == nil {
		t.Error("a temporary file left 31 days ago was kept")
	}
	if _, err := os.Lstat(filepath.Join(sessions, "README")); err != nil {
		t.Errorf("a file that is no record was removed: %v", err)
	}
	// Pruned today: a second new session does not list the directory again.
	if err := os.Chtimes(startFile(dir, "recent"), long, long); err != nil {
		t.Fatal(err)
	}
	if err := RecordStart(ctx, dir, "newer"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(startFile(dir, "recent")); err != nil {
		t.Errorf("pruned twice in a day: %v", err)
	}
}
