package config

import "time"

var started = time.Now()

// cpuTime stands in for the CPU time used where Getrusage is missing: the
// wall clock since the tests started.
func cpuTime() time.Duration { return time.Since(started) }
