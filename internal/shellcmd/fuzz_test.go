package shellcmd

import (
	"path"
	"strings"
	"testing"
)

// FuzzParse reads arbitrary lines: no panic, every command named by its basename (folded: RM, rm.exe are rm), and a pattern is
// only Unknown with a reason, and only when something in the line is unknown.
func FuzzParse(f *testing.F) {
	for _, tc := range mustMatch {
		f.Add(tc.line)
	}
	for _, tc := range mustBeUnknown {
		f.Add(tc.line)
	}
	patterns := []*Pattern{mustCompile("rm -rf"), mustCompile("rm -r|-R|--recursive -f|--force"), mustCompile("* -?")}
	f.Fuzz(func(t *testing.T, line string) {
		l := Parse(line)
		dynamic := len(l.Unresolved) > 0
		for _, c := range l.Commands {
			if c.Path != "" && !c.PowerShell && c.Name != foldName(path.Base(c.Path)) { // a cmdlet is named for what its alias stands for
				t.Fatalf("command %q named %q, not its folded basename", c.Path, c.Name)
			}
			for _, a := range c.Args {
				dynamic = dynamic || a.Dynamic
			}
		}
		for _, p := range l.Paths {
			if p == "" {
				t.Fatalf("empty path from %q", line)
			}
		}
		for _, p := range patterns {
			o, why := p.MatchLine(&l)
			if (o == Unknown) != (why != "") || o == Unknown && !dynamic {
				t.Fatalf("%q on %q: outcome %d, reason %q, dynamic %v", p, line, o, why, dynamic)
			}
		}
	})
}

// FuzzCompile compiles arbitrary patterns: no panic; a compiled pattern matches its own words.
func FuzzCompile(f *testing.F) {
	for _, s := range []string{"rm -rf", "rm -r|-R|--recursive -f|--force", "git push --force|-f", "dd of=/dev/*", "mkfs*", "a|b ?|--x", "|", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Compile(s)
		if err != nil {
			if !strings.Contains(err.Error(), "pattern") {
				t.Fatalf("error %q does not name the pattern", err)
			}
			return
		}
		l := Parse("x -y z")
		p.MatchLine(&l)
	})
}

func mustCompile(s string) *Pattern {
	p, err := Compile(s)
	if err != nil {
		panic(err)
	}
	return p
}
