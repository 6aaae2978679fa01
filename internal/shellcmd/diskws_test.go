package shellcmd

import (
	"slices"
	"strings"
	"testing"
)

// withList gives memFiles a listing of its directories: the names of the entries each holds.
func withList(files map[string]string) *Files {
	f := memFiles(files)
	f.List = func(dir string, max int) ([]string, error) {
		var names []string
		for k := range files {
			k, _, _ = strings.Cut(k, "|")
			if rest, ok := strings.CutPrefix(k, strings.TrimSuffix(dir, "/")+"/"); ok {
				name, _, _ := strings.Cut(rest, "/")
				if !slices.Contains(names, name) && len(names) < max {
					names = append(names, name)
				}
			}
		}
		return names, nil
	}
	return f
}

// TestDiskWorkspaces: npm -w/--workspace/--workspaces, pnpm -r/--filter and yarn workspace run
// the scripts of the workspaces' package.json, found from the root's workspaces (package.json's,
// pnpm-workspace.yaml's packages), by path or by name.
func TestDiskWorkspaces(t *testing.T) {
	p := mustCompile("rm -rf")
	files := map[string]string{
		"/p/package.json":               `{"name":"root","workspaces":["packages/*","tools/cli"],"scripts":{"clean":"tsc --build --clean","test":"echo root"}}`,
		"/p/pnpm-workspace.yaml":        "packages:\n  - 'packages/*'\n  - tools/cli\n",
		"/p/packages/core/package.json": `{"name":"@org/core","scripts":{"test":"jest","clean":"rm -rf ~"}}`,
		"/p/packages/web/package.json":  `{"name":"frontend","scripts":{"test":"vitest","build":"rm -rf ~"}}`,
		"/p/packages/README.md":         "",
		"/p/tools/cli/package.json":     `{"name":"cli","scripts":{"lint":"rm -rf ~","test":"node --test"}}`,
	}
	match := []string{`npm run clean -w packages/core`, `npm run clean --workspace=@org/core`, `npm run build -w frontend`,
		`npm run lint --workspace cli`, `npm run clean --workspaces`, `npm run build -ws`, `pnpm -r clean`, `pnpm -r run build`,
		`pnpm --filter @org/core clean`, `pnpm --filter=./tools/cli lint`, `pnpm -F frontend build`, `pnpm --filter "@org/*" clean`,
		`yarn workspace @org/core clean`, `yarn workspace frontend run build`, `npm run lint -w packages/core -w cli`,
		`cd packages/core && npm run clean`}
	notMatch := []string{`npm test -w packages/core`, `npm run clean`, `npm test --workspaces`, `pnpm -r test`, `pnpm --filter cli test`,
		`yarn workspace cli test`, `npm run clean -w frontend`}
	for _, src := range match {
		if l := ParseFiles(src, POSIX, withList(files)); func() bool { o, _ := p.MatchLine(&l); return o != Match }() {
			o, why := p.MatchLine(&l)
			t.Errorf("%q: %v (%s), want match; unresolved %q", src, o, why, l.Unresolved)
		}
	}
	for _, src := range notMatch {
		l := ParseFiles(src, POSIX, withList(files))
		if o, why := p.MatchLine(&l); o != NoMatch || len(l.Unresolved) > 0 {
			t.Errorf("%q: %v (%s), unresolved %q; want no match and nothing unresolved", src, o, why, l.Unresolved)
		}
	}
	// A workspace hookrun does not find, or a listing it cannot make, is unresolved.
	for _, src := range []string{`npm test -w nosuch`, `npm test -w "$W"`} {
		if l := ParseFiles(src, POSIX, withList(files)); len(l.Unresolved) == 0 {
			t.Errorf("%q: nothing unresolved", src)
		}
	}
	if l := ParseFiles(`npm test -ws`, POSIX, memFiles(files)); len(l.Unresolved) == 0 {
		t.Errorf("npm test -ws without a listing: nothing unresolved")
	}
}

// TestDiskYarnForeach: yarn workspaces foreach (berry) and yarn workspaces run (yarn 1) run the
// script of every workspace.
func TestDiskYarnForeach(t *testing.T) {
	p := mustCompile("rm -rf")
	files := map[string]string{
		"/p/package.json":            `{"name":"root","workspaces":["packages/*"],"scripts":{"test":"echo root"}}`,
		"/p/packages/a/package.json": `{"name":"a","scripts":{"wipe":"rm -rf ~","test":"jest"}}`,
		"/p/packages/b/package.json": `{"name":"b","scripts":{"test":"vitest"}}`,
	}
	match := []string{`yarn workspaces foreach run wipe`, `yarn workspaces foreach -A run wipe`, `yarn workspaces foreach --all run wipe`,
		`yarn workspaces foreach -R run wipe`, `yarn workspaces foreach -Apt run wipe`, `yarn workspaces foreach --include b -j 4 run wipe`,
		`yarn workspaces foreach --from '@org/*' --topological-dev run wipe`, `yarn workspaces foreach -A wipe`, `yarn workspaces run wipe`}
	for _, src := range match {
		if l := ParseFiles(src, POSIX, withList(files)); func() bool { o, _ := p.MatchLine(&l); return o != Match }() {
			o, why := p.MatchLine(&l)
			t.Errorf("%q: %v (%s), want match; unresolved %q", src, o, why, l.Unresolved)
		}
	}
	for _, src := range []string{`yarn workspaces foreach -A run test`, `yarn workspaces run test`, `yarn workspaces list`, `yarn workspaces foreach -A test`} {
		l := ParseFiles(src, POSIX, withList(files))
		if o, why := p.MatchLine(&l); o != NoMatch || len(l.Unresolved) > 0 {
			t.Errorf("%q: %v (%s), unresolved %q; want no match and nothing unresolved", src, o, why, l.Unresolved)
		}
	}
}
