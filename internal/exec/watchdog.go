package exec

import "time"

// WatchdogArg is the argument that makes the hookrun binary a watchdog.
const WatchdogArg = "__watchdog"

// WatchdogDelay is how long handlers run before the watchdog starts: most
// hooks are done sooner, and starting a second process on every event
// would cost more than the hook itself.
const WatchdogDelay = 50 * time.Millisecond
