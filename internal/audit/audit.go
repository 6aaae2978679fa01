// Package audit appends hookrun's audit trail: a JSON line per hook run
// and one per event. All of one emit's lines go out in a single write
// under an exclusive lock, so concurrent emits never interleave.
package audit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// The log's place under the project root. (hookrun runs on Unix only;
// paths written as constants cost nothing at start-up.)
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

// Append writes data to the log at path in one write, holding an
// exclusive lock so that no other hookrun's lines land in between. The
// directory is created when missing. If the log does not end in a newline
// (a writer was killed mid-line), data starts on a line of its own, so a
// torn line never takes a whole one with it.
func Append(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("audit log %s: %w", path, err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o644)
	if errors.Is(err, fs.ErrPermission) {
		f, err = os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	}
	if err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		return fmt.Errorf("audit log %s: lock: %w", path, err)
	}
	defer syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
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
