package shellcmd

import (
	"bytes"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// A file the line runs that it does not write (sh scripts/clean.sh, ./gradlew, npm test's
// package.json script, make test's recipes) is read from disk as the script it is, once the
// whole line is read (finishScripts). What such a file spells out counts against a rule that
// stops a call; what it leaves only known at run time ("$GO" test, eval "$X") does not: the file
// is the project's, as a program's own code is, and reading it loud would make every real build
// script unresolved. The commands it runs are Maybe: an allow list of the line's commands allows
// npm test whatever the script holds.

// Files opens the files a line runs from disk (ParseFiles).
type Files struct {
	// Dirs are the absolute directories the line may start in: the call's, and the agent's own
	// when it names another. A relative file is read from each.
	Dirs []string
	// Read reads the regular file at p (a path of the system's), at most max bytes, without
	// waiting on it; whole is false when the file holds more. A missing file is fs.ErrNotExist;
	// a directory, syscall.EISDIR.
	Read func(p string, max int64) (data []byte, whole bool, err error)
	// Link is the path p leads to, its symbolic links followed (filepath.EvalSymlinks); nil
	// reads no links.
	Link func(p string) (string, error)
	// List names at most max entries of the directory dir, without waiting on what is there
	// (safefile.OpenListing); nil lists none: a line that needs a listing (npm test --workspaces
	// with workspaces: ["packages/*"]) is unresolved.
	List func(dir string, max int) ([]string, error)

	uncached bool // a test's files: the line read is not kept for the next call
}

// ParseFiles reads a command line as ParseAs does, and reads the files it runs through files.
func ParseFiles(line string, sh Shell, files *Files) Line {
	if files == nil || files.Read == nil {
		return ParseAs(line, sh)
	}
	if l, ok := readAlone(line, sh); ok && !files.uncached {
		return l // the line runs no file: its reading without them is the same
	}
	key := strings.Join(files.Dirs, "\x00")
	if !files.uncached {
		lastFiles.Lock()
		if lastFiles.ok && lastFiles.src == line && lastFiles.sh == sh && lastFiles.dirs == key {
			l := lastFiles.line
			lastFiles.Unlock()
			return l
		}
		lastFiles.Unlock()
	}
	l := parseWith(line, sh, files)
	if !files.uncached {
		lastFiles.Lock()
		lastFiles.src, lastFiles.sh, lastFiles.dirs, lastFiles.line, lastFiles.ok = line, sh, key, l, true
		lastFiles.Unlock()
	}
	return l
}

// lastFiles is the line ParseFiles read most recently from disk, for each rules hook of an event.
var lastFiles struct {
	lastLine
	dirs string
}

// Limits on what one line reads from disk.
const (
	maxScriptFile = 1 << 20         // bytes of one file: a larger shell script the line runs itself is unresolved
	maxFileReads  = 64              // files read; past it one the line runs itself is unresolved
	fileReadTime  = 2 * time.Second // for all of them (errReadTime): a file on a stalled network mount must not hold the call
)

// A readError says why the line's files were not read; a constant, as an errors.New at package
// level would run at every start.
type readError string

func (e readError) Error() string { return string(e) }

const (
	errTooMany  readError = "the line runs more files than hookrun reads"
	errReadTime readError = "reading the files the line runs took more than 2s"
)

// readFile reads the file at p through the line's Files, at most max bytes, within the time left
// for the line; each read of maxScriptFile bytes counts against maxFileReads.
func (r *reader) readFile(p string, max int64) ([]byte, bool, error) {
	if by := r.rewritten(); by != "" {
		r.unresolved("the line reads %s after %s, which may change it to text only known when the line runs", filepath.ToSlash(p), by)
	}
	if max == maxScriptFile {
		if r.fileReads++; r.fileReads > maxFileReads {
			return nil, false, errTooMany
		}
	}
	return r.readAt(p, max)
}

// readAt reads at most max bytes of the file at p through the line's Files within the time left
// for the line, counting against no cap (readFile's callers count theirs).
func (r *reader) readAt(p string, max int64) ([]byte, bool, error) {
	type read struct {
		data  []byte
		whole bool
	}
	got, err := timed(r, func() (read, error) {
		data, whole, err := r.files.Read(p, max)
		return read{data, whole}, err
	})
	return got.data, got.whole, err
}

// timed runs f (a read of the disk) within the time left for the line, and hands back what it
// gives: errReadTime (and T's zero value) when that
// runs out first, f left to finish on its own.
func timed[T any](r *reader, f func() (T, error)) (T, error) {
	if r.readUntil.IsZero() {
		r.readUntil = time.Now().Add(fileReadTime)
		// One timer for the line, not one per read: a git command alone reads a dozen files.
		// It fires once; whatever reads after that finds the time spent (left) and waits on
		// nothing.
		r.readEnd = time.NewTimer(fileReadTime).C
	}
	var none T
	if time.Until(r.readUntil) <= 0 {
		return none, errReadTime
	}
	type result struct {
		v   T
		err error
	}
	// What f gives comes back over the channel: a read still under way past the time writes
	// nothing the reader holds.
	done := make(chan result, 1)
	go func() {
		v, err := f()
		done <- result{v, err}
	}()
	select {
	case res := <-done:
		return res.v, res.err
	case <-r.readEnd:
		return none, errReadTime
	}
}

// linked adds the program a command named by its path runs when that path is a symbolic link to
// another (./scripts/clean leading to /bin/rm runs rm): a Maybe command of the link's target's
// name, with the command's arguments.
func (r *reader) linked(run scriptRun, p string) {
	if r.files.Link == nil {
		return
	}
	real, err := timed(r, func() (string, error) { return r.files.Link(p) })
	if err != nil {
		return
	}
	real = filepath.ToSlash(real)
	if name := commandName(real); name != commandName(filepath.ToSlash(p)) {
		r.out.Commands = append(r.out.Commands, Command{Name: name, Path: real, Args: run.args, Maybe: true, File: run.file})
	}
}

// missing reports whether err says there is no such file: a script that is not there runs nothing.
func missing(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

// asFile reads what read reads as the text of a file on disk: the commands it finds are Maybe,
// what it leaves unknown does not count (nor what the line's end would find unknown of it: its
// arithmetic and the links it makes), and a cd in it stays in it. The revisions its git commands
// bring (git checkout other in a y.sh) are the line's too, when the file alone could have them
// read (fileRevisions).
func (r *reader) asFile(read func()) {
	nu, np, nr := len(r.out.Unresolved), len(r.out.UnknownPaths), len(r.stopped)
	dir, dirUnknown, cdSearch, aliases, fromFile := r.dir, r.dirUnknown, r.cdSearch, maps.Clone(r.aliases), r.fromFile
	vars, revisions, gitOthers, gitEnv, links, fileName := r.vars, r.revisions, r.gitOthers, r.gitEnv, r.links, r.fileName
	r.fromFile, r.vars, r.revisions, r.gitOthers, r.gitEnv, r.links = true, arithVars{}, nil, 0, false, nil
	defer func() {
		brings := r.fileRevisions()
		r.out.Unresolved, r.out.UnknownPaths = r.out.Unresolved[:nu], r.out.UnknownPaths[:np]
		for _, why := range r.stopped[nr:] {
			r.keepUnread(why)
		}
		r.dir, r.dirUnknown, r.cdSearch, r.aliases, r.fromFile = dir, dirUnknown, cdSearch, aliases, fromFile
		r.vars, r.revisions, r.gitOthers, r.gitEnv, r.links, r.fileName = vars, append(revisions, brings...), gitOthers, gitEnv, links, fileName
	}()
	read()
}

// unreadable notes why hookrun stopped reading what the line runs: a file it cannot read, one
// past a cap, text past a syntax error. Unlike what a file read from disk leaves only known when it
// runs, that counts against the line however deep the file is (asFile keeps it), for its commands
// and its paths alike: what was not read may run anything, and padding a file costs nothing.
func (r *reader) unreadable(format string, args ...any) {
	var why []string
	addReason(&why, 1, format, args)
	if !slices.Contains(r.stopped, why[0]) {
		r.stopped = append(r.stopped, why[0])
	}
	r.keepUnread(why[0])
}

// keepUnread adds an unreadable reason to the line's, once.
func (r *reader) keepUnread(why string) {
	if len(r.out.Unresolved) < maxUnresolved && !slices.Contains(r.out.Unresolved, why) {
		r.out.Unresolved = append(r.out.Unresolved, why)
	}
	if len(r.out.UnknownPaths) < maxUnknownPaths && !slices.Contains(r.out.UnknownPaths, why) {
		r.out.UnknownPaths = append(r.out.UnknownPaths, why)
	}
}

// fileRevisions are the revisions a file's git commands bring, as finishRevisions would take
// them were the file the line: none when it runs other git commands or sets a GIT_ variable,
// which may change what they bring before they run. Like the file's other unknowns, that does
// not count against the line.
func (r *reader) fileRevisions() []revisionAt {
	if r.gitOthers > 1 || r.gitEnv || len(r.revisions) > maxRevisions {
		return nil
	}
	return r.revisions
}

// fileScript reads the shell script src, a file's text or a line a file holds (from names it, for
// the commands read: Command.File), run at depth: the
// line's budgets hold (loud unless the file is read quietly itself), then its statements are read
// as a file's, one at a time, as a shell runs them: those before a syntax error run.
func (r *reader) fileScript(src, from string, depth int, args []string) {
	r.fileScriptIn(src, from, depth, args, nil)
}

// fileScriptIn is fileScript for a file sourced by a shell that gives its variables the values
// shellVars (scriptRun.shellVars): each is known in the file, as the line's own are, unless the
// file gives it values of its own.
func (r *reader) fileScriptIn(src, from string, depth int, args []string, shellVars map[string][]string) {
	if strings.TrimSpace(src) == "" || !r.enter(src, depth) {
		return
	}
	r.asFile(func() {
		r.fileName = from
		if f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), ""); err == nil {
			// The variables the file gives values it spells out are known in it, as the line's are
			// (X=-rf; rm $X ~, for a in "$@"), and a for without in goes over the words it is given.
			defer func(c *consts) { r.consts = c }(r.consts)
			r.consts = scanConstsOf(f, src, args, true)
			for name, vs := range shellVars {
				if _, own := r.consts.values[name]; !own && !r.consts.dyn[name] && r.consts.waiting[name] == 0 {
					for _, v := range vs {
						r.consts.give(name, v)
					}
					r.consts.given(name, 0)
				}
			}
			r.consts.environ(r.fileEnv)
			syntax.Walk(f, r.visit(src, depth))
			return
		}
		r.pastErrors(src, from, depth)
	})
}

