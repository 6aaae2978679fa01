package shellcmd

import (
	"os"
	"path"
	"path/filepath"
	"strings"
)

// withSelf is a script's text with what it says of its own place written in: its $0 is zero, the
// file run from disk (for a file read by . or source, the script that sources it), and its
// ${BASH_SOURCE[0]} is self, the file itself. Their spellings ("$0", ${0%/*}, ${0##*/},
// ${BASH_SOURCE[0]}, ${BASH_SOURCE%/*}, $BASH_SOURCE…) are written in first, and then the command
// substitutions that print a path of a known one (dirname, basename, realpath, readlink -f, cd DIR
// && pwd) are replaced by what they print, innermost first: . "$(dirname "$0")/h",
// "$(cd "$(dirname "${BASH_SOURCE[0]}")" &> /dev/null && pwd)" and $(dirname "$(realpath "$0")")
// name known files. Only a path of plain characters is written in, so that it reads the same
// inside double quotes and outside them; the text is unchanged for another ("" too).
func withSelf(text, zero, self string) string {
	if !strings.Contains(text, "$0") && !strings.Contains(text, "${0") && !strings.Contains(text, "BASH_SOURCE") {
		return text
	}
	var pairs []string
	if zero != "" && strings.Trim(zero, safePathChars) == "" {
		dir, base := path.Dir(zero), path.Base(zero)
		pairs = append(pairs, `"${0%/*}"`, dir, "${0%/*}", dir, `"${0##*/}"`, base, "${0##*/}", base,
			`"$0"`, `"`+zero+`"`, `"${0}"`, `"`+zero+`"`, "${0}", zero)
		// An unquoted $0 only where a command reads it as a path (not awk's '{print $0}').
		for _, c := range []string{"dirname ", "dirname -- ", "basename ", "basename -- ", "realpath ", "realpath -- ",
			"readlink -f ", "readlink -e ", "readlink -m ", "readlink -f -- "} {
			pairs = append(pairs, c+"$0", c+zero)
		}
	}
	if self != "" && strings.Trim(self, safePathChars) == "" {
		dir, base := path.Dir(self), path.Base(self)
		for _, n := range []string{"BASH_SOURCE[0]", "BASH_SOURCE"} {
			pairs = append(pairs, "${"+n+":-$0}", self, "${"+n+"%/*}", dir, "${"+n+"##*/}", base, "${"+n+"}", self)
		}
	}
	if len(pairs) == 0 {
		return text
	}
	out := strings.NewReplacer(pairs...).Replace(text)
	if self != "" && strings.Trim(self, safePathChars) == "" {
		out = bareBashSource(out, self)
	}
	if out == text {
		return text
	}
	return evalSelf(out)
}

// bareBashSource is text with $BASH_SOURCE (not $BASH_SOURCE_X) written as self.
func bareBashSource(text, self string) string {
	const name = "$BASH_SOURCE"
	var b strings.Builder
	for rest := text; ; {
		i := strings.Index(rest, name)
		if i < 0 {
			b.WriteString(rest)
			return b.String()
		}
		end := i + len(name)
		b.WriteString(rest[:i])
		if end < len(rest) && strings.IndexByte("_[abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", rest[end]) >= 0 {
			b.WriteString(name)
		} else {
			b.WriteString(self)
		}
		rest = rest[end:]
	}
}

// maxSelfPasses bounds the command substitutions within substitutions evalSelf replaces
// ($(dirname "$(dirname "$(realpath "$0")")")).
const maxSelfPasses = 8

// evalSelf is text with each command substitution that prints a path of a known one
// (selfCommand) replaced by that path, innermost first. Each replacement makes the text shorter.
func evalSelf(text string) string {
	for range maxSelfPasses {
		out, changed := evalSelfOnce(text)
		if !changed {
			return out
		}
		text = out
	}
	return text
}

// evalSelfOnce replaces the innermost command substitutions of text ($(…) or `…` holding no
// other) that selfCommand knows.
func evalSelfOnce(text string) (string, bool) {
	var b strings.Builder
	changed := false
	for rest := text; ; {
		i := strings.IndexAny(rest, "$`")
		if i < 0 {
			b.WriteString(rest)
			return b.String(), changed
		}
		var inner string
		var n int
		if rest[i] == '$' {
			if !strings.HasPrefix(rest[i:], "$(") || strings.HasPrefix(rest[i:], "$((") {
				b.WriteString(rest[:i+1])
				rest = rest[i+1:]
				continue
			}
			end := strings.IndexByte(rest[i+2:], ')')
			if end < 0 || strings.ContainsAny(rest[i+2:i+2+end], "($`") {
				b.WriteString(rest[:i+2]) // not the innermost: the one inside is met next
				rest = rest[i+2:]
				continue
			}
			inner, n = rest[i+2:i+2+end], i+2+end+1
		} else {
			end := strings.IndexByte(rest[i+1:], '`')
			if end < 0 {
				b.WriteString(rest)
				return b.String(), changed
			}
			inner, n = rest[i+1:i+1+end], i+1+end+1
		}
		if v, ok := selfCommand(inner); ok {
			b.WriteString(rest[:i])
			b.WriteString(v)
			changed = true
		} else {
			b.WriteString(rest[:n])
		}
		rest = rest[n:]
	}
}

