package config

import (
	"os"

	"golang.org/x/sys/windows"
)

// dirID is an open directory's volume and file index, to notice a
// directory reached twice through links.
func dirID(f *os.File) ([2]uint64, bool) {
	var info windows.ByHandleFileInformation
	if err := windows.GetFileInformationByHandle(windows.Handle(f.Fd()), &info); err != nil {
		return [2]uint64{}, false
	}
	return [2]uint64{uint64(info.VolumeSerialNumber), uint64(info.FileIndexHigh)<<32 | uint64(info.FileIndexLow)}, true
}
