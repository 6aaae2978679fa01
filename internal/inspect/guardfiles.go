package inspect

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/emit"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/safefile"
)

// guardFileNotes warns of a guard whose declaration an AI session may not
// change unasked while a file that makes up the guard may be: a script its
// handler runs that lies elsewhere (./tools/guard.sh, python3
// tools/guard.py; init's protect_hooks covers .system and scripts/hooks),
// or the file a declaration or script links to (an organisation's guard
// linked in from outside the project). An agent could rewrite that file
// to allow everything. Only rules hooks are asked, since they run no
// process; a project with no rules guard over its declarations gets no
// note.
func guardFileNotes(set *config.Set, root string) []config.Finding {
	var guards []*config.Hook
	for _, h := range set.HooksFor(string(event.PreAbilityCall)) {
		if h.Blocking && h.Handler.Kind == config.KindRules {
			guards = append(guards, h)
		}
	}
	if len(guards) == 0 {
		return nil
	}
	memo := map[string]bool{}
	stopped := func(path string) bool {
		v, ok := memo[path]
		if !ok {
			v = writeStopped(guards, path, root)
			memo[path] = v
		}
		return v
	}
	var out []config.Finding
	for _, h := range set.Hooks {
		if h.Disabled || !h.Blocking || !h.Event.AIFacing() || !stopped(h.File) {
			continue
		}
		note := func(pos config.Pos, field, what, file string) {
			out = append(out, config.Finding{File: h.File, Line: pos.Line, Col: pos.Col, Severity: config.Warning, HookID: h.ID,
				Message: fmt.Sprintf("%s: %s, which no rules guard stops an AI session from changing, though one stops changes to this declaration: an agent could rewrite %s to allow everything; move it under a guarded path (init's protect_hooks guards .system/ and scripts/hooks/) or add it to that guard's paths", field, what, file)})
		}
		if real, ok := linkTarget(h.File, root); ok && !stopped(real) {
			note(h.Pos, "id", "this declaration is a link to "+config.Rel(root, real), config.Rel(root, real))
		}
		if h.Handler.Kind != config.KindScript {
			continue
		}
		for _, f := range handlerFiles(h, root) {
			if !stopped(f) {
				note(h.CommandPos, "handler.command", "this guard runs "+config.Rel(root, f), config.Rel(root, f))
			} else if real, ok := linkTarget(f, root); ok && !stopped(real) {
				note(h.CommandPos, "handler.command", "this guard runs "+config.Rel(root, f)+", a link to "+config.Rel(root, real), config.Rel(root, real))
			}
		}
	}
	return out
}

// onPATH reports whether the file at path lies in a directory on PATH: a
// program (/bin/sh, /usr/bin/env), which root may write but which is no
// guard's own code.
func onPATH(path string) bool {
	dir := filepath.Dir(path)
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		if d != "" && filepath.Clean(d) == dir {
			return true
		}
	}
	return false
}

// linkTarget is the file path leads to when a symbolic link on the way
// beneath root makes it another (root itself may be reached through one).
func linkTarget(path, root string) (string, bool) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", false
	}
	if realRoot, err := filepath.EvalSymlinks(root); err == nil {
		if rel, ok := safefile.Beneath(realRoot, real); ok {
			real = filepath.Join(root, rel)
		}
	}
	return real, real != filepath.Clean(path)
}

// writeStopped reports whether the rules guards deny an AI session's write
// of the file at path, or ask a person about it.
func writeStopped(guards []*config.Hook, path, root string) bool {
	doc, err := json.Marshal(map[string]any{
		"event_type": event.PreAbilityCall, "session_id": "validate", "ability_id": dialect.WriteFile,
		"caller": map[string]string{"source": "ai_session"}, "paths": []string{path},
	})
	if err != nil {
		return true
	}
	c, err := event.ParseContext(doc, event.PreAbilityCall)
	if err != nil {
		return true // cannot tell: no note
	}
	emit.WithPaths(c, root, nil) // a write names its file: no command, no git
	out := emit.Run(context.Background(), c, guards, emit.Options{Root: root, Limits: exec.DefaultLimits})
	return out.Result.Decision != event.Allow
}

// handlerFiles lists the files that a script hook's handler runs or
// names, as absolute paths: its program, and each argument (each word of a
// shell line after a program sh finds on PATH) that is a regular file
// inside the project, or outside it one named by a path (a word with a
// slash: an organisation's guard in a directory of its own) that this
// user, and so an AI session running as this user, may write. A program
// found on PATH, or in a directory on PATH, is not listed from outside the
// project.
func handlerFiles(h *config.Hook, root string) []string {
	words := h.Handler.Args
	prog := h.Handler.Command
	if !h.Handler.HasArgs && exec.NeedsShell(prog) {
		words, prog = strings.Fields(prog), ""
		if len(words) > 0 && !strings.Contains(words[0], "/") {
			words = words[1:]
		}
	}
	named := map[string]bool{} // files named by a path, not found on PATH
	if prog != "" {
		if p, err := exec.Program(prog, root); err == nil {
			words = append([]string{p}, words...)
			named[p] = strings.Contains(prog, "/")
		}
	}
	home, _ := os.UserHomeDir()
	var out []string
	for _, w := range words {
		p := w
		if rest, ok := strings.CutPrefix(p, "~/"); ok && home != "" {
			p = filepath.Join(home, rest)
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		p = filepath.Clean(p)
		if slices.Contains(out, p) {
			continue
		}
		if _, inside := safefile.Beneath(root, p); !inside {
			if byPath, ok := named[w]; ok && !byPath || !strings.Contains(w, "/") || onPATH(p) || !writable(p) {
				continue
			}
		}
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			out = append(out, p)
		}
	}
	return out
}
