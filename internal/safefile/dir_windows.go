package safefile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unsafe"

	"golang.org/x/sys/windows"
)

// readFlags: Windows has no FIFOs in the file system, and os.OpenFile
// never blocks on what it finds there.
const readFlags = 0

// Dir is a directory opened beneath a root without following links.
//
// Windows has no openat, but the NT API it is built on opens a name
// relative to a directory handle. Each name is opened with
// FILE_OPEN_REPARSE_POINT, so a symbolic link, a junction or any other
// reparse point is opened itself rather than followed, and is refused as
// soon as its attributes show what it is: the handle hookrun goes on with
// is always the object that was found, never one a link pointed to.
type Dir struct {
	h    windows.Handle
	path string
}

// OpenListing opens the directory at path to read its entries (Windows
// has no FIFOs in the file system: an open never waits).
func OpenListing(path string) (*os.File, error) { return os.Open(path) }

// Close releases the directory.
func (d *Dir) Close() error { return windows.CloseHandle(d.h) }

// OpenDir opens the directory rel beneath root, refusing a reparse point
// (symbolic link, junction) in any component of rel; with create, missing
// directories are made. root itself may be reached through links: it is
// the project, chosen by the person running hookrun.
func OpenDir(root, rel string, create bool) (*Dir, error) {
	p, err := windows.UTF16PtrFromString(root)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: root, Err: err}
	}
	h, err := windows.CreateFile(p, windows.FILE_LIST_DIRECTORY|windows.FILE_TRAVERSE|windows.FILE_READ_ATTRIBUTES|windows.SYNCHRONIZE,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE, nil, windows.OPEN_EXISTING,
		windows.FILE_FLAG_BACKUP_SEMANTICS, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: root, Err: err}
	}
	d := &Dir{h, root}
	for _, name := range components(rel) {
		if name == ".." {
			d.Close()
			return nil, fmt.Errorf("%s: %q leaves the directory", root, rel)
		}
		disposition := uint32(windows.FILE_OPEN)
		if create {
			disposition = windows.FILE_OPEN_IF
		}
		next, err := d.open(name, windows.FILE_LIST_DIRECTORY|windows.FILE_TRAVERSE, disposition, windows.FILE_DIRECTORY_FILE)
		p := filepath.Join(d.path, name)
		d.Close()
		if err != nil {
			return nil, err
		}
		d = &Dir{next, p}
	}
	return d, nil
}

// open opens name in d, a single component, never following a reparse
// point: it refuses one, and anything but a directory or a regular file
// on a disk.
func (d *Dir) open(name string, access, disposition, options uint32) (windows.Handle, error) {
	p := filepath.Join(d.path, name)
	// A separator would make it a path; a colon names an alternate data
	// stream of the file before it.
	if name == "" || name == "." || strings.ContainsAny(name, `\/:`) {
		return 0, &os.PathError{Op: "open", Path: p, Err: windows.ERROR_INVALID_NAME}
	}
	u, err := windows.NewNTUnicodeString(name)
	if err != nil {
		return 0, &os.PathError{Op: "open", Path: p, Err: err}
	}
	attrs := windows.OBJECT_ATTRIBUTES{RootDirectory: d.h, ObjectName: u, Attributes: windows.OBJ_CASE_INSENSITIVE}
	attrs.Length = uint32(unsafe.Sizeof(attrs))
	var h windows.Handle
	err = windows.NtCreateFile(&h, access|windows.SYNCHRONIZE|windows.FILE_READ_ATTRIBUTES, &attrs,
		&windows.IO_STATUS_BLOCK{}, nil, windows.FILE_ATTRIBUTE_NORMAL,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE, disposition,
		options|windows.FILE_OPEN_REPARSE_POINT|windows.FILE_SYNCHRONOUS_IO_NONALERT, 0, 0)
	switch err {
	case nil:
	case windows.STATUS_FILE_IS_A_DIRECTORY:
		return 0, &NotRegularError{p, "a directory"}
	case windows.STATUS_NOT_A_DIRECTORY:
		return 0, &NotRegularError{p, "not a directory"}
	default:
		return 0, &os.PathError{Op: "open", Path: p, Err: ntError(err)}
	}
	if err := check(h, p, options&windows.FILE_DIRECTORY_FILE != 0); err != nil {
		windows.CloseHandle(h)
		return 0, err
	}
	return h, nil
}

// check refuses what the handle h, opened from path, should not be: a
// reparse point, a directory where a file was wanted or the reverse.
func check(h windows.Handle, path string, dir bool) error {
	var info windows.ByHandleFileInformation
	if err := windows.GetFileInformationByHandle(h, &info); err != nil {
		return &os.PathError{Op: "stat", Path: path, Err: err}
	}
	isDir := info.FileAttributes&windows.FILE_ATTRIBUTE_DIRECTORY != 0
	switch {
	case info.FileAttributes&windows.FILE_ATTRIBUTE_REPARSE_POINT != 0:
		return &SymlinkError{path}
	case dir && !isDir:
		return &NotRegularError{path, "not a directory"}
	case !dir && isDir:
		return &NotRegularError{path, "a directory"}
	}
	if t, err := windows.GetFileType(h); err != nil || t != windows.FILE_TYPE_DISK {
		return &NotRegularError{path, "a special file"}
	}
	return nil
}

// ntError turns an NTSTATUS into the Win32 error the os package knows, so
// errors.Is(err, fs.ErrNotExist) and the like work.
func ntError(err error) error {
	if s, ok := err.(windows.NTStatus); ok {
		if s == windows.STATUS_OBJECT_NAME_COLLISION {
			return windows.ERROR_ALREADY_EXISTS
		}
		return s.Errno()
	}
	return err
}

