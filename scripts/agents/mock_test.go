package agents

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// A model is the mock model server one agent session talks to. Its script
// is a list of shell commands: while the conversation it is sent holds
// fewer tool results than the script has commands, the model asks to run
// the next one; then it answers "done". Counting results in the request
// (rather than keeping a turn counter) keeps the model right when an agent
// retries a request or sends side requests (titles, token counts) between
// turns. Every request is recorded for the test to read.
type model struct {
	t        *testing.T
	srv      *httptest.Server
	start    time.Time
	commands []string

	mu   sync.Mutex
	reqs []request
}

// A request is one call an agent made to the model server.
type request struct {
	Path string
	Body []byte
	// Main is a turn of the scripted conversation (the request offers the
	// shell tool); other requests are the agent's side requests.
	Main bool
	// Results is how many tool results the conversation held.
	Results int
	// At is when the request came, since the model started.
	At time.Duration
	// Text is every string in the JSON body, one per line: what the model
	// was told, wherever the wire format puts it.
	Text string
}

// newModel starts a mock model on 127.0.0.1 at a port the system picks.
func newModel(t *testing.T, commands ...string) *model {
	m := &model{t: t, commands: commands, start: time.Now()}
	m.srv = httptest.NewServer(http.HandlerFunc(m.serve))
	t.Cleanup(m.srv.Close)
	return m
}

func (m *model) URL() string { return m.srv.URL }

// Requests returns what the agent sent so far.
func (m *model) Requests() []request {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]request(nil), m.reqs...)
}

// Turn is the main request that carried the n-th tool result (1-based):
// the request in which the model learns what became of its n-th call.
func (m *model) Turn(n int) (request, bool) {
	for _, r := range m.Requests() {
		if r.Main && r.Results == n {
			return r, true
		}
	}
	return request{}, false
}

func (m *model) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var doc map[string]any
	if len(body) > 0 {
		if err := json.Unmarshal(body, &doc); err != nil {
			m.t.Logf("model: %s %s: body is not JSON (%v): %.200q", r.Method, r.URL.Path, err, body)
		}
	}
	rec := request{Path: r.URL.Path, Body: body, At: time.Since(m.start), Text: strings.Join(stringsIn(doc, nil), "\n")}
	path := r.URL.Path
	switch {
	case strings.HasSuffix(path, "/messages/count_tokens"):
		writeJSON(w, map[string]any{"input_tokens": 10})
	case strings.HasSuffix(path, "/messages"):
		rec.Main, rec.Results = m.anthropic(w, doc)
	case strings.HasSuffix(path, "/chat/completions"):
		rec.Main, rec.Results = m.chatCompletions(w, doc)
	case strings.HasSuffix(path, "/responses"):
		rec.Main, rec.Results = m.openaiResponses(w, doc)
	case strings.HasSuffix(path, ":countTokens"):
		writeJSON(w, map[string]any{"totalTokens": 10})
	case strings.HasSuffix(path, ":streamGenerateContent"), strings.HasSuffix(path, ":generateContent"):
		rec.Main, rec.Results = m.gemini(w, doc, strings.HasSuffix(path, ":streamGenerateContent"))
	case r.Method == http.MethodHead && path == "/":
		// Claude Code's reachability check.
	default:
		m.t.Logf("model: unexpected request %s %s", r.Method, r.URL)
		http.NotFound(w, r)
	}
	m.mu.Lock()
	m.reqs = append(m.reqs, rec)
	m.mu.Unlock()
}

// next is the command the model runs after `results` tool results, or ""
// when the script is done.
func (m *model) next(results int) string {
	if results < len(m.commands) {
		return m.commands[results]
	}
	return ""
}

const answer = "done"