// maxResyncs bounds the times a file is read afresh after a syntax error (pastErrors).
const maxResyncs = 8

// pastErrors reads the shell script src, which hookrun's parser stops in, as a shell runs it: the
// statements before the error, and, unless one of them surely ends the shell (exit, exec PROGRAM),
// a reason the line is unresolved: bash reports $((1+)) or ${a b} only when it expands them, and
// runs the next command. What the lines after the error spell out, each read afresh from the
// line after the one it stops in (up to maxResyncs times), counts too; a reading afresh may pair
// quotes otherwise than the shell does, so it never stands in for the reason.
func (r *reader) pastErrors(src, from string, depth int) {
	for n := 0; ; n++ {
		var read []*syntax.Stmt
		var failed error
		for stmt, err := range syntax.NewParser(syntax.Variant(syntax.LangBash)).StmtsSeq(strings.NewReader(src)) {
			// Not break: the parser's iterator goes on after its loop stops (mvdan.cc/sh v3.14.1).
			if failed == nil && err != nil {
				failed = err
			}
			if failed == nil {
				read = append(read, stmt)
				syntax.Walk(stmt, r.visit(src, depth))
			}
		}
		var pe syntax.ParseError
		if failed == nil || shellEnds(read) {
			return
		}
		if n == 0 {
			at := ""
			if errors.As(failed, &pe) {
				at = strconv.Quote(strings.TrimSpace(lineAt(src, pe.Pos.Line()))) + ": "
			}
			r.unreadable("%s runs text hookrun cannot read as a shell does (%s%v): a shell may run what follows it", from, at, failed)
		}
		if !errors.As(failed, &pe) || n == maxResyncs {
			return
		}
		_, rest, ok := strings.Cut(src[lineStart(src, pe.Pos.Line()):], "\n")
		if !ok || strings.TrimSpace(rest) == "" || !r.enter(rest, depth) {
			return
		}
		src = rest
	}
}

