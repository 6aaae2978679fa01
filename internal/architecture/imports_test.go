package architecture

import (
	"bufio"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/hookrun/hookrun/"

// imports returns the hookrun packages each package imports directly,
// from its non-test files, keyed by path relative to the module root.
func imports(t *testing.T) map[string][]string {
	t.Helper()
	root := filepath.Join("..", "..")
	out := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		if _, ok := out[rel]; !ok {
			out[rel] = nil
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if dep, ok := strings.CutPrefix(p, module); ok && !slices.Contains(out[rel], dep) {
				out[rel] = append(out[rel], dep)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// deps is every hookrun package pkg imports, directly or not.
func deps(graph map[string][]string, pkg string) []string {
	seen := map[string]bool{}
	var walk func(string)
	walk = func(p string) {
		for _, d := range graph[p] {
			if !seen[d] {
				seen[d] = true
				walk(d)
			}
		}
	}
	walk(pkg)
	var out []string
	for d := range seen {
		out = append(out, d)
	}
	slices.Sort(out)
	return out
}

func TestImportRules(t *testing.T) {
	graph := imports(t)
	for _, rule := range []struct {
		pkg    string
		banned []string // nil: no hookrun package at all
		why    string
	}{
		{"internal/exec", nil, "the process runner is a leaf"},
		{"internal/envref", nil, "reading ${NAME} references is a leaf"},
		{"internal/pathcase", nil, "comparing file names is a leaf"},
		{"internal/plaintext", nil, "the plain form of text is a leaf"},
		{"internal/httpcall", []string{"internal/exec", "internal/emit", "internal/protocol", "internal/declcache"}, "a request runs no process and judges no answer"},
		{"internal/shellcmd", nil, "reading a shell line is a leaf: it runs nothing and knows no hooks"},
		{"internal/config", []string{"internal/exec", "internal/declcache", "internal/emit"}, "config reads declarations and knows nothing of processes"},
		{"internal/merge", []string{"internal/config", "internal/exec", "internal/protocol", "internal/declcache"}, "merge takes reports and knows neither declarations nor processes"},
		{"internal/match", []string{"internal/exec", "internal/emit"}, "selecting hooks runs nothing"},
		{"internal/event", []string{"internal/config", "internal/exec", "internal/merge"}, "the context is the start of the flow"},
	} {
		if _, ok := graph[rule.pkg]; !ok {
			t.Errorf("%s: no such package (update this test with the package map)", rule.pkg)
			continue
		}
		for _, d := range deps(graph, rule.pkg) {
			if rule.banned == nil || slices.Contains(rule.banned, d) {
				t.Errorf("%s imports %s, directly or not: %s", rule.pkg, d, rule.why)
			}
		}
	}
}

// cmd/hookrun only wires flags to use cases; its size is the symptom that
// policy crept back in.
func TestCommandsAreThin(t *testing.T) {
	const limit = 900
	files, err := filepath.Glob(filepath.Join("..", "..", "cmd", "hookrun", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	lines := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			lines++
		}
		fh.Close()
	}
	if lines > limit {
		t.Errorf("cmd/hookrun has %d non-test lines, more than %d: move the logic into a use case under internal/", lines, limit)
	}
}
