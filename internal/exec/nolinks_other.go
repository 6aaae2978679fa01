//go:build !linux

package exec

// noLinks is the Linux shortcut of realDirNow: elsewhere every path is
// resolved component by component.
func noLinks(string) bool { return false }
