package dialect

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/hookrun/hookrun/internal/event"
)

// Payloads follow the examples in each agent's hook documentation.
var payloads = map[string]struct {
	dialect Name
	json    string
}{
	"claude/PreToolUse/Bash":                   {ClaudeCode, `{"session_id":"abc123","transcript_path":"/home/user/.claude/projects/x/transcript.jsonl","cwd":"/home/user/my-project","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"npm test","description":"Run test suite","timeout":120000,"run_in_background":false},"tool_use_id":"toolu_01ABC123"}`},
	"claude/PreToolUse/Bash/bypassPermissions": {ClaudeCode, `{"session_id":"abc123","cwd":"/p","permission_mode":"bypassPermissions","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`},
	"claude/PreToolUse/Bash/auto":              {ClaudeCode, `{"session_id":"abc123","cwd":"/p","permission_mode":"auto","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`},
	"claude/PreToolUse/Bash/acceptEdits":       {ClaudeCode, `{"session_id":"abc123","cwd":"/p","permission_mode":"acceptEdits","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`},
	"claude/PreToolUse/Edit":                   {ClaudeCode, `{"session_id":"abc123","cwd":"/p","hook_event_name":"PreToolUse","tool_name":"Edit","tool_input":{"file_path":"/p/config/prod/db.yaml","old_string":"a","new_string":"b","replace_all":false},"tool_use_id":"t2"}`},
	"claude/PreToolUse/mcp":                    {ClaudeCode, `{"session_id":"abc123","hook_event_name":"PreToolUse","tool_name":"mcp__memory__create_entities","tool_input":{"entities":[{"name":"x"}]}}`},
	"claude/PreToolUse/Todo":                   {ClaudeCode, `{"session_id":"abc123","hook_event_name":"PreToolUse","tool_name":"TodoWrite","tool_input":{"todos":[]}}`},
	"claude/PostToolUse":                       {ClaudeCode, `{"session_id":"abc123","transcript_path":"/t.jsonl","cwd":"/Users/my-project","permission_mode":"default","hook_event_name":"PostToolUse","tool_name":"Write","tool_input":{"file_path":"/Users/my-project/index.js","content":"console.log('Hello world')"},"tool_response":{"filePath":"/Users/my-project/index.js","success":true},"tool_use_id":"toolu_01"}`},
	"claude/PostToolUseFailure":                {ClaudeCode, `{"session_id":"abc123","transcript_path":"/t.jsonl","cwd":"/Users/x","permission_mode":"default","hook_event_name":"PostToolUseFailure","tool_name":"Bash","tool_input":{"command":"npm test","description":"Run test suite"},"tool_use_id":"toolu_01ABC123","error":"Exit code 1\nError: Cannot find module 'express'","is_interrupt":false,"duration_ms":4187}`},
	"claude/UserPromptSubmit":                  {ClaudeCode, `{"session_id":"abc123","transcript_path":"/t.jsonl","cwd":"/p","permission_mode":"default","hook_event_name":"UserPromptSubmit","prompt":"Write a function to calculate the factorial of a number"}`},
	"claude/Stop":                              {ClaudeCode, `{"session_id":"abc123","transcript_path":"/t.jsonl","cwd":"/p","permission_mode":"default","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"Done."}`},
	"claude/SessionEnd":                        {ClaudeCode, `{"session_id":"abc123","transcript_path":"/t.jsonl","cwd":"/p","hook_event_name":"SessionEnd","reason":"other"}`},
	"claude/Notification":                      {ClaudeCode, `{"session_id":"abc123","hook_event_name":"Notification","message":"Claude needs your permission","notification_type":"permission_prompt"}`},

	"gemini/BeforeTool":     {GeminiCLI, `{"session_id":"g1","transcript_path":"/t.json","cwd":"/proj","hook_event_name":"BeforeTool","timestamp":"2025-12-01T10:30:00Z","tool_name":"write_file","tool_input":{"file_path":"/proj/src/app.ts","content":"..."}}`},
	"gemini/BeforeTool/mcp": {GeminiCLI, `{"session_id":"g1","hook_event_name":"BeforeTool","timestamp":"t","tool_name":"mcp__gh__search","tool_input":{"q":"x"},"mcp_context":{"server_name":"github","tool_name":"search_repositories","url":"https://example.invalid"}}`},
	"gemini/AfterTool":      {GeminiCLI, `{"session_id":"g1","cwd":"/proj","hook_event_name":"AfterTool","timestamp":"t","tool_name":"read_file","tool_input":{"path":"/proj/README.md"},"tool_response":{"llmContent":"hello","returnDisplay":"hello"}}`},
	"gemini/AfterTool/fail": {GeminiCLI, `{"session_id":"g1","cwd":"/proj","hook_event_name":"AfterTool","timestamp":"t","tool_name":"run_shell_command","tool_input":{"command":"make"},"tool_response":{"llmContent":"","returnDisplay":"","error":{"message":"Command exited with code 2","type":"SHELL_EXECUTE_ERROR"}}}`},
	"gemini/BeforeAgent":    {GeminiCLI, `{"session_id":"g1","cwd":"/proj","hook_event_name":"BeforeAgent","timestamp":"t","prompt":"Fix the authentication bug"}`},
	"gemini/SessionEnd":     {GeminiCLI, `{"session_id":"g1","cwd":"/proj","hook_event_name":"SessionEnd","timestamp":"t","reason":"exit"}`},
	"gemini/AfterAgent":     {GeminiCLI, `{"session_id":"g1","hook_event_name":"AfterAgent","timestamp":"t","prompt":"p","prompt_response":"r","stop_hook_active":false}`},

	"codex/PreToolUse":       {Codex, `{"session_id":"c1","turn_id":"u1","transcript_path":null,"cwd":"/repo","hook_event_name":"PreToolUse","model":"gpt-5","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"rm -rf build"},"tool_use_id":"call_1"}`},
	"codex/PreToolUse/patch": {Codex, `{"session_id":"c1","turn_id":"u1","cwd":"/repo","hook_event_name":"PreToolUse","model":"gpt-5","tool_name":"apply_patch","tool_input":{"command":"*** Begin Patch\n*** Update File: config/prod/app.yaml\n@@\n-a\n+b\n*** Add File: docs/new.md\n+hi\n*** End Patch\n"},"tool_use_id":"call_2"}`},
	"codex/PostToolUse":      {Codex, `{"session_id":"c1","turn_id":"u1","transcript_path":null,"cwd":"/repo","hook_event_name":"PostToolUse","model":"gpt-5","permission_mode":"default","tool_name":"mcp__fs__read","tool_input":{"path":"a"},"tool_response":{"content":[{"type":"text","text":"no such file"}],"isError":true},"tool_use_id":"call_3"}`},
	"codex/UserPromptSubmit": {Codex, `{"session_id":"c1","turn_id":"u1","cwd":"/repo","hook_event_name":"UserPromptSubmit","model":"gpt-5","prompt":"add a test"}`},
	"codex/Stop":             {Codex, `{"session_id":"c1","turn_id":"u1","cwd":"/repo","hook_event_name":"Stop","model":"gpt-5","stop_hook_active":false,"last_assistant_message":null}`},
	"codex/SessionEnd":       {Codex, `{"session_id":"c1","transcript_path":null,"cwd":"/repo","hook_event_name":"SessionEnd","model":"gpt-5","permission_mode":"default","reason":"exit"}`},
	"codex/SessionStart":     {Codex, `{"session_id":"c1","cwd":"/repo","hook_event_name":"SessionStart","model":"gpt-5","source":"startup"}`},

	"cursor/beforeShellExecution": {Cursor, `{"conversation_id":"conv-123","generation_id":"gen-456","model":"m","hook_event_name":"beforeShellExecution","cursor_version":"1.7.2","workspace_roots":["/path/to/project"],"user_email":null,"transcript_path":null,"command":"npm install express","cwd":"/path/to/project","timeout":30}`},
	"cursor/beforeMCPExecution":   {Cursor, `{"conversation_id":"conv-123","generation_id":"gen-456","hook_event_name":"beforeMCPExecution","workspace_roots":["/path/to/project"],"tool_name":"database_query","tool_input":"{\"query\": \"SELECT * FROM users\"}","url":"http://localhost:3000"}`},
	"cursor/beforeReadFile":       {Cursor, `{"conversation_id":"conv-123","generation_id":"gen-456","hook_event_name":"beforeReadFile","workspace_roots":["/path/to/project"],"file_path":"/path/to/project/secrets.env","content":"API_KEY=...","attachments":[]}`},
	"cursor/afterFileEdit":        {Cursor, `{"conversation_id":"conv-123","generation_id":"gen-456","hook_event_name":"afterFileEdit","workspace_roots":["/path/to/project"],"file_path":"/path/to/project/src/main.ts","edits":[{"old_string":"const foo = 1","new_string":"const foo = 2"}]}`},
	"cursor/afterShellExecution":  {Cursor, `{"conversation_id":"conv-123","generation_id":"gen-456","hook_event_name":"afterShellExecution","workspace_roots":["/path/to/project"],"command":"npm test","output":"ok","duration":1234}`},
	"cursor/beforeSubmitPrompt":   {Cursor, `{"conversation_id":"conv-123","generation_id":"gen-456","hook_event_name":"beforeSubmitPrompt","workspace_roots":["/path/to/project"],"prompt":"Fix the bug in main.ts","attachments":[{"type":"file","filePath":"/path/to/project/main.ts"},{"type":"rule","filePath":"/path/to/project/.cursorrules"}]}`},
	"cursor/stop":                 {Cursor, `{"conversation_id":"conv-123","generation_id":"gen-456","hook_event_name":"stop","workspace_roots":["/path/to/project"],"status":"completed","loop_count":0}`},
	"cursor/sessionEnd":           {Cursor, `{"conversation_id":"conv-123","hook_event_name":"sessionEnd","session_id":"conv-123","workspace_roots":["/path/to/project"],"reason":"completed"}`},
	"opencode/before/bash":        {OpenCode, `{"hook_event_name":"tool.execute.before","session_id":"ses_1","cwd":"/p","tool_name":"bash","tool_use_id":"call_1","tool_input":{"command":"rm -rf build","description":"Remove build"}}`},
	"opencode/before/read":        {OpenCode, `{"hook_event_name":"tool.execute.before","session_id":"ses_1","cwd":"/p","tool_name":"read","tool_use_id":"call_2","tool_input":{"filePath":"/p/.env","offset":0,"limit":100}}`},
	"opencode/before/patch":       {OpenCode, `{"hook_event_name":"tool.execute.before","session_id":"ses_1","cwd":"/p","tool_name":"apply_patch","tool_use_id":"call_3","tool_input":{"patchText":"*** Begin Patch\n*** Update File: config/prod/app.yaml\n@@\n-a\n+b\n*** End Patch\n"}}`},
	"opencode/before/todo":        {OpenCode, `{"hook_event_name":"tool.execute.before","session_id":"ses_1","cwd":"/p","tool_name":"todowrite","tool_use_id":"call_4","tool_input":{"todos":[]}}`},
	"opencode/after/bash":         {OpenCode, `{"hook_event_name":"tool.execute.after","session_id":"ses_1","cwd":"/p","tool_name":"bash","tool_use_id":"call_5","tool_input":{"command":"make"},"tool_response":{"title":"make","output":"Error 2","metadata":{"output":"Error 2","exit":2,"truncated":false}},"duration_ms":812}`},
	"opencode/after/mcp":          {OpenCode, `{"hook_event_name":"tool.execute.after","session_id":"ses_1","cwd":"/p","tool_name":"github_search","tool_use_id":"call_6","tool_input":{"q":"x"},"tool_response":{"content":[{"type":"text","text":"rate limited"}],"isError":true}}`},
	"opencode/chat.message":       {OpenCode, `{"hook_event_name":"chat.message","session_id":"ses_1","cwd":"/p","prompt":"Add a test","files":["src/app.go"],"agent":"build","message_id":"msg_1"}`},
	"opencode/session.idle":       {OpenCode, `{"hook_event_name":"session.idle","session_id":"ses_1","cwd":"/p"}`},
	"opencode/session.created":    {OpenCode, `{"hook_event_name":"session.created","session_id":"ses_1","cwd":"/p"}`},
	"copilot/PreToolUse/bash":     {Copilot, `{"hook_event_name":"PreToolUse","session_id":"cp1","timestamp":"2026-11-26T03:00:00.000Z","cwd":"/repo","tool_name":"bash","tool_input":{"command":"rm -rf build","description":"Remove build"}}`},
	"copilot/PreToolUse/edit":     {Copilot, `{"hook_event_name":"PreToolUse","session_id":"cp1","timestamp":"2026-11-26T03:00:00.000Z","cwd":"/repo","tool_name":"edit","tool_input":{"path":"/repo/config/prod/app.yaml","old_str":"a","new_str":"b"}}`},
	"copilot/PreToolUse/task":     {Copilot, `{"hook_event_name":"PreToolUse","session_id":"cp1","timestamp":"2026-11-26T03:00:00.000Z","cwd":"/repo","tool_name":"task","tool_input":{"prompt":"look"}}`},
	"copilot/PostToolUse":         {Copilot, `{"hook_event_name":"PostToolUse","session_id":"cp1","timestamp":"2026-11-26T03:00:00.000Z","cwd":"/repo","tool_name":"view","tool_input":{"path":"/repo/README.md"},"tool_result":{"result_type":"success","text_result_for_llm":"hello"}}`},
	"copilot/PostToolUse/denied":  {Copilot, `{"hook_event_name":"PostToolUse","session_id":"cp1","timestamp":"2026-11-26T03:00:00.000Z","cwd":"/repo","tool_name":"bash","tool_input":{"command":"make"},"tool_result":{"result_type":"denied","text_result_for_llm":"The user denied this"}}`},
	"copilot/PostToolUseFailure":  {Copilot, `{"hook_event_name":"PostToolUseFailure","session_id":"cp1","timestamp":"2026-11-26T03:00:00.000Z","cwd":"/repo","tool_name":"bash","tool_input":{"command":"make"},"error":"make: *** No rule"}`},
	"copilot/UserPromptSubmit":    {Copilot, `{"hook_event_name":"UserPromptSubmit","session_id":"cp1","timestamp":"2026-11-26T03:00:00.000Z","cwd":"/repo","prompt":"add a test"}`},
	"copilot/Stop":                {Copilot, `{"hook_event_name":"Stop","session_id":"cp1","timestamp":"2026-11-26T03:00:00.000Z","cwd":"/repo","transcript_path":"/t.jsonl","stop_reason":"end_turn"}`},
	"copilot/SessionEnd":          {Copilot, `{"hook_event_name":"SessionEnd","session_id":"cp1","timestamp":"2026-11-26T03:00:00.000Z","cwd":"/repo","reason":"complete"}`},
	// As Copilot CLI 1.0.102 sends them to a PascalCase hook (make test-agents):
	// Claude Code's tool names, the shell's exit status only in its text.
	"copilot/PreToolUse/Bash":         {Copilot, `{"hook_event_name":"PreToolUse","session_id":"cp1","timestamp":"2026-11-26T05:27:51.607Z","cwd":"/repo","tool_name":"Bash","tool_input":{"command":"touch b.txt","description":"scripted step"}}`},
	"copilot/PreToolUse/Write":        {Copilot, `{"hook_event_name":"PreToolUse","session_id":"cp1","timestamp":"2026-11-26T05:30:48.708Z","cwd":"/repo","tool_name":"Write","tool_input":{"path":"new.txt","file_text":"hi\n"}}`},
	"copilot/PreToolUse/Grep":         {Copilot, `{"hook_event_name":"PreToolUse","session_id":"cp1","timestamp":"2026-11-26T05:30:49.171Z","cwd":"/repo","tool_name":"Grep","tool_input":{"pattern":"y","paths":["README.md","docs"]}}`},
	"copilot/PostToolUse/Bash/exit2":  {Copilot, `{"hook_event_name":"PostToolUse","session_id":"cp1","timestamp":"2026-11-26T05:28:01.212Z","cwd":"/repo","tool_name":"Bash","tool_input":{"command":"ls missing.txt","description":"scripted step"},"tool_result":{"result_type":"success","text_result_for_llm":"ls: cannot access 'missing.txt': No such file or directory\n<shellId: 4 completed with exit code 2>"}}`},
	"copilot/PostToolUse/Bash/ok":     {Copilot, `{"hook_event_name":"PostToolUse","session_id":"cp1","timestamp":"2026-11-26T05:27:51.337Z","cwd":"/repo","tool_name":"Bash","tool_input":{"command":"touch a.txt","description":"scripted step"},"tool_result":{"result_type":"success","text_result_for_llm":"\n<shellId: 0 completed with exit code 0>"}}`},
	"copilot/PostToolUseFailure/Read": {Copilot, `{"hook_event_name":"PostToolUseFailure","session_id":"cp1","timestamp":"2026-11-26T05:30:49.780Z","cwd":"/repo","tool_name":"Read","tool_input":{"path":"missing.txt"},"error":"Path does not exist"}`},
	"copilot/PreCompact":              {Copilot, `{"hook_event_name":"PreCompact","session_id":"cp1","timestamp":"2026-11-26T03:00:00.000Z","cwd":"/repo","transcript_path":"/t.jsonl","trigger":"auto","custom_instructions":""}`},
	"cursor/sessionStart":             {Cursor, `{"conversation_id":"conv-123","hook_event_name":"sessionStart","session_id":"conv-123","is_background_agent":false,"composer_mode":"agent"}`},
}

