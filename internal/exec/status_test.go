package exec

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// A shell line whose exit status is not its guard's loses the guard's deny
// (exit 2) and its failures, which then read as "allow": a pipeline ends in
// its last command's status (sh has no pipefail), || true and a last
// exit 0 answer 0, and & answers before the guard does; a last exit $?
// passes on what came before it. StatusLost names each; a line whose
// status is the guard's is no finding. An echo or printf at the end, or
// after ||, is named only when what it prints lets the call through ({},
// nothing, text sent to stderr): a deny printed when the guard fails is a
// pattern, not a mistake, and text that is no result fails the hook.
func TestStatusLost(t *testing.T) {
	tests := []struct{ command, want string }{
		{"./guard.sh | tee -a hooks.log", "its exit status is tee's, the last command of its pipeline (sh has no pipefail): a deny (exit 2) or a failure before it reads as success"},
		{"python3 guard.py | jq -c .", "its exit status is jq's, the last command of its pipeline (sh has no pipefail): a deny (exit 2) or a failure before it reads as success"},
		{"./guard.sh 2>&1 | /usr/bin/tee out", "its exit status is tee's, the last command of its pipeline (sh has no pipefail): a deny (exit 2) or a failure before it reads as success"},
		{"./guard.sh || true", "|| true makes every failure of what comes before it, a deny (exit 2) included, exit 0"},
		{"./guard.sh || :", "|| : makes every failure of what comes before it, a deny (exit 2) included, exit 0"},
		{"./guard.sh || exit 0", "|| exit 0 makes every failure of what comes before it, a deny (exit 2) included, exit 0"},
		{`./guard.sh || echo '{"hook_signals":[{"kind":"ability_guard","code":"ABILITY_DENIED"}]}'`, ""}, // what echo prints decides
		{"./guard.sh; exit 0", "it ends in exit 0, which answers 0 whatever came before it, a deny (exit 2) included"},
		{"./guard.sh\ntrue", "it ends in true, which answers 0 whatever came before it, a deny (exit 2) included"},
		{"./guard.sh; echo '{}'", "it ends in echo '{}', which answers 0 whatever came before it, a deny (exit 2) included, and prints no deny"},
		{"./guard.sh || echo '{}'", "|| echo '{}' makes every failure of what comes before it, a deny (exit 2) included, exit 0, and prints no deny"},
		{"./guard.sh || echo", "|| echo makes every failure of what comes before it, a deny (exit 2) included, exit 0, and prints no deny"},
		{`./guard.sh || echo "guard failed" >&2`, `|| echo "guard failed" >&2 makes every failure of what comes before it, a deny (exit 2) included, exit 0, and prints no deny`},
		{"./guard.sh || printf '{}'", "|| printf '{}' makes every failure of what comes before it, a deny (exit 2) included, exit 0, and prints no deny"},
		{"./guard.sh || { echo 'guard failed' >&2; exit 0; }", "|| { echo 'guard failed' >&2; exit 0; } makes every failure of what comes before it, a deny (exit 2) included, exit 0, and prints no deny"},
		{"./guard.sh || (echo '{}')", "|| (echo '{}') makes every failure of what comes before it, a deny (exit 2) included, exit 0, and prints no deny"},
		{`./guard.sh || { echo '{"hook_signals":[{"kind":"ability_guard","code":"ABILITY_DENIED"}]}'; exit 0; }`, ""}, // a deny printed
		{"./guard.sh || { ./report.sh; exit 0; }", ""}, // cannot be told
		{"./guard.sh || echo guard failed", ""},        // not a result: the hook fails
		{`./guard.sh || echo "$ANSWER"`, ""},           // cannot be told
		{`./guard.sh || printf '%s\n' '{}'`, ""},       // a directive: not read
		{"./guard.sh || echo -n '{}'", ""},             // an option: not read
		{"./guard.sh | tee -a log; exit $?", "its exit status is tee's, the last command of its pipeline (sh has no pipefail): a deny (exit 2) or a failure before it reads as success"},
		{"./guard.sh | tee -a log\nexit", "its exit status is tee's, the last command of its pipeline (sh has no pipefail): a deny (exit 2) or a failure before it reads as success"},
		{`./guard.sh || true; exit "$?"`, "|| true makes every failure of what comes before it, a deny (exit 2) included, exit 0"},
		{"./guard.sh; exit $?", ""},
		{"./guard.sh; exit ${#?}", ""},
		{"./guard.sh &", "it ends in &: sh starts the command in the background and exits 0 at once, before it answers"},
		{"./guard.sh", ""},
		{"exec ./guard.sh", ""},
		{"cat policy.json | ./guard.sh", ""},
		{"./guard.sh && echo done", ""},
		{"./guard.sh || exit 1", ""},
		{"set -e; ./guard.sh", ""},
		{"set -o pipefail; ./guard.sh | tee log", ""}, // kept, or sh stops at the set (exit 2)
		{"set -euo pipefail\n./guard.sh | jq .", ""},  // the same
		{"set -o errexit; ./guard.sh | tee log", "its exit status is tee's, the last command of its pipeline (sh has no pipefail): a deny (exit 2) or a failure before it reads as success"},
		{"! ./guard.sh", "it starts with !, which turns a deny (exit 2) or any failure into exit 0"},
		{"./guard.sh \"unterminated", ""},
		{"echo '{}'", ""},
	}
	for _, tt := range tests {
		if got := StatusLost(tt.command, allows); got != tt.want {
			t.Errorf("StatusLost(%q) = %q\nwant %q", tt.command, got, tt.want)
		}
	}
}

