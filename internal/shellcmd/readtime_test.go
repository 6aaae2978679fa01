package shellcmd

import (
	"strings"
	"testing"
	"time"
)

// TestDiskReadsAfterTheTimeRunsOut: the line's files share one reading time (timed). A file whose
// read outlasts it is unread, and so is every file the line reads after it, even one whose read
// would return soon after: its text (rm -rf ~ here) is never taken for what the line runs, and
// the line is unresolved.
func TestDiskReadsAfterTheTimeRunsOut(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out the 2s reading time")
	}
	files := memFiles(map[string]string{"/p/a.sh": "echo a\n", "/p/b.sh": "rm -rf ~\n"})
	read := files.Read
	files.Read = func(p string, max int64) ([]byte, bool, error) {
		switch {
		case strings.HasSuffix(p, "a.sh"):
			time.Sleep(fileReadTime + 500*time.Millisecond)
		case strings.HasSuffix(p, "b.sh"):
			time.Sleep(500 * time.Millisecond)
		}
		return read(p, max)
	}
	l := ParseFiles(`./a.sh; ./b.sh`, POSIX, files)
	if o, why := mustCompile("rm -rf").MatchLine(&l); o != Unknown {
		t.Errorf("./a.sh; ./b.sh, a.sh's read outlasting the time: %v (%s), want unknown", o, why)
	}
}
