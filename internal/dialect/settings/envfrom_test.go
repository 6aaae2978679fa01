package settings

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookrun/hookrun/internal/dialect"
)

// TestDotenvMayHold: every way the dotenv package quotes a value leaves
// it in the text; a value it cannot give is told apart.
func TestDotenvMayHold(t *testing.T) {
	for _, tc := range []struct {
		file, v string
		want    bool
	}{
		{"A=/tmp\n", "/tmp", true},
		{"export A = '/tmp' # c\r\n", "/tmp", true},
		{`A="x\ny"`, "x\ny", true},
		{"A=\"x\r\ny\"", "x\ny", true},
		{`A="x\\n"`, "x\\\n", true},
		{"A='x\\n'", `x\n`, true},
		{"A=`multi\nline`", "multi\nline", true},
		{"A=/tmp\n", "/home/me/hooks", false},
		{"A=/tmp\n", "/tmpx", false},
	} {
		if got := dotenvMayHold([]byte(tc.file), tc.v); got != tc.want {
			t.Errorf("dotenvMayHold(%q, %q) = %v, want %v", tc.file, tc.v, got, tc.want)
		}
	}
}

// TestEnvFromWalksUp: Gemini CLI loads the first .gemini/.env or .env
// from its directory upward; the one in the home directory is the
// person's own; a directory named .env is picked and loads nothing.
func TestEnvFromWalksUp(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(p, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, ".env"), "HOOKRUN_HOOKS_DIR=/tmp\n")
	a, _ := Find(dialect.GeminiCLI)
	care := func(n string) bool { return n == "HOOKRUN_HOOKS_DIR" }
	env := func(v string) func(string) (string, bool) {
		return func(string) (string, bool) { return v, true }
	}
	t.Setenv("HOME", filepath.Join(root, "elsewhere"))
	got, err := a.EnvFrom(sub, care, env("/tmp"))
	if err != nil || len(got) != 1 || got[0].File != filepath.Join(root, ".env") || got[0].Name != "HOOKRUN_HOOKS_DIR" {
		t.Fatalf("from a/b: %+v, %v; want the root's .env, named whole", got, err)
	}
	if got, _ := a.EnvFrom(root, care, env("/tmp")); len(got) != 1 || got[0].File != ".env" {
		t.Fatalf("from the root: %+v; want .env", got)
	}
	if got, _ := a.EnvFrom(root, care, env("/mine")); len(got) != 0 {
		t.Fatalf("a value the file does not hold: %+v; want none", got)
	}
	if got, _ := a.EnvFrom(root, care, env("")); len(got) != 0 {
		t.Fatalf("an empty value: %+v; want none", got)
	}
	if err := os.MkdirAll(filepath.Join(sub, ".env"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got, err := a.EnvFrom(sub, care, env("/tmp")); err != nil || len(got) != 0 {
		t.Fatalf("a directory .env nearer: %+v, %v; want none (Gemini CLI picks it and loads nothing)", got, err)
	}
	t.Setenv("HOME", root)
	if got, _ := a.EnvFrom(root, care, env("/tmp")); len(got) != 0 {
		t.Fatalf("the home directory's .env: %+v; want none", got)
	}
}