// lineStart is the offset in text of its line n (counted from 1); len(text) past its last.
func lineStart(text string, n uint) int {
	at := 0
	for ; n > 1; n-- {
		i := strings.IndexByte(text[at:], '\n')
		if i < 0 {
			return len(text)
		}
		at += i + 1
	}
	return at
}

// lineAt is text's line n (counted from 1).
func lineAt(text string, n uint) string {
	line, _, _ := strings.Cut(text[lineStart(text, n):], "\n")
	return line
}

// shellEnds reports whether one of a script's statements surely ends the shell that runs them
// before it reads further: exit, or exec with a program (the first line of a python program
// started by sh: ”'exec' python3 "$0" "$@"), run alone, where no function, alias or builtin
// switch the script makes may stand for them.
func shellEnds(stmts []*syntax.Stmt) bool {
	ends := false
	for _, s := range stmts {
		var overridden bool
		syntax.Walk(s, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.FuncDecl:
				// A function hookrun cannot name (the parser reads ()CMD as zsh's anonymous
				// one, Name nil, though bash refuses it) may be taken for any name.
				overridden = overridden || n.Name == nil || n.Name.Value == "exit" || n.Name.Value == "exec"
				for _, name := range n.Names {
					overridden = overridden || name.Value == "exit" || name.Value == "exec"
				}
			case *syntax.CallExpr:
				if name, ok := staticWord(firstWord(n)); ok {
					overridden = overridden || name == "alias" || name == "enable" || name == "eval" || name == "." || name == "source"
				}
			}
			return true
		})
		if overridden {
			return false
		}
		call, ok := s.Cmd.(*syntax.CallExpr)
		if !ok || s.Negated || s.Background || s.Coprocess || ends {
			continue
		}
		name, _ := staticWord(firstWord(call))
		ends = name == "exit" || name == "exec" && len(call.Args) > 1
	}
	return ends
}

