//go:build unix

package audit

import (
	"errors"
	"os"
	"syscall"
)

// tryLock takes an exclusive flock on f without waiting, and reports
// whether it did; another process holding it is not an error.
func tryLock(f *os.File) (bool, error) {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return false, nil
	}
	return err == nil, err
}

func unlock(f *os.File) { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
