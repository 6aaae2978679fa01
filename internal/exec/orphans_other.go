//go:build !linux

package exec

import "time"

// Orphans are the processes handlers leave behind. Outside Linux they are
// not tracked: only a handler's process group is ended (on Windows, its
// job object, which no process can leave).
type Orphans struct{}

// AdoptOrphans does nothing outside Linux.
func AdoptOrphans() (*Orphans, error) { return &Orphans{}, nil }

// End does nothing outside Linux.
func (o *Orphans) End(limit time.Duration, stop <-chan struct{}) int { return 0 }

// Spare does nothing where orphans are not adopted.
func (o *Orphans) Spare(pid int) {}
