package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"unicode"

	"github.com/rogpeppe/go-internal/testscript"
)

// The docs' examples are tested, so they cannot drift from the code. A
// fenced block is marked by an HTML comment on the line before it, which
// GitHub does not render (docs/contributing.md, "Examples in the docs"):
//
//	<!-- file: PATH -->    the block is PATH of this repository, byte for byte
//	<!-- write: PATH -->   the block is written to PATH in the example's
//	                       project (a file starting with #! is made executable)
//	<!-- run -->           a console session: each "$ command" runs with sh
//	                       in that project, hookrun on PATH, and must exit 0
//	                       and print exactly the lines that follow it (a
//	                       command ending in <<'EOF' takes the lines up to
//	                       EOF as its here-document)
//
// All the marked blocks of one page share one project, in page order.

// docBlock is one marked fenced block.
type docBlock struct {
	mark, arg string // run, write or file; the PATH
	line      int
	body      string
}

func markedBlocks(t *testing.T, path string) []docBlock {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	var out []docBlock
	for i := 0; i+1 < len(lines); i++ {
		c, ok := strings.CutPrefix(strings.TrimSpace(lines[i]), "<!--")
		if !ok || !strings.HasPrefix(lines[i+1], "```") {
			continue
		}
		c = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(c), "-->"))
		mark, arg, _ := strings.Cut(c, ":")
		b := docBlock{mark: strings.TrimSpace(mark), arg: strings.TrimSpace(arg), line: i + 2}
		switch b.mark {
		case "run", "write", "file":
		default:
			continue
		}
		var body []string
		j := i + 2
		for ; j < len(lines) && !strings.HasPrefix(lines[j], "```"); j++ {
			body = append(body, lines[j])
		}
		if j == len(lines) {
			t.Fatalf("%s:%d: the block never ends", path, b.line)
		}
		b.body = strings.Join(body, "\n") + "\n"
		out = append(out, b)
		i = j
	}
	return out
}

// docPages are README.md and every page under docs/.
func docPages(t *testing.T) []string {
	t.Helper()
	root := filepath.Join("..", "..")
	pages := []string{filepath.Join(root, "README.md")}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			pages = append(pages, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return pages
}

// toScript turns a page's run and write blocks into a testscript.
func toScript(t *testing.T, page string, blocks []docBlock) (string, bool) {
	var script, files bytes.Buffer
	fmt.Fprintf(&script, "# The runnable examples of %s.\n", page)
	n := 0
	for _, b := range blocks {
		switch b.mark {
		case "write":
			n++
			fmt.Fprintf(&files, "-- %s --\n%s", b.arg, b.body)
			if d := filepath.Dir(b.arg); d != "." {
				fmt.Fprintf(&script, "mkdir %s\n", d)
			}
			fmt.Fprintf(&script, "cp $WORK/.docfiles/%s %s\n", b.arg, b.arg)
			if strings.HasPrefix(b.body, "#!") {
				fmt.Fprintf(&script, "chmod 755 %s\n", b.arg)
			}
		case "run":
			var cmd string
			var want []string
			flush := func() {
				if cmd == "" {
					return
				}
				n++
				name := fmt.Sprintf(".docwant/%d", n)
				if strings.Contains(cmd, "\n") { // a here-document: no script argument spans lines
					fmt.Fprintf(&files, "-- .doccmd/%d --\n%s\n", n, cmd)
					fmt.Fprintf(&script, "# %s:%d\nexec sh .doccmd/%d\ncmp stdout %s\n", page, b.line, n, name)
				} else {
					fmt.Fprintf(&script, "# %s:%d\nexec sh -c %s\ncmp stdout %s\n", page, b.line, quote(cmd), name)
				}
				fmt.Fprintf(&files, "-- %s --\n%s", name, strings.Join(append(want, ""), "\n"))
			}
			heredoc := "" // the word that ends the here-document cmd reads
			for _, l := range strings.Split(strings.TrimSuffix(b.body, "\n"), "\n") {
				if heredoc != "" {
					cmd += "\n" + l
					if l == heredoc {
						heredoc = ""
					}
					continue
				}
				if c, ok := strings.CutPrefix(l, "$ "); ok {
					flush()
					cmd, want = c, nil
					if m := hereDocStart.FindStringSubmatch(c); m != nil {
						heredoc = m[1]
					}
					continue
				}
				if cmd == "" {
					t.Errorf("%s:%d: a run block starts with \"$ command\"", page, b.line)
				}
				want = append(want, l)
			}
			if heredoc != "" {
				t.Errorf("%s:%d: the here-document never ends (no line %q)", page, b.line, heredoc)
			}
			flush()
		}
	}
	// write blocks land under .docfiles so that a cp puts each one in
	// place when the page gets to it, not before.
	return script.String() + fixFileNames(files.String()), n > 0
}

// fixFileNames puts the write blocks' files under .docfiles/.
func fixFileNames(s string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(s, "\n") {
		if name, ok := strings.CutPrefix(l, "-- "); ok && !strings.HasPrefix(name, ".docwant/") && !strings.HasPrefix(name, ".doccmd/") {
			l = "-- .docfiles/" + name
		}
		b.WriteString(l)
	}
	return b.String()
}

// hereDocStart finds a command that ends by starting a here-document
// (cat > f <<'EOF'): its lines, up to the word alone, are the command's.
var hereDocStart = regexp.MustCompile(`<<-?'?([A-Za-z_]+)'?$`)

// quote makes s one testscript argument.
func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

func TestDocExamples(t *testing.T) {
	dir := t.TempDir()
	scripts := 0
	for _, page := range docPages(t) {
		blocks := markedBlocks(t, page)
		for _, b := range blocks {
			if b.mark != "file" {
				continue
			}
			want, err := os.ReadFile(filepath.Join("..", "..", b.arg))
			if err != nil {
				t.Errorf("%s:%d: file %s: %v", page, b.line, b.arg, err)
			} else if string(want) != b.body {
				t.Errorf("%s:%d: the block differs from %s: copy the file into the page again", page, b.line, b.arg)
			}
		}
		rel, _ := filepath.Rel(filepath.Join("..", ".."), page)
		script, ok := toScript(t, rel, blocks)
		if !ok {
			continue
		}
		name := strings.NewReplacer("/", "_", ".md", "").Replace(rel) + ".txtar"
		if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o644); err != nil {
			t.Fatal(err)
		}
		scripts++
	}
	if scripts == 0 {
		t.Fatal("no runnable example found in README.md or docs/: the marking convention changed?")
	}
	testscript.Run(t, testscript.Params{
		Dir:                 dir,
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			setupScriptEnv(env)
			return nil
		},
	})
}

