package config

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// writeTree writes files (path → content) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func hookYAML(id, ev string, extra string) string {
	return "id: " + id + "\nevent_type: " + ev + "\nenabled: true\nblocking: false\n" + extra +
		"handler:\n  kind: script\n  command: ./h.sh\n"
}

func ids(hooks []*Hook) []string {
	out := []string{}
	for _, h := range hooks {
		out = append(out, h.ID)
	}
	return out
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"tracker.yaml":           hookYAML("tracker", "PostAbilityCall", ""),
		"guards/b.yml":           hookYAML("b_guard", "PreAbilityCall", ""),
		"guards/a.yaml":          hookYAML("a_guard", "PreAbilityCall", "priority: 5\n"),
		"guards/deep/first.yaml": hookYAML("first", "PreAbilityCall", "priority: -1\n"),
		"router.yaml":            hookYAML("router", "PromptSubmit", ""),
		"broken.yaml":            "id: broken\nevent_type: Nope\n",
		"README.md":              "not a hook",
		"notes.yaml.bak":         "not a hook",
		"data.json":              "{}",
	})
	set, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	rel := func(paths []string) []string {
		out := []string{}
		for _, p := range paths {
			out = append(out, filepath.ToSlash(Rel(dir, p)))
		}
		return out
	}
	if got, want := rel(set.Files), []string{"broken.yaml", "guards/a.yaml", "guards/b.yml", "guards/deep/first.yaml", "router.yaml", "tracker.yaml"}; !slices.Equal(got, want) {
		t.Errorf("Files: got %v, want %v", got, want)
	}
	if got, want := ids(set.Hooks), []string{"router", "first", "b_guard", "a_guard", "tracker"}; !slices.Equal(got, want) {
		t.Errorf("Hooks (merge order): got %v, want %v", got, want)
	}
	if got, want := rel(set.Invalid), []string{"broken.yaml"}; !slices.Equal(got, want) {
		t.Errorf("Invalid: got %v, want %v", got, want)
	}
	if got := len(set.Parsed); got != 6 {
		t.Errorf("Parsed: %d hooks, want 6 (the broken one included)", got)
	}
	var msgs []string
	for _, f := range set.Findings {
		msgs = append(msgs, f.Format(dir))
	}
	want := []string{
		`broken.yaml:1:1: missing required key "enabled": add enabled: true (false switches the hook off)`,
		`broken.yaml:1:1: missing required key "blocking": add blocking: false, or true to let the hook deny or ask for a human`,
		`broken.yaml:1:1: missing key "handler": a hook needs handler.kind and handler.command unless enabled: false`,
		`broken.yaml:2:13: event_type: unknown event "Nope"; valid events: PromptSubmit, PreAbilityCreate, PreAbilityCall, PostAbilityCall, SessionStop`,
	}
	if !slices.Equal(msgs, want) {
		t.Errorf("Findings:\n got  %q\n want %q", msgs, want)
	}
	if got := set.HooksFor("PreAbilityCall"); !slices.Equal(ids(got), []string{"first", "b_guard", "a_guard"}) {
		t.Errorf("HooksFor(PreAbilityCall): got %v", ids(got))
	}
	if got := set.Findings[0].HookID; got != "broken" {
		t.Errorf("finding HookID = %q, want broken", got)
	}
}

func TestLoadDuplicateIDs(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"a.yaml":       hookYAML("guard", "PreAbilityCall", ""),
		"sub/b.yaml":   "# the same id again\n" + hookYAML("guard", "PreAbilityCall", ""),
		"c.yaml":       hookYAML("guard", "SessionStop", ""),
		"unique.yaml":  hookYAML("unique", "SessionStop", ""),
		"invalid.yaml": "id: unique2\nevent_type: SessionStop\nenabled: true\nblocking: nope\n",
	})
	set, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, f := range set.Findings {
		msgs = append(msgs, f.Format(dir))
	}
	want := []string{
		`a.yaml:1:5: duplicate id "guard": also declared at c.yaml:1:5; give each hook its own id`,
		`a.yaml:1:5: duplicate id "guard": also declared at sub/b.yaml:2:5; give each hook its own id`,
		`c.yaml:1:5: duplicate id "guard": also declared at a.yaml:1:5; give each hook its own id`,
		`invalid.yaml:1:1: missing key "handler": a hook needs handler.kind and handler.command unless enabled: false`,
		`invalid.yaml:4:11: blocking: must be true or false, got "nope"`,
		`sub/b.yaml:2:5: duplicate id "guard": also declared at a.yaml:1:5; give each hook its own id`,
	}
	if !slices.Equal(msgs, want) {
		t.Errorf("Findings:\n got  %q\n want %q", msgs, want)
	}
	if got := ids(set.Hooks); !slices.Equal(got, []string{"unique"}) {
		t.Errorf("Hooks: got %v, want only the unique one", got)
	}
	if got := len(set.Invalid); got != 4 {
		t.Errorf("Invalid: %d files, want 4: %v", got, set.Invalid)
	}
	// Related names the other place; JSON tools get it too.
	for _, f := range set.Findings {
		if strings.HasPrefix(f.Message, "duplicate id") && (f.Related == nil || f.Related.File == f.File) {
			t.Errorf("duplicate finding without the other place: %+v", f)
		}
	}
}

