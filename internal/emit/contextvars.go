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
// HOOKRUN_CHANGED_FILES (one per line, changedFilesVar). Each is empty when the context has no such field.
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
		{"HOOKRUN_CHANGED_FILES", changedFilesVar(c.ChangedFiles)},
	} {
		if v := envValue(kv[1]); len(v) <= maxVarBytes {
			env = append(env, kv[0]+"="+v)
		}
	}
	return env
}

// changedFilesVar is HOOKRUN_CHANGED_FILES: the names one per line. A name
// that holds a control character (a newline would read as two names) or
// begins with a double quote is written as git writes such a name, in
// double quotes with C escapes ("services/evil\n.go"); other names,
// non-ASCII ones included, as they are. A line that begins with " is
// such a quoted name.
func changedFilesVar(files []string) string {
	var b strings.Builder
	for i, f := range files {
		if i > 0 {
			b.WriteByte('\n')
		}
		if strings.HasPrefix(f, `"`) || strings.ContainsFunc(f, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
			b.WriteString(strconv.Quote(f))
		} else {
			b.WriteString(f)
		}
	}
	return b.String()
}
