package shellcmd

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// editors reads the commands an editor, a debugger or sqlite3 is given in the line (vim -c and
// +CMD, an ed or ex script on standard input, gdb -ex, sqlite3's dot commands and SQL): the files
// they write are named, the shell commands they run are read as the line's own, and a command that
// may do more than hookrun reads (vim's call, exe or normal, gdb's eval) leaves the paths to run
// time. vim -es -c 'w .system/hooks/a.yaml' writes that file as surely as cp does.
func (r *reader) editors(cmd Command, redirs []*syntax.Redirect, depth int) {
	name := vimName(cmd.Name)
	switch {
	case isVim(name):
		r.vim(cmd, redirs, depth)
	case name == "ed" || name == "red":
		text, ok := r.stdinScript(name, "commands", redirs)
		if ok {
			r.exScript(name, text, false, depth)
		}
	case name == "gdb" || name == "lldb":
		r.debugger(cmd, redirs, depth)
	case name == "sqlite3":
		r.sqlite(cmd, redirs, depth)
	}
}

// vimName is a command's name with Debian's suffix of a vim taken off (vim.basic, vim.tiny,
// vim.nox are vim).
func vimName(name string) string {
	if base, _, ok := strings.Cut(name, "."); ok && isVim(base) {
		return base
	}
	return name
}

func isVim(name string) bool {
	switch name {
	case "vim", "vi", "nvim", "ex", "view", "gvim", "gview", "evim", "rvim", "rview", "vimdiff", "nvi", "nex", "elvis", "vile":
		return true
	}
	return false
}

// vim reads vim's -c, --cmd and +CMD commands, and what it reads from standard input: Ex commands
// in Ex mode (ex, -e, -E, -es), keys otherwise, which may type any command. Standard input is not
// read when the commands given end by quitting, nor with - (the text to edit).
func (r *reader) vim(cmd Command, redirs []*syntax.Redirect, depth int) {
	exMode := cmd.Name == "ex" || cmd.Name == "nex"
	quits, text := false, false
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		var script string
		switch {
		case args[i].Dynamic:
			if strings.HasPrefix(v, "+") || strings.HasPrefix(v, "-") {
				r.pathsUnknown("vim runs the editor commands %s, only known when the line runs", v)
			}
			continue
		case v == "--":
			i = len(args)
			continue
		case (v == "-c" || v == "--cmd") && i+1 < len(args):
			i++
			if args[i].Dynamic {
				r.pathsUnknown("vim runs the editor commands %s, only known when the line runs", args[i].Value)
				continue
			}
			script = args[i].Value
		case v == "-":
			text = true
			continue
		case v == "--version" || v == "-h" || v == "--help":
			return
		case strings.HasPrefix(v, "+"):
			script = v[1:]
			if strings.Trim(script, "0123456789") == "" || strings.HasPrefix(script, "/") && !strings.Contains(script, "|") {
				continue // a line number, a search
			}
		case strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--"):
			if strings.ContainsAny(v[1:], "eE") {
				exMode = true
			}
			if v == "-S" || v == "-s" && !exMode || v == "-u" || v == "-U" || v == "-i" || v == "-T" || v == "-w" || v == "-W" || v == "-t" || v == "-q" {
				i++ // a file or a name as the value
			}
			continue
		default:
			continue
		}
		quits = r.exScript("vim", script, true, depth)
	}
	if quits || text {
		return
	}
	if !exMode {
		for _, rd := range redirs {
			if (rd.N == nil || rd.N.Value == "0") && (rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc || rd.Op == syntax.WordHdoc) {
				r.pathsUnknown("vim reads its keys from a here-document or here-string, which may type any command, only known when it runs")
				return
			}
		}
		if !redirected(redirs, "0") {
			r.pathsUnknown("vim reads its commands or keys from standard input when it is no terminal, only known when it runs")
		}
		return
	}
	if !redirected(redirs, "0") {
		r.pathsUnknown("vim reads its commands or keys from standard input when it is no terminal, only known when it runs")
		return
	}
	if s, ok := r.stdinScript("vim", "commands", redirs); ok {
		r.exScript("vim", s, true, depth)
	}
}

// redirected reports whether fd is redirected (a file read as a script is read as itself).
func redirected(redirs []*syntax.Redirect, fd string) bool {
	for _, rd := range redirs {
		if rd.N == nil && fd == "0" && (rd.Op == syntax.RdrIn || rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc || rd.Op == syntax.WordHdoc || rd.Op == syntax.DplIn || rd.Op == syntax.RdrInOut) || rd.N != nil && rd.N.Value == fd {
			return true
		}
	}
	return false
}

