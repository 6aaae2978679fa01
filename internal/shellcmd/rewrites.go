package shellcmd

import (
	"slices"
	"strings"
)

// A command that changes the project's files to text hookrun does not read (git checkout of
// another commit or of the index, merge, pull, stash pop, apply, am; patch; jj, hg or svn
// update; gh pr checkout; a program the line gives an interpreter that may write files) may
// change any file the line then runs: git checkout evil -- x.sh && sh x.sh runs what the commit
// evil holds, not what the disk does. Such a command is a written file of the line whose name
// is only known when it runs (writtenFile.every): each script, makefile, package.json or program
// file the line runs is then unresolved (readRun), and so is each file a reader takes from the
// disk after it (readFile). Reading the revision itself would mean starting git, which the
// reading of a line does not do.

// rewrites notes that the command what may change any of the project's files to text only known
// when the line runs.
func (r *reader) rewrites(what string) {
	if r.maybe {
		return
	}
	r.rewrote++
	r.wrote = append(r.wrote, writtenFile{file: what, every: true, fromFile: r.fromFile, nth: r.rewrote})
}

// rewritten is the command of the line that may change every file, read before the file read now
// (or before the run being read), that counts for it: "" for none. A command's own reading comes
// before it (python3 -c 'import x' reads x.py first); a file read from disk counts those it runs
// itself only.
func (r *reader) rewritten() string {
	for _, w := range r.wrote {
		if w.every && (r.before == 0 || w.nth < r.before) && (!w.fromFile || r.fromFile) {
			return w.file
		}
	}
	return ""
}

// gitRewrites reports whether the git subcommand sub, given opts, writes files of the work tree
// with text no operand spells out: another commit's, the index's, a stash's, a patch's.
func gitRewrites(sub string, opts []Arg) bool {
	ops, dyn := gitOperands(opts, []string{"-b", "-B", "--orphan", "-c", "-C", "--create", "--force-create",
		"-m", "-F", "--file", "-s", "--strategy", "-X", "--strategy-option", "--into-name", "-x", "--exec", "--onto"})
	first := ""
	if len(ops) > 0 {
		first = ops[0]
	}
	switch sub {
	case "checkout":
		// git checkout -b NEW alone keeps the files; a branch, a commit, the index's copy of a path do not.
		return dyn || len(ops) > 0 || hasDashDash(opts) || hasShort(opts, "f") || hasLong(opts, "force")
	case "switch":
		if hasLong(opts, "orphan") {
			return false // it only removes the tracked files
		}
		return dyn || len(ops) > 0 || hasShort(opts, "f") || hasLong(opts, "force", "discard-changes")
	case "restore":
		// --staged alone writes the index only.
		return !(hasShort(opts, "S") || hasLong(opts, "staged")) || hasShort(opts, "W") || hasLong(opts, "worktree")
	case "merge", "rebase", "cherry-pick", "revert":
		return !hasLong(opts, "quit", "edit-todo", "show-current-patch")
	case "pull", "am", "checkout-index", "worktree":
		return sub != "worktree" || first == "add"
	case "apply":
		return !hasLong(opts, "check", "stat", "numstat", "summary", "cached") || hasLong(opts, "apply")
	case "read-tree":
		return hasShort(opts, "u")
	case "reset":
		return hasLong(opts, "hard", "merge", "keep")
	case "stash":
		// A push (git stash alone) puts back the committed text; pop, apply and branch a stash's.
		return dyn || first == "" || first == "push" || first == "save" || first == "pop" || first == "apply" || first == "branch"
	case "bisect":
		switch first {
		case "log", "visualize", "view", "terms", "help":
			return false
		}
		return true
	case "sparse-checkout":
		return first != "list"
	}
	return false
}

// patchRewrites reports whether patch, given args, writes the files its patch names.
func patchRewrites(args []Arg) bool {
	return !hasLong(args, "dry-run")
}

// gitRewriteName is the text naming a git command that rewrites files, for the reason.
func gitRewriteName(sub string, opts []Arg) string {
	words := []string{"git", sub}
	for _, a := range opts {
		if len(words) == 4 {
			break
		}
		words = append(words, a.Value)
	}
	return strings.Join(words, " ")
}

// programWrites reports whether a program given to the interpreter name (as interpreterName
// reads it) may write a file: it spells a word that reaches the file system, a command or code
// built at run time. Words in its comments and strings count too (more, never fewer). A
// language not listed may always write.
func programWrites(name string, code []string) bool {
	switch {
	case strings.HasPrefix(name, "python") || strings.HasPrefix(name, "pypy"):
		return slices.ContainsFunc(code, pyWrites)
	case name == "node" || name == "bun" || name == "deno":
		return slices.ContainsFunc(code, jsWrites)
	}
	var words []string
	switch {
	case name == "perl":
		words = []string{"open", "system", "exec", "`", "qx", "rename", "link", "creat", "require", "use", "do", "eval", "::", "pipe", "fork", "^I", "CORE", "syscall", "truncate", "dump", "-M"}
	case name == "ruby":
		words = []string{"File", "IO", "open", "system", "exec", "spawn", "`", "%x", "eval", "send", "require", "load", "Kernel", "Pathname", "syscall", "const_get", "method", "binding", "Object", "fork", "Process", "Dir", "$stdout", "STDOUT", "reopen"}
	case strings.HasSuffix(name, "awk"):
		words = []string{">", "|", "system"}
	default:
		return true
	}
	for _, c := range code {
		for _, w := range words {
			if strings.Contains(c, w) {
				return true
			}
		}
	}
	return false
}