// firstWord is a call's first word; nil for an assignment alone.
func firstWord(c *syntax.CallExpr) *syntax.Word {
	if len(c.Args) == 0 {
		return nil
	}
	return c.Args[0]
}

// located is the absolute path, in each directory the line may start in, of the file p a run
// names (relative to dir, the directory the line has moved to); nil, and the line unresolved,
// when where it is is only known when the line runs.
func (r *reader) located(run scriptRun, p string) []string {
	p, known := home(p)
	dir := run.dir
	if run.dirUnknown != "" {
		// cd ~/proj is a directory only known when the line runs to a paths guard (whose home
		// is it?), but the files hookrun reads are its user's: home() knows it.
		if d, ok := home(run.dirUnknown); ok && path.IsAbs(d) && !strings.ContainsAny(d, " $`\\*?[") {
			dir = d
		} else if !path.IsAbs(p) && known {
			r.unresolved("the line runs %s in %s, a directory only known when it runs", p, run.dirUnknown)
			return nil
		}
	}
	switch {
	case !known:
		r.unresolved("the line runs %s, a file only known when it runs", p)
		return nil
	case path.IsAbs(p):
		return []string{filepath.FromSlash(p)}
	case path.IsAbs(dir):
		return []string{filepath.FromSlash(path.Join(dir, p))}
	}
	var out []string
	for _, d := range r.files.Dirs {
		out = append(out, filepath.Join(d, filepath.FromSlash(path.Join(dir, p))))
	}
	return out
}

