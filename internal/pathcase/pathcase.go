// Package pathcase compares file names as this platform's file systems
// do: ignoring case where they do by default (macOS's APFS, Windows's
// NTFS), and the other spellings they open as the same file (a decomposed
// accent on macOS; a trailing dot or a stream suffix on Windows), exactly
// elsewhere, so that a guard on .system/** is not walked around as
// .SYSTEM/hooks or .system./hooks on a file system that opens the same
// files.
package pathcase

import (
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Env names the variable that turns folding on where the platform does
// not: a Linux process whose project lives on a case-insensitive file
// system (WSL's /mnt/c, an ext4 directory with the casefold attribute,
// vfat or exFAT). It can only turn folding on: a guard never matches less.
const Env = "HOOKRUN_FOLD_CASE"

// Fold reports whether names are compared ignoring case, whatever Env
// says: on for darwin and windows, whose default file systems ignore case.
func Fold() bool { return fold.get() }

// SetFold sets what Fold reports, so that tests on Linux can exercise the
// folded comparison, and returns what restores it.
func SetFold(on bool) (restore func()) { return fold.set(on) }

var fold = setting{def: runtime.GOOS == "darwin" || runtime.GOOS == "windows"}

// setting is a platform's default that a test may change: atomically, as a
// goroutine another test left running (a rules phase an interrupt stopped
// waiting for) may still read it. Its zero override is the default, so no
// code runs at start-up to set it.
type setting struct {
	def      bool
	override atomic.Int32 // 0: def; 1: true; 2: false
}

func (s *setting) get() bool {
	switch s.override.Load() {
	case 1:
		return true
	case 2:
		return false
	}
	return s.def
}

func (s *setting) set(on bool) (restore func()) {
	v := int32(2)
	if on {
		v = 1
	}
	was := s.override.Swap(v)
	return func() { s.override.Store(was) }
}

// On reports whether names are compared ignoring case: Fold, Env set to
// "1" (read once, when first asked), or a directory Notice found to ignore
// case.
func On() bool {
	envOnce.Do(func() { envFold = os.Getenv(Env) == "1" })
	return Fold() || envFold || noticed.Load()
}

var (
	envOnce sync.Once
	envFold bool
	noticed atomic.Bool
	probed  sync.Map // the directories Notice has looked at
)

// Notice turns folding on for the rest of the process when the directory
// dir (a project root) ignores case, as WSL's /mnt/c, vfat, exFAT and an
// ext4 directory with the casefold attribute do, with or without Env: a
// Linux process there opens .system/hooks as .SYSTEM/Hooks, and a guard
// that did not fold would let that spelling through. It looks at the first
// entries of dir: one whose name has a letter, spelled in the other case, is
// opened as the same file though the directory lists no such name. Like
// Env, it only turns folding on.
func Notice(dir string) {
	if dir == "" || On() {
		return
	}
	if _, done := probed.LoadOrStore(dir, true); done {
		return
	}
	if foldsCase(dir) {
		noticed.Store(true)
	}
}

// maxProbed caps the entries Notice reads: one name with a letter is enough.
const maxProbed = 32

// lstat is os.Lstat; a test stands in a file system that ignores case.
var lstat = os.Lstat

func foldsCase(dir string) bool {
	f, err := os.Open(dir)
	if err != nil {
		return false
	}
	names, _ := f.Readdirnames(maxProbed)
	_ = f.Close()
	for _, n := range names {
		other := swapCase(n)
		if other == n {
			continue
		}
		if slices.Contains(names, other) {
			return false // both spellings listed: two files, the directory tells case apart
		}
		a, err := lstat(dir + string(os.PathSeparator) + n)
		if err != nil {
			continue
		}
		b, err := lstat(dir + string(os.PathSeparator) + other)
		return err == nil && os.SameFile(a, b)
	}
	return false
}

// swapCase is s with each ASCII letter in the other case.
func swapCase(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case 'a' <= r && r <= 'z':
			return r - 'a' + 'A'
		case 'A' <= r && r <= 'Z':
			return r - 'A' + 'a'
		}
		return r
	}, s)
}

// Key is s with case folded: two names have the same key when any of the
// file systems that ignore case could take them for the same name
// (Unicode simple case folding, as APFS does, and upper-casing, as
// NTFS does: "K", "k" and the Kelvin sign; "s", "S" and the long s "ſ";
// "ı" and "I"), in NFC, since APFS and HFS+ take a composed é and an e
// with a combining accent for the same name, and, under Win32, read as
// Windows reads a name (see Win32). Characters that are not letters are
// kept, so a glob's metacharacters survive.
func Key(s string) string {
	if ascii(s) {
		s = strings.ToLower(s)
	} else {
		// Composed again after folding: a lower-case letter may compose where its capital does not (y and a ring make ẙ; Y and a ring stay two).
		s = norm.NFC.String(strings.Map(FoldRune, norm.NFC.String(s)))
	}
	if Win32() {
		s = win32Name(s)
	}
	return s
}

// Win32 says whether Key also reads a name as Windows's Win32 layer does,
// through which most programs there open files: a trailing dot or space of
// a name is dropped (".system./hooks" and ".system /hooks" open
// .system\hooks), and so is a stream suffix ("x.yaml::$DATA" is x.yaml,
// ".system::$INDEX_ALLOCATION" the directory .system). On for windows.
func Win32() bool { return win32.get() }

// SetWin32 sets what Win32 reports, so that tests elsewhere can exercise
// it, and returns what restores it.
func SetWin32(on bool) (restore func()) { return win32.set(on) }

var win32 = setting{def: runtime.GOOS == "windows"}

// win32Name drops each slash-separated name's stream suffix and trailing
// dots and spaces; "." and ".." are kept, and so is a name that would be
// left empty.
func win32Name(s string) string {
	if !strings.ContainsAny(s, ". :") {
		return s
	}
	parts := strings.Split(s, "/")
	for i, p := range parts {
		if p == "." || p == ".." {
			continue
		}
		if j := strings.IndexByte(p, ':'); j > 0 {
			p = p[:j]
		}
		if t := strings.TrimRight(p, ". "); t != "" {
			p = t
		}
		parts[i] = p
	}
	return strings.Join(parts, "/")
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
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