// stdinScript is the literal text of a here-document or here-string on standard input; false
// when there is none (a file redirected to it is a script file, read as itself) or when it holds
// expansions, which leave the paths to run time. No redirection at all: what a pipe or the
// caller gives is only known when the line runs.
func (r *reader) stdinScript(name, what string, redirs []*syntax.Redirect) (string, bool) {
	text, from, ok := r.stdinLiteral(redirs)
	switch {
	case from == "":
		r.pathsUnknown("%s reads its %s from standard input, only known when the line runs", name, what)
	case from != stdinFile && !ok:
		r.pathsUnknown("%s reads its %s from a %s with expansions in it, only known when the line runs", name, what, from)
	}
	return text, ok
}

// exScript reads an Ex (vim) or ed script, one command a line (vim also splits a line at |), and
// reports whether its last command quits. Text after a, i or c is text up to a line holding a
// lone dot.
func (r *reader) exScript(tool, text string, vim bool, depth int) (quits bool) {
	input := false
	for _, line := range strings.Split(text, "\n") {
		if input {
			input = strings.TrimRight(line, " \t") != "."
			continue
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		var q bool
		q, input = r.exLine(tool, line, vim, depth)
		quits = q
	}
	return quits
}

// exLine reads one line of Ex or ed commands: whether it quits, and whether text follows it.
func (r *reader) exLine(tool, s string, vim bool, depth int) (quits, input bool) {
	for s != "" {
		s = skipRange(strings.TrimLeft(s, " \t:"))
		if s == "" || vim && s[0] == '"' {
			return quits, false
		}
		if s[0] == '!' {
			r.script(s[1:], depth+1)
			return false, false
		}
		var name string
		if vim {
			n := 0
			for n < len(s) && ('a' <= s[n] && s[n] <= 'z' || 'A' <= s[n] && s[n] <= 'Z') {
				n++
			}
			if n == 0 {
				n = 1 // &, ~, <, >, =, #, @, *
			}
			name = s[:n]
		} else {
			name = s[:1]
			if strings.HasPrefix(s, "wq") {
				name = "wq"
			}
		}
		arg := strings.TrimPrefix(s[len(name):], "!")
		s = ""
		if vim && !vimTakesBar(name) {
			if at := bar(arg); at >= 0 {
				arg, s = arg[:at], arg[at+1:]
			}
		}
		arg = strings.TrimSpace(arg)
		quits = false
		switch kind := exCommand(name, vim); kind {
		case exQuit, exWrite:
			quits = kind == exQuit
			if strings.HasPrefix(arg, "!") && (name == "w" || name == "r" || name == "e" || name == "E" || vim) {
				r.script(arg[1:], depth+1)
				return false, false
			}
			r.exFiles(tool, arg, vim)
		case exPlain:
			if vim && strings.Contains(arg, `\=`) {
				r.pathsUnknown("%s runs the editor command %s, whose expression may write any file, only known when it runs", tool, name)
			}
			if vim && (name == "se" || name == "set" || name == "setl" || name == "setlocal") && setsWhere(arg) {
				r.pathsUnknown("%s runs the editor command %s %s, which says where files are written, only known when it runs", tool, name, arg)
			}
		case exText:
			return false, true
		case exEach:
			if name == "g" || name == "v" || name == "G" || name == "V" || strings.HasPrefix(name, "gl") || strings.HasPrefix(name, "vg") {
				arg = skipPattern(strings.TrimPrefix(arg, "!"))
			}
			q, _ := r.exLine(tool, arg, vim, depth)
			return q, false
		case exModifier:
			s = arg + "|" + s
			if s == "|" {
				s = ""
			}
		default:
			r.pathsUnknown("%s runs the editor command %s, which may write any file, only known when it runs", tool, name)
			return false, false
		}
	}
	return quits, false
}

// The kinds of Ex and ed commands.
const (
	exOther    = iota // anything not below: its effects are only known when it runs
	exPlain           // edits the buffer or moves about
	exQuit            // quits (perhaps writing a file it names)
	exWrite           // names a file it writes, reads or makes the buffer's name (e FILE, then w)
	exText            // text follows, up to a lone dot
	exEach            // runs a command for each line or buffer (g/re/cmd, bufdo cmd)
	exModifier        // a modifier of the command after it (silent, keepjumps)
)

func exCommand(name string, vim bool) int {
	if !vim {
		switch name {
		case "q", "Q", "wq":
			return exQuit
		case "w", "W", "e", "E", "r", "f":
			return exWrite
		case "a", "i", "c":
			return exText
		case "g", "v", "G", "V":
			return exEach
		}
		return exPlain // ed's other commands change only the buffer, or are errors
	}
	switch name {
	case "q", "qu", "qui", "quit", "qa", "qal", "qall", "quita", "quitall", "cq", "cquit",
		"wq", "wqa", "wqall", "x", "xi", "xit", "exi", "exit", "xa", "xal", "xall":
		return exQuit
	case "w", "wr", "wri", "writ", "write", "sav", "savea", "saveas", "up", "upd", "updat", "update",
		"wn", "wnext", "wN", "wNext", "wp", "wprevious", "wa", "wall",
		"f", "fi", "fil", "file", "e", "ed", "edi", "edit", "new", "vne", "vnew", "sp", "spl", "split",
		"vs", "vsp", "vsplit", "tabe", "tabedit", "tabnew", "bad", "badd", "arga", "argadd", "ar", "args",
		"n", "ne", "nex", "next", "r", "re", "rea", "read", "redi", "redir",
		"mks", "mksession", "mkvie", "mkview", "mkv", "mkvimrc", "mkexrc", "wv", "wviminfo", "wsh", "wshada":
		return exWrite
	case "s", "su", "substitute", "&", "&&", "~", "d", "de", "del", "delete", "m", "mo", "move",
		"t", "co", "copy", "j", "jo", "join", ">", "<", "y", "ya", "yank", "pu", "put",
		"noh", "nohlsearch", "ret", "retab", "sor", "sort", "le", "left", "ce", "center", "ri", "right",
		"u", "un", "undo", "red", "redo", "se", "set", "setl", "setlocal", "sy", "syntax", "filet", "filetype",
		"b", "bu", "buf", "buffer", "bn", "bnext", "bp", "bprevious", "bN", "bNext", "bd", "bdelete",
		"bw", "bwipeout", "p", "pr", "print", "nu", "number", "l", "list", "z", "=", "#":
		return exPlain
	case "a", "append", "i", "in", "insert", "c", "ch", "change":
		return exText
	case "g", "gl", "global", "v", "vg", "vglobal", "bufdo", "argdo", "windo", "tabdo", "cdo", "cfdo", "ldo", "lfdo":
		return exEach
	case "sil", "silent", "keepp", "keeppatterns", "keepj", "keepjumps", "kee", "keepmarks", "lockm",
		"lockmarks", "noa", "noautocmd", "verb", "verbose", "vert", "vertical", "tab", "bo", "botright",
		"to", "topleft", "abo", "aboveleft", "bel", "belowright", "lefta", "leftabove", "rightb",
		"rightbelow", "keepa", "keepalt", "uns", "unsilent", "conf", "confirm":
		return exModifier
	}
	return exOther
}

// setsWhere reports whether a vim set command sets an option that says where vim writes files
// (a backup, swap, undo or view directory, a backup's extension, the viminfo file, the verbose log).
func setsWhere(arg string) bool {
	for _, f := range strings.Fields(arg) {
		opt := strings.TrimPrefix(f[:strings.IndexFunc(f+"=", func(c rune) bool { return !('a' <= c && c <= 'z') })], "no")
		switch opt {
		case "backupdir", "bdir", "directory", "dir", "undodir", "udir", "viewdir", "vdir", "backupext", "bex",
			"patchmode", "pm", "viminfo", "vi", "viminfofile", "vif", "shada", "sd", "shadafile", "sdf",
			"verbosefile", "vfile":
			return true
		}
	}
	return false
}

// vimTakesBar reports whether a vim command reads | as part of its argument.
func vimTakesBar(name string) bool {
	return exCommand(name, true) == exEach
}

// exFiles names the files of a write, read or edit command's argument (>> and ++opt left out); vim
// expands $NAME and `cmd` in a file name when it runs.
func (r *reader) exFiles(tool, arg string, vim bool) {
	if !vim {
		if arg != "" {
			r.path(arg)
		}
		return
	}
	for _, f := range strings.Fields(arg) {
		f = strings.TrimLeft(f, ">")
		switch {
		case f == "" || strings.HasPrefix(f, "++") || f == "%" || f == "#" || f == "END":
		case strings.ContainsAny(f, "`$="):
			r.pathsUnknown("%s expands the file name %s when it runs", tool, f)
		default:
			r.path(f)
		}
	}
}

// bar is where an unescaped | ends a vim command, or -1.
func bar(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\', Ctrl('V'):
			i++
		case '|':
			return i
		}
	}
	return -1
}

