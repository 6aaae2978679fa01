package settings

import "testing"

// locateTOML finds a key as parseTOML's JSON path names it: under a table
// header, dotted, in an inline table, in an array table's n-th item (and a
// table beneath it), or the deepest key on the way.
func TestLocateTOML(t *testing.T) {
	const doc = `notify = ["python3", "notify.py"]
features.hooks = false

[mcp_servers.x]
command = "sh"

[mcp_servers.y]
  args = ["-c"]
  env = { A = "1", "B" = "2" }

[[hooks.PreToolUse]]
matcher = "Bash"
[[hooks.PreToolUse]]
[[hooks.PreToolUse.hooks]]
type = "command"
command = "hookrun emit"
timeout = 5
`
	tests := []struct {
		path      []string
		line, col int
	}{
		{at("notify"), 1, 1},
		{at("features", "hooks"), 2, 10},
		{at("mcp_servers", "x", "command"), 5, 1},
		{at("mcp_servers", "y", "env", "B"), 9, 20},
		{at("mcp_servers", "y", "args", 0), 8, 3},
		{at("hooks", "PreToolUse", 0, "matcher"), 12, 1},
		{at("hooks", "PreToolUse", 1, "hooks", 0, "timeout"), 17, 1},
		{at("hooks", "PreToolUse", 1, "hooks", 0, "command"), 16, 1},
		{at("mcp_servers", "z", "command"), 4, 2},
		{at("model"), 0, 0},
	}
	for _, tt := range tests {
		line, col := locateTOML([]byte(doc), tt.path)
		if line != tt.line || col != tt.col {
			t.Errorf("%v: at %d:%d, want %d:%d", tt.path, line, col, tt.line, tt.col)
		}
	}
	if line, col := locateTOML([]byte("a = \n"), at("a")); line != 0 || col != 0 {
		t.Errorf("not TOML: at %d:%d, want 0:0", line, col)
	}
}
