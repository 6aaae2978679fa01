// Package envref reads the ${NAME} references to environment variables in
// a declaration's string (an http handler's url and header values) and
// expands them. The syntax is deliberately small: ${NAME} is a reference,
// $$ is a literal $, and any other $ is an error, so a value never means
// something other than what it looks like.
package envref

import (
	"fmt"
	"strings"
)

// Template is a parsed string: literal text and variable references.
type Template struct {
	parts []part
}

type part struct {
	text string // literal text, when name is ""
	name string // a variable reference
}

// Parse reads s. An error names the byte offset of the problem.
func Parse(s string) (Template, error) {
	var t Template
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			t.parts = append(t.parts, part{text: lit.String()})
			lit.Reset()
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '$' {
			lit.WriteByte(c)
			continue
		}
		switch {
		case i+1 < len(s) && s[i+1] == '$':
			lit.WriteByte('$')
			i++
		case i+1 < len(s) && s[i+1] == '{':
			end := strings.IndexByte(s[i+2:], '}')
			if end < 0 {
				return Template{}, fmt.Errorf("unclosed ${ at byte %d", i+1)
			}
			name := s[i+2 : i+2+end]
			if !ValidName(name) {
				return Template{}, fmt.Errorf("${%s} at byte %d: a variable name is letters, digits and '_', not starting with a digit", name, i+1)
			}
			flush()
			t.parts = append(t.parts, part{name: name})
			i += 2 + end
		default:
			// $NAME, as a shell writes it: say how to write it here.
			end := i + 1
			for end < len(s) && ValidName(s[i+1:end+1]) {
				end++
			}
			if name := s[i+1 : end]; name != "" {
				return Template{}, fmt.Errorf("$%s at byte %d: write ${%[1]s} (a reference takes braces), or $$ for a literal $", name, i+1)
			}
			return Template{}, fmt.Errorf("a $ at byte %d must start a reference such as ${NAME}; write $$ for a literal $", i+1)
		}
	}
	flush()
	return t, nil
}

// ValidName reports whether name can be a variable in a reference.
func ValidName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// Names are the variables the template refers to, in order, each once.
func (t Template) Names() []string {
	var out []string
	for _, p := range t.parts {
		if p.name != "" && !contains(out, p.name) {
			out = append(out, p.name)
		}
	}
	return out
}

// Text is the template with each reference replaced by repl(name): for
// validation (a placeholder) and for messages (the reference as written).
func (t Template) Text(repl func(name string) string) string {
	var b strings.Builder
	for _, p := range t.parts {
		if p.name == "" {
			b.WriteString(p.text)
		} else {
			b.WriteString(repl(p.name))
		}
	}
	return b.String()
}

// String is the template as written, references as ${NAME} and a literal
// $ as $$: what messages and listings show, never a variable's value.
func (t Template) String() string {
	var b strings.Builder
	for _, p := range t.parts {
		if p.name == "" {
			b.WriteString(strings.ReplaceAll(p.text, "$", "$$"))
		} else {
			b.WriteString("${" + p.name + "}")
		}
	}
	return b.String()
}

// Expand replaces each reference with its variable's value from lookup.
// A variable that is unset or empty is an error naming it (never its
// value): a guard must not send a request its author did not mean.
// values are the values substituted, for redacting them from messages.
func (t Template) Expand(lookup func(string) (string, bool)) (s string, values []string, err error) {
	var b strings.Builder
	for _, p := range t.parts {
		if p.name == "" {
			b.WriteString(p.text)
			continue
		}
		v, ok := lookup(p.name)
		switch {
		case !ok:
			return "", nil, fmt.Errorf("${%s} is not set in hookrun's environment", p.name)
		case v == "":
			return "", nil, fmt.Errorf("${%s} is empty in hookrun's environment", p.name)
		}
		b.WriteString(v)
		values = append(values, v)
	}
	return b.String(), values, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
