package buildinfo

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

func TestDynamic(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "main.go")
	if err := os.WriteFile(src, []byte("package main\nfunc main() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	static := filepath.Join(dir, "static")
	build := exec.Command("go", "build", "-o", static, src)
	build.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOFLAGS=")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	script := filepath.Join(dir, "script")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		path string
		want bool
	}{
		{static, false},
		{script, false},
		{filepath.Join(dir, "missing"), false},
	}
	// A dynamically linked ELF program: the shell, on Linux.
	if runtime.GOOS == "linux" {
		cases = append(cases, struct {
			path string
			want bool
		}{"/bin/sh", true})
	}
	for _, c := range cases {
		if got := Dynamic(c.path); got != c.want {
			t.Errorf("Dynamic(%s) = %v, want %v", c.path, got, c.want)
		}
	}
}
