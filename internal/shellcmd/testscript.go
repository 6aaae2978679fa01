package shellcmd

import (
	"errors"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// A Go test that imports testscript (github.com/rogpeppe/go-internal/testscript, a fork's
// .../testscript, rsc.io/script, cmd/go's) runs the scripts of txtar files: each line of an
// archive's comment a command, exec PROG ARGS… a program run in $WORK (a fresh temporary
// directory). go test of such a package reads every .txtar file below its directory, and every
// .txt file below a testdata directory there (other modules, vendor and hidden directories
// not), as testscript.Params.Dir names one of them: exec lines are read as the lines they run, cd as a cd, and the builtins that
// write (rm, cp, mv, mkdir, chmod, symlink) only when they name a path outside $WORK (absolute, with
// .., through a variable other than $WORK and $TMPDIR, or after a cd out of it), rm as rm -rf as
// it removes trees; a path relative to $WORK names no path of the line's; an archive's file that is a shell script (.sh, .bash, or starting with #!) is
// read as one, as exec sh FILE runs it. The files count toward go test's bounds (maxGoFiles,
// maxGoDirs, maxGoBytes): past them the line is unresolved, as it is when it writes such a
// file before go test runs. Not read: a Params.Dir outside the package's directory, or of .txt
// files outside testdata.

// testscriptImport reports whether a Go import path is a package that runs txtar scripts.
func testscriptImport(p string) bool {
	return strings.HasSuffix(p, "/testscript") || p == "rsc.io/script" || strings.HasPrefix(p, "rsc.io/script/") ||
		strings.HasPrefix(p, "cmd/go/internal/script") || strings.HasPrefix(p, "cmd/internal/script")
}

// testscriptDirs reads the txtar scripts below the directory of each package go test runs whose
// program imports a testscript package (itself, or through the module's packages it imports).
func (g *goReading) testscriptDirs() {
	if g.run.sub != "test" || g.over {
		return
	}
	for changed := true; changed; {
		changed = false
		for p, deps := range g.deps {
			if !g.scripted[p] && slices.ContainsFunc(deps, func(d string) bool { return g.scripted[d] }) {
				g.scripted[p], changed = true, true
			}
		}
	}
	for _, p := range g.tested {
		if (g.scripted[p.abs] || g.scripted[p.abs+"\x00test"]) && !g.seen[p.abs+"\x00scripts"] {
			g.seen[p.abs+"\x00scripts"] = true
			if !g.scriptsBelow(p.abs, p.rel, false) {
				return
			}
		}
	}
}

// scriptsBelow lists dir for .txtar files (and .txt files below a testdata directory), and the
// directories below it; false once the reading stops.
func (g *goReading) scriptsBelow(abs, rel string, testdata bool) bool {
	r := g.r
	if r.files.List == nil {
		g.stop("go test runs the scripts below %s, a directory hookrun cannot list", rel)
		return false
	}
	names, err := r.list(abs, maxGoFiles+1)
	switch {
	case errors.Is(err, errReadTime):
		g.stop("go test runs the scripts below %s, which hookrun could not list in time: %v", rel, err)
		return false
	case err != nil:
		return true
	}
	if g.dirs++; g.dirs > maxGoDirs {
		g.stop("go test runs the scripts below %s, more directories than hookrun lists (%d)", rel, maxGoDirs)
		return false
	}
	slices.Sort(names)
	for _, n := range names {
		sub := filepath.Join(abs, n)
		switch {
		case strings.HasSuffix(n, ".txtar") || testdata && strings.HasSuffix(n, ".txt"):
			if !g.script(sub, path.Join(rel, n)) {
				return false
			}
		case strings.HasPrefix(n, ".") || n == "vendor":
		case !r.exists(filepath.Join(sub, "go.mod")):
			if !g.scriptsBelow(sub, path.Join(rel, n), testdata || n == "testdata") {
				return false
			}
		}
	}
	return true
}

// script reads one txtar file: false once the reading stops.
func (g *goReading) script(abs, rel string) bool {
	if data, ok := g.readFile(abs, rel); ok {
		g.scripts = append(g.scripts, testscriptFile{rel: rel, text: string(data)})
	}
	return !g.over
}

// testscriptWork is the directory a testscript line runs in, $WORK: a fresh temporary directory,
// so a path relative to it names no file of the project's or the user's. A NUL byte keeps a cd
// of the line's own from ever naming it.
const testscriptWork = "\x00$WORK"

// inTestscriptWork reports whether the directory only known when the line runs (reader.dirUnknown)
// is $WORK of a testscript line, or one below it.
func inTestscriptWork(dir string) bool {
	return dir == testscriptWork || strings.HasPrefix(dir, testscriptWork+"/")
}

// A testscriptFile is a txtar file a go test run reads.
type testscriptFile struct{ rel, text string }

// readScripts reads the txtar files' lines, each run in $WORK.
func (g *goReading) readScripts() {
	r := g.r
	at, atUnknown := r.dir, r.dirUnknown
	defer func() { r.dir, r.dirUnknown = at, atUnknown }()
	for _, f := range g.scripts {
		script, files := testscriptOf(f.text)
		r.dir, r.dirUnknown = "", testscriptWork
		r.fileScript(script, f.rel, g.run.depth+1, nil)
		for _, a := range files {
			r.dir, r.dirUnknown = "", testscriptWork
			r.fileScript(a.text, f.rel+": "+a.rel, g.run.depth+1, nil)
		}
	}
}

// testscriptOf is the shell script a txtar file's testscript lines stand for, and the files of the
// archive that are shell scripts.
func testscriptOf(text string) (string, []testscriptFile) {
	var b strings.Builder
	var files []testscriptFile
	var cur *testscriptFile
	var body strings.Builder
	flush := func() {
		if cur != nil {
			if t := body.String(); strings.HasSuffix(cur.rel, ".sh") || strings.HasSuffix(cur.rel, ".bash") || strings.HasPrefix(t, "#!") {
				cur.text = t
				files = append(files, *cur)
			}
		}
		body.Reset()
	}
	out := false // a cd took the script out of $WORK
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, "\r\n")
		if name, ok := txtarMarker(line); ok {
			flush()
			cur = &testscriptFile{rel: name}
			continue
		}
		if cur != nil {
			body.WriteString(line + "\n")
			continue
		}
		// Bytes that are no UTF-8 would stop the shell's parser, and every line after them unread.
		if l := testscriptLine(strings.ToValidUTF8(line, "\uFFFD"), &out); l != "" {
			b.WriteString(l + "\n")
		}
	}
	flush()
	return b.String(), files
}

