package pathcase

import (
	"runtime"
	"testing"
)

// TestFold: folding is on where the default file systems ignore case, and nowhere else unless
// HOOKRUN_FOLD_CASE=1 turns it on (rules_fold_case.txtar).
func TestFold(t *testing.T) {
	if want := runtime.GOOS == "darwin" || runtime.GOOS == "windows"; Fold != want {
		t.Errorf("Fold = %v on %s, want %v", Fold, runtime.GOOS, want)
	}
}

func TestKey(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{".SYSTEM/Hooks/X.yaml", ".system/hooks/x.yaml"},
		{".ſYSTEM", ".system"},                 // the long s upper-cases to S
		{"\u212Aey", "key"},                    // the Kelvin sign folds to k
		{"ıd", "id"},                           // the dotless i upper-cases to I
		{"ÉTÉ/Ça", "été/ça"},                   // beyond ASCII
		{"[A-Z]*?{a,b}\\*", "[a-z]*?{a,b}\\*"}, // a glob's metacharacters are kept
	} {
		if got := Key(tc.in); got != tc.want {
			t.Errorf("Key(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestEqual(t *testing.T) {
	defer func(f bool) { Fold = f }(Fold)
	for _, fold := range []bool{false, true} {
		Fold = fold
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
