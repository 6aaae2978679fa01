package callpath

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hookrun/hookrun/internal/pathcase"
	"github.com/hookrun/hookrun/internal/shellcmd"
)

func TestOf(t *testing.T) {
	root := "/p"
	for _, tc := range []struct {
		given   []string
		command string
		cwd     string
		want    []string
	}{
		{nil, `rm -rf ./build/ ../outside; cat a > logs/out.txt`, "/p", []string{"build", "/outside", "a", "logs/out.txt"}},
		{nil, `sed -i s/a/b/ config/prod/app.yaml`, "/p/sub", []string{"sub/s/a/b", "sub/config/prod/app.yaml"}},
		{[]string{"/p/src/./x.go", "/etc/passwd", "rel/y/"}, `ignored`, "", []string{"src/x.go", "/etc/passwd", "rel/y"}},
		{nil, `cp .system/hooks/a.yaml /tmp/`, "", []string{".system/hooks/a.yaml", "/tmp", "/tmp/a.yaml"}},
		{nil, `ls /p`, "/p", []string{"."}},
		{nil, `rm hooks/x`, ".system", []string{".system/hooks/x"}}, // a relative cwd is from the root
	} {
		if got, _ := Of(tc.given, tc.command, shellcmd.POSIX, tc.cwd, root, nil); !slices.Equal(got, tc.want) {
			t.Errorf("Of(%q, %q) = %q, want %q", tc.given, tc.command, got, tc.want)
		}
	}
}

