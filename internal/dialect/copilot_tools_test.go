package dialect

import (
	"encoding/json"
	"testing"
)

// Copilot CLI 1.0.102's tools beyond bash/edit/create (read from its
// package, cli-main.js): write_bash and write_powershell type input into a
// running shell session (bash's async mode, a tmux), apply_patch carries
// a patch as GPT models write it, str_replace and str_replace_editor edit
// a path. Each must reach the guards as the canonical ability, with the
// command or the files, or a shell or edit guard never sees it.
func TestCopilotTools(t *testing.T) {
	patch := "*** Begin Patch\n*** Delete File: .system/hooks/protect_hooks.yaml\n*** End Patch\n"
	p, _ := json.Marshal(patch)
	tests := []struct {
		tool, input                    string
		ability, command, shell, paths string
	}{
		{"write_bash", `{"shellId":"1","input":"rm -rf /\n"}`, "shell", `"rm -rf /\n"`, ``, ``},
		{"write_powershell", `{"shellId":"1","input":"Remove-Item -Recurse -Force C:\\"}`, "shell", `"Remove-Item -Recurse -Force C:\\"`, `"powershell"`, ``},
		{"apply_patch", string(p), "edit_file", ``, ``, `[".system/hooks/protect_hooks.yaml"]`},
		{"apply_patch", `{"input":` + string(p) + `}`, "edit_file", ``, ``, `[".system/hooks/protect_hooks.yaml"]`},
		{"str_replace", `{"path":"config/prod/app.yaml","old_str":"a","new_str":"b"}`, "edit_file", ``, ``, `["config/prod/app.yaml"]`},
		{"str_replace_editor", `{"command":"str_replace","path":"config/prod/app.yaml","old_str":"a","new_str":"b"}`, "edit_file", ``, ``, `["config/prod/app.yaml"]`},
		{"str_replace_editor", `{"command":"insert","path":"a.go","insert_line":1,"new_str":"b"}`, "edit_file", ``, ``, `["a.go"]`},
		{"str_replace_editor", `{"command":"create","path":"a.go","file_text":"b"}`, "write_file", ``, ``, `["a.go"]`},
		{"str_replace_editor", `{"command":"view","path":"a.go"}`, "read_file", ``, ``, `["a.go"]`},
		{"str_replace_editor", `{"command":"undo_edit","path":"a.go"}`, "edit_file", ``, ``, `["a.go"]`},
		{"str_replace_editor", `{"path":"a.go"}`, "edit_file", ``, ``, `["a.go"]`},
		{"read_bash", `{"shellId":"1","delay":5}`, "copilot/read_bash", ``, ``, `["1"]`},
		// lsp opens file; its rename edits every file that refers to the symbol.
		{"lsp", `{"operation":"hover","file":".env","line":1,"character":1}`, "read_file", ``, ``, `[".env"]`},
		{"lsp", `{"operation":"rename","file":"a.py","line":1,"character":1,"newName":"b"}`, "edit_file", ``, ``, `["a.py","**"]`},
		{"lsp", `{"operation":"workspaceSymbol","query":"Key"}`, "search_files", ``, ``, `["**"]`},
	}
	for _, tt := range tests {
		payload := `{"hook_event_name":"PreToolUse","session_id":"cp1","cwd":"/repo","tool_name":"` + tt.tool + `","tool_input":` + tt.input + `}`
		c, err := Read(Copilot, []byte(payload))
		if err != nil {
			t.Fatalf("Read(%s): %v", payload, err)
		}
		data, err := c.Context()
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]json.RawMessage
		_ = json.Unmarshal(data, &doc)
		if got := string(doc["ability_id"]); got != `"`+tt.ability+`"` {
			t.Errorf("%s %s: ability_id %s, want %q", tt.tool, tt.input, got, tt.ability)
		}
		if got := string(doc["command"]); got != tt.command {
			t.Errorf("%s %s: command %s, want %s", tt.tool, tt.input, got, tt.command)
		}
		if got := string(doc["shell"]); got != tt.shell {
			t.Errorf("%s %s: shell %s, want %s", tt.tool, tt.input, got, tt.shell)
		}
		if got := string(doc["paths"]); got != tt.paths {
			t.Errorf("%s %s: paths %s, want %s", tt.tool, tt.input, got, tt.paths)
		}
	}
}
