package settings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/dialect"
)

func TestInstallWritesOnceKeepsModeAndHonoursDryRun(t *testing.T) {
	root := t.TempDir()
	agent, _ := Find(dialect.ClaudeCode)
	path := filepath.Join(root, agent.File)
	o := Options{Timeout: time.Minute}

	res, err := Install(agent, root, o, true)
	if err != nil || !res.Changed {
		t.Fatalf("dry run: %v, changed %v", err, res.Changed)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("a dry run wrote %s: %v", agent.File, err)
	}

	if _, err := Install(agent, root, o, false); err != nil {
		t.Fatal(err)
	}
	written, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(written), "hookrun emit --dialect claude-code") {
		t.Fatalf("after install: %v\n%s", err, written)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	res, err = Install(agent, root, o, false)
	if err != nil || res.Changed {
		t.Fatalf("second install: %v, changed %v (want no change)", err, res.Changed)
	}
	o.Timeout = 2 * time.Minute // a different timeout rewrites the entries
	if res, err = Install(agent, root, o, false); err != nil || !res.Changed {
		t.Fatalf("install with a new timeout: %v, changed %v", err, res.Changed)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v after rewrite, want 0600 kept", st.Mode().Perm())
	}
}

func TestInstallNamesTheFileItCannotRead(t *testing.T) {
	root := t.TempDir()
	agent, _ := Find(dialect.Cursor)
	if err := os.MkdirAll(filepath.Join(root, agent.File), 0o755); err != nil { // a directory where the file should be
		t.Fatal(err)
	}
	_, err := Install(agent, root, Options{Timeout: time.Minute}, false)
	if err == nil || !strings.HasPrefix(err.Error(), "reading "+agent.File+": ") {
		t.Fatalf("error %v, want one naming %s", err, agent.File)
	}
}