// Ctrl is the control character of a letter.
func Ctrl(c byte) byte { return c & 0x1f }

// skipRange skips an Ex line range: numbers, . $ % , ; + -, marks ('a) and patterns (/re/, ?re?).
func skipRange(s string) string {
	for s != "" {
		switch c := s[0]; {
		case strings.IndexByte("0123456789.$%,;+- \t", c) >= 0:
			s = s[1:]
		case c == '\'' && len(s) > 1:
			s = s[2:]
		case c == '/' || c == '?':
			s = skipPattern(s)
		case c == '\\' && len(s) > 1 && strings.IndexByte("/?&", s[1]) >= 0:
			s = s[2:]
		default:
			return s
		}
	}
	return s
}

// skipPattern skips a pattern between its delimiters (the first character): /re/.
func skipPattern(s string) string {
	if s == "" {
		return s
	}
	d := s[0]
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case d:
			return s[i+1:]
		}
	}
	return ""
}

// debugger reads the commands gdb and lldb are given (-ex, -iex, --eval-command, lldb's -o, -O,
// -k) and, without --batch, the ones they read from standard input.
func (r *reader) debugger(cmd Command, redirs []*syntax.Redirect, depth int) {
	batch := false
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		v := strings.TrimPrefix(args[i].Value, "-")
		opt, val, hasVal := strings.Cut(v, "=")
		switch opt {
		case "batch", "-batch", "b":
			batch = true
			continue
		case "ex", "-ex", "iex", "-iex", "eval-command", "-eval-command", "init-eval-command", "-init-eval-command",
			"o", "-one-line", "O", "-one-line-before-file", "k", "-one-line-on-crash":
		default:
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				continue
			}
			i++
			val = args[i].Value
			if args[i].Dynamic {
				r.pathsUnknown("%s runs the command %s, only known when the line runs", cmd.Name, val)
				continue
			}
		}
		r.debuggerCommand(cmd.Name, val, depth)
	}
	if batch && !redirected(redirs, "0") {
		return
	}
	if text, ok := r.stdinScript(cmd.Name, "commands", redirs); ok {
		for _, line := range strings.Split(text, "\n") {
			r.debuggerCommand(cmd.Name, line, depth)
		}
	}
}