// allows stands in for the protocol: nothing, or a JSON object without a
// deny, lets the call through.
func allows(stdout string) bool {
	out := strings.TrimSpace(stdout)
	var obj map[string]any
	return out == "" || json.Unmarshal([]byte(out), &obj) == nil && !strings.Contains(out, "ABILITY_DENIED")
}

// A handler given as a shell and its arguments (command: sh, args: [-c,
// LINE], the form Windows needs) runs LINE as a shell line: ShellLine
// returns it, so that StatusLost reads it as it reads a command line. A
// script file, or a line under -o pipefail, is not returned.
func TestShellLine(t *testing.T) {
	tests := []struct {
		command string
		args    []string
		want    string
		ok      bool
	}{
		{"sh", []string{"-c", "./guard.sh | tee log"}, "./guard.sh | tee log", true},
		{"/bin/bash", []string{"-ec", "./guard.sh || true", "guard"}, "./guard.sh || true", true},
		{"bash", []string{"-x", "-c", "./guard.sh || true"}, "./guard.sh || true", true},
		{"dash", []string{"+x", "-c", "./guard.sh &"}, "./guard.sh &", true},
		{"bash", []string{"-o", "pipefail", "-c", "./guard.sh | tee log"}, "", false},
		{"bash", []string{"-o", "errexit", "-c", "./guard.sh | tee log"}, "./guard.sh | tee log", true},
		{"sh", []string{"guard.sh"}, "", false},
		{"sh", []string{"-c"}, "", false},
		{"sh", []string{"--", "-c"}, "", false},
		{"python3", []string{"-c", "print(1)"}, "", false},
		{"./guard.sh", []string{"-c", "x"}, "", false},
	}
	for _, tt := range tests {
		got, ok := ShellLine(tt.command, tt.args)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ShellLine(%q, %q) = %q, %v; want %q, %v", tt.command, tt.args, got, ok, tt.want, tt.ok)
		}
	}
}

