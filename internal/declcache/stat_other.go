//go:build !linux

package declcache

import "os"

// statID reports no identity where hookrun does not know the platform's
// change time: nothing is cached, everything is parsed.
func statID(string) (fileID, bool) { return fileID{}, false }

// selfExe names no file: selfID falls back to os.Executable.
const selfExe = ""

// ownCache trusts no cache where nothing is cached.
func ownCache(os.FileInfo) bool { return false }

// binaryID reports no identity where hookrun does not know the platform's.
func binaryID(string) (fileID, bool) { return fileID{}, false }
