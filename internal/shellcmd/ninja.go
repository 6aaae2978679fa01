package shellcmd

import (
	"path"
	"strconv"
	"strings"
)

// ninja (and samu, its other implementation) runs the command of each build edge of build.ninja
// (-f FILE, in the directory -C names) that is out of date: each rule's command, written with the
// edge's variables ($in, $out, the edge's and the file's bindings), run by /bin/sh -c. Which
// edges are out of date is only known when it runs, so every edge of the file, and of the files it
// includes (include, subninja), is read.

// Bounds on reading a build.ninja.
const (
	maxNinjaLines    = 4096    // distinct command lines
	maxNinjaIncludes = 16      // include and subninja files
	maxNinjaEval     = 64      // variable references expanded within one another
	maxNinjaValue    = 1 << 16 // bytes of one expanded value: a variable holding itself twice doubles with each include
	maxNinjaWork     = 1 << 20 // variable references expanded in all: a rule's a = $a$a would take 2^64
)

// ninjaRuns notes the build.ninja ninja's words run: none for -n, -t TOOL (its tools: clean,
// commands, graph…) or --version.
func (r *reader) ninjaRuns(cmd Command, depth int) {
	if r.noRuns() {
		return
	}
	var file, dir Arg
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Value == "--" && !a.Dynamic:
			i = len(args)
		case pathOption(args, &i, &file, "-f", ""), pathOption(args, &i, &dir, "-C", ""):
		case a.Value == "-n" || a.Value == "-t" || a.Value == "--version" || a.Value == "-h" || a.Value == "--help" ||
			strings.HasPrefix(a.Value, "-t") && len(a.Value) > 2:
			return
		case a.Value == "-j" || a.Value == "-k" || a.Value == "-l" || a.Value == "-d" || a.Value == "-w":
			i++
		}
	}
	if file.Dynamic || dir.Dynamic {
		r.manifestUnknown(cmd)
		return
	}
	if file.Value == "" {
		file.Value = "build.ninja"
	}
	run := r.ran(runNpm, Arg{Value: path.Base(file.Value)}, depth)
	if run == nil {
		return
	}
	run.manager, run.names, run.manifest, run.workDir = "ninja", []string{"all"}, file.Value, "."
	if dir.Value != "" {
		run.dir = under(run.dir, dir.Value)
	}
}

// A ninjaRule is a rule's variables, unexpanded.
type ninjaRule map[string]string

// ninjaFile reads the command lines of the edges of a build.ninja's text (file names it; dir is
// where ninja runs, as the line names it).
func (r *reader) ninjaFile(run scriptRun, file, text, dir string) {
	n := ninjaReader{globals: map[string]string{}, rules: map[string]ninjaRule{}, seen: map[string]bool{}}
	n.include = func(name string) (string, bool) {
		if n.files++; n.files > maxNinjaIncludes {
			return "", false
		}
		for _, p := range r.located(scriptRun{dir: dir}, name) {
			if t, ok := r.cachedText(path.Join(dir, name), p); ok {
				return t, true
			}
		}
		return "", true // not there: ninja stops, having run nothing
	}
	if !n.read(text, 0) {
		r.unresolved("the line runs what %s says, which names more than %d distinct commands, %d included files or %d variable references, more than hookrun reads", file, maxNinjaLines, maxNinjaIncludes, maxNinjaWork)
		return
	}
	at, atUnknown := r.dir, r.dirUnknown
	defer func() { r.dir, r.dirUnknown = at, atUnknown }()
	for i, l := range n.lines {
		if r.once(runNpm + "\x00ninja\x00" + file + "\x00" + l) {
			r.dir, r.dirUnknown = dir, ""
			r.fileScript(l, file+" rule "+strconv.Quote(n.ruleOf[i]), run.depth+1, nil)
		}
	}
}

// ninjaReader reads the statements of a build.ninja.
type ninjaReader struct {
	globals map[string]string
	rules   map[string]ninjaRule
	include func(name string) (string, bool)
	files   int
	lines   []string // the distinct commands of the edges
	ruleOf  []string
	seen    map[string]bool
	work    int
}

