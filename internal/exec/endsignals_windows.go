package exec

import (
	"os"
	"syscall"
)

// EndSignals: Windows sends a console process only Ctrl+C and
// Ctrl+Break, which Go gives as SIGINT and SIGTERM.
var EndSignals []os.Signal

// systemSignalName: Windows has no names beyond the ones SignalName knows.
func systemSignalName(syscall.Signal) string { return "" }
