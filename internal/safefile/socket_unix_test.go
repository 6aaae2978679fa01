//go:build unix

package safefile

import (
	"net"
	"path/filepath"
	"testing"
)

// TestReadFileSocket: a socket where a file was expected (a repository's
// hooks directory can hold one) is named as one, as a FIFO is, not as
// the open's "no such device or address".
func TestReadFileSocket(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sock.yaml")
	l, err := net.Listen("unix", path)
	if err != nil {
		t.Skipf("no unix socket: %v", err)
	}
	defer l.Close()
	_, err = ReadFile(path, 1<<20)
	if want := path + " is a socket, not a regular file"; err == nil || err.Error() != want {
		t.Fatalf("ReadFile(socket) = %v, want %q", err, want)
	}
}
