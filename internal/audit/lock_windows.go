package audit

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// Windows byte-range locks are mandatory: a locked range cannot be read
// or written by anyone else. So the lock covers one byte far past any
// log's end, which no writer or reader ever touches, and serves only to
// take turns, as flock does on Unix.
const lockOffsetHigh = 0x7fffffff

// tryLock takes an exclusive lock on f without waiting, and reports
// whether it did; another process holding it is not an error.
func tryLock(f *os.File) (bool, error) {
	ol := windows.Overlapped{Offset: 0xffffffff, OffsetHigh: lockOffsetHigh}
	err := windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) || errors.Is(err, windows.ERROR_IO_PENDING) {
		return false, nil
	}
	return err == nil, err
}

func unlock(f *os.File) {
	ol := windows.Overlapped{Offset: 0xffffffff, OffsetHigh: lockOffsetHigh}
	_ = windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, &ol)
}