// TestOfNamesWhatTheShellWouldTouch: a path is listed as the shell and the file system would reach
// it, beside its spelling: a file-name pattern as the files it matches, a path through a symbolic
// link as the path the link leads to, and a shell call's own paths even when the caller sent others.
func TestOfNamesWhatTheShellWouldTouch(t *testing.T) {
	root := t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	for _, d := range []string{".system/hooks", "docs"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, ".system/hooks/guard.yaml"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "docs/é.md"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(".system", filepath.Join(root, "sys")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/etc", filepath.Join(root, "docs/etc")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		given   []string
		command string
		cwd     string
		want    []string
	}{
		{nil, `rm .sys*/hooks/guard.yaml`, "", []string{".sys*/hooks/guard.yaml", ".system/hooks/guard.yaml"}},
		{nil, `rm .syste?/hooks/*`, "", []string{".syste?/hooks/*", ".system/hooks/guard.yaml"}},
		{nil, `rm .[s]ystem/hooks/guard.yam[l]`, "", []string{".[s]ystem/hooks/guard.yam[l]", ".system/hooks/guard.yaml"}},
		// Any shell's patterns, whatever its options: bash's [!x] and [[:alpha:]], nocaseglob, extglob, and
		// a ** that crosses directories (zsh, bash's globstar) match at least the files they would.
		{nil, `rm .sy[!x]tem/hooks/guard.yaml`, "", []string{".sy[!x]tem/hooks/guard.yaml", ".system/hooks/guard.yaml"}},
		{nil, `rm .sy[[:alpha:]]tem/hooks/guard.yaml`, "", []string{".sy[[:alpha:]]tem/hooks/guard.yaml", ".system/hooks/guard.yaml", "sys/hooks/guard.yaml"}}, // [:alpha:] may be read more ways than one: any name matches
		{nil, `rm .sy[]s]tem/hooks/guard.yaml`, "", []string{".sy[]s]tem/hooks/guard.yaml", ".system/hooks/guard.yaml"}},
		{nil, `rm .SY[S]TEM/hooks/guard.yaml`, "", []string{".SY[S]TEM/hooks/guard.yaml", ".system/hooks/guard.yaml"}},
		{nil, `rm **/guard.yaml`, "", []string{"**/guard.yaml", ".system/hooks/guard.yaml"}},
		{nil, `rm -r .system/**`, "", []string{".system/**", ".system", ".system/hooks", ".system/hooks/guard.yaml"}},
		{nil, `rm nothing*`, "", []string{"nothing*"}},
		// A short option's value in its own word is kept where it may be a path: spelled as one, or
		// naming a file that exists (docs); the f of -rf is neither.
		{nil, `sort -o.system/hooks/guard.yaml x`, "", []string{"x", ".system/hooks/guard.yaml"}},
		{nil, `tar -xf a.tar -Cdocs`, "", []string{"a.tar", "docs", "docs/etc", "/etc", "docs/é.md"}},
		{nil, `rm -rf x`, "", []string{"x"}},
		// What a command may change beneath a directory it names: everything there, and what links lead to.
		{nil, `tar -xf /tmp/e.tar -C docs`, "", []string{"/tmp/e.tar", "docs", "docs/etc", "/etc", "docs/é.md"}},
		{nil, `cd docs && rm -r .`, "", []string{"docs", ".", ".system", ".system/hooks", "sys", "docs/etc", "/etc", "docs/é.md", ".system/hooks/guard.yaml"}}, // . as written too: the cd may fail
		// Under the C locale a ? matches one byte: ?? names é, two bytes in UTF-8.
		{nil, `rm docs/??.md`, "", []string{"docs/??.md", "docs/é.md"}},
		{nil, `rm docs/?.md`, "", []string{"docs/?.md", "docs/é.md"}},
		{[]string{"sys/hooks/new.yaml"}, "", "", []string{"sys/hooks/new.yaml", ".system/hooks/new.yaml"}},
		{nil, `cat hooks/guard.yaml`, filepath.Join(root, "sys"), []string{"sys/hooks/guard.yaml", ".system/hooks/guard.yaml"}},
		{nil, `cat docs/etc/passwd`, "", []string{"docs/etc/passwd", "/etc/passwd"}},
		{[]string{"README.md"}, `rm .system/hooks/guard.yaml`, "", []string{"README.md", ".system/hooks/guard.yaml"}},
	} {
		if got, _ := Of(tc.given, tc.command, shellcmd.POSIX, tc.cwd, root, nil); !slices.Equal(got, tc.want) {
			t.Errorf("Of(%q, %q, cwd %q) = %q, want %q", tc.given, tc.command, tc.cwd, got, tc.want)
		}
	}
}

// TestOfBoundsPatterns: a pattern that would walk a large tree is expanded only so far; reading a
// command line never lists a whole file system.
func TestOfBoundsPatterns(t *testing.T) {
	root := t.TempDir()
	for i := range maxGlobEntries + 100 {
		if err := os.WriteFile(filepath.Join(root, fmt.Sprintf("f%05d", i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, unknown := Of(nil, `ls */*/* f*`, shellcmd.POSIX, "", root, nil)
	if len(got) > maxGlobEntries+2 {
		t.Errorf("Of listed %d paths, want at most %d", len(got), maxGlobEntries+2)
	}
	// What was not read might be anything: a guard must not take the paths read for all of them.
	if want := `the pattern "*/*/*" matches more than the 4096 directory entries hookrun reads for one call`; unknown != want {
		t.Errorf("unknown = %q, want %q", unknown, want)
	}
}

// projectWithBig is a project whose directory big holds n empty files.
func projectWithBig(t *testing.T, n int) string {
	t.Helper()
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "big"), 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if err := os.WriteFile(filepath.Join(root, "big", fmt.Sprintf("f%05d", i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestOfBoundsTrees: what lies beneath a directory a command may change is read only so far; past
// that it is only known when the call runs.
func TestOfBoundsTrees(t *testing.T) {
	root := projectWithBig(t, maxTreeEntries)
	got, unknown := Of(nil, `rm -r big`, shellcmd.POSIX, "", root, nil)
	if len(got) != maxTreeEntries+1 || unknown != "" {
		t.Errorf("rm -r big: %d paths, unknown %q; want %d and none", len(got), unknown, maxTreeEntries+1)
	}
	if err := os.WriteFile(filepath.Join(root, "big", "one-more"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, unknown = Of(nil, `rm -r big`, shellcmd.POSIX, "", root, nil)
	if want := `"big" holds more than the 20000 entries hookrun reads for one call, and the command may change any of them`; unknown != want {
		t.Errorf("unknown = %q, want %q", unknown, want)
	}
}

// TestOfTreeGiven: DIR/**, as a dialect gives a search tool's directory, is DIR's tree, read
// within the trees' budget rather than the patterns' (a search of a project with a large .git
// must not be unknown), and past it only known when the call runs.
func TestOfTreeGiven(t *testing.T) {
	root := projectWithBig(t, maxGlobEntries+1)
	got, unknown := Of([]string{"big/**"}, "", shellcmd.POSIX, "", root, nil)
	if len(got) != maxGlobEntries+3 || unknown != "" { // big/**, big, its files
		t.Errorf("big/**: %d paths, unknown %q; want %d and none", len(got), unknown, maxGlobEntries+3)
	}
	got, unknown = Of([]string{"**"}, "", shellcmd.POSIX, filepath.Join(root, "big"), root, nil)
	if len(got) != maxGlobEntries+3 || !slices.Contains(got, "big/f00000") || unknown != "" {
		t.Errorf("** in big: %d paths, unknown %q; want %d and none", len(got), unknown, maxGlobEntries+3)
	}
	root = projectWithBig(t, maxTreeEntries+1)
	_, unknown = Of([]string{"**"}, "", shellcmd.POSIX, "", root, nil)
	if want := `"." holds more than the 20000 entries hookrun reads for one call, and the call reads all of them`; unknown != want {
		t.Errorf("unknown = %q, want %q", unknown, want)
	}
}

// TestOfUnknown: a path only known when the line runs, and a pattern whose files could not all be
// read (a directory filled to use up what is read before the pattern that matters), make the call's
// paths unknown.
func TestOfUnknown(t *testing.T) {
	root := projectWithBig(t, maxGlobEntries)
	for _, tc := range []struct{ command, want string }{
		{`rm .system/hooks/x.yaml`, ""},
		{`rm big/*`, ""},
		{`rm $D/hooks/x.yaml`, "the path $D/hooks/x.yaml is only known when the line runs"},
		{`rm big/* .s*/hooks/x.yaml`, `the pattern ".s*/hooks/x.yaml" matches more than the 4096 directory entries hookrun reads for one call`},
	} {
		if _, got := Of(nil, tc.command, shellcmd.POSIX, "", root, nil); got != tc.want {
			t.Errorf("Of(%q) unknown = %q, want %q", tc.command, got, tc.want)
		}
	}
}

// TestOfFoldsCase: where file systems ignore case (pathcase.Fold), an absolute path whose
// spelling of the root differs only in case is inside the root (an agent's /Users/me/Proj/x
// for a root of /Users/me/proj). A file-name pattern lists the files it reaches in any case,
// folding or not (bash's nocaseglob, zsh's (#i), PowerShell's wildcards).
func TestOfFoldsCase(t *testing.T) {
	defer pathcase.SetFold(pathcase.Fold())()
	root := t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	if err := os.MkdirAll(filepath.Join(root, ".system/hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".system/hooks/guard.yaml"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	upper := strings.ToUpper(root)
	for _, tc := range []struct {
		given         []string
		command       string
		exact, folded []string
	}{
		{[]string{upper + "/.SYSTEM/hooks/x.yaml"}, "", []string{upper + "/.SYSTEM/hooks/x.yaml"}, []string{".SYSTEM/hooks/x.yaml"}},
		{[]string{upper}, "", []string{upper}, []string{"."}},
		{[]string{upper + "x/a"}, "", []string{upper + "x/a"}, []string{upper + "x/a"}}, // a sibling of the root is outside it
		// A pattern matches in any case on every platform (nocaseglob), folded as pathcase folds it.
		{nil, `rm .ſYSTE?/hooks/GUARD.*`, []string{".ſYSTE?/hooks/GUARD.*", ".system/hooks/guard.yaml"}, []string{".ſYSTE?/hooks/GUARD.*", ".system/hooks/guard.yaml"}},
	} {
		for _, fold := range []bool{false, true} {
			pathcase.SetFold(fold)
			want := tc.exact
			if fold {
				want = tc.folded
			}
			if got, _ := Of(tc.given, tc.command, shellcmd.POSIX, "", root, nil); !slices.Equal(got, want) {
				t.Errorf("Fold %v: Of(%q, %q) = %q, want %q", fold, tc.given, tc.command, got, want)
			}
		}
	}
}

// TestOfRevisions: the files a git command bringing another commit changes are the call's paths,
// asked of git in the directory the command runs in; what git cannot answer, too many files, or
// no git to ask make them unknown.
func TestOfRevisions(t *testing.T) {
	var asked []string
	git := func(files []string, err error) Git {
		return func(dir, rev string, guess bool) ([]string, error) {
			asked = append(asked, fmt.Sprintf("%s %s %v", dir, rev, guess))
			return files, err
		}
	}
	many := make([]string, maxTreeEntries+1)
	for i := range many {
		many[i] = fmt.Sprintf("/p/f%d", i)
	}
	for _, tc := range []struct {
		command string
		git     Git
		asked   string
		paths   []string
		unknown string
	}{
		{"git checkout evil", git([]string{"/p/sub/../.system/hooks/x.yaml"}, nil), "/p/sub evil true", []string{".system/hooks/x.yaml"}, ""},
		{"git -C .. merge main", git(nil, nil), "/p main false", []string{"."}, ""},
		{"git merge main", git(nil, fmt.Errorf("git rev-parse: boom")), "/p/sub main false", nil, `what "main" brings is only known when the call runs: git rev-parse: boom`},
		{"git merge main", git(many, nil), "/p/sub main false", nil, `what "main" brings is only known when the call runs: it changes more than the 20000 files hookrun reads for one call`},
		{"git merge main", nil, "", nil, `what "main" brings is only known when the call runs: hookrun does not ask git here`},
	} {
		asked = nil
		got, unknown := Of(nil, tc.command, shellcmd.POSIX, "/p/sub", "/p", tc.git)
		got = slices.DeleteFunc(got, func(p string) bool { return strings.HasPrefix(p, "sub") })
		if strings.Join(asked, "|") != tc.asked || !slices.Equal(got, tc.paths) || unknown != tc.unknown {
			t.Errorf("Of(%q): asked %q, paths %q, unknown %q; want %q, %q, %q", tc.command, asked, got, unknown, tc.asked, tc.paths, tc.unknown)
		}
	}
}

// TestOfCopies: what a copy, a move or a link brings lands beneath its target, whether the
// target is made a copy of the source (no such directory yet) or holds it under its own name.
func TestOfCopies(t *testing.T) {
	root, evil := t.TempDir(), t.TempDir()
	if err := os.MkdirAll(filepath.Join(evil, "hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(evil, "hooks", "guard.sh"), nil, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ command, want string }{
		{"cp -r EVIL scripts", "scripts/hooks/guard.sh"},
		{"mv EVIL scripts", "scripts/hooks/guard.sh"},
		{"ln -s EVIL scripts", "scripts/hooks/guard.sh"},
		{"cd sub && cp -r EVIL ../scripts", "scripts/hooks/guard.sh"},
		{"cp -r EVIL/hooks scripts", "scripts/hooks/guard.sh"},
		{"rsync -a EVIL/ scripts/", "scripts/hooks/guard.sh"},
		{"cp -r EVIL/. node_modules/.bin", "node_modules/.bin/hooks/guard.sh"},
	} {
		command := strings.ReplaceAll(tc.command, "EVIL", evil)
		got, unknown := Of(nil, command, shellcmd.POSIX, "", root, nil)
		if !slices.Contains(got, tc.want) || unknown != "" {
			t.Errorf("Of(%q) = %q, unknown %q; want %s among them", tc.command, got, unknown, tc.want)
		}
	}
}

// A path is followed through links only as far as it exists: beneath a name that does not exist
// nothing can be a link, and the rest is cleaned as written. A Write of a path of 400,000
// components (800 KB, which the agent sends) made follow stat and join every prefix, quadratic:
// emit ran for more than ten minutes, past every agent's timeout, which lets the call through.
func TestFollowStopsWhereThePathEnds(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "a", ".system"), 0o755); err != nil {
		t.Fatal(err)
	}
	stats := 0
	lstat = func(p string) (os.FileInfo, error) { stats++; return os.Lstat(p) }
	defer func() { lstat = os.Lstat }()
	deep := root + "/a/" + strings.Repeat("x/", 20000) + strings.Repeat("../", 20000) + ".system/hooks/g.yaml"
	if got, want := follow(deep), filepath.Join(root, "a/.system/hooks/g.yaml"); got != want {
		t.Errorf("follow = %q, want %q", got, want)
	}
	if max := strings.Count(root, "/") + 4; stats > max {
		t.Errorf("follow stat %d names, want at most %d: one a name that may exist: the root's, a, the first x, then .system and hooks after the climb back", stats, max)
	}
}

// TestOfFinds: a find that acts on some names only names the files beneath its start points whose
// names match, and with -exec what lies beneath them too.
func TestOfFinds(t *testing.T) {
	root := t.TempDir()
	files := []string{"a/x.pyc", "a/b/y.PYC", "src/__pycache__/m.pyc", "src/main.py", ".system/hooks/guard.yaml"}
	for _, f := range files {
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct{ command, want string }{
		{"find . -name '*.pyc' -delete", "a/x.pyc src/__pycache__/m.pyc"},
		{"find . -iname '*.pyc' -delete", "a/x.pyc a/b/y.PYC src/__pycache__/m.pyc"},
		{"find . -type d -name __pycache__ -exec rm -rf {} +", "src/__pycache__/m.pyc"},
		{"find . -name 'h[!x]oks' -exec rm -rf {} +", ".system/hooks/guard.yaml"},
		{"find .system/hooks -name hooks -exec rm -rf {} +", ".system/hooks/guard.yaml"},
		{"find . -name '*.yaml' -delete", ".system/hooks/guard.yaml"},
		{"find . -name '*.py' -exec true {} \\; -delete", "src/main.py"},
	} {
		got, unknown := Of(nil, tc.command, shellcmd.POSIX, "", root, nil)
		var named []string
		for _, f := range files {
			if slices.Contains(got, f) {
				named = append(named, f)
			}
		}
		if g := strings.Join(named, " "); g != tc.want || unknown != "" {
			t.Errorf("Of(%q) names the files %q (unknown %q), want %q", tc.command, g, unknown, tc.want)
		}
	}
}

// TestOfRootWithPatternCharacters: a project whose own path holds a pattern character
// (/src/app[1]) is that directory, not a pattern: rm -r scripts there named only scripts, and the
// files beneath it, which a guard on scripts/hooks/** protects, went unseen. A directory the line
// names with a quoted [ is read beneath too.
func TestOfRootWithPatternCharacters(t *testing.T) {
	base := t.TempDir()
	if r, err := filepath.EvalSymlinks(base); err == nil {
		base = r
	}
	root := filepath.Join(base, "app[1]*?")
	for _, d := range []string{"scripts/hooks", ".system/hooks", "d[1]/x"} {
		for _, r := range []string{root, filepath.Join(base, "app1xy")} { // what the pattern would match instead
			if err := os.MkdirAll(filepath.Join(r, d), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(root, d, "g.sh"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		given   []string
		command string
		cwd     string
		want    []string
	}{
		{nil, `rm -r scripts`, "", []string{"scripts", "scripts/hooks", "scripts/hooks/g.sh"}},
		{nil, `rm -r hooks`, filepath.Join(root, "scripts"), []string{"scripts/hooks", "scripts/hooks/g.sh"}},
		{nil, `rm .sys*/hooks/g.sh`, "", []string{".sys*/hooks/g.sh", ".system/hooks/g.sh"}},
		{nil, `find scripts -name g.sh -delete`, "", []string{"scripts", "g.sh", "scripts/hooks/g.sh"}},
		{nil, `cp -r scripts/. /tmp/x`, "", []string{"scripts", "/tmp/x", "/tmp/x/hooks", "/tmp/x/hooks/g.sh"}},
		{[]string{"scripts/**"}, "", "", []string{"scripts/**", "scripts", "scripts/hooks", "scripts/hooks/g.sh"}},
		// A name with a [ the line quoted, or a pattern that matches nothing, which the shell passes as written.
		{nil, `rm -r 'd[1]'`, "", []string{"d[1]", "d[1]/x", "d[1]/x/g.sh"}},
		{nil, `cd 'd[1]' && rm -r x`, "", []string{"d[1]", "x", "d[1]/x", "d[1]/x/g.sh"}},
	} {
		if got, _ := Of(tc.given, tc.command, shellcmd.POSIX, tc.cwd, root, nil); !slices.Equal(got, tc.want) {
			t.Errorf("Of(%q, %q, cwd %q) = %q, want %q", tc.given, tc.command, tc.cwd, got, tc.want)
		}
	}
}

// TestOfUnpacks: an archive unpacked into the project's root, or a directory holding it, may
// make any file of the project, under names only it holds: the paths are only known when the
// call runs (tar -xzf a.tgz named only the files there already, and a guard over .envrc, not yet
// made, saw nothing guarded). Beneath another directory, Unpacked names it for the guards over
// what may lie there; a scratch directory outside the project is left out, unless a link leads
// from it back in.
func TestOfUnpacks(t *testing.T) {
	root := t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	scratchDir := t.TempDir()
	if err := os.Symlink(root, filepath.Join(scratchDir, "back")); err != nil {
		t.Fatal(err)
	}
	home, _ := os.UserHomeDir()
	up := func(dir, why string) shellcmd.Unpack { return shellcmd.Unpack{Dir: dir, By: why} }
	why := func(by, dir string) string {
		return by + ` unpacks files beneath "` + dir + `" under names only the archive holds, known when the call runs`
	}
	for _, tc := range []struct {
		command, unknown string
		unpacked         []shellcmd.Unpack
	}{
		{`tar -xf a.tar -C newdir`, "", []shellcmd.Unpack{up("newdir", why("tar", "newdir"))}},
		{`unzip a.zip`, why("unzip", "."), []shellcmd.Unpack{up(".", why("unzip", "."))}},
		// The cd may fail: .. is taken from where the line starts too.
		{`cd scripts && 7z x a.7z -o..`, why("7z", ".."), []shellcmd.Unpack{up(filepath.Dir(root), why("7z", "..")), up(".", why("7z", "."))}},
		{`7z x a.7z -o` + root + `/x`, "", []shellcmd.Unpack{up("x", why("7z", root+"/x"))}},
		{`tar -xf a.tar -C ` + filepath.Dir(root), why("tar", filepath.Dir(root)), []shellcmd.Unpack{up(filepath.Dir(root), why("tar", filepath.Dir(root)))}},
		{`tar -xf a.tar -C ~/.ssh`, "", []shellcmd.Unpack{up(home+"/.ssh", why("tar", "~/.ssh"))}},
		{`tar -xf a.tar -C ` + scratchDir + `/back/hooks`, "", []shellcmd.Unpack{up(scratchDir+"/back/hooks", why("tar", scratchDir+"/back/hooks")), up("hooks", why("tar", scratchDir+"/back/hooks"))}},
		{`ln -s ` + root + ` ` + scratchDir + `/new && tar -xf a.tar -C ` + scratchDir + `/new`, why("tar", root), []shellcmd.Unpack{up(".", why("tar", root))}},
		{`tar -xf a.tar -C ` + scratchDir, "", nil},
		{`mkdir -p /tmp/build && tar -xzf a.tgz -C /tmp/build`, "", nil},
		{`tar -tf a.tar`, "", nil},
		{`tar -czf out.tgz .`, "", nil},
	} {
		if _, got := Of(nil, tc.command, shellcmd.POSIX, "", root, nil); got != tc.unknown {
			t.Errorf("Of(%q) unknown = %q, want %q", tc.command, got, tc.unknown)
		}
		if got := Unpacked(tc.command, shellcmd.POSIX, "", root); !slices.Equal(got, tc.unpacked) {
			t.Errorf("Unpacked(%q) = %q, want %q", tc.command, got, tc.unpacked)
		}
	}
}
