//go:build unix

package exec

import (
	"fmt"
	"os"
)

// shellAvailable: every Unix has /bin/sh.
func shellAvailable(string) error { return nil }

// executable reports whether a file with these permissions can be run.
func executable(_ string, st os.FileInfo) bool { return st.Mode()&0o111 != 0 }

func notExecutable(shown string) error {
	return fmt.Errorf("%s is not executable (chmod +x %s)", shown, shown)
}

// pathVar reports whether an environment variable's name is PATH's.
func pathVar(name string) bool { return name == "PATH" }