func read(t *testing.T, key string) *Call {
	t.Helper()
	p, ok := payloads[key]
	if !ok {
		t.Fatalf("no payload %q", key)
	}
	c, err := Read(p.dialect, []byte(p.json))
	if err != nil {
		t.Fatalf("Read(%s): %v", key, err)
	}
	return c
}

func TestReadMapsEvents(t *testing.T) {
	tests := []struct {
		payload string
		kind    Kind
		session string
		tool    string
		ability string
		summary string
		status  string
		errMsg  string
	}{
		{"claude/PreToolUse/Bash", PreTool, "abc123", "Bash", "shell", "npm test", "", ""},
		{"claude/PreToolUse/Edit", PreTool, "abc123", "Edit", "edit_file", "/p/config/prod/db.yaml", "", ""},
		{"claude/PreToolUse/mcp", PreTool, "abc123", "mcp__memory__create_entities", "mcp/memory/create_entities", `{"entities":[{"name":"x"}]}`, "", ""},
		{"claude/PreToolUse/Todo", PreTool, "abc123", "TodoWrite", "claude-code/TodoWrite", `{"todos":[]}`, "", ""},
		{"claude/PostToolUse", PostTool, "abc123", "Write", "write_file", "/Users/my-project/index.js", "success", ""},
		{"claude/PostToolUseFailure", PostTool, "abc123", "Bash", "shell", "npm test", "failure", "Exit code 1\nError: Cannot find module 'express'"},
		{"claude/UserPromptSubmit", Prompt, "abc123", "", "", "", "", ""},
		{"claude/Stop", End, "abc123", "", "", "", "", ""},
		{"claude/SessionEnd", End, "abc123", "", "", "", "", ""},
		{"claude/Notification", Unmapped, "abc123", "", "", "", "", ""},

		{"gemini/BeforeTool", PreTool, "g1", "write_file", "write_file", "/proj/src/app.ts", "", ""},
		{"gemini/BeforeTool/mcp", PreTool, "g1", "mcp__gh__search", "mcp/github/search_repositories", `{"q":"x"}`, "", ""},
		{"gemini/AfterTool", PostTool, "g1", "read_file", "read_file", "/proj/README.md", "success", ""},
		{"gemini/AfterTool/fail", PostTool, "g1", "run_shell_command", "shell", "make", "failure", "Command exited with code 2"},
		{"gemini/BeforeAgent", Prompt, "g1", "", "", "", "", ""},
		{"gemini/SessionEnd", End, "g1", "", "", "", "", ""},
		{"gemini/AfterAgent", End, "g1", "", "", "", "", ""},

		{"codex/PreToolUse", PreTool, "c1", "Bash", "shell", "rm -rf build", "", ""},
		{"codex/PreToolUse/patch", PreTool, "c1", "apply_patch", "edit_file", "config/prod/app.yaml, docs/new.md", "", ""},
		{"codex/PostToolUse", PostTool, "c1", "mcp__fs__read", "mcp/fs/read", `{"path":"a"}`, "failure", "no such file"},
		{"codex/UserPromptSubmit", Prompt, "c1", "", "", "", "", ""},
		{"codex/Stop", End, "c1", "", "", "", "", ""},
		{"codex/SessionEnd", End, "c1", "", "", "", "", ""},
		{"codex/SessionStart", Unmapped, "c1", "", "", "", "", ""},

		{"cursor/beforeShellExecution", PreTool, "conv-123", "Shell", "shell", "npm install express", "", ""},
		{"cursor/beforeMCPExecution", PreTool, "conv-123", "database_query", "mcp/unknown/database_query", `"{\"query\": \"SELECT * FROM users\"}"`, "", ""},
		{"cursor/beforeReadFile", PreTool, "conv-123", "Read", "read_file", "/path/to/project/secrets.env", "", ""},
		{"cursor/afterFileEdit", PostTool, "conv-123", "Write", "edit_file", "/path/to/project/src/main.ts", "success", ""},
		{"cursor/afterShellExecution", PostTool, "conv-123", "Shell", "shell", "npm test", "success", ""},
		{"cursor/beforeSubmitPrompt", Prompt, "conv-123", "", "", "", "", ""},
		{"cursor/stop", End, "conv-123", "", "", "", "", ""},
		{"cursor/sessionEnd", End, "conv-123", "", "", "", "", ""},
		{"cursor/sessionStart", Unmapped, "conv-123", "", "", "", "", ""},

		{"copilot/PreToolUse/bash", PreTool, "cp1", "bash", "shell", "rm -rf build", "", ""},
		{"copilot/PreToolUse/edit", PreTool, "cp1", "edit", "edit_file", "/repo/config/prod/app.yaml", "", ""},
		{"copilot/PreToolUse/task", PreTool, "cp1", "task", "copilot/task", `{"prompt":"look"}`, "", ""},
		{"copilot/PostToolUse", PostTool, "cp1", "view", "read_file", "/repo/README.md", "success", ""},
		{"copilot/PostToolUse/denied", PostTool, "cp1", "bash", "shell", "make", "failure", "denied: The user denied this"},
		{"copilot/PostToolUseFailure", PostTool, "cp1", "bash", "shell", "make", "failure", "make: *** No rule"},
		{"copilot/UserPromptSubmit", Prompt, "cp1", "", "", "", "", ""},
		{"copilot/Stop", End, "cp1", "", "", "", "", ""},
		{"copilot/SessionEnd", End, "cp1", "", "", "", "", ""},
		{"copilot/PreCompact", Unmapped, "cp1", "", "", "", "", ""},
		{"copilot/PreToolUse/Bash", PreTool, "cp1", "Bash", "shell", "touch b.txt", "", ""},
		{"copilot/PreToolUse/Write", PreTool, "cp1", "Write", "write_file", "new.txt", "", ""},
		{"copilot/PreToolUse/Grep", PreTool, "cp1", "Grep", "search_files", "y", "", ""},
		{"copilot/PostToolUse/Bash/exit2", PostTool, "cp1", "Bash", "shell", "ls missing.txt", "failure", "exit code 2"},
		{"copilot/PostToolUse/Bash/ok", PostTool, "cp1", "Bash", "shell", "touch a.txt", "success", ""},
		{"copilot/PostToolUseFailure/Read", PostTool, "cp1", "Read", "read_file", "missing.txt", "failure", "Path does not exist"},

		{"opencode/before/bash", PreTool, "ses_1", "bash", "shell", "rm -rf build", "", ""},
		{"opencode/before/read", PreTool, "ses_1", "read", "read_file", "/p/.env", "", ""},
		{"opencode/before/patch", PreTool, "ses_1", "apply_patch", "edit_file", "config/prod/app.yaml", "", ""},
		{"opencode/before/todo", PreTool, "ses_1", "todowrite", "opencode/todowrite", `{"todos":[]}`, "", ""},
		{"opencode/after/bash", PostTool, "ses_1", "bash", "shell", "make", "failure", "exit code 2"},
		{"opencode/after/mcp", PostTool, "ses_1", "github_search", "opencode/github_search", `{"q":"x"}`, "failure", "rate limited"},
		{"opencode/chat.message", Prompt, "ses_1", "", "", "", "", ""},
		{"opencode/session.idle", End, "ses_1", "", "", "", "", ""},
		{"opencode/session.created", Unmapped, "ses_1", "", "", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.payload, func(t *testing.T) {
			c := read(t, tt.payload)
			got := []any{c.Kind, c.SessionID, c.Tool.Name, c.Tool.Ability, c.Tool.Summary, c.Status, c.ErrorMessage}
			want := []any{tt.kind, tt.session, tt.tool, tt.ability, tt.summary, tt.status, tt.errMsg}
			if !slices.Equal(got, want) {
				t.Errorf("kind, session, tool, ability, summary, status, error =\n%q\nwant\n%q", got, want)
			}
		})
	}
}

