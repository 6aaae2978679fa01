package match

import (
	"github.com/bmatcuk/doublestar/v4"

	"slices"
	"testing"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/pathcase"
)

func ctx(t *testing.T, ev event.Name, doc string) *event.Context {
	t.Helper()
	c, err := event.ParseContext([]byte(doc), ev)
	if err != nil {
		t.Fatalf("context %s: %v", doc, err)
	}
	return c
}

func ms(n int64) *int64 { return &n }

func hook(ev event.Name, m config.Match) *config.Hook {
	return &config.Hook{ID: "h", Event: ev, Enabled: true, Blocking: true, Match: m}
}

const (
	createDB   = `{"ability_ref":{"kind":"operation_key","value":"db.write.user_row"},"caller":{"source":"ci_pipeline"}}`
	callEdit   = `{"ability_id":"edit_file","caller":{"source":"ai_session","session_id":"s1"}}`
	callNested = `{"ability_id":"tools/edit/file","caller":{"source":"manual_cli"}}`
)

// TestCheck covers every match field on every event it applies to, with
// the reason given when the hook does not run.
func TestCheck(t *testing.T) {
	cases := []struct {
		name string
		ev   event.Name
		doc  string
		m    config.Match
		want string // "" runs
	}{
		{"no match block: always", event.PromptSubmit, `{"session_id":"s","user_raw_input":"x"}`, config.Match{}, ""},
		{"no match block on an infra event", event.SessionStop, `{"session_id":"s"}`, config.Match{}, ""},

		// ability_scope on PreAbilityCreate reads ability_ref.value.
		{"create: glob fits ability_ref.value", event.PreAbilityCreate, createDB, config.Match{AbilityScope: []string{"db.write.*"}}, ""},
		{"create: glob misses", event.PreAbilityCreate, createDB, config.Match{AbilityScope: []string{"db.read.*"}},
			`ability "db.write.user_row" is outside db.read.*`},
		{"create: a top-level ability_id is not what matches", event.PreAbilityCreate,
			`{"ability_id":"edit_file","ability_ref":{"kind":"ability_id","value":"deploy_prod"},"caller":{"source":"ai_session"}}`,
			config.Match{AbilityScope: []string{"edit_file"}}, `ability "deploy_prod" is outside edit_file`},
		{"create: star", event.PreAbilityCreate, createDB, config.Match{AbilityScope: []string{"*"}}, ""},

		// ability_scope on PreAbilityCall and PostAbilityCall reads ability_id.
		{"call: exact id", event.PreAbilityCall, callEdit, config.Match{AbilityScope: []string{"edit_file"}}, ""},
		{"call: one of a list", event.PreAbilityCall, callEdit, config.Match{AbilityScope: []string{"deploy_*", "edit_*"}}, ""},
		{"call: alternation", event.PreAbilityCall, callEdit, config.Match{AbilityScope: []string{"{edit,write}_file"}}, ""},
		{"call: miss names every glob", event.PreAbilityCall, callEdit, config.Match{AbilityScope: []string{"deploy_*", "db.*"}},
			`ability "edit_file" is outside deploy_*,db.*`},
		{"call: glob is case-sensitive", event.PreAbilityCall, callEdit, config.Match{AbilityScope: []string{"Edit_file"}},
			`ability "edit_file" is outside Edit_file`},
		{"call: star matches ids with slashes", event.PreAbilityCall, callNested, config.Match{AbilityScope: []string{"*"}}, ""},
		{"call: star among others", event.PreAbilityCall, callNested, config.Match{AbilityScope: []string{"nope", "*"}}, ""},
		{"call: double star", event.PreAbilityCall, callNested, config.Match{AbilityScope: []string{"**"}}, ""},
		{"call: a single star in a glob stops at a slash", event.PreAbilityCall, callNested, config.Match{AbilityScope: []string{"tools/*"}},
			`ability "tools/edit/file" is outside tools/*`},
		{"call: double star crosses slashes", event.PreAbilityCall, callNested, config.Match{AbilityScope: []string{"tools/**"}}, ""},
		{"post: ability_id", event.PostAbilityCall, `{"ability_id":"run_tests","status":"success"}`, config.Match{AbilityScope: []string{"run_*"}}, ""},
		{"post: miss", event.PostAbilityCall, `{"ability_id":"run_tests","status":"success"}`, config.Match{AbilityScope: []string{"deploy"}},
			`ability "run_tests" is outside deploy`},

		// caller_source on PreAbilityCreate and PreAbilityCall.
		{"create: caller source listed", event.PreAbilityCreate, createDB, config.Match{CallerSource: []string{"ai_session", "ci_pipeline"}}, ""},
		{"create: caller source not listed", event.PreAbilityCreate, createDB, config.Match{CallerSource: []string{"ai_session"}},
			`caller source "ci_pipeline" is not ai_session`},
		{"call: caller source listed", event.PreAbilityCall, callEdit, config.Match{CallerSource: []string{"ai_session"}}, ""},
		{"call: caller source not listed", event.PreAbilityCall, callEdit, config.Match{CallerSource: []string{"background_job", "manual_cli"}},
			`caller source "ai_session" is not background_job,manual_cli`},
		{"call: caller.session_id is not the source", event.PreAbilityCall,
			`{"ability_id":"x","caller":{"source":"manual_cli","session_id":"ai_session"}}`, config.Match{CallerSource: []string{"ai_session"}},
			`caller source "manual_cli" is not ai_session`},

		// min_duration_ms on PostAbilityCall.
		{"post: slower than the threshold", event.PostAbilityCall, `{"ability_id":"a","status":"success","duration_ms":250}`, config.Match{MinDurationMS: ms(100)}, ""},
		{"post: exactly the threshold", event.PostAbilityCall, `{"ability_id":"a","status":"success","duration_ms":100}`, config.Match{MinDurationMS: ms(100)}, ""},
		{"post: just below", event.PostAbilityCall, `{"ability_id":"a","status":"success","duration_ms":99.5}`, config.Match{MinDurationMS: ms(100)},
			`duration 99.5ms is below 100ms`},
		{"post: zero duration, threshold 1", event.PostAbilityCall, `{"ability_id":"a","status":"failure","duration_ms":0}`, config.Match{MinDurationMS: ms(1)},
			`duration 0ms is below 1ms`},
		{"post: no duration, positive threshold", event.PostAbilityCall, `{"ability_id":"a","status":"success"}`, config.Match{MinDurationMS: ms(100)},
			`no duration_ms in the context; min_duration_ms is 100ms`},
		{"post: null duration, positive threshold", event.PostAbilityCall, `{"ability_id":"a","status":"success","duration_ms":null}`, config.Match{MinDurationMS: ms(1)},
			`no duration_ms in the context; min_duration_ms is 1ms`},
		{"post: no duration, threshold 0", event.PostAbilityCall, `{"ability_id":"a","status":"success"}`, config.Match{MinDurationMS: ms(0)}, ""},
		{"post: duration and scope both fit", event.PostAbilityCall, `{"ability_id":"run_tests","status":"success","duration_ms":5000}`,
			config.Match{AbilityScope: []string{"run_*"}, MinDurationMS: ms(1000)}, ""},
		{"post: scope fits, too fast", event.PostAbilityCall, `{"ability_id":"run_tests","status":"success","duration_ms":5}`,
			config.Match{AbilityScope: []string{"run_*"}, MinDurationMS: ms(1000)}, `duration 5ms is below 1000ms`},

		// only_if_changed_paths on SessionStop.
		{"stop: a changed file under a glob", event.SessionStop, `{"session_id":"s","changed_files":["README.md","services/api/main.go"]}`,
			config.Match{OnlyIfChangedPaths: []string{"services/**", "apps/**"}}, ""},
		{"stop: none under the globs", event.SessionStop, `{"session_id":"s","changed_files":["docs/a.md","README.md"]}`,
			config.Match{OnlyIfChangedPaths: []string{"services/**", "apps/**"}}, `no changed path under services/**,apps/**`},
		{"stop: no changed_files", event.SessionStop, `{"session_id":"s"}`,
			config.Match{OnlyIfChangedPaths: []string{"**"}}, `no changed_files in the context; only_if_changed_paths needs at least one`},
		{"stop: empty changed_files", event.SessionStop, `{"session_id":"s","changed_files":[]}`,
			config.Match{OnlyIfChangedPaths: []string{"**"}}, `no changed_files in the context; only_if_changed_paths needs at least one`},
		{"stop: null changed_files", event.SessionStop, `{"session_id":"s","changed_files":null}`,
			config.Match{OnlyIfChangedPaths: []string{"**"}}, `no changed_files in the context; only_if_changed_paths needs at least one`},
		{"stop: a leading ./ on the file", event.SessionStop, `{"session_id":"s","changed_files":["./apps/web/index.ts"]}`,
			config.Match{OnlyIfChangedPaths: []string{"apps/**"}}, ""},
		{"stop: a leading ./ on the glob", event.SessionStop, `{"session_id":"s","changed_files":["apps/web/index.ts"]}`,
			config.Match{OnlyIfChangedPaths: []string{"./apps/**"}}, ""},
		{"stop: a single star stays in its directory", event.SessionStop, `{"session_id":"s","changed_files":["docs/guide.md"]}`,
			config.Match{OnlyIfChangedPaths: []string{"*.md"}}, `no changed path under *.md`},
		{"stop: double star crosses directories", event.SessionStop, `{"session_id":"s","changed_files":["docs/guide.md"]}`,
			config.Match{OnlyIfChangedPaths: []string{"**/*.md"}}, ""},
	}
	for _, c := range cases {
		got := Check(hook(c.ev, c.m), ctx(t, c.ev, c.doc), Options{})
		if got != c.want {
			t.Errorf("%s:\n got  %q\n want %q", c.name, got, c.want)
		}
	}
}

