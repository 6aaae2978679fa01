package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	yaml "go.yaml.in/yaml/v3"
)

// yaml.v3 reports a syntax error as a string that holds at best a line, and
// not always the right one: it names the line where the enclosing
// construct starts, 0-based for parser errors and 1-based for scanner
// errors, and no line at all on the first line. This file finds where the
// problem really is, so that validate can point at it.

// yamlErr splits a yaml.v3 error message into its line, when it has one,
// and the problem text.
// It is compiled on first use: most runs meet no syntax error.
func yamlErr() *regexp.Regexp {
	yamlErrOnce.Do(func() { yamlErrRE = regexp.MustCompile(`^yaml: (?:line (\d+): )?(.*)$`) })
	return yamlErrRE
}

var (
	yamlErrOnce sync.Once
	yamlErrRE   *regexp.Regexp
)

// parserProblems are the problems yaml.v3's parser (as opposed to its
// scanner) reports; their line number is 0-based.
var parserProblems = []string{
	"did not find expected <stream-start>",
	"did not find expected <document start>",
	"found undefined tag handle",
	"did not find expected node content",
	"did not find expected '-' indicator",
	"did not find expected key",
	"did not find expected ',' or ']'",
	"did not find expected ',' or '}'",
	"found duplicate %YAML directive",
	"found incompatible YAML document",
	"found duplicate %TAG directive",
}

// Bounds on the search for a syntax error's position: each try parses a
// prefix of the file again. Hook files are a few hundred bytes, so the
// search is cheap; past these bounds the line yaml.v3 reported (corrected)
// is used.
const (
	locateMaxBytes = 256 << 10 // bytes parsed in all to find the line
	locateMaxTries = 500
	// The column search parses the line's prefixes.
	locateColBytes = 256 << 10
	locateColTries = 64
)

// splitYAMLError returns the problem text of a yaml.v3 error and the line it
// reports, corrected to 1-based (1 when it reports none).
func splitYAMLError(err error) (problem string, line int) {
	m := yamlErr().FindStringSubmatch(err.Error())
	if m == nil {
		return err.Error(), 1
	}
	problem, line = m[2], 1
	if m[1] != "" {
		line, _ = strconv.Atoi(m[1])
		for _, p := range parserProblems {
			if p == problem {
				line++
				break
			}
		}
	}
	return problem, max(line, 1)
}

// decodeNode reads the next document. A panic inside yaml.v3 (a parser
// bug on some input) becomes an error: the file is reported as invalid
// instead of taking hookrun down, and emit then refuses to run.
func decodeNode(dec *yaml.Decoder, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: the YAML parser failed on this file (%v)", r)
		}
	}()
	return dec.Decode(n)
}

// firstProblem parses every document of data and returns the problem text
// of the first error, or "" when data parses.
func firstProblem(data []byte) string {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var n yaml.Node
		err := decodeNode(dec, &n)
		if errors.Is(err, io.EOF) {
			return ""
		}
		if err != nil {
			p, _ := splitYAMLError(err)
			return p
		}
	}
}