// Every context hookrun builds from a mapped payload is one that emit
// accepts for its event.
func TestContextsParse(t *testing.T) {
	for key := range payloads {
		c := read(t, key)
		if c.Kind == Unmapped {
			continue
		}
		if c.Kind == End {
			c.SetChangedFiles([]string{"src/app.go"})
		}
		data, err := c.Context()
		if err != nil {
			t.Fatalf("%s: Context: %v", key, err)
		}
		ctx, err := event.ParseContext(data, "")
		if err != nil {
			t.Errorf("%s: ParseContext: %v\n%s", key, err, data)
			continue
		}
		if ctx.Event != c.Kind.Event() {
			t.Errorf("%s: event %s, want %s", key, ctx.Event, c.Kind.Event())
		}
		if c.Kind == PreTool && (ctx.AbilityID != c.Tool.Ability || ctx.CallerSource != "ai_session") {
			t.Errorf("%s: ability %q caller %q", key, ctx.AbilityID, ctx.CallerSource)
		}
		if c.Kind == End && !slices.Equal(ctx.ChangedFiles, []string{"src/app.go"}) {
			t.Errorf("%s: changed_files %q", key, ctx.ChangedFiles)
		}
	}
}

func TestContextDocument(t *testing.T) {
	c := read(t, "claude/PostToolUseFailure")
	got, err := c.Context()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"ability_args":{"command":"npm test","description":"Run test suite"},"ability_id":"shell","agent":"claude-code","agent_event":"PostToolUseFailure",` +
		`"agent_payload":{"cwd":"/Users/x","duration_ms":4187,"error":"Exit code 1\nError: Cannot find module 'express'","hook_event_name":"PostToolUseFailure","is_interrupt":false,"permission_mode":"default","session_id":"abc123","tool_name":"Bash","tool_use_id":"toolu_01ABC123","transcript_path":"/t.jsonl"},` +
		`"caller":{"session_id":"abc123","source":"ai_session"},"command":"npm test","cwd":"/Users/x","duration_ms":4187,` +
		`"error_message":"Exit code 1\nError: Cannot find module 'express'","event_type":"PostAbilityCall","input_summary":"npm test","permission_mode":"default",` +
		`"session_id":"abc123","status":"failure","tool_input":{"command":"npm test","description":"Run test suite"},"tool_name":"Bash","tool_use_id":"toolu_01ABC123"}`
	if string(got) != want {
		t.Errorf("Context =\n%s\nwant\n%s", got, want)
	}

	c = read(t, "cursor/beforeSubmitPrompt")
	got, _ = c.Context()
	var doc map[string]json.RawMessage
	_ = json.Unmarshal(got, &doc)
	if s := string(doc["current_files"]); s != `["/path/to/project/main.ts","/path/to/project/.cursorrules"]` {
		t.Errorf("cursor current_files = %s", s)
	}
	if s := string(doc["user_raw_input"]); s != `"Fix the bug in main.ts"` {
		t.Errorf("cursor user_raw_input = %s", s)
	}

	c = read(t, "cursor/beforeShellExecution")
	got, _ = c.Context()
	doc = nil
	_ = json.Unmarshal(got, &doc)
	if s := string(doc["tool_input"]); s != `{"command":"npm install express","cwd":"/path/to/project"}` {
		t.Errorf("cursor tool_input = %s", s)
	}
	if _, ok := doc["duration_ms"]; ok {
		t.Errorf("a pre-tool context has no duration_ms: %s", got)
	}
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		dialect Name
		payload string
		event   string // "" when the call cannot be read at all
		want    string
	}{
		{ClaudeCode, ``, "", "claude-code payload: empty input: expected the agent's JSON payload on stdin"},
		{ClaudeCode, `[1]`, "", "claude-code payload: not a JSON object: got array"},
		{ClaudeCode, `null`, "", "claude-code payload: not a JSON object: got null"},
		{GeminiCLI, "{\"hook_event_name\":\"BeforeTool\",\"tool_name\":\"\x90\"}", "", "gemini-cli payload: not valid UTF-8 (at byte 46): JSON text must be UTF-8"},
		{ClaudeCode, `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls","command":"rm -rf /"}}`, "", `claude-code payload: key "tool_input.command" appears more than once in its object`},
		// A key again in another case: a Go guard reading the context
		// (encoding/json ignores case) would read "ls" where the agent runs rm.
		{ClaudeCode, `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /","Command":"ls"}}`, "", `claude-code payload: key "tool_input.Command" is "tool_input.command" in another case: hookrun reads the key spelt exactly, a Go program reading the context takes the last of the two`},
		{Codex, `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"opts":{"cwd":"/","CWD":"."}}}`, "", `codex payload: key "tool_input.opts.CWD" is "tool_input.opts.cwd" in another case: hookrun reads the key spelt exactly, a Go program reading the context takes the last of the two`},
		{Cursor, `{"hook_event_name":"beforeShellExecution","command":"rm -rf /","COMMAND":"ls"}`, "", `cursor payload: key "COMMAND" is "command" in another case: hookrun reads the key spelt exactly, a Go program reading the context takes the last of the two`},
		// A tool_input sent as JSON text (Cursor's MCP calls) is held to the same rule: the last
		// of two keys won silently where the object form was refused.
		{Cursor, `{"hook_event_name":"beforeMCPExecution","tool_name":"run","tool_input":"{\"command\":\"rm -rf .system/hooks\",\"command\":\"ls\"}"}`, "", `cursor payload: key "tool_input.command" appears more than once in its object (in tool_input's JSON text)`},
		{Cursor, `{"hook_event_name":"beforeMCPExecution","tool_name":"run","tool_input":"{\"opts\":{\"cwd\":\"/\",\"CWD\":\".\"}}"}`, "", `cursor payload: key "tool_input.opts.CWD" is "tool_input.opts.cwd" in another case (in tool_input's JSON text): hookrun reads the key spelt exactly, a Go program reading the context takes the last of the two`},
		{GeminiCLI, `{"session_id":"x"}`, "", "gemini-cli payload: hook_event_name is missing: this is not a gemini-cli hook payload"},
		{Codex, `{"hook_event_name":7}`, "", "codex payload: hook_event_name must be a string, got a number"},
		{ClaudeCode, `{"hook_event_name":"PreToolUse","tool_input":{}}`, "PreToolUse", "claude-code PreToolUse payload: tool_name is missing"},
		{Cursor, `{"hook_event_name":"beforeShellExecution"}`, "beforeShellExecution", "cursor beforeShellExecution payload: command is missing"},
		{Cursor, `{"hook_event_name":"beforeReadFile","file_path":3}`, "beforeReadFile", "cursor beforeReadFile payload: file_path must be a string, got a number"},
		{GeminiCLI, `{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"ls","dir_path":7}}`, "BeforeTool", "gemini-cli BeforeTool payload: tool_input.dir_path must be a string, got a number"},
		{OpenCode, `{"hook_event_name":"tool.execute.before","tool_name":"bash","tool_input":{"command":"ls","workdir":"a","cwd":"b"}}`, "tool.execute.before", "opencode tool.execute.before payload: tool_input.workdir and tool_input.cwd name different directories for one command"},
		// Another agent's tool call or prompt, sent to an entry naming the
		// wrong dialect (hand-written, or copied between settings files),
		// was "no opinion" ({} or OpenCode's {"action":"allow"}): the call
		// went ahead unchecked.
		{GeminiCLI, `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`, "", "gemini-cli payload: PreToolUse is an event claude-code, codex and copilot send, not gemini-cli, so --dialect gemini-cli is the wrong one for it; where an agent's entry ran hookrun so, run hookrun install for the agent whose settings hold it"},
		{Cursor, `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`, "", "cursor payload: PreToolUse is an event claude-code, codex and copilot send, not cursor, so --dialect cursor is the wrong one for it; where an agent's entry ran hookrun so, run hookrun install for the agent whose settings hold it"},
		{OpenCode, `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`, "", "opencode payload: PreToolUse is an event claude-code, codex and copilot send, not opencode, so --dialect opencode is the wrong one for it; where an agent's entry ran hookrun so, run hookrun install for the agent whose settings hold it"},
		{ClaudeCode, `{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"rm -rf /"}}`, "", "claude-code payload: BeforeTool is an event gemini-cli sends, not claude-code, so --dialect claude-code is the wrong one for it; where an agent's entry ran hookrun so, run hookrun install for the agent whose settings hold it"},
		{Codex, `{"hook_event_name":"beforeShellExecution","command":"rm -rf /"}`, "", "codex payload: beforeShellExecution is an event cursor sends, not codex, so --dialect codex is the wrong one for it; where an agent's entry ran hookrun so, run hookrun install for the agent whose settings hold it"},
		{ClaudeCode, `{"hook_event_name":"BeforeAgent","prompt":"deploy prod"}`, "", "claude-code payload: BeforeAgent is an event gemini-cli sends, not claude-code, so --dialect claude-code is the wrong one for it; where an agent's entry ran hookrun so, run hookrun install for the agent whose settings hold it"},
	}
	for _, tt := range tests {
		c, err := Read(tt.dialect, []byte(tt.payload))
		var pe *PayloadError
		if !errors.As(err, &pe) {
			t.Errorf("Read(%s) error = %v, want a PayloadError", tt.payload, err)
			continue
		}
		if err.Error() != tt.want {
			t.Errorf("Read(%s) error\n%q, want\n%q", tt.payload, err, tt.want)
		}
		if tt.event == "" && c != nil || tt.event != "" && (c == nil || c.AgentEvent != tt.event || c.Kind != PreTool) {
			t.Errorf("Read(%s) call = %+v, want event %q", tt.payload, c, tt.event)
		}
	}
}

