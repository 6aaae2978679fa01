package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookrun/hookrun/internal/safefile"
)

// TrustedDirsVar names the variable that lists, separated as PATH is
// (colons; semicolons on Windows), directories whose hooks run even though another user owns them or
// anyone may write them (like git's safe.directory), and which a link in
// the hooks directory may lead to from outside the project; "*" trusts all.
const TrustedDirsVar = "HOOKRUN_TRUSTED_DIRS"

// UntrustedError says a hooks directory or declaration could be changed
// by someone other than the person running hookrun.
type UntrustedError struct {
	Path, Why string
}

func (e *UntrustedError) Error() string {
	return fmt.Sprintf("%s %s: hookrun does not run hooks that someone else can change; if you trust it, add its hooks directory to %s", e.Path, e.Why, TrustedDirsVar)
}

// checkTrust refuses a file or directory owned by another user (root, or
// on Windows the administrators and the system, excepted) or writable by
// everyone, unless it lies in a trusted directory (see trustedAt).
func checkTrust(path string, st os.FileInfo) error {
	why := untrusted(path, st)
	if why == "" || trustedAt(path) {
		return nil
	}
	return &UntrustedError{path, why}
}

// trustedAt reports whether path, or where its links lead, lies in a
// directory listed in TrustedDirsVar: a link to a shared directory (a
// --hooks-dir, a directory in the hooks directory) is trusted for the
// directory it leads to.
func trustedAt(path string) bool {
	if trusted(path) {
		return true
	}
	real, err := filepath.EvalSymlinks(path)
	return err == nil && real != path && trusted(real)
}

// trusted reports whether path lies in a directory listed in TrustedDirsVar.
// An entry starting with ~ is the home directory's, as a shell would have
// made it (a settings file's env or a quoted assignment leaves it as is);
// any other relative entry trusts nothing.
func trusted(path string) bool {
	for _, d := range filepath.SplitList(os.Getenv(TrustedDirsVar)) {
		if d == "*" {
			return true
		}
		if rest, ok := strings.CutPrefix(d, "~"); ok && (rest == "" || os.IsPathSeparator(rest[0])) {
			home, err := os.UserHomeDir()
			if err != nil || !filepath.IsAbs(home) {
				continue
			}
			d = filepath.Join(home, rest)
		}
		if filepath.IsAbs(d) && within(d, path) {
			return true
		}
	}
	return false
}

// FileTrust says why someone other than the person running hookrun could
// change the file at path, a file of the project a handler runs or reads,
// or returns nil: the file (its links followed) and each directory from it
// up to the project's tree are held to a declaration's rule (checkTrust),
// since whoever can change the guard's script can change what the guard
// decides. A file outside tree is not checked (a program on PATH, the
// system's shell), nor anything but a regular file.
func FileTrust(path, tree string) error {
	if _, inside := safefile.Beneath(tree, path); !inside {
		return nil
	}
	what := "the directory it is in"
	for p := path; ; p = filepath.Dir(p) {
		st, err := os.Stat(p)
		if err != nil || p == path && !st.Mode().IsRegular() {
			return nil
		}
		if why := untrusted(p, st); why != "" && !trustedAt(p) {
			return fmt.Errorf("%s %s: hookrun does not run hooks that someone else can change; if you trust it, add %s to %s", p, why, what, TrustedDirsVar)
		}
		if p == tree || p == filepath.Dir(p) {
			return nil
		}
		what = "the directory"
	}
}