// A pipeline whose first command reads the context and whose last is a
// program StatusLost does not know answers with the last one's status:
// if the first is the guard, its deny is lost, and if the last is (a
// step that prepares the input before it), nothing is. PipelineStatus
// names such a line, for a warning.
func TestPipelineStatus(t *testing.T) {
	tests := []struct{ command, want string }{
		{"./guard.sh | ./notify.sh", "its exit status is ./notify.sh's, the last command of its pipeline (sh has no pipefail), not ./guard.sh's, which reads the context: if ./guard.sh is the guard, its deny (exit 2) reads as whatever ./notify.sh answers"},
		{"python3 guard.py 2>&1 | python3 -m json.tool", "its exit status is python3's, the last command of its pipeline (sh has no pipefail), not python3's, which reads the context: if python3 is the guard, its deny (exit 2) reads as whatever python3 answers"},
		{"set -e; ./guard.sh | logcat", "its exit status is logcat's, the last command of its pipeline (sh has no pipefail), not ./guard.sh's, which reads the context: if ./guard.sh is the guard, its deny (exit 2) reads as whatever logcat answers"},
		{"cat | ./guard.sh", ""},               // the guard is last
		{"jq -c .tool_input | ./guard.sh", ""}, // the guard is last
		{"./guard.sh | tee log", ""},           // StatusLost's error
		{"./guard.sh", ""},
		{"./guard.sh && ./notify.sh", ""},
		{"set -o pipefail; ./guard.sh | ./notify.sh", ""},
		{"echo '{}' | ./guard.sh", ""},
	}
	for _, tt := range tests {
		if got := PipelineStatus(tt.command); got != tt.want {
			t.Errorf("PipelineStatus(%q) = %q\nwant %q", tt.command, got, tt.want)
		}
	}
}

// A trap on EXIT (or 0) whose action runs exit 0 makes the shell exit 0
// however it was exiting, the guard's exit 2 included; an ERR trap does so
// after any command that fails (bash). TrapLost names such a trap in a
// shell line or a script, where what the action prints lets the call
// through; a trap that keeps the status (no exit, exit $?, exit 1), one
// that prints a deny, or one on another signal is no finding.
func TestTrapLost(t *testing.T) {
	tests := []struct {
		script string
		line   int
		want   string
	}{
		{"trap 'exit 0' EXIT; ./guard.sh", 1, "its trap 'exit 0' EXIT runs exit 0 as the shell exits, whatever status it was exiting with: a deny (exit 2) or any failure reads as success, and it prints no deny"},
		{"#!/bin/sh\nset -e\ntrap 'rm -f \"$tmp\"; exit 0' 0\ncheck || exit 2\n", 3, `its trap 'rm -f "$tmp"; exit 0' 0 runs exit 0 as the shell exits, whatever status it was exiting with: a deny (exit 2) or any failure reads as success, and it prints no deny`},
		{"trap -- 'echo {}; exit 0' EXIT ERR\n./guard.sh", 1, "its trap -- 'echo {}; exit 0' EXIT ERR runs exit 0 as the shell exits, whatever status it was exiting with: a deny (exit 2) or any failure reads as success, and it prints no deny"},
		{"trap \"exit 0\" ERR; ./guard.sh", 1, `its trap "exit 0" ERR runs exit 0 after any command that fails (in bash): a deny (exit 2) or any failure reads as success, and it prints no deny`},
		{"f() {\n  trap 'echo failed >&2; exit 0' exit\n}\nf; ./guard.sh", 2, "its trap 'echo failed >&2; exit 0' exit runs exit 0 as the shell exits, whatever status it was exiting with: a deny (exit 2) or any failure reads as success, and it prints no deny"},
		{`trap 'echo "{\"hook_signals\":[{\"kind\":\"ability_guard\",\"code\":\"ABILITY_DENIED\"}]}"; exit 0' EXIT; ./guard.sh`, 0, ""}, // a deny printed: not read (a backslash)
		{`trap 'echo {"hook_signals":[{"kind":"ability_guard","code":"ABILITY_DENIED"}]}; exit 0' ERR; ./guard.sh`, 0, ""},              // a deny printed
		{"trap 'rm -f x' EXIT; ./guard.sh", 0, ""},                 // the status is kept
		{"trap 'rm -fv \"$tmp\"; exit 0' EXIT; ./guard.sh", 0, ""}, // prints what it removed: no result, the hook fails
		{"trap 'rm -v \"$tmp\" >&2; exit 0' EXIT; ./guard.sh", 1, `its trap 'rm -v "$tmp" >&2; exit 0' EXIT runs exit 0 as the shell exits, whatever status it was exiting with: a deny (exit 2) or any failure reads as success, and it prints no deny`},
		{"trap 'exit' EXIT; ./guard.sh", 0, ""},                // the status is kept
		{"trap 'exit $?' EXIT; ./guard.sh", 0, ""},             // the status is kept
		{"trap 'exit 1' EXIT; ./guard.sh", 0, ""},              // a failure: blocks
		{"trap 'exit 0' TERM INT; ./guard.sh", 0, ""},          // hookrun's SIGTERM comes after a timeout, a failure already
		{"trap - EXIT; ./guard.sh", 0, ""},                     // a reset
		{"trap \"$CLEANUP\" EXIT; ./guard.sh", 0, ""},          // cannot be told
		{"trap './report.sh; exit 0' EXIT; ./guard.sh", 0, ""}, // cannot be told what it prints
		{"cleanup() {\n  rm -f \"$tmp\"\n  exit 0\n}\ntrap cleanup EXIT\n./guard.sh", 5, "its trap cleanup EXIT runs exit 0 as the shell exits, whatever status it was exiting with: a deny (exit 2) or any failure reads as success, and it prints no deny"},
		{"function finish { echo done >&2; }\nbye() { finish; exit 0; }\ntrap 'bye' 0", 3, "its trap 'bye' 0 runs exit 0 as the shell exits, whatever status it was exiting with: a deny (exit 2) or any failure reads as success, and it prints no deny"},
		{"cleanup() { rm -f \"$tmp\"; }\ntrap cleanup EXIT\n./guard.sh", 0, ""},   // the status is kept
		{"cleanup() { rm -f \"$tmp\"; exit \"$rc\"; }\ntrap cleanup EXIT", 0, ""}, // cannot be told
		{"loop() { loop; }\ntrap loop EXIT", 0, ""},                               // no exit 0 reached
		{"./guard.sh", 0, ""},
		{"trap 'exit 0", 0, ""}, // not read
		{"()0\ntrap 'exit 0' EXIT", 2, "its trap 'exit 0' EXIT runs exit 0 as the shell exits, whatever status it was exiting with: a deny (exit 2) or any failure reads as success, and it prints no deny"}, // a function with no name beside it
	}
	for _, tt := range tests {
		line, got := TrapLost(tt.script, allows)
		if got != tt.want || line != tt.line {
			t.Errorf("TrapLost(%q) = %d, %q\nwant %d, %q", tt.script, line, got, tt.line, tt.want)
		}
	}
}