// A shell call that names its own directory runs there: that directory is
// the context's cwd, from which its command's paths are read, and one of
// its paths.
func TestShellDir(t *testing.T) {
	tests := []struct {
		dialect Name
		payload string
		cwd     string
		paths   string
	}{
		{GeminiCLI, `{"hook_event_name":"BeforeTool","cwd":"/p","tool_name":"run_shell_command","tool_input":{"command":"rm hooks/x","dir_path":".system"}}`, `"/p/.system"`, `["/p/.system"]`},
		{GeminiCLI, `{"hook_event_name":"BeforeTool","cwd":"/p","tool_name":"run_shell_command","tool_input":{"command":"ls","directory":"/q"}}`, `"/q"`, `["/q"]`},
		{GeminiCLI, `{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"ls","dir_path":"sub"}}`, `"sub"`, `["sub"]`},
		{OpenCode, `{"hook_event_name":"tool.execute.before","cwd":"/p","tool_name":"bash","tool_input":{"command":"ls","workdir":"/p/a","cwd":"a"}}`, `"/p/a"`, `["/p/a"]`},
		{GeminiCLI, `{"hook_event_name":"BeforeTool","cwd":"/p","tool_name":"run_shell_command","tool_input":{"command":"ls","dir_path":""}}`, `"/p"`, ``},
		{GeminiCLI, `{"hook_event_name":"BeforeTool","cwd":"/p","tool_name":"read_file","tool_input":{"file_path":"x","dir_path":".system"}}`, `"/p"`, `["x"]`},
	}
	for _, tt := range tests {
		c, err := Read(tt.dialect, []byte(tt.payload))
		if err != nil {
			t.Fatalf("Read(%s): %v", tt.payload, err)
		}
		data, err := c.Context()
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]json.RawMessage
		_ = json.Unmarshal(data, &doc)
		if string(doc["cwd"]) != tt.cwd || string(doc["paths"]) != tt.paths {
			t.Errorf("%s: cwd %s paths %s, want %s and %s", tt.payload, doc["cwd"], doc["paths"], tt.cwd, tt.paths)
		}
	}
}

