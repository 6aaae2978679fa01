package exec

import (
	"slices"
	"strings"
)

// OptionsLoadCode reports whether value, given to the variable name, has
// an interpreter load code before its own (a guard's node, perl, ruby,
// python3, lua or java): NODE_OPTIONS=--require /tmp/x.js, whose
// process.exit(0) made every node guard answer allow; PERL5OPT's -M,
// RUBYOPT's -r, a PYTHONWARNINGS category that names a module (it is
// imported), LUA_INIT and the Java launchers' options (agents, class
// paths, commands run on an error), whatever they hold. Options that
// only tune (NODE_OPTIONS=--max-old-space-size=4096, RUBYOPT=-W0) do
// not. A value a project file gives must be the person's (emit).
func OptionsLoadCode(name, value string) bool {
	if strings.TrimSpace(value) == "" {
		return false
	}
	words := strings.Fields(value)
	switch name {
	case "NODE_OPTIONS":
		return slices.ContainsFunc(words, func(w string) bool {
			if w == "-r" || strings.HasPrefix(w, "-r=") {
				return true
			}
			for _, f := range nodeCodeFlags {
				if w == f || strings.HasPrefix(w, f+"=") || strings.HasPrefix(w, f+"-") {
					return true
				}
			}
			return false
		})
	case "PERL5OPT":
		// -MFoo, -mFoo, -Ilib, -d:Foo, clustered (-wMFoo) too.
		return slices.ContainsFunc(words, func(w string) bool {
			return strings.HasPrefix(w, "-") && strings.ContainsAny(w[1:], "MmId")
		})
	case "RUBYOPT":
		// -rfoo, -Ilib, clustered (-wrfoo) too; long options (--disable=gems) load nothing.
		return slices.ContainsFunc(words, func(w string) bool {
			return strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "--") && strings.ContainsAny(w[1:], "rI")
		})
	case "PYTHONWARNINGS":
		// action:message:category:module:lineno; a dotted category is imported.
		for _, filter := range strings.Split(value, ",") {
			if fields := strings.Split(filter, ":"); len(fields) > 2 && strings.Contains(fields[2], ".") {
				return true
			}
		}
		return false
	case "LUA_INIT", "LUA_INIT_5_1", "LUA_INIT_5_2", "LUA_INIT_5_3", "LUA_INIT_5_4",
		"JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS":
		return true
	}
	return false
}

// nodeCodeFlags are node's options that load code, or let another
// process run it, before the script (--inspect opens a debugger that
// runs what it is sent; an OpenSSL configuration loads engines).
var nodeCodeFlags = []string{"--require", "--import", "--loader", "--experimental-loader", "--inspect", "--openssl-config", "--snapshot-blob", "--env-file", "--experimental-policy"}

// LoadsCode says what name's value decides of a guard's program when a
// project file gives it, or "" when it decides nothing of it: a list of
// places that keeps one outside tree (LoadsFromOutside), or options that
// load code (OptionsLoadCode). emit blocks the call while a project file
// the agent loads gives such a value; validate names the file first.
func LoadsCode(name, value, tree string) string {
	switch {
	case value == "":
	case LoadsFromOutside(name, value, tree):
		return "code a guard's program loads before its own, from a place outside the project that an agent can write"
	case OptionsLoadCode(name, value):
		return "code a guard's program loads before its own, named in the options it reads"
	}
	return ""
}
