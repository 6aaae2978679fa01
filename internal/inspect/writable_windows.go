package inspect

import "os"

// writable reports whether this user may write the file at path: it is
// opened for writing, neither created nor cut, and closed.
func writable(path string) bool {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return false
	}
	_ = f.Close()
	return true
}
