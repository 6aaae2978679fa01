package shellcmd

import "strings"

// A program's strings written with its language's own quoting, beside '…', "…" and `…`: perl's
// q, qq and qw with any delimiter (q{…}, qq[…], q!…!, q /…/), ruby's %q, %Q, %() and %w, %W, and a
// here-document in the program (perl's and ruby's <<"EOF", <<~EOF, <<-EOF, <<EOF). And a string a
// program hands to its own eval, which is a program of that language.

// quotedStrings are a perl or ruby program's strings in its quote operators and here-documents,
// and the words of its word lists (qw(rm -r x), %w[rm -r x]), each list a line of those words.
// lang is the interpreter's name ("" for a program file read as no language in particular: both
// languages' forms are read).
func quotedStrings(code, lang string) (strs, lists []string) {
	if lang != "perl" && lang != "ruby" && lang != "" {
		return nil, nil
	}
	strs = codeHeredocs(code)
	for i := 0; i < len(code); i++ {
		op, list := "", false
		switch {
		case (lang == "perl" || lang == "") && code[i] == 'q' && operatorStart(code, i):
			op = "q"
			if i+1 < len(code) && (code[i+1] == 'q' || code[i+1] == 'w') {
				op, list = code[i:i+2], code[i+1] == 'w'
			}
		case (lang == "ruby" || lang == "") && code[i] == '%' && i+1 < len(code):
			switch c := code[i+1]; {
			case c == 'q' || c == 'Q' || c == 'w' || c == 'W':
				op, list = code[i:i+2], c == 'w' || c == 'W'
			case strings.IndexByte("([{<|!/", c) >= 0: // %(…): the delimiter follows the % itself
				if text, end, ok := delimited(code, i+1); ok {
					strs = append(strs, text)
					i = end
				}
				continue
			}
		}
		if op == "" {
			continue
		}
		j := i + len(op)
		if op[0] == 'q' { // perl allows blanks between the operator and its delimiter
			for j < len(code) && (code[j] == ' ' || code[j] == '\t') {
				j++
			}
			if j < len(code) && (code[j] == '=' || code[j] == ',' || code[j] == ';' || code[j] == ')') {
				continue // q => 1, a hash key; qq, a name
			}
		}
		text, end, ok := delimited(code, j)
		if !ok {
			continue
		}
		if list {
			if line := quotedLine(strings.Fields(text)); line != "" {
				lists = append(lists, line)
			}
		} else {
			strs = append(strs, text)
		}
		i = end
	}
	return strs, lists
}

// operatorStart reports whether perl's q at i starts a quote operator: not inside a name, a
// variable ($q{x}, @q, %q) or a method (->q).
func operatorStart(code string, i int) bool {
	if i > 0 {
		c := code[i-1]
		if identChar(c) || c == '$' || c == '@' || c == '%' || c == '&' || c == '>' || c == ':' {
			return false
		}
	}
	j := i + 1
	if j < len(code) && (code[j] == 'q' || code[j] == 'w' || code[j] == 'x' || code[j] == 'r') {
		j++
	}
	if j < len(code) {
		if identChar(code[j]) {
			return false // a name that starts with q: quit, qualify
		}
	}
	return true
}

// delimited is the text of a quote operator whose delimiter stands at i: up to the matching
// closing bracket (nested brackets counted) or the same character, a backslash escaping the next
// one; end is the index of the closing delimiter.
func delimited(code string, i int) (text string, end int, ok bool) {
	if i >= len(code) {
		return "", 0, false
	}
	open := code[i]
	if open == ' ' || open == '\t' || open == '\n' || open == '#' && i > 0 && code[i-1] == ' ' || identChar(open) || open >= 0x80 {
		return "", 0, false
	}
	closing := open
	if k := strings.IndexByte("([{<", open); k >= 0 {
		closing = ")]}>"[k]
	}
	var b strings.Builder
	level := 0
	for j := i + 1; j < len(code); j++ {
		c := code[j]
		switch {
		case c == '\\' && j+1 < len(code):
			j++
			b.WriteByte(code[j])
			continue
		case c == closing && level == 0:
			return b.String(), j, true
		case c == closing:
			level--
		case c == open && open != closing:
			level++
		}
		b.WriteByte(c)
	}
	return "", 0, false
}

// codeHeredocs are the texts of the here-documents in a perl or ruby program: <<"EOF", <<'EOF',
// <<EOF, <<~EOF and <<-EOF, each up to the line that holds its delimiter alone (indented, for ~ and
// -; a ~ document's common indent left in, which a shell line does not mind).
func codeHeredocs(code string) []string {
	var out []string
	for rest := code; ; {
		i := strings.Index(rest, "<<")
		if i < 0 {
			return out
		}
		rest = rest[i+2:]
		indented := strings.HasPrefix(rest, "~") || strings.HasPrefix(rest, "-")
		word := rest
		if indented {
			word = rest[1:]
		}
		id := ""
		if word != "" && (word[0] == '"' || word[0] == '\'') {
			if end := strings.IndexByte(word[1:], word[0]); end > 0 {
				id = word[1 : 1+end]
			}
		} else {
			n := 0
			for n < len(word) && identChar(word[n]) && (n > 0 || word[n] < '0' || word[n] > '9') {
				n++
			}
			id = word[:n]
		}
		if id == "" || strings.ContainsAny(id, "\n") {
			continue
		}
		nl := strings.IndexByte(rest, '\n')
		if nl < 0 {
			return out
		}
		var body []string
		for l := range strings.Lines(rest[nl+1:]) {
			line := strings.TrimRight(l, "\r\n")
			if line == id || indented && strings.TrimSpace(line) == id {
				break
			}
			body = append(body, line)
		}
		if len(body) > 0 {
			out = append(out, strings.Join(body, "\n"))
		}
	}
}

// evalsStrings reports whether a program may hand one of its strings to its language's own
// eval, which runs it as a program: python's exec, eval and compile, perl's and php's eval,
// ruby's eval and instance_eval (class_eval, module_eval), node's eval, new Function, vm and a
// timer given a string, lua's load. Read generously: a program that only names one has its strings
// read as programs too, which finds more, never less.
func evalsStrings(code string) bool {
	for _, w := range []string{"eval", "exec", "compile", "Function", "runIn", "Script", "setTimeout", "setInterval",
		"load", "create_function", "assert"} {
		if strings.Contains(code, w) {
			return true
		}
	}
	return false
}

// evalString reads text, a string a program of lang hands to its own eval, as a program of that
// language given in the line: its strings name paths and the lines it may run.
func (r *reader) evalString(text, lang string, depth int) {
	// Counted apart from the line's bytes, which a large program file's strings would use up;
	// strings found inside strings by two kinds of quoting are read again at each depth, so the
	// reading has a budget of its own.
	if strings.TrimSpace(text) == "" {
		return
	}
	if r.evalBytes += len(text); depth > maxDepth || r.evalBytes > maxScriptBytes {
		r.capped = true
		r.unresolved("a program given in the line hands more strings to its own eval than hookrun reads (%d deep, %d bytes)", maxDepth, maxScriptBytes)
		return
	}
	if lang == "python" {
		r.pythonStrings(text, depth)
		return
	}
	r.codeLiterals([]string{text})
	r.runStrings(text, lang, depth)
}
