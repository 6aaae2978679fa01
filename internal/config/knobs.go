package config

import (
	"slices"
	"strings"
)

// cacheHomeVar places the declaration cache (declcache.File, through os.UserCacheDir).
const cacheHomeVar = "XDG_CACHE_HOME"

// Knob says what the environment variable name decides of what hookrun
// guards, and whether it decides anything: every HOOKRUN_ variable but
// those hookrun sets for its handlers (HandlerVars); XDG_CACHE_HOME, the
// place of the declaration cache (away from ~/.cache/hookrun, which
// init's guard protects by name, an agent could fill it unseen); and the
// variables that tell hookrun's own git which repository, index and
// configuration to read (gitVar). Such a variable must be the person's:
// emit blocks an agent's call while one has the value a project file
// gives it, and validate says so.
func Knob(name string) (what string, ok bool) {
	switch {
	case name == "HOOKRUN_HOOKS_DIR":
		return "which hooks run", true
	case name == TrustedDirsVar:
		return "whose hooks are trusted", true
	case name == "HOOKRUN_AUDIT_LOG":
		return "where the audit log goes", true
	case strings.HasPrefix(name, "HOOKRUN_") && !slices.Contains(HandlerVars, name):
		return "how hookrun runs", true
	case name == cacheHomeVar:
		return "where hookrun keeps its declaration cache, which says what each hook file holds", true
	case gitVar(name):
		return "which repository, index and configuration git reads (what a git command brings, a session's changed files)", true
	}
	return "", false
}

// gitVar reports whether git reads the variable name for where its
// repository, work tree, index, objects or configuration are: a decoy
// repository named by one would answer hookrun's git for the files a git
// command brings (a paths rule on `git checkout fix`) and a session's
// changed files. GIT_AUTHOR_NAME and the other variables that only shape
// what git writes are not among them.
func gitVar(name string) bool {
	switch name {
	case "GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
		"GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_CEILING_DIRECTORIES",
		"GIT_DISCOVERY_ACROSS_FILESYSTEM", "GIT_REPLACE_REF_BASE", "GIT_NO_REPLACE_OBJECTS",
		"GIT_GRAFT_FILE", "GIT_SHALLOW_FILE", "GIT_EXEC_PATH":
		return true
	}
	return strings.HasPrefix(name, "GIT_CONFIG") // GIT_CONFIG, _GLOBAL, _SYSTEM, _NOSYSTEM, _COUNT, _KEY_n, _VALUE_n, _PARAMETERS
}
