package scaffold

import (
	"strconv"
	"strings"
	"testing"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/match"
)

// programDirs are the globs protectHooks lists between the line that starts with marker and the
// next line that is no list item: its directories of programs.
func programDirs(t *testing.T, marker string) []string {
	t.Helper()
	_, rest, ok := strings.Cut(protectHooks, marker)
	if !ok {
		t.Fatalf("protect_hooks has no line %q", marker)
	}
	var globs []string
	for _, line := range strings.Split(rest, "\n")[1:] {
		item, ok := strings.CutPrefix(strings.TrimSpace(line), "- ")
		if !ok {
			break
		}
		g, err := strconv.Unquote(item)
		if err != nil {
			g = item
		}
		globs = append(globs, g)
	}
	if len(globs) == 0 {
		t.Fatalf("protect_hooks lists nothing after %q", marker)
	}
	return globs
}

// TestProgramDirectoriesAgree: protect_hooks names the directories of programs twice, for a
// program named hookrun in one (its first rule: one ahead of the real hookrun on PATH answers
// every hook) and for any program there (the next-start rule: a git or python3 planted ahead on
// PATH, which a guard's #!/usr/bin/env finds too). The two lists are kept in step: a program
// named hookrun in each directory of the second is one of the first's, and each directory the
// first names by its name (shims, Scripts…) lies among the second's.
func TestProgramDirectoriesAgree(t *testing.T) {
	h, findings := config.ParseFile("protect_hooks.yaml", []byte(protectHooks))
	if config.HasErrors(findings) {
		t.Fatalf("protect_hooks does not validate: %+v", findings)
	}
	first := h.Handler.Rules.Rules[0].Paths
	var nextStart []string
	for _, r := range h.Handler.Rules.Rules {
		if strings.Contains(r.Reason, "a program on PATH") {
			nextStart = r.Paths
		}
	}
	if nextStart == nil {
		t.Fatal("no protect_hooks rule's reason names a program on PATH")
	}
	named := programDirs(t, "# directories of programs, for a program named hookrun")
	anyProgram := programDirs(t, "# directories of programs, for any program")
	var samples []string // a directory each glob of any names, relative (d/.local/bin) and absolute
	for _, g := range anyProgram {
		dir, ok := strings.CutSuffix(g, "/**")
		if !ok {
			dir, ok = strings.CutSuffix(g, "/*")
		}
		if !ok {
			t.Errorf("%q, among the directories of programs, names no directory's files (DIR/** or DIR/*)", g)
			continue
		}
		samples = append(samples, sampleFiles(dir)...)
	}
	for _, d := range samples {
		if !match.AnyPath(nextStart, []string{d + "/git"}) {
			t.Errorf("%s/git is not among the next-start rule's paths", d)
		}
		for _, n := range []string{"hookrun", "hookrun.exe", "hookrun.cmd"} {
			if !match.AnyPath(first, []string{d + "/" + n}) {
				t.Errorf("%s/%s, in a directory of programs of the next-start rule, is not among the first rule's paths", d, n)
			}
		}
	}
	for _, g := range named {
		if !match.AnyPath(first, []string{sampleFiles(g)[0]}) {
			t.Errorf("%q, among the first rule's directories of programs, is not among its paths", g)
		}
		dirs, ok := strings.CutSuffix(g, "/hookrun")
		if !ok {
			continue // hookrun.exe…: the same directories
		}
		for _, d := range sampleFiles(dirs) {
			if strings.HasSuffix(d, "xbin") {
				continue // any directory named *bin: the second list's are some of them
			}
			found := false
			for _, s := range samples {
				found = found || strings.HasSuffix(s, "/"+strings.TrimPrefix(d, "d/"))
			}
			if !found {
				t.Errorf("%s, a directory of programs of the first rule, lies among none of the next-start rule's %q", strings.TrimPrefix(d, "d/"), anyProgram)
			}
		}
	}
}
