package shellcmd

import (
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestInterpreterNames: an interpreter installed under a name with its version (macOS's
// perl5.34, Debian's php8.2, ruby3.1, lua5.4) or another name for the same program (Debian's
// nodejs, JRuby, TypeScript's runners tsx and ts-node, which take node's -e and -p) reads the
// program it is given in the line as the plain name does. Each passed a deny of rm -rf before.
func TestInterpreterNames(t *testing.T) {
	p := mustCompile("rm -rf")
	wantOutcome(t, p, Match, []string{
		`perl5.34 -e 'system("rm -rf ~")'`, `/usr/bin/perl5.30 -e 'system "rm", "-rf", "~"'`,
		`php8.2 -r 'system("rm -rf ~");'`, `php7.4 -r 'shell_exec("rm -rf ~");'`,
		`ruby3.2 -e 'system("rm -rf ~")'`, `jruby -e '` + "`rm -rf ~`" + `'`, `truffleruby -e 'system("rm -rf ~")'`,
		`lua5.4 -e 'os.execute("rm -rf ~")'`, `lua5.1 -e 'os.execute("rm -rf ~")'`,
		`tsx -e 'require("child_process").execSync("rm -rf ~")'`, `npx tsx --eval 'require("child_process").execSync("rm -rf ~")'`,
		`ts-node -e 'require("child_process").execSync("rm -rf ~")'`, `ts-node -p 'require("child_process").execSync("rm -rf ~")'`,
		`babel-node -e 'require("child_process").execSync("rm -rf ~")'`, `esno -e 'require("child_process").execSync("rm -rf ~")'`,
	})
	wantOutcome(t, p, NoMatch, []string{`perl5.34 -e 'print "rm -rf ~"'`, `php8.2 -v`, `tsx watch src/index.ts`, `lua5.4 x.lua`})
	for _, tc := range []struct{ line, path string }{
		{`perl5.34 -e 'unlink ".env"'`, ".env"},
		{`tsx -e 'require("fs").rmSync(".system", {recursive: true})'`, ".system"},
		{`php8.3 -r 'unlink(".env");'`, ".env"},
	} {
		if l := Parse(tc.line); !slices.Contains(l.Paths, tc.path) {
			t.Errorf("Parse(%q).Paths = %q, want %q among them", tc.line, l.Paths, tc.path)
		}
	}
}

// TestPackageBins: a package runner (npx, npm exec, pnpm dlx, yarn dlx, bunx) runs the program the
// package installs, whose name may not be the package's: npx dotenv-cli runs dotenv, which gives
// its command the variables of .env (BASH_ENV there a script bash sources); @go-task/cli runs
// task, rust-just just, gulp-cli gulp. Each passed before.
func TestPackageBins(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("paths of the project are Unix paths")
	}
	files := map[string]string{
		"/p/.env":         "BASH_ENV=./x.sh\n",
		"/p/x.sh":         "rm -rf ~\n",
		"/p/Taskfile.yml": "version: '3'\ntasks:\n  wipe: rm -rf ~\n",
		"/p/justfile":     "wipe:\n    rm -rf ~\n",
		"/p/gulpfile.js":  "exports.default = () => {}\n",
		"/p/plain.env":    "A=1\n",
	}
	p := mustCompile("rm -rf")
	wantOutcomeIn(t, files, p, Match, []string{
		`npx dotenv-cli -- bash -c true`, `npx dotenv-cli@7 -- bash -c true`, `pnpm dlx dotenv-cli -- bash -c true`,
		`yarn dlx dotenv-cli -- bash -c true`, `bunx dotenv-cli -- bash -c true`, `npm exec -y dotenv-cli -- -- bash -c true`,
		`npx @go-task/cli wipe`, `npx rust-just wipe`, `npx -y @go-task/cli@latest wipe`,
	})
	wantOutcomeIn(t, files, p, Unknown, []string{`npx gulp-cli`, `npx grunt-cli build`, `npx @moonrepo/cli run app:clean`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`npx dotenv-cli -e plain.env -- bash -c true`, `npx prettier --check .`, `npx @go-task/cli --list`})
}

// TestInstalledNames: the other names a tool hookrun reads is installed under run it: yarnpkg is
// yarn, pn and pnx pnpm's (pnpm 10), conc concurrently, dx dotenvx, moonx moon run, and @antfu/ni's
// nr, na, nlx, ni and nci run a script, the package manager, a package, an install and a clean
// install. Each passed a deny of rm -rf before.
func TestInstalledNames(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("paths of the project are Unix paths")
	}
	files := map[string]string{
		"/p/package.json": `{"scripts":{"clean":"rm -rf ~","test":"jest","postinstall":"rm -rf ~"}}`,
		"/p/.env":         "BASH_ENV=./x.sh\n",
		"/p/x.sh":         "rm -rf ~\n",
		"/q/package.json": `{"scripts":{"test":"jest"}}`,
	}
	p := mustCompile("rm -rf")
	wantOutcomeIn(t, files, p, Match, []string{
		`yarnpkg clean`, `yarnpkg run clean`, `pn clean`, `pn run clean`, `pnx dotenv-cli -- bash -c true`, `conc "npm:clean"`,
		`dx run -- bash -c true`, `nr clean`, `na run clean`, `nlx dotenv-cli -- bash -c true`, `ni`, `nci`,
	})
	wantOutcomeIn(t, files, p, Unknown, []string{`moonx app:clean`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`cd /q && yarnpkg test`, `cd /q && pn test`, `cd /q && nr test`, `cd /q && ni`,
		`cd /q && conc "npm:test"`})
}

// TestUnversionedAsTrimRight holds unversioned, which isShell and interpreterName ask of every
// command, to what it replaced, strings.TrimRight(name, "0123456789."), on every name of up to
// five bytes from letters, digits, dots and a slash.
func TestUnversionedAsTrimRight(t *testing.T) {
	const alphabet = "a09./"
	var names []string
	var grow func(string)
	grow = func(s string) {
		names = append(names, s)
		if len(s) == 5 {
			return
		}
		for i := range len(alphabet) {
			grow(s + alphabet[i:i+1])
		}
	}
	grow("")
	names = append(names, "bash5.2", "python3.12", "perl5.34", "ksh93", "3.12", "node", "tclsh8.6")
	for _, n := range names {
		if got, want := unversioned(n), strings.TrimRight(n, "0123456789."); got != want {
			t.Errorf("unversioned(%q) = %q, want %q", n, got, want)
		}
	}
}

// TestBinNames: npm links a bin key by its last part, a backslash or a colon a slash, and links
// nothing for a key with no last part; a key "/" was read as the program "/" (a path).
func TestBinNames(t *testing.T) {
	names, pkg, known := packageBins(`{"name":"@s/p","bin":{"000":"0","/":"0","..":"x","a\\b":"x","c:d":"x","e/":"x"}}`)
	if got := strings.Join(names, " "); got != "000 b d e" || pkg != "" || !known {
		t.Errorf("packageBins = %q, %q, %v; want \"000 b d e\", \"\", true", got, pkg, known)
	}
	if _, pkg, known := packageBins(`{"name":"@s/p","bin":"cli.js"}`); pkg != "p" || !known {
		t.Errorf("packageBins of a one-path bin = %q, %v; want \"p\", true", pkg, known)
	}
	if _, _, known := packageBins(`{"name":"/","bin":"cli.js"}`); known {
		t.Errorf("packageBins of a package named \"/\" is known; want unknown")
	}
}
