package exec

import (
	"bytes"
	"strings"
	"testing"
)

func TestEnvProgram(t *testing.T) {
	for line, want := range map[string]string{
		"#!/usr/bin/env python3\n":                     "python3",
		"#!/usr/bin/env -S .venv/bin/python3 -u\n":     ".venv/bin/python3",
		"#!/usr/bin/env -S.venv/bin/python3\n":         ".venv/bin/python3",
		"#!/usr/bin/env -i PATH=/x -u HOME ./tool\n":   "./tool",
		"#!/usr/bin/env -C /tmp --chdir /y bin/tool\n": "bin/tool",
		"#!/usr/bin/env\n":                             "",
		// Short options clustered as getopt reads them, long ones by a
		// unique prefix, and -S's words read again as env's own.
		"#!/usr/bin/env -vS./evil\n":               "./evil",
		"#!/usr/bin/env -iS./evil\n":               "./evil",
		"#!/usr/bin/env -S -vS./evil\n":            "./evil",
		"#!/usr/bin/env -S-iS./evil\n":             "./evil",
		"#!/usr/bin/env --split-string=./evil\n":   "./evil",
		"#!/usr/bin/env --split=./evil -x\n":       "./evil",
		"#!/usr/bin/env --split-string ./evil\n":   "./evil",
		"#!/usr/bin/env -iC . ./evil\n":            "./evil",
		"#!/usr/bin/env -iu NAME ./evil\n":         "./evil",
		"#!/usr/bin/env --ch=/x --u NAME ./evil\n": "./evil",
		"#!/usr/bin/env -i -- ./evil\n":            "./evil",
		"#!/usr/bin/env - A=1 ./evil\n":            "./evil",
		"#!/bin/sh -e\n":                           "",
	} {
		sb, ok := parseShebang([]byte(line))
		if got := envProgram(sb); !ok || got != want {
			t.Errorf("envProgram(%q) = %q (ok %v), want %q", line, got, ok, want)
		}
	}
}

// FuzzEnvProgram: a #! line, the first bytes of a file a hook runs, is
// read without a panic, and the program env is taken to run is a word
// of the line (or the rest of a -S word).
func FuzzEnvProgram(f *testing.F) {
	for _, s := range []string{"#!/usr/bin/env -S .venv/bin/python3 -u\n", "#!/usr/bin/env -u\n", "#!env -C\n", "#!\n", "#!/usr/bin/env -S\r\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, head []byte) {
		sb, ok := parseShebang(head)
		if !ok {
			return
		}
		if strings.ContainsAny(sb.interp, " \t\n") {
			t.Fatalf("interpreter %q holds a blank", sb.interp)
		}
		if p := envProgram(sb); p != "" && !bytes.Contains(head, []byte(p)) {
			t.Fatalf("envProgram = %q, not in the line %q", p, head)
		}
	})
}
