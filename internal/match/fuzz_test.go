package match

import (
	"strings"
	"testing"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/pathcase"
)

// FuzzMatch throws arbitrary globs, ability ids and paths at the matcher.
// It must never panic, "*" must match every id, a glob without
// metacharacters must match itself, and Check, Select and Explain must
// agree with each other.
func FuzzMatch(f *testing.F) {
	f.Add("deploy_*", "deploy_prod", "services/api/main.go", int64(100), 99.5)
	f.Add("**/*.go", "tools/edit/file", "./apps/x.go", int64(0), 0.0)
	f.Add("{a,b}[c-d]?\\*", "a*", "a/b", int64(1), 1e308)
	f.Add("[", "[", "[", int64(-1), -1.0)
	f.Add(".system/hooks/*.yaml", "shell", ".system/hooks/x.yaml", int64(0), 0.0)
	f.Add("**/.env", "shell", "build/sub/.env", int64(0), 0.0)
	f.Fuzz(func(t *testing.T, glob, id, path string, minMS int64, duration float64) {
		if !Ability([]string{"*"}, id) {
			t.Fatalf("* does not match %q", id)
		}
		if !strings.ContainsAny(id, `*?[]{}\`) && !Ability([]string{id}, id) {
			t.Fatalf("literal glob %q does not match itself", id)
		}
		if !strings.ContainsAny(path, `*?[]{}\`) && !AnyPath([]string{path}, []string{path}) {
			t.Fatalf("literal path glob %q does not match itself", path)
		}
		// Folding never matches less than the glob as written, and a path matches its folded self.
		if anyPath([]string{glob}, []string{path}, false) && !anyPath([]string{glob}, []string{path}, true) {
			t.Fatalf("folded AnyPath(%q, %q) matches less than the exact one", glob, path)
		}
		// A glob ending in "/" is the directory and all beneath it: DIR/ matches what DIR or
		// DIR/** matches, on a rule that allows as on one that stops.
		if glob != "" && !strings.HasSuffix(glob, "/") {
			dir := AnyPathExact([]string{glob + "/"}, []string{path})
			want := AnyPathExact([]string{glob}, []string{path}) || AnyPathExact([]string{glob + "/**"}, []string{path})
			if dir != want {
				t.Fatalf("AnyPathExact(%q/, %q) = %v, but %q or %q/** gives %v", glob, path, dir, glob, glob, want)
			}
		}
		if !strings.ContainsAny(path, `*?[]{}\`) && !anyPath([]string{pathcase.Key(path)}, []string{path}, true) {
			t.Fatalf("folded AnyPath does not match %q to its key %q", path, pathcase.Key(path))
		}
		// A path beneath a directory that a glob matches makes Beneath true of that directory:
		// an archive unpacked there may make it.
		// (Paths of at most 64 directories: the check is quadratic in them.)
		if clean := !strings.Contains("/"+path+"/", "//") && !strings.Contains("/"+path+"/", "/./") && !strings.Contains("/"+path+"/", "/../"); clean && strings.Count(path, "/") <= 64 && AnyPath([]string{glob}, []string{path}) {
			for i := 1; i < len(path); i++ {
				if path[i] == '/' && !Beneath([]string{glob}, path[:i]) {
					t.Fatalf("%q matches %q, but Beneath(%q) is false", glob, path, path[:i])
				}
			}
		}
		_ = Ability([]string{glob}, id)
		_ = AnyPath([]string{glob}, []string{path, id})

		contexts := []*event.Context{
			{Event: event.PreAbilityCall, AbilityID: id, CallerSource: path},
			{Event: event.PostAbilityCall, AbilityID: id, DurationMS: duration, HasDuration: duration == duration},
			{Event: event.SessionStop, ChangedFiles: []string{path, id}},
		}
		m := config.Match{AbilityScope: []string{glob}, CallerSource: []string{id}, MinDurationMS: &minMS, OnlyIfChangedPaths: []string{glob}}
		for _, c := range contexts {
			h := &config.Hook{ID: "h", Event: c.Event, Enabled: true, Match: m}
			why := Check(h, c, Options{})
			selected := len(Select([]*config.Hook{h}, c, Options{})) == 1
			v := Explain([]*config.Hook{h}, c, Options{})
			if selected != (why == "") || len(v) != 1 || v[0].Runs != selected || v[0].Reason != why {
				t.Fatalf("%s: Check %q, Select %v, Explain %+v disagree", c.Event, why, selected, v)
			}
		}
	})
}
