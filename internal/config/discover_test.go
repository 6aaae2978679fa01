package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func mkdirs(t *testing.T, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

// gitDirs makes each dir the top of a git work tree: a .git directory
// holding HEAD, as git init leaves it.
func gitDirs(t *testing.T, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		mkdirs(t, filepath.Join(d, ".git"))
		if err := os.WriteFile(filepath.Join(d, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDiscover(t *testing.T) {
	tmp := t.TempDir()
	outer := filepath.Join(tmp, "repo")
	inner := filepath.Join(outer, "services", "api")
	deep := filepath.Join(inner, "src", "handlers")
	other := filepath.Join(tmp, "other")
	mkdirs(t, filepath.Join(outer, ".system", "hooks"), filepath.Join(inner, ".system", "hooks"), deep,
		filepath.Join(other, "hooks"), filepath.Join(other, "sub"))
	// A .system/hooks that is a file is not a hooks directory.
	mkdirs(t, filepath.Join(other, "sub", ".system"))
	if err := os.WriteFile(filepath.Join(other, "sub", ".system", "hooks"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	hooks := func(root string) string { return filepath.Join(root, ".system", "hooks") }
	// A work tree of its own (a submodule) inside a project: its hooks hide none above it.
	sub := filepath.Join(tmp, "super", "sub")
	mkdirs(t, hooks(filepath.Join(tmp, "super")), hooks(sub))
	gitDirs(t, sub)

	tests := []struct {
		name, cwd, override string
		want                Location
	}{
		{"in the root", outer, "", Location{Root: outer, HooksDir: hooks(outer), Found: true}},
		{"nearest parent wins, and hides the one above", deep, "", Location{Root: inner, HooksDir: hooks(inner), Found: true, Hidden: []string{hooks(outer)}}},
		{"a work tree inside another hides nothing above it", sub, "", Location{Root: sub, HooksDir: hooks(sub), Found: true}},
		{"from a subdirectory", filepath.Join(outer, "services"), "", Location{Root: outer, HooksDir: hooks(outer), Found: true}},
		{"override ending in .system/hooks: root is its grandparent", other, hooks(inner), Location{Root: inner, HooksDir: hooks(inner), Found: true}},
		{"relative override ending in .system/hooks", outer, "services/api/.system/hooks/", Location{Root: inner, HooksDir: hooks(inner), Found: true}},
		{"override elsewhere: root is the working directory", deep, filepath.Join(other, "hooks"), Location{Root: deep, HooksDir: filepath.Join(other, "hooks"), Found: true}},
		{"relative override elsewhere", other, "hooks", Location{Root: other, HooksDir: filepath.Join(other, "hooks"), Found: true}},
		{"override wins over discovery", deep, filepath.Join(other, "hooks"), Location{Root: deep, HooksDir: filepath.Join(other, "hooks"), Found: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Discover(tt.cwd, tt.override)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Discover(%s, %q):\n got  %+v\n want %+v", tt.cwd, tt.override, got, tt.want)
			}
		})
	}

	t.Run("a .system/hooks file ends the search", func(t *testing.T) {
		// other/sub has a file named .system/hooks: the hooks directory,
		// broken (TestDiscoverStopsAtAHooksDirectoryThatIsNotOne).
		sub := filepath.Join(other, "sub")
		got, err := Discover(sub, "")
		if err != nil {
			t.Fatal(err)
		}
		if !got.Found || got.HooksDir != hooks(sub) {
			t.Errorf("a file named .system/hooks was passed over: %+v", got)
		}
	})

	t.Run("errors", func(t *testing.T) {
		// A relative one names the working directory it was taken from: the
		// agent's, under --dialect, may be a subdirectory of the project.
		for override, want := range map[string]string{
			"missing/.system/hooks": "hooks directory missing/.system/hooks, relative to the working directory " + other + ": no such file or directory",
			"sub/.system/hooks":     "hooks directory sub/.system/hooks, relative to the working directory " + other + ": not a directory",
			other + "/none":         "hooks directory " + other + "/none: no such file or directory",
		} {
			_, err := Discover(other, override)
			if err == nil || err.Error() != want {
				t.Errorf("Discover(%q): error %v, want %q", override, err, want)
			}
		}
	})
}

func TestDiscoverNone(t *testing.T) {
	// With no hooks directory anywhere above, there is no project: the root
	// is the working directory and Found is false. The machine's own
	// directories above TempDir are assumed to hold no .system/hooks.
	dir := t.TempDir()
	got, err := Discover(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, statErr := os.Stat(filepath.Join(filepath.Dir(dir), ".system", "hooks")); statErr == nil {
		t.Skip("a .system/hooks exists above the temporary directory")
	}
	want := Location{Root: dir, HooksDir: filepath.Join(dir, ".system", "hooks"), Found: false}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

// Discovery stops at the top of the git work tree: a hooks directory above
// it (in a shared, world-writable /tmp, say) is never someone else's
// repository's.
func TestDiscoverStopsAtTheWorkTree(t *testing.T) {
	tmp := t.TempDir()
	repo := filepath.Join(tmp, "repo")
	mkdirs(t, filepath.Join(tmp, ".system", "hooks"), filepath.Join(repo, "src"))
	gitDirs(t, repo)
	got, err := Discover(filepath.Join(repo, "src"), "")
	if err != nil || got.Found || got.Root != filepath.Join(repo, "src") {
		t.Errorf("from inside a work tree: %+v, %v; want no hooks found", got, err)
	}
	// A .git file (a worktree, a submodule) is the top of a work tree too.
	mkdirs(t, filepath.Join(tmp, "wt", "src"))
	if err := os.WriteFile(filepath.Join(tmp, "wt", ".git"), []byte("gitdir: elsewhere\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := Discover(filepath.Join(tmp, "wt", "src"), ""); err != nil || got.Found {
		t.Errorf("from inside a linked work tree: %+v, %v; want no hooks found", got, err)
	}
	// Outside any work tree the search goes on upward.
	mkdirs(t, filepath.Join(tmp, "plain", "src"))
	if got, err := Discover(filepath.Join(tmp, "plain", "src"), ""); err != nil || !got.Found || got.Root != tmp {
		t.Errorf("outside a work tree: %+v, %v; want the hooks of %s", got, err, tmp)
	}
	// A .git that git would not take for a repository (what touch .git, a
	// directory made by hand, or a FIFO leave) ends nothing: the search goes
	// on to the project's hooks.
	for name, make := range map[string]func(string) error{
		"an empty .git file":        func(p string) error { return os.WriteFile(p, nil, 0o644) },
		"a .git file of other text": func(p string) error { return os.WriteFile(p, []byte("not a gitdir\n"), 0o644) },
		"an empty .git directory":   func(p string) error { return os.Mkdir(p, 0o755) },
		"a .git link to nowhere":    func(p string) error { return os.Symlink(filepath.Join(tmp, "nowhere"), p) },
		"a .git FIFO, never opened": mkfifo,
	} {
		dir := filepath.Join(tmp, "planted", strings.ReplaceAll(name, " ", "_"))
		mkdirs(t, filepath.Join(dir, "src"))
		if err := make(filepath.Join(dir, ".git")); err != nil {
			t.Fatal(err)
		}
		got, err := Discover(filepath.Join(dir, "src"), "")
		if err != nil || !got.Found || got.Root != tmp {
			t.Errorf("%s: %+v, %v; want the hooks of %s", name, got, err, tmp)
		}
		if b := Bound(filepath.Join(dir, "src")); b == dir {
			t.Errorf("%s: Bound stops at it", name)
		}
	}
}

// One physical directory, one hook set: a path through a symbolic link
// finds what the real path finds.
func TestDiscoverResolvesLinks(t *testing.T) {
	tmp := t.TempDir()
	real := filepath.Join(tmp, "real")
	mkdirs(t, filepath.Join(real, ".system", "hooks"), filepath.Join(real, "sub"), filepath.Join(tmp, "elsewhere", ".system", "hooks"))
	link := filepath.Join(tmp, "elsewhere", "link")
	if err := os.Symlink(filepath.Join(real, "sub"), link); err != nil {
		t.Fatal(err)
	}
	got, err := Discover(link, "")
	if err != nil || got.Root != real {
		t.Errorf("through a link: %+v, %v; want the root %s", got, err, real)
	}
}

// A hooks directory someone else can change is refused, unless trusted:
// found, or named by --hooks-dir or HOOKRUN_HOOKS_DIR (before, a named one
// was read whatever its mode, though whoever can write it can delete a
// guard from it, or rename it to guard.yaml.bak, unseen: a declaration
// they add is refused for its owner, one they remove is simply gone). So
// is a directory of declarations inside one (TestLoadRefusesUntrustedDirectories).
func TestDiscoverRefusesUntrustedHooks(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("skipped: giving a directory to another user needs root")
	}
	for name, spoil := range map[string]func(dir string) error{
		"owned by another user": func(dir string) error { return os.Chown(dir, 54321, 54321) },
		"writable by everyone":  func(dir string) error { return os.Chmod(dir, 0o777) },
	} {
		for _, named := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s, named %v", name, named), func(t *testing.T) {
				root := t.TempDir()
				hooks, override := filepath.Join(root, ".system", "hooks"), ""
				if named {
					hooks = filepath.Join(root, "guards")
					override = hooks
				}
				mkdirs(t, hooks)
				if err := spoil(hooks); err != nil {
					t.Fatal(err)
				}
				_, err := Discover(root, override)
				var ue *UntrustedError
				if !errors.As(err, &ue) || ue.Path != hooks {
					t.Fatalf("error %v, want the hooks directory refused", err)
				}
				t.Setenv(TrustedDirsVar, "/nowhere:"+root)
				if got, err := Discover(root, override); err != nil || !got.Found {
					t.Errorf("trusted: %+v, %v; want it found", got, err)
				}
			})
		}
	}
	// A sticky directory (as /tmp is) lets no one remove another's files.
	sticky := filepath.Join(t.TempDir(), "sticky")
	mkdirs(t, sticky)
	if err := os.Chmod(sticky, 0o777|os.ModeSticky); err != nil {
		t.Fatal(err)
	}
	if _, err := Discover(t.TempDir(), sticky); err != nil {
		t.Errorf("sticky: %v, want it read", err)
	}
}

// Something put where a hooks directory is (a file; a FIFO, as
// TestFilesNeverWaitsOnAFIFOHooksDirectory has) ends the search there, as
// that directory broken: going on upward would run the hooks of a
// directory above, or none, with no word that the nearest set is gone.
func TestDiscoverStopsAtAHooksDirectoryThatIsNotOne(t *testing.T) {
	tmp := t.TempDir()
	repo := filepath.Join(tmp, "repo")
	svc := filepath.Join(repo, "svc")
	gitDirs(t, repo)
	mkdirs(t, filepath.Join(repo, ".system", "hooks"), filepath.Join(svc, ".system"), filepath.Join(svc, "src"))
	if err := os.WriteFile(filepath.Join(svc, ".system", "hooks"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	real, _ := filepath.EvalSymlinks(tmp)
	loc, err := Discover(filepath.Join(svc, "src"), "")
	want := Location{Root: filepath.Join(real, "repo", "svc"), HooksDir: filepath.Join(real, "repo", "svc", ".system", "hooks"), Found: true}
	if err != nil || !reflect.DeepEqual(loc, want) {
		t.Fatalf("got %+v, %v; want %+v", loc, err, want)
	}
	if _, _, _, err := Files(loc.HooksDir); err == nil || !strings.HasSuffix(err.Error(), ": not a directory") {
		t.Errorf("Files: %v, want it not a directory", err)
	}
}

// A repository nested in a project's work tree that has no hooks of its
// own is guarded by the project's: the search goes past its top to the
// work tree around it. Before, a call from there ran no hook at all, so an
// agent's `mkdir -p sub/.git && touch sub/.git/HEAD` (which init's guard
// lets through, and git does not even take for a repository) followed by
// a call from sub (`rm ../.system/hooks/protect_hooks.yaml`) was allowed;
// so was every call from a submodule or a vendored clone. A nested
// repository with hooks of its own still runs only those, and hooks above
// a work tree that no work tree encloses (a shared /tmp) are still not
// anyone's.
func TestDiscoverPassesARepositoryNestedInAProject(t *testing.T) {
	tmp, _ := filepath.EvalSymlinks(t.TempDir())
	hooks := func(root string) string { return filepath.Join(root, ".system", "hooks") }
	proj := filepath.Join(tmp, "proj")
	gitDirs(t, proj)
	mkdirs(t, hooks(proj))
	planted := filepath.Join(proj, "sub")
	mkdirs(t, filepath.Join(planted, ".git"), filepath.Join(planted, "src"))
	if err := os.WriteFile(filepath.Join(planted, ".git", "HEAD"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	submodule := filepath.Join(proj, "vendor", "lib")
	mkdirs(t, filepath.Join(submodule, "src"))
	if err := os.WriteFile(filepath.Join(submodule, ".git"), []byte("gitdir: ../../.git/modules/lib\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	deeper := filepath.Join(submodule, "third")
	gitDirs(t, deeper)
	own := filepath.Join(proj, "own")
	gitDirs(t, own)
	mkdirs(t, hooks(own))
	loose := filepath.Join(tmp, "loose") // hooks above it, but no work tree around them
	gitDirs(t, loose)
	mkdirs(t, hooks(tmp))

	projHooks := Location{Root: proj, HooksDir: hooks(proj), Found: true}
	for _, tc := range []struct {
		name, cwd string
		want      Location
	}{
		{"a .git made by hand", filepath.Join(planted, "src"), projHooks},
		{"a submodule", filepath.Join(submodule, "src"), projHooks},
		{"a repository in a submodule", deeper, projHooks},
		{"a nested repository with hooks of its own", own, Location{Root: own, HooksDir: hooks(own), Found: true}},
		{"hooks above a work tree no work tree encloses", loose, Location{Root: loose, HooksDir: hooks(loose)}},
	} {
		got, err := Discover(tc.cwd, "")
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %+v, %v; want %+v", tc.name, got, err, tc.want)
		}
	}
}

// HOOKRUN_TRUSTED_DIRS=~/shared, as an agent's settings file or a quoted
// assignment leaves it, trusts the home directory's shared; a relative
// entry, or another user's ~name, trusts nothing.
func TestTrustedDirsHome(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	for _, c := range []struct {
		list, path string
		want       bool
	}{
		{"~/shared", filepath.Join(home, "shared", "guard.yaml"), true},
		{"~", filepath.Join(home, "shared", "guard.yaml"), true},
		{"/nowhere:~/shared", filepath.Join(home, "shared"), true},
		{"~/shared", filepath.Join(home, "other", "guard.yaml"), false},
		{"shared", filepath.Join(home, "shared", "guard.yaml"), false},
		{"~root/shared", "/root/shared/guard.yaml", false},
	} {
		t.Setenv(TrustedDirsVar, c.list)
		if got := trusted(c.path); got != c.want {
			t.Errorf("%s=%s: trusted(%s) = %v, want %v", TrustedDirsVar, c.list, c.path, got, c.want)
		}
	}
}

// Once KeepBounds is called (emit: one event a process), Bound answers
// each root as it first did, whichever of the project's paths names it
// (the root, its hooks directory): a .git made after the first answer
// moves no bound, so the declarations' walk, the cache and the handlers'
// PATH all hold to the same one. Before it, every call looks again.
func TestKeepBoundsKeepsTheFirstAnswer(t *testing.T) {
	t.Cleanup(func() { keepBounds.Store(false); bounds.Clear() })
	tmp, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	proj := filepath.Join(tmp, "proj")
	mkdirs(t, filepath.Join(proj, HooksSubdir), filepath.Join(proj, "sub"))
	makeRepo := func(d string) {
		mkdirs(t, filepath.Join(d, ".git"))
		if err := os.WriteFile(filepath.Join(d, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := Bound(filepath.Join(proj, HooksSubdir)); got != proj {
		t.Fatalf("Bound = %s before any .git; want %s", got, proj)
	}
	makeRepo(tmp)
	if got := Bound(proj); got != tmp {
		t.Errorf("Bound = %s without KeepBounds, with a work tree at %s; want it", got, tmp)
	}
	KeepBounds()
	if got := Bound(proj); got != tmp {
		t.Errorf("Bound = %s, first kept answer; want %s", got, tmp)
	}
	if err := os.RemoveAll(filepath.Join(tmp, ".git")); err != nil {
		t.Fatal(err)
	}
	makeRepo(filepath.Join(proj, "sub"))
	for _, dir := range []string{proj, filepath.Join(proj, HooksSubdir)} {
		if got := Bound(dir); got != tmp {
			t.Errorf("Bound(%s) = %s after the .git moved; want the kept %s", dir, got, tmp)
		}
	}
	if got := Bound(filepath.Join(proj, "sub")); got != filepath.Join(proj, "sub") {
		t.Errorf("Bound of another root = %s; want %s", got, filepath.Join(proj, "sub"))
	}
}
