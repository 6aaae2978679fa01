package shellcmd

import "testing"

// TestBuildToolOptions: cmake's -D compilers and launchers, maven's -Dexec.executable, bazel's
// --run_under, the -C linker= of RUSTFLAGS and a CARGO_ALIAS_ variable name a program the tool
// runs; each passed a deny of rm -rf.
func TestBuildToolOptions(t *testing.T) {
	files := map[string]string{"/p/x.sh": "#!/bin/sh\nrm -rf ~\n", "/p/CMakeLists.txt": "project(p C)\n", "/p/pom.xml": "<project/>\n"}
	p := mustCompile(rmrf)
	wantListed(t, files, p, Match, []string{
		`cmake -DCMAKE_C_COMPILER=./x.sh .`, `cmake -D CMAKE_CXX_COMPILER_LAUNCHER=./x.sh -B build`,
		`cmake -DCMAKE_C_COMPILER:FILEPATH=./x.sh .`, `cmake -DCMAKE_MAKE_PROGRAM=./x.sh -G Ninja .`,
		`mvn exec:exec -Dexec.executable=./x.sh`, `./mvnw -q exec:exec -Dexec.executable=./x.sh`,
		`bazel run --run_under=./x.sh //:a`, `bazel test --run_under ./x.sh //...`,
		`RUSTFLAGS='-C linker=./x.sh' cargo build`, `RUSTFLAGS='-Clinker=./x.sh' cargo build`,
		`CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUSTFLAGS='-C linker=./x.sh' cargo build`,
		`CARGO_ALIAS_B="run --config target.x86_64-unknown-linux-gnu.runner=['rm','-rf','/']" cargo b`,
	})
	wantListed(t, files, p, NoMatch, []string{
		`cmake -B build -DCMAKE_BUILD_TYPE=Release`, `cmake -DCMAKE_C_COMPILER=clang .`, `cmake --build build`,
		`mvn -DskipTests package`, `mvn exec:java -Dexec.mainClass=x.Main`, `bazel test //...`,
		`RUSTFLAGS='-D warnings' cargo build`, `RUSTFLAGS="$RUSTFLAGS -C target-cpu=native" cargo build`, `CARGO_ALIAS_T=test cargo t`,
	})
	for _, tc := range []struct{ line, why string }{
		{`cmake -DCMAKE_C_COMPILER="$CC" .`, `cmake's CMAKE_C_COMPILER names a program it runs, and its value "$CC" is only known when the line runs`},
		{`mvn exec:exec -Dexec.executable="$X"`, `mvn's exec.executable names a program it runs, and its value "$X" is only known when the line runs`},
	} {
		if o, why := outcome(t, rmrf, tc.line); o != Unknown || why != tc.why {
			t.Errorf("%q: got %v %q, want unknown %q", tc.line, o, why, tc.why)
		}
	}
}
