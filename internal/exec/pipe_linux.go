package exec

import (
	"os"
	"syscall"
)

// pipe makes a pipe whose one end, hookrun's, is registered with Go's
// poller (so reads and writes can wait with deadlines), and whose other
// end, the handler's, is a plain descriptor: os.Pipe would register both,
// and the handler's end is closed as soon as the handler starts.
func pipe(oursIsRead bool) (r, w *os.File, err error) {
	var p [2]int
	if err := syscall.Pipe2(p[:], syscall.O_CLOEXEC); err != nil {
		return nil, nil, os.NewSyscallError("pipe2", err)
	}
	ours := p[1]
	if oursIsRead {
		ours = p[0]
	}
	if err := syscall.SetNonblock(ours, true); err != nil {
		syscall.Close(p[0])
		syscall.Close(p[1])
		return nil, nil, os.NewSyscallError("fcntl", err)
	}
	return os.NewFile(uintptr(p[0]), "|0"), os.NewFile(uintptr(p[1]), "|1"), nil
}
