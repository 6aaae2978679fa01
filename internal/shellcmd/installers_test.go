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
	t.Setenv("VIRTUAL_ENV", "") // the agent's activated environment, which pip installs into
	for _, tc := range []struct {
		line    string
		disk    bool     // read with installProject's files
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
		// deno install -g (or deno 1's, with -n or --root) puts the script's program in its bin.
		{line: "deno install -n git https://x/y.ts", want: []string{"~/.deno/bin/git"}},
		{line: "deno install -g -A --name=jq jsr:@x/y", want: []string{"~/.deno/bin/jq"}},
		{line: "deno install --root /opt/d -ngit https://x/y.ts", want: []string{"/opt/d/bin/git"}},
		{line: "DENO_INSTALL_ROOT=/opt/e deno install -g https://x/y.ts", unpacks: []string{"/opt/e/bin"}},
		{line: "deno install && deno install npm:left-pad && deno run -n x.ts", not: []string{"~/.deno/bin/x.ts"}},
		// npm link with no package (or a directory) installs the package globally: its bin's
		// programs, in the global directory of programs; npm link NAME links into node_modules.
		{disk: true, line: "npm link", want: []string{"/usr/local/bin/hookrun", "/usr/local/bin/shop-admin"}, not: []string{"/usr/local/bin/*"}},
		{disk: true, line: "npm link ./tool", want: []string{"/usr/local/bin/tool", "node_modules/.bin/*"}},
		{disk: true, line: "cd dirbin && npm link", unpacks: []string{"/usr/local/bin"}},
		{disk: true, line: "cd nobin && npm link", not: []string{"/usr/local/bin/nobin"}},
		{disk: true, line: "pnpm link --global", want: []string{"~/.local/share/pnpm/hookrun"}},
		{disk: true, line: "PNPM_HOME=/opt/pnpm pnpm link -g", want: []string{"/opt/pnpm/hookrun"}},
		{disk: true, line: "bun link", want: []string{"~/.bun/bin/hookrun"}},
		{disk: true, line: "npm link left-pad", want: []string{"node_modules/left-pad", "node_modules/.bin/*"}, not: []string{"/usr/local/bin/hookrun"}},
		{disk: true, line: "pnpm link ../lib", not: []string{"~/.local/share/pnpm/lib"}},
		{disk: true, line: "cd broken && npm link", unpacks: []string{"/usr/local/bin"}},
		// pip install of a project of the line's puts the programs its pyproject.toml or setup.cfg
		// declares in the environment's directory of programs, where the line names it.
		{disk: true, line: "uv pip install -e .", want: []string{".venv/bin/hookrun"}},
		{disk: true, line: ".venv/bin/pip install './py[test]'", want: []string{".venv/bin/hookrun", ".venv/bin/py-gui", ".venv/bin/poetry-tool"}},
		{disk: true, line: "/opt/env/bin/python3 -m pip install -e ./py", want: []string{"/opt/env/bin/hookrun"}},
		{disk: true, line: "pip install --user ./cfg", want: []string{"~/.local/bin/hookrun", "~/.local/bin/cfg-gui", "~/.local/bin/one"}},
		{disk: true, line: "VIRTUAL_ENV=/v pip3 install --no-deps ./py", want: []string{"/v/bin/hookrun"}},
		{disk: true, line: "pip install --prefix=/opt/p ./py", want: []string{"/opt/p/bin/hookrun"}},
		{disk: true, line: "pip install ./py", not: []string{".venv/bin/hookrun", "bin/hookrun"}},
		{disk: true, line: "uv pip install -r requirements.txt requests", not: []string{".venv/bin/hookrun"}},
		// Every way pip names a local project: -e with a bare directory name (-e takes only a path
		// or a VCS URL), file: URLs, NAME @ file://, git+file://, and the requirements files -r
		// names (and the ones they name), whose -e . or ./dir lines are projects of the line's.
		{disk: true, line: "pip install --user -e py", want: []string{"~/.local/bin/hookrun"}},
		{disk: true, line: "pip install -e py --user", want: []string{"~/.local/bin/hookrun"}},
		{disk: true, line: "/opt/env/bin/pip install --editable=py", want: []string{"/opt/env/bin/hookrun"}},
		{disk: true, line: "pip install --user -epy", want: []string{"~/.local/bin/hookrun"}},
		{disk: true, line: "pip install --user file:py", want: []string{"~/.local/bin/hookrun"}},
		{disk: true, line: "pip install --user file:///p/py", want: []string{"~/.local/bin/hookrun"}},
		{disk: true, line: "pip install --user 'x @ file:///p/py'", want: []string{"~/.local/bin/hookrun"}},
		{disk: true, line: "pip install --user -e git+file:///p/py#egg=x", want: []string{"~/.local/bin/hookrun"}},
		{disk: true, line: "pip install --user git+file:///p/cfg@main", want: []string{"~/.local/bin/hookrun"}},
		{disk: true, line: "pip install --user -r reqs/dev.txt", want: []string{"~/.local/bin/hookrun", "~/.local/bin/cfg-gui"}},
		{disk: true, line: ".venv/bin/pip install --requirement=reqs/editable.txt", want: []string{".venv/bin/hookrun"}},
		{disk: true, line: "pip install --user -r reqs/plain.txt", not: []string{"~/.local/bin/hookrun"}},
		{disk: true, line: "pip install --user py-tool requests", not: []string{"~/.local/bin/hookrun"}},
		// uv sync, and uv run, add and remove, which sync first, install the project into its .venv.
		{disk: true, line: "uv sync --frozen", want: []string{".venv/bin/hookrun"}},
		{disk: true, line: "uv run pytest -x", want: []string{".venv/bin/hookrun"}},
		{disk: true, line: "uv run pytest --no-sync", want: []string{".venv/bin/hookrun"}},
		{disk: true, line: "uv --directory py add requests", want: []string{"py/.venv/bin/hookrun", "py/.venv/bin/poetry-tool"}},
		{disk: true, line: "UV_PROJECT_ENVIRONMENT=/opt/env uv sync", want: []string{"/opt/env/bin/hookrun"}},
		{disk: true, line: "uv run --no-sync pytest", not: []string{".venv/bin/hookrun"}},
		{disk: true, line: "uv lock && uv run --no-project x.py && uv sync --no-install-project", not: []string{".venv/bin/hookrun"}},
		// go build of one package, with no -o or -o DIR/, writes the program there under the name go
		// install would give it (read from installProject's go.mod files).
		{disk: true, line: "go -C evil build -o /srv/x/", want: []string{"/srv/x/hookrun"}},
		{disk: true, line: "cd /opt/tools && go build example.com/hookrun/cmd/hookrun", want: []string{"/opt/tools/hookrun"}},
		{disk: true, line: "go build -o /opt/tools/ ./cmd/hookrun", want: []string{"/opt/tools/hookrun"}},
		{disk: true, line: "cd /opt/tools && go build ~/src/x/hookrun.go", want: []string{"/opt/tools/hookrun"}},
		{disk: true, line: "go build ./cmd/app", want: []string{"app"}},
		{disk: true, line: "go build ./cmd/app ./cmd/hookrun", not: []string{"hookrun", "app"}},
		{disk: true, line: "go build -o out ./cmd/hookrun", not: []string{"hookrun"}},
	} {
		l := Parse(tc.line)
		if tc.disk {
			l = ParseFiles(tc.line, POSIX, memFiles(installProject))
		}
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

// goInstallGuard is init's protect_hooks pattern for go install of a package named hookrun.
const goInstallGuard = "go install */hookrun|*/hookrun/|*/hookrun@*|*/hookrun/v*|*...|*...@*"

// installProject is a module with packages cmd/hookrun and cmd/app, and modules whose paths name the
// program hookrun whatever their directories are called; and packages whose package.json names
// their programs (bin), for npm link.
var installProject = map[string]string{
	"/p/go.mod":              "module example.com/app\n\ngo 1.22\n",
	"/p/evil/go.mod":         "// a fork\nmodule github.com/evil/hookrun/v2 // v2\n\nrequire x v1\n",
	"/p/block/go.mod":        "module (\n\t\"example.com/hookrun\"\n)\n",
	"/p/two/go.mod":          "module example.com/a\nmodule example.com/hookrun\n",
	"/p/big/go.mod|big":      "module example.com/hookrun\n",
	"/p/quoted/go.mod":       "module `example.com/hookrun`\n",
	"/p/crlf/go.mod":         "\ufeffmodule example.com/hookrun\r\n",
	"/p/bad/go.mod":          "module \"example.com/hookrun\n",
	"/p/other/go.mod":        "module example.com/tools\n",
	"/p/package.json":        `{"name": "@shop/cli", "bin": {"hookrun": "bin/x.js", "shop-admin": "bin/admin.js"}}`,
	"/p/tool/package.json":   `{"name": "@scope/tool", "bin": "cli.js"}`,
	"/p/dirbin/package.json": `{"name": "d", "directories": {"bin": "bin"}}`,
	"/p/nobin/package.json":  `{"name": "nobin", "main": "index.js"}`,
	"/p/broken/package.json": `{"name": "x", "bin": `,
	"/p/pyproject.toml":      "[project]\nname = \"x\"\n[project.scripts]\nhookrun = \"x:main\"\n",
	"/p/py/pyproject.toml":   "[project.scripts]\nhookrun = \"x:main\"\n[project.gui-scripts]\npy-gui = \"x:gui\"\n[tool.poetry.scripts]\npoetry-tool = \"x:t\"\n",
	"/p/cfg/setup.cfg":       "[metadata]\nname = cfg\n[options.entry_points]\nconsole_scripts =\n    hookrun = cfg:main\n    # a comment\ngui_scripts = cfg-gui = cfg:gui\nother =\n    not-a-program = x:y\n[other]\nconsole_scripts =\n    nope = x:y\n[options.entry_points]\nconsole_scripts: one = x:y\n",
	"/p/evil/setup.py":       "import os\nfrom setuptools import setup\nos.system('rm -rf /home/u')\nsetup()\n",
	"/p/reqs/dev.txt":        "# tools\n-r plain.txt\n--requirement editable.txt\n./cfg[dev]  # the config tool\n",
	"/p/reqs/evil.txt":       "-e evil\n",
	"/p/reqs/editable.txt":   "-e .\n",
	"/p/reqs/plain.txt":      "requests==2.0 --hash=sha256:00\npy-tool>=1 ; python_version > '3'\n-c constraints.txt\n",
}

// TestGoInstallOfADirectory: go install of a package named by its directory (or none: the
// directory the line is in) is read as go install of its import path, which its module's go.mod
// spells, so the guard's words for a package named hookrun hold it whatever the line spells.
func TestGoInstallOfADirectory(t *testing.T) {
	p := mustCompile(goInstallGuard)
	wantOutcomeIn(t, installProject, p, Match, []string{
		"cd cmd/hookrun && go install",
		"go install ./cmd/hookrun/.",
		"go install ./cmd/HookRun",
		"go install github.com/evil/HOOKRUN@latest",
		"cd cmd/HOOKRUN && go install",
		"go install ./cmd/hookrun/./",
		"go install ./cmd/x/../hookrun/",
		"go -C cmd/hookrun install",
		"go -C=cmd/hookrun install -v",
		"cd evil && go install .",
		"cd evil/sub/.. && go install",
		"go -C evil install",
		"go install ./evil",
		"GOBIN=/opt/tools go install -ldflags=-s ./evil",
		"cd block && go install",
		"cd quoted && go install",
		"cd crlf && go install",
		"cd /p/cmd/hookrun && go install",
	})
	// Listed: go test and go run read the Go files of the directories (goprograms.go).
	wantListed(t, installProject, p, NoMatch, []string{
		"go install ./cmd/app",
		"cd cmd/app && go install",
		"go install",
		"go -C other install .",
		"go install golang.org/x/tools/gopls@latest",
		"go build ./cmd/hookrun",
		"go test ./cmd/hookrun",
		"go run ./cmd/hookrun",
	})
	// A go.mod hookrun cannot read, or one the line changes, leaves the line unresolved.
	wantOutcomeIn(t, installProject, p, Unknown, []string{
		"cd two && go install",
		"cd big && go install",
		"cd bad && go install",
		"go mod edit -module example.com/hookrun && go install .",
		"go install -modfile=x.mod .",
		"GOFLAGS=-modfile=x.mod go install .",
		"echo 'module x/hookrun' > go.mod && go install .",
	})
}

// TestPipInstallRunsSetupPy: pip install of a project of the line's runs its setup.py, read as
// python3 setup.py's program file is.
func TestPipInstallRunsSetupPy(t *testing.T) {
	p := mustCompile("rm -r")
	wantOutcomeIn(t, installProject, p, Match, []string{"pip install ./evil", "pip install -e evil/", "uv pip install -e ./evil", "python3 -m pip install './evil[x]'", "cd evil && pip install .", "pip install -e evil", "pip install -r reqs/evil.txt", "pip install file:evil"})
	wantOutcomeIn(t, installProject, p, NoMatch, []string{"pip install -r evil/requirements.txt", "pip install evil", "pip download ./evil"})
}

func TestGoProgramName(t *testing.T) {
	for p, want := range map[string]string{
		"example.com/hookrun": "hookrun", "example.com/hookrun/v2": "hookrun", "example.com/x/cmd/hookrun/": "hookrun",
		"gopkg.in/yaml.v3": "yaml.v3", "v2": "v2", "/p/cmd/hookrun": "hookrun", ".": "", "example.com/vx": "vx",
	} {
		if got := goProgramName(p); got != want {
			t.Errorf("goProgramName(%q) = %q, want %q", p, got, want)
		}
	}
}

// FuzzGoModulePath: a go.mod is the repository's, so any text: the module path read is one of its
// words, with no blank in it.
func FuzzGoModulePath(f *testing.F) {
	for _, text := range installProject {
		f.Add(text)
	}
	f.Add("module")
	f.Add("module (\n)\n")
	f.Fuzz(func(t *testing.T, text string) {
		m, ok := goModulePath(text)
		if !ok {
			return
		}
		if m == "" || strings.ContainsAny(m, " \t\r\n") {
			t.Fatalf("goModulePath(%q) = %q", text, m)
		}
	})
}

// FuzzPackageBins: a package.json is the repository's, so any text: the programs read are names,
// never paths.
func FuzzPackageBins(f *testing.F) {
	for _, text := range installProject {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		names, pkg, known := packageBins(text)
		if !known && (len(names) > 0 || pkg != "") {
			t.Fatalf("packageBins(%q) = %q, %q, unknown", text, names, pkg)
		}
		for _, n := range append(names, pkg) {
			if strings.Contains(n, "/") {
				t.Fatalf("packageBins(%q): %q is a path", text, n)
			}
		}
	})
}

