// Package shellcmd reads a shell command line the way a shell would, without running it: the simple
// commands it runs (wrappers such as sudo, env and bash -c peeled), the paths it names, and what
// cannot be known before it runs.
package shellcmd

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// maxDepth caps how deeply scripts inside scripts (bash -c, eval, heredocs fed to a shell) are read;
// deeper nesting is reported as unresolved rather than followed.
const maxDepth = 16

// Budgets for one line, so that a small hostile line cannot make reading it slow: nested scripts
// (eval {,}{,}… 'eval …' repeats its script at every level) and brace expansions add up across the
// whole line.
const (
	maxScriptBytes = 4 << 20
	maxBraceWords  = 16 << 10
)

// Arg is one argument as the command receives it. Dynamic arguments hold an expansion whose value is
// only known when the line runs ($x, $(…), the items xargs reads); Value is then the source text.
type Arg struct {
	Value   string
	Dynamic bool
}

// Command is one simple command the line runs.
type Command struct {
	Name    string // the basename of the command name, quotes and escapes removed: \rm, 'rm', /bin/rm are rm; folded as a case-insensitive file system and Git Bash find it: RM and rm.exe are rm
	Path    string // the command name as the shell resolves it, before taking the basename
	Args    []Arg
	Wrapper bool // sudo, env, timeout, bash -c …: the command it runs is listed after it
	// PowerShell: a cmdlet (or function) of a PowerShell line. Name is the cmdlet, folded
	// (remove-item for rm, del, ri), and a pattern reads its parameters as PowerShell does.
	PowerShell bool
	// Maybe: a program hookrun has no reading for may run this command, which its arguments name
	// (valgrind rm -rf x, docker run IMAGE rm -rf x, ssh HOST 'rm -rf x'). A rule that stops a call
	// counts it; an allow rule does not need it on its list, and an argument of it only known when
	// the line runs leaves nothing unknown.
	Maybe bool
	// File: the file the line runs that this command was read from, as the line names it
	// (scripts/clean.sh, Makefile, package.json script "test"); "" for the line's own commands.
	File string
	// Env: the variables the line gives the command's environment, each NAME=VALUE (Dynamic when
	// the value is only known at run time): its own prefix (A=1 cmd), those of a wrapper that runs
	// it (env A=1 cmd, sudo A=1 cmd), and those the line exported before it (export A=1,
	// declare -x, set -a), whatever subshell did so: more, never fewer, than the shell would give.
	Env []Arg
}

// Line is what a command line runs, as far as it can be known without running it.
type Line struct {
	// Commands are the simple commands the line may run, in the order they start. A command
	// whose words read a variable the line gives one of several values it writes out is listed
	// once per value (for f in a b; do rm "$f"; done lists rm a and rm b).
	Commands []Command
	// Unresolved says why some command of the line cannot be known before it runs (a parameter in
	// command position, eval of a non-literal, a parse error). Empty when every command is known.
	Unresolved []string
	// Paths are the paths the line names, as written after quote removal: redirection targets and the
	// non-option arguments of every command. Relative paths are relative to the directory the line
	// starts in; after a literal cd they are listed both as written and joined to that directory,
	// and a path through a link the line makes (ln -s, cp -s, mount --bind) also as the path it
	// leads to.
	Paths []string
	// Programs are the paths of Paths the line names only as the program a command runs
	// (~/.local/bin/ruff check ., ./bin/tool), never as an operand or a redirection target:
	// running a program does not change it, and a rule may leave them out (ignore_programs).
	Programs []string
	// UnknownPaths says why some path the line names is only known when it runs: an operand or a
	// redirection target with an expansion in it, or a relative path after a cd to such a directory.
	// Arguments of commands that take text, not files (echo, printf, test), do not count.
	UnknownPaths []string
	// OptionPaths are the values a short option may carry in its own word, listed as Paths are:
	// in sort -o.system/x or tar -C.system the value follows the option's letter, and which
	// letters take a value is each command's own, so every tail of an option word after its first
	// letter is a candidate (-xvzf gives vzf, zf and f). The caller keeps those that may be paths.
	OptionPaths []string
	// TreePaths are directories beneath which a command may change any file, listed as Paths are:
	// the operands of a recursive rm, chmod, chown or chgrp, find's start points when it deletes or
	// runs commands, the directory an archive (tar, unzip, cpio, 7z) or a patch (patch, git apply,
	// git am) is unpacked into, a directory a copy of another's contents lands in, the work tree for
	// git commands that write it from the index, a stash or an object (checkout-index, read-tree,
	// update-index, stash pop, reset --hard, clean) and checkout's and restore's pathspecs. The
	// caller lists what lies beneath them.
	TreePaths []string
	// Revisions are the commits git commands of the line make a work tree match, in whole or in
	// part (git checkout BRANCH, merge, rebase, cherry-pick, reset --hard COMMIT): the caller
	// lists what differs between each and HEAD. A line that may change what a revision names
	// before it is brought (git fetch … && git checkout …) has its paths unknown instead.
	Revisions []Revision
	// Copies are the sources a command copies, moves or links elsewhere (cp, mv, rsync, scp, ln,
	// install), listed as Paths are: what lies beneath each From lands beneath its To, read by the
	// caller as the call is checked. cp -r /tmp/evil scripts makes scripts a copy of /tmp/evil when
	// no scripts exists, and scripts/evil when one does: both are listed.
	Copies []Copy
	// Finds are the start points of a find that deletes or runs a command on only the files whose
	// names match its -name and -iname patterns, listed as Paths are, in place of TreePaths: find
	// . -name '*.pyc' -delete changes the .pyc files beneath ., not the rest.
	Finds []Find
	// Unpacks are the directories an archive is unpacked into (tar -x, unzip, 7z x…), listed as
	// Paths are and also in TreePaths: beneath each, the command makes files whose names only the
	// archive holds, known when it runs.
	Unpacks []Unpack
}

// Unpack is a directory the command By (tar, unzip…) unpacks an archive into.
type Unpack struct{ Dir, By string }

// Copy is a source a command copies, moves or links to To.
type Copy struct{ From, To string }

// Find is a find start point and the name patterns every file it changes beneath it matches (and
// the start point itself, when its name does). Deep: it may change what lies beneath such a
// file too (-exec rm -rf {} +), not only the file (-delete). Runs: it runs a command on each file
// it picks (-exec, -ok, -execdir, -okdir), which may write the file in place, so through a hard
// link there to a file elsewhere; a find that does so on any file (no name filter) is listed here
// too, with no patterns, beside its start point's TreePaths.
type Find struct {
	Dir    string
	Names  []string // -name patterns
	INames []string // -iname patterns, matched ignoring case
	Deep   bool
	Runs   bool
}

// Parse reads a POSIX shell command line. It never fails: what it cannot read is reported in
// Line.Unresolved. The Line it returns shares its slices with other callers: it must not be modified.
func Parse(line string) Line { return ParseAs(line, POSIX) }

