// Package pathcase compares file names as this platform's file systems
// do: ignoring case where they do by default (macOS's APFS, Windows's
// NTFS), exactly elsewhere, so that a guard on .system/** is not walked
// around as .SYSTEM/hooks on a file system that opens the same files.
package pathcase

import (
	"os"
	"runtime"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Env names the variable that turns folding on where the platform does
// not: a Linux process whose project lives on a case-insensitive file
// system (WSL's /mnt/c, an ext4 directory with the casefold attribute,
// vfat or exFAT). It can only turn folding on: a guard never matches less.
const Env = "HOOKRUN_FOLD_CASE"

// Fold says whether names are compared ignoring case, whatever Env says:
// on for darwin and windows, whose default file systems ignore case. It is
// a constant expression, so no code runs at start-up to set it, and a
// variable, so that tests on Linux can exercise the folded comparison (a
// test that sets it must not run in parallel with others that read it).
var Fold = runtime.GOOS == "darwin" || runtime.GOOS == "windows"

// On reports whether names are compared ignoring case: Fold, or Env set
// to "1" (read once, when first asked).
func On() bool {
	envOnce.Do(func() { envFold = os.Getenv(Env) == "1" })
	return Fold || envFold
}

var (
	envOnce sync.Once
	envFold bool
)

// Key is s with case folded: two names have the same key when any of the
// file systems that ignore case could take them for the same name
// (Unicode simple case folding, as APFS does, and upper-casing, as
// NTFS does: "K", "k" and the Kelvin sign; "s", "S" and the long s "ſ";
// "ı" and "I"). Characters that are not letters are kept, so a glob's
// metacharacters survive.
func Key(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s)
	}
	return strings.Map(FoldRune, s)
}

// FoldRune is the lower case of the smallest rune in the case-folding
// orbit of r's upper case: one representative for every rune any of the
// file systems identify with r.
func FoldRune(r rune) rune {
	u := unicode.ToUpper(r)
	lowest := u
	for f := unicode.SimpleFold(u); f != u; f = unicode.SimpleFold(f) {
		lowest = min(lowest, f)
	}
	return unicode.ToLower(lowest)
}

// Equal reports whether a and b name the same file (folded when On).
func Equal(a, b string) bool {
	return a == b || On() && Key(a) == Key(b)
}
