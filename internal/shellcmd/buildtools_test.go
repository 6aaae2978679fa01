package shellcmd

import "testing"

// TestBuildToolPrograms: a build tool's setting that names a program it runs (go's -toolexec,
// -exec and -vettool, GOFLAGS and go env -w; cargo's rustc wrappers, runners and linkers; make's
// SHELL and the compilers of its implicit rules; cmake's launchers) is read as the command line
// the tool runs: a repository file it names is read as a script. Each passed a deny of rm -rf.
func TestBuildToolPrograms(t *testing.T) {
	files := map[string]string{"/p/x.sh": "#!/bin/sh\nrm -rf ~\n", "/p/ok.sh": "#!/bin/sh\necho ok\n", "/p/go.mod": "module x\n",
		"/p/Makefile": "all:\n\techo hi\n", "/p/hello.c": "int main(){}\n"}
	p := mustCompile(rmrf)
	wantListed(t, files, p, Match, []string{
		`go build -toolexec=./x.sh .`, `go build --toolexec=./x.sh .`, `go build -toolexec ./x.sh .`, `go test -exec=./x.sh .`,
		`go run -exec ./x.sh .`, `go vet -vettool=./x.sh`, `go build -toolexec='rm -rf ~' .`,
		`GOFLAGS=-toolexec=./x.sh go build`, `GOFLAGS='-mod=mod -exec=./x.sh' go test ./...`, `export GOFLAGS=-toolexec=./x.sh; go build`,
		`go env -w GOFLAGS=-toolexec=./x.sh`, `go env -w CC=./x.sh`,
		`RUSTC_WRAPPER=./x.sh cargo build`, `RUSTC_WORKSPACE_WRAPPER=./x.sh cargo build`, `RUSTC=./x.sh cargo build`,
		`RUSTDOC=./x.sh cargo doc`, `CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER='rm -rf ~' cargo run`,
		`CARGO_TARGET_AARCH64_APPLE_DARWIN_LINKER=./x.sh cargo build`, `CARGO_BUILD_RUSTC_WRAPPER=./x.sh cargo build`,
		`CARGO_REGISTRY_CREDENTIAL_PROVIDER='rm -rf ~' cargo publish`,
		`make SHELL=./x.sh`, `MAKEFLAGS='SHELL=./x.sh' make`, `MAKEFLAGS='-j4 SHELL=./x.sh' make`, `make SHELL=rm .SHELLFLAGS=-rf`,
		`CC=./x.sh make hello`, `make CC=./x.sh hello`, `make CXX='rm -rf ~'`,
		`CMAKE_C_COMPILER_LAUNCHER=./x.sh cmake --build .`, `CCACHE_PREFIX=./x.sh make hello`,
	})
	wantListed(t, files, p, NoMatch, []string{
		`go build ./...`, `go test ./...`, `go vet ./...`, `go test -exec=./ok.sh .`, `go run . -- -exec=./x.sh`,
		`GOFLAGS=-mod=mod go build`, `go env -w GOPROXY=direct`, `go env -w GOFLAGS=-mod=mod`,
		`cargo build`, `RUSTC_WRAPPER=sccache cargo build`, `CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER=clang cargo build`,
		`make`, `make CC=clang`, `CC=gcc make hello`, `make SHELL=/bin/bash`, `make SHELL=bash all`, `CC='ccache gcc' make`,
	})
	for _, tc := range []struct{ line, why string }{
		{`GOFLAGS="$F" go build`, `GOFLAGS gives go options that may name a program go runs (-toolexec, -exec), and its value "$F" is only known when the line runs`},
		{`go build -toolexec="$T" .`, `go's -toolexec names a program go runs, and its value "$T" is only known when the line runs`},
		{`go env -w "$S"`, `go env -w writes the setting "$S", only known when the line runs, for every later go command`},
		{`make SHELL="$S"`, `make's SHELL names a program make runs, and the line gives it SHELL="$S", only known when the line runs`},
		{`RUSTC_WRAPPER="$W" cargo build`, `RUSTC_WRAPPER is a command line programs run, and its value "$W" is only known when the line runs`},
	} {
		if o, why := outcome(t, rmrf, tc.line); o != Unknown || why != tc.why {
			t.Errorf("%q: got %v %q, want unknown %q", tc.line, o, why, tc.why)
		}
	}
}