// ParseAs reads a command line written for the shell sh, as Parse does.
func ParseAs(line string, sh Shell) Line {
	last.Lock()
	if last.ok && last.src == line && last.sh == sh {
		l := last.line
		last.Unlock()
		return l
	}
	last.Unlock()
	l, asked := read(line, sh, nil)
	last.Lock()
	last.src, last.sh, last.line, last.ok, last.filesAsked = line, sh, l, true, asked
	last.Unlock()
	return l
}

// readAlone is the line ParseAs read most recently, when it is line read for sh and its reading
// never asked for the line's files (reader.withFiles): a reading with files would have taken every
// step it took, and gives the same Line. An event reads its command without its files first (the
// call's paths), and a rules hook's reading with them of a line that runs no file (git status,
// rm -rf out) is then that one.
func readAlone(line string, sh Shell) (Line, bool) {
	last.Lock()
	defer last.Unlock()
	if last.ok && !last.filesAsked && last.src == line && last.sh == sh {
		return last.line, true
	}
	return Line{}, false
}

// last is the line read most recently. One event reads its command once for the call's paths and
// again in each rules hook; with ten rules hooks the reads were most of a 100 KB line's cost.
var last lastLine

// lastLine is a line read, and what it was read as.
type lastLine struct {
	sync.Mutex
	src  string
	sh   Shell
	line Line
	ok   bool
	// filesAsked: the reading (without files) came to a step that reads them (reader.withFiles).
	filesAsked bool
}

