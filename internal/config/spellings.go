package config

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hookrun/hookrun/internal/shellcmd"
)

// spelling holds the option spellings of a common program that ask for
// the same thing: a pattern that names one (rm -rf) passes the others
// (rm -R -f, rm --recursive --force), and a guard written from the first
// example that comes to mind fails open while it reads as a guard.
type spelling struct {
	program, sub string // sub: the subcommand the options belong to, or ""
	groups       []optionGroup
}

// optionGroup is one thing asked for and its spellings.
type optionGroup struct {
	ways  []string // each option that asks for it
	write string   // the pattern word that names them all
}

var spellings = []spelling{
	{"rm", "", []optionGroup{{[]string{"-r", "-R", "--recursive"}, "-r|-R|--recursive"}, {[]string{"-f", "--force"}, "-f|--force"}}},
	{"git", "push", []optionGroup{{[]string{"--force", "-f", "--force-with-lease"}, "--force|--force-with-lease|-f|--mirror|+*"}}},
	{"git", "push", []optionGroup{{[]string{"--delete", "-d"}, "--delete|-d|:*"}}},
	{"git", "clean", []optionGroup{{[]string{"-f", "--force"}, "-f|--force"}}},
	{"git", "commit", []optionGroup{{[]string{"--no-verify", "-n"}, "--no-verify|-n"}}},
	{"chmod", "", []optionGroup{{[]string{"-R", "--recursive"}, "-R|--recursive"}}},
	{"chown", "", []optionGroup{{[]string{"-R", "--recursive"}, "-R|--recursive"}}},
}

// missedSpellings says, for a command pattern of a rule that stops a
// call, which spellings of an option it names it passes ("rm -rf"
// matches rm -r -f but not rm -R -f, rm --recursive -f or rm -r
// --force), and the pattern to write; "" when it matches every spelling
// or the program is not one spellings knows. Each spelling is tried as a
// command made of the pattern's words (the first alternative of each),
// one option replaced by another spelling of it; a spelling that another
// of the rule's patterns (all) matches is not missed.
func missedSpellings(src string, p *shellcmd.Pattern, all []*shellcmd.Pattern) string {
	fields := strings.Fields(src)
	for len(fields) > 0 && strings.Contains(fields[0], "=") {
		fields = fields[1:] // NAME=GLOB words before the command's name
	}
	if len(fields) == 0 {
		return ""
	}
	names := strings.Split(strings.ToLower(fields[0]), "|")
	for _, s := range spellings {
		if !slices.Contains(names, s.program) {
			continue
		}
		if msg := s.missed(fields, p, all); msg != "" {
			return msg
		}
	}
	return ""
}

func (s spelling) missed(fields []string, p *shellcmd.Pattern, all []*shellcmd.Pattern) string {
	named := make([]string, len(s.groups)) // the spelling the pattern names of each group, or ""
	var rest, others []string              // the pattern's other words, as tried and as written
	for _, f := range fields[1:] {
		first, _, _ := strings.Cut(f, "|")
		if !strings.HasPrefix(first, "-") {
			rest, others = append(rest, first), append(others, f)
			continue
		}
		var left []string // the word's alternatives without the groups' options
		for _, alt := range strings.Split(f, "|") {
			if kept := s.take(alt, named, alt == first); kept != "" {
				left = append(left, kept)
			}
		}
		left = slices.Compact(left)
		if len(left) > 0 {
			others = append(others, strings.Join(left, "|"))
			if kept, _, _ := strings.Cut(left[0], "|"); strings.HasPrefix(kept, "-") {
				rest = append(rest, kept)
			}
		}
	}
	if s.sub != "" && !slices.Contains(rest, s.sub) {
		return ""
	}
	try := func(group int, way string, pats ...*shellcmd.Pattern) (string, bool) {
		args := slices.Clone(rest)
		if s.sub != "" {
			args = slices.DeleteFunc(args, func(a string) bool { return a == s.sub })
		}
		var opts []string
		for i, w := range named {
			if i == group {
				w = way
			}
			if w != "" {
				opts = append(opts, w)
			}
		}
		args = slices.Concat(opts, args)
		if s.sub != "" {
			args = slices.Concat([]string{s.sub}, args)
		}
		c := shellcmd.Command{Name: s.program}
		for _, a := range args {
			c.Args = append(c.Args, shellcmd.Arg{Value: a})
		}
		line := strings.Join(append([]string{s.program}, args...), " ")
		for _, p := range pats {
			if o, _ := p.MatchCommand(&c); o == shellcmd.Match {
				return line, true
			}
		}
		return line, false
	}
	matched, ok := try(-1, "", p)
	if !ok || !slices.ContainsFunc(named, func(w string) bool { return w != "" }) {
		return ""
	}
	var missed, write []string
	for i, g := range s.groups {
		if named[i] == "" {
			continue
		}
		write = append(write, g.write)
		for _, way := range g.ways {
			if line, ok := try(i, way, all...); !ok {
				missed = append(missed, line)
			}
		}
	}
	if len(missed) == 0 {
		return ""
	}
	pattern := slices.Concat([]string{fields[0]}, write, others)
	if s.sub != "" {
		pattern = slices.Concat([]string{fields[0], s.sub}, write, slices.DeleteFunc(others, func(o string) bool { return o == s.sub }))
	}
	return fmt.Sprintf("matches %s but not %s, which ask for the same: a pattern matches an option only as it is spelt (-r is not -R, -f is not --force); name every spelling: %q",
		matched, strings.Join(missed, " or "), strings.Join(pattern, " "))
}

