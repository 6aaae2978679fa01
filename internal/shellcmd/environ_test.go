package shellcmd

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestPatternEnvironment: a pattern's NAME=GLOB words hold for the variables the line gives the
// command, however it gives them: a nested agent started with its hooks off, or a hookrun reading
// its hooks from another directory, is a command with a variable, not an option.
func TestPatternEnvironment(t *testing.T) {
	const simple, dir = "CLAUDE_CODE_SIMPLE=* claude", "HOOKRUN_HOOKS_DIR=* *"
	for _, tc := range []struct {
		pattern, line string
		want          Outcome
		reason        string
	}{
		{simple, "CLAUDE_CODE_SIMPLE=1 claude -p 'tidy up'", Match, ""},
		{simple, "env CLAUDE_CODE_SIMPLE=1 claude -p x", Match, ""},
		{simple, "env -i PATH=/usr/bin CLAUDE_CODE_SIMPLE=1 claude -p x", Match, ""},
		{simple, "sudo CLAUDE_CODE_SIMPLE=1 claude -p x", Match, ""},
		{simple, "export CLAUDE_CODE_SIMPLE=1; claude -p x", Match, ""},
		{simple, "export CLAUDE_CODE_SIMPLE=1 && cd app && claude -p x", Match, ""},
		{simple, "CLAUDE_CODE_SIMPLE=1; export CLAUDE_CODE_SIMPLE; claude", Match, ""},
		{simple, "declare -x CLAUDE_CODE_SIMPLE=1; claude", Match, ""},
		{simple, "typeset -gx CLAUDE_CODE_SIMPLE=1; claude", Match, ""},
		{simple, "set -a; CLAUDE_CODE_SIMPLE=1; claude -p x", Match, ""},
		{simple, "set -o allexport; CLAUDE_CODE_SIMPLE=1; claude -p x", Match, ""},
		{simple, "CLAUDE_CODE_SIMPLE=1 bash -c 'claude -p x'", Match, ""},
		{simple, "sh -c 'export CLAUDE_CODE_SIMPLE=1; exec claude -p x'", Match, ""},
		{simple, "CLAUDE_CODE_SIMPLE=1 timeout 60 nohup claude -p x", Match, ""},
		{simple, `CLAUDE_CODE_SIMPLE="$V" claude`, Match, ""},
		{simple, "claude -p x", NoMatch, ""},
		{simple, "CLAUDE_CODE_SIMPLE=1; claude -p x", NoMatch, ""}, // not exported: claude does not see it
		{simple, "CLAUDE_CODE_SIMPLE=1 npm test; claude -p x", NoMatch, ""},
		{simple, "declare CLAUDE_CODE_SIMPLE=1; claude", NoMatch, ""},
		{simple, "OTHER=1 claude -p x", NoMatch, ""},
		{"CLAUDE_CODE_SIMPLE=1|true claude", `CLAUDE_CODE_SIMPLE=true claude`, Match, ""},
		{"CLAUDE_CODE_SIMPLE=1|true claude", `CLAUDE_CODE_SIMPLE=0 claude`, NoMatch, ""},
		{"CLAUDE_CODE_SIMPLE=1|true claude", `CLAUDE_CODE_SIMPLE="$V" claude`, Unknown, "the value of CLAUDE_CODE_SIMPLE given to claude is only known when the line runs"},
		{dir, "HOOKRUN_HOOKS_DIR=/tmp/empty gemini -p x", Match, ""},
		{dir, "HOOKRUN_HOOKS_DIR=/tmp/empty git commit -m x", Match, ""},
		{dir, "git commit -m x", NoMatch, ""},
		{"A=1 B=2 x", "B=2 A=1 x", Match, ""},
		{"A=1 B=2 x", "A=1 x", NoMatch, ""},
	} {
		o, why := outcome(t, tc.pattern, tc.line)
		if o != tc.want || why != tc.reason {
			t.Errorf("%q on %q: got %v %q, want %v %q", tc.pattern, tc.line, o, why, tc.want, tc.reason)
		}
	}
}

// TestCommandEnvNotShared: each command keeps the variables it ran with, whatever the line gives
// later ones.
func TestCommandEnvNotShared(t *testing.T) {
	l := Parse("A=1 x; B=2 y; z")
	var got []string
	for _, c := range l.Commands {
		s := c.Name + ":"
		for _, e := range c.Env {
			s += " " + e.Value
		}
		got = append(got, s)
	}
	want := []string{"x: A=1", "y: B=2", "z:"}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

// TestEnvironmentIsBounded: a line cannot make hookrun keep a copy of every variable it exports
// for each command it runs (thousands of exports and commands in 100 KB made gigabytes), nor hide
// a variable past a cap: beyond maxEnv variables the commands a rule would check are unresolved.
func TestEnvironmentIsBounded(t *testing.T) {
	var b strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&b, "export V%d=1; ", i)
	}
	b.WriteString("export CLAUDE_CODE_SIMPLE=1; ")
	for range 6000 {
		b.WriteString("a; ")
	}
	b.WriteString("claude -p x")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	l := Parse(b.String())
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 256<<20 {
		t.Errorf("reading the line allocated %d MiB", grew>>20)
	}
	p, err := Compile("CLAUDE_CODE_SIMPLE=* claude")
	if err != nil {
		t.Fatal(err)
	}
	o, why := p.MatchLine(&l)
	want := fmt.Sprintf("the line gives its commands more than %d variables", maxEnv)
	if o != Unknown || why != want {
		t.Errorf("got %v %q, want unknown %q", o, why, want)
	}
}