// home is p with a leading ~ or ~/ read as the user's home directory; false for a path only
// known when the line runs (~user, ~-, or no home).
func home(p string) (string, bool) {
	p, known := tilde(p)
	if known && (p == "~" || strings.HasPrefix(p, "~/")) {
		h, err := os.UserHomeDir()
		if err != nil || !filepath.IsAbs(h) {
			return p, false
		}
		return path.Join(filepath.ToSlash(h), p[1:]), true
	}
	return p, known
}

// once reports whether key (a file, or a script of one) is read for the first time: a script that
// runs itself is read once.
func (r *reader) once(key string) bool {
	if r.readDone[key] {
		return false
	}
	if r.readDone == nil {
		r.readDone = map[string]bool{}
	}
	r.readDone[key] = true
	return true
}

// cachedText is readText once for each file: a package.json whose scripts run each other is read
// once.
func (r *reader) cachedText(what, p string) (string, bool) {
	if t, ok := r.fileTexts[p]; ok {
		return t.text, t.ok
	}
	if r.fileTexts == nil {
		r.fileTexts = map[string]fileText{}
	}
	text, ok := r.readText(what, p)
	r.fileTexts[p] = fileText{text, ok}
	return text, ok
}

// A fileText is a file's text, and whether it could be read.
type fileText struct {
	text string
	ok   bool
}

// fromDisk reads a script file, makefile or package.json a run names from disk, when the line
// does not write it.
func (r *reader) fromDisk(run scriptRun) {
	if !r.withFiles() || r.files.Read == nil {
		return
	}
	switch run.kind {
	case runShell, runCrontab:
		if run.key == anyFile || isPattern(run.file) {
			r.unresolved("the line runs the files %s names, only known when it runs", run.file)
			return
		}
		for _, p := range r.located(run, run.file) {
			if !r.once(run.kind + "\x00" + p + "\x00" + argsKey(run.args)) {
				continue // read once for each list of words given it
			}
			if run.exec {
				r.linked(run, p)
			}
			max := int64(maxScriptFile)
			if run.exec {
				max = headBytes // a program named by its path (/usr/bin/git) is only read as far as it takes to see it is one
			}
			data, whole, err := r.readFile(p, max)
			if err == nil && !whole && max < maxScriptFile && !binary(data) && shebangShell(string(data)) {
				data, whole, err = r.readFile(p, maxScriptFile)
			}
			switch {
			case missing(err) || errors.Is(err, syscall.EISDIR):
				// Nor does a directory: a shell refuses to read one, and exec to run one.
			case err != nil:
				r.unreadable("the line runs %s, which hookrun cannot read: %s", run.file, err)
			case run.exec && !binary(data) && shebangLang(string(data)) != "":
				// #!/usr/bin/env python3: read as python3 FILE's program is (programfiles.go).
				run.manager = shebangLang(string(data))
				r.programAt(run, p)
			case binary(data) || run.exec && !shebangShell(string(data)):
				// A program, or a script of another interpreter: read as itself.
			case !whole:
				r.unreadable("the line runs %s, larger than %d bytes, more than hookrun reads", run.file, maxScriptFile)
			case run.kind == runCrontab:
				r.asFile(func() { r.crontab(string(data), run.depth) })
			default:
				zero := filepath.ToSlash(p)
				if run.sourced {
					zero = run.zero
				}
				defer func(z string) { r.zero = z }(r.zero)
				r.zero = zero
				text := withSelf(string(data), zero, filepath.ToSlash(p))
				if run.exec {
					r.mayNameItself(p, text)
				}
				r.scriptWithArgs(withConfigHome(text), run)
			}
		}
	case runCode:
		r.programFromDisk(run)
	case runPytest:
		r.pytestFromDisk(run) // pytestcollect.go
	case runMake:
		r.makeFromDisk(run)
	case runGo:
		r.goGenerateFromDisk(run)
	case runCargo:
		r.cargoFromDisk(run)
	case runInstaller:
		r.installerFromDisk(run) // the manifest an installer reads for its programs' names (installers.go)
	case runNpm:
		switch run.manager {
		case "nox", "invoke":
			r.pythonFromDisk(run)
			return
		case "mise":
			r.miseFromDisk(run)
			return
		case "nx":
			r.nxFromDisk(run)
			return
		}
		r.packageFromDisk(run)
	case runGit:
		switch {
		case run.file == "git":
			r.gitFromDisk(run)
		case len(run.names) > 0:
			r.hookManagerFromDisk(run) // pre-commit run, lefthook run
		}
	}
}

