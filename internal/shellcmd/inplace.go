package shellcmd

import (
	"path"
	"strings"
)

// A file the line changes where it lies, with text only the change knows (sed -i, perl -pi,
// awk's inplace, ed, a vim run on it), is a file the line writes: a script the line then runs
// from it is unresolved, as one it writes with echo "$X" > s.sh is. And a file the line puts in
// place from another of the disk (cp a/x.sh x.sh, mv, ln -s, install, rsync) runs what that
// other file holds: the source is read as the run is (copiedRuns).

// inPlace notes the files cmd edits in place: the file operands of sed and perl or ruby with -i,
// of gawk with its inplace extension, of ed, and of vim and its kin.
func (r *reader) inPlace(cmd Command) {
	var files []Arg
	switch name := cmd.Name; {
	case name == "sed" || name == "gsed":
		files = inPlaceOperands(cmd.Args, "ef", "l", "i", true)
	case name == "perl" || name == "ruby" || programLang(name) == "perl" || programLang(name) == "ruby":
		files = inPlaceOperands(cmd.Args, "eE", "IMmxl0CdDVrFKTW", "i", true)
	case name == "awk" || name == "gawk":
		if awkInPlace(cmd.Args) {
			files = inPlaceOperands(cmd.Args, "fvFileEW", "", "", true)
			files = dropAssignments(files)
		}
	case name == "ed" || name == "red":
		files = inPlaceOperands(cmd.Args, "p", "", "", false)
	case isVim(vimName(name)):
		files = vimFiles(cmd.Args)
	}
	for _, f := range files {
		r.written(f, "", false)
	}
}

// inPlaceOperands is the file operands of a command whose short options are args' single-dash
// words: letters in valued take a value (the rest of the word, or the next word), letters in
// attached the rest of the word only, and a letter in edit means the command edits its files in
// place (its rest is a suffix). Without edit ("" : always) no file is returned. With script, the
// first operand is the command's program unless an option in valued gave one (sed's -e and -f).
func inPlaceOperands(args []Arg, valued, attached, edit string, script bool) []Arg {
	editing, given := edit == "", false
	var ops []Arg
	options := true
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case !options || a.Dynamic || !strings.HasPrefix(v, "-") || v == "-":
			ops = append(ops, a)
			continue
		case v == "--":
			options = false
			continue
		case strings.HasPrefix(v, "--"):
			long, _, _ := strings.Cut(v[2:], "=")
			switch long {
			case "in-place":
				editing = true
			case "expression", "file", "source", "exec": // they give the program
				given = true
				if !strings.Contains(v, "=") {
					i++
				}
			case "assign", "field-separator", "include", "load", "line-length":
				if !strings.Contains(v, "=") {
					i++
				}
			}
			continue
		}
		for k := 1; k < len(v); k++ {
			c := v[k]
			if edit != "" && strings.IndexByte(edit, c) >= 0 {
				editing = true
				break
			}
			if strings.IndexByte(valued, c) >= 0 {
				given = given || c == 'e' || c == 'f' || c == 'E'
				if k == len(v)-1 {
					i++
				}
				break
			}
			if strings.IndexByte(attached, c) >= 0 {
				break
			}
		}
	}
	if !editing {
		return nil
	}
	if script && !given && len(ops) > 0 {
		ops = ops[1:]
	}
	return ops
}

// awkInPlace reports whether gawk loads its inplace extension: -i inplace, -iinplace,
// --include=inplace (or inplace.awk).
func awkInPlace(args []Arg) bool {
	for i, a := range args {
		v := a.Value
		var lib string
		switch {
		case a.Dynamic:
			continue
		case v == "-i" || v == "--include":
			if i+1 < len(args) {
				lib = args[i+1].Value
			}
		case strings.HasPrefix(v, "--include="):
			lib = v[len("--include="):]
		case strings.HasPrefix(v, "-i"):
			lib = v[2:]
		}
		if strings.TrimSuffix(lib, ".awk") == "inplace" {
			return true
		}
	}
	return false
}

// dropAssignments leaves out awk's NAME=VALUE operands, which set a variable and name no file.
func dropAssignments(ops []Arg) []Arg {
	var files []Arg
	for _, a := range ops {
		name, _, ok := strings.Cut(a.Value, "=")
		if ok && !a.Dynamic && name != "" && !strings.ContainsAny(name, "/.") {
			continue
		}
		files = append(files, a)
	}
	return files
}

// vimFiles is the files a vim opens, which its commands may change and write: every operand
// but +CMD and the values of its options that take one.
func vimFiles(args []Arg) []Arg {
	var files []Arg
	options := true
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case options && v == "--":
			options = false
		case options && !a.Dynamic && strings.HasPrefix(v, "+"):
		case options && !a.Dynamic && strings.HasPrefix(v, "-") && v != "-":
			switch v {
			case "-c", "--cmd", "-S", "-u", "-U", "-i", "-T", "-w", "-W", "-s", "-t", "-q", "--listen", "--servername", "--startuptime", "--remote-send", "--remote-expr":
				i++
			}
		default:
			files = append(files, a)
		}
	}
	return files
}

// copiedRuns adds, for each file the line runs that it also puts in place from another (cp, mv,
// ln, install, rsync, scp: Line.Copies), a run of that other file, which is what runs: cp
// a/x.sh x.sh && sh x.sh runs a/x.sh's commands, and so does a copy of a copy. A run whose
// directory is only known when the line runs is left as it is.
func (r *reader) copiedRuns() {
	if len(r.out.Copies) == 0 {
		return
	}
	seen := map[string]bool{}
	added := 0
	for i := 0; i < len(r.runs); i++ {
		run := r.runs[i]
		p, known := tilde(run.file)
		if !known || run.dirUnknown != "" || run.key == anyFile {
			continue
		}
		at := path.Clean(under(run.dir, p))
		for _, c := range r.out.Copies {
			src, ok := copiedFrom(c, at)
			if !ok || seen[src+"\x00"+run.kind] {
				continue
			}
			if added++; added > maxMade {
				return
			}
			seen[src+"\x00"+run.kind] = true
			also := run
			also.file, also.key, also.dir = src, fileKey(src), ""
			r.runs = append(r.runs, also)
		}
	}
}

// copiedFrom is the file a copy c puts at p: its source when c lands on p, the file beneath its
// source when c lands on a directory above p.
func copiedFrom(c Copy, p string) (string, bool) {
	to, from := path.Clean(c.To), path.Clean(c.From)
	switch {
	case p == to:
		return from, true
	case strings.HasPrefix(p, to+"/"):
		return path.Join(from, p[len(to)+1:]), true
	}
	return "", false
}