func TestLoadMissingDir(t *testing.T) {
	set, err := Load(filepath.Join(t.TempDir(), "nope"))
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Files)+len(set.Hooks)+len(set.Findings) != 0 {
		t.Errorf("a missing directory has no hooks: %+v", set)
	}
}

func TestLoadUnreadableFile(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads every file")
	}
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"x.yaml": hookYAML("x", "SessionStop", "")})
	if err := os.Chmod(filepath.Join(dir, "x.yaml"), 0); err != nil {
		t.Fatal(err)
	}
	set, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"x.yaml:1:1: cannot read file: permission denied"}
	var got []string
	for _, f := range set.Findings {
		got = append(got, f.Format(dir))
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A declaration another user can change is a finding, not a hook.
func TestLoadRefusesUntrustedDeclarations(t *testing.T) {
	dir := spoiledDecls(t, func(dir, id string) string { return filepath.Join(dir, id+".yaml") })
	set, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Hooks) != 1 || set.Hooks[0].ID != "mine" || len(set.Invalid) != 2 {
		t.Fatalf("hooks %v, invalid %v: want only mine to run", set.Hooks, set.Invalid)
	}
	for _, f := range set.Findings {
		if !strings.Contains(f.Message, "not run: this file is ") || !strings.Contains(f.Message, TrustedDirsVar) {
			t.Errorf("finding %q does not say why and how to trust it", f.Message)
		}
	}
	t.Setenv(TrustedDirsVar, dir)
	if set, _ := Load(dir); len(set.Hooks) != 3 {
		t.Errorf("trusted: %d hooks run, want 3", len(set.Hooks))
	}
}