// debuggerCommand reads one gdb or lldb command: a shell command it runs is the line's own, a file
// it writes is named, the strings of its Python (or any other command) are offered as paths, as an
// interpreter's are, and gdb's eval, which builds a command when it runs, leaves the paths to then.
func (r *reader) debuggerCommand(tool, line string, depth int) {
	line = strings.TrimSpace(line)
	if rest, ok := strings.CutPrefix(line, "!"); ok {
		r.script(rest, depth+1)
		return
	}
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return
	}
	w, rest := fields[0], strings.TrimSpace(line[len(fields[0]):])
	switch {
	case abbrev(w, "shell", 3) || tool == "lldb" && w == "platform" && len(fields) > 1 && abbrev(fields[1], "shell", 2):
		if tool == "lldb" && w == "platform" {
			rest = strings.TrimSpace(strings.TrimPrefix(rest, fields[1]))
		}
		r.script(rest, depth+1)
	case w == "|" || abbrev(w, "pipe", 3):
		delim := "|"
		if d, ok := strings.CutPrefix(rest, "-d "); ok {
			if f := strings.Fields(d); len(f) > 0 {
				delim, rest = f[0], strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(d), f[0]))
			}
		}
		if _, sh, ok := strings.Cut(rest, delim); ok {
			r.script(sh, depth+1)
		}
	case abbrev(w, "eval", 3):
		r.pathsUnknown("%s runs the command eval, which builds a command when it runs, only known then", tool)
	case abbrev(w, "cd", 2):
		r.pathsUnknown("%s runs cd, after which its files are relative to a directory only known when it runs", tool)
	case abbrev(w, "run", 1) || abbrev(w, "start", 5) || w == "starti":
		r.script(": "+rest, depth+1) // its arguments go through a shell: redirections, substitutions
	case abbrev(w, "dump", 2) || abbrev(w, "append", 3):
		// dump [FORMAT] memory|value FILE …
		for i := 1; i+1 < len(fields); i++ {
			if fields[i] == "memory" || fields[i] == "value" {
				r.path(fields[i+1])
				break
			}
		}
	case abbrev(w, "save", 2) && len(fields) > 2: // save breakpoints|tracepoints|gdb-index FILE
		r.path(fields[2])
	case (abbrev(w, "gcore", 5) || w == "generate-core-file") && len(fields) > 1:
		r.path(fields[1])
	case w == "set" && len(fields) > 3 && fields[1] == "logging" && fields[2] == "file":
		r.path(fields[3])
	default:
		r.codeLiterals([]string{line})
	}
}

