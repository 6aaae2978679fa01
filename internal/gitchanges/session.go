package gitchanges

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hookrun/hookrun/internal/safefile"
)

// A session's start is the commit HEAD was at when hookrun first saw the session (its first
// event other than SessionStop), kept in the repository's git directory, under
// hookrun/sessions/, one file per session id: the files that differ from it at the session's
// end are what the session changed, committed or not, whatever refs it moved since (git
// update-ref of the base, git branch -f, git push . HEAD:main moved the base BASE of
// --changed-from-git=BASE up to HEAD and hid every commit). protect_hooks asks before a call
// that names the records (.git/hookrun/**): one rewritten or deleted would move the start.

// startFile is where the start of session is kept for the work tree holding dir: its git
// directory (.git, or where a .git file points), or "" when there is none.
func startFile(dir, session string) string {
	_, work := trees(dir)
	if work == "" {
		return ""
	}
	gitDir := filepath.Join(work, ".git")
	if fi, err := os.Lstat(gitDir); err != nil {
		return ""
	} else if fi.Mode().IsRegular() {
		data, err := safefile.ReadFile(gitDir, 4096)
		target, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir:")
		if err != nil || !ok {
			return ""
		}
		if gitDir = strings.TrimSpace(target); !filepath.IsAbs(gitDir) {
			gitDir = filepath.Join(work, gitDir)
		}
	}
	sum := sha256.Sum256([]byte(session))
	return filepath.Join(gitDir, "hookrun", "sessions", hex.EncodeToString(sum[:16]))
}

// Start returns the commit recorded as where session started in the work tree holding dir, or ""
// when none is recorded (or there is no work tree).
func Start(dir, session string) (string, error) {
	f := startFile(dir, session)
	if f == "" {
		return "", nil
	}
	data, err := safefile.ReadFile(f, 256)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	commit := strings.TrimSpace(string(data))
	if !isObjectName(commit) {
		return "", fmt.Errorf("%s, the record of where session %q started, holds no commit id", f, session)
	}
	return commit, nil
}

// Records are kept while their sessions go on: each event refreshes its session's record once a
// day (refreshAfter), and a record no event touched for recordMaxAge is removed when a new
// session's is written, at most once a day (a marker file's time says when last). A session
// resumed after that starts again where HEAD is then; its earlier ends listed its earlier work.
const (
	recordMaxAge = 30 * 24 * time.Hour
	refreshAfter = 24 * time.Hour
	prunedMarker = ".pruned"
	tempPrefix   = ".start-"
)

// RecordStart records HEAD as where session starts in the work tree holding dir, unless a start
// is recorded already: the first of several events at once wins. A work tree with no commit
// yet records the empty tree, so that every file the session makes counts as its change; one
// with no work tree records nothing.
func RecordStart(ctx context.Context, dir, session string) error {
	f := startFile(dir, session)
	if f == "" {
		return nil
	}
	if fi, err := os.Lstat(f); !errors.Is(err, fs.ErrNotExist) {
		if now := time.Now(); err == nil && fi.Mode().IsRegular() && now.Sub(fi.ModTime()) > refreshAfter {
			// A record not refreshed is at worst removed while its session is idle.
			_ = os.Chtimes(f, now, now)
		}
		return err // recorded already, or unreadable
	}
	run, err := gitIn(ctx, dir)
	if err != nil {
		return err
	}
	head, err := run("rev-parse", "--verify", "--quiet", "HEAD^{commit}")
	if notFound(err) {
		// No commit yet: git knows the empty tree in the repository's own object format
		// (SHA-1 or SHA-256) without storing it.
		head, err = run("hash-object", "-t", "tree", "--stdin")
	}
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
		return err
	}
	prune(filepath.Dir(f), time.Now())
	tmp, err := os.CreateTemp(filepath.Dir(f), tempPrefix+"*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.WriteString(strings.TrimSpace(head) + "\n")
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	// A link fails where the name exists: whole, and first, or not at all.
	if err := os.Link(tmp.Name(), f); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	return nil
}

// Since returns the files whose content in the work tree differs from commit's (a session's
// start), and the untracked ones, as List names them: what the session changed.
func Since(ctx context.Context, dir, commit string) ([]string, error) {
	if !isObjectName(commit) {
		return nil, fmt.Errorf("%q is no commit id", commit)
	}
	files, err := List(ctx, dir, Head)
	if err != nil {
		return nil, err
	}
	run, err := gitIn(ctx, dir)
	if err != nil {
		return nil, err
	}
	prefix, err := run("rev-parse", "--show-prefix")
	if err != nil {
		return nil, err
	}
	off, err := filtersOff(run)
	if err != nil {
		return nil, err
	}
	// A submodule is compared by its commit alone: one dirty is known only by running git
	// status inside it, with its own configuration (a filter filtersOff does not know).
	diff, err := run(append(off, "diff", "--name-only", "-z", "--no-renames", "--no-ext-diff", "--no-textconv", "--ignore-submodules=dirty", commit, "--")...)
	if err != nil {
		return nil, fmt.Errorf("the commit the session started at, %s: %w", commit, err)
	}
	return relativeTo(append(files, relativeTo(splitZ(diff), strings.TrimSuffix(strings.TrimSpace(prefix), "/"))...), ""), nil
}

// isObjectName reports whether s is a full object id, SHA-1 or SHA-256, in lower-case hex.
func isObjectName(s string) bool {
	return (len(s) == 40 || len(s) == 64) && isHex(s)
}

// isHex reports whether s is lower-case hexadecimal digits.
func isHex(s string) bool {
	for _, c := range s {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// prune removes from dir, the directory of the session records, the records and the temporary
// files of a hookrun that died writing one (tempPrefix) that nothing touched for recordMaxAge,
// unless it did so less than a day ago. It removes nothing else: the names are the records'
// own (32 hexadecimal digits). Failures are ignored: a record kept is 41 bytes.
func prune(dir string, now time.Time) {
	marker := filepath.Join(dir, prunedMarker)
	fi, err := os.Lstat(marker)
	switch {
	case err == nil && fi.Mode().IsRegular() && now.Sub(fi.ModTime()) < refreshAfter:
		return
	case err == nil && fi.Mode().IsRegular():
		_ = os.Chtimes(marker, now, now)
	case errors.Is(err, fs.ErrNotExist):
		if m, err := os.OpenFile(marker, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644); err == nil {
			_ = m.Close()
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || (!strings.HasPrefix(name, tempPrefix) && (len(name) != 32 || !isHex(name))) {
			continue
		}
		if info, err := e.Info(); err == nil && now.Sub(info.ModTime()) > recordMaxAge {
			_ = os.Remove(filepath.Join(dir, name))
		}
	}
}