// locate finds the line and column of a syntax error. yaml.v3 names the
// line where the enclosing construct starts, or, when that is line 1, the
// line of the problem. The shortest prefix of the file that fails with the
// same problem ends at the character that gives the problem away: the
// search tries line 1 (a construct opened there), then the reported line
// onward, then the lines before it.
func locate(data []byte, problem string, hint int) (line, col int) {
	lines := splitLines(data)
	hint = min(hint, max(len(lines), 1))
	tries, budget, maxTries := 0, locateMaxBytes, locateMaxTries
	fails := func(prefix []byte) bool {
		tries++
		budget -= len(prefix)
		return firstProblem(prefix) == problem
	}
	spent := func() bool { return tries >= maxTries || budget <= 0 }
	if hint > 1 && fails(join(lines[:1])) {
		line = 1
	}
	for k := hint; line == 0 && k <= len(lines) && !spent(); k++ {
		if fails(join(lines[:k])) {
			line = k
		}
	}
	for k := 1; line == 0 && k < hint && !spent(); k++ {
		if fails(join(lines[:k])) {
			line = k
		}
	}
	if line == 0 {
		return hint, firstNonBlank(lineText(lines, hint))
	}
	// The column: the shortest prefix of the line that fails the same way.
	// Past the character at fault the line keeps failing, before it it
	// does not, so a binary search finds it in a few parses.
	before := join(lines[:line-1])
	before = before[:len(before):len(before)] // appends below must copy
	text := lineText(lines, line)
	var ends []int // ends[i] is the byte length of the first i+1 characters
	for i := range text {
		if i > 0 {
			ends = append(ends, i)
		}
	}
	ends = append(ends, len(text))
	tries, budget, maxTries = 0, locateColBytes, locateColTries
	if text == "" || !fails(append(before, text...)) {
		return line, firstNonBlank(text)
	}
	lo, hi := -1, len(ends)-1 // the prefix up to ends[hi] fails; up to ends[lo] it does not
	for hi-lo > 1 {
		if spent() {
			return line, firstNonBlank(text)
		}
		mid := (lo + hi) / 2
		if fails(append(before, text[:ends[mid]]...)) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return line, hi + 1
}

// splitLines cuts data after each line break, the way yaml.v3 counts lines
// (LF, CR LF, or a lone CR).
func splitLines(data []byte) [][]byte {
	var lines [][]byte
	for len(data) > 0 {
		i := bytes.IndexAny(data, "\r\n")
		if i < 0 {
			lines = append(lines, data)
			break
		}
		end := i + 1
		if data[i] == '\r' && end < len(data) && data[end] == '\n' {
			end++
		}
		lines = append(lines, data[:end])
		data = data[end:]
	}
	return lines
}

func join(lines [][]byte) []byte { return bytes.Join(lines, nil) }

// lineText is line n (1-based) without its line break, "" past the end.
func lineText(lines [][]byte, n int) string {
	if n < 1 || n > len(lines) {
		return ""
	}
	return strings.TrimRight(string(lines[n-1]), "\r\n")
}

// firstNonBlank is the 1-based column of the first character of s that is
// not a space or tab, or 1.
func firstNonBlank(s string) int {
	col := 1
	for _, r := range s {
		if r != ' ' && r != '\t' {
			return col
		}
		col++
	}
	return 1
}

// leadingTab is the 1-based column of a tab in the indentation of s, or 0.
func leadingTab(s string) int {
	for i, r := range s {
		switch r {
		case '\t':
			return i + 1
		case ' ':
		default:
			return 0
		}
	}
	return 0
}

// checkText finds the first character yaml.v3 refuses to read: a byte that
// is not UTF-8, or a control character. It reports it with its position,
// which yaml.v3 does not give.
func checkText(data []byte) (msg string, line, col int, ok bool) {
	if bytes.HasPrefix(data, []byte{0xfe, 0xff}) || bytes.HasPrefix(data, []byte{0xff, 0xfe}) {
		return "file is UTF-16 encoded; save hook files as UTF-8", 1, 1, false
	}
	line, col = 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return fmt.Sprintf("file is not valid UTF-8 (byte 0x%02x)", data[i]), line, col, false
		case !yamlAllowed(r):
			return fmt.Sprintf("YAML syntax error: control character %U is not allowed", r), line, col, false
		}
		switch {
		case r == '\n', r == '\r' && (i+1 >= len(data) || data[i+1] != '\n'):
			line, col = line+1, 1
		case r == '\r':
		default:
			col++
		}
		i += size
	}
	return "", 0, 0, true
}

// yamlAllowed is the set of characters YAML 1.1 allows in a stream.
func yamlAllowed(r rune) bool {
	switch {
	case r == '\t', r == '\n', r == '\r', r >= 0x20 && r <= 0x7e, r == 0x85:
	case r >= 0xa0 && r <= 0xd7ff, r >= 0xe000 && r <= 0xfffd, r >= 0x10000 && r <= 0x10ffff:
	default:
		return false
	}
	return true
}

// syntaxError turns a yaml.v3 error into a finding at the position of the
// problem, with a hint for the common cases.
func (d *decoder) syntaxError(data []byte, err error) {
	problem, hint := splitYAMLError(err)
	line, col := locate(data, problem, hint)
	text := lineText(splitLines(data), line)
	msg := "YAML syntax error: " + problem
	switch {
	case strings.HasPrefix(problem, "unknown anchor "):
		name := strings.TrimSuffix(strings.TrimPrefix(problem, "unknown anchor '"), "' referenced")
		msg = fmt.Sprintf("YAML alias *%s refers to no anchor (anchors and aliases are not supported in hook files)", name)
		if i := strings.Index(text, "*"+name); i >= 0 {
			col = utf8.RuneCountInString(text[:i]) + 1
		}
	case leadingTab(text) > 0:
		col = leadingTab(text)
		msg += " (this line is indented with a tab; YAML indents with spaces only)"
	case problem == "did not find expected ',' or ']'":
		col = openerCol(text, col, '[')
		msg += " (is a '[' left open?)"
	case problem == "did not find expected ',' or '}'":
		col = openerCol(text, col, '{')
		msg += " (is a '{' left open?)"
	case problem == "did not find expected alphabetic or numeric character" && strings.ContainsAny(text, "*&"):
		msg += " (quote a value that starts with '*' or '&', such as the glob \"*\")"
	case problem == "found unknown escape character":
		msg += ` (in a "double-quoted" string a backslash starts an escape: write a regular expression in 'single quotes', where \s and \d stay as written)`
	case problem == "found unexpected end of stream":
		msg += " (is a quoted string left open?)"
	case problem == "did not find expected key", problem == "did not find expected '-' indicator":
		msg += " (check the indentation)"
	case problem == "mapping values are not allowed in this context":
		msg += " (check the indentation, or quote a value that holds \": \")"
	}
	d.findings = append(d.findings, Finding{File: d.file, Line: line, Col: max(col, 1), Severity: Error, Message: msg})
}

// openerCol moves col back to the last opener ('[' or '{') at or before it
// on the line, where an unclosed flow collection starts.
func openerCol(text string, col int, opener rune) int {
	best, c := 0, 0
	for _, r := range text {
		if c++; c > col {
			break
		}
		if r == opener {
			best = c
		}
	}
	if best == 0 {
		return col
	}
	return best
}