// spoiledDecls makes a hooks directory declaring the hooks theirs, open
// and mine, each in a file at the path at gives, and spoils theirs and
// open (the file, or the directory holding it when that is not the hooks
// directory): theirs given to another user, open made writable by
// everyone. It skips the test unless run as root.
func spoiledDecls(t *testing.T, at func(dir, id string) string) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("skipped: giving a file to another user needs root")
	}
	dir := t.TempDir()
	decl := "id: %s\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler: {kind: script, command: ./h.sh}\n"
	for _, id := range []string{"theirs", "open", "mine"} {
		p := at(dir, id)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(fmt.Sprintf(decl, id)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	spoil := func(id string) string {
		if p := at(dir, id); filepath.Dir(p) != dir {
			return filepath.Dir(p) // the directory holding it
		}
		return at(dir, id)
	}
	if err := os.Chown(spoil("theirs"), 54321, 54321); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(spoil("open"), 0o777); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A repository's link out of its own tree is not read: the errors hookrun
// prints about a file quote its text, so a link to a file of the person's
// (a token in ~/.npmrc) would put it in validate's output and in the deny
// reason an agent reads. Links that stay inside the project, or its git
// work tree, are read; HOOKRUN_TRUSTED_DIRS lets a link out.
func TestFilesRefusesLinksOutOfTheProject(t *testing.T) {
	base := t.TempDir()
	writeTree(t, base, map[string]string{
		"home/token.yaml":                  "ghp_SECRET\n",
		"home/shared/a.yaml":               hookYAML("a", "SessionStop", ""),
		"repo/.git/HEAD":                   "ref: refs/heads/main\n",
		"repo/common/c.yaml":               hookYAML("c", "SessionStop", ""),
		"repo/svc/.system/hooks/own.yaml":  hookYAML("own", "SessionStop", ""),
		"repo/svc/.system/hooks/README.md": "links here are not declarations",
	})
	link := func(target, name string) {
		t.Helper()
		if err := os.Symlink(target, filepath.Join(base, name)); err != nil {
			t.Fatal(err)
		}
	}
	hooks := filepath.Join(base, "repo/svc/.system/hooks")
	link(filepath.Join(base, "home/token.yaml"), "repo/svc/.system/hooks/leak.yaml")
	link("../../../../home/shared", "repo/svc/.system/hooks/shared")
	link("../../../common", "repo/svc/.system/hooks/common") // inside the git work tree
	link(filepath.Join(base, "home/token.yaml"), "repo/svc/.system/hooks/notes.txt")

	set, err := Load(hooks)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range set.Findings {
		got = append(got, f.Format(hooks))
	}
	realBase, _ := filepath.EvalSymlinks(base)
	want := []string{
		"leak.yaml:1:1: not read: a link to " + filepath.Join(realBase, "home/token.yaml") + ", outside the project (" + filepath.Join(realBase, "repo") + "); hookrun reads declarations only from inside the project's git work tree (or the project, outside git), as an error about a file would show its text; to share hooks from there, add that directory to " + TrustedDirsVar,
		"shared:1:1: not read: a link to " + filepath.Join(realBase, "home/shared") + ", outside the project (" + filepath.Join(realBase, "repo") + "); hookrun reads declarations only from inside the project's git work tree (or the project, outside git), as an error about a file would show its text; to share hooks from there, add that directory to " + TrustedDirsVar,
	}
	if !slices.Equal(got, want) {
		t.Errorf("findings:\n got  %q\n want %q", got, want)
	}
	if got, want := ids(set.Hooks), []string{"c", "own"}; !slices.Equal(got, want) {
		t.Errorf("hooks %v, want %v (the links inside the work tree are read)", got, want)
	}
	if len(set.Invalid) != 2 {
		t.Errorf("invalid %v, want the two links out: emit refuses to run while one is there", set.Invalid)
	}

	t.Setenv(TrustedDirsVar, filepath.Join(base, "home"))
	set, err = Load(hooks)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ids(set.Hooks), []string{"a", "c", "own"}; !slices.Equal(got, want) {
		t.Errorf("trusted: hooks %v, want %v", got, want)
	}
}

// A hooks directory that is itself a link out of the project is refused
// whole; one named with --hooks-dir is the person's choice and is read.
func TestFilesRefusesAHooksDirectoryLinkedOut(t *testing.T) {
	base := t.TempDir()
	writeTree(t, base, map[string]string{
		"home/hooks/token.yaml": "ghp_SECRET\n",
		"proj/.git/HEAD":        "ref: refs/heads/main\n",
	})
	if err := os.Symlink(filepath.Join(base, "home"), filepath.Join(base, "proj/.system")); err != nil {
		t.Fatal(err)
	}
	_, err := Load(filepath.Join(base, "proj/.system/hooks"))
	realBase, _ := filepath.EvalSymlinks(base)
	want := "reading hooks directory: " + filepath.Join(base, "proj/.system/hooks") + " is a link to " + filepath.Join(realBase, "home/hooks") + ", outside the project (" + filepath.Join(realBase, "proj") + "); hookrun reads declarations only from inside the project's git work tree (or the project, outside git), as an error about a file would show its text; to share hooks from there, add that directory to " + TrustedDirsVar
	if err == nil || err.Error() != want {
		t.Errorf("got error %v,\nwant %s", err, want)
	}
	set, err := Load(filepath.Join(base, "home/hooks"))
	if err != nil || len(set.Files) != 1 {
		t.Errorf("a hooks directory named directly: files %v, error %v", set, err)
	}
}

// Two declaration files whose names differ only in case or Unicode form
// are both read here, but macOS and Windows check out only one of them: the
// hooks a person reviewed on Linux (or CI validated) are not the ones that
// run there. Each is warned of, naming the other.
func TestLoadWarnsOfNamesOnlyCaseApart(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"Guard.yaml":         hookYAML("guard_a", "PreAbilityCall", ""),
		"guard.yaml":         hookYAML("guard_b", "PreAbilityCall", ""),
		"sub/caf\u00e9.yml":  hookYAML("c", "SessionStop", ""),
		"Sub/cafe\u0301.yml": hookYAML("d", "SessionStop", ""),
		"other.yaml":         hookYAML("other", "SessionStop", ""),
	})
	set, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range set.Findings {
		got = append(got, f.Format(dir))
	}
	const why = " only in case or Unicode form: macOS and Windows take the two for one file and check out only one of them, so the hooks that run there are not the ones read here; rename one"
	want := []string{
		`Guard.yaml:1:1: warning: its name ("Guard.yaml") differs from guard.yaml:1:1 ("guard.yaml")` + why,
		`Sub/cafe` + "\u0301" + `.yml:1:1: warning: its name ("Sub/cafe\u0301.yml") differs from sub/caf` + "\u00e9" + `.yml:1:1 ("sub/caf\u00e9.yml")` + why,
		`guard.yaml:1:1: warning: its name ("guard.yaml") differs from Guard.yaml:1:1 ("Guard.yaml")` + why,
		`sub/caf` + "\u00e9" + `.yml:1:1: warning: its name ("sub/caf\u00e9.yml") differs from Sub/cafe` + "\u0301" + `.yml:1:1 ("Sub/cafe\u0301.yml")` + why,
	}
	if !slices.Equal(got, want) {
		t.Errorf("findings:\n got  %q\n want %q", got, want)
	}
	if len(set.Hooks) != 5 || len(set.Invalid) != 0 {
		t.Errorf("hooks %v, invalid %v: a warning keeps every hook", ids(set.Hooks), set.Invalid)
	}
}