// parseTree parses src, a script read at depth (0: the line itself), with bash's grammar. The
// line's own tree is kept for the next reading of the same line: an event reads its command
// without its files (the call's paths) and with them (rules hooks, an http hook's body), and a
// 100 KB line's parse was a third of each reading. Nothing that reads a tree changes it
// (TestTreeUnchangedByReading), so both readings may walk the same one.
func parseTree(src string, depth int) (*syntax.File, error) {
	if depth != 0 {
		return syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	}
	lastTree.Lock()
	defer lastTree.Unlock()
	if lastTree.ok && lastTree.src == src {
		return lastTree.f, lastTree.err
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	lastTree.src, lastTree.f, lastTree.err, lastTree.ok = src, f, err, true
	return f, err
}

// lastTree is the line parsed most recently (parseTree).
var lastTree struct {
	sync.Mutex
	src string
	f   *syntax.File
	err error
	ok  bool
}

func parse(line string) Line { return parseWith(line, POSIX, nil) }

func parseAs(line string, sh Shell) Line { return parseWith(line, sh, nil) }

// parseWith reads a line for the shell sh, and the files it runs from files (nil: none).
func parseWith(line string, sh Shell, files *Files) Line {
	l, _ := read(line, sh, files)
	return l
}

// read is parseWith, and whether the reading came to a step that reads the line's files
// (reader.withFiles), whether it was given them or not.
func read(line string, sh Shell, files *Files) (Line, bool) {
	if sh != POSIX {
		return parseOther(line, sh, files)
	}
	r := reader{files: files}
	r.out.Commands = []Command{} // sized by script, once it knows how many commands the line has
	r.script(line, 0)
	r.finishScripts()
	r.finishAliases()
	r.finishNumbers()
	r.finishMade()
	r.finishRevisions()
	r.finishArith()
	r.finishLinks()
	r.finishMounts()
	r.finishPrograms()
	return r.out, r.filesAsked
}

func parseOther(line string, sh Shell, files *Files) (Line, bool) {
	r := reader{files: files}
	r.out.Commands = make([]Command, 0, len(line)/30+2)
	switch sh {
	case PowerShell:
		r.pwsh(line, 0)
	default:
		// Either shell may run it: what either reading finds counts.
		r.script(line, 0)
		r.finishScripts()
		r.finishAliases()
		r.finishNumbers()
		r.finishMade()
		r.finishArith()
		r.dir, r.dirUnknown = "", ""
		r.pwsh(line, 0)
	}
	r.finishRevisions()
	r.finishLinks()
	r.finishMounts()
	r.finishPrograms()
	return r.out, r.filesAsked
}

// withFiles reports whether the line's files are read (ParseFiles gave them), and notes that
// the reading came to a step that reads them. Every step whose course depends on whether there
// are files asks here (TestFilesAskedAtEveryStep): a reading without files that never asked is
// the reading with them too (readAlone).
func (r *reader) withFiles() bool {
	r.filesAsked = true
	return r.files != nil
}

type reader struct {
	out         Line
	parsed      int         // bytes of script parsed, the line included
	braceWords  int         // words brace expansion produced
	dir         string      // the directory a literal cd moved to, relative to the start ("" when none)
	dirUnknown  string      // the cd operand, when the line moved to a directory only known at run time
	dirRaw      string      // dir as the cds spelled it, when a ".." there follows a name (see rawJoin); "" otherwise
	dirStack    []wd        // the directories the line's own pushd left, the last on top
	walk        []walkFrame // the nodes of the syntax tree being read (enterNode, leave)
	cdSearch    bool        // the line sets CDPATH or cdable_vars: cd may find a relative directory elsewhere
	homeSet     bool        // the line may set HOME, which ~ expands to
	pwdSet      bool        // the line may set PWD, which ~+ expands to
	seen        map[string]bool
	asProgram   bool                        // naming a command's own path (operands): Line.Programs
	programs    []string                    // the paths named as a command's own, in order, before finishPrograms
	mounts      []mount                     // a container's bind mounts, for finishMounts
	aliases     map[string]bool             // names the line makes stand for another command (alias, hash -p, BASH_CMDS)
	numbersVoid string                      // why the commands that print numbers ($(nproc)) may print anything here (numbers.go); "" when they cannot
	tables      map[*syntax.Assign]bool     // assignments to BASH_CMDS and BASH_ALIASES already read
	vars        arithVars                   // variables read as arithmetic, and what the line gives them
	consts      *consts                     // the values the line's own text gives its variables, while it is read
	args        []Arg                       // where words cuts each command's arguments from
	backslash   bool                        // reading PowerShell: a backslash in a path separates its components
	psPiped     bool                        // reading PowerShell: the statement takes the pipeline's output as its input
	revisions   []revisionAt                // what git commands bring, until the whole line is read
	gitOthers   int                         // git commands that are not read-only
	gitEnv      bool                        // some script of the line names a GIT_ variable
	links       []Copy                      // symbolic links and bind mounts the line makes: From is the link, To where it leads
	found       bool                        // reading what find -exec runs, where {} stands for each file it finds
	maybe       bool                        // reading what a program hookrun does not know may run (mayRun)
	suffix      bool                        // the next command read is a tail of another's words: its own tails are read already
	maybeRuns   bool                        // a maybe reading that surely names a command (mayRunsFiles): the files it runs are read
	unread      bool                        // peel knew nothing of the command it was given: a program hookrun has no reading for
	mayWords    int                         // words read as what programs hookrun does not know may run (maxMayWords)
	rubyLoaded  int                         // files Ruby files load, read (maxRubyLoads)
	evalBytes   int                         // bytes of the strings programs hand to their eval, read (evalString)
	quiet       int                         // how deep in a program's strings the reading is (quietly)
	quietCmds   []int                       // the commands read from a program's strings (quietly), by index, ascending
	literals    int                         // the strings of one program read, when not maxLiterals (programfiles.go)
	capped      bool                        // a cap of the reading was reached: what lies past it was not read
	stopped     []string                    // why hookrun stopped reading what the line runs (unreadable): kept however deep
	pathsCapped bool                        // the cap of a program's strings read as paths was reached
	runs        []scriptRun                 // script files the line runs (finishScripts)
	wrote       []writtenFile               // files the line writes
	stdinFrom   *syntax.Stmt                // the statement whose output the command read takes as its standard input
	stdinPiped  bool                        // the command read takes its standard input from a pipe
	shellStdin  bool                        // a shell read takes its script from a pipe or a file on its standard input
	texts       map[*syntax.Redirect]string // what a command whose output a redirection writes prints, when the line spells it out
	files       *Files                      // where the files the line runs are read from (diskscripts.go); nil: nowhere
	fromFile    bool                        // reading a file on disk: its commands are Maybe
	fileName    string                      // the file read from disk, for Command.File
	rewrote     int                         // the commands that may change any file, so far (rewrites.go)
	before      int                         // reading a run: only those of them before it count (0: all)
	zero        string                      // its $0: the script run from disk whose text is read (a file it sources keeps it)
	fileEnv     []Arg                       // the variables the command that runs it gives it (scriptRun.env)
	readUntil   time.Time                   // when reading files from disk must end
	readEnd     <-chan time.Time            // fires at readUntil (timed)
	fileReads   int
	readDone    map[string]bool     // files, and scripts of files, read from disk
	fileTexts   map[string]fileText // the files read from disk, by path
	env         []Arg               // NAME=VALUE the commands read now run with (Command.Env)
	allExport   bool                // the line ran set -a: its assignments are exported
	filesAsked  bool                // the reading came to a step that reads the line's files (withFiles)
}

// maxUnresolved caps the reasons kept: the first is the one shown, and a
// line nested n deep would otherwise give n reasons of n bytes each.
const maxUnresolved = 8

// maxDirDepth caps how deep the directory the line's cds lead to is followed, counted in names as
// written (dirRaw keeps cd ..'s): each later path is joined to it, so without a cap a line of
// thousands of cds made reading it quadratic. Past it the directory is unknown (deepDir).
const maxDirDepth = 64

// deepDir is the unknown directory past maxDirDepth (the number spelt out: no work at start);
// later cds leave it as it is.
const deepDir = "the directory the line's cds lead to (more than 64 levels deep, which hookrun does not follow)"

// maxEnv caps the variables the line gives its commands (Command.Env): beyond it the line is
// unresolved, since a rule may name one hidden past it.
const maxEnv = 256

// aliasReason is the reason for a command whose name the line redefines.
const aliasReason = "%s is an alias or a hashed name the line defines, run as what it stands for"

// finishAliases makes unresolved a command of the line whose name the line redefines where it was
// read before the definition: a loop's next round, or a file the line sources, read at its end
// (echo 'alias z=rm' > a; . ./a; z -rf x).
func (r *reader) finishAliases() {
	if len(r.aliases) == 0 {
		return
	}
	for _, c := range r.out.Commands {
		if !r.aliases[c.Name] {
			continue
		}
		if why := fmt.Sprintf(aliasReason, short(c.Name)); !slices.Contains(r.out.Unresolved, why) {
			r.unresolved(aliasReason, c.Name)
		}
		return
	}
}

func (r *reader) unresolved(format string, args ...any) {
	addReason(&r.out.Unresolved, maxUnresolved, format, args)
}

// addReason appends a reason to reasons unless limit are kept already, each string argument
// shortened.
func addReason(reasons *[]string, limit int, format string, args []any) {
	if len(*reasons) >= limit {
		return
	}
	for i, a := range args {
		if s, ok := a.(string); ok {
			args[i] = short(s)
		}
	}
	*reasons = append(*reasons, fmt.Sprintf(format, args...))
}

// maxQuoted is how much of a word a reason quotes.
const maxQuoted = 120

// short cuts s to maxQuoted bytes, on a UTF-8 boundary, marking the cut.
func short(s string) string {
	if len(s) <= maxQuoted {
		return s
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// maxOpens caps the brackets and compound-command keywords a line may
// open before it is read: the parser recurses once per level of nesting,
// and a few megabytes of "$(" would exhaust Go's stack, a crash no recover
// catches. Opens are counted, not nesting, so that nothing a line holds (a
// ")" in quotes, a comment, a here-document) can make the count smaller
// than the nesting; a line over it is unresolved.
const maxOpens = 10000

// opens counts what may open a level of nesting in src: brackets, and the
// keywords that open compound commands, as whole words.
func opens(src string) int {
	n := strings.Count(src, "(") + strings.Count(src, "{") + strings.Count(src, "[")
	// Each run of lowercase letters is a word; only one of two to six letters is looked up (a
	// switch at every byte of the line was a fortieth of reading a long one).
	for i := 0; i < len(src); {
		if src[i] < 'a' || 'z' < src[i] {
			i++
			continue
		}
		start := i
		for i++; i < len(src) && 'a' <= src[i] && src[i] <= 'z'; i++ {
		}
		if l := i - start; l < 2 || l > 6 {
			continue
		}
		switch src[start:i] {
		case "if", "case", "while", "until", "for", "select":
			n++
		}
	}
	return n
}

// enter counts a script about to be read at depth against the line's budgets: false, with the
// reason, when reading it would go over one.
func (r *reader) enter(src string, depth int) bool {
	if depth > maxDepth {
		r.capped = true
		r.unreadable("scripts nested more than %d deep", maxDepth)
		return false
	}
	if r.parsed += len(src); r.parsed > maxScriptBytes {
		r.capped = true
		r.unreadable("the scripts inside the line add up to more than %d bytes", maxScriptBytes)
		return false
	}
	if !r.gitEnv && mentionsGitVariable(src) {
		r.gitEnv = true
	}
	if opens(src) > maxOpens {
		r.unreadable("the line opens more than %d brackets and compound commands, too many to read", maxOpens)
		return false
	}
	return true
}

func (r *reader) script(src string, depth int) {
	defer func(b bool) { r.backslash = b }(r.backslash)
	r.backslash = false
	if !r.enter(src, depth) {
		return
	}
	if r.found && strings.Contains(src, "{}") {
		r.unresolved("find puts each file's name where {} stands in the script %s, only known when the line runs", src)
		return
	}
	f, err := parseTree(src, depth)
	if err != nil {
		if r.fromFile {
			// bash -c 'echo $((1+)); rm -rf ~' in a file: bash reports the first only as it runs.
			r.unreadable("not valid shell: %s", err)
		} else {
			r.unresolved("not valid shell: %s", err)
		}
		return
	}
	r.searchesCD(src) // CDPATH=x, declare CDPATH=x: an assignment's name is spelled out
	r.homeSet = r.homeSet || setsVar(src, "HOME")
	r.pwdSet = r.pwdSet || setsVar(src, "PWD")
	if depth == 0 {
		r.consts = scanConsts(f, src, nil)
		defer func() { r.consts = nil }()
		// A wrapper adds the command it runs (sudo timeout rm: three), so twice the simple
		// commands the line holds is room for most lines' commands, in one allocation: growing
		// from a guess made a 100 KB line copy its commands twice.
		r.out.Commands = slices.Grow(r.out.Commands, 2*r.consts.calls+2)
	}
	walk(f, r.visit(src, depth))
}

// visit reads each node of a script's syntax tree: the commands it runs, the paths it names and
// the values bash expands again.
func (r *reader) visit(src string, depth int) func(syntax.Node) bool {
	return func(n syntax.Node) bool {
		if n == nil { // every child of the node on top of r.walk has been read
			r.leave()
			return true
		}
		if w, ok := n.(*syntax.Word); ok && plainWord(w) {
			// Literal text: nothing beneath it is read and it runs nothing, so it is not
			// entered (enterNode) and its parts are not walked.
			r.zshWord(src, w)
			return false
		}
		var stdinFrom *syntax.Stmt // the statement before the pipe that gives n its standard input
		if s, ok := n.(*syntax.Stmt); ok {
			if p := r.pipeSide(s); p != nil && p.Y == s {
				stdinFrom = p.X
			}
		}
		r.enterNode(n)
		r.reevaluated(src, n, depth)
		switch n := n.(type) {
		case *syntax.DeclClause:
			r.exports(src, n)
			for _, a := range n.Args {
				if a.Naked && a.Value != nil {
					for _, w := range r.words(src, []*syntax.Word{a.Value}) {
						r.searchesCD(w.Value)
					}
				}
			}
		case *syntax.FuncDecl:
			r.numberCommandDefined(n)
		case *syntax.Assign:
			r.numberPathSet(n)
		case *syntax.BinaryCmd:
			if n.Op == syntax.Pipe || n.Op == syntax.PipeAll {
				r.walk[len(r.walk)-1].pipe = n // its sides, read next (pipeSide)
			}
		case *syntax.Stmt:
			if call, ok := n.Cmd.(*syntax.CallExpr); ok && len(call.Args) == 0 && r.allExport {
				r.addEnv(r.assigned(src, call.Assigns)...) // set -a; A=1
			}
			if call, ok := n.Cmd.(*syntax.CallExpr); ok && len(call.Args) > 0 {
				piped, from := r.stdinPiped, r.stdinFrom
				r.stdinFrom = stdinFrom
				r.stdinPiped = r.stdinFrom != nil
				r.call(src, call, n.Redirs, depth)
				r.stdinPiped, r.stdinFrom = piped, from
			}
		case *syntax.Redirect:
			r.redirect(src, n)
		case *syntax.ExtGlob:
			if n.Pattern != nil && zshQualifierRuns(n.Pattern.Value) {
				r.unresolved("zsh runs the code in the glob qualifier %s", source(src, n))
			}
		case *syntax.Word:
			r.zshWord(src, n)
		}
		return true
	}
}

func (r *reader) zshWord(src string, w *syntax.Word) {
	if zshParam(w) {
		r.unresolved("zsh expands %s as a parameter ($=x splits its value into words), only known when the line runs", source(src, w))
	}
}

// plainWord reports whether a word is only literal text and single-quoted strings, whose parts
// no visitor of the walks reads: the walks pass over them rather than visit each part, most of a
// long line's nodes.
func plainWord(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		default:
			return false
		}
	}
	return true
}

// zshQualifierRuns reports whether a pattern in parentheses after *, ?, +, @ or ! (an extended glob
// to bash) holds a zsh glob qualifier that runs code: e:CODE: (any delimiter) or +FUNCTION, as in
// *(e:'rm -rf /':).
func zshQualifierRuns(p string) bool {
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '+':
			return true
		case c == 'e' && i+1 < len(p):
			if n := p[i+1]; !('a' <= n && n <= 'z' || 'A' <= n && n <= 'Z' || '0' <= n && n <= '9' || n == '_' || n == '|' || n == ')') {
				return true
			}
		}
	}
	return false
}

