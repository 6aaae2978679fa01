package shellcmd

import (
	"runtime"
	"testing"
)

// runnerProject holds the task files of goreleaser and mask, each with a task that runs
// rm -rf ~, and those of the runners whose tasks are code (gulp, grunt, mage, tilt, earthly,
// act's workflows).
var runnerProject = map[string]string{
	"/p/.goreleaser.yaml": "version: 2\nbefore:\n  hooks:\n    - go mod tidy\n    - rm -rf ~\n" +
		"builds:\n  - main: .\n    hooks:\n      pre:\n        - cmd: rm {{ .Env.F }} ~\n        - cmd: sh -c 'rm $F ~'\n          env: [F=-rf]\n      post: rm -rf ~\n",
	"/s/goreleaser.yml":  "signs:\n  - cmd: rm\n    args: [\"-rf\", \"~\"]\n",
	"/t/.goreleaser.yml": "after:\n  hooks:\n    - cmd: rm -rf ~\n      dir: sub\n",
	"/u/.goreleaser.yml": "publishers:\n  - name: x\n    cmd: rm -rf ~\n",
	"/v/.goreleaser.yml": "builds:\n  - main: .\n    hooks:\n      pre: go generate ./...\n",
	"/w/.goreleaser.yml": "includes:\n  - from_file:\n      path: ./other.yml\n",
	"/p/maskfile.md": "# Tasks\n\n## build\n\n> Builds it\n\n```sh\ngo build ./...\n```\n\n## clean\n\n" +
		"~~~bash\nrm -rf ~\n~~~\n\n## py\n\n```python\nimport os\nos.system(\"rm -rf ~\")\n```\n",
	"/m/maskfile.md":  "## build\n\n```sh\ngo build ./...\n```\n",
	"/m2/maskfile.md": "## x\n\n````sh\necho '```'\nrm -rf ~\n````\n",
	// Fences mask may read otherwise than a plain scan does: indented, quoted, in a list item.
	"/m3/maskfile.md": "## x\n\n> ```sh\n> rm -rf ~\n> ```\n",
	"/m4/maskfile.md": "## x\n\n```sh\necho a\n    ```\nrm -rf ~\n```\n",
	"/g/gulpfile.js":  "exports.clean = () => require('child_process').execSync('rm -rf ~')\n",
}

// TestDiskRunnerFiles: goreleaser runs the hooks of its configuration and mask the code blocks of
// maskfile.md; gulp, grunt, mage, tilt, earthly and act run the repository's code (JavaScript,
// Go, Starlark, an Earthfile's LOCALLY targets, workflows and the actions they use), which
// hookrun does not read: unresolved. Each passed a deny of rm -rf before.
func TestDiskRunnerFiles(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("paths of the project are Unix paths")
	}
	p := mustCompile("rm -rf")
	wantOutcomeIn(t, runnerProject, p, Match, []string{
		`goreleaser release --clean`, `goreleaser`, `goreleaser build --snapshot`, `goreleaser release -f /s/goreleaser.yml`,
		`goreleaser --config=/t/.goreleaser.yml release`, `goreleaser release --id c`, `cd /u && goreleaser release`, `cd /s && goreleaser r`,
		`mask clean`, `mask build`, `mask --maskfile /p/maskfile.md build`, `cd /m2 && mask x`, `mask py`,
	})
	wantOutcomeIn(t, runnerProject, p, NoMatch, []string{
		`cd /v && goreleaser release`, `goreleaser check`, `goreleaser --version`, `cd /m && mask build`, `mask --help`,
	})
	wantOutcomeIn(t, runnerProject, p, Unknown, []string{
		`cd /w && goreleaser release`, `goreleaser -f "$F" release`, `mask --maskfile "$M" x`, `cd /m3 && mask x`, `cd /m4 && mask x`,
		`cd /g && gulp clean`, `npx gulp clean`, `grunt build`, `mage clean`, `tilt up`, `tilt ci`, `earthly +build`, `act`,
		`act push -j build`,
	})
	wantOutcomeIn(t, runnerProject, p, NoMatch, []string{`gulp --version`, `mage -version`, `tilt version`, `act --version`, `earthly --help`})
}