// A file a person meant as a declaration but named so that hookrun does not
// read it is an error naming it, so emit refuses to run rather than run
// without the hook it declares; the copies editors and tools leave are
// ignored (and listed); a hidden name is read like any other; a directory
// named like a declaration is read as a group, and is an error when it holds
// no declaration.
func TestLoadRefusesNamesMeantAsDeclarations(t *testing.T) {
	dir := t.TempDir()
	guard := hookYAML("guard", "PreAbilityCall", "")
	writeTree(t, dir, map[string]string{
		"case.YAML":          guard,
		"sub/dot.Yml.":       guard,
		"notepad.yaml.txt":   guard,
		"crlf.yaml\r":        guard,
		"nbsp.yaml\u00a0":    guard,
		"zwsp.yaml\u200b":    guard,
		"rlm.yml\u200f.":     guard,
		"backup.yaml~":       guard,
		"#autosave.yaml#":    guard,
		".swap.yaml.swp":     guard,
		"merge.yaml.orig":    guard,
		"template.yaml.j2":   guard,
		"notes.txt":          "not a hook",
		"written.json":       `{"id": "written", "event_type": "PreAbilityCall"}`,
		".hidden.yaml":       hookYAML("hidden", "PreAbilityCall", ""),
		"plain.yml":          hookYAML("plain", "PreAbilityCall", ""),
		"group.yaml/in.yaml": hookYAML("grouped", "PreAbilityCall", ""),
		"empty.yaml/README":  "a bind mount of a missing file leaves a directory",
	})
	set, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range set.Findings {
		got = append(got, f.Format(dir))
	}
	const why = ":1:1: not read, so the hook it declares does not run: hookrun reads only names ending in .yaml or .yml, in lowercase and with nothing after, and this one is "
	want := []string{
		"case.YAML" + why + `"case.YAML"; rename it to case.yaml`,
		"crlf.yaml\uFFFD" + why + `"crlf.yaml\r"; rename it to crlf.yaml`,
		"empty.yaml:1:1: " + notADecl,
		"nbsp.yaml\u00a0" + why + `"nbsp.yaml\u00a0"; rename it to nbsp.yaml`,
		"notepad.yaml.txt" + why + `"notepad.yaml.txt"; rename it to notepad.yaml`,
		"rlm.yml\uFFFD." + why + `"rlm.yml\u200f."; rename it to rlm.yml`,
		"sub/dot.Yml." + why + `"dot.Yml."; rename it to dot.yml`,
		"zwsp.yaml\uFFFD" + why + `"zwsp.yaml\u200b"; rename it to zwsp.yaml`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("findings:\n got  %q\n want %q", got, want)
	}
	if got, want := ids(set.Hooks), []string{"grouped", "hidden", "plain"}; !slices.Equal(got, want) {
		t.Errorf("hooks %v, want %v", got, want)
	}
	var ignored []string
	for _, f := range set.Ignored {
		ignored = append(ignored, filepath.Base(f)+": "+Ignored(filepath.Base(f)))
	}
	const left = ": a backup or temporary copy an editor or tool left"
	const json = ": a .json file (JSON is YAML, but hookrun reads only .yaml and .yml files: rename it to written.yaml if it declares a hook)"
	if want := []string{"#autosave.yaml#" + left, ".swap.yaml.swp" + left, "backup.yaml~" + left, "merge.yaml.orig" + left, "written.json" + json}; !slices.Equal(ignored, want) {
		t.Errorf("ignored:\n got  %q\n want %q", ignored, want)
	}
}

