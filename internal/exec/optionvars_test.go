package exec

import (
	"strings"
	"testing"
)

func TestOptionsLoadCode(t *testing.T) {
	for _, tc := range []struct {
		name, value string
		want        bool
	}{
		{"NODE_OPTIONS", "--require /tmp/x.js", true},
		{"NODE_OPTIONS", "--max-old-space-size=4096 -r /tmp/x.js", true},
		{"NODE_OPTIONS", "--require=/tmp/x.js", true},
		{"NODE_OPTIONS", "--import /tmp/x.mjs", true},
		{"NODE_OPTIONS", "--experimental-loader=./l.mjs", true},
		{"NODE_OPTIONS", "--inspect-brk=0.0.0.0:9229", true},
		{"NODE_OPTIONS", "--max-old-space-size=4096 --no-warnings", false},
		{"NODE_OPTIONS", "--openssl-legacy-provider", false},
		{"NODE_OPTIONS", "", false},
		{"PERL5OPT", "-MEvil", true},
		{"PERL5OPT", "-wMEvil", true},
		{"PERL5OPT", "-I/tmp/lib -w", true},
		{"PERL5OPT", "-d:Trace", true},
		{"PERL5OPT", "-w -CSDA", false},
		{"RUBYOPT", "-r/tmp/x", true},
		{"RUBYOPT", "-wr/tmp/x", true},
		{"RUBYOPT", "-I /tmp", true},
		{"RUBYOPT", "-W0 --disable=gems", false},
		{"PYTHONWARNINGS", "ignore::evil.Warning", true},
		{"PYTHONWARNINGS", "ignore::DeprecationWarning,default", false},
		{"LUA_INIT", "@/tmp/x.lua", true},
		{"JAVA_TOOL_OPTIONS", "-Xmx1g", true},
		{"PYTHONPATH", "/tmp", false},
		{"OTHER", "--require /tmp/x.js", false},
	} {
		if got := OptionsLoadCode(tc.name, tc.value); got != tc.want {
			t.Errorf("OptionsLoadCode(%s=%q) = %v, want %v", tc.name, tc.value, got, tc.want)
		}
	}
}

// The values come from a repository's files: any bytes, no panic; a blank
// value loads nothing, and a --require added to NODE_OPTIONS always does.
func FuzzOptionsLoadCode(f *testing.F) {
	for _, s := range []string{"--require /tmp/x.js", "-wMEvil", "ignore::a.B:m:1,default", "", "-", "a:b:c", "\x00-r"} {
		f.Add("NODE_OPTIONS", s)
		f.Add("PERL5OPT", s)
		f.Add("RUBYOPT", s)
		f.Add("PYTHONWARNINGS", s)
	}
	f.Fuzz(func(t *testing.T, name, value string) {
		if OptionsLoadCode(name, value) && strings.TrimSpace(value) == "" {
			t.Fatalf("%s=%q: a blank value loads code", name, value)
		}
		if !OptionsLoadCode("NODE_OPTIONS", value+" --require /tmp/x.js") {
			t.Fatalf("NODE_OPTIONS=%q --require /tmp/x.js: not read as loading code", value)
		}
	})
}