// FuzzPythonPrograms: a pyproject.toml and a setup.cfg are the repository's, so any text: the
// programs read from them are single lines.
func FuzzPythonPrograms(f *testing.F) {
	for _, text := range installProject {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, n := range append(pyprojectPrograms(text), setupCfgPrograms(text)...) {
			if strings.ContainsAny(n, "\r\n") {
				t.Fatalf("%q: program %q spans lines", text, n)
			}
		}
	})
}

func TestPipProject(t *testing.T) {
	for _, tc := range []struct {
		spec     string
		editable bool
		want     string // "" for none
	}{
		{"evpy", true, "evpy"}, {"evpy", false, ""}, {"requests==2", false, ""}, {"x@1.0", false, ""},
		{".", false, "."}, {"./x[dev]", false, "./x"}, {"file:x", false, "x"}, {"file:///a/b", false, "/a/b"},
		{"file://localhost/a", false, "/a"}, {"file://host/a", false, ""}, {"x @ file:///a/b", false, "/a/b"},
		{"x@file:./b", false, "./b"}, {"git+file:///a/b@v1#egg=x", true, "/a/b"}, {"git+https://h/x.git", true, ""},
		{"./dist/x-1.0-py3-none-any.whl", false, ""}, {"./dist/x-1.0.tar.gz", false, ""},
		{"file:///a#subdirectory=py", false, "/a/py"}, {"x @ https://h/x.zip", false, ""},
	} {
		got, ok := pipProject(tc.spec, tc.editable)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("pipProject(%q, %v) = %q, %v; want %q", tc.spec, tc.editable, got, ok, tc.want)
		}
	}
}

