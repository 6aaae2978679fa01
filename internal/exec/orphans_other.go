//go:build !linux

package exec

import "time"

// AdoptOrphans does nothing outside Linux: processes that leave a
// handler's process group are not tracked there.
func AdoptOrphans() error { return nil }

// EndOrphans does nothing outside Linux.
func EndOrphans(limit time.Duration) int { return 0 }
