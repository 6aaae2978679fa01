package shellcmd

import (
	"fmt"
	"slices"
	"strings"
)

// maxMade caps the programs a line makes under another name that are followed (made.go).
const maxMade = 64

// A program the line copies, moves or links under a name of its own and then runs by that name
// runs what the source is: cp /bin/rm ./del; ./del -rf x runs rm, and so does ln -s, install or
// mv, through PATH too (PATH=b:$PATH z after ln -s /bin/rm b/z). finishMade reads each such
// command also as the source it was made from, once the whole line is read (a loop may run the
// command before the line makes it); a source only known when the line runs (cp "$(command -v
// rm)" del) leaves the command unresolved.
func (r *reader) finishMade() {
	made := map[string][]Arg{} // the sources of each name the line makes, by the made file's base name
	n := 0
	for _, c := range r.out.Commands {
		if c.PowerShell || n >= maxMade {
			continue
		}
		for dest, srcs := range madeBy(c) {
			made[dest] = append(made[dest], srcs...)
			n++
		}
	}
	if len(made) == 0 {
		return
	}
	count := len(r.out.Commands)
	for i := 0; i < count; i++ {
		c := r.out.Commands[i]
		if c.PowerShell || c.Name == "" {
			continue
		}
		// What a speculative reading runs (a program's string, a word another program may run)
		// leaves nothing unknown, as its other unknowns do not (quietly, mayRun).
		_, quiet := slices.BinarySearch(r.quietCmds, i)
		seen := map[string]bool{c.Name: true}
		names := []string{c.Name}
		for len(names) > 0 { // a copy of a copy runs the first source
			name := names[0]
			names = names[1:]
			for _, src := range made[name] {
				if why := r.unreadSource(src); why != "" {
					if quiet || c.Maybe {
						continue
					}
					r.unresolved("the line runs %s, %s", c.Path, why)
					return
				}
				as := commandName(src.Value)
				if seen[as] {
					continue
				}
				seen[as] = true
				names = append(names, as)
				also := c
				also.Name, also.Path = as, src.Value
				r.out.Commands = append(r.out.Commands, also)
			}
		}
	}
}

// unreadSource says why the source src of a file the line makes and runs is not read through the
// copy: "" when it is.
func (r *reader) unreadSource(src Arg) string {
	switch {
	case src.Dynamic:
		return fmt.Sprintf("which it makes from %s, a file only known when it runs", src.Value)
	case isPattern(src.Value):
		return fmt.Sprintf("which it makes from the files %s names, only known when it runs", src.Value)
	case r.writesFile(src.Value) || strings.HasPrefix(src.Value, "/dev/") || strings.HasPrefix(src.Value, "/proc/"):
		return fmt.Sprintf("made from %s, which the line writes or takes from its input: hookrun does not read it through a copy", src.Value)
	}
	return ""
}

// madeBy maps the base name of each file c makes as a copy, a move or a link of another to the
// sources it is made from: cp, mv, ln, link, install, rsync and scp with one source and a destination
// file, and dd if= of=. A destination directory keeps the sources' names, and so their commands.
func madeBy(c Command) map[string][]Arg {
	switch c.Name {
	case "cp", "mv", "ln", "link", "install", "gcp", "gmv", "gln", "glink", "ginstall", "rsync", "scp":
	case "dd":
		var src, dst *Arg
		for i, a := range c.Args {
			switch {
			case strings.HasPrefix(a.Value, "if="):
				src = &Arg{Value: a.Value[3:], Dynamic: a.Dynamic}
			case strings.HasPrefix(a.Value, "of="):
				dst = &c.Args[i]
			}
		}
		if src == nil || dst == nil || dst.Dynamic {
			return nil
		}
		return map[string][]Arg{commandName(dst.Value[3:]): {*src}}
	default:
		return nil
	}
	var operands []Arg
	options := true
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case !options || a.Dynamic || !strings.HasPrefix(a.Value, "-") || a.Value == "-":
			operands = append(operands, a)
		case a.Value == "--":
			options = false
		case a.Value == "-t" || strings.HasPrefix(a.Value, "--target-directory") || strings.HasPrefix(a.Value, "-t"):
			return nil // every operand a source, kept under its name
		case strings.HasPrefix(a.Value, "--"):
			if !strings.Contains(a.Value, "=") && valueOption(a.Value) {
				i++
			}
		default:
			// -m MODE, -o OWNER, -g GROUP, -S SUFFIX take a value: the rest of the word, or the next.
			if k := strings.IndexAny(a.Value[1:], "mogS"); k >= 0 && (c.Name == "install" || c.Name == "ginstall" || a.Value[1+k] == 'S') && k == len(a.Value)-2 {
				i++
			}
		}
	}
	if len(operands) != 2 || operands[1].Dynamic {
		return nil
	}
	return map[string][]Arg{commandName(operands[1].Value): {operands[0]}}
}

// valueOption reports whether the long option opt of a copying command takes the next word as
// its value.
func valueOption(opt string) bool {
	switch opt {
	case "--mode", "--owner", "--group", "--suffix", "--strip-program":
		return true
	}
	return false
}

// writesFile reports whether the line writes a file of p's base name.
func (r *reader) writesFile(p string) bool {
	key := fileKey(p)
	for _, w := range r.wrote {
		if w.key == key || w.key == "" {
			return true
		}
	}
	return false
}
