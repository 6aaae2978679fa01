package settings

import (
	"strings"
	"testing"
)

// FuzzDotenvNames: the names read from a dotenv file (a repository's .env, which Gemini CLI loads
// into its hooks' environment) include every HOOKRUN_ variable a NAME=value line sets, whatever
// comes around it, and never an empty name.
func FuzzDotenvNames(f *testing.F) {
	for _, s := range []string{"HOOKRUN_HOOKS_DIR=x\n", "export HOOKRUN_CACHE: off\r\n", "# c\n  A=1\n\tB=2", "\x00\xff=\n"} {
		f.Add(s, "HOOKRUN_X")
	}
	f.Fuzz(func(t *testing.T, before, name string) {
		names := dotenvNames([]byte(before))
		for _, n := range names {
			if n == "" {
				t.Fatalf("an empty name from %q", before)
			}
		}
		if strings.ContainsFunc(name, func(r rune) bool {
			return !(r == '_' || r >= '0' && r <= '9' || r >= 'A' && r <= 'Z')
		}) || name == "" {
			return
		}
		got := dotenvNames([]byte(before + "\n" + name + "=1\n"))
		found := false
		for _, n := range got {
			found = found || n == name
		}
		if !found {
			t.Fatalf("%s=1 after %q not read: %q", name, before, got)
		}
	})
}
