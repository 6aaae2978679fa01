package config

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookrun/hookrun/internal/exec"
)

func TestCheckCommands(t *testing.T) {
	root := t.TempDir()
	hooksDir := filepath.Join(root, ".system", "hooks")
	script := func(name, body string, mode os.FileMode) {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), mode); err != nil {
			t.Fatal(err)
		}
	}
	script("scripts/ok.sh", "#!/bin/sh\necho {}\n", 0o755)
	script("scripts/plain.sh", "#!/bin/sh\necho {}\n", 0o644)
	script("scripts/bad_interp.py", "#!/nonexistent/bin/python3\nprint('{}')\n", 0o755)
	script("scripts/env_interp.sh", "#!/usr/bin/env sh\necho {}\n", 0o755)
	mkdirs(t, filepath.Join(root, "scripts", "adir"))

	decl := func(id, enabled, command, extra string) string {
		return "id: " + id + "\nevent_type: SessionStop\nenabled: " + enabled + "\nblocking: false\nhandler:\n  kind: script\n  command: " + command + "\n" + extra
	}
	writeTree(t, hooksDir, map[string]string{
		"ok.yaml":          decl("ok", "true", "./scripts/ok.sh", ""),
		"env.yaml":         decl("env", "true", "./scripts/env_interp.sh", ""),
		"shell.yaml":       decl("shell", "true", `"./scripts/ok.sh --flag | cat"`, ""),
		"dynamic.yaml":     decl("dynamic", "true", `"$HOME/x.sh"`, ""),
		"args.yaml":        decl("args", "true", "./scripts/ok.sh", "  args: [--x]\n"),
		"missing.yaml":     decl("missing", "true", "./scripts/missing.sh", ""),
		"missing_sh.yaml":  decl("missing_sh", "true", `"./scripts/missing.sh --flag"`, ""),
		"plain.yaml":       decl("plain", "true", "./scripts/plain.sh", ""),
		"dir.yaml":         decl("dir", "true", "./scripts/adir", ""),
		"interp.yaml":      decl("interp", "true", "./scripts/bad_interp.py", ""),
		"disabled.yaml":    decl("disabled", "false", "./scripts/missing.sh", ""),
		"maybe.yaml":       decl("maybe", "maybe", "./scripts/missing.sh", ""),
		"absolute.yaml":    decl("absolute", "true", "/nonexistent/hook", ""),
		"absent_args.yaml": decl("absent_args", "true", "./scripts/missing.sh", "  args: []\n"),
	})
	set, err := Load(hooksDir)
	if err != nil {
		t.Fatal(err)
	}
	CheckCommands(set, root, exec.Check)
	var got []string
	for _, f := range set.Findings {
		got = append(got, f.Format(root))
	}
	want := []string{
		`.system/hooks/absent_args.yaml:7:12: handler.command: command not found: ./scripts/missing.sh does not exist (a relative path resolves against the project root): create it, or correct the path`,
		`.system/hooks/absolute.yaml:7:12: handler.command: command not found: /nonexistent/hook does not exist: create it, or correct the path`,
		`.system/hooks/dir.yaml:7:12: handler.command: ./scripts/adir is a directory, not a command`,
		`.system/hooks/disabled.yaml:7:12: warning: handler.command: command not found: ./scripts/missing.sh does not exist (a relative path resolves against the project root): create it, or correct the path`,
		`.system/hooks/interp.yaml:7:12: handler.command: bad interpreter: ./scripts/bad_interp.py names /nonexistent/bin/python3 on its #! line, which does not exist`,
		`.system/hooks/maybe.yaml:3:10: enabled: must be true or false, got "maybe"`,
		`.system/hooks/maybe.yaml:7:12: handler.command: command not found: ./scripts/missing.sh does not exist (a relative path resolves against the project root): create it, or correct the path`,
		`.system/hooks/missing.yaml:7:12: handler.command: command not found: ./scripts/missing.sh does not exist (a relative path resolves against the project root): create it, or correct the path`,
		`.system/hooks/missing_sh.yaml:7:12: handler.command: command not found: ./scripts/missing.sh does not exist (a relative path resolves against the project root): create it, or correct the path`,
		`.system/hooks/plain.yaml:7:12: handler.command: ./scripts/plain.sh is not executable (chmod +x ./scripts/plain.sh)`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("findings:\n got  %q\n want %q", got, want)
	}
	// A hook whose command cannot start is no longer valid; a disabled
	// one with a missing command stays (it never runs).
	if got, want := ids(set.Hooks), []string{"args", "disabled", "dynamic", "env", "ok", "shell"}; !slices.Equal(got, want) {
		t.Errorf("valid hooks: got %v, want %v", got, want)
	}
	var invalid []string
	for _, f := range set.Invalid {
		invalid = append(invalid, filepath.Base(f))
	}
	if want := []string{"absent_args.yaml", "absolute.yaml", "dir.yaml", "interp.yaml", "maybe.yaml", "missing.yaml", "missing_sh.yaml", "plain.yaml"}; !slices.Equal(invalid, want) {
		t.Errorf("Invalid: got %v, want %v", invalid, want)
	}
}