// FuzzTrapLost throws script text, a repository's file, at the trap
// reader: it must never panic, and a trap it names is on a line of the
// script that holds the word trap, with a reason.
func FuzzTrapLost(f *testing.F) {
	for _, s := range []string{"trap 'exit 0' EXIT; ./guard.sh", "f() { f; }\ntrap f EXIT", "c() { echo '{}'; exit 0; }\ntrap c ERR", "trap -- 'rm -f x; exit 0' 0", "trap \"$X\" EXIT", "trap 'exit 0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		line, why := TrapLost(script, allows)
		if line == 0 {
			if why != "" {
				t.Fatalf("no line, yet %q", why)
			}
			return
		}
		lines := strings.Split(script, "\n")
		if why == "" || line > len(lines) || !strings.Contains(lines[line-1], "trap") {
			t.Fatalf("line %d (%q) of %q", line, why, script)
		}
	})
}

// A command line that is itself a shell given a line with -c (bash -c
// './guard.sh || true') answers with that line's status: InnerLine
// returns the shell and its arguments, for ShellLine, so that the checks
// read the inner line. A line with anything more around it is none.
func TestInnerLine(t *testing.T) {
	tests := []struct {
		command string
		prog    string
		args    []string
	}{
		{`bash -c './guard.sh || true'`, "bash", []string{"-c", "./guard.sh || true"}},
		{`exec /bin/sh -ec "./guard.sh | tee log" guard`, "/bin/sh", []string{"-ec", "./guard.sh | tee log", "guard"}},
		{`bash -c "$LINE"`, "", nil},
		// Inside double quotes a backslash quotes only $ ` " \ and a newline, as sh reads it.
		{`bash -c "bash -c 'trap \"exit 0\" EXIT; ./guard.sh \$1 \x'"`, "bash", []string{"-c", `bash -c 'trap "exit 0" EXIT; ./guard.sh $1 \x'`}},
		{`bash -c './guard.sh'; exit 0`, "", nil},
		{`bash -c './guard.sh' > log`, "", nil},
		{`LC_ALL=C bash -c ./guard.sh`, "", nil},
		{`python3 -c 'print(1)'`, "", nil},
		{`bash guard.sh`, "", nil},
		{`./guard.sh`, "", nil},
	}
	for _, tt := range tests {
		prog, args, ok := InnerLine(tt.command)
		if prog != tt.prog || !slices.Equal(args, tt.args) || ok != (tt.prog != "") {
			t.Errorf("InnerLine(%q) = %q, %q, %v; want %q, %q", tt.command, prog, args, ok, tt.prog, tt.args)
		}
	}
}

