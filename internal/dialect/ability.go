package dialect

import (
	"bytes"
	"encoding/json"
	"maps"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hookrun/hookrun/internal/event"
)

// Canonical ability ids (event.Abilities): one ability_scope guards the
// same kind of tool under every agent.
const (
	Shell       = event.Shell
	EditFile    = event.EditFile
	WriteFile   = event.WriteFile
	ReadFile    = event.ReadFile
	ListFiles   = event.ListFiles
	SearchFiles = event.SearchFiles
	WebFetch    = event.WebFetch
	WebSearch   = event.WebSearch
)

// MCPServerUnknown stands for the server of an MCP tool whose agent does
// not name it (Cursor's beforeMCPExecution names the tool only).
const MCPServerUnknown = "unknown"

// MaxSummary caps args_summary and input_summary, in bytes.
const MaxSummary = 200

// ability maps an agent's tool name to its canonical ability id: the
// dialect's table, then MCP's mcp__server__tool convention, and otherwise
// the tool under the dialect's own namespace (claude-code/TodoWrite), so
// ability_scope can still name it and cannot confuse it with a canonical
// id.
func ability(n Name, tool string, tools table[string]) string {
	if id, ok := tools.get(tool); ok {
		return id
	}
	if id, ok := mcpAbility(tool); ok {
		return id
	}
	return string(n) + "/" + tool
}

// mcpAbility turns mcp__server__tool into mcp/server/tool.
func mcpAbility(tool string) (string, bool) {
	rest, ok := strings.CutPrefix(tool, "mcp__")
	if !ok || rest == "" {
		return "", false
	}
	server, name, ok := strings.Cut(rest, "__")
	if !ok || server == "" || name == "" {
		return MCPID(MCPServerUnknown, rest), true
	}
	return MCPID(server, name), true
}

// MCPID is the ability id of an MCP tool.
func MCPID(server, tool string) string { return "mcp/" + server + "/" + tool }

// summaryKeys are the input fields that say, alone, what a call does: the
// first one present is the summary.
var summaryKeys = []string{"command", "file_path", "filePath", "absolute_path", "notebook_path", "pattern", "path", "paths", "url", "query"}

// summarize renders a tool input in one short line: the shell command,
// the file path, the pattern or URL; for MCP tools and anything else, the
// input as compact JSON.
func summarize(abilityID string, input json.RawMessage) string {
	if len(bytes.TrimSpace(input)) == 0 || string(input) == "null" {
		return ""
	}
	obj := object(input)
	if !strings.HasPrefix(abilityID, "mcp/") && obj != nil {
		for _, k := range summaryKeys {
			if s := text(obj[k]); s != "" {
				return capLine(s)
			}
		}
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, input); err != nil {
		return capLine(string(input))
	}
	return capLine(buf.String())
}

// object decodes a JSON object, or a JSON string holding one (Cursor sends
// MCP tool input that way); otherwise nil.
func object(raw json.RawMessage) map[string]json.RawMessage {
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) == nil {
		return obj
	}
	var s string
	if json.Unmarshal(raw, &s) == nil && json.Unmarshal([]byte(s), &obj) == nil {
		return obj
	}
	return nil
}

// text is a string value, or a list of strings joined by ", ".
func text(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var list []string
	if json.Unmarshal(raw, &list) == nil {
		return strings.Join(list, ", ")
	}
	return ""
}

// capLine folds whitespace (newlines included) to single spaces and cuts
// the result to MaxSummary bytes on a rune boundary, marking the cut.
func capLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= MaxSummary {
		return s
	}
	const mark = "…"
	cut := MaxSummary - len(mark)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + mark
}

// shellCommand is a shell call's command line: the string an agent sent,
// or an argv list quoted back into one line.
func shellCommand(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var argv []string
	if json.Unmarshal(raw, &argv) != nil {
		return ""
	}
	return event.JoinArgv(argv)
}

// shellOf names the shell a shell tool's command is written for, when it
// is not sh: a PowerShell tool's is PowerShell (Claude Code's and Copilot
// CLI's, on Windows); on Windows, the shell tools of the other agents run
// PowerShell or a POSIX shell depending on the set-up (Gemini CLI,
// Codex, Cursor, OpenCode), so either is read; Claude Code's Bash is Git
// Bash, and Copilot CLI's bash is its tool for POSIX shells.
func shellOf(n Name, tool, goos string) string {
	tool = strings.TrimPrefix(tool, "write_") // Copilot CLI's input into a running session
	switch {
	case strings.EqualFold(tool, "powershell"):
		return "powershell"
	case goos != "windows":
		return ""
	case (n == ClaudeCode || n == Copilot) && strings.EqualFold(tool, "bash"):
		return ""
	}
	return "unknown"
}

// pathFields are the input fields in which the agents name the file a
// call reads or writes, each a string or a list of strings (paths:
// Copilot CLI's Grep and Glob, Gemini CLI's read_many_files before it took
// include), and those in which another runtime may, each however spelt
// (event.Spelled: OpenCode's filePath, FilePath, file-name).
var pathFields = []string{"file_path", "path", "absolute_path", "notebook_path", "target_file", "paths", "file_name", "file", "target_path", "destination"}

// maxPathBytes is PATH_MAX on Linux: a longer string names no file.
const maxPathBytes = 4096

