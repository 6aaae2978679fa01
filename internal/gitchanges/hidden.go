package gitchanges

import (
	"context"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/safefile"
)

// listUntracked lists the untracked files of the work tree (paths
// relative to its top) that neither a .gitignore file of the work tree
// nor the person's own excludes file ignores. git status also reads
// .git/info/exclude and a core.excludesFile of the repository's own
// configuration: an agent writes both (echo x >> .git/info/exclude, git
// config core.excludesFile /tmp/x) and no diff shows either, so a file it
// adds would be hidden from every SessionStop hook.
func listUntracked(run func(args ...string) (string, error), top string) ([]string, error) {
	// core.ignoreCase true, which a repository's configuration can say on a
	// file system that tells case apart, made git take a new F.TXT for the
	// tracked f.txt. Off, a file system that folds case lists a file renamed
	// only in case as new: more files, never fewer.
	args := []string{"-c", "core.ignoreCase=false", "ls-files", "-z", "--others", "--full-name", "--exclude-per-directory=.gitignore"}
	if mine := personsExcludes(run); mine != "" {
		args = append(args, "--exclude-from="+mine)
	}
	out, err := run(args...)
	if err != nil {
		return nil, err
	}
	files := splitZ(out)
	budget := maxNested
	for _, f := range files {
		if strings.HasSuffix(f, "/") {
			files = append(files, nestedFiles(top, f, &budget)...)
		}
	}
	return files, nil
}

// maxNested caps the entries read from the untracked repositories of one
// work tree: past it, the rest are named by their directory alone.
const maxNested = 20000

// nestedFiles lists the files under dir (relative to the work tree's top,
// ending in /), an untracked directory that git names alone because it
// holds a repository of its own: mkdir -p sub/.git/objects sub/.git/refs
// and a HEAD made every new file in sub invisible to a SessionStop glob.
// Links are listed, not followed; .git directories are left out; an
// unreadable directory is skipped (the directory itself is listed).
func nestedFiles(top, dir string, budget *int) []string {
	var out []string
	root := filepath.Join(top, filepath.FromSlash(dir))
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if *budget <= 0 {
			return filepath.SkipAll
		}
		*budget--
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if d.Name() == ".git" && p != root {
				return filepath.SkipDir
			}
			return nil
		}
		if rel, err := filepath.Rel(top, p); err == nil {
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return out
}

// personsExcludes is the excludes file of the person's (global) or the
// system's git configuration, or git's default one
// (~/.config/git/ignore), when it is a regular file; "" when there is
// none. A core.excludesFile of the repository's configuration is not
// theirs.
func personsExcludes(run func(args ...string) (string, error)) string {
	file := ""
	for _, scope := range []string{"--global", "--system"} { // the first that has one wins, as in git
		// No value is exit status 1; any other failure ($HOME not set) reads as
		// none too: more files are listed, never fewer.
		out, _ := run("config", scope, "-z", "--path", "--get", "core.excludesFile")
		if file = strings.TrimSuffix(out, "\x00"); file != "" {
			break
		}
	}
	if file == "" {
		if x := os.Getenv("XDG_CONFIG_HOME"); x != "" {
			file = filepath.Join(x, "git", "ignore")
		} else if home, err := os.UserHomeDir(); err == nil {
			file = filepath.Join(home, ".config", "git", "ignore")
		}
	}
	if st, err := os.Stat(file); err != nil || !st.Mode().IsRegular() || !filepath.IsAbs(file) {
		return "" // git would fail on a file it cannot read, or wait on a FIFO
	}
	return file
}

// indexLimits bound the listing of the whole index hiddenChanges reads:
// one line of about 60 bytes and the path for each file of the work
// tree, four million files of it.
var indexLimits = exec.Limits{MaxStdout: 256 << 20, MaxStderr: 64 << 10, Grace: time.Second}

// maxHidden caps a file hiddenChanges reads to compare: a larger one is
// listed as changed (a hook more runs).
const maxHidden = 64 << 20

// hiddenChanges lists the files (paths relative to the top of the work
// tree) that git status does not look at because their index entry says
// so, and that differ from the index: git update-index
// --assume-unchanged or --skip-worktree on a file an agent then changes
// is a change no git status or git diff shows. A file with either flag
// is compared with its index entry by content; one assumed unchanged and
// gone is listed as deleted. A skip-worktree file missing from the work
// tree is not: that is how a sparse checkout leaves the files it does not
// check out. dir is where git runs, prefix its path in the work tree
// (git rev-parse --show-prefix).
func hiddenChanges(ctx context.Context, run func(args ...string) (string, error), dir, prefix string) ([]string, error) {
	out, err := run("ls-files", "-z", "-v", "-s", "--full-name")
	if err != nil {
		return nil, err
	}
	var files []string
	for _, rec := range splitZ(out) {
		e, ok := parseIndexEntry(rec)
		if !ok {
			return nil, fmt.Errorf("git ls-files -v -s: unexpected entry %q", rec)
		}
		name, mode, object, skip := e.name, e.mode, e.object, e.skip
		if !e.assumed && !skip || e.stage != "0" || mode == "160000" {
			continue // git status compares it, or a submodule's commit
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		local := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(name, prefix)))
		st, err := os.Lstat(local)
		switch {
		case err != nil:
			if !skip {
				files = append(files, name) // deleted
			}
		case !sameContent(local, st, mode, object):
			files = append(files, name)
		}
	}
	return files, nil
}

// indexEntry is one line of git ls-files -v -s.
type indexEntry struct {
	assumed, skip             bool // assume-unchanged, skip-worktree
	mode, object, stage, name string
}

// parseIndexEntry reads "T MODE OBJECT STAGE\tPATH": T in lower case is
// assumed unchanged, S (or s) skip-worktree. The path is the rest of the
// record, tabs and all.
func parseIndexEntry(rec string) (indexEntry, bool) {
	meta, name, ok := strings.Cut(rec, "\t")
	if !ok || len(meta) < 2 || meta[1] != ' ' || name == "" {
		return indexEntry{}, false
	}
	tag, f := meta[0], strings.Split(meta[2:], " ")
	if len(f) != 3 {
		return indexEntry{}, false
	}
	return indexEntry{
		assumed: tag >= 'a' && tag <= 'z', skip: tag == 'S' || tag == 's',
		mode: f[0], object: f[1], stage: f[2], name: name,
	}, true
}

// sameContent reports whether the file at path (st its Lstat) holds what
// the index entry of that mode and object holds: its bytes as they are,
// hashed as git hashes a blob. No filter or end-of-line conversion is
// applied, so a file such a conversion would have shown unchanged is
// listed (a hook more runs).
func sameContent(path string, st os.FileInfo, mode, object string) bool {
	var data []byte
	switch {
	case mode == "120000" && st.Mode()&os.ModeSymlink != 0:
		target, err := os.Readlink(path)
		if err != nil {
			return false
		}
		data = []byte(filepath.ToSlash(target))
	case mode != "120000" && st.Mode().IsRegular():
		var err error
		if data, err = safefile.ReadFile(path, maxHidden); err != nil {
			return false
		}
	default:
		return false
	}
	var h hash.Hash
	switch len(object) {
	case 40:
		h = sha1.New()
	case 64:
		h = sha256.New()
	default:
		return false
	}
	fmt.Fprintf(h, "blob %d\x00", len(data))
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil)) == object
}