func TestSummaries(t *testing.T) {
	long := strings.Repeat("é", 150) // 300 bytes
	tests := []struct {
		ability, input, want string
	}{
		{"shell", `{"command":"go test ./...\n  && echo done"}`, "go test ./... && echo done"},
		{"read_file", `{"paths":["a.go","b.go"]}`, "a.go, b.go"},
		{"search_files", `{"pattern":"TODO","path":"src"}`, "TODO"},
		{"web_fetch", `{"url":"https://example.invalid","prompt":"p"}`, "https://example.invalid"},
		{"mcp/x/y", `{"command":"not a shell"}`, `{"command":"not a shell"}`},
		{"shell", `{"command":"` + long + `"}`, strings.Repeat("é", 98) + "…"},
		{"shell", ``, ""},
	}
	for _, tt := range tests {
		got := summarize(tt.ability, json.RawMessage(tt.input))
		if got != tt.want {
			t.Errorf("summarize(%s, %s) = %q, want %q", tt.ability, tt.input, got, tt.want)
		}
		if len(got) > MaxSummary {
			t.Errorf("summary of %d bytes exceeds %d", len(got), MaxSummary)
		}
	}
}

func TestMCPAbility(t *testing.T) {
	tests := []struct{ tool, want string }{
		{"mcp__github__search_repositories", "mcp/github/search_repositories"},
		{"mcp__plugin_db__query__v2", "mcp/plugin_db/query__v2"},
		{"mcp__lonely", "mcp/unknown/lonely"},
	}
	for _, tt := range tests {
		if got, ok := mcpAbility(tt.tool); !ok || got != tt.want {
			t.Errorf("mcpAbility(%s) = %q, %v; want %q", tt.tool, got, ok, tt.want)
		}
	}
	if _, ok := mcpAbility("Bash"); ok {
		t.Error("Bash is not an MCP tool")
	}
}

