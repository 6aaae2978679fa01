// Package shellcmd reads a shell command line the way a shell would, with
// a real shell parser (mvdan.cc/sh), to say which commands it runs and
// which paths it names: every simple command, in pipelines, lists,
// subshells, substitutions, function and compound bodies, with wrappers
// (sudo, env, timeout, xargs, sh -c, eval, find -exec, ...) peeled off. What
// it cannot resolve without running anything (a command name held in a
// variable, eval of one) it reports as unresolved, so a guard can fail
// closed.
package shellcmd

import (
	"path"
	"strconv"
	"strings"

	"fmt"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// Command is one simple command as it would run.
type Command struct {
	Name string   // the program, unquoted, as written (/bin/rm, rm)
	Args []string // the further words, unquoted; a word with a dynamic part is left out
	// Dynamic is how many argument words had a part only running could
	// tell ($VAR, $(...)): they are not in Args.
	Dynamic int
}

// Base is the command's program name without its directory.
func (c Command) Base() string { return path.Base(c.Name) }

// Line is what a command line runs.
type Line struct {
	Commands   []Command
	Redirects  []string // targets of redirections (> f, >> f, < f, 2> f), unquoted
	Unresolved []string // why a part could not be read statically, one reason each
}

// maxDepth bounds nested scripts (sh -c 'sh -c ...', eval).
const maxDepth = 8

// Parse reads a command line. It never runs anything.
func Parse(src string) Line {
	var l Line
	l.parse(src, 0)
	return l
}

func (l *Line) unresolved(format string, args ...any) {
	l.Unresolved = append(l.Unresolved, fmt.Sprintf(format, args...))
}

func (l *Line) parse(src string, depth int) {
	if depth > maxDepth {
		l.unresolved("scripts nested more than %d deep", maxDepth)
		return
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	if err != nil {
		l.unresolved("it does not parse as a shell command: %v", err)
		return
	}
	var calls []*syntax.CallExpr
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			calls = append(calls, n)
		case *syntax.Redirect:
			if n.Word != nil && n.Op != syntax.Hdoc && n.Op != syntax.DashHdoc && n.Op != syntax.WordHdoc {
				if ws, ok := words(n.Word); ok {
					l.Redirects = append(l.Redirects, ws...)
				}
			}
		}
		return true
	})
	for _, c := range calls {
		if len(c.Args) == 0 {
			continue // assignments only
		}
		var argv []string
		dynamic := 0
		nameStatic := isStatic(c.Args[0])
		for i, w := range c.Args {
			ws, ok := words(w)
			if !ok {
				if i == 0 {
					l.unresolved("the command name %q is only known when it runs", printWord(w))
				}
				dynamic++
				continue
			}
			argv = append(argv, ws...)
		}
		if !nameStatic {
			continue
		}
		l.command(argv, dynamic, depth)
	}
}

// command records argv after peeling wrappers, and reads the scripts of
// sh -c, eval and find -exec the same way.
func (l *Line) command(argv []string, dynamic, depth int) {
	for len(argv) > 0 {
		name := path.Base(argv[0])
		w, ok := wrappers[name]
		if !ok {
			break
		}
		// The wrapper itself is a command too: a guard may name it.
		l.Commands = append(l.Commands, Command{Name: argv[0], Args: argv[1:], Dynamic: dynamic})
		switch {
		case w.script:
			script, found, isDynamic := shellScript(argv[1:])
			if isDynamic || dynamic > 0 && !found {
				l.unresolved("%s runs a script that is only known when it runs", name)
			}
			if found {
				l.parse(script, depth+1)
			}
			return
		case w.eval:
			if dynamic > 0 {
				l.unresolved("eval runs words that are only known when they run")
			}
			l.parse(strings.Join(argv[1:], " "), depth+1)
			return
		}
		rest := skipOptions(argv[1:], w)
		if name == "command" && hasFlag(argv[1:len(argv)-len(rest)], "v", "V") {
			return // command -v NAME only looks NAME up
		}
		if name == "env" {
			if s, ok := envSplitString(argv[1 : len(argv)-len(rest)]); ok {
				l.parse(s, depth+1)
			}
			for len(rest) > 0 && strings.Contains(rest[0], "=") && !strings.HasPrefix(rest[0], "=") {
				rest = rest[1:] // NAME=value
			}
		}
		if name == "sudo" || name == "doas" {
			for len(rest) > 0 && strings.Contains(rest[0], "=") && !strings.HasPrefix(rest[0], "-") {
				rest = rest[1:]
			}
		}
		if name == "timeout" && len(rest) > 0 {
			rest = rest[1:] // the duration
		}
		argv = rest
	}
	if len(argv) == 0 {
		return
	}
	l.Commands = append(l.Commands, Command{Name: argv[0], Args: argv[1:], Dynamic: dynamic})
	if path.Base(argv[0]) == "find" {
		l.findExec(argv[1:], depth)
	}
}

