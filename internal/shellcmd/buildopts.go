package shellcmd

import "strings"

// Build tools' options that name a program they run, read as the command line they run:
// cmake's -D cache entries for the compilers, linker and launchers (cmake runs a compiler to
// test it while it configures), maven's -Dexec.executable (exec:exec runs it), and bazel's
// --run_under (the program bazel run and bazel test start their target under).

// buildOptionRuns reads the programs cmake, maven and bazel options on the line name.
func (r *reader) buildOptionRuns(cmd Command, depth int) {
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if a.Value == "--" && !a.Dynamic {
			return
		}
		var name string
		var value Arg
		switch {
		case cmd.Name == "cmake" && a.Value == "-D" && i+1 < len(cmd.Args):
			i++
			a = cmd.Args[i]
			name, value = cutDefine(a)
		case cmd.Name == "cmake" || cmd.Name == "mvn" || cmd.Name == "mvnw":
			d, ok := strings.CutPrefix(a.Value, "-D")
			if !ok {
				continue
			}
			name, value = cutDefine(Arg{Value: d, Dynamic: a.Dynamic})
		case strings.HasPrefix(a.Value, "--run_under="):
			name, value = "--run_under", Arg{Value: strings.TrimPrefix(a.Value, "--run_under="), Dynamic: a.Dynamic}
		case a.Value == "--run_under" && i+1 < len(cmd.Args):
			i++
			name, value = "--run_under", cmd.Args[i]
		default:
			continue
		}
		if !buildProgramOption(cmd.Name, name) {
			continue
		}
		if value.Dynamic {
			r.unresolved("%s's %s names a program it runs, and its value %s is only known when the line runs", cmd.Name, name, value.Value)
			continue
		}
		r.script(value.Value, depth+1)
	}
}

// cutDefine splits a -D definition NAME[:TYPE]=VALUE.
func cutDefine(a Arg) (string, Arg) {
	name, value, ok := strings.Cut(a.Value, "=")
	if !ok {
		return "", Arg{}
	}
	name, _, _ = strings.Cut(name, ":")
	return name, Arg{Value: value, Dynamic: a.Dynamic}
}

// buildProgramOption reports whether a tool's option or definition names a program it runs.
func buildProgramOption(tool, name string) bool {
	switch tool {
	case "cmake":
		return strings.HasPrefix(name, "CMAKE_") && (strings.HasSuffix(name, "_COMPILER") || strings.HasSuffix(name, "_LAUNCHER")) ||
			name == "CMAKE_LINKER" || name == "CMAKE_MAKE_PROGRAM"
	case "mvn", "mvnw":
		return name == "exec.executable"
	}
	return name == "--run_under"
}
