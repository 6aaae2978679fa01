package pathcase

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestFold: folding is on where the default file systems ignore case, and nowhere else unless
// HOOKRUN_FOLD_CASE=1 turns it on (rules_fold_case.txtar).
func TestFold(t *testing.T) {
	if want := runtime.GOOS == "darwin" || runtime.GOOS == "windows"; Fold() != want {
		t.Errorf("Fold = %v on %s, want %v", Fold(), runtime.GOOS, want)
	}
}

func TestKey(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{".SYSTEM/Hooks/X.yaml", ".system/hooks/x.yaml"},
		{".ſYSTEM", ".system"},                       // the long s upper-cases to S
		{"\u212Aey", "key"},                          // the Kelvin sign folds to k
		{"ıd", "id"},                                 // the dotless i upper-cases to I
		{"ÉTÉ/Ça", "été/ça"},                         // beyond ASCII
		{"[A-Z]*?{a,b}\\*", "[a-z]*?{a,b}\\*"},       // a glob's metacharacters are kept
		{"Re\u0301sume\u0301s", "r\u00e9sum\u00e9s"}, // decomposed, as HFS+ stores it: APFS opens the composed name
		{"R\u00c9SUM\u00c9S", "r\u00e9sum\u00e9s"},
	} {
		if got := Key(tc.in); got != tc.want {
			t.Errorf("Key(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestEqual(t *testing.T) {
	defer SetFold(Fold())()
	for _, fold := range []bool{false, true} {
		SetFold(fold)
		for _, tc := range []struct {
			a, b   string
			folded bool // equal under Fold; without it only identical names are
		}{
			{".system", ".system", true},
			{".system", ".SYSTEM", true},
			{".system", ".ſystem", true},
			{".system", ".systen", false},
		} {
			want := tc.a == tc.b || fold && tc.folded
			if got := Equal(tc.a, tc.b); got != want {
				t.Errorf("Fold %v: Equal(%q, %q) = %v, want %v", fold, tc.a, tc.b, got, want)
			}
		}
	}
}

// TestKeyWin32: under Win32 a name is read as Windows reads it: trailing dots and spaces and a
// stream suffix dropped, so .system./hooks and .system::$INDEX_ALLOCATION/hooks are .system/hooks.
func TestKeyWin32(t *testing.T) {
	defer SetWin32(Win32())()
	for _, tc := range []struct{ in, win32 string }{
		{".system./hooks/x.yaml", ".system/hooks/x.yaml"},
		{".System . /Hooks/X.yaml. ", ".system/hooks/x.yaml"},
		{".system::$INDEX_ALLOCATION/hooks/x.yaml", ".system/hooks/x.yaml"},
		{".system/hooks/protect_hooks.yaml::$DATA", ".system/hooks/protect_hooks.yaml"},
		{".system/hooks/x.yaml:evil", ".system/hooks/x.yaml"},
		{"../a/./b", "../a/./b"},
		{"...", "..."}, // a name left empty is kept
		{"c:/proj/.system", "c/proj/.system"},
	} {
		for _, w := range []bool{false, true} {
			SetWin32(w)
			want := strings.ToLower(tc.in)
			if w {
				want = tc.win32
			}
			if got := Key(tc.in); got != want {
				t.Errorf("Win32 %v: Key(%q) = %q, want %q", w, tc.in, got, want)
			}
		}
	}
}

// TestNotice: a project root that opens a name in another case as the same file (WSL's /mnt/c,
// vfat, an ext4 casefold directory) turns folding on, with no HOOKRUN_FOLD_CASE; a directory that
// tells case apart, or lists both spellings as two files, does not.
func TestNotice(t *testing.T) {
	if os.Getenv(Env) == "1" {
		t.Skip(Env + " turns folding on already")
	}
	defer func(f func(string) (os.FileInfo, error)) { lstat = f; noticed.Store(false) }(lstat)
	defer SetFold(Fold())()
	SetFold(false)
	plain := t.TempDir()
	twins := t.TempDir()
	folding := t.TempDir()
	for _, f := range []string{plain + "/.system", twins + "/a", twins + "/A", folding + "/.system"} {
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, dir := range []string{plain, twins, t.TempDir(), filepath.Join(plain, "missing")} {
		if Notice(dir); On() {
			t.Fatalf("Notice(%s) turned folding on", dir)
		}
	}
	lstat = func(name string) (os.FileInfo, error) { // folding's directory ignores case
		if rest, ok := strings.CutPrefix(name, folding); ok {
			name = folding + strings.ToLower(rest)
		}
		return os.Lstat(name)
	}
	if Notice(folding); !On() {
		t.Errorf("Notice(%s) left folding off for a directory that ignores case", folding)
	}
}
