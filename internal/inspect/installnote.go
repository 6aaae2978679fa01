package inspect

import (
	"fmt"
	"path/filepath"

	"github.com/hookrun/hookrun/internal/config"
)

// InvalidNotes is install's note on a project whose hook files do not all
// load (the errors validate names in the declarations): emit --dialect then
// runs no hook and blocks each of the agent's tool calls, so the entries
// install has just written stop the agent until the files are fixed.
func InvalidNotes(loc config.Location, agent string) []string {
	if !loc.Found {
		return nil
	}
	set, err := config.Load(loc.HooksDir)
	if err != nil || len(set.Invalid) == 0 {
		return nil
	}
	dir, rerr := filepath.Rel(loc.Root, loc.HooksDir)
	if rerr != nil {
		dir = loc.HooksDir
	}
	files, are, it := "1 hook file", "is", "it is"
	if n := len(set.Invalid); n > 1 {
		files, are, it = fmt.Sprintf("%d hook files", n), "are", "they are"
	}
	return []string{fmt.Sprintf("%s of %s %s invalid (hookrun validate names each problem): until %s fixed, %s runs none of the hooks and each of its tool calls is blocked",
		files, filepath.ToSlash(dir), are, it, agent)}
}