// read reads text's statements; false once past the bounds.
func (n *ninjaReader) read(text string, depth int) bool {
	// $ at a line's end joins it to the next, its leading blanks dropped.
	var joined []string
	cur := ""
	for l := range strings.Lines(strings.ReplaceAll(text, "\r\n", "\n")) {
		l = strings.TrimSuffix(l, "\n")
		if cur != "" {
			l = strings.TrimLeft(l, " ")
		}
		if strings.HasSuffix(l, "$") && !strings.HasSuffix(l, "$$") {
			cur += l[:len(l)-1]
			continue
		}
		joined = append(joined, cur+l)
		cur = ""
	}
	if cur != "" {
		joined = append(joined, cur)
	}
	for i := 0; i < len(joined); i++ {
		l := joined[i]
		if strings.TrimSpace(l) == "" || strings.HasPrefix(strings.TrimLeft(l, " "), "#") || strings.HasPrefix(l, " ") {
			continue
		}
		// The indented bindings below a rule or an edge.
		binds := map[string]string{}
		for i+1 < len(joined) && strings.HasPrefix(joined[i+1], " ") {
			i++
			if k, v, ok := strings.Cut(strings.TrimSpace(joined[i]), "="); ok {
				binds[strings.TrimSpace(k)] = strings.TrimLeft(v, " ")
			}
		}
		word, rest, _ := strings.Cut(l, " ")
		rest = strings.TrimSpace(rest)
		switch word {
		case "rule":
			n.rules[rest] = binds
		case "build":
			if !n.edge(rest, binds) {
				return false
			}
		case "include", "subninja":
			t, ok := n.include(n.eval(rest, nil, nil, 0))
			if !ok || depth >= maxNinjaIncludes || !n.read(t, depth+1) {
				return false
			}
		case "default", "pool", "ninja_required_version":
		default:
			if k, v, ok := strings.Cut(l, "="); ok {
				n.globals[strings.TrimSpace(k)] = n.eval(strings.TrimLeft(v, " "), nil, nil, 0)
			}
		}
	}
	return true
}

// edge notes the command of a build statement (OUTS: RULE INS | IMPLICIT || ORDER), with its
// bindings; false past the bounds.
func (n *ninjaReader) edge(stmt string, binds map[string]string) bool {
	outs, rest, ok := ninjaCut(stmt)
	if !ok {
		return true
	}
	fields := ninjaFields(rest)
	if len(fields) == 0 {
		return true
	}
	rule, ins := fields[0], fields[1:]
	for i, f := range ins {
		if f == "|" || f == "||" || f == "|@" {
			ins = ins[:i]
			break
		}
	}
	if i := strings.Index(outs, " | "); i >= 0 {
		outs = outs[:i]
	}
	rv, ok := n.rules[rule]
	if !ok {
		return true // phony, or a rule ninja refuses
	}
	scope := map[string]string{}
	for k, v := range binds {
		scope[k] = n.eval(v, nil, nil, 0)
	}
	scope["in"] = strings.Join(ins, " ")
	scope["in_newline"] = strings.Join(ins, "\n")
	scope["out"] = strings.Join(ninjaFields(outs), " ")
	line := n.eval(rv["command"], scope, rv, 0)
	if n.work > maxNinjaWork {
		return false
	}
	if strings.TrimSpace(line) == "" || n.seen[line] {
		return true
	}
	if len(n.lines) >= maxNinjaLines {
		return false
	}
	n.seen[line] = true
	n.lines, n.ruleOf = append(n.lines, line), append(n.ruleOf, rule)
	return true
}

// ninjaCut splits a build statement at its first : not escaped ($:).
func ninjaCut(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '$':
			i++
		case ':':
			return s[:i], s[i+1:], true
		}
	}
	return "", "", false
}

// ninjaFields are the paths of a list, split at blanks not escaped ($ ).
func ninjaFields(s string) []string {
	var out []string
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '$' && i+1 < len(s):
			b.WriteByte(c)
			b.WriteByte(s[i+1])
			i++
		case c == ' ':
			if b.Len() > 0 {
				out = append(out, b.String())
				b.Reset()
			}
		default:
			b.WriteByte(c)
		}
	}
	if b.Len() > 0 {
		out = append(out, b.String())
	}
	return out
}

// eval expands a ninja value: $$, $ , $: and $\n escapes, and $name and ${name} from the edge's
// scope, then the rule's variables (expanded in turn), then the file's; a name none gives is
// empty. Past maxNinjaEval references within one another, the rest is empty; past maxNinjaValue
// bytes, the value is cut.
func (n *ninjaReader) eval(v string, scope map[string]string, rule ninjaRule, depth int) string {
	var b strings.Builder
	for i := 0; i < len(v) && b.Len() < maxNinjaValue; i++ {
		c := v[i]
		if c != '$' || i+1 >= len(v) {
			b.WriteByte(c)
			continue
		}
		i++
		var name string
		switch d := v[i]; {
		case d == '$' || d == ' ' || d == ':' || d == '\n':
			b.WriteByte(d)
			continue
		case d == '{':
			end := strings.IndexByte(v[i:], '}')
			if end < 0 {
				return b.String()
			}
			name = v[i+1 : i+end]
			i += end
		default:
			j := i
			for j < len(v) && (v[j] == '_' || v[j] == '-' || 'a' <= v[j]|0x20 && v[j]|0x20 <= 'z' || '0' <= v[j] && v[j] <= '9') {
				j++
			}
			name = v[i:j]
			i = j - 1
		}
		if n.work++; depth >= maxNinjaEval || name == "" || n.work > maxNinjaWork {
			continue // $ and no name: ninja refuses the file
		}
		if s, ok := scope[name]; ok {
			b.WriteString(s)
		} else if s, ok := rule[name]; ok && name != "command" {
			b.WriteString(n.eval(s, scope, rule, depth+1))
		} else {
			b.WriteString(n.globals[name])
		}
	}
	return b.String()[:min(b.Len(), maxNinjaValue)]
}
