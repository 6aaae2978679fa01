package emit

import (
	"strconv"
	"strings"

	"github.com/hookrun/hookrun/internal/event"
)

// maxVarBytes caps one context variable: Linux refuses to start a process with a single
// environment string over 128 KiB, and a prompt can be megabytes. A longer value leaves its
// variable out, and the handler reads the field from stdin.
const maxVarBytes = 32 << 10

// appendContextVars adds the context fields a shell handler most often needs beyond the ids:
// HOOKRUN_STATUS, HOOKRUN_DURATION_MS, HOOKRUN_ENVIRONMENT, HOOKRUN_PROMPT (user_raw_input) and
// HOOKRUN_CHANGED_FILES (one per line). Each is empty when the context has no such field.
func appendContextVars(env []string, c *event.Context) []string {
	duration := ""
	if c.HasDuration {
		duration = strconv.FormatFloat(c.DurationMS, 'f', -1, 64)
	}
	for _, kv := range [...][2]string{
		{"HOOKRUN_STATUS", c.StringField("status")},
		{"HOOKRUN_DURATION_MS", duration},
		{"HOOKRUN_ENVIRONMENT", c.StringField("environment")},
		{"HOOKRUN_PROMPT", c.StringField("user_raw_input")},
		{"HOOKRUN_CHANGED_FILES", strings.Join(c.ChangedFiles, "\n")},
	} {
		if v := envValue(kv[1]); len(v) <= maxVarBytes {
			env = append(env, kv[0]+"="+v)
		}
	}
	return env
}
