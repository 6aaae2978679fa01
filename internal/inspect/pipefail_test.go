package inspect

import (
	"testing"

	"github.com/hookrun/hookrun/internal/config"
)

// A blocking guard's line that sets -o pipefail, run by a /bin/sh that
// does not know it (dash), stops at the set with status 2 before the guard
// runs: every call is denied, whatever the guard would say. validate names
// it where the machine's sh does not know pipefail, and only there.
func TestPipefailFinding(t *testing.T) {
	h := &config.Hook{ID: "g", File: "/p/.system/hooks/g.yaml", Blocking: true, CommandPos: config.Pos{Line: 7, Col: 12}}
	const want = "handler.command: it sets -o pipefail, which this machine's /bin/sh does not know: sh stops there with status 2 before the guard runs, and a blocking hook denies every call; run the line with bash (command: bash, args: [-c, LINE]) or drop pipefail"
	for _, c := range []struct {
		line  string
		known bool
		want  string
	}{
		{"set -o pipefail; ./guard.sh | tee log", false, want},
		{"set -euo pipefail\n./guard.sh", false, want},
		{"set -o pipefail; ./guard.sh | tee log", true, ""},
		{"./guard.sh | tee log", false, ""},
		{"./guard.sh", false, ""},
	} {
		got := pipefailFinding(h, c.line, func() bool { return c.known })
		msg := ""
		if got != nil {
			msg = got.Message
			if got.Severity != config.Error || got.Line != 7 || got.Col != 12 {
				t.Errorf("%q: finding %+v, want an error at 7:12", c.line, got)
			}
		}
		if msg != c.want {
			t.Errorf("%q (sh knows pipefail: %v):\n got  %q\n want %q", c.line, c.known, msg, c.want)
		}
	}
}
