package exec

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// firstProgram returns the program a shell line runs first, as sh reads
// it: the first word of its first command (the left of a pipeline or a
// list, past assignments, exec and command), quotes and backslashes
// removed. ok is false when sh would have to expand that word (a
// parameter, a substitution, a glob, a ~), when it is an option (exec -a
// NAME), or when the line does not start with a simple command (if, a
// subshell, a function): what it names is only known when it runs.
func firstProgram(command string) (string, bool) {
	words := firstWords(command)
	if len(words) == 0 {
		return "", false
	}
	for {
		w, ok := spelled(words[0])
		switch {
		case !ok || strings.HasPrefix(w, "-"):
			return "", false
		case (w == "exec" || w == "command") && len(words) > 1:
			words = words[1:]
		default:
			return w, true
		}
	}
}

// firstWords are the words of a shell line's first simple command (the
// left of a pipeline or a list), past its assignments; nil when the line
// does not start with one or cannot be read.
func firstWords(command string) []*syntax.Word {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil || len(f.Stmts) == 0 {
		return nil
	}
	cmd := f.Stmts[0].Cmd
	for {
		bin, ok := cmd.(*syntax.BinaryCmd)
		if !ok {
			break
		}
		cmd = bin.X.Cmd
	}
	call, ok := cmd.(*syntax.CallExpr)
	if !ok {
		return nil
	}
	return call.Args
}

// spelled returns a word's value when sh expands nothing in it: its
// literal parts, quotes and backslashes removed.
func spelled(w *syntax.Word) (string, bool) {
	var sb strings.Builder
	for i, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(p.Value, "*?[") || i == 0 && strings.HasPrefix(p.Value, "~") {
				return "", false
			}
			unescape(&sb, p.Value)
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", false
			}
			sb.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				unescapeDouble(&sb, lit.Value)
			}
		default:
			return "", false
		}
	}
	return sb.String(), true
}

// unescape writes an unquoted literal as sh reads it: a backslash quotes
// the character after it, and a backslash before a newline joins lines.
func unescape(sb *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		sb.WriteByte(s[i])
	}
}

// unescapeDouble writes a literal inside double quotes as sh reads it: a
// backslash quotes only $, `, ", \ and a newline (which it removes with
// itself); before any other character it stays.
func unescapeDouble(sb *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		sb.WriteByte(s[i])
	}
}

// GlobbedProgram returns the first word of a shell line's first command,
// as written, when sh expands a glob in it (an unquoted *, ? or [), or "".
// sh then runs whichever file matches first, with the others as its
// arguments (or the word itself when none matches), so a file written
// beside the guard runs in its place.
func GlobbedProgram(command string) string {
	words := firstWords(command)
	if len(words) == 0 {
		return ""
	}
	for len(words) > 1 && (words[0].Lit() == "exec" || words[0].Lit() == "command") {
		words = words[1:]
	}
	for _, p := range words[0].Parts {
		if lit, ok := p.(*syntax.Lit); ok && globChar(lit.Value) {
			return command[words[0].Pos().Offset():words[0].End().Offset()]
		}
	}
	return ""
}

// globChar reports whether an unquoted literal holds a glob character
// that no backslash quotes.
func globChar(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '*', '?', '[':
			return true
		}
	}
	return false
}
