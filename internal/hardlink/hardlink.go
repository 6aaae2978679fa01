// Package hardlink tells how many names (hard links) a file has, and where
// a second name is made by design. A write through another name changes a
// file unseen by a guard on this one, wherever that name is: a program
// makes one without naming the file (cpio -pdl, a script's os.link).
package hardlink

import (
	"path/filepath"
	"strings"
)

// InPackageStore reports whether path lies beneath node_modules or
// site-packages, where pnpm and uv install packages as hard links to their
// stores: a file there has more than one name by design.
func InPackageStore(path string) bool {
	for _, store := range []string{"node_modules", "site-packages"} {
		if strings.Contains(filepath.ToSlash(path), "/"+store+"/") {
			return true
		}
	}
	return false
}
