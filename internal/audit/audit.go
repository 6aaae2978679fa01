// Package audit appends hookrun's audit trail: a JSON line per hook run
// and one per event. All of one emit's lines go out in a single write
// under an exclusive lock, so concurrent emits never interleave.
package audit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/hookrun/hookrun/internal/safefile"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// The log's place under the project root, with forward slashes, which
// Windows accepts too. (Paths written as constants cost nothing at
// start-up.)
const (
	DefaultDir  = ".system/logs"
	FileName    = "hookrun.jsonl"
	DefaultPath = DefaultDir + "/" + FileName
)

// Off is the --audit-log value that disables the log.
const Off = "off"

// HookLine records one hook run.
type HookLine struct {
	Time       string `json:"time"`
	Kind       string `json:"kind"` // "hook"
	EventType  string `json:"event_type"`
	HookID     string `json:"hook_id"`
	Status     string `json:"status"`
	Decision   string `json:"decision"`
	DurationMS int64  `json:"duration_ms"`
	ExitCode   *int   `json:"exit_code"`
	SessionID  string `json:"session_id,omitempty"`
	Error      string `json:"error,omitempty"`
}

// EventLine records one event.
type EventLine struct {
	Time        string   `json:"time"`
	Kind        string   `json:"kind"` // "event"
	EventType   string   `json:"event_type"`
	Decision    string   `json:"decision,omitempty"`
	Reason      string   `json:"reason,omitempty"`
	BlockedBy   []string `json:"blocked_by,omitempty"`
	Hooks       int      `json:"hooks"`
	Errors      int      `json:"errors"`
	DurationMS  int64    `json:"duration_ms"`
	SessionID   string   `json:"session_id,omitempty"`
	Interrupted string   `json:"interrupted,omitempty"` // the signal, when emit was stopped
}

// Encode renders records as JSON lines.
func Encode(records ...any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for _, r := range records {
		if err := enc.Encode(r); err != nil {
			return nil, err
		}
	}
	return buf.Bytes(), nil
}

// lockWait bounds how long Append waits for another writer's lock while
// the log does not grow: the log must never hold up a decision. While it
// grows, writers are taking their turns and the wait goes on, up to
// lockQueueWait in all (a writer that held the lock and kept writing
// would otherwise hold every decision up).
var (
	lockWait      = 2 * time.Second
	lockQueueWait = 10 * time.Second
)

// Append writes data to the log at path in one write, holding an
// exclusive lock so that no other hookrun's lines land in between. If the
// log does not end in a newline (a writer was killed mid-line), data
// starts on a line of its own, so a torn line never takes a whole one
// with it.
//
// The log is only ever a regular file, opened without blocking. When path
// lies under root (the project, which the repository controls), no
// directory on the way and not the file itself may be a symbolic link,
// and missing directories are created; elsewhere (a path the person gave)
// the file itself must not be one. A lock held lockWait without the log
// growing, or lockQueueWait in all, is given up on: the lines are lost,
// with an error saying so.
func Append(root, path string, data []byte) error {
	return AppendBy(root, path, data, time.Time{})
}

// AppendBy is Append for a caller whose answer is due by a time (an
// agent's timeout, less emit's margin; zero for none): the lock is waited
// for no later than that, however the queue moves, and a time already
// past gets one try. A process that holds the lock and keeps the log
// growing must not keep emit from answering before the agent stops
// waiting, which lets the call through.
func AppendBy(root, path string, data []byte, by time.Time) error {
	f, err := open(root, path)
	if err != nil {
		return fmt.Errorf("audit log %s: %w", path, unwrapPath(err, path))
	}
	defer f.Close()
	if err := lock(f, by); err != nil {
		return fmt.Errorf("audit log %s: %w", path, err)
	}
	defer unlock(f)
	if st, err := f.Stat(); err == nil && st.Size() > 0 {
		last := make([]byte, 1)
		if _, err := f.ReadAt(last, st.Size()-1); err == nil && last[0] != '\n' {
			data = append([]byte{'\n'}, data...)
		}
	}
	n, err := f.Write(data)
	if err == nil && n < len(data) {
		err = fmt.Errorf("short write (%d of %d bytes)", n, len(data))
	}
	if err != nil {
		return fmt.Errorf("audit log %s: %w", path, err)
	}
	return nil
}

func open(root, path string) (*os.File, error) {
	var d *safefile.Dir
	var err error
	if rel, ok := safefile.Beneath(root, path); root != "" && ok {
		d, err = safefile.OpenDir(root, filepath.Dir(rel), true)
	} else {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, errors.New(err.Error()) // keeps the directory's name
		}
		d, err = safefile.OpenDir(filepath.Dir(path), ".", false)
	}
	if err != nil {
		return nil, err
	}
	defer d.Close()
	// Read and write, to look at the last byte; write-only where the log
	// may be appended to but not read.
	f, err := d.OpenFile(filepath.Base(path), os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o644)
	if errors.Is(err, fs.ErrPermission) {
		f, err = d.OpenFile(filepath.Base(path), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	}
	return f, err
}

// lock takes the exclusive lock, waiting at most lockWait since the log
// last grew, lockQueueWait in all, and until by when it is not zero.
func lock(f *os.File, by time.Time) error {
	start := time.Now()
	deadline, size := start.Add(lockWait), fileSize(f)
	for wait := time.Millisecond; ; wait = min(2*wait, 50*time.Millisecond) {
		held, err := tryLock(f)
		if err != nil {
			return fmt.Errorf("lock: %w", err)
		}
		if held {
			return nil
		}
		now := time.Now()
		if s := fileSize(f); s != size {
			deadline, size = now.Add(lockWait), s // another writer's lines: the queue moves
		}
		switch {
		case !by.IsZero() && !now.Before(by):
			return errors.New("its lock was still held when the answer was due; these lines are not written")
		case now.Sub(start) > lockQueueWait:
			return fmt.Errorf("other processes have held its lock for %s; these lines are not written", lockQueueWait)
		case now.After(deadline):
			return fmt.Errorf("another process has held its lock for %s without writing; these lines are not written", lockWait)
		}
		time.Sleep(wait)
	}
}

// fileSize is f's size, or -1 when it cannot be read.
func fileSize(f *os.File) int64 {
	st, err := f.Stat()
	if err != nil {
		return -1
	}
	return st.Size()
}

// unwrapPath drops an *os.PathError's path when it is the log's, which the
// message names already; a directory's stays.
func unwrapPath(err error, path string) error {
	var pe *os.PathError
	if errors.As(err, &pe) && pe.Path == path {
		return pe.Err
	}
	return err
}