func TestRequirementsLines(t *testing.T) {
	projects, nested := requirementsLines("# c\n-e .\n--editable=./lib\n-r base.txt\n--requirement \\\n dev.txt\n-c c.txt\n" +
		"./tool[x] ; python_version > '3' --hash=sha256:0\nrequests==2 # ./not\n-i https://x\n-rmore.txt\r\n")
	if want := []string{".", "./lib", "./tool"}; !slices.Equal(projects, want) {
		t.Errorf("projects %q, want %q", projects, want)
	}
	if want := []string{"base.txt", "dev.txt", "more.txt"}; !slices.Equal(nested, want) {
		t.Errorf("nested %q, want %q", nested, want)
	}
}

// FuzzRequirementsLines: a requirements file is the repository's, so any text: each project and
// nested file read is a word of one line, never one with a line break.
func FuzzRequirementsLines(f *testing.F) {
	for _, text := range installProject {
		f.Add(text)
	}
	f.Add("-e git+file:///a@b#egg=x&subdirectory=s\nx @ file:y\n")
	f.Fuzz(func(t *testing.T, text string) {
		projects, nested := requirementsLines(text)
		for _, p := range append(projects, nested...) {
			if p == "" || strings.ContainsAny(p, "\r\n") {
				t.Fatalf("requirementsLines(%q): %q", text, p)
			}
		}
	})
}