// What the real agents showed: Gemini CLI's current search tool, a failed
// shell command that Gemini CLI and Codex report only in text, Claude
// Code's permission mode.
func TestAgentsAsTheyRun(t *testing.T) {
	for _, tc := range []struct {
		name     string
		agent    Name
		payload  string
		contains []string
	}{
		// Claude Code 2.1.197 runs shell commands from two tools besides Bash: Monitor (a
		// command whose output lines are events) and PowerShell (on Windows). A shell guard
		// must see them (sdk-tools.d.ts of the package; MonitorInput.command).
		{"claude Monitor runs a shell command", ClaudeCode,
			`{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"Monitor","tool_input":{"description":"tail","timeout_ms":1000,"persistent":false,"command":"rm -rf /"}}`,
			[]string{`"ability_id":"shell"`, `"command":"rm -rf /"`}},
		{"claude PowerShell is a shell", ClaudeCode,
			`{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"PowerShell","tool_input":{"command":"Remove-Item -Recurse -Force C:\\src"}}`,
			[]string{`"ability_id":"shell"`, `"command":"Remove-Item -Recurse -Force C:\\src"`}},
		// An MCP tool's paths are whichever of its arguments are: every string is listed, so a
		// filesystem server's move_file into the hooks is seen by a paths guard.
		{"mcp tool: every string may be a path", ClaudeCode,
			`{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"mcp__fs__move_file","tool_input":{"source":"notes.txt","destination":".system/hooks/guard.yaml","options":{"overwrite":true,"tags":["a/b"]}}}`,
			[]string{`"ability_id":"mcp/fs/move_file"`, `"paths":[".system/hooks/guard.yaml","a/b","notes.txt"]`}},
		{"cursor mcp input as a JSON string", Cursor,
			`{"hook_event_name":"beforeMCPExecution","conversation_id":"s","tool_name":"write","tool_input":"{\"to\":\".system/hooks/x.yaml\"}"}`,
			[]string{`"paths":[".system/hooks/x.yaml"]`}},
		{"gemini grep_search is search_files", GeminiCLI,
			`{"hook_event_name":"BeforeTool","session_id":"s","tool_name":"grep_search","tool_input":{"pattern":"x"}}`,
			[]string{`"ability_id":"search_files"`}},
		{"gemini failed shell", GeminiCLI,
			`{"hook_event_name":"AfterTool","session_id":"s","tool_name":"run_shell_command","tool_input":{"command":"false"},"tool_response":{"llmContent":"Command: false\nExit Code: 1","returnDisplay":"Command exited with code: 1"}}`,
			[]string{`"status":"failure"`, `"error_message":"exit code 1"`}},
		// Gemini CLI 0.61 wraps llmContent in <untrusted_context> tags and
		// returnDisplay is the output alone (make test-agents).
		{"gemini 0.61 failed shell", GeminiCLI,
			`{"hook_event_name":"AfterTool","session_id":"s","tool_name":"run_shell_command","tool_input":{"command":"ls missing.txt"},"tool_response":{"llmContent":"<untrusted_context>\nOutput: ls: cannot access 'missing.txt': No such file or directory\nExit Code: 2\nProcess Group PGID: 17420\n</untrusted_context>","returnDisplay":"ls: cannot access 'missing.txt': No such file or directory"}}`,
			[]string{`"status":"failure"`, `"error_message":"exit code 2"`}},
		{"gemini 0.61 shell that worked", GeminiCLI,
			`{"hook_event_name":"AfterTool","session_id":"s","tool_name":"run_shell_command","tool_input":{"command":"touch a"},"tool_response":{"llmContent":"<untrusted_context>\nOutput: (empty)\nProcess Group PGID: 17190\n</untrusted_context>","returnDisplay":""}}`,
			[]string{`"status":"success"`}},
		{"gemini shell that worked", GeminiCLI,
			`{"hook_event_name":"AfterTool","session_id":"s","tool_name":"run_shell_command","tool_input":{"command":"true"},"tool_response":{"llmContent":"Command: true\nExit Code: 0"}}`,
			[]string{`"status":"success"`}},
		{"codex failed apply_patch", Codex,
			`{"hook_event_name":"PostToolUse","session_id":"s","tool_name":"apply_patch","tool_input":{"command":"*** Begin Patch\n*** Update File: a.go\n*** End Patch"},"tool_response":"Exit code: 1\nerror: patch did not apply"}`,
			[]string{`"status":"failure"`, `"paths":["a.go"]`}},
		// Gemini CLI writes the command's output first and its status
		// lines after it: only a status line among the trailing ones counts.
		{"gemini output that looks like a status", GeminiCLI,
			`{"hook_event_name":"AfterTool","session_id":"s","tool_name":"run_shell_command","tool_input":{"command":"cat log"},"tool_response":{"llmContent":"Output: build\nExit Code: 3\nretrying\nProcess Group PGID: 42","returnDisplay":"build\nExit Code: 3\nretrying"}}`,
			[]string{`"status":"success"`}},
		{"gemini failed shell whose output says 0", GeminiCLI,
			`{"hook_event_name":"AfterTool","session_id":"s","tool_name":"run_shell_command","tool_input":{"command":"make"},"tool_response":{"llmContent":"Output: Exit Code: 0\nExit Code: 0\nError: make failed\nExit Code: 2\nSignal: SIGTERM\nProcess Group PGID: 42","returnDisplay":"Exit Code: 0"}}`,
			[]string{`"status":"failure"`, `"error_message":"exit code 2"`}},
		// Codex writes "Exit code: N" as apply_patch's first line. A Bash
		// response is the command's output alone (0.169, the agents
		// suite's runs), whatever it says.
		{"codex patch output that looks like a status", Codex,
			`{"hook_event_name":"PostToolUse","session_id":"s","tool_name":"apply_patch","tool_input":{"command":"*** Begin Patch\n*** End Patch"},"tool_response":"Exit code: 0\nWall time: 0.1 seconds\nOutput:\nExit code: 1\n"}`,
			[]string{`"status":"success"`}},
		{"codex text that is not a status", Codex,
			`{"hook_event_name":"PostToolUse","session_id":"s","tool_name":"mcp__logs__tail","tool_input":{},"tool_response":"last run:\nExit code: 1"}`,
			[]string{`"status":"success"`}},
		{"codex shell output that starts like a status", Codex,
			`{"hook_event_name":"PostToolUse","session_id":"s","tool_name":"Bash","tool_input":{"command":"cat last-run.log"},"tool_response":"Exit code: 1\nWall time: 0 seconds\n"}`,
			[]string{`"status":"success"`}},
		// Codex says bypassPermissions when its approval policy is never.
		{"codex permission mode", Codex,
			`{"hook_event_name":"PreToolUse","session_id":"s","turn_id":"t","permission_mode":"bypassPermissions","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"c"}`,
			[]string{`"permission_mode":"bypassPermissions"`}},
		{"opencode prompt and its files", OpenCode,
			`{"hook_event_name":"chat.message","session_id":"s","prompt":"fix it","files":["src/a.go"]}`,
			[]string{`"user_raw_input":"fix it"`, `"current_files":["src/a.go"]`}},
		{"opencode patch paths, duration", OpenCode,
			`{"hook_event_name":"tool.execute.after","session_id":"s","tool_name":"apply_patch","tool_input":{"patchText":"*** Begin Patch\n*** Add File: docs/new.md\n+hi\n*** End Patch"},"tool_response":{"title":"","output":"","metadata":{}},"duration_ms":40}`,
			[]string{`"status":"success"`, `"paths":["docs/new.md"]`, `"duration_ms":40`}},
		{"opencode bash that worked", OpenCode,
			`{"hook_event_name":"tool.execute.after","session_id":"s","tool_name":"bash","tool_input":{"command":"true"},"tool_response":{"output":"","metadata":{"exit":0}}}`,
			[]string{`"status":"success"`, `"command":"true"`}},
		// Copilot CLI's Grep and Glob name their paths in a list; a search reads the tree
		// beneath each.
		{"copilot Grep paths", Copilot, payloads["copilot/PreToolUse/Grep"].json,
			[]string{`"ability_id":"search_files"`, `"paths":["README.md","README.md/**","docs","docs/**"],"session_id"`}},
		// A status line in the output is not Copilot CLI's: its own is the last line.
		{"copilot output that looks like a status", Copilot,
			`{"hook_event_name":"PostToolUse","session_id":"s","tool_name":"Bash","tool_input":{"command":"cat log"},"tool_result":{"result_type":"success","text_result_for_llm":"<shellId: 1 completed with exit code 7>\nretry\n<shellId: 2 completed with exit code 0>"}}`,
			[]string{`"status":"success"`}},
		{"copilot text that is not a shell's", Copilot,
			`{"hook_event_name":"PostToolUse","session_id":"s","tool_name":"sql","tool_input":{"query":"x"},"tool_result":{"result_type":"success","text_result_for_llm":"<shellId: 1 completed with exit code 7>"}}`,
			[]string{`"status":"success"`}},
		{"claude permission mode", ClaudeCode,
			`{"hook_event_name":"PreToolUse","session_id":"s","permission_mode":"bypassPermissions","tool_name":"Bash","tool_input":{"command":"ls"}}`,
			[]string{`"permission_mode":"bypassPermissions"`, `"command":"ls"`}},
	} {
		c, err := Read(tc.agent, []byte(tc.payload))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		doc, err := c.Context()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for _, want := range tc.contains {
			if !strings.Contains(string(doc), want) {
				t.Errorf("%s: context %s\nlacks %s", tc.name, doc, want)
			}
		}
	}
}

