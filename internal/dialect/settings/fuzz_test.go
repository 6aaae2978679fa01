package settings

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/ojson"
)

// FuzzDotenvNames: the names read from a dotenv file (a repository's .env, which Gemini CLI loads
// into its hooks' environment) include every HOOKRUN_ variable a NAME=value line sets, whatever
// comes around it, and never an empty name; the values read (dotenvValues) are of names it reads.
func FuzzDotenvNames(f *testing.F) {
	for _, s := range []string{"HOOKRUN_HOOKS_DIR=x\n", "export HOOKRUN_CACHE: off\r\n", "# c\n  A=1\n\tB=2", "\x00\xff=\n"} {
		f.Add(s, "HOOKRUN_X")
	}
	f.Fuzz(func(t *testing.T, before, name string) {
		names := dotenvNames([]byte(before))
		for _, n := range names {
			if n == "" {
				t.Fatalf("an empty name from %q", before)
			}
		}
		if strings.ContainsFunc(name, func(r rune) bool {
			return !(r == '_' || r >= '0' && r <= '9' || r >= 'A' && r <= 'Z')
		}) || name == "" {
			return
		}
		// Each value read is of a line whose name dotenvNames reads too.
		for _, kv := range dotenvValues([]byte(before)) {
			if !slices.Contains(names, kv.name) {
				t.Fatalf("dotenvValues read %q from %q, a name dotenvNames does not read", kv.name, before)
			}
		}
		if vs := dotenvValues([]byte(before + "\n" + name + "= v1 \n")); len(vs) == 0 || vs[len(vs)-1].name != name || vs[len(vs)-1].value != "v1" {
			t.Fatalf("%s= v1 after %q not read as v1: %v", name, before, vs)
		}
		got := dotenvNames([]byte(before + "\n" + name + "=1\n"))
		found := false
		for _, n := range got {
			found = found || n == name
		}
		if !found {
			t.Fatalf("%s=1 after %q not read: %q", name, before, got)
		}
	})
}

// FuzzUnrouted: whatever a repository's settings file holds, reading it for validate does not
// panic; an entry install writes, with a --hookrun path the fuzzer picks, is never reported, and
// the same entry with text added to its command always is.
func FuzzUnrouted(f *testing.F) {
	f.Add(`{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "[ -x '' ] || hookrun emit --dialect claude-code", "timeout": 1}]}]}}`, "bin/hookrun", " >/dev/null")
	f.Add(`{"hooks": {"beforeShellExecution": [{"command": "/bin/sh -c 'hookrun emit --dialect cursor'", "timeout": 0}]}}`, "/it's/hookrun", "; true")
	f.Fuzz(runUnroutedCase)
}

func runUnroutedCase(t *testing.T, file, hookrun, suffix string) {
	const root = "/project"
	for _, n := range []dialect.Name{dialect.ClaudeCode, dialect.Cursor, dialect.Copilot, dialect.Codex} {
		a, _ := Find(n)
		a.unrouted([]byte(file), root, "")
		// A path install was given uncleaned (bin//hookrun) is reported: its entries hold it
		// cleaned and as given, and only the usual forms are undone.
		if clean := filepath.Clean(hookrun); hookrun != clean && hookrun != "./"+clean ||
			!utf8.ValidString(hookrun) || !utf8.ValidString(suffix) || strings.ContainsAny(hookrun, "\x00\n") || strings.TrimSpace(suffix) == "" {
			continue
		}
		o := Options{Timeout: time.Minute, Hookrun: hookrun, Root: root}
		res, err := Merge(a, nil, o)
		if err != nil {
			t.Fatal(err)
		}
		if got := a.unrouted(res.Data, root, ""); len(got) > 0 {
			t.Fatalf("%s with --hookrun %q: %q", n, hookrun, got)
		}
		cmd := a.Command(o, a.Events[0])
		changed := strings.Replace(string(res.Data), compact(ojson.Value(cmd)), compact(ojson.Value(cmd+suffix)), 1)
		if got := a.unrouted([]byte(changed), root, ""); len(got) == 0 {
			t.Fatalf("%s with --hookrun %q and %q added: nothing reported", n, hookrun, suffix)
		}
	}
}

