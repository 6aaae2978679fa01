package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/spf13/cobra/doc"
)

// docs/cli is the command reference, generated from the commands' help
// by cobra's own generator, so it cannot say other than --help does.
// `make docs` rewrites it (go test -run TestCLIDocs -update); this test
// fails when it is stale.
func TestCLIDocs(t *testing.T) {
	want := filepath.Join("..", "..", "docs", "cli")
	got := t.TempDir()
	var out bytes.Buffer
	root := (&app{stdin: &out, stdout: &out, stderr: &out, cwd: got}).rootCmd(nil)
	root.DisableAutoGenTag = true // no date: the pages depend on the code alone
	if err := doc.GenMarkdownTree(root, got); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.RemoveAll(want); err != nil {
			t.Fatal(err)
		}
		if err := os.CopyFS(want, os.DirFS(got)); err != nil {
			t.Fatal(err)
		}
		return
	}
	gotNames, wantNames := names(t, got), names(t, want)
	if !slices.Equal(gotNames, wantNames) {
		t.Fatalf("docs/cli has %v, the commands make %v: run make docs", wantNames, gotNames)
	}
	for _, n := range gotNames {
		g, _ := os.ReadFile(filepath.Join(got, n))
		w, _ := os.ReadFile(filepath.Join(want, n))
		if !bytes.Equal(g, w) {
			t.Errorf("docs/cli/%s is stale: run make docs", n)
		}
	}
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	slices.Sort(out)
	return out
}