// zshParam reports whether a word holds $=NAME, $~NAME or $^NAME: a literal $ to bash, a parameter
// expansion to zsh (which $=NAME splits into words, so that $=x runs the command x holds).
func zshParam(w *syntax.Word) bool {
	for i := 0; i+1 < len(w.Parts); i++ {
		lit, ok := w.Parts[i].(*syntax.Lit)
		if !ok || !strings.HasSuffix(lit.Value, "$") || strings.HasSuffix(lit.Value, `\$`) {
			continue
		}
		if next, ok := w.Parts[i+1].(*syntax.Lit); ok && next.Value != "" && strings.IndexByte("=~^", next.Value[0]) >= 0 {
			return true
		}
	}
	return false
}

func (r *reader) redirect(src string, rd *syntax.Redirect) {
	switch rd.Op {
	case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
		return // a delimiter or a string, not a path
	}
	args, choices := r.expandWords(src, []*syntax.Word{rd.Word}, true)
	for _, c := range choices {
		for _, v := range c.values[1:] { // > "$f" in for f in a b: a or b, each a path
			args = append(args, Arg{Value: v})
		}
	}
	for _, a := range args {
		if outputRedirect(rd) && (rd.Op != syntax.DplOut || a.Dynamic || a.Value != "-" && strings.Trim(a.Value, "0123456789") != "") {
			text, literal := r.texts[rd]
			r.written(a, text, literal)
		}
		if a.Dynamic {
			if rd.Op != syntax.DplIn && rd.Op != syntax.DplOut {
				r.unknownPath(a.Value)
			}
			continue
		}
		if rd.Op == syntax.DplIn || rd.Op == syntax.DplOut {
			if a.Value == "-" || strings.Trim(a.Value, "0123456789") == "" {
				continue // a file descriptor
			}
		}
		r.path(a.Value)
	}
}

func (r *reader) path(p string) { r.name(p, pathList) }

// A list of the Line that name records a path in.
type list int

const (
	pathList   list = iota // Line.Paths
	optionList             // Line.OptionPaths
	treeList               // Line.TreePaths
)

