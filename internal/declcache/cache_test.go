//go:build linux

package declcache

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/config"
)

// cacheFixture is a hooks directory with a cache file beside it, and a
// racy window short enough for a test to wait out.
type cacheFixture struct {
	t     *testing.T
	dir   string
	cache string
}

func newCacheFixture(t *testing.T) *cacheFixture {
	old := racyWindow
	racyWindow = 50 * time.Millisecond
	t.Cleanup(func() { racyWindow = old })
	root := t.TempDir()
	dir := filepath.Join(root, ".system", "hooks")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return &cacheFixture{t, dir, filepath.Join(t.TempDir(), "decl.bin")} // outside the project: see File
}

func (f *cacheFixture) write(name, text string) {
	f.t.Helper()
	if err := os.WriteFile(filepath.Join(f.dir, name), []byte(text), 0o644); err != nil {
		f.t.Fatal(err)
	}
}

// settle waits until every file is older than the racy window, so the
// next load may cache them.
func (f *cacheFixture) settle() { time.Sleep(2 * racyWindow) }

// load loads through the cache and checks the result against a load
// without it: the cache may only ever save work, never change an answer.
func (f *cacheFixture) load() (*config.Set, int) {
	f.t.Helper()
	got, parsed, err := Load(f.dir, f.cache)
	if err != nil {
		f.t.Fatal(err)
	}
	want, err := config.Load(f.dir)
	if err != nil {
		f.t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		f.t.Fatalf("cached load differs from a fresh one:\ncached: %+v\nfresh:  %+v", got, want)
	}
	return got, parsed
}

func cachedHook(id, scope string) string {
	return "id: " + id + "\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nmatch:\n  ability_scope: " + scope +
		"\nhandler:\n  kind: script\n  command: ./h.sh\n"
}

func scopes(s *config.Set) string {
	var out []string
	for _, h := range s.Hooks {
		out = append(out, h.ID+"="+strings.Join(h.Match.AbilityScope, ","))
	}
	return strings.Join(out, " ")
}

func TestCacheSavesParsing(t *testing.T) {
	f := newCacheFixture(t)
	f.write("a.yaml", cachedHook("a", "edit_file"))
	f.write("b.yaml", cachedHook("b", "deploy_*"))
	f.settle()
	if _, parsed := f.load(); parsed != 2 {
		t.Fatalf("first load parsed %d files, want 2", parsed)
	}
	s, parsed := f.load()
	if parsed != 0 {
		t.Fatalf("second load parsed %d files, want 0 (all from the cache)", parsed)
	}
	if got := scopes(s); got != "a=edit_file b=deploy_*" {
		t.Fatalf("hooks = %s", got)
	}
}

// Every kind of change is seen on the very next load.
func TestCacheIsNeverStale(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(f *cacheFixture)
		want   string
	}{
		{"edit in place, same size", func(f *cacheFixture) {
			f.write("a.yaml", cachedHook("a", "read_file")) // as long as edit_file
		}, "a=read_file b=deploy_*"},
		{"edit, then mtime put back", func(f *cacheFixture) {
			p := filepath.Join(f.dir, "a.yaml")
			st, _ := os.Stat(p)
			f.write("a.yaml", cachedHook("a", "read_file"))
			if err := os.Chtimes(p, st.ModTime(), st.ModTime()); err != nil {
				f.t.Fatal(err)
			}
		}, "a=read_file b=deploy_*"},
		{"file added", func(f *cacheFixture) {
			f.write("c.yml", cachedHook("c", "shell"))
		}, "a=edit_file b=deploy_* c=shell"},
		{"file removed", func(f *cacheFixture) {
			if err := os.Remove(filepath.Join(f.dir, "b.yaml")); err != nil {
				f.t.Fatal(err)
			}
		}, "a=edit_file"},
		{"file replaced by rename, as editors save", func(f *cacheFixture) {
			tmp := filepath.Join(f.dir, ".a.yaml.swp")
			if err := os.WriteFile(tmp, []byte(cachedHook("a", "web_fetch")), 0o644); err != nil {
				f.t.Fatal(err)
			}
			if err := os.Rename(tmp, filepath.Join(f.dir, "a.yaml")); err != nil {
				f.t.Fatal(err)
			}
		}, "a=web_fetch b=deploy_*"},
		{"file renamed", func(f *cacheFixture) {
			if err := os.Rename(filepath.Join(f.dir, "b.yaml"), filepath.Join(f.dir, "z.yaml")); err != nil {
				f.t.Fatal(err)
			}
		}, "a=edit_file b=deploy_*"},
		{"file broken", func(f *cacheFixture) {
			f.write("b.yaml", "id: b\nenabled: maybe\n")
		}, "a=edit_file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newCacheFixture(t)
			f.write("a.yaml", cachedHook("a", "edit_file"))
			f.write("b.yaml", cachedHook("b", "deploy_*"))
			f.settle()
			f.load()
			if _, parsed := f.load(); parsed != 0 {
				t.Fatalf("the cache is not in use: %d files parsed", parsed)
			}
			tc.change(f) // at once: no waiting for timestamps to move on
			s, _ := f.load()
			if got := scopes(s); got != tc.want {
				t.Fatalf("after the change hooks = %s, want %s", got, tc.want)
			}
		})
	}
}