// txtarMarker reports whether a line is a txtar file marker, -- NAME --, and its name.
func txtarMarker(line string) (string, bool) {
	if !strings.HasPrefix(line, "-- ") || !strings.HasSuffix(line, " --") || len(line) < 7 {
		return "", false
	}
	name := strings.TrimSpace(line[3 : len(line)-3])
	return name, name != ""
}

// testscriptLine is the shell line one testscript line stands for: "" for a comment, a check or
// a builtin that stays in $WORK. out notes a cd that left $WORK.
func testscriptLine(line string, out *bool) string {
	words := testscriptWords(line)
	for len(words) > 0 && (words[0].text == "!" || words[0].text == "?" ||
		strings.HasPrefix(words[0].text, "[") && strings.HasSuffix(words[0].text, "]")) {
		words = words[1:]
	}
	if len(words) > 0 && words[len(words)-1].text == "&" {
		words = words[:len(words)-1]
	}
	if len(words) == 0 {
		return ""
	}
	shell := func(ws []testscriptWord) string {
		var s []string
		for _, w := range ws {
			s = append(s, w.shell)
		}
		return strings.Join(s, " ")
	}
	switch cmd := words[0].text; cmd {
	case "exec":
		return shell(words[1:])
	case "cd":
		if slices.ContainsFunc(words[1:], testscriptOutside) {
			*out = true
		}
		return shell(words)
	case "rm", "cp", "mv", "mkdir", "chmod", "symlink":
		named := words[1:]
		if cmd == "symlink" && len(named) > 1 {
			named = named[:1] // symlink NEW -> OLD: OLD is relative to NEW's directory, and no file is written there
		}
		if !*out && !slices.ContainsFunc(named, testscriptOutside) {
			return ""
		}
		if cmd == "rm" {
			return "rm -rf " + shell(words[1:])
		}
		if cmd == "symlink" {
			return "ln -s " + shell(words[1:])
		}
		return shell(words)
	}
	return ""
}

// A testscriptWord is a word of a testscript line: as testscript reads it (variables left as
// $NAME), and as a shell word that means the same.
type testscriptWord struct{ text, shell string }

// testscriptWords splits a testscript line into words as testscript does: at blanks, '…' quoting
// (” a quote within), $NAME and ${NAME} variables outside quotes, # ending the line outside them.
func testscriptWords(line string) []testscriptWord {
	var words []testscriptWord
	var text, sh, pend strings.Builder
	inWord, quoted := false, false
	// lits puts the literal text pending into the shell word, quoted.
	lits := func() {
		if pend.Len() > 0 {
			sh.WriteString("'" + strings.ReplaceAll(pend.String(), "'", `'\''`) + "'")
			pend.Reset()
		}
	}
	flush := func() {
		lits()
		if inWord {
			words = append(words, testscriptWord{text.String(), sh.String()})
		}
		text.Reset()
		sh.Reset()
		inWord = false
	}
	lit := func(s string) {
		text.WriteString(s)
		pend.WriteString(s)
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quoted && c == '\'' && i+1 < len(line) && line[i+1] == '\'':
			lit("'")
			i++
		case c == '\'':
			quoted, inWord = !quoted, true
		case quoted:
			lit(string(c))
		case c == '#':
			flush()
			return words
		case c == ' ' || c == '\t':
			flush()
		case c == '$' && i+1 < len(line) && (line[i+1] == '{' || identChar(line[i+1])):
			inWord = true
			j := i + 1
			if line[j] == '{' {
				end := strings.IndexByte(line[j:], '}')
				if end < 0 {
					lit(line[i:])
					i = len(line)
					continue
				}
				j += end + 1
			} else {
				for j < len(line) && identChar(line[j]) {
					j++
				}
			}
			name := strings.Trim(line[i+1:j], "{}")
			if name == "" || name[0] >= '0' && name[0] <= '9' || strings.IndexFunc(name, func(c rune) bool { return c >= 0x80 || !identChar(byte(c)) }) >= 0 {
				name = "__testscript" // a name no shell takes: a value only known when the script runs
			}
			text.WriteString("$" + name)
			lits()
			sh.WriteString(`"${` + name + `}"`)
			i = j - 1
		default:
			inWord = true
			lit(string(c))
		}
	}
	flush()
	return words
}

// testscriptOutside reports whether a builtin's word names a path outside $WORK: absolute, up
// from it, or through a variable other than $WORK and $TMPDIR.
func testscriptOutside(w testscriptWord) bool {
	t := w.text
	if strings.HasPrefix(t, "$") {
		name, rest, _ := strings.Cut(t[1:], "/")
		if name != "WORK" && name != "TMPDIR" {
			return true
		}
		t = rest
	}
	return path.IsAbs(t) || strings.HasPrefix(t, "~") || slices.Contains(strings.Split(t, "/"), "..")
}
