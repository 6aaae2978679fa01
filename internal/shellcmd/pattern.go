package shellcmd

import (
	"fmt"
	"path"
	"regexp"
	"strings"
)

// A Pattern matches commands: "rm -rf", "rm -r|-R|--recursive -f|--force",
// "git push --force|-f", "curl * | sh" is not one (see docs/rules.md).
//
// The first word is compared with the command's program name without its
// directory (a glob: * and ? match any characters). Every further word
// must be matched by the command's arguments, in any order:
//   - a short-option cluster such as -rf is matched when each of its
//     letters is among the command's short options, however clustered
//     (-r -f, -fr, -Rfv for -Rf);
//   - a long option such as --force is matched by --force, --force=...,
//     or any prefix of it of at least three characters (--forc), as GNU
//     getopt accepts;
//   - a|b|c matches when any of a, b, c does;
//   - any other word is a glob on one argument.
//
// Options end at "--": what follows is never an option.
type Pattern struct {
	Source string
	name   *regexp.Regexp
	words  [][]alt
}

type alt struct {
	cluster string         // short options, each needed: "rf"
	long    string         // "--force"
	glob    *regexp.Regexp // any other word
}

// Compile reads a pattern, with an error that says what is wrong.
func Compile(src string) (*Pattern, error) {
	fields := strings.Fields(src)
	if len(fields) == 0 {
		return nil, fmt.Errorf("empty command pattern")
	}
	p := &Pattern{Source: src, name: glob(fields[0])}
	for _, f := range fields[1:] {
		var alts []alt
		for _, a := range strings.Split(f, "|") {
			switch {
			case a == "":
				return nil, fmt.Errorf("command pattern %q: an empty alternative in %q", src, f)
			case isCluster(a):
				alts = append(alts, alt{cluster: a[1:]})
			case strings.HasPrefix(a, "--") && len(a) > 2 && !strings.ContainsAny(a, "*?"):
				alts = append(alts, alt{long: a})
			default:
				alts = append(alts, alt{glob: glob(a)})
			}
		}
		p.words = append(p.words, alts)
	}
	return p, nil
}

// isCluster: a single dash and letters or digits only.
func isCluster(s string) bool {
	if len(s) < 2 || s[0] != '-' || s[1] == '-' {
		return false
	}
	for _, r := range s[1:] {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// glob compiles a word where * and ? match any characters, / included.
func glob(w string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for _, r := range w {
		switch r {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		default:
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// Match reports whether the command matches.
func (p *Pattern) Match(c Command) bool {
	if !p.name.MatchString(path.Base(c.Name)) {
		return false
	}
	short, long, _ := split(c.Args)
	for _, alts := range p.words {
		ok := false
		for _, a := range alts {
			if a.matches(short, long, c.Args) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

func (a alt) matches(short string, long, args []string) bool {
	switch {
	case a.cluster != "":
		for _, r := range a.cluster {
			if !strings.ContainsRune(short, r) {
				return false
			}
		}
		return true
	case a.long != "":
		for _, l := range long {
			name, _, _ := strings.Cut(l, "=")
			if name == a.long || len(name) >= 5 && strings.HasPrefix(a.long, name) {
				return true
			}
		}
		return false
	}
	for _, arg := range args {
		if a.glob.MatchString(arg) {
			return true
		}
	}
	return false
}

// split sorts arguments into the letters of short options, long options
// and operands; "--" ends the options.
func split(args []string) (short string, long, operands []string) {
	var b strings.Builder
	for i, a := range args {
		switch {
		case a == "--":
			return b.String(), long, append(operands, args[i+1:]...)
		case strings.HasPrefix(a, "--"):
			long = append(long, a)
		case len(a) > 1 && a[0] == '-':
			b.WriteString(a[1:])
		default:
			operands = append(operands, a)
		}
	}
	return b.String(), long, operands
}

// Operands are the command's arguments that are not options: the paths it
// may name.
func (c Command) Operands() []string {
	_, _, ops := split(c.Args)
	return ops
}