// pySafeModule reports whether m is a module of Python's standard library a program may reach
// without reaching a file or a command (json.codecs and shlex.os are caught by their own names).
// (A switch, not a map literal, which would be built at every start.)
func pySafeModule(m string) bool {
	switch m {
	case "json", "sys", "re", "math", "cmath", "datetime", "time", "string", "collections", "itertools", "functools",
		"textwrap", "pprint", "base64", "binascii", "hashlib", "random", "statistics", "decimal", "fractions", "struct",
		"zlib", "shlex", "html", "unicodedata", "enum", "heapq", "bisect", "copy", "numbers", "keyword", "difflib",
		"secrets", "uuid", "tomllib", "ast", "calendar":
		return true
	}
	return false
}

// pyWrites reports whether a Python program may write a file: it imports a module not in
// pySafeModule, or names open, exec, eval, getattr, a dunder, os, sys.modules or another way to
// a module that does (python3 -c 'import json, sys; print(json.load(sys.stdin)["v"])' does not).
func pyWrites(code string) bool {
	for _, id := range identifiers(code) {
		switch {
		case strings.Contains(id, "__"), strings.HasPrefix(id, "exec"), strings.HasPrefix(id, "spawn"), strings.HasPrefix(id, "popen"):
			return true
		}
		switch id {
		case "open", "eval", "compile", "getattr", "setattr", "delattr", "globals", "locals", "vars", "breakpoint", "help",
			"modules", "builtins", "_getframe", "os", "_os", "posix", "nt", "system", "importlib", "reload", "subprocess",
			"shutil", "pathlib", "io", "_io", "codecs", "ctypes", "tempfile", "typing", "dataclasses", "operator", "pickle":
			return true
		}
	}
	return !pySafeImports(code)
}

// pySafeImports reports whether each import statement of a Python program imports modules of
// pySafeModule only; an "import" elsewhere (a string, a comment) counts as one that does not.
func pySafeImports(code string) bool {
	for i := 0; ; {
		j := strings.Index(code[i:], "import")
		if j < 0 {
			return true
		}
		j += i
		start := strings.LastIndexAny(code[:j], "\n;") + 1
		end := strings.IndexAny(code[j:], "\n;")
		if end < 0 {
			end = len(code) - j
		}
		end += j
		stmt := strings.TrimSpace(code[start:end])
		var mods []string
		switch f := strings.Fields(stmt); {
		case len(f) >= 4 && f[0] == "from" && f[2] == "import":
			mods = f[1:2]
		case len(f) >= 2 && f[0] == "import":
			for _, m := range strings.Split(strings.TrimPrefix(stmt, "import"), ",") {
				if w := strings.Fields(m); len(w) > 0 {
					mods = append(mods, w[0])
				}
			}
		}
		if len(mods) == 0 {
			return false
		}
		for _, m := range mods {
			if top, _, _ := strings.Cut(m, "."); !pySafeModule(top) {
				return false
			}
		}
		i = end
	}
}

// jsWrites reports whether a JavaScript program may write a file: it names require, import,
// eval, Function, a constructor, the global object, fs, Bun or Deno, or process other than
// for a property that reaches no file (process.version, process.env, process.stdout).
func jsWrites(code string) bool {
	ids := identifiers(code)
	for k, id := range ids {
		switch id {
		case "require", "import", "eval", "Function", "constructor", "global", "globalThis", "this", "self", "module",
			"Module", "Bun", "Deno", "fs", "Reflect", "Proxy", "binding", "_linkedBinding", "dlopen", "mainModule",
			"getBuiltinModule", "WebAssembly", "Worker":
			return true
		case "process":
			if k+1 >= len(ids) || !jsSafeProcess(ids[k+1]) {
				return true
			}
		}
	}
	return false
}

// jsSafeProcess reports whether process's property prop reaches no file.
func jsSafeProcess(prop string) bool {
	switch prop {
	case "version", "versions", "platform", "arch", "env", "argv", "exit", "exitCode", "stdout", "stderr", "stdin",
		"cwd", "pid", "ppid", "uptime", "hrtime", "memoryUsage", "release", "title", "execPath", "nextTick":
		return true
	}
	return false
}

// identifiers are the words of a program's text made of letters, digits and _, in order.
func identifiers(code string) []string {
	return strings.FieldsFunc(code, func(c rune) bool {
		return !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9')
	})
}