// A guard script that sources a file (. ./lib.sh, source, or a path from
// the script's own directory) runs that file's traps: Sourced lists the
// files it names by a fixed path, so that validate reads them too. A path
// built any other way cannot be told and is not listed.
func TestSourced(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []Source
	}{
		{". ./lib.sh\n", []Source{{Path: "./lib.sh"}}},
		{"source hooks/lib/common.sh; ./guard\n", []Source{{Path: "hooks/lib/common.sh"}}},
		{"if true; then . './a b.sh'; fi\n", []Source{{Path: "./a b.sh"}}},
		{`. "$(dirname "$0")/lib.sh"` + "\n", []Source{{Path: "lib.sh", From: "$0"}}},
		{`. "$(dirname -- "$0")"/lib/x.sh` + "\n", []Source{{Path: "lib/x.sh", From: "$0"}}},
		{`source "${0%/*}/common.sh"` + "\n", []Source{{Path: "common.sh", From: "$0"}}},
		{`. "$(cd "$(dirname "$0")" && pwd)/lib.sh"` + "\n", []Source{{Path: "lib.sh", From: "$0"}}},
		{`. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"` + "\n", []Source{{Path: "lib.sh", From: "BASH_SOURCE"}}},
		{`. "${BASH_SOURCE%/*}/lib.sh"` + "\n", []Source{{Path: "lib.sh", From: "BASH_SOURCE"}}},
		{". lib.sh\n", nil},        // no slash: sh looks it up on PATH
		{". \"$LIB/x.sh\"\n", nil}, // a variable: cannot be told
		{". ./*.sh\n", nil},        // a glob
		{"echo . ./lib.sh\n", nil}, // not a command
		{". ./a.sh; . ./a.sh\n", []Source{{Path: "./a.sh"}}},
		{"not ( sh\n", nil},
	} {
		got := Sourced(tc.src)
		if tc.want == nil && len(got) == 0 {
			continue
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("Sourced(%q) = %+v, want %+v", tc.src, got, tc.want)
		}
	}
}

// FuzzSourced holds what Sourced promises for any script: each path it
// lists holds a slash or comes from the script's directory, and none holds
// an expansion or a glob, which only the running shell can tell.
func FuzzSourced(f *testing.F) {
	for _, s := range []string{". ./lib.sh", `. "$(dirname "$0")/lib.sh"`, `source "${BASH_SOURCE%/*}/x.sh"`, ". \"$X/y\"", "source ./a*.sh"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		for _, s := range Sourced(script) {
			if s.From == "" && !strings.Contains(s.Path, "/") || s.From != "" && strings.ContainsAny(s.Path, "$`*?[") {
				t.Fatalf("Sourced(%q) lists %+v", script, s)
			}
		}
	})
}
