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
				out = append(out, Problem{File: f, Message: fmt.Sprintf("plugin[%d] loads %q: opencode loads this plugin when it starts and runs its code in its own process, with no hook: it can run any command, which no guard sees; check what it does, or remove it", i, name), Warning: true, At: at("plugin", i)})
			}
		}
	}
	// Commands OpenCode runs itself, with no hook, unless marked disabled:
	// a formatter's after its write or edit tool changed a file of the
	// formatter's extensions, a language server's as its tools open or
	// change a file of the server's extensions (measured on 1.18.33,
	// agents suite TestOpenCodeFormatterRuns, TestOpenCodeConfigCommandsRun).
	for _, g := range []struct{ key, does string }{
		{"formatter", "opencode runs this formatter's command itself after its write or edit tool changes a file it formats"},
		{"lsp", "opencode starts this language server itself when its tools open or change a file of its extensions"},
	} {
		group := doc.Get(g.key)
		if group == nil || !group.IsObject() {
			continue
		}
		for _, name := range group.Keys() {
			e := group.Get(name)
			if cmd := commandOf(e.Get("command")); cmd != "" && e.IsObject() && compact(e.Get("disabled")) != "true" {
				out = append(out, Problem{File: f, Message: fmt.Sprintf("%s.%s.command: runs %q: %s, with no hook, so no guard sees it; check it, or remove it", g.key, name, cmd, g.does), Warning: true, At: at(g.key, name, "command")})
			}
		}
	}
	// Any lsp but false (true, or an object, even of disabled servers)
	// turns on OpenCode's built-in language servers: with none set,
	// 1.18.33 starts none ("all LSPs are disabled"). Several run a file of
	// the repository when its tools open or change a file of their
	// extensions (read in its bundled source; agents suite
	// TestOpenCodeConfigCommandsRun/lsp_builtin ran node_modules/.bin/biome).
	if v := doc.Get("lsp"); v != nil && (v.IsObject() || compact(v) == "true") {
		out = append(out, Problem{File: f, Message: openCodeBuiltinLSP, Warning: true, At: at("lsp")})
	}
	if p, ok := openCodeShell(root, f, doc.Get("shell")); ok {
		out = append(out, p)
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

// knownOpenCodeShell: the shells OpenCode 1.18.33 knows by name, and
// runs a command line with as sh -c does (a switch: a package-level map
// is built at every start, start_no_package_init).
func knownOpenCodeShell(name string) bool {
	switch name {
	case "bash", "dash", "fish", "ksh", "nu", "sh", "zsh", "pwsh", "powershell", "cmd":
		return true
	}
	return false
}

// openCodeShell names the config's shell: the program OpenCode's bash tool
// runs each command line through (measured on 1.18.33: "./tools/mysh"
// ran, agents suite TestOpenCodeConfigCommandsRun). hookrun's guard
// judges the command line; the program runs what it likes. One in the
// project is an error; one hookrun does not know as a shell, a warning.
func openCodeShell(root, f string, v *ojson.Node) (Problem, bool) {
	if v == nil || v.Str() == "" {
		return Problem{}, false
	}
	sh := v.Str()
	slashed := filepath.ToSlash(sh)
	inProject := strings.Contains(slashed, "/") && !filepath.IsAbs(sh)
	if filepath.IsAbs(sh) {
		if rel, err := filepath.Rel(root, sh); err == nil && rel != ".." && !strings.HasPrefix(filepath.ToSlash(rel), "../") {
			inProject = true
		}
	}
	base := strings.TrimSuffix(strings.ToLower(path.Base(slashed)), ".exe")
	switch {
	case inProject:
		return Problem{File: f, Message: fmt.Sprintf("shell: opencode runs each command line of its bash tool through %q, a program in the repository: hookrun's guard judges the command line, and this program runs whatever it likes in its place; remove it, or name a shell installed on the machine (bash, zsh)", sh), At: at("shell")}, true
	case !knownOpenCodeShell(base):
		return Problem{File: f, Message: fmt.Sprintf("shell: opencode runs each command line of its bash tool through %q, which hookrun does not know as a shell: hookrun's guard judges the command line as a shell would run it; check what this program does, or remove it", sh), Warning: true, At: at("shell")}, true
	}
	return Problem{}, false
}

const openCodeBuiltinLSP = "lsp: turns on opencode's built-in language servers, which it starts itself, with no hook, when its tools open or change a file: several run a program from the repository (node_modules/.bin/biome, node_modules/.bin/oxlint, node_modules/typescript/lib/tsserver.js, the eslint it finds there, .venv/bin/python), which no guard sees; set \"lsp\": false, or check those files"

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
