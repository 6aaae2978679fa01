package shellcmd

import (
	"path"
	"slices"
	"strings"
	"testing"
)

// TestInstallersNameWhatTheyWrite: an installer's line names the files it writes, which its
// words do not spell as paths (go install PKG, npm install NAME@npm:other), and a global
// install's directory of programs, whose names only the packages hold, as one unpacked into.
func TestInstallersNameWhatTheyWrite(t *testing.T) {
	for _, tc := range []struct {
		line    string
		want    []string // among Paths
		unpacks []string
		not     []string // not among Paths
	}{
		{line: "npm install hookrun@npm:evil", want: []string{"node_modules/hookrun", "node_modules/.bin/*"}},
		{line: "npm i --save-dev @hookrun/cli@1 left-pad", want: []string{"node_modules/@hookrun/cli", "node_modules/left-pad", "node_modules/.bin/*"}},
		{line: "npm install ./evil-dir", want: []string{"node_modules/.bin/*"}, not: []string{"node_modules/evil-dir"}},
		{line: "npm ci", want: []string{"node_modules/.bin/*"}},
		{line: "npm update hookrun", want: []string{"node_modules/hookrun"}},
		{line: "pnpm --dir web add hookrun", want: []string{"web/node_modules/hookrun", "web/node_modules/.bin/*"}},
		{line: "yarn", want: []string{"node_modules/.bin/*"}},
		{line: "npm test", not: []string{"node_modules/.bin/*"}},
		{line: "npm install -g hookrun@0.0.1", want: []string{"/usr/local/bin/hookrun", "/usr/local/lib/node_modules/hookrun"}, unpacks: []string{"/usr/local/bin"}},
		{line: "npm_config_prefix=/p npm i --location=global x", want: []string{"/p/bin/x"}, unpacks: []string{"/p/bin"}},
		{line: "yarn global add x", want: []string{"~/.yarn/bin/x"}, unpacks: []string{"~/.yarn/bin"}},
		{line: "bun add -g x", unpacks: []string{"~/.bun/bin"}},
	} {
		l := Parse(tc.line)
		for _, w := range tc.want {
			if !slices.Contains(l.Paths, w) {
				t.Errorf("%s: Paths %q, want %q among them", tc.line, l.Paths, w)
			}
		}
		for _, w := range tc.not {
			if slices.Contains(l.Paths, w) {
				t.Errorf("%s: Paths %q, want no %q", tc.line, l.Paths, w)
			}
		}
		var dirs []string
		for _, u := range l.Unpacks {
			dirs = append(dirs, u.Dir)
		}
		if !slices.Equal(dirs, tc.unpacks) {
			t.Errorf("%s: Unpacks %q, want %q", tc.line, dirs, tc.unpacks)
		}
	}
}

func TestPackageName(t *testing.T) {
	for spec, want := range map[string]string{
		"hookrun": "hookrun", "hookrun@0.0.1": "hookrun", "hookrun@npm:evil": "hookrun",
		"@hookrun/cli@^1": "@hookrun/cli", "./evil": "", "user/repo": "", "git+https://x/y.git": "",
		"file:../x": "", "x.tgz": "", "@": "", "@s": "",
	} {
		if got := packageName(spec); got != want {
			t.Errorf("packageName(%q) = %q, want %q", spec, got, want)
		}
	}
}

// FuzzPackageName: a package spec from the line is a directory name beneath node_modules, never
// one that leaves it.
func FuzzPackageName(f *testing.F) {
	for _, s := range []string{"hookrun@npm:evil", "@s/n@1", "../x", "@s/../x", "a@b@c", "@/x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		n := packageName(spec)
		if n == "" {
			return
		}
		in := "node_modules/" + n
		if path.Clean(in) != in || strings.Contains(n, "\\") || strings.Count(n, "/") > 1 || strings.Contains(n, "/") != strings.HasPrefix(n, "@") {
			t.Fatalf("packageName(%q) = %q: not one directory beneath node_modules", spec, n)
		}
	})
}