// TestDocLinks checks every relative link of README.md and docs/: the file
// must exist, and a #fragment into a page must name one of its headings
// (as GitHub makes their anchors), so a renamed heading breaks no link.
func TestDocLinks(t *testing.T) {
	root := filepath.Join("..", "..")
	anchors := map[string]map[string]bool{}
	pageAnchors := func(page string) map[string]bool {
		if a, ok := anchors[page]; ok {
			return a
		}
		a := map[string]bool{}
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]int{}
		for _, m := range headingRE.FindAllStringSubmatch(withoutFences(string(data)), -1) {
			slug := headingSlug(m[1])
			if n := seen[slug]; n > 0 {
				a[fmt.Sprintf("%s-%d", slug, n)] = true
			} else {
				a[slug] = true
			}
			seen[slug]++
		}
		anchors[page] = a
		return a
	}
	for _, page := range docPages(t) {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, page)
		for _, m := range linkRE.FindAllStringSubmatch(withoutFences(string(data)), -1) {
			link := m[1]
			if strings.Contains(link, "://") || strings.HasPrefix(link, "mailto:") {
				continue
			}
			path, frag, _ := strings.Cut(link, "#")
			target := page
			if path != "" {
				target = filepath.Join(filepath.Dir(page), filepath.FromSlash(path))
			}
			if _, err := os.Stat(target); err != nil {
				t.Errorf("%s: link %s: %v", rel, link, err)
				continue
			}
			if frag != "" && strings.HasSuffix(target, ".md") && !pageAnchors(target)[frag] {
				t.Errorf("%s: link %s: no heading of %s has the anchor #%s", rel, link, path, frag)
			}
		}
	}
}

var (
	headingRE = regexp.MustCompile(`(?m)^#+ (.+)$`)
	linkRE    = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	fenceRE   = regexp.MustCompile("(?ms)^```.*?^```")
)

// withoutFences drops fenced code blocks, whose # lines are no headings.
func withoutFences(s string) string { return fenceRE.ReplaceAllString(s, "") }

// headingSlug is GitHub's anchor for a heading: lower case, spaces as
// hyphens, punctuation but - and _ dropped.
func headingSlug(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(h)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// declStart finds a fenced YAML block's declaration: a top-level id and
// event_type. commandLine finds its handler's relative command.
var (
	declID      = regexp.MustCompile(`(?m)^id:`)
	declEvent   = regexp.MustCompile(`(?m)^event_type:`)
	commandLine = regexp.MustCompile(`(?m)^\s+command:\s+(\./\S+)`)
)

// TestDocDeclarations validates, with --strict, every whole declaration
// the docs show in a yaml block (one with a top-level id and event_type),
// each alone in a project of its own where its relative handler command
// is a script that exits 0: a reader copies them, so none may hold a
// mistake validate warns of (docs/hooks.md's reference example once scoped
// a guard of prod config to edit_file alone).
func TestDocDeclarations(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in handler is a sh script")
	}
	n := 0
	for _, page := range docPages(t) {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		for i := 0; i < len(lines); i++ {
			if fence := strings.TrimSpace(lines[i]); fence != "```yaml" && fence != "```yml" {
				continue
			}
			start := i + 1
			for i++; i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), "```"); i++ {
			}
			body := strings.Join(lines[start:i], "\n") + "\n"
			if !declID.MatchString(body) || !declEvent.MatchString(body) {
				continue
			}
			n++
			dir := t.TempDir()
			hooks := filepath.Join(dir, ".system", "hooks")
			if err := os.MkdirAll(hooks, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(hooks, "example.yaml"), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			if m := commandLine.FindStringSubmatch(body); m != nil {
				script := filepath.Join(dir, filepath.FromSlash(m[1]))
				if err := os.MkdirAll(filepath.Dir(script), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(script, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			var out bytes.Buffer
			if code := run([]string{"validate", "--strict", "--hooks-dir", hooks}, strings.NewReader(""), &out, &out); code != 0 {
				t.Errorf("%s:%d: the example declaration does not pass hookrun validate --strict (exit %d):\n%s", page, start, code, out.String())
			}
		}
	}
	if n < 10 {
		t.Fatalf("found %d example declarations in README.md and docs/, fewer than the 10 there were: the yaml fences changed?", n)
	}
}