// findExec reads the commands of find's -exec, -execdir, -ok and -okdir.
func (l *Line) findExec(args []string, depth int) {
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "-exec", "-execdir", "-ok", "-okdir":
			j := i + 1
			for j < len(args) && args[j] != ";" && args[j] != "+" {
				j++
			}
			if j > i+1 {
				l.command(args[i+1:j], 0, depth+1)
			}
			i = j
		}
	}
}

// wrapper describes a command that runs another: the options that take a
// value (so that value is not taken for the command), and whether its
// operand is a script.
type wrapper struct {
	withValue string // short options that take a value
	longValue []string
	script    bool // sh -c SCRIPT
	eval      bool
}

var wrappers = map[string]wrapper{
	"sudo":    {withValue: "ugCDhprtUT", longValue: []string{"--user", "--group", "--close-from", "--chdir", "--host", "--prompt", "--role", "--type", "--other-user", "--command-timeout"}},
	"doas":    {withValue: "uC"},
	"env":     {withValue: "uCS", longValue: []string{"--unset", "--chdir", "--split-string"}},
	"nice":    {withValue: "n", longValue: []string{"--adjustment"}},
	"nohup":   {},
	"time":    {withValue: "fo", longValue: []string{"--format", "--output"}},
	"timeout": {withValue: "sk", longValue: []string{"--signal", "--kill-after"}},
	"command": {},
	"builtin": {},
	"exec":    {withValue: "a"},
	"xargs":   {withValue: "IELnPsdaL", longValue: []string{"--replace", "--eof", "--max-lines", "--max-args", "--max-procs", "--max-chars", "--delimiter", "--arg-file"}},
	"stdbuf":  {withValue: "ioe", longValue: []string{"--input", "--output", "--error"}},
	"ionice":  {withValue: "cnp", longValue: []string{"--class", "--classdata", "--pid"}},
	"setsid":  {},
	"chrt":    {},
	"taskset": {},
	"busybox": {},
	"sh":      {script: true},
	"bash":    {script: true},
	"zsh":     {script: true},
	"dash":    {script: true},
	"ksh":     {script: true},
	"eval":    {eval: true},
}

// skipOptions drops a wrapper's options (and their values) and returns
// what follows: the wrapped command.
func skipOptions(args []string, w wrapper) []string {
	for len(args) > 0 {
		a := args[0]
		switch {
		case a == "--":
			return args[1:]
		case strings.HasPrefix(a, "--"):
			name, _, hasValue := strings.Cut(a, "=")
			args = args[1:]
			for _, lv := range w.longValue {
				if name == lv && !hasValue && len(args) > 0 {
					args = args[1:]
				}
			}
		case len(a) > 1 && a[0] == '-':
			args = args[1:]
			// -uroot carries its value; -u takes the next word.
			for i := 1; i < len(a); i++ {
				if strings.IndexByte(w.withValue, a[i]) >= 0 {
					if i == len(a)-1 && len(args) > 0 {
						args = args[1:]
					}
					break
				}
			}
		default:
			return args
		}
	}
	return args
}

