package settings

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/ojson"
	"github.com/hookrun/hookrun/internal/safefile"
)

// openCodeConfigCommands names each command of an OpenCode config file f
// (opencode.json or opencode.jsonc) whose template runs shell commands
// (!`…`), and each local MCP server it starts, as OpenCode 1.18.33 reads the file: each {file:PATH} replaced
// by that file's text (trimmed; PATH relative to f's directory; a line
// that starts with // keeps it), then read as JSON with comments and
// trailing commas. A file hookrun cannot read so, and that declares
// commands, is named too: OpenCode may read what hookrun does not.
func openCodeConfigCommands(root, f string, data []byte, why string) []Problem {
	doc, err := ojson.Parse(plainJSON(fileRefs(root, f, data)))
	if err != nil {
		if !strings.Contains(string(data), `"command"`) {
			return nil
		}
		line, col := errAt(err)
		return []Problem{{File: f, Message: fmt.Sprintf("hookrun cannot read it as JSON with comments (%v), and it declares commands, whose templates opencode runs the !`…` shell commands of: %s", err, why), Warning: true, Line: line, Col: col}}
	}
	if !doc.IsObject() {
		return nil
	}
	var out []Problem
	if commands := doc.Get("command"); commands != nil && commands.IsObject() {
		for _, name := range commands.Keys() {
			c := commands.Get(name)
			if !c.IsObject() || c.Get("template") == nil {
				continue
			}
			if cmds := dialect.OpenCodeShellCommands([]byte(c.Get("template").Str())); len(cmds) > 0 {
				out = append(out, Problem{File: f, Message: fmt.Sprintf("command.%s.template: runs %s: %s", name, commandList(cmds), why), Warning: true, At: at("command", name, "template")})
			}
		}
	}
	// A plugin the config names is code OpenCode loads and runs when it
	// starts (a file, or an npm package it installs), with no hook; one
	// ran before hookrun's (agents suite TestOpenCodeConfigPluginRunsFirst).
	if plugins := doc.Get("plugin"); plugins != nil && plugins.IsArray() {
		for i, p := range plugins.Items() {
			name := p.Str()
			if p.IsArray() && len(p.Items()) > 0 {
				name = p.Items()[0].Str() // [name, options]
			}
			if name != "" {
				out = append(out, Problem{File: f, Message: fmt.Sprintf("plugin[%d] loads %q: opencode loads this plugin when it starts and runs its code with no hook: it can run any command, which no guard sees; check what it does, or remove it", i, name), Warning: true, At: at("plugin", i)})
			}
		}
	}
	// A formatter's command OpenCode runs itself after its write or edit
	// tool changed a file of the formatter's extensions, with no hook
	// (measured on 1.18.33, agents suite TestOpenCodeFormatterRuns).
	if formatters := doc.Get("formatter"); formatters != nil && formatters.IsObject() {
		for _, name := range formatters.Keys() {
			fm := formatters.Get(name)
			if cmd := commandOf(fm.Get("command")); cmd != "" && fm.IsObject() && compact(fm.Get("disabled")) != "true" {
				out = append(out, Problem{File: f, Message: fmt.Sprintf("formatter.%s.command: runs %q: opencode runs this formatter's command itself after its write or edit tool changes a file it formats, with no hook, so no guard sees it; check it, or remove it", name, cmd), Warning: true, At: at("formatter", name, "command")})
			}
		}
	}
	// A local MCP server's command OpenCode starts with no hook (measured
	// on 1.18.33, agents suite TestBypasses/opencode/mcp_local).
	if servers := doc.Get("mcp"); servers != nil && servers.IsObject() {
		for _, name := range servers.Keys() {
			if cmd := commandOf(servers.Get(name).Get("command")); cmd != "" && servers.Get(name).IsObject() {
				out = append(out, Problem{File: f, Message: fmt.Sprintf("mcp.%s.command: runs %q: %s", name, cmd, openCodeMCP), Warning: true, At: at("mcp", name, "command")})
			}
		}
	}
	return out
}

const openCodeMCP = "opencode starts this MCP server's command with no hook, so no guard sees it; check it, or remove it"

// fileRefs replaces each {file:PATH} of an OpenCode config file's text
// with the text of the file it names, trimmed and escaped for a JSON
// string, as OpenCode does before it parses the file, except on a line
// that starts with //. A file outside the project, or that cannot be
// read, stands as "" (OpenCode reads one outside; hookrun does not know
// what it will hold).
func fileRefs(root, f string, data []byte) []byte {
	var out []byte
	last := 0
	for _, m := range regexp.MustCompile(`\{file:[^}]+\}`).FindAllIndex(data, -1) {
		out = append(out, data[last:m[0]]...)
		last = m[1]
		line := data[bytes.LastIndexByte(data[:m[0]], '\n')+1 : m[0]]
		if bytes.HasPrefix(bytes.TrimSpace(line), []byte("//")) {
			out = append(out, data[m[0]:m[1]]...)
			continue
		}
		out = append(out, refText(root, f, string(data[m[0]+len("{file:"):m[1]-1]))...)
	}
	return append(out, data[last:]...)
}

func refText(root, f, name string) string {
	if strings.HasPrefix(name, "~/") || filepath.IsAbs(name) {
		return ""
	}
	rel := path.Clean(path.Join(path.Dir(f), filepath.ToSlash(name)))
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return ""
	}
	text, err := safefile.ReadFile(filepath.Join(root, filepath.FromSlash(rel)), 1<<20)
	if err != nil {
		return ""
	}
	quoted, _ := json.Marshal(strings.TrimSpace(string(text)))
	return string(quoted[1 : len(quoted)-1])
}
