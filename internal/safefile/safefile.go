// Package safefile reads and writes the files of a repository that may be
// hostile: it reads only regular files, never waits on a FIFO or a device,
// never reads past a cap, and writes beneath a project root without ever
// following a symbolic link the repository controls.
package safefile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// NotRegularError says a path is not a regular file.
type NotRegularError struct {
	Path string
	Kind string // "a FIFO", "a directory", ...
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not a regular file", e.Path, e.Kind)
}

// Unwrap is syscall.EISDIR for a directory, as reading one gives.
func (e *NotRegularError) Unwrap() error {
	if e.Kind == dirKind {
		return syscall.EISDIR
	}
	return nil
}

// dirKind is a directory's NotRegularError.Kind.
const dirKind = "a directory"

// TooLargeError says a file is larger than its cap.
type TooLargeError struct {
	Path string
	Max  int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s is larger than the maximum of %d bytes", e.Path, e.Max)
}

// SymlinkError says a path beneath a project root goes through a symbolic link.
type SymlinkError struct{ Path string }

func (e *SymlinkError) Error() string {
	return fmt.Sprintf("%s is a symbolic link: hookrun does not follow links in the project", e.Path)
}

// ChangedError says a file changed between a read and the write that was
// to replace what was read.
type ChangedError struct{ Path string }

func (e *ChangedError) Error() string {
	return fmt.Sprintf("%s changed while hookrun was writing it (another program wrote it meanwhile): nothing was written; run the command again", e.Path)
}

// ReplaceFile is WriteFile, done only while name still holds was (or,
// when !existed, while there is no name): checked when data is on disk
// under its temporary name, just before the rename, so that a change
// another program made since the caller read the file (the agent, an
// editor, a second hookrun) is never overwritten in silence.
func (d *Dir) ReplaceFile(name string, was []byte, existed bool, data []byte, perm os.FileMode) error {
	return d.writeFile(name, data, perm, func() error {
		changed := &ChangedError{filepath.Join(d.path, name)}
		f, err := d.OpenFile(name, os.O_RDONLY, 0)
		if errors.Is(err, fs.ErrNotExist) && !existed {
			return nil
		}
		if err != nil || !existed {
			return changed
		}
		defer f.Close()
		now, err := io.ReadAll(io.LimitReader(f, int64(len(was))+1))
		if err != nil || !bytes.Equal(now, was) {
			return changed
		}
		return nil
	})
}

// kind names a file mode for messages.
func kind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return dirKind
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	case m&os.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a regular file"
}

// ReadFile reads the regular file at path (a symbolic link to one is
// followed), at most max bytes. It opens without blocking, so a FIFO never
// hangs it, and refuses anything but a regular file.
func ReadFile(path string, max int64) ([]byte, error) {
	data, _, err := ReadFileInfo(path, max)
	return data, err
}

// ReadFileInfo is ReadFile, and the file's information as it was opened.
func ReadFileInfo(path string, max int64) ([]byte, os.FileInfo, error) {
	return ReadFileWithin(path, max, nil)
}

// OutsideError says a file, once opened, was not where it had to be.
type OutsideError struct {
	Path string
	Real string // where the open file is; "" when it changed while opened
}

func (e *OutsideError) Error() string {
	if e.Real == "" {
		return e.Path + " changed while it was opened"
	}
	return e.Path + " is " + e.Real
}

// ReadFileWithin is ReadFileInfo for a file that must lie, its links
// followed, where inside says (inside nil: anywhere). It asks where the
// file it opened is, not where the path leads now or led before: a
// check of the path before the read cannot stop a link swapped in after
// it, and a link swapped in during the read is refused too.
func ReadFileWithin(path string, max int64, inside func(real string) bool) ([]byte, os.FileInfo, error) {
	f, st, err := openRegular(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	if inside != nil {
		if real, err := Where(f, path, st); err != nil || !inside(real) {
			return nil, nil, &OutsideError{path, real}
		}
	}
	if st.Size() > max {
		return nil, nil, &TooLargeError{path, max}
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, nil, err
	}
	if int64(len(data)) > max { // it grew while read
		return nil, nil, &TooLargeError{path, max}
	}
	return data, st, nil
}

// openRegular opens the regular file at path (links followed) without waiting on it, and refuses
// anything else.
func openRegular(path string) (*os.File, os.FileInfo, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|readFlags, 0)
	if err != nil {
		// A socket cannot be opened at all (ENXIO, "no such device or
		// address"): say what is there, as for a FIFO.
		if st, serr := os.Stat(path); serr == nil && !st.Mode().IsRegular() && !st.IsDir() {
			return nil, nil, &NotRegularError{path, kind(st.Mode())}
		}
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, nil, &NotRegularError{path, kind(st.Mode())}
	}
	return f, st, nil
}

// components splits a relative, slash- or separator-separated path into
// its names, dropping empty and "." ones; ".." is kept, and refused by
// the O_NOFOLLOW walk only if it is a link, so callers pass clean paths.
func components(rel string) []string {
	var out []string
	for _, c := range strings.Split(filepath.ToSlash(rel), "/") {
		if c != "" && c != "." {
			out = append(out, c)
		}
	}
	return out
}

// Beneath reports whether path lies inside root, and its path relative to it.
func Beneath(root, path string) (string, bool) {
	rel, err := filepath.Rel(root, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return rel, true
}

// Where is the path of the open file f, which was opened at path and has
// the information st. Where the system says which file a descriptor is
// (Linux's /proc/self/fd), that is the answer; elsewhere path's links are
// resolved again and the result must be the file f is, so a link swapped
// in while f was opened is noticed ("" and an error), though one swapped
// in and back between the open and that check is not.
func Where(f *os.File, path string, st os.FileInfo) (string, error) {
	if real, ok := fdPath(f); ok {
		return real, nil
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", err
	}
	if real, err = filepath.Abs(real); err != nil {
		return "", err
	}
	now, err := os.Stat(real)
	if err != nil {
		return "", err
	}
	if !os.SameFile(st, now) {
		return "", fmt.Errorf("%s changed while it was opened", path)
	}
	return real, nil
}

// ReadHead reads the regular file at path (a symbolic link to one is
// followed) without blocking, as ReadFile does, but a file larger than
// max is not an error: its first max bytes are returned, and whole is
// false. A path that is not a regular file is refused before it is
// opened, where it can be: opening some devices does something (a tape
// rewinds).
func ReadHead(path string, max int64) (data []byte, whole bool, err error) {
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return nil, false, &NotRegularError{path, kind(st.Mode())}
	}
	f, _, err := openRegular(path)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	data, err = io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, false, err
	}
	if int64(len(data)) > max {
		return data[:max], false, nil
	}
	return data, true, nil
}
