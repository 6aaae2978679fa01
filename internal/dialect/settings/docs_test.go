package settings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookrun/hookrun/internal/dialect"
)

// Every entry line docs/agents shows (an indented line that runs hookrun
// emit --dialect behind the check that it is there) is one that install
// writes today, byte for byte: a page that shows an older form teaches
// the person to copy one that validate reports.
func TestDocsShowEntriesAsInstallWrites(t *testing.T) {
	written := map[string]bool{}
	for _, name := range dialect.List() {
		a, _ := Find(dialect.Name(name))
		if a.Plugin != nil {
			continue
		}
		for _, ev := range a.Events {
			written[a.Command(Options{}, ev)] = true
		}
	}
	pages, err := filepath.Glob(filepath.Join("..", "..", "..", "docs", "agents", "*.md"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no pages in docs/agents: %v", err)
	}
	shown := map[string]int{}
	for _, page := range pages {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			code, ok := strings.CutPrefix(line, "    ")
			if !ok || !strings.Contains(code, "hookrun emit --dialect") || !strings.Contains(code, "||") {
				continue
			}
			shown[filepath.Base(page)]++
			if !written[code] {
				t.Errorf("docs/agents/%s:%d shows an entry install does not write:\n%s", filepath.Base(page), i+1, code)
			}
		}
	}
	for _, page := range []string{"README.md", "copilot-cli.md"} {
		if shown[page] == 0 {
			t.Errorf("docs/agents/%s shows no entry line; the test looks for indented lines that run hookrun emit --dialect", page)
		}
	}
}
