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

// TestLateListingIsNotSeen: a listing still under way when the line's reading time runs out hands
// the reader nothing: r.list returned the slice the late List was still to write (a data race
// under -race, and a listing the reader could take for whole).
func TestLateListingIsNotSeen(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out the 2s reading time")
	}
	files := memFiles(map[string]string{"/p/a.sh": "echo a\n"})
	wrote := make(chan struct{})
	files.List = func(dir string, max int) ([]string, error) {
		time.Sleep(fileReadTime + 300*time.Millisecond)
		defer close(wrote)
		return []string{"late.sh"}, nil
	}
	r := &reader{files: files}
	names, err := r.list("/p", 8)
	if err != errReadTime || names != nil {
		t.Errorf("a listing past the time: %q, %v; want nothing, %v", names, err, errReadTime)
	}
	<-wrote
	time.Sleep(50 * time.Millisecond) // the late listing's result is handed over after it returns
	if names != nil {
		t.Errorf("the late listing reached the reader: %q", names)
	}
}
