//go:build unix

package safefile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// readFlags make ReadFile's open return at once on a FIFO.
const readFlags = unix.O_NONBLOCK | unix.O_CLOEXEC

// OpenListing opens the directory at path (links followed) to read its
// entries. The open never waits: a FIFO put where a directory was
// expected fails at once (ENOTDIR), where a plain open would wait for a
// writer forever.
func OpenListing(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|unix.O_NONBLOCK|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
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
	return d.writeFile(name, data, perm, nil)
}

// writeFile is WriteFile; check, when not nil, runs once data is on disk
// under the temporary name, just before the rename, and its error stops
// the rename.
func (d *Dir) writeFile(name string, data []byte, perm os.FileMode, check func() error) error {
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
	if werr == nil {
		// On disk before the rename: a crash after it leaves the new file
		// whole, never an empty one under the old name.
		werr = f.Sync()
	}
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil && check != nil {
		if err := check(); err != nil {
			_ = unix.Unlinkat(d.fd, tmp, 0)
			return err
		}
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
