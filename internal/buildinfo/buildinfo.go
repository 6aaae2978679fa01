// Package buildinfo says which hookrun this is: its version (set at link
// time, or the module version of a go install build), the commit and
// time it was built from, the Go version and the platform.
package buildinfo

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// String is hookrun's version line; version is what the linker set, or "".
func String(version string) string {
	v := version
	if v == "" {
		v = "dev"
		if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			v = bi.Main.Version
		}
	}
	commit, date := "", ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value
			case "vcs.time":
				date = s.Value
			}
		}
	}
	if len(commit) > 12 {
		commit = commit[:12]
	}
	built := ""
	if commit != "" {
		built = " commit " + commit
		if date != "" {
			built += " " + date
		}
	}
	return fmt.Sprintf("hookrun %s (%s %s/%s%s)", v, runtime.Version(), runtime.GOOS, runtime.GOARCH, built)
}
