// Package safefile reads and writes the files of a repository that may be
// hostile: it reads only regular files, never waits on a FIFO or a device,
// never reads past a cap, and writes beneath a project root without ever
// following a symbolic link the repository controls.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"
)

// NotRegularError says a path is not a regular file.
type NotRegularError struct {
	Path string
	Kind string // "a FIFO", "a directory", ...
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not a regular file", e.Path, e.Kind)
}

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

// kind names a file mode for messages.
func kind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
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
	f, err := os.OpenFile(path, os.O_RDONLY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, nil, &NotRegularError{path, kind(st.Mode())}
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

// Dir is a directory opened beneath a root without following links.
type Dir struct {
	fd   int
	path string
}

// Close releases the directory.
func (d *Dir) Close() error { return unix.Close(d.fd) }

// OpenDir opens the directory rel beneath root, refusing a symbolic link
// in any component of rel; with create, missing directories are made
// (mode 0755). root itself may be reached through links: it is the
// project, chosen by the person running hookrun.
func OpenDir(root, rel string, create bool) (*Dir, error) {
	fd, err := unix.Open(root, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: root, Err: err}
	}
	d := &Dir{fd, root}
	for _, name := range components(rel) {
		if name == ".." {
			d.Close()
			return nil, fmt.Errorf("%s: %q leaves the directory", root, rel)
		}
		next, err := unix.Openat(d.fd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if errors.Is(err, unix.ENOENT) && create {
			if err = unix.Mkdirat(d.fd, name, 0o755); err == nil || errors.Is(err, unix.EEXIST) {
				next, err = unix.Openat(d.fd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
			}
		}
		p := filepath.Join(d.path, name)
		if err != nil {
			err = d.explain(name, p, err)
			d.Close()
			return nil, err
		}
		d.Close()
		d = &Dir{next, p}
	}
	return d, nil
}

// explain turns an openat error on name into one that says what is there.
func (d *Dir) explain(name, path string, err error) error {
	var st unix.Stat_t
	if unix.Fstatat(d.fd, name, &st, unix.AT_SYMLINK_NOFOLLOW) == nil {
		switch st.Mode & unix.S_IFMT {
		case unix.S_IFLNK:
			return &SymlinkError{path}
		case unix.S_IFDIR, unix.S_IFREG:
		default:
			return &NotRegularError{path, "a special file"}
		}
	}
	return &os.PathError{Op: "open", Path: path, Err: err}
}

// OpenFile opens name in d with flag (os.O_* flags), never following a
// symbolic link and never blocking on a FIFO, and refuses anything but a
// regular file.
func (d *Dir) OpenFile(name string, flag int, perm os.FileMode) (*os.File, error) {
	p := filepath.Join(d.path, name)
	fd, err := unix.Openat(d.fd, name, flag|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, uint32(perm.Perm()))
	if err != nil {
		if errors.Is(err, unix.ELOOP) || errors.Is(err, unix.EMLINK) {
			return nil, &SymlinkError{p}
		}
		return nil, d.explain(name, p, err)
	}
	f := os.NewFile(uintptr(fd), p)
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, &NotRegularError{p, kind(st.Mode())}
	}
	return f, nil
}

// WriteFile writes data to name in d in one rename, so no reader sees a
// half-written file. It refuses when name is a symbolic link or not a
// regular file; an existing file keeps its mode, a new one gets perm.
func (d *Dir) WriteFile(name string, data []byte, perm os.FileMode) error {
	p := filepath.Join(d.path, name)
	var st unix.Stat_t
	switch err := unix.Fstatat(d.fd, name, &st, unix.AT_SYMLINK_NOFOLLOW); {
	case err == nil && st.Mode&unix.S_IFMT == unix.S_IFLNK:
		return &SymlinkError{p}
	case err == nil && st.Mode&unix.S_IFMT != unix.S_IFREG:
		return &NotRegularError{p, "not a regular file"}
	case err == nil:
		perm = os.FileMode(st.Mode & 0o777)
	case !errors.Is(err, unix.ENOENT):
		return &os.PathError{Op: "stat", Path: p, Err: err}
	}
	tmp := fmt.Sprintf(".%s.hookrun-%d", name, os.Getpid())
	f, err := d.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	if werr == nil {
		werr = f.Chmod(perm)
	}
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = unix.Renameat(d.fd, tmp, d.fd, name)
	}
	if werr != nil {
		_ = unix.Unlinkat(d.fd, tmp, 0)
		return &os.PathError{Op: "write", Path: p, Err: werr}
	}
	return nil
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
