package settings

import (
	"encoding/json"
	"testing"

	"github.com/hookrun/hookrun/internal/ojson"
)

// plainJSON reads OpenCode's JSON with comments as OpenCode does: comments
// and trailing commas go, a // or /* inside a string (an escaped quote
// before it) stays.
func TestPlainJSON(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"a": 1, // one` + "\n" + `}`, `{"a":1}`},
		{`{"a": [1, 2, /* two */ ], }`, `{"a":[1,2]}`},
		{`{"u": "http://x/*y*/", "q": "\"//\""}`, `{"q":"\"//\"","u":"http://x/*y*/"}`},
		{`{"a": "x,"}`, `{"a":"x,"}`},
		{`{"a": 1 /* open`, ``},
	}
	for _, tt := range tests {
		var v any
		err := json.Unmarshal(plainJSON([]byte(tt.in)), &v)
		got, _ := json.Marshal(v)
		if tt.want == "" {
			if err == nil {
				t.Errorf("%q: read as %s, want an error", tt.in, got)
			}
			continue
		}
		if err != nil || string(got) != tt.want {
			t.Errorf("%q: %s (%v), want %s", tt.in, got, err, tt.want)
		}
	}
}

// The config's shell: one in the project (relative, or absolute under the
// root) is an error, one OpenCode does not know as a shell a warning, a
// known one by name or outside the project nothing.
func TestOpenCodeShell(t *testing.T) {
	root := "/work/repo"
	tests := []struct {
		shell string
		found bool
		warn  bool
	}{
		{`"./tools/mysh"`, true, false},
		{`"tools/bash"`, true, false},
		{`"/work/repo/bin/zsh"`, true, false},
		{`"/work/repo-other/x"`, true, true},
		{`"/opt/x/runner"`, true, true},
		{`"python3"`, true, true},
		{`"bash"`, false, false},
		{`"/usr/bin/zsh"`, false, false},
		{`"/bin/BASH.exe"`, false, false},
		{`""`, false, false},
		{`7`, false, false},
	}
	for _, tt := range tests {
		doc, err := ojson.Parse([]byte(`{"shell": ` + tt.shell + `}`))
		if err != nil {
			t.Fatal(err)
		}
		p, found := openCodeShell(root, "opencode.json", doc.Get("shell"))
		if found != tt.found || p.Warning != tt.warn {
			t.Errorf("shell %s: found %v, warning %v (%s); want %v, %v", tt.shell, found, p.Warning, p.Message, tt.found, tt.warn)
		}
	}
}
