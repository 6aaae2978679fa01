package emit

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/pathcase"
	"github.com/hookrun/hookrun/internal/plaintext"
	"github.com/hookrun/hookrun/internal/rules"
)

// The fields an http handler's body holds beside the context, for a call
// with a command line (docs/central-policy.md): a policy service has no
// shell parser, and one that reads the command as text lets "r"m -rf /,
// r\m -rf / and sh -c 'rm -rf /' through; and for a prompt, its plain
// form, which ig\u200bnore does not hide a word from.
const (
	CommandsField        = "commands"
	CommandsUnknownField = "commands_unknown"
	PromptPlainField     = "user_raw_input_plain"
	PathsFoldedField     = "paths_folded"
)

// policyCommand is one simple command of the line, as a policy reads it.
type policyCommand struct {
	Name    string   `json:"name"`
	Args    []string `json:"args"`
	Wrapper bool     `json:"wrapper"`
	Maybe   bool     `json:"maybe"`
	Dynamic bool     `json:"dynamic"`
	File    string   `json:"file,omitempty"` // the file the line runs that holds it (maybe, then)
	Env     []string `json:"env,omitempty"`  // NAME=VALUE the line gives its environment (CLAUDE_CODE_SIMPLE=1 claude)
}

// policyBody is the context c an http handler sends: the one a script reads
// on stdin, plus what the call rc, as the rules hooks read it, adds: the
// paths the files the line runs name (./y.sh, where y.sh writes
// config/prod/db.yaml) and why some of them are only known when it runs
// (paths_unknown), and, when the call has a command line, the simple
// commands it runs as hookrun's shell parser reads them, the files it runs
// included (commands), and why some command is only known when it runs
// (commands_unknown); and a prompt's plain form (user_raw_input_plain,
// package plaintext), which a rules hook's prompt rule matches too. A
// policy service reads the call as a rules hook does, from the same
// reading: what only one of them saw would walk around the other. These
// fields are hookrun's alone: a caller's own are dropped. Where hookrun
// compares paths ignoring case (pathcase.On), the body holds them folded
// too (paths_folded), as a rules hook folds them before it compares: a
// policy matching config/prod/** against paths as written let
// CONFIG/PROD/app.yaml through on macOS, which opens the same file.
func policyBody(c *event.Context, rc *rules.Call) []byte {
	fields := maps.Clone(c.Fields)
	dropOwn(fields, CommandsField, CommandsUnknownField, PromptPlainField, PathsFoldedField)
	if c.Event == event.PromptSubmit {
		fields[PromptPlainField], _ = json.Marshal(plaintext.Of(c.StringField("user_raw_input")))
	}
	readPaths(fields, c, rc)
	foldPaths(fields)
	if line := rc.Line(); line != nil {
		cmds := make([]policyCommand, 0, len(line.Commands))
		for _, lc := range line.Commands {
			pc := policyCommand{Name: lc.Name, Args: make([]string, 0, len(lc.Args)), Wrapper: lc.Wrapper, Maybe: lc.Maybe, File: lc.File}
			for _, a := range lc.Args {
				pc.Args = append(pc.Args, a.Value)
				pc.Dynamic = pc.Dynamic || a.Dynamic
			}
			for _, e := range lc.Env {
				pc.Env = append(pc.Env, e.Value)
			}
			cmds = append(cmds, pc)
		}
		fields[CommandsField], _ = json.Marshal(cmds)
		if len(line.Unresolved) > 0 {
			fields[CommandsUnknownField], _ = json.Marshal(line.Unresolved[0])
		}
	}
	body := (&event.Context{Fields: fields}).JSON()
	return append(body, '\n')
}

// readPaths sets in fields, those of context c, the paths of the call rc as the rules hooks read
// it: the paths the files its line runs name beside the line's own, and why some of them are
// only known when it runs (paths_unknown), as a rules hook's paths rule counts it.
func readPaths(fields map[string]json.RawMessage, c *event.Context, rc *rules.Call) {
	read := rc.Context()
	if len(read.Paths) > len(c.Paths) {
		fields["paths"], _ = json.Marshal(read.Paths)
	}
	unknown := read.UnknownPaths
	if line := rc.Line(); unknown == "" && line != nil && len(line.UnknownPaths) > 0 {
		unknown = line.UnknownPaths[0]
	}
	if unknown != "" {
		fields[PathsUnknownField], _ = json.Marshal(unknown)
	}
}

// foldPaths sets paths_folded in fields, when hookrun compares paths
// ignoring case: each of their paths as pathcase.Key reads it.
func foldPaths(fields map[string]json.RawMessage) {
	var paths []string
	if !pathcase.On() || json.Unmarshal(fields["paths"], &paths) != nil || len(paths) == 0 {
		return
	}
	for i, p := range paths {
		paths[i] = pathcase.Key(p)
	}
	fields[PathsFoldedField], _ = json.Marshal(paths)
}

// scriptInput is what a script handler reads on stdin: one line of JSON, the context c with the
// paths of the call rc as the rules hooks read it (readPaths), and folded where hookrun compares
// paths ignoring case (foldPaths), so that a script guard that looks for a file in paths sees
// what match.paths, a rules hook and a policy service see. A call with no command line is read
// without the reading.
func scriptInput(c *event.Context, rc func() *rules.Call) []byte {
	theirs := slices.ContainsFunc(slices.Collect(maps.Keys(c.Fields)), func(k string) bool { return strings.EqualFold(k, PathsFoldedField) })
	fold := pathcase.On() && len(c.Paths) > 0
	var r *rules.Call
	if c.Command != "" {
		r = rc()
	}
	if !theirs && !fold && (r == nil || r.Context() == c && (r.Line() == nil || len(r.Line().UnknownPaths) == 0 || c.UnknownPaths != "")) {
		return append(c.JSON(), '\n') // the reading added nothing
	}
	fields := maps.Clone(c.Fields)
	dropOwn(fields, PathsFoldedField)
	if r != nil {
		readPaths(fields, c, r)
	}
	foldPaths(fields)
	return append((&event.Context{Fields: fields}).JSON(), '\n')
}

// dropOwn deletes from fields each key that is one of names, fields hookrun alone sets, in any
// case: a caller's "Paths_Folded" is paths_folded to a Go program decoding the body, which
// matches keys ignoring case, and where hookrun sets none it would be the only one.
func dropOwn(fields map[string]json.RawMessage, names ...string) {
	for k := range fields {
		if slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(k, n) }) {
			delete(fields, k)
		}
	}
}
