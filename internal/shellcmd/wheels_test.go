package shellcmd

import (
	"archive/zip"
	"bytes"
	"maps"
	"slices"
	"strings"
	"testing"
)

// wheel is a wheel's bytes holding files (name to text), as pip reads it: a zip archive.
func wheel(t testing.TB, files map[string]string) string {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for _, n := range slices.Sorted(maps.Keys(files)) {
		f, err := w.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write([]byte(files[n])); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// wheelProject: a project's dist/ with a wheel whose entry points and scripts name hookrun, one
// that names only its own program, an sdist, a file that is no zip and one too large to read.
func wheelProject(t testing.TB) map[string]string {
	evil := wheel(t, map[string]string{
		"evil/__init__.py":                    "",
		"evil-1.0.dist-info/METADATA":         "Name: evil\n",
		"evil-1.0.dist-info/entry_points.txt": "[console_scripts]\nhookrun = evil:main\n\n[gui_scripts]\nevil-gui=evil:gui\n[evil.plugins]\nnot-a-program = evil:p\n",
		"evil-1.0.data/scripts/git":           "#!python\n",
		"evil.pth":                            "import os; os.system('rm -rf ~')\n",
		"evil-1.0.data/purelib/more.pth":      "import evil\n",
	})
	return map[string]string{
		"/p/dist/evil-1.0-py3-none-any.whl":    evil,
		"/p/dist/shop-1.0-py3-none-any.whl":    wheel(t, map[string]string{"shop-1.0.dist-info/entry_points.txt": "[console_scripts]\nshop = shop.cli:main\n"}),
		"/p/dist/broken-1.0-py3-none-any.whl":  "not a zip",
		"/p/dist/big-1.0-py3-none-any.whl|big": evil,
		"/p/dist/app-1.0.tar.gz":               "\x1f\x8b",
		"/p/pyproject.toml":                    "[project]\nname = \"x\"\n[project.scripts]\nhookrun = \"x:main\"\n",
		"/p/hatch_build.py":                    "import os\nos.system('rm -rf /home/u')\n",
	}
}

// TestPipInstallOfAWheel: pip install of a wheel of the disk puts the programs its
// entry_points.txt and its .data/scripts name in the environment's directory of programs, where
// the line names it; a wheel hookrun cannot read there is unresolved, and so is an sdist, whose
// build runs the project's setup.py or build hooks from inside the archive.
func TestPipInstallOfAWheel(t *testing.T) {
	t.Setenv("VIRTUAL_ENV", "")
	files := wheelProject(t)
	for _, tc := range []struct {
		line string
		want []string // among Paths
		not  []string
	}{
		{line: "uv pip install ./dist/evil-1.0-py3-none-any.whl", want: []string{".venv/bin/hookrun", ".venv/bin/evil-gui", ".venv/bin/git"}, not: []string{".venv/bin/not-a-program"}},
		{line: "pip install --user dist/evil-1.0-py3-none-any.whl", want: []string{"~/.local/bin/hookrun", "~/.local/lib/python*/site-packages/evil.pth", "~/.local/lib/python*/site-packages/more.pth"}},
		{line: ".venv/bin/pip install --no-deps 'evil @ file:///p/dist/evil-1.0-py3-none-any.whl'", want: []string{".venv/bin/hookrun"}},
		{line: "uv pip install dist/*.whl", want: []string{".venv/bin/hookrun", ".venv/bin/shop"}},
		{line: "uv pip install ./dist/shop-1.0-py3-none-any.whl", want: []string{".venv/bin/shop"}, not: []string{".venv/bin/hookrun"}},
		{line: "pip install ./dist/evil-1.0-py3-none-any.whl", not: []string{".venv/bin/hookrun", "bin/hookrun"}},
		{line: "uv pip install https://example.com/evil-1.0-py3-none-any.whl", not: []string{".venv/bin/hookrun"}},
	} {
		l := ParseFiles(tc.line, POSIX, withList(files))
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
	}
	p := mustCompile("rm -r")
	wantOutcomeIn(t, files, p, Unknown, []string{
		"uv pip install ./dist/broken-1.0-py3-none-any.whl",
		"uv pip install ./dist/big-1.0-py3-none-any.whl",
		"pip install dist/app-1.0.tar.gz",
		"pip install ./app.zip",
		"uv pip install 'app @ file:///p/dist/app-1.0.tar.gz'",
		"uv pip install dist/*.whl", // lists no directory
	})
	wantOutcomeIn(t, files, p, NoMatch, []string{
		"pip install ./dist/evil-1.0-py3-none-any.whl",
		"uv pip install ./dist/shop-1.0-py3-none-any.whl",
		"pip install https://example.com/app-1.0.tar.gz",
		"pip install requests",
	})
}

// TestPythonManagersInstallTheProject: poetry install, pdm install and sync, and hatch's
// environments install the project itself, whose build runs its setup.py or build hooks
// (hatch_build.py, pdm_build.py): read as python3 runs them, as pip install . reads them.
func TestPythonManagersInstallTheProject(t *testing.T) {
	t.Setenv("VIRTUAL_ENV", "")
	p := mustCompile("rm -r")
	files := map[string]string{
		"/p/setup.py":           "import os\nos.system('rm -rf /home/u')\n",
		"/p/lib/hatch_build.py": "import os\nos.system('rm -rf /home/u')\n",
		"/p/pdm/pdm_build.py":   "import os\nos.system('rm -rf /home/u')\n",
		"/p/lib/pyproject.toml": "[project]\nname = \"lib\"\n",
	}
	wantOutcomeIn(t, files, p, Match, []string{
		"poetry install", "poetry install --with dev", "poetry sync", "pdm install", "pdm sync -G test", "hatch env create",
		"cd lib && hatch run test", "cd lib && pip install .", "uv pip install -e ./lib", "cd pdm && pdm install",
		"hatch -e test env create", "poetry -C . install",
	})
	wantOutcomeIn(t, files, p, NoMatch, []string{
		"poetry install --no-root", "poetry install --only dev --no-root", "pdm install --no-self", "pdm sync --no-self",
		"poetry add requests --lock", "poetry show", "pdm list", "hatch build --help", "hatch version",
	})
	// The programs the project declares go in pdm's .venv.
	l := ParseFiles("pdm install", POSIX, memFiles(map[string]string{"/p/pyproject.toml": "[project.scripts]\nhookrun = \"x:main\"\n"}))
	if !slices.Contains(l.Paths, ".venv/bin/hookrun") {
		t.Errorf("pdm install: Paths %q, want .venv/bin/hookrun among them", l.Paths)
	}
}

// FuzzWheelPrograms: a wheel is the repository's, so any bytes: the programs read from it are
// names, never paths, and no line breaks.
func FuzzWheelPrograms(f *testing.F) {
	for _, text := range wheelProject(f) {
		f.Add([]byte(text))
	}
	f.Add([]byte(wheel(f, map[string]string{"x.dist-info/entry_points.txt": "[console_scripts]\n../../x = y\n a/b=c\n"})))
	f.Fuzz(func(t *testing.T, data []byte) {
		programs, pths, err := wheelPrograms(data)
		if err != nil && len(programs)+len(pths) > 0 {
			t.Fatalf("wheelPrograms: %q, %q with error %v", programs, pths, err)
		}
		for _, n := range append(programs, pths...) {
			if n == "" || n == "." || n == ".." || strings.ContainsAny(n, "/\\\r\n") {
				t.Fatalf("wheelPrograms: %q is no file's name", n)
			}
		}
	})
}