// FuzzParseTOML: a repository's .codex/config.toml, whatever it holds, is read without a panic,
// what it yields is a JSON object lookup can follow, and a key is placed within it.
func FuzzParseTOML(f *testing.F) {
	for _, s := range []string{"[features]\nhooks = false\n", "features = { codex_hooks = false }", "a.b.c = 1979-05-27T07:32:00Z\n[[x]]\ny = [1, 2.5, \"s\"]", "d = 1979-05-27\nt = 07:32:00\nl = 1979-05-27T07:32:00\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		doc, err := parseTOML([]byte(s))
		if err == nil && !doc.IsObject() {
			t.Fatalf("%q: not an object", s)
		}
		lookup(doc, "features.hooks", false)
		// locateTOML places a key within the file, or nowhere.
		for _, path := range [][]string{at("features", "hooks"), at("x", 0, "y", 1), at("mcp_servers", "a", "command")} {
			line, col := locateTOML([]byte(s), path)
			if line < 0 || col < 0 || line > strings.Count(s, "\n")+1 || (line == 0) != (col == 0) {
				t.Fatalf("%q: %v at %d:%d", s, path, line, col)
			}
		}
	})
}

func TestDotenvValues(t *testing.T) {
	got := dotenvValues([]byte("# c\nLD_PRELOAD=/tmp/x.so\nexport NODE_OPTIONS=\"--require /tmp/x.js\" # load\r\nA: 'b c'\nB=plain # comment\nC=\"spans\nD\"\nE=`t`\n=x\nF G=1\nH=\n"))
	want := []dotenvValue{{"LD_PRELOAD", "/tmp/x.so", 2}, {"NODE_OPTIONS", "--require /tmp/x.js", 3}, {"A", "b c", 4}, {"B", "plain", 5}, {"E", "t", 8}, {"H", "", 11}}
	if !slices.Equal(got, want) {
		t.Errorf("dotenvValues = %v, want %v", got, want)
	}
}

// FuzzFrontmatterDoc: a Markdown file's frontmatter (a repository's custom agent, skill or
// command) is read into a document that holds the key asked for and nothing else, or into
// none; a server the frontmatter declares under the key, after whatever came before, is found.
func FuzzFrontmatterDoc(f *testing.F) {
	for _, s := range []string{"---\nname: x\n---\nbody\n", "---\nmcp-servers: [\n---\n", "---\n\tmcp-servers:\n\t\ta: {command: sh}\n---\n", "no frontmatter", "---\n- a\n---\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		doc, err := frontmatterDoc([]byte(data), "mcp-servers")
		if err == nil && doc != nil {
			if keys := doc.Keys(); len(keys) != 1 || keys[0] != "mcp-servers" {
				t.Fatalf("frontmatterDoc(%q) holds %q, want mcp-servers alone", data, keys)
			}
		}
		// The same file with a known server in a frontmatter of its own.
		doc, err = frontmatterDoc([]byte("---\nmcp-servers:\n  probe:\n    command: sh\n---\n"+data), "mcp-servers")
		if err != nil || doc == nil || commandOf(doc.Get("mcp-servers").Get("probe")) != "sh" {
			t.Fatalf("the server before %q was not found: %v", data, err)
		}
	})
}

// FuzzRepoHooks: whatever a repository's hook files hold, reading them for validate's warning of
// the repository's own hooks does not panic, and each hook named is a warning about a file the
// agent reads, naming what it runs.
func FuzzRepoHooks(f *testing.F) {
	f.Add(`{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "./s.sh"}]}]}}`)
	f.Add("[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ncommand = \"x\"\n")
	f.Add(`{"hooks": {"sessionStart": [{"bash": "x"}, "y", null, {"url": 1}, {"hooks": 2}], "disabled": ["a"]}}`)
	f.Add(`{"hooks": [1]}`)
	f.Fuzz(func(t *testing.T, data string) {
		root := t.TempDir()
		files := []string{".claude/settings.json", ".gemini/settings.json", ".codex/config.toml", ".codex/hooks.json", ".github/hooks/x.json", ".cursor/hooks.json"}
		for _, name := range files {
			writeFile(t, filepath.Join(root, name), data)
		}
		for _, d := range dialect.Agents {
			a, _ := Find(d.Name)
			for _, p := range a.repoHooks(root, Options{Root: root}, nil) {
				if !p.Warning || !slices.Contains(files, p.File) || !strings.Contains(p.Message, " runs ") && !strings.Contains(p.Message, " sends the event to ") {
					t.Fatalf("%s: %+v", d.Name, p)
				}
			}
		}
	})
}
