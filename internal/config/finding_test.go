package config

import "testing"

func TestRel(t *testing.T) {
	tests := []struct{ dir, file, want string }{
		{"/repo", "/repo/.system/hooks/a.yaml", ".system/hooks/a.yaml"},
		{"/home/dev/repo/services/api", "/home/dev/repo/.system/hooks/a.yaml", "../../.system/hooks/a.yaml"},
		{"/r/s/t", "/r/.system/hooks/a.yaml", "/r/.system/hooks/a.yaml"}, // relative would be longer
		{"/home/someone/a/very/deep/working/directory", "/etc/hooks/a.yaml", "/etc/hooks/a.yaml"},
		{"", "/repo/a.yaml", "/repo/a.yaml"},
		{"/repo", "relative/a.yaml", "relative/a.yaml"},
	}
	for _, tt := range tests {
		if got := Rel(tt.dir, tt.file); got != tt.want {
			t.Errorf("Rel(%q, %q) = %q, want %q", tt.dir, tt.file, got, tt.want)
		}
	}
}

func TestFindingFormat(t *testing.T) {
	dup := Finding{File: "/repo/.system/hooks/a.yaml", Line: 1, Col: 5, Severity: Error, HookID: "g",
		Message: `duplicate id "g": also declared at %s`, Related: &Place{"/repo/.system/hooks/sub/b.yaml", 2, 5}}
	warn := Finding{File: "/repo/.system/hooks/a.yaml", Line: 4, Col: 11, Severity: Warning, Message: "blocking: true on SessionStop has no effect"}
	tests := []struct {
		f        Finding
		dir      string
		want     string
		wantText string
	}{
		{dup, "/repo", `.system/hooks/a.yaml:1:5: duplicate id "g": also declared at .system/hooks/sub/b.yaml:2:5`,
			`duplicate id "g": also declared at .system/hooks/sub/b.yaml:2:5`},
		{dup, "/repo/.system", `hooks/a.yaml:1:5: duplicate id "g": also declared at hooks/sub/b.yaml:2:5`,
			`duplicate id "g": also declared at hooks/sub/b.yaml:2:5`},
		{warn, "/repo", `.system/hooks/a.yaml:4:11: warning: blocking: true on SessionStop has no effect`,
			`blocking: true on SessionStop has no effect`},
	}
	for _, tt := range tests {
		if got := tt.f.Format(tt.dir); got != tt.want {
			t.Errorf("Format:\n got  %q\n want %q", got, tt.want)
		}
		if got := tt.f.Text(tt.dir); got != tt.wantText {
			t.Errorf("Text:\n got  %q\n want %q", got, tt.wantText)
		}
	}
	// A repository names its files: one named with terminal escapes or line breaks
	// ("x\x1b]0;…\a\x1b[2J.yaml", "a\n.system/hooks: 1 hook file OK\n.yaml") must not steer the
	// terminal of a person running validate, nor print a line hookrun did not write.
	esc := Finding{File: "/repo/.system/hooks/x\x1b]0;PWNED\a\x1b[2J\n.system/hooks: 1 hook file OK\r.yaml", Line: 1, Col: 1, Severity: Error,
		Message: "missing required key \"event_type\"\u202e"}
	if got, want := esc.Format("/repo"), ".system/hooks/x\ufffd]0;PWNED\ufffd\ufffd[2J\ufffd.system/hooks: 1 hook file OK\ufffd.yaml:1:1: missing required key \"event_type\"\ufffd"; got != want {
		t.Errorf("Format of a file named with control characters:\n got  %q\n want %q", got, want)
	}
	if !HasErrors([]Finding{warn, dup}) || HasErrors([]Finding{warn}) || HasErrors(nil) {
		t.Error("HasErrors: an error among warnings must count, warnings alone must not")
	}
}

func TestSuggestShortWords(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"enabeld", "enabled"}, {"scirpt", "script"}, {"rlues", "rules"}, {"htpt", "http"}, {"enabled", "enabled"},
		{"sciprts", ""}, {"ab", ""},
	} {
		if got := suggest(tc.in, []string{"enabled", "script", "rules", "http"}); got != tc.want {
			t.Errorf("suggest(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestSuggest(t *testing.T) {
	keys := []string{"ability_scope", "min_duration_ms", "only_if_changed_paths", "caller_source"}
	for in, want := range map[string]string{
		"ability_scop":      "ability_scope",
		"abilityscope":      "ability_scope",
		"Ability_Scope":     "ability_scope",
		"min_duration":      "min_duration_ms",
		"only_if_changed":   "only_if_changed_paths",
		"caller":            "caller_source",
		"colour":            "",
		"x":                 "",
		"changed_files":     "",
		"caller_sources":    "caller_source",
		"min_duration_msec": "min_duration_ms",
		"calelr_source":     "caller_source", // two letters swapped: one slip, not two
		"abiltiy_scope":     "ability_scope",
	} {
		if got := suggest(in, keys); got != want {
			t.Errorf("suggest(%q) = %q, want %q", in, got, want)
		}
	}
}