func TestCheckHookState(t *testing.T) {
	c := ctx(t, event.PreAbilityCall, callEdit)
	cases := []struct {
		name string
		h    config.Hook
		opt  Options
		want string
	}{
		{"enabled blocking", config.Hook{Event: event.PreAbilityCall, Enabled: true, Blocking: true}, Options{}, ""},
		{"disabled", config.Hook{Event: event.PreAbilityCall, Enabled: false, Blocking: true}, Options{}, "disabled (enabled: false)"},
		{"disabled wins over a fitting match", config.Hook{Event: event.PreAbilityCall, Match: config.Match{AbilityScope: []string{"*"}}}, Options{},
			"disabled (enabled: false)"},
		{"another event", config.Hook{Event: event.SessionStop, Enabled: true}, Options{}, "declared for SessionStop, not PreAbilityCall"},
		{"non-blocking, all hooks", config.Hook{Event: event.PreAbilityCall, Enabled: true}, Options{}, ""},
		{"non-blocking under --blocking-only", config.Hook{Event: event.PreAbilityCall, Enabled: true}, Options{BlockingOnly: true},
			"not blocking, and only blocking hooks run under --blocking-only"},
		{"blocking under --blocking-only", config.Hook{Event: event.PreAbilityCall, Enabled: true, Blocking: true}, Options{BlockingOnly: true}, ""},
	}
	for _, tc := range cases {
		if got := Check(&tc.h, c, tc.opt); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// Select and Explain keep the order they are given (merge order) and
// leave out hooks of other events.
func TestSelectAndExplain(t *testing.T) {
	mk := func(id string, ev event.Name, enabled bool, scope ...string) *config.Hook {
		return &config.Hook{ID: id, Event: ev, Enabled: enabled, Blocking: true, Match: config.Match{AbilityScope: scope}}
	}
	hooks := []*config.Hook{
		mk("z_last_by_id_first_by_order", event.PreAbilityCall, true),
		mk("prompt", event.PromptSubmit, true),
		mk("b_deploy", event.PreAbilityCall, true, "deploy_*"),
		mk("a_edit", event.PreAbilityCall, true, "edit_*"),
		mk("c_off", event.PreAbilityCall, false),
	}
	c := ctx(t, event.PreAbilityCall, callEdit)
	var got []string
	for _, h := range Select(hooks, c, Options{}) {
		got = append(got, h.ID)
	}
	if want := []string{"z_last_by_id_first_by_order", "a_edit"}; !slices.Equal(got, want) {
		t.Errorf("Select = %v, want %v", got, want)
	}
	var verdicts []string
	for _, v := range Explain(hooks, c, Options{}) {
		verdicts = append(verdicts, v.Hook.ID+": "+v.Reason)
		if v.Runs != (v.Reason == "") {
			t.Errorf("%s: Runs %v with reason %q", v.Hook.ID, v.Runs, v.Reason)
		}
	}
	want := []string{
		"z_last_by_id_first_by_order: ",
		"prompt: declared for PromptSubmit, not PreAbilityCall",
		`b_deploy: ability "edit_file" is outside deploy_*`,
		"a_edit: ",
		"c_off: disabled (enabled: false)",
	}
	if !slices.Equal(verdicts, want) {
		t.Errorf("Explain =\n%q\nwant\n%q", verdicts, want)
	}
}

func TestAbilityAndAnyPath(t *testing.T) {
	abilities := []struct {
		globs []string
		id    string
		want  bool
	}{
		{[]string{"*"}, "a/b/c", true},
		{[]string{"**"}, "x", true},
		{[]string{"a*"}, "a/b", false},
		{[]string{"a/**"}, "a/b/c", true},
		{[]string{"[ab]x"}, "bx", true},
		{[]string{"[ab"}, "[ab", false}, // an invalid glob matches nothing (validate rejects it first)
		{nil, "x", false},
		// A "!GLOB" leaves out the ids it matches, whatever its place; exclusions alone take in
		// every other id.
		{[]string{"*", "!read_file"}, "read_file", false},
		{[]string{"!read_file", "*"}, "read_file", false},
		{[]string{"*", "!read_file"}, "run", true},
		{[]string{"*", "!read_file"}, "mcp/fs/read_file", true},
		{[]string{"!read_file", "!web_*"}, "move_file", true},
		{[]string{"!read_file", "!web_*"}, "web_fetch", false},
		{[]string{"mcp/**", "!mcp/fs/*"}, "mcp/fs/write", false},
		{[]string{"mcp/**", "!mcp/fs/*"}, "mcp/git/push", true},
		{[]string{"shell", "!*"}, "shell", false},
		{[]string{"!"}, "x", true}, // validate refuses an empty exclusion
	}
	for _, a := range abilities {
		if got := Ability(a.globs, a.id); got != a.want {
			t.Errorf("Ability(%q, %q) = %v", a.globs, a.id, got)
		}
	}
	paths := []struct {
		globs, files []string
		want         bool
	}{
		{[]string{"services/**"}, []string{"services"}, true},
		{[]string{"services/**"}, []string{"servicesx/a"}, false},
		{[]string{"apps/*/main.go"}, []string{"apps/web/main.go"}, true},
		{[]string{"**/*.go"}, []string{"main.go"}, true},
		{[]string{"**"}, nil, false},
		// A glob that ends in a slash names a directory, and matches what is beneath it.
		{[]string{"infra/"}, []string{"infra/main.tf"}, true},
		{[]string{"infra/"}, []string{"infra"}, true},
		{[]string{"./infra//"}, []string{"infra/x/main.tf"}, true},
		{[]string{"**/secrets/"}, []string{"app/secrets/a/key.pem"}, true},
		{[]string{"/etc/"}, []string{"/etc/passwd"}, true},
		{[]string{"infra/"}, []string{"infrax/main.tf"}, false},
		{[]string{"infra/"}, []string{"app/infra/main.tf"}, false},
		// Without one a glob matches as written: **/.vscode is the directory itself (a link in
		// its place), not .vscode/launch.json.
		{[]string{"secrets"}, []string{"secrets/key.pem"}, false},
		{[]string{"**/.vscode"}, []string{".vscode/launch.json"}, false},
		{[]string{"**/.vscode"}, []string{".vscode"}, true},
	}
	for _, p := range paths {
		if got := AnyPath(p.globs, p.files); got != p.want {
			t.Errorf("AnyPath(%q, %q) = %v", p.globs, p.files, got)
		}
	}
	// A rule that allows compares without folding; a trailing slash names the directory and all
	// beneath it there too: `docs` allows the file docs, not docs/x; `docs/` is `docs/**`.
	exact := []struct {
		globs, files []string
		want         bool
	}{
		{[]string{"docs"}, []string{"docs/a.md"}, false},
		{[]string{"docs/"}, []string{"docs/a.md"}, true},
		{[]string{"docs/"}, []string{"docs/x/y/a.md"}, true},
		{[]string{"docs/"}, []string{"docsx/a.md"}, false},
		{[]string{"docs/**"}, []string{"docs/a.md"}, true},
		{[]string{"docs/"}, []string{"DOCS/a.md"}, false},
	}
	for _, p := range exact {
		if got := AnyPathExact(p.globs, p.files); got != p.want {
			t.Errorf("AnyPathExact(%q, %q) = %v", p.globs, p.files, got)
		}
	}
}

// glob's shortcut must never disagree with doublestar itself.
func FuzzGlobShortcut(f *testing.F) {
	for _, s := range [][2]string{
		{"services/**", "services"}, {"a/**/b", "a/b"}, {"deploy_*", "deploy_prod"}, {"db.write.**", "db.write.x"},
		{"mcp/**", "mcp/s/t"}, {`a\*b`, "a*b"}, {"{a,b}*", "bx"}, {"x[ab]", "xa"}, {"edit_file", "edit_file"}, {"**/x", "x"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, pattern, name string) {
		if !doublestar.ValidatePattern(pattern) {
			return
		}
		want, _ := doublestar.Match(pattern, name)
		if got := glob(pattern, name); got != want {
			t.Fatalf("glob(%q, %q) = %v, doublestar says %v", pattern, name, got, want)
		}
	})
}

// TestAnyPathFoldsCase: where the file systems ignore case (pathcase.Fold), a path glob matches
// every spelling that opens the same file, so .SYSTEM/hooks is under .system/**; elsewhere only
// the exact spelling is. An ability id is never folded: it is no file name.
func TestAnyPathFoldsCase(t *testing.T) {
	defer pathcase.SetFold(pathcase.Fold())()
	for _, tc := range []struct {
		globs, files []string
		exact        bool // matches without folding
		folded       bool // matches with folding
	}{
		{[]string{".system/**"}, []string{".system/hooks/x.yaml"}, true, true},
		{[]string{".system/**"}, []string{".SYSTEM/hooks"}, false, true},
		{[]string{".system/**"}, []string{".System/Hooks/x.yaml"}, false, true},
		{[]string{".system"}, []string{".SYSTEM"}, false, true},
		{[]string{"./.system/**"}, []string{"./.sYstem/x"}, false, true},
		{[]string{".system/**"}, []string{".ſystem/hooks"}, false, true}, // NTFS upper-cases ſ to S
		{[]string{".claude/settings*.json"}, []string{".Claude/Settings.local.JSON"}, false, true},
		{[]string{"node_modules/.bin/hookrun*"}, []string{"NODE_MODULES/.BIN/HOOKRUN.CMD"}, false, true},
		{[]string{"config/[p]rod/**"}, []string{"CONFIG/PROD/app.yaml"}, false, true},
		{[]string{"config/{prod,stage}/**"}, []string{"Config/Stage/x"}, false, true},
		{[]string{"[A-z]"}, []string{"_"}, true, true}, // folding never matches less than the exact glob
		{[]string{".system/**"}, []string{".systemd/x"}, false, false},
		{[]string{".system/**"}, []string{"docs/.system"}, false, false},
	} {
		for _, fold := range []bool{false, true} {
			pathcase.SetFold(fold)
			want := tc.exact
			if fold {
				want = tc.folded
			}
			if got := AnyPath(tc.globs, tc.files); got != want {
				t.Errorf("Fold %v: AnyPath(%q, %q) = %v, want %v", fold, tc.globs, tc.files, got, want)
			}
		}
	}
	pathcase.SetFold(true)
	if Ability([]string{"edit_file"}, "Edit_File") {
		t.Errorf("Ability folded case: an ability id is not a file name")
	}
	h := hook(event.PreAbilityCall, config.Match{Paths: []string{".system/**"}})
	if why := Check(h, &event.Context{Event: event.PreAbilityCall, Paths: []string{".SYSTEM/hooks/guard.yaml"}}, Options{}); why != "" {
		t.Errorf("match.paths under folding: %q, want the hook to run", why)
	}
	h = hook(event.SessionStop, config.Match{OnlyIfChangedPaths: []string{"src/**"}})
	if why := Check(h, &event.Context{Event: event.SessionStop, ChangedFiles: []string{"SRC/app.go"}}, Options{}); why != "" {
		t.Errorf("only_if_changed_paths under folding: %q, want the hook to run", why)
	}
}

// TestAnyPathWin32: on Windows a name is also read as Windows reads it, so a trailing dot or space
// or a stream suffix does not walk around a glob: .system./hooks and .system::$INDEX_ALLOCATION/hooks
// are .system/hooks there.
func TestAnyPathWin32(t *testing.T) {
	defer pathcase.SetFold(pathcase.Fold())()
	defer pathcase.SetWin32(pathcase.Win32())()
	pathcase.SetFold(true)
	for _, tc := range []struct {
		file         string
		win32, other bool // matches .system/** with and without Win32
	}{
		{".system./hooks/protect_hooks.yaml", true, false},
		{".System. . /Hooks/x.yaml", true, false},
		{".system::$INDEX_ALLOCATION/hooks/x.yaml", true, false},
		{".SYSTEM:x/hooks", true, false},
		{".system/hooks/protect_hooks.yaml::$DATA", true, true},
		{".systemd/x", false, false},
	} {
		for _, w := range []bool{false, true} {
			pathcase.SetWin32(w)
			want := tc.other
			if w {
				want = tc.win32
			}
			if got := AnyPath([]string{".system/**"}, []string{tc.file}); got != want {
				t.Errorf("Win32 %v: AnyPath(.system/**, %q) = %v, want %v", w, tc.file, got, want)
			}
		}
	}
}

// TestBeneath: a file an archive makes beneath the directory it is unpacked into may match a glob
// when the glob reaches below that directory: must match, and must not.
func TestBeneath(t *testing.T) {
	for _, tc := range []struct {
		globs []string
		dir   string
		want  bool
	}{
		{[]string{".system/hooks/**"}, ".", true},
		{[]string{".system/hooks/**"}, ".system", true},
		{[]string{".system/hooks/**"}, ".system/hooks", true},
		{[]string{".system/hooks/**"}, ".system/hooks/sub", true},
		{[]string{".system/**"}, ".system/hooks", true},
		{[]string{"**/*.sh"}, "build", true},
		{[]string{".envrc"}, ".", true},
		{[]string{"./.envrc"}, "./", true},
		{[]string{"*/hooks/*.yaml"}, ".system", true},
		{[]string{"scripts/{hooks,ci}/*"}, "build", true}, // braces: read as may
		{[]string{"**y****/*****/**"}, "00y", true},       // ** inside a segment: read as may
		{[]string{"conf**/prod/*"}, "config", true},
		{[]string{"/home/*/.ssh/**"}, "/home/me/.ssh", true},
		{[]string{"/home/*/.ssh/authorized_keys"}, "/home/me", true},
		{[]string{".system/hooks/**"}, "build", false},
		{[]string{".system/hooks/*.yaml"}, ".system/hooks/sub", false},
		{[]string{".envrc"}, "build", false},
		{[]string{"docs"}, "docs", false},   // docs itself is a path of the call, matched as one
		{[]string{"infra/"}, "infra", true}, // a glob ending in a slash matches what is beneath the directory
		{[]string{"infra/"}, "infra/sub", true},
		{[]string{"infra/"}, "build", false},
		{[]string{"docs/*.md"}, "src", false},
		{[]string{"/home/*/.ssh/**"}, "/tmp/x", false},
		{[]string{"[z-a]/x"}, "a", false}, // a bad segment matches nothing
		{[]string{"a[!0]b"}, "a", true},   // a negated class matches the separator (a/b), as the matcher reads it
	} {
		if got := Beneath(tc.globs, tc.dir); got != tc.want {
			t.Errorf("Beneath(%q, %q) = %v, want %v", tc.globs, tc.dir, got, tc.want)
		}
	}
	if pathcase.On() && !Beneath([]string{".system/hooks/**"}, ".SYSTEM") {
		t.Error("Beneath(.system/hooks/**, .SYSTEM) = false where names are compared ignoring case")
	}
}

// TestCheckRunsPathsHooksOnUnpacks: match.paths runs its hook when the command unpacks an
// archive, whose files' names only the archive holds: the hook decides (a rules hook over .envrc
// was skipped for tar -xzf a.tgz, which may make it).
func TestCheckRunsPathsHooksOnUnpacks(t *testing.T) {
	m := config.Match{Paths: []string{".envrc"}}
	for _, tc := range []struct{ command, want string }{
		{`tar -xzf a.tgz`, ""},
		{`unzip -o a.zip -d build`, ""},
		{`tar -czf a.tgz .`, `no path of the call under .envrc`},
	} {
		c := &event.Context{Event: event.PreAbilityCall, AbilityID: "shell", Command: tc.command, Paths: []string{"a.tgz"}}
		if got := Check(hook(event.PreAbilityCall, m), c, Options{}); got != tc.want {
			t.Errorf("%s: Check = %q, want %q", tc.command, got, tc.want)
		}
	}
}