// anthropic answers a Messages API request (Claude Code), streamed as
// server-sent events or as one JSON message.
func (m *model) anthropic(w http.ResponseWriter, doc map[string]any) (main bool, results int) {
	main = hasTool(doc["tools"], "name", "Bash")
	for _, msg := range list(doc["messages"]) {
		for _, block := range list(field(msg, "content")) {
			if field(block, "type") == "tool_result" {
				results++
			}
		}
	}
	content := map[string]any{"type": "text", "text": answer}
	stop := "end_turn"
	if cmd := m.next(results); main && cmd != "" {
		content = map[string]any{"type": "tool_use", "id": fmt.Sprintf("toolu_%02d", results+1), "name": "Bash",
			"input": map[string]any{"command": cmd, "description": "scripted step"}}
		// skill:NAME runs Claude Code's Skill tool on NAME.
		if skill, ok := strings.CutPrefix(cmd, "skill:"); ok {
			content["name"], content["input"] = "Skill", map[string]any{"skill": skill}
		}
		stop = "tool_use"
	}
	message := map[string]any{"id": fmt.Sprintf("msg_%02d", results+1), "type": "message", "role": "assistant",
		"model": doc["model"], "stop_sequence": nil, "usage": map[string]any{"input_tokens": 10, "output_tokens": 5}}
	if doc["stream"] != true {
		message["content"] = []any{content}
		message["stop_reason"] = stop
		writeJSON(w, message)
		return main, results
	}
	sse := newSSE(w)
	message["content"] = []any{}
	message["stop_reason"] = nil
	sse.event("message_start", map[string]any{"type": "message_start", "message": message})
	if content["type"] == "tool_use" {
		input, _ := json.Marshal(content["input"])
		start := map[string]any{"type": "tool_use", "id": content["id"], "name": content["name"], "input": map[string]any{}}
		sse.event("content_block_start", map[string]any{"type": "content_block_start", "index": 0, "content_block": start})
		sse.event("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "input_json_delta", "partial_json": string(input)}})
	} else {
		sse.event("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "text", "text": ""}})
		sse.event("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "text_delta", "text": answer}})
	}
	sse.event("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	sse.event("message_delta", map[string]any{"type": "message_delta",
		"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]any{"output_tokens": 5}})
	sse.event("message_stop", map[string]any{"type": "message_stop"})
	return main, results
}

// openaiResponses answers a Responses API request (Codex), streamed.
func (m *model) openaiResponses(w http.ResponseWriter, doc map[string]any) (main bool, results int) {
	tool := ""
	for _, name := range []string{"shell_command", "exec_command", "shell"} {
		if hasTool(doc["tools"], "name", name) {
			tool = name
			break
		}
	}
	main = tool != ""
	for _, item := range list(doc["input"]) {
		if typ, _ := field(item, "type").(string); strings.HasSuffix(typ, "_call_output") {
			results++
		}
	}
	id := fmt.Sprintf("resp_%02d", results+1)
	item := map[string]any{"type": "message", "role": "assistant", "id": fmt.Sprintf("msg_%02d", results+1),
		"content": []any{map[string]any{"type": "output_text", "text": answer, "annotations": []any{}}}}
	if cmd := m.next(results); main && cmd != "" {
		var args any
		switch tool {
		case "shell_command":
			args = map[string]any{"command": cmd}
		case "exec_command":
			args = map[string]any{"cmd": cmd}
		default:
			args = map[string]any{"command": []string{"bash", "-lc", cmd}}
		}
		raw, _ := json.Marshal(args)
		item = map[string]any{"type": "function_call", "id": fmt.Sprintf("fc_%02d", results+1),
			"call_id": fmt.Sprintf("call_%02d", results+1), "name": tool, "arguments": string(raw)}
	}
	sse := newSSE(w)
	sse.event("response.created", map[string]any{"type": "response.created", "response": map[string]any{"id": id}})
	sse.event("response.output_item.added", map[string]any{"type": "response.output_item.added", "output_index": 0, "item": item})
	sse.event("response.output_item.done", map[string]any{"type": "response.output_item.done", "output_index": 0, "item": item})
	sse.event("response.completed", map[string]any{"type": "response.completed", "response": map[string]any{"id": id,
		"usage": map[string]any{"input_tokens": 10, "input_tokens_details": nil, "output_tokens": 5,
			"output_tokens_details": nil, "total_tokens": 15}}})
	return main, results
}

// chatCompletions answers an OpenAI Chat Completions request (OpenCode's
// OpenAI-compatible provider), streamed or not.
func (m *model) chatCompletions(w http.ResponseWriter, doc map[string]any) (main bool, results int) {
	for _, tool := range list(doc["tools"]) {
		if field(field(tool, "function"), "name") == "bash" {
			main = true
		}
	}
	for _, msg := range list(doc["messages"]) {
		if field(msg, "role") == "tool" {
			results++
		}
	}
	id := fmt.Sprintf("chatcmpl_%02d", results+1)
	delta := map[string]any{"role": "assistant", "content": answer}
	finish := "stop"
	// A subagent's conversation (Copilot CLI's task tool) starts from the prompt a task: step
	// gave it: its model runs that prompt's command once, then answers "done".
	sub, isSub := subagentCommand(doc)
	if isSub {
		main = false
	}
	cmd := m.next(results)
	if isSub {
		cmd = ""
		if results == 0 {
			cmd = sub
		}
	}
	if cmd != "" && (main || isSub) {
		name, args := "bash", map[string]any{"command": cmd, "description": "scripted step"}
		// skill:NAME runs Copilot CLI's skill tool on NAME.
		if skill, ok := strings.CutPrefix(cmd, "skill:"); ok {
			name, args = "skill", map[string]any{"skill": skill}
		}
		// write:PATH has OpenCode's write tool write PATH (relative to the project).
		if file, ok := strings.CutPrefix(cmd, "write:"); ok {
			name, args = "write", map[string]any{"filePath": file, "content": "written\n"}
		}
		// tool:NAME JSON calls the agent's tool NAME with the arguments JSON.
		if rest, ok := strings.CutPrefix(cmd, "tool:"); ok {
			var in map[string]any
			n, raw, _ := strings.Cut(rest, " ")
			if json.Unmarshal([]byte(raw), &in) == nil {
				name, args = n, in
			}
		}
		// task:COMMAND has Copilot CLI's task tool start a subagent, whose model runs COMMAND.
		if c, ok := strings.CutPrefix(cmd, "task:"); ok {
			name, args = "task", map[string]any{"agent_type": "task", "mode": "sync", "name": "sub", "description": "scripted step", "prompt": subagentMark + c}
		}
		raw, _ := json.Marshal(args)
		delta = map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{map[string]any{"index": 0,
			"id": fmt.Sprintf("call_%02d", results+1), "type": "function",
			"function": map[string]any{"name": name, "arguments": string(raw)}}}}
		finish = "tool_calls"
	}
	usage := map[string]any{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
	if doc["stream"] != true {
		delete(delta, "index")
		writeJSON(w, map[string]any{"id": id, "object": "chat.completion", "created": 0, "model": doc["model"],
			"choices": []any{map[string]any{"index": 0, "message": delta, "finish_reason": finish}}, "usage": usage})
		return main, results
	}
	sse := newSSE(w)
	chunk := func(choice map[string]any, usage any) map[string]any {
		return map[string]any{"id": id, "object": "chat.completion.chunk", "created": 0, "model": doc["model"],
			"choices": []any{choice}, "usage": usage}
	}
	sse.event("", chunk(map[string]any{"index": 0, "delta": delta, "finish_reason": nil}, nil))
	sse.event("", chunk(map[string]any{"index": 0, "delta": map[string]any{}, "finish_reason": finish}, usage))
	fmt.Fprint(w, "data: [DONE]\n\n")
	return main, results
}

// subagentMark starts the prompt a task: step gives a subagent, before the command it runs.
const subagentMark = "hookrun-subagent: "

// subagentCommand is the command of a subagent's conversation: one whose user messages hold
// the prompt a task: step gave it (in the main conversation it is only the task call's argument).
func subagentCommand(doc map[string]any) (string, bool) {
	for _, msg := range list(doc["messages"]) {
		if field(msg, "role") != "user" {
			continue
		}
		for _, text := range stringsIn(field(msg, "content"), nil) {
			if _, after, ok := strings.Cut(text, subagentMark); ok {
				line, _, _ := strings.Cut(after, "\n")
				return strings.TrimSpace(line), true
			}
		}
	}
	return "", false
}

// geminiSubagentCommand is the command of a Gemini CLI subagent's
// conversation: one whose user parts hold the prompt an invoke_agent step
// gave it.
func geminiSubagentCommand(doc map[string]any) (string, bool) {
	for _, c := range list(doc["contents"]) {
		if field(c, "role") != "user" {
			continue
		}
		for _, part := range list(field(c, "parts")) {
			text, _ := field(part, "text").(string)
			if _, after, ok := strings.Cut(text, subagentMark); ok {
				line, _, _ := strings.Cut(after, "\n")
				return strings.TrimSpace(line), true
			}
		}
	}
	return "", false
}

// gemini answers generateContent and streamGenerateContent (Gemini CLI).
func (m *model) gemini(w http.ResponseWriter, doc map[string]any, stream bool) (main bool, results int) {
	for _, tools := range list(doc["tools"]) {
		if hasTool(field(tools, "functionDeclarations"), "name", "run_shell_command") {
			main = true
		}
	}
	for _, c := range list(doc["contents"]) {
		for _, part := range list(field(c, "parts")) {
			if field(part, "functionResponse") != nil {
				results++
			}
		}
	}
	part := map[string]any{"text": answer}
	cmd := m.next(results)
	// A subagent's conversation (invoke_agent with a prompt that starts
	// with subagentMark) runs the command after the mark, once.
	if sub, ok := geminiSubagentCommand(doc); ok {
		main, cmd = false, ""
		if results == 0 {
			cmd = sub
		}
		if cmd != "" {
			part = map[string]any{"functionCall": map[string]any{"name": "run_shell_command",
				"args": map[string]any{"command": cmd, "description": "scripted step"}}}
		}
	}
	if main && cmd != "" {
		name, args := "run_shell_command", map[string]any{"command": cmd, "description": "scripted step"}
		// tool:NAME JSON calls Gemini CLI's tool NAME with the arguments JSON.
		if rest, ok := strings.CutPrefix(cmd, "tool:"); ok {
			var in map[string]any
			n, raw, _ := strings.Cut(rest, " ")
			if json.Unmarshal([]byte(raw), &in) == nil {
				name, args = n, in
			}
		}
		part = map[string]any{"functionCall": map[string]any{"name": name, "args": args}}
	}
	chunk := map[string]any{
		"candidates":    []any{map[string]any{"content": map[string]any{"role": "model", "parts": []any{part}}, "finishReason": "STOP", "index": 0}},
		"usageMetadata": map[string]any{"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
	}
	if !stream {
		writeJSON(w, chunk)
		return main, results
	}
	newSSE(w).event("", chunk)
	return main, results
}

type sse struct {
	w http.ResponseWriter
}

func newSSE(w http.ResponseWriter) sse {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	return sse{w}
}

func (s sse) event(name string, data any) {
	raw, _ := json.Marshal(data)
	if name != "" {
		fmt.Fprintf(s.w, "event: %s\n", name)
	}
	fmt.Fprintf(s.w, "data: %s\n\n", raw)
	if f, ok := s.w.(http.Flusher); ok {
		f.Flush()
	}
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

func field(v any, key string) any {
	o, _ := v.(map[string]any)
	return o[key]
}

// hasTool says whether a list of tool declarations names one `name`.
func hasTool(tools any, key, name string) bool {
	for _, t := range list(tools) {
		if field(t, key) == name {
			return true
		}
	}
	return false
}

// stringsIn appends every string in a decoded JSON value, depth first;
// strings that hold JSON (tool arguments) are kept as they are.
func stringsIn(v any, out []string) []string {
	switch v := v.(type) {
	case string:
		out = append(out, v)
	case []any:
		for _, e := range v {
			out = stringsIn(e, out)
		}
	case map[string]any:
		for _, e := range v {
			out = stringsIn(e, out)
		}
	}
	return out
}