// safePathChars are the characters of a path withSelf writes into a script's text.
const safePathChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+@%:,="

// headBytes are the first bytes of a file that say whether it is a program (binary) and which
// interpreter its #! line names.
const headBytes = 1024

// binary reports whether a file's first bytes are a program's, not a script's: a NUL byte.
func binary(data []byte) bool {
	return bytes.IndexByte(data[:min(len(data), headBytes)], 0) >= 0
}

// readText reads the file at p for a make or package run: ok false when it is missing, and the
// line unresolved when it cannot be read whole.
func (r *reader) readText(what, p string) (string, bool) {
	data, whole, err := r.readFile(p, maxScriptFile)
	switch {
	case missing(err) || errors.Is(err, syscall.EISDIR):
		return "", false
	case err != nil:
		r.unreadable("the line runs what %s says, which hookrun cannot read: %s", what, err)
		return "", false
	case !whole:
		r.unreadable("the line runs what %s says, larger than %d bytes, more than hookrun reads", what, maxScriptFile)
		return "", false
	}
	return string(data), true
}

// scriptWithArgs reads the shell script text a run gives words to: as it is, then with the words
// written into its "$@" and $1 … (positional), and, when it shifts them, with them shifted once,
// twice… (at most maxShifts times): while [ $# -gt 0 ]; do rm "$1"; shift; done runs rm with each.
func (r *reader) scriptWithArgs(text string, run scriptRun) {
	r.fileScriptIn(text, run.file, run.depth+1, argValues(run.args), run.shellVars)
	shifts := 0
	if strings.Contains(text, "shift") {
		shifts = min(len(run.args)-1, maxShifts)
	}
	for k := 0; k <= shifts; k++ {
		if t, ok := positional(text, run.args[k:]); ok {
			r.fileScriptIn(t, run.file, run.depth+1, argValues(run.args[k:]), run.shellVars)
		}
	}
}

// maxShifts bounds the readings of a script that shifts the words it is given.
const maxShifts = 8

// argValues are the words a script is given, for a loop over them (for a; do); nil when there
// are none or one is only known when the line runs.
func argValues(args []Arg) []string {
	var vs []string
	for _, a := range args {
		if a.Dynamic {
			return nil
		}
		vs = append(vs, a.Value)
	}
	return vs
}

// argsKey tells the lists of words a script is given apart.
func argsKey(args []Arg) string {
	var b strings.Builder
	for _, a := range args {
		b.WriteString(strconv.Quote(a.Value))
		if a.Dynamic {
			b.WriteByte('$')
		}
		b.WriteByte(' ')
	}
	return b.String()
}