// A declaration that is a file when Files lists it and a link out of the
// project when it is read (a process flipping it between the two, as fast
// as it can) is refused when read, its text never shown: ReadFile checks
// where the file it opened is, not where the path led when it was listed.
// The same holds for a directory swapped for a link to one outside.
func TestReadFileRefusesALinkSwappedInAfterTheListing(t *testing.T) {
	base := t.TempDir()
	writeTree(t, base, map[string]string{
		"home/token.yaml":                 "//registry.npmjs.org/:_authToken=npm_SECRET\n",
		"home/gh/hosts.yml":               "github.com: {oauth_token: gho_SECRET}\n",
		"repo/.git/HEAD":                  "ref: refs/heads/main\n",
		"repo/.system/hooks/guard.yaml":   hookYAML("guard", "PreAbilityCall", ""),
		"repo/.system/hooks/gh/hosts.yml": hookYAML("hosts", "PreAbilityCall", ""),
	})
	hooks := filepath.Join(base, "repo/.system/hooks")
	files, _, refused, err := Files(hooks)
	if err != nil || len(refused) != 0 || len(files) != 2 {
		t.Fatalf("files %v refused %v err %v, want the two declarations", files, refused, err)
	}
	swap := func(name, target string) {
		t.Helper()
		p := filepath.Join(hooks, name)
		if err := os.RemoveAll(p); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join(base, target), p); err != nil {
			t.Fatal(err)
		}
	}
	swap("guard.yaml", "home/token.yaml")
	swap("gh", "home/gh")
	parsed := make([]FileResult, len(files))
	ParseAll(Bound(hooks), files, parsed, []int{0, 1})
	realBase, _ := filepath.EvalSymlinks(base)
	for i, p := range parsed {
		var got []string
		for _, f := range p.Findings {
			got = append(got, f.Format(hooks))
		}
		name, _ := filepath.Rel(hooks, files[i])
		target := map[string]string{"guard.yaml": "home/token.yaml", "gh/hosts.yml": "home/gh/hosts.yml"}[name]
		want := []string{name + ":1:1: not read: it led to " + filepath.Join(realBase, target) + " when hookrun opened it, outside the project (" + filepath.Join(realBase, "repo") + "); hookrun reads declarations only from inside the project's git work tree (or the project, outside git), as an error about a file would show its text; to share hooks from there, add that directory to " + TrustedDirsVar}
		if !slices.Equal(got, want) || p.Hook != nil {
			t.Errorf("%s: findings\n got  %q\n want %q", name, got, want)
		}
	}
}

// A directory of declarations inside the hooks directory that someone else
// can change is refused, as the hooks directory would be: whoever can
// write it can delete or rename a guard in it unseen.
func TestLoadRefusesUntrustedDirectories(t *testing.T) {
	dir := spoiledDecls(t, func(dir, id string) string { return filepath.Join(dir, id, id+".yaml") })
	set, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Hooks) != 1 || set.Hooks[0].ID != "mine" || len(set.Invalid) != 2 {
		t.Fatalf("hooks %v, invalid %v: want only mine to run", set.Hooks, set.Invalid)
	}
	want := []string{
		filepath.Join(dir, "open") + ":1:1: not read: this directory is writable by every user; hookrun does not run hooks that someone else can change (if you trust it, add it to " + TrustedDirsVar + ")",
		filepath.Join(dir, "theirs") + ":1:1: not read: this directory is owned by another user (uid 54321; you are uid 0); hookrun does not run hooks that someone else can change (if you trust it, add it to " + TrustedDirsVar + ")",
	}
	var got []string
	for _, f := range set.Findings {
		got = append(got, f.Format(""))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	t.Setenv(TrustedDirsVar, dir)
	if set, _ := Load(dir); len(set.Hooks) != 3 {
		t.Errorf("trusted: %d hooks, want 3", len(set.Hooks))
	}
}

