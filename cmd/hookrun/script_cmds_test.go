package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os/exec"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// scriptCmds are the commands the scripts add to testscript's own.
var scriptCmds = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	"exitcode":     cmdExitcode,
	"cmpjson":      cmdCmpJSON,
	"mkfifo":       cmdMkfifo,
	"policyserver": cmdPolicyserver,
}

// exitcode N program [args...] runs program like exec and requires its
// exit status to be exactly N: hookrun's exit codes are its API.
func cmdExitcode(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exitcode N program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exitcode: bad status %q", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exitcode: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

// cmpjson (stdout|FILE) WANTFILE compares two JSON documents after
// zeroing every duration_ms, the one part of hookrun's output that
// depends on timing. Both sides are re-indented, so the failure shows a
// readable diff.
func cmdCmpJSON(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: cmpjson (stdout|FILE) WANTFILE")
	}
	var got string
	switch args[0] {
	case "stdout":
		got = ts.ReadFile("stdout")
	case "stderr":
		got = ts.ReadFile("stderr")
	default:
		got = ts.ReadFile(args[0])
	}
	want := ts.ReadFile(args[1])
	g, err := normalizeJSON(got)
	if err != nil {
		ts.Fatalf("cmpjson: %s is not JSON: %v\n%s", args[0], err, got)
	}
	w, err := normalizeJSON(want)
	if err != nil {
		ts.Fatalf("cmpjson: %s is not JSON: %v", args[1], err)
	}
	if g != w {
		ts.Logf("got:\n%s\nwant:\n%s", g, w)
		ts.Fatalf("%s and %s differ", args[0], args[1])
	}
}

func normalizeJSON(s string) (string, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return "", err
	}
	if dec.More() {
		return "", errors.New("more than one JSON document")
	}
	zeroDurations(v)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return buf.String(), nil
}

func zeroDurations(v any) {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			if k == "duration_ms" {
				t[k] = 0
			} else {
				zeroDurations(x)
			}
		}
	case []any:
		for _, x := range t {
			zeroDurations(x)
		}
	}
}

// mkfifo path makes a named pipe: what a hostile repository plants where
// hookrun reads or writes a file.
func cmdMkfifo(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: mkfifo path")
	}
	ts.Check(mkfifo(ts.MkAbs(args[0])))
}
