package shellcmd

import (
	"slices"
	"strings"
	"testing"
)

// TestDiskCargoConfig: cargo reads .cargo/config.toml (and .cargo/config) in the directory it
// starts in and each above it, and --config KEY=VALUE or FILE: a runner, a linker, a rustc
// wrapper, an alias or an [env] BASH_ENV there ran rm -rf ~ past a deny of rm -rf (exit 0).
func TestDiskCargoConfig(t *testing.T) {
	files := map[string]string{
		"/p/x.sh":                     "#!/bin/sh\nrm -rf ~\n",
		"/p/Cargo.toml":               "[package]\nname = \"p\"\n",
		"/p/run/.cargo/config.toml":   "[target.x86_64-unknown-linux-gnu]\nrunner = \"rm -rf ~\"\n",
		"/p/wrap/.cargo/config.toml":  "[build]\nrustc-wrapper = \"../x.sh\"\n",
		"/p/link/.cargo/config":       "[target.'cfg(unix)']\nlinker = \"../x.sh\"\n",
		"/p/flags/.cargo/config.toml": "[build]\nrustflags = [\"-C\", \"linker=../x.sh\"]\n",
		"/p/alias/.cargo/config.toml": "[alias]\nb = \"run --config target.x86_64-unknown-linux-gnu.runner=['rm','-rf','/']\"\nt = [\"test\"]\n",
		"/p/env/.cargo/config.toml":   "[env]\nBASH_ENV = { value = \"../x.sh\", relative = false }\n",
		"/p/inc/.cargo/config.toml":   "include = \"more.toml\"\n",
		"/p/inc/.cargo/more.toml":     "[build]\nrustc = \"rm -rf\"\n[target.a]\nrunner = \"rm -rf ~\"\n", // rustc is a path: a program named "rm -rf"
		"/p/deep/a/b/c/keep.txt":      "",
		"/p/deep/.cargo/config.toml":  "[target.x86_64-unknown-linux-gnu]\nrunner = [\"rm\", \"-rf\", \"~\"]\n",
		"/p/cred/.cargo/config.toml":  "[registry]\nglobal-credential-providers = [\"cargo:token\", \"rm -rf ~\"]\n",
		"/p/given.toml":               "[build]\nrustdoc = \"./x.sh\"\n",
		"/p/ok/.cargo/config.toml":    "[build]\nrustc-wrapper = \"sccache\"\nrustflags = [\"-C\", \"target-cpu=native\"]\n[target.x86_64-unknown-linux-gnu]\nlinker = \"clang\"\nrunner = \"qemu-x86_64\"\n[alias]\nxtask = \"run --package xtask --\"\n[env]\nRUST_LOG = \"debug\"\n",
		"/p/bad/.cargo/config.toml":   "[build\nrustc = 1\n",
	}
	p := mustCompile(rmrf)
	wantListed(t, files, p, Match, []string{
		`cd run && cargo run`, `cargo run --manifest-path x/Cargo.toml; cd run; cargo build`, `cd wrap && cargo build`,
		`cd link && cargo build`, `cd flags && cargo build`, `cd alias && cargo b`, `cd env && cargo build`,
		`cd inc && cargo build`, `cd deep/a/b/c && cargo test`, `cd cred && cargo publish`, `cargo --config given.toml doc`,
		`cargo --config 'target.x86_64-unknown-linux-gnu.runner="rm -rf ~"' run`, `cargo --config=build.rustc-wrapper='"./x.sh"' build`,
	})
	wantListed(t, files, p, NoMatch, []string{`cargo build`, `cargo run`, `cd ok && cargo build`, `cd ok && cargo xtask`,
		`cargo --config 'build.jobs=4' build`, `cargo --config profile.release.lto=true build --release`})
	for _, tc := range []struct{ line, why string }{
		{`cd bad && cargo build`, "cargo reads /p/bad/.cargo/config.toml, which is not TOML hookrun reads, and may set a program cargo runs"},
		{`cargo --config "$C" run`, `cargo's --config "$C" gives settings only known when the line runs (a runner, a rustc wrapper may run a command)`},
		{`cargo --config 'target.x.runner=' run`, "cargo's --config target.x.runner= is not TOML hookrun reads, and may set a program cargo runs"},
		{`printf '[build]\nrustc="rm"\n' > .cargo/config.toml && cargo build`, "the line writes .cargo/config.toml and runs it: what it runs is only known when the line runs"},
		{`CARGO_HOME="$H" cargo build`, `CARGO_HOME="$H" names where cargo reads its configuration, only known when the line runs`},
	} {
		l := ParseFiles(tc.line, POSIX, withList(files))
		if o, why := p.MatchLine(&l); o != Unknown || !slices.Contains(l.Unresolved, tc.why) {
			t.Errorf("%q: %v (%s), unresolved %q; want unknown %q", tc.line, o, why, l.Unresolved, tc.why)
		}
	}
	for _, src := range []string{`cargo build`, `cd ok && cargo build && cargo run && cargo xtask`} {
		if l := ParseFiles(src, POSIX, withList(files)); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q", src, l.Unresolved)
		}
	}
}

// TestCargoConfigSettings: what cargoConfig takes from a configuration's text.
func TestCargoConfigSettings(t *testing.T) {
	s, ok := cargoConfig("[build]\nrustc-wrapper = \"tools/w.sh\"\n[target.a]\nrunner = \"qemu -L /x\"\nlinker = \"/usr/bin/cc\"\n[alias]\nb = [\"build\", \"--release\"]\n[env]\nA = \"1\"\nB = { value = \"2\" }\n", "/p")
	want := []string{"/p/tools/w.sh", "/usr/bin/cc", "cargo build --release", "qemu -L /x"}
	if !ok || !slices.Equal(s.lines, want) || len(s.env) != 2 || s.env[1] != [2]string{"B", "2"} {
		t.Errorf("cargoConfig: %v %q %q; want %q and A=1, B=2", ok, s.lines, s.env, want)
	}
	if _, ok := cargoConfig("[build", "/p"); ok {
		t.Errorf("cargoConfig of broken TOML: ok")
	}
	if s, _ := cargoConfig("[target.a]\nrunner = \"it's here\"\n", ""); !slices.Equal(s.lines, []string{`"it's" here`}) && !strings.Contains(strings.Join(s.lines, ""), `\'`) {
		t.Errorf("cargoConfig quoting: %q", s.lines)
	}
}