// TestDiskEnvFiles: envdir DIR gives the command it runs a variable for each file of DIR, and
// dotenv, dotenvx run and env-cmd those of a .env file: BASH_ENV there makes the bash it runs
// source a script, GIT_PAGER makes git run a line. Each passed a deny of rm -rf before.
func TestDiskEnvFiles(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("paths of the project are Unix paths")
	}
	files := map[string]string{
		"/p/e/BASH_ENV":    "./x.sh\nignored\n",
		"/p/x.sh":          "rm -rf ~\n",
		"/p/g/GIT_PAGER":   "rm -rf ~",
		"/p/ok/GOFLAGS":    "-mod=mod",
		"/p/.env":          "# env\nexport BASH_ENV=./x.sh\n",
		"/p/git.env":       "GIT_PAGER='rm -rf ~'\n",
		"/p/plain/.env":    "A=1\n",
		"/p/plain/x.sh":    "rm -rf ~\n",
		"/p/plain/keep.sh": "echo\n",
	}
	p := mustCompile("rm -rf")
	wantOutcomeFiles(t, func() *Files { return withList(files) }, p, Match, []string{
		`envdir e bash -c true`, `envdir ./e sh -c ls`, `envdir g git log`, `envdir /p/e bash -c true`,
		`dotenv -- bash -c true`, `dotenv -e git.env -- git log`, `npx dotenv -e .env -- bash -c true`,
		`dotenvx run -- bash -c true`, `dotenvx run -f git.env -- git log`, `env-cmd bash -c true`, `env-cmd -f git.env git log`,
		`env-cmd --file git.env git log`,
	})
	wantOutcomeFiles(t, func() *Files { return withList(files) }, p, NoMatch, []string{
		`envdir ok go build`, `envdir missing bash -c true`, `cd plain && dotenv -- bash -c true`, `env-cmd -f plain/.env sh -c ls`,
	})
	wantOutcomeFiles(t, func() *Files { return withList(files) }, p, Unknown, []string{`envdir "$D" bash -c true`, `dotenv -e "$F" -- bash -c true`})
}

// TestDiskMoreRunners: fastlane runs the Ruby of its Fastfile (sh "rm -rf ~" in a lane), read as
// a Rakefile is; nix-shell, nix develop and devenv run a shellHook (enterShell) of Nix code, moon
// and rush the tasks of their workspace's configurations: unresolved; rushx NAME is npm run NAME.
// Each passed a deny of rm -rf before.
func TestDiskMoreRunners(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("paths of the project are Unix paths")
	}
	files := map[string]string{
		"/p/fastlane/Fastfile": "default_platform(:ios)\nlane :clean do\n  sh(\"rm -rf ~\")\nend\n",
		"/q/Fastfile":          "lane :test do\n  sh(\"xcodebuild test\")\nend\n",
		"/i/fastlane/Fastfile": "import_from_git(url: \"https://example.com/x.git\")\n",
		"/p/package.json":      `{"scripts": {"clean": "rm -rf ~", "test": "jest"}}`,
		"/p/shell.nix":         "{ pkgs ? import <nixpkgs> {} }: pkgs.mkShell { shellHook = \"rm -rf ~\"; }\n",
		"/p/flake.nix":         "{ outputs = { self }: { devShells.x86_64-linux.default = { shellHook = \"rm -rf ~\"; }; }; }\n",
		"/p/devenv.nix":        "{ enterShell = \"rm -rf ~\"; }\n",
	}
	p := mustCompile("rm -rf")
	wantOutcomeIn(t, files, p, Match, []string{`fastlane clean`, `bundle exec fastlane ios clean`, `rushx clean`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`cd /q && fastlane test`, `rushx test`, `nix-shell -p jq --run jq`, `nix --version`,
		`nix build`, `moon --version`, `rush --help`,
		`cd /q && nix develop`, `cd /q && nix-shell --run true`, `cd /q && devenv shell`})
	wantOutcomeIn(t, files, p, Unknown, []string{`cd /i && fastlane test`, `nix-shell`, `nix-shell --run true`, `nix develop`,
		`nix develop -c make`, `devenv shell`, `cd sub && nix develop`, `cd /q && nix-shell x.nix`, `moon run app:clean`, `moon app:clean`, `rush build`, `rush clean`})
}