// The shell a shell tool's command is read as: PowerShell for a PowerShell tool anywhere; on
// Windows, either shell for the agents whose shell tool runs PowerShell or a POSIX shell by set-up,
// and sh for Claude Code's Bash (Git Bash) and Copilot CLI's bash.
func TestShellOf(t *testing.T) {
	for _, tt := range []struct {
		n          Name
		tool, goos string
		want       string
	}{
		{ClaudeCode, "PowerShell", "windows", "powershell"},
		{ClaudeCode, "PowerShell", "linux", "powershell"},
		{Copilot, "powershell", "windows", "powershell"},
		{ClaudeCode, "Bash", "windows", ""},
		{Copilot, "bash", "windows", ""},
		{ClaudeCode, "Monitor", "windows", "unknown"},
		{GeminiCLI, "run_shell_command", "windows", "unknown"},
		{Codex, "Bash", "windows", "unknown"},
		{Cursor, "Shell", "windows", "unknown"},
		{OpenCode, "bash", "windows", "unknown"},
		{GeminiCLI, "run_shell_command", "linux", ""},
		{Codex, "Bash", "darwin", ""},
	} {
		if got := shellOf(tt.n, tt.tool, tt.goos); got != tt.want {
			t.Errorf("shellOf(%s, %s, %s) = %q, want %q", tt.n, tt.tool, tt.goos, got, tt.want)
		}
	}
	c, err := Read(ClaudeCode, []byte(`{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"PowerShell","tool_input":{"command":"ri x"}}`))
	if err != nil {
		t.Fatal(err)
	}
	doc, _ := c.Context()
	if !strings.Contains(string(doc), `"shell":"powershell"`) {
		t.Errorf("PowerShell context %s has no shell", doc)
	}
}