// name records the path p in the list: a candidate value of an option (optionList) that may be no
// path at all is not reported as unknown.
func (r *reader) name(p string, in list) {
	option := in == optionList
	if p == "" {
		return
	}
	if r.backslash {
		p = strings.ReplaceAll(p, `\`, "/")
	}
	if inTestscriptWork(r.dirUnknown) && !path.IsAbs(p) && !strings.HasPrefix(p, "~") {
		return // in a fresh temporary directory, no file of the project's or the user's (testscript.go)
	}
	if r.pwdSet && !option && (p == "~+" || strings.HasPrefix(p, "~+/")) {
		r.pathsUnknown("%s is under ~+, the working directory, and the line names PWD, so may set it: only known when it runs", p)
	}
	p, known := tilde(p)
	if !known && !option {
		r.unknownPath(p)
	}
	if r.homeSet && !option && (p == "~" || strings.HasPrefix(p, "~/")) {
		r.pathsUnknown("%s is under ~, the home directory, and the line names HOME, so may set it: only known when it runs", p)
	}
	r.addPath(p, in)
	if strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") {
		return
	}
	if r.dir != "" {
		r.addPath(path.Join(r.dir, p), in)
		if raw, ok := rawJoin(r.physicalDir(), p); ok {
			r.addPath(raw, in)
		}
	}
	if r.dirUnknown != "" && !option {
		r.pathsUnknown("%s is relative to %s, a directory only known when the line runs", p, r.dirUnknown)
	}
}

// maxUnknownPaths caps the reasons kept: the first one is the one shown.
const maxUnknownPaths = 8

func (r *reader) unknownPath(word string) {
	r.pathsUnknown("the path %s is only known when the line runs", word)
}

// pathsUnknown says why some path the line names is only known when it runs.
func (r *reader) pathsUnknown(format string, args ...any) {
	addReason(&r.out.UnknownPaths, maxUnknownPaths, format, args)
}

// textOnly reports whether name is a command whose arguments are text, never files it opens: a
// variable in them names no path. (A switch, not a map literal, which would be built at every start.)
func textOnly(name string) bool {
	switch name {
	case "echo", "printf", "test", "[", "true", "false", ":",
		"export", "local", "declare", "typeset", "readonly", "let",
		"exit", "return", "shift", "unset", "sleep", "seq", "expr",
		"read", "set":
		return true
	}
	return false
}

func (r *reader) addPath(p string, in list) {
	if r.seen == nil {
		r.seen = map[string]bool{}
	}
	// Each list has its own keys: a candidate seen first must not hide the path.
	key, to := p, &r.out.Paths
	switch in {
	case optionList:
		key, to = "\x00"+p, &r.out.OptionPaths
	case treeList:
		key, to = "\x01"+p, &r.out.TreePaths
	}
	if !r.seen[key] {
		r.seen[key] = true
		*to = append(*to, p)
	}
	if in == pathList {
		// Whether a command's own name gives the path, or some other word too (finishPrograms).
		k := "\x03" + p
		if r.asProgram {
			k = "\x02" + p
			if !r.seen[k] {
				r.programs = append(r.programs, p)
			}
		}
		r.seen[k] = true
	}
}

// finishPrograms lists as Line.Programs the paths named only as a command's own: one some other
// word names too (cp x bin/t; bin/t) may be changed by the line.
func (r *reader) finishPrograms() {
	for _, p := range r.programs {
		if !r.seen["\x03"+p] {
			r.out.Programs = append(r.out.Programs, p)
		}
	}
}

// maxOptionTails caps the tails of one option word read as candidate values; a longer cluster is
// reported as naming a path hookrun cannot know.
const maxOptionTails = 64

// optionValues lists what the short option word v may carry after each of its letters
// (Line.OptionPaths), up to the first character only a value holds (/ . ~ or a backslash): the
// value began at or before it. A long option's value only follows an = sign, read with the operands.
func (r *reader) optionValues(v string) {
	if strings.HasPrefix(v, "--") {
		return
	}
	n := 0
	for i := 2; i < len(v) && !strings.ContainsAny(v[i-1:i], `/.~\`); i++ {
		if !utf8.RuneStart(v[i]) {
			continue
		}
		if n++; n > maxOptionTails {
			r.pathsUnknown("the option %s may carry a path in more ways than hookrun reads", v)
			return
		}
		r.name(v[i:], optionList)
	}
}

// call reads one simple command: its name must be known; wrappers are peeled and what they run is
// read in turn.
func (r *reader) call(src string, call *syntax.CallExpr, redirs []*syntax.Redirect, depth int) {
	for _, a := range call.Assigns {
		r.commandTable(src, a, depth)
	}
	args, choices := r.expandWords(src, call.Args, true)
	if len(args) == 0 {
		return
	}
	if len(call.Assigns) > 0 {
		defer r.cutEnv(len(r.env))
		r.addEnv(r.assigned(src, call.Assigns)...)
	}
	if len(choices) == 0 {
		r.command(args, redirs, depth)
		return
	}
	r.alternatives(args, choices, redirs, depth)
}

// A choice is an argument whose variables may hold one of several values the line writes out: in
// for f in a b; do rm "$f"; done, "$f" is a or b.
type choice struct {
	at     int
	values []string
}

// alternatives reads a command once for each combination of its choices' values, as the commands
// it may run: c=ls; if x; then c=rm; fi; $c -rf / may run ls -rf / or rm -rf /. A cd among them
// moves to a directory known only when the line runs unless each goes to the same one.
func (r *reader) alternatives(args []Arg, choices []choice, redirs []*syntax.Redirect, depth int) {
	start := [2]string{r.dir, r.dirUnknown}
	var ends [][2]string // where each combination leaves the line: dir, dirUnknown
	for n := 0; ; n++ {
		alt := slices.Clone(args)
		i := n
		for _, c := range choices {
			alt[c.at].Value = c.values[i%len(c.values)]
			i /= len(c.values)
		}
		if i > 0 {
			break // every combination read
		}
		r.dir, r.dirUnknown = start[0], start[1]
		r.command(alt, redirs, depth)
		if end := [2]string{r.dir, r.dirUnknown}; !slices.Contains(ends, end) {
			ends = append(ends, end)
		}
	}
	if len(ends) == 1 {
		return
	}
	names := make([]string, len(ends))
	for i, end := range ends {
		names[i] = cmp.Or(end[1], end[0], ".")
	}
	r.dir, r.dirUnknown = "", strings.Join(names, " or ")
}

func (r *reader) command(args []Arg, redirs []*syntax.Redirect, depth int) {
	// A wrapper that runs its command in another directory moves it there, and no further.
	dir, dirUnknown, moved := r.dir, r.dirUnknown, false
	suffix := r.suffix
	r.suffix = false
	// What a wrapper gives its command's environment lasts until the command is read. One defer
	// outside the loop: a defer inside it made Go run deferreturn at every return of command.
	envCut := -1
	defer func() {
		if envCut >= 0 {
			r.cutEnv(envCut)
		}
		if moved {
			r.dir, r.dirUnknown = dir, dirUnknown
		}
	}()
	for len(args) > 0 {
		if depth > maxDepth {
			r.unresolved("wrappers nested more than %d deep", maxDepth)
			return
		}
		name := args[0]
		if name.Dynamic {
			r.unresolved("the command name %s is only known when the line runs", name.Value)
			r.operands(Command{Args: args[1:]}) // whatever runs, the words it is given are the line's
			return
		}
		if r.found && strings.Contains(name.Value, "{}") {
			r.unresolved("find runs each file it finds as the command %s, only known when the line runs", name.Value)
			return
		}
		if isPattern(name.Value) {
			r.unresolved("the command name %s is a file-name pattern", name.Value)
			// Its matches after the first are that one's operands (/bin/c[p] x .system/y, prod/*):
			// the pattern names paths as an operand does, and is no program (Line.Programs).
			r.operands(Command{Args: args})
			return
		}
		cmd := Command{Name: commandName(name.Value), Path: name.Value, Args: args[1:], Maybe: r.maybe || r.fromFile}
		if len(r.env) > 0 {
			cmd.Env = slices.Clip(r.env) // shared: what r.env holds is never written again (cutEnv)
		}
		if r.fromFile {
			cmd.File = r.fileName
		}
		if name.Value == "" {
			cmd.Name = ""
		}
		if cmd.Name == "set" {
			r.allExports(cmd)
		}
		if r.aliases[cmd.Name] {
			r.unresolved(aliasReason, cmd.Name)
		}
		for _, a := range args {
			r.searchesCD(a.Value)
		}
		at := len(r.out.Commands)
		if len(r.out.Commands) == cap(r.out.Commands) {
			// Doubled, not the quarter append adds to a large slice: three copies of a long line's
			// commands became one.
			r.out.Commands = append(make([]Command, 0, 2*cap(r.out.Commands)), r.out.Commands...)
		}
		r.out.Commands = append(r.out.Commands, cmd) // before what it runs, in the order they start
		if r.quiet > 0 {
			r.quietCmds = append(r.quietCmds, at)
		}
		// A builtin another program runs is not this shell's.
		if !r.maybe {
			r.builtinNames(cmd, depth)
		}
		r.unread = false
		next, wrapper := r.peel(cmd, redirs, depth)
		unread := r.unread
		r.unread = false // read: a command that peel reads inside another leaves the other's as it found it
		r.out.Commands[at].Wrapper = wrapper
		if wrapper && len(next) > 0 {
			opts := cmd.Args // the wrapper's own words: before the command, when next is a tail of them
			if len(next) <= len(opts) {
				opts = opts[:len(opts)-len(next)]
			}
			envs := assignArgs(opts)
			if cmd.Name == "envdir" || cmd.Name == "dotenv" || cmd.Name == "dotenvx" || cmd.Name == "env-cmd" {
				envs = append(envs, r.envFileArgs(cmd, depth)...) // their files' variables (runnerfiles.go)
			}
			if len(envs) > 0 { // env A=1 cmd, sudo A=1 cmd
				if envCut < 0 {
					envCut = len(r.env)
				}
				r.addEnv(envs...)
			}
			in, root := wrapperDir(cmd, opts)
			if in != nil {
				moved = true
				r.cd([]Arg{*in})
			}
			if root != nil && (root.Dynamic || root.Value != "/") {
				r.pathsUnknown("%s runs its command with %s as its root: the files it names are only known when it runs", cmd.Name, root.Value)
			}
		}
		r.installers(cmd) // npm install: what it writes (installers.go)
		if wrapper {
			if w, ok := wrapperOf(cmd.Name); ok && w.hedged && !suffix {
				r.mayRun(cmd, redirs, depth)
			}
			r.wrapperFiles(cmd, next)
			if packageManager(cmd.Name) && !r.noRuns() {
				r.packageRuns(cmd, depth) // npm run exec: a script, whose name is also npm's word for npx
			}
			if (cmd.Name == "pdm" || cmd.Name == "hatch") && !r.noRuns() {
				r.pyprojectRuns(cmd, depth) // pdm run NAME, hatch run NAME: a script of that name, else a command
			}
			if cmd.Name == "pixi" || cmd.Name == "devbox" || cmd.Name == "rye" {
				r.manifestTaskRuns(cmd, depth) // pixi run NAME: a task of that name, else a command (manifests.go)
			}
			if cmd.Name == "bundle" {
				r.rubyFileRuns(cmd, depth) // bundle exec CMD evaluates the Gemfile first (rubyfiles.go)
			}
			if cmd.Name == "uv" && !r.noRuns() {
				r.programRuns(cmd, redirs, depth) // uv run x.py runs python x.py (programfiles.go)
			}
			if cmd.Name == "nix" || cmd.Name == "nix-shell" {
				r.codeRunnerRuns(cmd) // the shellHook of the repository's Nix code (runnerfiles.go)
			}
			if (cmd.Name == "direnv" || cmd.Name == "mise") && !r.noRuns() {
				r.taskRunnerRuns(cmd, depth) // direnv exec DIR: DIR's .envrc first; mise run NAME (direnv.go, mise.go)
			}
		} else {
			if !suffix || moved { // a tail of another command's words: they were read as its operands
				r.operands(cmd)
			}
			r.writes(cmd, redirs)
			r.scriptFiles(cmd, redirs, depth)
			r.writers(cmd)
			writer := r.program(cmd, redirs, depth)
			r.editors(cmd, redirs, depth)
			if unread && !suffix {
				r.mayRun(cmd, redirs, depth)
			}
			// docker run -v ./.system:/s: what the container names beneath /s (finishMounts)
			r.mounts = append(r.mounts, containerMounts(cmd)...)
			if writer != "" { // after what the program itself loads and runs (rewrites.go)
				r.rewrites(writer)
			}
		}
		if len(next) == 0 {
			return
		}
		args = next
		depth++
	}
}

// operands lists the paths a (non-wrapper) command names: its name when it is a path, each non-option
// argument, and the value of each NAME=VALUE or --option=VALUE argument.
func (r *reader) operands(cmd Command) {
	if strings.Contains(cmd.Path, "/") {
		// A script a PowerShell line runs is not read (docs/rules.md): it may change itself.
		r.asProgram = !r.backslash || !scriptFile(cmd.Path)
		r.path(cmd.Path)
		r.asProgram = false
	}
	options := true
	for _, a := range cmd.Args {
		if a.Dynamic {
			if !textOnly(cmd.Name) && !(cmd.Name == "cd" || cmd.Name == "pushd" || cmd.Name == "popd") && !numbersOnly(a.Value, options) {
				r.unknownPath(a.Value)
			}
			continue
		}
		v := a.Value
		if options && v == "--" {
			options = false
			continue
		}
		if _, val, ok := strings.Cut(v, "="); ok {
			r.path(val)
		}
		if options && strings.HasPrefix(v, "-") && v != "-" {
			r.optionValues(v)
			continue
		}
		r.path(v)
	}
	switch cmd.Name {
	case "cd":
		r.cd(cmd.Args)
	case "pushd":
		r.pushd(cmd.Args)
	case "popd":
		r.popd(cmd.Args)
	}
	if len(cmd.Args) == 0 && autoCD(cmd.Path) {
		r.dir, r.dirUnknown = "", cmd.Path+" (zsh's auto_cd changes into a directory named as a command)"
	}
}

// scriptExts are the file extensions of scripts, whose text an interpreter reads, among the
// files a line runs by their path (Windows runs .pyw, .vbs and .wsf by their association too).
var scriptExts = []string{".ps1", ".psm1", ".sh", ".bash", ".zsh", ".ksh", ".fish", ".csh", ".tcsh", ".py", ".pyw",
	".js", ".mjs", ".cjs", ".jse", ".ts", ".rb", ".pl", ".php", ".lua", ".tcl", ".r", ".awk", ".cmd", ".bat", ".vbs", ".vbe", ".wsf"}

// scriptFile reports whether a path a command runs names a script by its extension.
func scriptFile(p string) bool {
	return slices.Contains(scriptExts, strings.ToLower(path.Ext(p)))
}

// autoCD reports whether a command word given alone can only be a directory, which zsh's auto_cd
// (on under oh-my-zsh) changes into: one ending in a slash, or a dot name with no slash, which no
// program found through PATH has (. itself is source). Whether it is one, and the option on, is
// only known where the line runs, so the directory after it is unknown.
func autoCD(word string) bool {
	return strings.HasSuffix(word, "/") || strings.HasPrefix(word, ".") && word != "." && !strings.Contains(word, "/")
}

// cd follows a literal change of directory, so that later relative paths are also listed from there.
func (r *reader) cd(args []Arg) {
	var target *Arg
	for i := range args {
		if !args[i].Dynamic && strings.HasPrefix(args[i].Value, "-") && args[i].Value != "-" {
			continue
		}
		target = &args[i]
		break
	}
	switch {
	case target != nil && !target.Dynamic && r.cdSearch && searchedCD(target.Value):
		// CDPATH=.system cd hooks goes to .system/hooks; with cdable_vars, cd h goes to $h.
		r.dir, r.dirUnknown = "", target.Value+" (found through CDPATH or cdable_vars)"
	case target == nil || target.Dynamic || target.Value == "-" || strings.HasPrefix(target.Value, "~"):
		r.dir = "" // unknown: paths stay listed as written, and are unknown
		r.dirUnknown = "~"
		if target != nil {
			r.dirUnknown = target.Value
		}
	case strings.HasPrefix(target.Value, "/") && isDescriptor(target.Value):
		r.setWD(wd{unknown: target.Value}) // the directory a file descriptor names (exec 3<dir)
	case strings.HasPrefix(target.Value, "/"):
		r.dir, r.dirUnknown = path.Clean(target.Value), ""
		r.dirRaw, _ = rawJoin("", target.Value)
	case r.dirUnknown == deepDir:
	case r.dirUnknown != "":
		r.dirUnknown = path.Join(r.dirUnknown, target.Value)
	default:
		r.dirRaw, _ = rawJoin(r.physicalDir(), target.Value)
		r.dir = path.Join(r.dir, target.Value)
		if r.dir == "." {
			r.dir = ""
		}
	}
	if depth(r.dir) > maxDirDepth || depth(r.dirRaw) > maxDirDepth || depth(r.dirUnknown) > maxDirDepth {
		r.setWD(wd{unknown: deepDir})
	}
}

// depth is the number of names in the path p, as written.
func depth(p string) int {
	return strings.Count(p, "/") + 1
}

// physicalDir is the directory the line's cds moved to as they spelled it, ".." kept
// (dirRaw), when it still names dir; dir otherwise (a saved directory was put back).
func (r *reader) physicalDir() string {
	if r.dirRaw != "" && path.Clean(r.dirRaw) == path.Clean(cmp.Or(r.dir, ".")) {
		return r.dirRaw
	}
	return r.dir
}

// rawJoin is the relative path p taken from dir (p alone when dir is "" or p is absolute) with
// no ".." taken away, and whether it holds a ".." after a name: the kernel climbs from where that
// name leads, so docs/hk/../hooks is scripts/hooks when docs/hk is a link to scripts/hooks, while
// path.Join's docs/hooks is where bash's logical cd goes. Both are listed; callpath follows the
// links of this one.
func rawJoin(dir, p string) (string, bool) {
	joined := p
	if dir != "" && !path.IsAbs(p) && !strings.HasPrefix(p, "~") {
		joined = dir + "/" + p
	}
	named := false
	for _, part := range strings.Split(joined, "/") {
		switch part {
		case "", ".":
		case "..":
			if named {
				return joined, true
			}
		default:
			named = true
		}
	}
	return "", false
}

// searchesCD notes a line that sets CDPATH or cdable_vars (in any word, quotes removed), after which a
// relative cd may go elsewhere than the directory it names.
func (r *reader) searchesCD(s string) {
	// Asked of every word of every command, at every wrapper's level: most are shorter than either
	// name, and need no search.
	if !r.cdSearch && len(s) >= len("CDPATH") && (strings.Contains(s, "CDPATH") || strings.Contains(s, "cdable_vars")) {
		r.cdSearch = true
	}
}

// searchedCD reports whether bash looks a cd operand up in CDPATH (and, with cdable_vars, as a
// variable): any relative one but ., .. and those that begin with ./ or ../.
func searchedCD(dir string) bool {
	return !strings.HasPrefix(dir, "/") && dir != "." && dir != ".." &&
		!strings.HasPrefix(dir, "./") && !strings.HasPrefix(dir, "../")
}

// words expands each word as the shell would before running the command: brace expansion, then quote
// and escape removal. A word with a parameter, substitution or arithmetic in it is one Dynamic Arg,
// unless every variable it reads is one the line writes out (consts) and it is one word: the
// values a variable may hold are alternatives, not words one after another, and read as words
// c=ls; if x; then c=rm; fi; $c -rf / would be ls rm -rf /.
func (r *reader) words(src string, ws []*syntax.Word) []Arg {
	args, _ := r.expandWords(src, ws, false)
	return args
}

// expandWords is words, and with withChoices a word that may be one of several values (at most
// maxConstValues for the whole command) is a choice: its Arg holds the first, and the choice all.
func (r *reader) expandWords(src string, ws []*syntax.Word, withChoices bool) ([]Arg, []choice) {
	var choices []choice
	combinations := 1
	// Every command's arguments are cut from one shared array: a long line has thousands of commands,
	// and an allocation each was a tenth of reading it. The slice returned has no room to grow into
	// the next command's arguments.
	if cap(r.args)-len(r.args) < len(ws) {
		r.args = make([]Arg, 0, max(len(ws), 256))
	}
	out := r.args[len(r.args):len(r.args)]
	for _, w := range ws {
		if w == nil || len(w.Parts) == 0 {
			continue
		}
		brace := hasBrace(w)
		if r.consts != nil && src == r.consts.src && hasParam(w) && !brace {
			vs, ok := r.consts.expand(w)
			switch {
			case ok && len(vs) <= 1:
				for _, v := range vs {
					out = append(out, Arg{Value: v})
				}
				continue
			case ok && withChoices && combinations*len(vs) <= maxConstValues:
				combinations *= len(vs)
				choices = append(choices, choice{at: len(out), values: vs})
				out = append(out, Arg{Value: vs[0]})
				continue
			}
		}
		if !brace {
			a := word(w, "")
			if a.Dynamic { // its source text, only looked up for such a word
				a.Value = source(src, w)
			}
			out = append(out, a)
			continue
		}
		text := source(src, w)
		w = &syntax.Word{Parts: w.Parts} // SplitBraces rewrites the word; the tree is still being walked
		if !syntax.SplitBraces(w) {
			out = append(out, word(w, text))
			continue
		}
		for bw, err := range expand.BracesSeq(nil, w) {
			if r.braceWords++; err != nil || r.braceWords > maxBraceWords {
				out = append(out, Arg{Value: text, Dynamic: true})
				break
			}
			out = append(out, word(bw, text))
		}
	}
	if cap(out) == cap(r.args)-len(r.args) { // still in the shared array: brace expansion can outgrow it
		r.args = r.args[:len(r.args)+len(out)]
	}
	return out[:len(out):len(out)], choices
}

func source(src string, n syntax.Node) string {
	start, end := int(n.Pos().Offset()), int(n.End().Offset())
	if start < 0 || end > len(src) || start > end {
		return "?"
	}
	return src[start:end]
}

func hasBrace(w *syntax.Word) bool {
	for _, p := range w.Parts {
		if lit, ok := p.(*syntax.Lit); ok && strings.IndexByte(lit.Value, '{') >= 0 {
			return true
		}
	}
	return false
}

func word(w *syntax.Word, text string) Arg {
	if len(w.Parts) == 1 { // the common case, without copying
		switch p := w.Parts[0].(type) {
		case *syntax.Lit:
			if strings.IndexByte(p.Value, '\\') < 0 {
				return Arg{Value: p.Value}
			}
		case *syntax.SglQuoted:
			if !p.Dollar {
				return Arg{Value: p.Value}
			}
		}
	}
	var b strings.Builder
	for _, p := range w.Parts {
		if !literal(&b, p, false) {
			return Arg{Value: text, Dynamic: true}
		}
	}
	return Arg{Value: b.String()}
}

// literal writes a word part's value after quote removal; false when the value is only known at run
// time.
func literal(b *strings.Builder, p syntax.WordPart, quoted bool) bool {
	switch p := p.(type) {
	case *syntax.Lit:
		unescape(b, p.Value, quoted)
	case *syntax.SglQuoted:
		v := p.Value
		if p.Dollar {
			// A config of its own: given none, Format writes a package variable, a data race
			// between two lines read at once.
			v, _, _ = expand.Format(&expand.Config{}, v, nil)
			v, _, _ = strings.Cut(v, "\x00")
		}
		b.WriteString(v)
	case *syntax.DblQuoted:
		for _, q := range p.Parts {
			if !literal(b, q, true) {
				return false
			}
		}
	case *syntax.CmdSubst:
		// "$(cat <<'EOF' … EOF)" is how agents pass a multi-line message (git commit -m): its
		// value is the here-document's text. Only in double quotes (unquoted, the shell would
		// split it into words) and only with a quoted delimiter (the body is then taken as
		// written, with no expansion, escape or line continuation to follow).
		body, ok := catHeredoc(p)
		if !quoted || !ok {
			return false
		}
		b.WriteString(strings.TrimRight(body, "\n")) // a substitution drops trailing newlines
	default:
		return false
	}
	return true
}

// catHeredoc is the text of a command substitution that is exactly `cat` reading a here-document
// with a quoted delimiter; ok is false for anything else.
func catHeredoc(cs *syntax.CmdSubst) (string, bool) {
	if len(cs.Stmts) != 1 {
		return "", false
	}
	st := cs.Stmts[0]
	call, isCall := st.Cmd.(*syntax.CallExpr)
	if !isCall || st.Negated || st.Background || st.Coprocess || len(call.Assigns) > 0 || len(call.Args) != 1 || len(st.Redirs) != 1 {
		return "", false
	}
	if name, ok := call.Args[0].Lit(), len(call.Args[0].Parts) == 1; !ok || name != "cat" {
		return "", false
	}
	rd := st.Redirs[0]
	if rd.Op != syntax.Hdoc || (rd.N != nil && rd.N.Value != "0") || !quotedDelimiter(rd.Word) {
		return "", false
	}
	return heredoc(rd)
}

// quotedDelimiter says whether a here-document's delimiter is quoted in any way ('EOF', "EOF",
// \EOF), which makes the shell take its body as written.
func quotedDelimiter(w *syntax.Word) bool {
	if w == nil {
		return false
	}
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			return true
		case *syntax.Lit:
			if strings.IndexByte(p.Value, '\\') >= 0 {
				return true
			}
		}
	}
	return false
}

// unescape removes backslashes as the shell does: outside quotes every backslash escapes the next
// character; inside double quotes only $ ` " \ and a newline are escaped. An escaped newline is a line
// continuation and disappears.
func unescape(b *strings.Builder, s string, quoted bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		n := s[i+1]
		switch {
		case n == '\n':
			i++
		case !quoted || strings.IndexByte("$`\"\\", n) >= 0:
			b.WriteByte(n)
			i++
		default:
			b.WriteByte(c)
		}
	}
}

// commandName is the name a command word runs, folded: its basename, and for zsh's =rm (equals
// expansion: the rm its PATH finds) the name after the =.
func commandName(word string) string {
	if len(word) > 1 && word[0] == '=' {
		word = word[1:]
	}
	return foldName(path.Base(word))
}

// foldName is a command name as a case-insensitive file system (macOS, Windows) and Git Bash's PATH
// search find it: RM runs rm there, and so does rm.exe. Folding costs nothing on a case-sensitive
// system but a false match of a command named like a guarded one.
func foldName(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			s = strings.ToLower(s)
			break
		}
	}
	if n := len(s) - 4; n > 0 && s[n] == '.' {
		switch s[n:] {
		case ".exe", ".com", ".bat", ".cmd":
			return s[:n]
		}
	}
	return s
}

// isPattern says whether a word is a file-name pattern: a * or ?, or a [ that a ] closes (a lone [
// matches itself, so that [ -f x ] runs the test command).
func isPattern(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '*' || c == '?' || c == '[' && strings.IndexByte(s[i+1:], ']') >= 0 {
			return true
		}
	}
	return false
}