func hasFlag(opts []string, letters ...string) bool {
	for _, o := range opts {
		if strings.HasPrefix(o, "-") && !strings.HasPrefix(o, "--") {
			for _, l := range letters {
				if strings.Contains(o[1:], l) {
					return true
				}
			}
		}
	}
	return false
}

// envSplitString finds env's -S/--split-string value among its options.
func envSplitString(opts []string) (string, bool) {
	for i, o := range opts {
		switch {
		case o == "-S" || o == "--split-string":
			if i+1 < len(opts) {
				return opts[i+1], true
			}
		case strings.HasPrefix(o, "--split-string="):
			return strings.TrimPrefix(o, "--split-string="), true
		case strings.HasPrefix(o, "-S"):
			return o[2:], true
		}
	}
	return "", false
}

// shellScript finds the script of sh -c SCRIPT (-c may be clustered, as in
// -ec); isDynamic says -c is there but its script was left out as dynamic.
func shellScript(args []string) (script string, found, isDynamic bool) {
	seenC := false
	for i, a := range args {
		if a == "--" {
			continue
		}
		if strings.HasPrefix(a, "-") || strings.HasPrefix(a, "+") {
			if !strings.HasPrefix(a, "--") && strings.Contains(a[1:], "c") {
				seenC = true
			}
			if a == "-o" || a == "+o" {
				continue
			}
			continue
		}
		if seenC {
			return a, true, false
		}
		_ = i
		return "", false, false // a script file: sh FILE
	}
	return "", false, seenC
}

// isStatic reports whether a word holds nothing only running can tell.
func isStatic(w *syntax.Word) bool { return staticParts(w.Parts) }

func staticParts(parts []syntax.WordPart) bool {
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		case *syntax.DblQuoted:
			if !staticParts(p.Parts) {
				return false
			}
		case *syntax.BraceExp:
			for _, e := range p.Elems {
				if !staticParts(e.Parts) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// words unquotes a word, brace expansion included ({rm,-rf} is two
// words); ok is false when a part is only known when it runs.
func words(w *syntax.Word) ([]string, bool) {
	if !isStatic(w) {
		return nil, false
	}
	if len(w.Parts) == 1 {
		// The common word: plain text, no escape, no brace.
		if l, ok := w.Parts[0].(*syntax.Lit); ok && !strings.ContainsAny(l.Value, `\{`) {
			return []string{l.Value}, true
		}
	}
	syntax.SplitBraces(w)
	var out []string
	for bw, err := range expand.BracesSeq(nil, w) {
		if err != nil {
			return nil, false
		}
		s, ok := literal(bw.Parts, false)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// literal is the text of word parts as the shell sees it: quotes removed,
// backslash escapes applied.
func literal(parts []syntax.WordPart, quoted bool) (string, bool) {
	var b strings.Builder
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(unescape(p.Value, quoted))
		case *syntax.SglQuoted:
			if p.Dollar {
				b.WriteString(ansiC(p.Value))
			} else {
				b.WriteString(p.Value)
			}
		case *syntax.DblQuoted:
			s, ok := literal(p.Parts, true)
			if !ok {
				return "", false
			}
			b.WriteString(s)
		default:
			return "", false
		}
	}
	return b.String(), true
}

// unescape applies backslashes: any character outside quotes; inside
// double quotes only $ ` " \ and a newline.
func unescape(s string, quoted bool) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		next := s[i+1]
		switch {
		case next == '\n':
			i++
		case !quoted || strings.IndexByte("$`\"\\", next) >= 0:
			b.WriteByte(next)
			i++
		default:
			b.WriteByte('\\')
		}
	}
	return b.String()
}

// ansiC applies the escapes of $'...'.
func ansiC(s string) string {
	if u, err := strconv.Unquote(`"` + strings.ReplaceAll(strings.ReplaceAll(s, `"`, `\"`), `\'`, `'`) + `"`); err == nil {
		return u
	}
	return s
}

func printWord(w *syntax.Word) string {
	var b strings.Builder
	_ = syntax.NewPrinter().Print(&b, w)
	return b.String()
}