// A list or search call reads the tree beneath what it names, or beneath its working directory
// when it names nothing (Gemini CLI's dir_path, every agent's path or paths); a list tool's
// pattern is taken from each directory too, as it may leave it. Other tools keep their fields.
func TestTreePaths(t *testing.T) {
	for _, tc := range []struct {
		agent         Name
		tool, input   string
		ability, want string
	}{
		{GeminiCLI, "grep_search", `{"pattern":"KEY","dir_path":"config"}`, "search_files", `["config","config/**"]`},
		{GeminiCLI, "grep_search", `{"pattern":"KEY"}`, "search_files", `["**"]`},
		{GeminiCLI, "search_file_content", `{"pattern":"KEY","path":"/abs/dir/"}`, "search_files", `["/abs/dir/","/abs/dir/**"]`},
		{GeminiCLI, "list_directory", `{"dir_path":"config/prod"}`, "list_files", `["config/prod","config/prod/**"]`},
		{GeminiCLI, "glob", `{"pattern":"**/*.env"}`, "list_files", `["**","**/*.env"]`},
		{GeminiCLI, "glob", `{"pattern":"/etc/*","dir_path":"src"}`, "list_files", `["src","src/**","/etc/*"]`},
		{ClaudeCode, "Glob", `{"pattern":"../config/*","path":"docs"}`, "list_files", `["docs","docs/**","docs/../config/*"]`},
		{ClaudeCode, "Grep", `{"pattern":"(a|b)*","path":"src","glob":"*.go"}`, "search_files", `["src","src/**"]`},
		{OpenCode, "grep", `{"pattern":"x","include":"*.ts"}`, "search_files", `["**"]`},
		{OpenCode, "list", `{"path":"/p/src"}`, "list_files", `["/p/src","/p/src/**"]`},
		{Copilot, "glob", `{"pattern":"*.yaml","paths":"config"}`, "list_files", `["config","config/**","config/*.yaml"]`},
		{ClaudeCode, "Read", `{"file_path":"a.go"}`, "read_file", `["a.go"]`},
		// A file: URL in any field of a canonical tool names its path too.
		{ClaudeCode, "WebFetch", `{"url":"file:///p/.env","prompt":"x"}`, "web_fetch", `["/p/.env"]`},
		{ClaudeCode, "Read", `{"file_path":"file:///p/.env"}`, "read_file", `["file:///p/.env","/p/.env"]`},
		{OpenCode, "webfetch", `{"url":"https://example.invalid/file:///p"}`, "web_fetch", ``},
	} {
		payload := `{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"` + tc.tool + `","tool_input":` + tc.input + `}`
		switch tc.agent {
		case GeminiCLI:
			payload = strings.Replace(payload, "PreToolUse", "BeforeTool", 1)
		case OpenCode:
			payload = strings.Replace(payload, "PreToolUse", "tool.execute.before", 1)
		}
		c, err := Read(tc.agent, []byte(payload))
		if err != nil {
			t.Fatalf("%s %s: %v", tc.agent, tc.input, err)
		}
		data, err := c.Context()
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]json.RawMessage
		_ = json.Unmarshal(data, &doc)
		if got := string(doc["ability_id"]); got != `"`+tc.ability+`"` {
			t.Errorf("%s %s %s: ability_id %s, want %q", tc.agent, tc.tool, tc.input, got, tc.ability)
		}
		if got := string(doc["paths"]); got != tc.want {
			t.Errorf("%s %s %s: paths %s, want %s", tc.agent, tc.tool, tc.input, got, tc.want)
		}
	}
}

// A file: URL names a file on this machine; its path is read with escapes decoded.
func TestFileURLPath(t *testing.T) {
	for in, want := range map[string]string{
		"file:///p/config/prod/app.yaml":       "/p/config/prod/app.yaml",
		"FILE://localhost/p/%2Eenv":            "/p/.env",
		"file:config/%70rod":                   "config/prod",
		"file://otherhost/p/.env":              "",
		"file:///p/%zz":                        "",
		"https://example.invalid/p/.env":       "",
		"config/prod/app.yaml":                 "",
		"file:":                                "",
		"file://LOCALHOST/p/a%20b/.env?x#frag": "/p/a b/.env",
	} {
		if got := fileURLPath(in); got != want {
			t.Errorf("fileURLPath(%q) = %q, want %q", in, got, want)
		}
	}
}

// An edit tool's edits may each name a file (OpenCode's multiedit declared edits[].filePath in
// versions before 1.18, which has no multiedit): every one is a path of the call.
func TestEditsPaths(t *testing.T) {
	payload := `{"hook_event_name":"tool.execute.before","session_id":"s","tool_name":"multiedit","tool_input":{"filePath":"a.go","edits":[{"filePath":"config/prod/app.yaml","oldString":"a","newString":"b"},{"oldString":"c","newString":"d"},"x"]}}`
	c, err := Read(OpenCode, []byte(payload))
	if err != nil {
		t.Fatal(err)
	}
	data, err := c.Context()
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]json.RawMessage
	_ = json.Unmarshal(data, &doc)
	if got, want := string(doc["paths"]), `["a.go","config/prod/app.yaml"]`; got != want {
		t.Errorf("paths %s, want %s", got, want)
	}
}

// A tool's response comes from outside the agent: keys in two cases there
// (a web page's JSON) are passed on as they came, where a key given twice
// is refused anywhere.
func TestReadKeepsCaseTwinsInAResponse(t *testing.T) {
	c, err := Read(ClaudeCode, []byte(`{"hook_event_name":"PostToolUse","tool_name":"WebFetch","tool_input":{"url":"https://x"},"tool_response":{"id":1,"ID":2}}`))
	if err != nil || c.Kind != PostTool {
		t.Fatalf("Read = %+v, %v; want a PostTool call", c, err)
	}
	if _, err := Read(ClaudeCode, []byte(`{"hook_event_name":"PostToolUse","tool_name":"WebFetch","tool_input":{"url":"https://x"},"tool_response":{"id":1,"ID":2,"id":3}}`)); err == nil || err.Error() != `claude-code payload: key "tool_response.id" appears more than once in its object` {
		t.Errorf("a key twice in a response: %v", err)
	}
}