// selfCommand is the path a command substitution's text prints when it is one of dirname,
// basename, realpath, readlink -f (-e, -m) or cd DIR && pwd of a literal path (absolute, for
// those that resolve one).
func selfCommand(s string) (string, bool) {
	s = strings.NewReplacer(";", " ; ", "&&", " && ").Replace(s)
	var words []string
	fields := strings.Fields(s)
	for i := 0; i < len(fields); i++ {
		switch w := fields[i]; w {
		case ">", "&>", "1>", "2>", ">>":
			if i+1 < len(fields) && fields[i+1] == "/dev/null" {
				i++
			}
		case ">/dev/null", "&>/dev/null", "1>/dev/null", "2>/dev/null", "2>&1", ">&2":
		default:
			words = append(words, w)
		}
	}
	if len(words) < 2 {
		return "", false
	}
	opts, args := selfOperands(words[1:])
	switch words[0] {
	case "dirname":
		if len(opts) == 0 && len(args) == 1 {
			return path.Dir(args[0]), true
		}
	case "basename":
		if len(opts) == 0 && (len(args) == 1 || len(args) == 2) {
			b := path.Base(args[0])
			if len(args) == 2 && b != args[1] {
				b = strings.TrimSuffix(b, args[1])
			}
			return b, true
		}
	case "realpath", "readlink":
		resolves := words[0] == "realpath"
		for _, o := range opts {
			resolves = resolves || !strings.HasPrefix(o, "--") && strings.ContainsAny(o, "fem")
			if strings.Contains(o, "relative") || strings.Contains(o, "zero") || o == "-z" {
				return "", false
			}
		}
		if resolves && len(args) == 1 && path.IsAbs(args[0]) {
			return path.Clean(args[0]), true
		}
	case "cd":
		// cd DIR && pwd, cd DIR; pwd
		if len(args) == 3 && (args[1] == "&&" || args[1] == ";") && args[2] == "pwd" && path.IsAbs(args[0]) {
			return path.Clean(args[0]), true
		}
		if len(args) == 4 && (args[1] == "&&" || args[1] == ";") && args[2] == "pwd" && (args[3] == "-P" || args[3] == "-L") && path.IsAbs(args[0]) {
			return path.Clean(args[0]), true
		}
	}
	return "", false
}

// selfOperands splits a command's words into its options and its operands, quotes removed; no
// operands when one is not a path of plain characters.
func selfOperands(words []string) (opts, args []string) {
	dashes := false
	for _, w := range words {
		if !dashes && w == "--" {
			dashes = true
			continue
		}
		if !dashes && len(args) == 0 && strings.HasPrefix(w, "-") && len(w) > 1 {
			opts = append(opts, w)
			continue
		}
		if w != "&&" && w != ";" {
			w = strings.ReplaceAll(strings.ReplaceAll(w, `"`, ""), "'", "")
			if w == "" || strings.Trim(w, safePathChars) != "" {
				return opts, nil
			}
		}
		args = append(args, w)
	}
	return opts, args
}

// withConfigHome writes the user's configuration directory into a script's text where it names
// it as husky 9's h does, ${XDG_CONFIG_HOME:-$HOME/.config} (h sources the init.sh there before
// every hook): XDG_CONFIG_HOME from hookrun's environment, which the agent's commands share,
// else $HOME/.config (HOME is known in a file, as ~). One whose path has other characters than
// safePathChars leaves the text as it is.
func withConfigHome(text string) string {
	if !strings.Contains(text, "${XDG_CONFIG_HOME") {
		return text
	}
	dir := "$HOME/.config"
	if x := os.Getenv("XDG_CONFIG_HOME"); x != "" {
		if dir = filepath.ToSlash(x); !filepath.IsAbs(x) || strings.Trim(dir, safePathChars) != "" {
			return text
		}
	}
	return strings.NewReplacer("${XDG_CONFIG_HOME:-$HOME/.config}", dir, "${XDG_CONFIG_HOME:-${HOME}/.config}", dir,
		"${XDG_CONFIG_HOME-$HOME/.config}", dir).Replace(text)
}

// selfNames are what a program's text calls its own file by, where hookrun has not written the
// path in (withSelf writes "$0" in; an unquoted $0 is awk's field as often as the file). Not an
// argument vector (sys.argv, process.argv): nearly every program reads its arguments there, pip's
// console scripts in ~/.local/bin among them (sys.argv[0] = re.sub(…)), and running one changes
// no program.
var selfNames = []string{"$0", "${0", "BASH_SOURCE", "__file__", "__FILE__", "__filename", "__dirname",
	"import.meta", "$PSCommandPath", "$PSScriptRoot", "$MyInvocation", "$PROGRAM_NAME"}

// mayNameItself lists the file at p, a program the line runs by its path whose text is read, among
// the paths the line names, not only as its program (Line.Programs), when its text still names its
// own file: echo x >> $0 and open(__file__, "w") change the program, which running it otherwise
// does not.
func (r *reader) mayNameItself(p, text string) {
	for _, n := range selfNames {
		if strings.Contains(text, n) {
			r.addPath(filepath.ToSlash(p), pathList)
			return
		}
	}
}
