package exec

import "os"

// statusControlCExit is how Windows ends a console process that does not
// handle Ctrl+C (STATUS_CONTROL_C_EXIT).
const statusControlCExit = 0xC000013A

// Reraise ends the process as an uncaught Ctrl+C or Ctrl+Break would:
// Windows cannot send a console event to one process alone.
func Reraise(os.Signal) { os.Exit(statusControlCExit) }