// A declaration shared from a directory outside the project, as the docs
// describe it (a link in the hooks directory to a file of a directory
// listed in HOOKRUN_TRUSTED_DIRS), is trusted where it really is: the
// shared directory is often another user's (a team's, root's). Before, the
// link's own path was checked, so the file was refused as another user's,
// and the message said to trust the project's hooks directory instead,
// which would trust every file anyone puts there.
func TestLoadTrustsASharedDeclarationWhereItIs(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("skipped: giving a file to another user needs root")
	}
	shared := t.TempDir()
	decl := filepath.Join(shared, "guard.yaml")
	if err := os.WriteFile(decl, []byte("id: shared\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler: {kind: script, command: ./h.sh}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(decl, 54321, 54321); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), ".system", "hooks")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "shared.yaml")
	if err := os.Symlink(decl, link); err != nil {
		t.Fatal(err)
	}
	t.Setenv(TrustedDirsVar, shared)
	set, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Hooks) != 1 || len(set.Findings) != 0 {
		t.Errorf("trusted shared directory: %d hooks, findings %+v; want the shared hook", len(set.Hooks), set.Findings)
	}
	// Trusted as a place outside the project, but not as another user's
	// file: the message names the directory to trust, not the project's.
	t.Setenv(TrustedDirsVar, "")
	set, _ = Load(dir)
	if len(set.Findings) != 1 || !strings.Contains(set.Findings[0].Message, "not read: a link to "+decl) {
		t.Errorf("untrusted: %+v", set.Findings)
	}
	// Another user's file in the project, linked from the hooks directory:
	// the message names the directory it is in.
	mine := filepath.Dir(filepath.Dir(dir))
	theirs := filepath.Join(mine, "vendor", "theirs.yaml")
	if err := os.MkdirAll(filepath.Dir(theirs), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(theirs, []byte("id: theirs\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler: {kind: script, command: ./h.sh}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(theirs, 54321, 54321); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(theirs, link); err != nil {
		t.Fatal(err)
	}
	set, _ = Load(dir)
	want := link + ":1:1: not run: this file is owned by another user (uid 54321; you are uid 0); hookrun does not run hooks that someone else can change (if you trust it, add the directory it is in, " + filepath.Dir(theirs) + ", to " + TrustedDirsVar + ")"
	if len(set.Findings) != 1 || set.Findings[0].Format("") != want {
		t.Errorf("another user's file in the project:\n%+v\nwant %s", set.Findings, want)
	}
}

// A directory of declarations shared from outside the project (a link in
// the hooks directory to another user's directory listed in
// HOOKRUN_TRUSTED_DIRS), and the directories in it, are trusted where
// they really are, as a linked file is; so is a --hooks-dir given by a
// link to such a directory.
func TestLoadTrustsASharedDirectoryWhereItIs(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("skipped: giving a directory to another user needs root")
	}
	shared := t.TempDir()
	if err := os.MkdirAll(filepath.Join(shared, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"top", "sub/deep"} {
		if err := os.WriteFile(filepath.Join(shared, id+".yaml"), []byte("id: "+filepath.Base(id)+"\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nhandler: {kind: script, command: ./h.sh}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{shared, filepath.Join(shared, "sub"), filepath.Join(shared, "top.yaml"), filepath.Join(shared, "sub", "deep.yaml")} {
		if err := os.Chown(p, 54321, 54321); err != nil {
			t.Fatal(err)
		}
	}
	root := t.TempDir()
	dir := filepath.Join(root, ".system", "hooks")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(shared, filepath.Join(dir, "team")); err != nil {
		t.Fatal(err)
	}
	t.Setenv(TrustedDirsVar, shared)
	set, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Hooks) != 2 || len(set.Findings) != 0 {
		t.Errorf("linked shared directory: %d hooks, findings %+v; want both shared hooks", len(set.Hooks), set.Findings)
	}
	named := filepath.Join(root, "guards")
	if err := os.Symlink(shared, named); err != nil {
		t.Fatal(err)
	}
	if loc, err := Discover(root, named); err != nil || !loc.Found {
		t.Errorf("--hooks-dir through a link to it: %+v, %v; want it found", loc, err)
	}
}