// positional is a script's text with the words the line gives it ("$@", $*, $1 … $99, braced or
// not, quoted or not, with an operator: ${@:2}, ${1+"$@"}, "${1:-x}") written in, each quoted for
// sh: read beside the text as it is, so that ./del.sh -rf ~ with rm "$@" runs rm -rf ~. A braced
// parameter with an operator is written as its words and then the word after the operator
// (${1:-x} is the words of $1 and x, ${1+"$@"} those of $1 and all of them, ${@:2} all of them):
// what it adds is a command's words a rule may match, never one less. A shift, set -- or a
// function's own "$@" is not followed here (fromDisk reads a script that shifts again with the
// words shifted). False when the script reads none or is given none.
func positional(text string, args []Arg) (string, bool) {
	if len(args) == 0 || !strings.Contains(text, "$") {
		return "", false
	}
	words := make([]string, len(args))
	for i, a := range args {
		w, ok := shellWord(a)
		if !ok {
			return "", false
		}
		words[i] = w
	}
	return positionalIn(text, words, 0)
}

// positionalIn is positional's writing, words already quoted; depth bounds the words after
// operators within operators.
func positionalIn(text string, words []string, depth int) (string, bool) {
	var b strings.Builder
	found := false
	for rest := text; ; {
		at := strings.IndexByte(rest, '$')
		if at < 0 {
			b.WriteString(rest)
			break
		}
		name, n, alt := positionalAt(rest[at:])
		if n == 0 {
			b.WriteString(rest[:at+1])
			rest = rest[at+1:]
			continue
		}
		found = true
		start, end := at, at+n
		if start > 0 && rest[start-1] == '"' && end < len(rest) && rest[end] == '"' {
			start, end = start-1, end+1 // "$@": the quotes go with it
		}
		b.WriteString(rest[:start])
		switch i, err := strconv.Atoi(name); {
		case name == "@" || name == "*":
			b.WriteString(strings.Join(words, " "))
		case err == nil && i <= len(words):
			b.WriteString(words[i-1])
		default:
			b.WriteString("''")
		}
		if alt != "" && depth < maxPositionalDepth {
			if w, ok := positionalIn(alt, words, depth+1); ok {
				alt = w
			}
			b.WriteString(" " + alt)
		}
		rest = rest[end:]
	}
	return b.String(), found
}

// maxPositionalDepth bounds the operators within operators positional writes out (${1:-${2:-…}}).
const maxPositionalDepth = 8

// positionalAt reads a positional parameter at the start of s ($@, $*, $1 … $9; braced, ${10},
// with an operator: ${@:2}, ${1:-x}, ${1+"$@"}, ${1#-}): its name, its length (0 when s starts
// with none) and the word after an operator that may stand for it (${1:-x}'s x, ${1+"$@"}'s
// "$@"; "" for none).
func positionalAt(s string) (name string, n int, alt string) {
	param := func(c byte) bool { return c == '@' || c == '*' || c >= '1' && c <= '9' }
	switch {
	case len(s) >= 2 && param(s[1]):
		return s[1:2], 2, ""
	case len(s) < 4 || s[1] != '{' || !param(s[2]):
		return "", 0, ""
	}
	i := 3
	if s[2] != '@' && s[2] != '*' {
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	name = s[2:i]
	end := braceEnd(s, 2)
	if end < 0 {
		return "", 0, ""
	}
	op := s[i:end]
	for _, o := range []string{":-", ":=", ":+", "-", "=", "+"} {
		if w, ok := strings.CutPrefix(op, o); ok {
			alt = w
			break
		}
	}
	return name, end + 1, alt
}

// braceEnd is the index of the } closing the ${ whose { is before from, -1 when none: braces
// counted, a backslash's character and single-quoted text skipped.
func braceEnd(s string, from int) int {
	depth := 1
	for i := from; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '\'':
			if j := strings.IndexByte(s[i+1:], '\''); j >= 0 {
				i += j + 1
			}
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return -1
}