// abbrev reports whether w is name or a prefix of it of at least n letters, as gdb reads commands.
func abbrev(w, name string, n int) bool {
	return len(w) >= n && strings.HasPrefix(name, w)
}

// sqlite reads sqlite3's commands: each operand after the database, -cmd's and a here-document's;
// a dot command's file is named (.output, .once, .backup, .save, .log, .open, .clone), a shell
// command it runs (.shell, .system, a |cmd file) is the line's own, and SQL's strings are offered as
// paths (ATTACH 'f', VACUUM INTO 'f', writefile('f', …)).
func (r *reader) sqlite(cmd Command, redirs []*syntax.Redirect, depth int) {
	var cmds []string
	db := false
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if args[i].Dynamic {
			continue
		}
		opt := strings.TrimPrefix(strings.TrimPrefix(v, "-"), "-")
		switch {
		case !strings.HasPrefix(v, "-") || v == "-":
			if db {
				cmds = append(cmds, v)
			}
			db = true
		case opt == "cmd" && i+1 < len(args):
			i++
			cmds = append(cmds, args[i].Value)
		case strings.HasPrefix(opt, "A") || opt == "archive":
			if strings.ContainsAny(opt, "x") || slices.ContainsFunc(args[i+1:], func(a Arg) bool { return a.Value == "-x" || a.Value == "--extract" }) {
				r.pathsUnknown("sqlite3 -A unpacks an archive's members where their names say, only known when the line runs")
			}
			i = len(args)
		case opt == "init" || opt == "separator" || opt == "newline" || opt == "nullvalue" || opt == "vfs" || opt == "heap" ||
			opt == "maxsize" || opt == "mmap" || opt == "escape":
			i++
		case opt == "lookaside" || opt == "pagecache":
			i += 2
		}
	}
	if !db || len(cmds) == 0 {
		// Given no command, sqlite3 reads them from standard input.
		if text, ok := r.stdinScript("sqlite3", "commands", redirs); ok {
			cmds = append(cmds, text)
		}
	}
	for _, c := range cmds {
		for _, line := range strings.Split(c, "\n") {
			if dot, ok := strings.CutPrefix(strings.TrimSpace(line), "."); ok {
				r.sqliteDot(dot, depth)
				continue
			}
			r.codeLiterals([]string{line})
		}
	}
}

// sqliteDot reads one of sqlite3's dot commands.
func (r *reader) sqliteDot(line string, depth int) {
	name, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	words := dotWords(rest)
	switch name {
	case "shell", "system":
		r.script(rest, depth+1)
	case "cd":
		r.pathsUnknown("sqlite3 runs .cd %s, after which its files are relative to a directory only known when it runs", rest)
	case "output", "once", "save", "backup", "log", "open", "clone", "read", "import", "excel":
		for _, w := range words {
			switch {
			case strings.HasPrefix(w, "|"):
				r.script(w[1:], depth+1)
			case strings.HasPrefix(w, "-") || name == "log" && (w == "stdout" || w == "stderr" || w == "off"):
			case name == "read" || name == "import":
			default:
				r.path(w)
			}
		}
	case "archive", "ar":
		if slices.ContainsFunc(words, func(w string) bool { return w == "--extract" || strings.HasPrefix(w, "-") && strings.Contains(w, "x") }) {
			r.pathsUnknown("sqlite3's .archive unpacks an archive's members where their names say, only known when the line runs")
		}
	}
}

// dotWords splits a dot command's arguments as sqlite3 does: at blanks, '…' and "…" kept whole.
func dotWords(s string) []string {
	var out []string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		if q := s[0]; q == '\'' || q == '"' {
			end := strings.IndexByte(s[1:], q)
			if end < 0 {
				return append(out, s[1:])
			}
			out = append(out, s[1:1+end])
			s = s[2+end:]
			continue
		}
		w, rest, _ := strings.Cut(s, " ")
		out = append(out, w)
		s = rest
	}
	return out
}
