package audit

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/proctest"
)

func TestEncodeWritesOneLinePerRecord(t *testing.T) {
	code := 2
	got, err := Encode(
		HookLine{Time: "t", Kind: "hook", EventType: "PreAbilityCall", HookID: "guard", Status: "denied", Decision: "deny", DurationMS: 4, ExitCode: &code, Error: "a <b> & c\nd"},
		EventLine{Time: "t", Kind: "event", EventType: "PreAbilityCall", Decision: "deny", Hooks: 1, Interrupted: "SIGINT"},
	)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"time":"t","kind":"hook","event_type":"PreAbilityCall","hook_id":"guard","status":"denied","decision":"deny","duration_ms":4,"exit_code":2,"error":"a <b> & c\nd"}
{"time":"t","kind":"event","event_type":"PreAbilityCall","decision":"deny","hooks":1,"errors":0,"duration_ms":0,"interrupted":"SIGINT"}
`
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestAppendCreatesTheDirectoryAndAppends(t *testing.T) {
	path := filepath.Join(t.TempDir(), "logs", "deeper", "hookrun.jsonl")
	for _, line := range []string{"{\"n\":1}\n", "{\"n\":2}\n"} {
		if err := Append("", path, []byte(line)); err != nil {
			t.Fatal(err)
		}
	}
	if got := readFile(t, path); got != "{\"n\":1}\n{\"n\":2}\n" {
		t.Errorf("log holds %q", got)
	}
}

func TestAppendAfterATornLineStartsANewLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hookrun.jsonl")
	if err := os.WriteFile(path, []byte("{\"n\":1}\n{\"torn"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Append("", path, []byte("{\"n\":2}\n")); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); got != "{\"n\":1}\n{\"torn\n{\"n\":2}\n" {
		t.Errorf("log holds %q: the new line must not be glued to the torn one", got)
	}
}

func TestAppendToAnUnwritableLogSaysWhere(t *testing.T) {
	file := filepath.Join(t.TempDir(), "plain-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(file, "hookrun.jsonl") // a file cannot hold a directory
	err := Append("", path, []byte("{}\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "audit log "+path+": ") {
		t.Fatalf("error %v, want one that names %s", err, path)
	}
}

// Concurrent appends of long lines, each a record larger than any pipe or
// page buffer, leave every line whole, and each append's lines together.
func TestConcurrentAppendsNeverInterleave(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hookrun.jsonl")
	const writers, linesEach, lineLen = 40, 3, 100 << 10
	// Each writer's lines are encoded before any append starts, as an emit
	// has its lines ready before it appends them. (Encoded in the writers,
	// under -race on a loaded machine, 40 encodings kept the goroutine
	// holding the lock from running for more than lockWait: the other
	// writers then gave up on a lock that was not stuck, as no two emits,
	// each a process of its own, can make each other do.)
	data := make([][]byte, writers)
	for w := range writers {
		var records []any
		for l := range linesEach {
			records = append(records, HookLine{Kind: "hook", HookID: fmt.Sprintf("w%d-l%d", w, l),
				Error: strings.Repeat(string(rune('a'+w%26)), lineLen)})
		}
		var err error
		if data[w], err = Encode(records...); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	start := make(chan struct{})
	for w := range writers {
		wg.Go(func() {
			<-start
			errs <- Append("", path, data[w])
		})
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	seen := map[string]bool{}
	prevW, prevL := -1, linesEach-1
	for n := 1; sc.Scan(); n++ {
		var line HookLine
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatalf("line %d is not a JSON object (%v): %.80s", n, err, sc.Bytes())
		}
		var w, l int
		if _, err := fmt.Sscanf(line.HookID, "w%d-l%d", &w, &l); err != nil || len(line.Error) != lineLen ||
			line.Error != strings.Repeat(string(rune('a'+w%26)), lineLen) || seen[line.HookID] {
			t.Fatalf("line %d is not one writer's record: hook_id %q, %d bytes of error", n, line.HookID, len(line.Error))
		}
		if want := fmt.Sprintf("w%d-l%d", prevW, prevL+1); prevL+1 < linesEach && line.HookID != want {
			t.Fatalf("line %d is %s, want %s: one append's lines were split", n, line.HookID, want)
		}
		prevW, prevL = w, l
		seen[line.HookID] = true
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(seen) != writers*linesEach {
		t.Errorf("%d lines, want %d", len(seen), writers*linesEach)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// A repository cannot make hookrun write outside it, or hang on the log:
// under the project root no link is followed, in the directories or at
// the file, and only a regular file is written.
func TestAppendRefusesWhatTheRepositoryPlanted(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "bashrc")
	if err := os.WriteFile(outside, []byte("# mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, plant := range map[string]func(root string) error{
		"the log is a link": func(root string) error {
			if err := os.MkdirAll(filepath.Join(root, ".system", "logs"), 0o755); err != nil {
				return err
			}
			return os.Symlink(outside, filepath.Join(root, ".system", "logs", "hookrun.jsonl"))
		},
		"its directory is a link": func(root string) error {
			if err := os.MkdirAll(filepath.Join(root, ".system"), 0o755); err != nil {
				return err
			}
			return os.Symlink(filepath.Dir(outside), filepath.Join(root, ".system", "logs"))
		},
		"the log is a FIFO": func(root string) error {
			if err := os.MkdirAll(filepath.Join(root, ".system", "logs"), 0o755); err != nil {
				return err
			}
			return mkfifo(filepath.Join(root, ".system", "logs", "hookrun.jsonl"))
		},
	} {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			if err := plant(root); errors.Is(err, errNoFIFO) {
				t.Skip(err)
			} else if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(root, DefaultPath)
			err := Append(root, path, []byte("{\"reason\":\"$(touch /tmp/pwned)\"}\n"))
			if err == nil || !strings.HasPrefix(err.Error(), "audit log "+path+": ") {
				t.Errorf("error %v, want a refusal naming %s", err, path)
			}
			if got, _ := os.ReadFile(outside); string(got) != "# mine\n" {
				t.Errorf("the file outside the project now holds %q", got)
			}
		})
	}
}

// lockedLog creates a log in a test directory and takes its lock, as another writer would; the
// lock is held until the test unlocks f or ends (closing f lets it go).
func lockedLog(t *testing.T) (path string, f *os.File) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "hookrun.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	if held, err := tryLock(f); !held {
		t.Fatal("could not take the lock first:", err)
	}
	return path, f
}

// A lock held forever by another process costs a bounded wait, not a hang.
func TestAppendGivesUpOnAHeldLock(t *testing.T) {
	defer func(d time.Duration) { lockWait = d }(lockWait)
	lockWait = 50 * time.Millisecond
	path, _ := lockedLog(t)
	err := Append("", path, []byte("{}\n"))
	if err == nil || !strings.Contains(err.Error(), "held its lock") {
		t.Fatalf("error %v, want the held lock given up on", err)
	}
}

// Writers that take their turns at the lock, each appending, are waited for past lockWait: the
// queue moves, and no line is lost for it. A writer that holds the lock and keeps writing is
// given up on after lockQueueWait. (The other writer appends every 10 ms; lockWait is a second,
// so that a loaded machine's pauses do not look like a writer that stopped.)
func TestAppendWaitsForAQueueThatMoves(t *testing.T) {
	defer func(d, q time.Duration) { lockWait, lockQueueWait = d, q }(lockWait, lockQueueWait)
	for _, tc := range []struct {
		name     string
		queue    time.Duration // lockQueueWait
		holdFor  time.Duration // how long the other writer holds the lock; 0: until Append returns
		wantLost bool
	}{
		{"queue moving for 2.5 times lockWait", time.Minute, 2500 * time.Millisecond, false},
		{"writer holding past lockQueueWait", 1500 * time.Millisecond, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lockWait, lockQueueWait = time.Second, tc.queue
			path, f := lockedLog(t)
			appended, released := make(chan struct{}), make(chan struct{})
			go func() {
				defer close(released)
				defer unlock(f)
				end := time.Now().Add(tc.holdFor)
				for tc.holdFor == 0 || time.Now().Before(end) {
					_, _ = f.WriteString("{}\n")
					select {
					case <-appended:
						return
					case <-time.After(10 * time.Millisecond):
					}
				}
			}()
			err := Append("", path, []byte(`{"mine":true}`+"\n"))
			close(appended)
			<-released
			if tc.wantLost {
				if err == nil || !strings.Contains(err.Error(), "other processes have held its lock for 1.5s") {
					t.Fatalf("error %v, want the lock given up on after lockQueueWait", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("error %v, want the line appended once the queue moved on", err)
			}
			if got, _ := os.ReadFile(path); !strings.HasSuffix(string(got), `{"mine":true}`+"\n") {
				t.Errorf("log ends %q, want the line appended", got[max(0, len(got)-40):])
			}
		})
	}
}

// A lock held past the time the caller's answer is due (an agent's
// timeout, less hookrun's margin) is given up on then, however the queue
// moves: a process that holds the lock and keeps the log growing must not
// keep emit from answering before the agent stops waiting and lets the
// call through. A deadline already past gets one try.
func TestAppendGivesUpWhenTheAnswerIsDue(t *testing.T) {
	defer func(d, q time.Duration) { lockWait, lockQueueWait = d, q }(lockWait, lockQueueWait)
	lockWait, lockQueueWait = time.Minute, time.Minute
	path, f := lockedLog(t)
	defer proctest.GrowLog(f, 10*time.Millisecond)() // the queue seems to move
	for _, wait := range []time.Duration{300 * time.Millisecond, -time.Second} {
		start := time.Now()
		err := AppendBy("", path, []byte("{}\n"), start.Add(wait))
		const want = "its lock was still held when the answer was due; these lines are not written"
		if err == nil || err.Error() != "audit log "+path+": "+want {
			t.Errorf("deadline in %s: error %v, want %q", wait, err, want)
		}
		if took := time.Since(start); took > max(wait, 0)+time.Second {
			t.Errorf("deadline in %s: Append took %s", wait, took)
		}
	}
}