// OpenFile opens name in d with flag (os.O_* flags), never following a
// reparse point, and refuses anything but a regular file.
func (d *Dir) OpenFile(name string, flag int, perm os.FileMode) (*os.File, error) {
	h, err := d.openFile(name, flag, 0)
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(h), filepath.Join(d.path, name)), nil
}

// openFile opens name as OpenFile does, asking for extra access too.
func (d *Dir) openFile(name string, flag int, extra uint32) (windows.Handle, error) {
	var access uint32
	switch flag & (os.O_RDONLY | os.O_WRONLY | os.O_RDWR) {
	case os.O_RDONLY:
		access = windows.FILE_GENERIC_READ
	case os.O_WRONLY:
		access = windows.FILE_GENERIC_WRITE
	default:
		access = windows.FILE_GENERIC_READ | windows.FILE_GENERIC_WRITE
	}
	if flag&os.O_APPEND != 0 {
		// Without FILE_WRITE_DATA every write goes to the end of the
		// file, whoever else appends to it.
		access = access&^windows.FILE_WRITE_DATA | windows.FILE_APPEND_DATA
	}
	disposition := uint32(windows.FILE_OPEN)
	switch {
	case flag&(os.O_CREATE|os.O_EXCL) == os.O_CREATE|os.O_EXCL:
		disposition = windows.FILE_CREATE
	case flag&os.O_CREATE != 0:
		disposition = windows.FILE_OPEN_IF
	}
	h, err := d.open(name, access|extra, disposition, 0)
	if err != nil {
		return 0, err
	}
	// Truncated only now that it is known to be a regular file here.
	if flag&os.O_TRUNC != 0 {
		if err := windows.Ftruncate(h, 0); err != nil {
			windows.CloseHandle(h)
			return 0, &os.PathError{Op: "truncate", Path: filepath.Join(d.path, name), Err: err}
		}
	}
	return h, nil
}

// WriteFile writes data to name in d in one rename, so no reader sees a
// half-written file. It refuses when name is a reparse point or not a
// regular file. Windows keeps no Unix mode: perm is not applied.
func (d *Dir) WriteFile(name string, data []byte, perm os.FileMode) error {
	return d.writeFile(name, data, perm, nil)
}

// writeFile is WriteFile; check, when not nil, runs once data is on disk
// under the temporary name, just before the rename, and its error stops
// the rename.
func (d *Dir) writeFile(name string, data []byte, perm os.FileMode, check func() error) error {
	p := filepath.Join(d.path, name)
	if h, err := d.open(name, 0, windows.FILE_OPEN, 0); err == nil {
		windows.CloseHandle(h)
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	tmp := fmt.Sprintf(".%s.hookrun-%d", name, os.Getpid())
	h, err := d.openFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, windows.DELETE)
	if err != nil {
		return err
	}
	f := os.NewFile(uintptr(h), filepath.Join(d.path, tmp))
	_, werr := f.Write(data)
	if werr == nil {
		werr = f.Sync()
	}
	var checkErr error
	if werr == nil && check != nil {
		checkErr = check()
		werr = checkErr
	}
	if werr == nil {
		werr = d.renameOver(h, name)
	}
	if werr != nil {
		// Deleted when the handle closes.
		info := struct{ Delete bool }{true}
		_ = windows.SetFileInformationByHandle(h, windows.FileDispositionInfo, (*byte)(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info)))
	}
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if checkErr != nil {
		return checkErr
	}
	if werr != nil {
		return &os.PathError{Op: "write", Path: p, Err: werr}
	}
	return nil
}

// renameInfo is FILE_RENAME_INFORMATION_EX (and, with its first field
// read as a boolean, FILE_RENAME_INFORMATION): a new name relative to a
// directory handle.
type renameInfo struct {
	Flags          uint32
	RootDirectory  windows.Handle
	FileNameLength uint32
	FileName       [windows.MAX_PATH]uint16
}

// renameOver gives the open file h the name name in d, replacing what is
// there: a link at name is replaced, never followed.
func (d *Dir) renameOver(h windows.Handle, name string) error {
	u, err := windows.UTF16FromString(name)
	if err != nil {
		return err
	}
	if len(u) > windows.MAX_PATH {
		return windows.ERROR_FILENAME_EXCED_RANGE
	}
	const (
		fileRenameInformation   = 10
		fileRenameInformationEx = 65
	)
	info := renameInfo{
		Flags:          windows.FILE_RENAME_REPLACE_IF_EXISTS | windows.FILE_RENAME_POSIX_SEMANTICS,
		RootDirectory:  d.h,
		FileNameLength: uint32((len(u) - 1) * 2),
	}
	copy(info.FileName[:], u)
	err = windows.NtSetInformationFile(h, &windows.IO_STATUS_BLOCK{}, (*byte)(unsafe.Pointer(&info)),
		uint32(unsafe.Sizeof(info)), fileRenameInformationEx)
	if err == nil {
		return nil
	}
	// A file system without POSIX rename semantics (FAT) may refuse the
	// extended form: the plain one replaces too.
	info.Flags = 1 // ReplaceIfExists
	err = windows.NtSetInformationFile(h, &windows.IO_STATUS_BLOCK{}, (*byte)(unsafe.Pointer(&info)),
		uint32(unsafe.Sizeof(info)), fileRenameInformation)
	return ntError(err)
}