// anyPaths lists every string of a tool input, at any depth, that could
// name a file. Which arguments of an MCP tool or of an agent's other tools
// are paths hookrun cannot know (a filesystem server's move_file has
// "source" and "destination"), and a guard on paths must not miss one: a
// string that is not a path matches no path glob but the ones written to
// catch it. Strings longer than PATH_MAX name no file; one holding NUL
// names, to a tool written in C, the file before the first NUL.
func anyPaths(input json.RawMessage) []string {
	var v any
	if json.Unmarshal(input, &v) != nil {
		return nil
	}
	if s, ok := v.(string); ok { // Cursor sends MCP input as a JSON string holding an object
		var inner any
		if json.Unmarshal([]byte(s), &inner) == nil {
			v = inner
		}
	}
	var out []string
	seen := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			if i := strings.IndexByte(v, 0); i >= 0 {
				v = v[:i]
			}
			for _, p := range []string{v, fileURLPath(v)} {
				if p != "" && len(p) <= maxPathBytes && !seen[p] {
					seen[p] = true
					out = append(out, p)
				}
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				walk(v[k])
			}
		}
	}
	walk(v)
	return out
}

// ArgsPaths are the paths a call of ability names in its input, as a dialect reads them when the
// agent's reader knows no better: a list or search call's trees, a canonical ability's path fields,
// any string of another tool's input that could name a file. emit reads a caller's ability_args
// with it too, so that a context whose paths leave out a file its input names still guards it.
func ArgsPaths(ability string, input json.RawMessage) []string {
	switch {
	case ability == ListFiles || ability == SearchFiles:
		return treePaths(ability, object(input))
	case event.Canonical(ability):
		return inputPaths(object(input))
	default:
		return anyPaths(input)
	}
}

// treeFields are the fields in which list and search tools name where they
// read, besides pathFields: Gemini CLI's dir_path.
var treeFields = []string{"dir_path"}

// treePaths are the paths of a list or search call: it reads the tree
// beneath each file or directory it names (beneath its working directory
// when it names none), so each is given with DIR/**, which hookrun lists
// against the disk. A grep in config reads config/prod/app.yaml, and a
// guard on config/prod/** must see it. A list tool's pattern is taken from
// each directory too, since a pattern may leave it (../config/prod/*).
func treePaths(ability string, in map[string]json.RawMessage) []string {
	dirs := inputPaths(in)
	for _, f := range treeFields {
		var s string
		if json.Unmarshal(in[f], &s) == nil && s != "" {
			dirs = append(dirs, s)
		}
	}
	if len(dirs) == 0 {
		dirs = []string{""}
	}
	var pattern string
	if ability == ListFiles {
		_ = json.Unmarshal(in["pattern"], &pattern)
	}
	var out []string
	for _, d := range dirs {
		if d != "" {
			out = append(out, d)
		}
		out = append(out, under(d, "**"))
		if pattern != "" {
			out = append(out, under(d, pattern))
		}
	}
	return out
}

// under is p taken from the directory dir ("" for the working directory);
// an absolute p stands alone.
func under(dir, p string) string {
	if dir == "" || filepath.IsAbs(p) || strings.HasPrefix(p, "/") {
		return p
	}
	return strings.TrimSuffix(dir, "/") + "/" + p
}

// fileURLPath is the path a file: URL names (an MCP resource's uri,
// file:///p/config/prod/app.yaml), percent escapes decoded; "" for any
// other string. A host other than localhost is another machine's file.
func fileURLPath(s string) string {
	if len(s) < 5 || !strings.EqualFold(s[:5], "file:") {
		return ""
	}
	u, err := url.Parse(s)
	if err != nil || !strings.EqualFold(u.Scheme, "file") || u.Host != "" && !strings.EqualFold(u.Host, "localhost") {
		return ""
	}
	p := u.Path
	if p == "" { // file:relative/path
		if p, err = url.PathUnescape(u.Opaque); err != nil {
			return ""
		}
	}
	if len(p) > 1 && p[0] == '/' && filepath.VolumeName(p[1:]) != "" { // file:///C:/x on Windows
		p = p[1:]
	}
	return p
}

// inputPaths are the files a tool input names.
func inputPaths(in map[string]json.RawMessage) []string {
	out := fieldPaths(in)
	// A file: URL in any field names a file on this machine, whichever
	// tool takes it (a fetch tool's url, a path given as a URL).
	for _, k := range slices.Sorted(maps.Keys(in)) {
		var s string
		if json.Unmarshal(in[k], &s) == nil {
			if p := fileURLPath(s); p != "" {
				out = append(out, p)
			}
		}
	}
	// An edit tool's list of edits may name a file per edit (OpenCode's
	// multiedit of earlier versions declared edits[].filePath): each counts,
	// one level down only, as such a tool reads them.
	var edits []json.RawMessage
	if json.Unmarshal(in["edits"], &edits) == nil {
		for _, e := range edits {
			var edit map[string]json.RawMessage
			if json.Unmarshal(e, &edit) == nil {
				out = append(out, fieldPaths(edit)...)
			}
		}
	}
	return out
}

// fieldPaths are the strings of an object's pathFields.
func fieldPaths(in map[string]json.RawMessage) []string {
	var out []string
	for _, f := range event.Spelled(in, pathFields...) {
		var list []string
		if json.Unmarshal(f.Raw, &list) != nil {
			var s string
			if json.Unmarshal(f.Raw, &s) != nil {
				continue
			}
			list = []string{s}
		}
		for _, s := range list {
			if s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

// exitCodeIn finds an exit status that an agent reports only as text in a
// tool response: status reads one text, the response itself when it is a
// string (field "") or each string field of an object, in key order.
// Where in the text the status stands is the agent's own layout, and only
// there does it count: a command's output may hold any text.
func exitCodeIn(raw json.RawMessage, status func(field, text string) (int, bool)) (int, bool) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return status("", s)
	}
	obj := object(raw)
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		if json.Unmarshal(obj[k], &s) == nil {
			if n, ok := status(k, s); ok {
				return n, true
			}
		}
	}
	return 0, false
}

// statusLine reads a line that is exactly prefix and a whole number.
func statusLine(line, prefix string) (int, bool) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), prefix)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil
}