// A file changed within the racy window is parsed every time until its
// timestamps are old enough to be trusted.
func TestCacheSkipsRecentlyChangedFiles(t *testing.T) {
	f := newCacheFixture(t)
	racyWindow = time.Hour
	f.write("a.yaml", cachedHook("a", "edit_file"))
	f.load()
	if _, parsed := f.load(); parsed != 1 {
		t.Fatalf("a file changed within the racy window was taken from the cache (%d parsed, want 1)", parsed)
	}
	// Nothing could be cached, so nothing was written: loads right after
	// an edit do not pay for rewriting the cache.
	if _, err := os.Stat(f.cache); !os.IsNotExist(err) {
		t.Fatalf("a cache with nothing to keep was written: %v", err)
	}
}

// Findings, invalid files and every field survive the cache.
func TestCacheKeepsEverything(t *testing.T) {
	f := newCacheFixture(t)
	f.write("full.yaml", `id: full
event_type: PostAbilityCall
enabled: true
blocking: false
summary: Every field.
priority: -3
on_error: skip
match:
  ability_scope: ["a*", "mcp/**"]
  min_duration_ms: 250
  paths: ["src/**", docs/]
handler:
  kind: script
  command: ./h.sh
  args: [--x, "y z"]
  env: {B: "2", A: "1"}
  timeout: 1500ms
effects:
  - plain
  - append_to: .system/logs/x.log
`)
	f.write("rules.yaml", `id: rules
event_type: PreAbilityCall
enabled: true
blocking: true
match:
  ability_scope: shell
handler:
  kind: rules
  unresolved: deny
  rules:
    - decision: deny
      reason: recursive force delete
      commands: ["rm -rf", "rm -r|-R|--recursive -f|--force", "git push*"]
    - decision: require_human
      reason: hook files
      paths: [".system/**"]
      sources: [ai_session, background_job]
    - additional_context: read the conventions
      additional_context_file: docs/conventions.md
`)
	f.write("stop.yaml", `id: stop
event_type: SessionStop
enabled: true
blocking: false
match:
  only_if_changed_paths: services/**
handler:
  kind: script
  command: ./h.sh
`)
	f.write("prompt.yaml", `id: prompt
event_type: PromptSubmit
enabled: true
blocking: true
handler:
  kind: rules
  rules:
    - decision: require_human
      reason: deploys need a person
      prompt: "(?i)deploy .*prod"
`)
	f.write("http.yaml", `id: http
event_type: PreAbilityCall
enabled: true
blocking: true
on_error: block
handler:
  kind: http
  url: ${POLICY_URL}/v1/data/hookrun/result?cost=$$5
  headers: {Authorization: "Bearer ${TOKEN}", x-team: "${TEAM}-${TEAM}"}
  allowed_env: [POLICY_URL, TOKEN, TEAM]
  response: opa
  timeout: 2s
`)
	f.write("dup1.yaml", cachedHook("dup", "x"))
	if err := os.MkdirAll(filepath.Join(f.dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	f.write("sub/dup2.yaml", cachedHook("dup", "y"))
	f.write("bad.yaml", "id: Bad Id\nevent_type: PreToolUse\nenabled: maybe\n")
	f.write("warn.yaml", "id: w\nevent_type: SessionStop\nenabled: false\nblocking: true\n")
	f.settle()
	f.load()
	s, parsed := f.load() // compared field by field with a fresh load
	if parsed != 0 {
		t.Fatalf("%d files parsed, want 0", parsed)
	}
	if len(s.Invalid) != 3 || len(s.Hooks) != 6 {
		t.Fatalf("invalid %v, hooks %s", s.Invalid, scopes(s))
	}
}

func TestCacheIgnoresDamageAndOtherBinaries(t *testing.T) {
	f := newCacheFixture(t)
	f.write("a.yaml", cachedHook("a", "edit_file"))
	f.settle()
	f.load()
	data, err := os.ReadFile(f.cache)
	if err != nil {
		t.Fatal(err)
	}
	for name, bad := range map[string][]byte{
		"truncated":      data[:len(data)/2],
		"garbage":        []byte("not a cache"),
		"trailing bytes": append(append([]byte{}, data...), 0),
		"empty":          nil,
	} {
		if err := os.WriteFile(f.cache, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		if s, parsed := f.load(); parsed != 1 || scopes(s) != "a=edit_file" {
			t.Fatalf("%s cache: parsed %d, hooks %s", name, parsed, scopes(s))
		}
	}
	// A cache written by another hookrun binary is not read.
	if _, err := decodeCache(data, fileID{ino: 1}); err == nil {
		t.Fatal("a cache from another binary was accepted")
	}
}

func TestFile(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", "/tmp/xdg")
	a, b := File("/p/.system/hooks"), File("/q/.system/hooks")
	if !strings.HasPrefix(a, "/tmp/xdg/hookrun/decl-") || a == b {
		t.Fatalf("CacheFile = %q, %q", a, b)
	}
	t.Setenv("HOOKRUN_CACHE", "off")
	if got := File("/p/.system/hooks"); got != "" {
		t.Fatalf("HOOKRUN_CACHE=off: CacheFile = %q, want none", got)
	}
}

// Two hookrun binaries used in turn on one project (an npm install and a go install, a rebuilt
// one beside the installed one) each keep their own cache: sharing one file, each would find the
// other's cache, parse every file again and rewrite it, at every event.
func TestTwoBinariesKeepTheirCaches(t *testing.T) {
	f := newCacheFixture(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	old := self
	t.Cleanup(func() { self = old })
	f.write("a.yaml", cachedHook("a", "edit_file"))
	f.settle()
	var got []int
	for _, bin := range []uint64{1, 2, 1, 2, 1} {
		self = func() fileID { return fileID{ino: bin} }
		f.cache = File(f.dir)
		_, parsed := f.load()
		got = append(got, parsed)
	}
	if want := []int{1, 1, 0, 0, 0}; !reflect.DeepEqual(got, want) {
		t.Fatalf("files parsed by binaries 1, 2, 1, 2, 1 in turn: %v, want %v", got, want)
	}
}

// A hookrun that cannot tell which binary it is (no /proc, where /proc/self/exe and
// os.Executable both fail) keeps no cache: every such binary would have the same empty
// identity, and a rebuilt hookrun would read what an older one decoded a declaration to.
func TestUnknownBinaryKeepsNoCache(t *testing.T) {
	f := newCacheFixture(t)
	old := self
	t.Cleanup(func() { self = old })
	self = func() fileID { return fileID{} }
	f.write("a.yaml", cachedHook("a", "edit_file"))
	f.settle()
	var got []int
	for range 3 {
		_, parsed := f.load()
		got = append(got, parsed)
	}
	if want := []int{1, 1, 1}; !reflect.DeepEqual(got, want) {
		t.Fatalf("files parsed by loads of a binary of unknown identity: %v, want %v", got, want)
	}
	if _, err := os.Stat(f.cache); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a cache was written: %v", err)
	}
}

// The cache writes every field by hand: a field added to these types must
// be added to cacheWriter.parsed and cacheReader.parsed too (and cacheVer
// raised), or cached loads would lose it. This test is the reminder.
func TestCacheCoversEveryField(t *testing.T) {
	for typ, n := range map[reflect.Type]int{
		reflect.TypeOf(config.Hook{}):    18,
		reflect.TypeOf(config.Match{}):   5,
		reflect.TypeOf(config.Handler{}): 8,
		reflect.TypeOf(config.HTTP{}):    4,
		reflect.TypeOf(config.Header{}):  2,
		reflect.TypeOf(config.RuleSet{}): 3,
		reflect.TypeOf(config.Rule{}):    11,
		reflect.TypeOf(config.Finding{}): 7,
		reflect.TypeOf(config.Place{}):   3,
		reflect.TypeOf(config.EnvVar{}):  2,
		reflect.TypeOf(config.Pos{}):     2,
	} {
		if got := typ.NumField(); got != n {
			t.Errorf("%s has %d fields, the cache encodes %d: update cache.go", typ, got, n)
		}
	}
}

// TestCacheOfAnotherUserIsNotRead: a cache file someone else could have written (writable by its
// group or by everyone, or owned by another user, as in a shared XDG_CACHE_HOME) is not read: a
// forged entry would say what a declaration holds without hookrun reading it.
func TestCacheOfAnotherUserIsNotRead(t *testing.T) {
	f := newCacheFixture(t)
	f.write("a.yaml", cachedHook("a", "edit_file"))
	f.settle()
	f.load()
	if _, parsed := f.load(); parsed != 0 {
		t.Fatalf("second load parsed %d files, want 0 (all from the cache)", parsed)
	}
	for _, mode := range []os.FileMode{0o666, 0o620} {
		if err := os.Chmod(f.cache, mode); err != nil {
			t.Fatal(err)
		}
		if _, parsed := f.load(); parsed != 1 {
			t.Errorf("a cache with mode %v: parsed %d files, want 1 (the cache not read)", mode, parsed)
		}
	}
	if os.Geteuid() != 0 {
		t.Log("not root: a cache owned by another user is not tried")
		return
	}
	if _, parsed := f.load(); parsed != 0 {
		t.Fatalf("parsed %d files, want 0 (all from the cache)", parsed)
	}
	if err := os.Chown(f.cache, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	if _, parsed := f.load(); parsed != 1 {
		t.Errorf("a cache owned by uid 65534: parsed %d files, want 1 (the cache not read)", parsed)
	}
}

// A link out of the project is refused before the cache is asked: an
// entry cached while the link's target was trusted is not used once it
// no longer is.
func TestCacheNeverServesALinkOutOfTheProject(t *testing.T) {
	f := newCacheFixture(t)
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "shared.yaml"), []byte(cachedHook("shared", "shell")), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "shared.yaml"), filepath.Join(f.dir, "shared.yaml")); err != nil {
		t.Fatal(err)
	}
	t.Setenv(config.TrustedDirsVar, outside)
	f.settle()
	f.load()
	if s, parsed := f.load(); parsed != 0 || scopes(s) != "shared=shell" {
		t.Fatalf("trusted: parsed %d, hooks %q; want the link's hook, from the cache", parsed, scopes(s))
	}
	t.Setenv(config.TrustedDirsVar, "")
	s, _ := f.load()
	if len(s.Hooks) != 0 || len(s.Invalid) != 1 || !strings.Contains(s.Findings[0].Message, "not read: a link to ") {
		t.Errorf("untrusted again: hooks %q, findings %+v; want the link refused", scopes(s), s.Findings)
	}
}

// A declaration with a second name (a hard link) is trusted only while
// its directory is listed in HOOKRUN_TRUSTED_DIRS, so it is never cached:
// an entry cached while it was trusted would run it once it is not.
func TestCacheNeverServesAHardLinkedDeclaration(t *testing.T) {
	f := newCacheFixture(t)
	f.write("a.yaml", cachedHook("a", "shell"))
	if err := os.Link(filepath.Join(f.dir, "a.yaml"), filepath.Join(t.TempDir(), "other.yaml")); err != nil {
		t.Fatal(err)
	}
	t.Setenv(config.TrustedDirsVar, f.dir)
	f.settle()
	f.load()
	if s, _ := f.load(); scopes(s) != "a=shell" {
		t.Fatalf("trusted: hooks %q; want a's", scopes(s))
	}
	t.Setenv(config.TrustedDirsVar, "")
	s, _ := f.load()
	if len(s.Hooks) != 0 || len(s.Invalid) != 1 || !strings.Contains(s.Findings[0].Message, "has 2 names (hard links)") {
		t.Errorf("untrusted again: hooks %q, findings %+v; want the file refused", scopes(s), s.Findings)
	}
}

// A cache inside the project (XDG_CACHE_HOME pointed there, as a project's
// .env can for Gemini CLI) is not used: the repository's files are an
// agent's to write, and init's guard knows the cache only by its usual
// place, so a forged entry there could replace a guard unasked.
func TestFileNeverInsideTheProject(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	hooks := filepath.Join(root, "svc", ".system", "hooks")
	if err := os.MkdirAll(hooks, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOOKRUN_CACHE", "")
	t.Setenv("XDG_CACHE_HOME", filepath.Join(root, ".cache"))
	if got := File(hooks); got != "" {
		t.Errorf("File = %q, want no cache inside the work tree", got)
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	if got := File(hooks); got == "" {
		t.Errorf("File = \"\", want a cache outside the project")
	}
	// A relative HOME (Go refuses a relative XDG_CACHE_HOME, not HOME)
	// is relative to where hookrun runs, the project: ./.cache/hookrun
	// held the cache.
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", ".")
	if got := File(hooks); got != "" {
		t.Errorf("HOME=.: File = %q, want no cache", got)
	}
}

// gitTree makes root the top of a git work tree with a hooks directory
// holding one settled guard, and returns the hooks directory.
func gitTree(t *testing.T, root string) string {
	t.Helper()
	hooks := filepath.Join(root, ".system", "hooks")
	for _, d := range []string{filepath.Join(root, ".git"), hooks} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	guard := filepath.Join(hooks, "guard.yaml")
	if err := os.WriteFile(guard, []byte(cachedHook("guard", "shell")), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(guard, old, old); err != nil {
		t.Fatal(err)
	}
	return hooks
}

// A cache reached through a link into the project is the project's file:
// ~/.cache/hookrun (or the cache file itself) made a link to a directory
// of the repository put the cache where the agent edits files unasked, and
// a byte flipped there switched a guard off (measured: enabled read false,
// every call allowed). The link is not followed to a cache there, and a
// cache file that leads there when opened is not read.
func TestCacheNeverReachedThroughALinkIntoTheProject(t *testing.T) {
	old := racyWindow
	racyWindow = 50 * time.Millisecond
	t.Cleanup(func() { racyWindow = old })
	root := t.TempDir()
	hooks := gitTree(t, root)
	xdg := t.TempDir()
	t.Setenv("HOOKRUN_CACHE", "")
	t.Setenv("XDG_CACHE_HOME", xdg)
	inRepo := filepath.Join(root, "build")
	if err := os.MkdirAll(inRepo, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(inRepo, filepath.Join(xdg, "hookrun")); err != nil {
		t.Fatal(err)
	}
	if got := File(hooks); got != "" {
		t.Errorf("cache directory linked into the project: File = %q, want no cache", got)
	}

	// The file itself a link into the project: written by an earlier
	// hookrun there, then swapped for a link to the agent's copy.
	if err := os.Remove(filepath.Join(xdg, "hookrun")); err != nil {
		t.Fatal(err)
	}
	file := File(hooks)
	if file == "" {
		t.Fatal("File = \"\" with the cache directory outside the project")
	}
	time.Sleep(2 * racyWindow) // the guard's ctime is now's
	if _, _, err := Load(hooks, file); err != nil {
		t.Fatal(err)
	}
	if _, parsed, _ := Load(hooks, file); parsed != 0 {
		t.Fatalf("second load parsed %d files, want the cache used", parsed)
	}
	forged := filepath.Join(inRepo, "decl.bin")
	if err := os.Rename(file, forged); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(forged, file); err != nil {
		t.Fatal(err)
	}
	if _, parsed, _ := Load(hooks, file); parsed != 1 {
		t.Errorf("cache file linked into the project: parsed %d files, want 1 (the link's cache not read)", parsed)
	}
}

// Pruning removes the caches not used for cacheMaxAge, and only
// hookrun's own files: a cache directory that is not hookrun's alone (a
// link to a directory of other files, as ~/.cache/hookrun linked to a
// repository's .system/hooks was, whose guards it deleted once they were
// a month old) loses nothing else.
func TestPruneCaches(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-cacheMaxAge - time.Hour)
	for _, n := range []string{"decl-0123456789abcdef.bin", "decl-fedcba9876543210.bin", ".decl-123.tmp", "protect_hooks.yaml", "notes.txt", "decl-x.bin", "decl-0123456789abcdef.bin.keep", "0123456789abcdef.bin"} {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
		if n == "decl-fedcba9876543210.bin" {
			continue // fresh
		}
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	pruneCaches(dir, time.Now())
	var left []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if got, want := strings.Join(left, " "), "0123456789abcdef.bin decl-0123456789abcdef.bin.keep decl-fedcba9876543210.bin decl-x.bin notes.txt protect_hooks.yaml"; got != want {
		t.Errorf("left after pruning: %s, want %s", got, want)
	}
}