// take removes from one alternative of a pattern's option word the
// options the groups hold, noting in named, when first is set, the
// spelling it names of each; it returns what is left ("" for nothing).
func (s spelling) take(alt string, named []string, first bool) string {
	note := func(way string) bool {
		for i, g := range s.groups {
			if slices.Contains(g.ways, way) {
				if first && named[i] == "" {
					named[i] = way
				}
				return true
			}
		}
		return false
	}
	if strings.HasPrefix(alt, "--") {
		if note(alt) {
			return ""
		}
		return alt
	}
	kept := "-"
	for _, r := range alt[1:] {
		if !note("-" + string(r)) {
			kept += string(r)
		}
	}
	if kept == "-" {
		return ""
	}
	return kept
}

// missedRefspecs says, for a git push pattern of a rule that stops a call
// and names a branch by its plain name (git push origin main), which
// pushes of that branch written as other refspecs it passes (HEAD:main,
// +main, refs/heads/main), and the pattern to write; "" when it matches
// them all, another of the rule's patterns (all) does, or the pattern
// names no plain branch (its last word a glob, an alternative list, a
// remote). The pushes are tried as spellings are, first alternatives
// only, a * word standing for origin.
func missedRefspecs(src string, p *shellcmd.Pattern, all []*shellcmd.Pattern) string {
	fields := strings.Fields(src)
	for len(fields) > 0 && strings.Contains(fields[0], "=") {
		fields = fields[1:]
	}
	if len(fields) < 3 || !slices.Contains(strings.Split(strings.ToLower(fields[0]), "|"), "git") {
		return ""
	}
	args := make([]string, len(fields)-1)
	for i, f := range fields[1:] {
		args[i], _, _ = strings.Cut(f, "|")
	}
	push := slices.Index(args, "push")
	b := -1 // the branch's word
	for i := len(args) - 1; i > push && push >= 0; i-- {
		if !strings.HasPrefix(args[i], "-") {
			b = i
			break
		}
	}
	if b < 0 || strings.ContainsAny(fields[b+1], `*?[]{}\:+|`) || args[b] == "origin" || args[b] == "upstream" {
		return ""
	}
	branch := args[b]
	try := func(ref string, pats ...*shellcmd.Pattern) (string, bool) {
		words := slices.Clone(args)
		words[b] = ref
		for i, w := range words {
			if w == "*" {
				words[i] = "origin"
			}
		}
		c := shellcmd.Command{Name: "git"}
		for _, w := range words {
			c.Args = append(c.Args, shellcmd.Arg{Value: w})
		}
		line := "git " + strings.Join(words, " ")
		for _, p := range pats {
			if o, _ := p.MatchCommand(&c); o == shellcmd.Match {
				return line, true
			}
		}
		return line, false
	}
	matched, ok := try(branch, p)
	if !ok {
		return ""
	}
	var missed []string
	for _, ref := range []string{"HEAD:" + branch, "+" + branch, "refs/heads/" + branch} {
		if line, ok := try(ref, all...); !ok {
			missed = append(missed, line)
		}
	}
	if len(missed) == 0 {
		return ""
	}
	write := slices.Clone(fields)
	write[b+1] = strings.Join([]string{branch, "*:" + branch, "+" + branch, "refs/heads/" + branch, "*:refs/heads/" + branch, "--all", "--mirror"}, "|")
	return fmt.Sprintf("matches %s but not %s, which push %s too: a pattern matches a refspec only as it is written; name every spelling: %q, and ask a person for a push that names no branch (git push), which may push %s (docs/examples.md)",
		matched, strings.Join(missed, " or "), branch, strings.Join(write, " "), branch)
}
