package shellcmd

import (
	"cmp"
	"errors"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2"
)

// cargo runs the crate's own Rust code: every build (build, check, clippy, doc, test, run,
// bench) compiles and runs each package's build script (build.rs, or the file [package] build
// names) and its proc-macro crates, and test, bench and run run the crate's code itself. That
// code is read as a Python program file is (programfiles.go), by a tokenizer of Rust's strings
// (rustTokens: raw strings r#"…"#, byte and C strings, escapes, char literals apart from
// lifetimes, nested block comments): every string names a path, and in a file that may run a
// command (std::process::Command, duct's and xshell's cmd!, libc's system and exec) each string
// and each list of words (Command::new("rm").arg("-rf").args(["b"]), a call's arguments from its
// first string on, ["rm", "-rf", "b"], vec![…]) is a line it may run. Reading is chosen over
// making such a build unresolved: a build script that runs git or pkg-config is ordinary, and
// asking about each would teach people to approve every cargo build. What the code builds at run
// time is not seen, and a deletion through Rust's own API (std::fs::remove_dir_all) runs no rm, as
// Python's shutil.rmtree does not. The files are those below the nearest directory holding a
// Cargo.toml (--manifest-path's), target/, vendor/ and hidden directories left out; a path
// dependency outside it, and the registry's crates, are not read. The bounds are go run's
// (maxGoFiles files, maxGoDirs directories, maxGoBytes bytes, maxFileLiterals strings a file):
// past them the line is unresolved.

// rustBuilds are cargo's commands that build the crate (its build scripts and proc macros run),
// and rustRuns those of them that run its code too.
var (
	rustBuilds = []string{"build", "b", "check", "c", "clippy", "doc", "d", "test", "t", "bench", "run", "r", "rustc", "rustdoc", "fix", "install", "nextest", "miri", "llvm-cov", "tarpaulin"}
	rustRuns   = []string{"test", "t", "bench", "run", "r", "nextest", "miri", "llvm-cov", "tarpaulin"}
)

// maxRustListed caps the Rust files listed below a crate's directory.
const maxRustListed = 16 * maxGoFiles

// rustProgramRuns notes the Rust code a cargo command builds and runs: its subcommand, the
// manifest --manifest-path names, and where it runs (-C DIR).
func (r *reader) rustProgramRuns(cmd Command, depth int) {
	sub, manifest, dir := "", Arg{}, Arg{}
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		name, value, hasValue := strings.Cut(a.Value, "=")
		switch {
		case a.Value == "--" && !a.Dynamic:
			i = len(cmd.Args)
		case sub == "install" && name == "--path" && hasValue:
			manifest = Arg{Value: path.Join(value, "Cargo.toml"), Dynamic: a.Dynamic}
		case sub == "install" && name == "--path" && i+1 < len(cmd.Args):
			i++
			manifest = Arg{Value: path.Join(cmd.Args[i].Value, "Cargo.toml"), Dynamic: cmd.Args[i].Dynamic}
		case name == "--manifest-path" && hasValue:
			manifest = Arg{Value: value, Dynamic: a.Dynamic}
		case name == "--manifest-path" && i+1 < len(cmd.Args):
			i++
			manifest = cmd.Args[i]
		case sub == "" && a.Value == "-C" && i+1 < len(cmd.Args):
			i++
			dir = cmd.Args[i]
		case sub == "" && (a.Value == "--config" || a.Value == "-Z") && i+1 < len(cmd.Args):
			i++
		case sub == "" && a.Dynamic:
			return // a subcommand only known when the line runs: an alias of the configuration's at most
		case sub == "" && !strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "+"):
			sub = a.Value
			if !slices.Contains(rustBuilds, sub) {
				return
			}
		}
	}
	if sub == "" || sub == "install" && manifest.Value == "" {
		return // cargo install NAME builds the registry's crate, read as itself
	}
	if manifest.Dynamic || dir.Dynamic {
		r.unresolved("cargo %s builds the crate of %s, only known when the line runs", sub, cmp.Or(manifest.Value, dir.Value))
		return
	}
	run := r.ran(runCargo, Arg{Value: "Cargo.toml"}, depth)
	if run == nil {
		return
	}
	run.sub = sub
	if dir.Value != "" {
		run.dir = under(run.dir, dir.Value)
	}
	run.manifest = manifest.Value
}

// rustProgramFromDisk reads the Rust code a cargo run builds and runs.
func (r *reader) rustProgramFromDisk(run scriptRun) {
	for _, start := range r.located(run, ".") {
		root, rel, ok := "", run.dir, false
		if run.manifest != "" {
			root, rel, ok = filepath.Dir(filepath.Join(start, filepath.FromSlash(run.manifest))), path.Dir(path.Join(run.dir, run.manifest)), true
			if path.IsAbs(run.manifest) {
				root = filepath.Dir(filepath.FromSlash(run.manifest))
			}
		} else {
			root, rel, ok = r.rustRoot(start, rel)
		}
		if ok {
			r.rustCrate(run, root, rel)
		}
	}
}

// rustRoot is the nearest directory from start upward that holds a Cargo.toml, as cargo looks
// for its manifest.
func (r *reader) rustRoot(start, rel string) (string, string, bool) {
	d := start
	for range maxCargoUp {
		if r.exists(filepath.Join(d, "Cargo.toml")) {
			return d, rel, true
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d, rel = up, path.Join(rel, "..")
	}
	return "", "", false
}

// A rustFile is a Rust file of the crate, and whether the command runs it.
type rustFile struct {
	abs, rel string
}

// rustCrate reads the Rust files below root (shown as rel) that cargo run.sub builds and runs.
func (r *reader) rustCrate(run scriptRun, root, rel string) {
	runsAll := slices.Contains(rustRuns, run.sub)
	var files []rustFile
	var manifests []rustFile
	dirs := 0
	var walk func(abs, rel string) bool
	walk = func(abs, rel string) bool {
		if r.files.List == nil {
			r.unresolved("cargo %s builds the crate in %s, a directory hookrun cannot list", run.sub, rel)
			return false
		}
		names, err := r.list(abs, maxGoFiles+1)
		switch {
		case errors.Is(err, errReadTime):
			r.unresolved("cargo %s builds the crate in %s, which hookrun could not list in time: %v", run.sub, rel, err)
			return false
		case err != nil:
			return true // a file, or nothing
		}
		if dirs++; dirs > maxGoDirs {
			r.unresolved("cargo %s builds the crate in %s, more directories than hookrun lists (%d)", run.sub, rel, maxGoDirs)
			return false
		}
		slices.Sort(names)
		for _, n := range names {
			f := rustFile{filepath.Join(abs, n), path.Join(rel, n)}
			switch {
			case strings.HasSuffix(n, ".rs"):
				// Listed all, read only those that run (build scripts and proc macros for a build).
				if files = append(files, f); len(files) > maxRustListed {
					r.unresolved("cargo %s builds the crate in %s, more than %d Rust files, more than hookrun lists", run.sub, rel, maxRustListed)
					return false
				}
			case n == "Cargo.toml":
				manifests = append(manifests, f)
			case strings.HasPrefix(n, ".") || n == "target" || n == "vendor":
			default:
				if !walk(f.abs, f.rel) {
					return false
				}
			}
		}
		return true
	}
	if !walk(root, rel) {
		return
	}
	if !runsAll {
		// Only the build scripts and the proc-macro crates run: build.rs beside each Cargo.toml,
		// or the file its [package] build names, and every file of a crate with proc-macro = true.
		var chosen []rustFile
		for _, m := range manifests {
			build, macro, ok := r.rustManifest(m)
			if !ok {
				return
			}
			dir := filepath.Dir(m.abs)
			for _, f := range files {
				in := strings.HasPrefix(f.abs, dir+string(filepath.Separator))
				if in && (macro || f.abs == filepath.Join(dir, filepath.FromSlash(build))) && !slices.Contains(chosen, f) {
					chosen = append(chosen, f)
				}
			}
		}
		files = chosen
	}
	if len(files) > maxGoFiles {
		r.unresolved("cargo %s builds and runs more than %d Rust files, more than hookrun reads", run.sub, maxGoFiles)
		return
	}
	var texts []string
	total := 0
	for _, f := range files {
		data, whole, err := r.readAt(f.abs, int64(maxGoBytes-total))
		switch {
		case missing(err):
		case err != nil:
			r.unresolved("cargo %s builds %s, which hookrun cannot read: %v", run.sub, f.rel, err)
			return
		case !whole:
			r.unresolved("cargo %s builds more than %d bytes of Rust files, more than hookrun reads", run.sub, maxGoBytes)
			return
		}
		total += len(data)
		texts = append(texts, string(data))
	}
	r.rustRead(run, rel, files, texts)
}

// rustManifest is what a Cargo.toml says of the code cargo runs when it builds: its build
// script (build.rs unless build names another, or none when build = false) and whether its
// library is a proc macro. ok false, and the line unresolved, for a manifest hookrun cannot read.
func (r *reader) rustManifest(m rustFile) (build string, macro, ok bool) {
	text, read := r.cachedText(m.rel, m.abs)
	if !read {
		return "build.rs", true, true // a manifest not there or unreadable: cargo stops, or reads it as it may
	}
	var doc struct {
		Package struct {
			Build any `toml:"build"`
		} `toml:"package"`
		Lib struct {
			ProcMacro  bool `toml:"proc-macro"`
			ProcMacro2 bool `toml:"proc_macro"`
		} `toml:"lib"`
	}
	if err := toml.Unmarshal([]byte(text), &doc); err != nil {
		r.unresolved("cargo reads %s, which is not TOML hookrun reads, and may name a build script it runs", m.rel)
		return "", false, false
	}
	build = "build.rs"
	switch b := doc.Package.Build.(type) {
	case string:
		build = b
	case bool:
		if !b {
			build = ""
		}
	}
	return build, doc.Lib.ProcMacro || doc.Lib.ProcMacro2, true
}

// rustRead reads the Rust files' texts, run in dir: their strings as paths, and as lines in a
// file that may run a command.
func (r *reader) rustRead(run scriptRun, dir string, files []rustFile, texts []string) {
	defer func(c, pc bool) { r.capped, r.pathsCapped = c || r.capped, pc || r.pathsCapped }(r.capped, r.pathsCapped)
	for i, text := range texts {
		toks, ok := rustTokens(text, maxPyTokens)
		if !ok {
			r.unresolved("cargo %s builds %s, which holds more than hookrun reads (%d tokens)", run.sub, files[i].rel, maxPyTokens)
			return
		}
		r.capped, r.pathsCapped = false, false
		r.asFile(func() {
			// cargo runs build scripts, tests and programs in the package's directory.
			r.dir, r.dirUnknown, r.fileName = dir, run.dirUnknown, files[i].rel
			defer func(n int) { r.literals = n }(r.literals)
			r.literals = maxFileLiterals
			var paths []string
			for _, t := range toks {
				if t.kind == 's' && pathLiteral(t.text) {
					paths = append(paths, t.text)
				}
			}
			r.pathLiterals(paths)
			if !rustRunsCommands(toks) {
				return
			}
			lines := rustLines(toks)
			if len(lines) > maxFileLiterals {
				r.capped = true
				return
			}
			for _, l := range lines {
				r.quietly(l, run.depth+1)
			}
		})
		if r.capped {
			r.unresolved("cargo %s builds %s, which holds more strings than hookrun reads (%d; %d bytes of lines, %d deep)",
				run.sub, files[i].rel, maxFileLiterals, maxScriptBytes, maxDepth)
			return
		}
		if r.pathsCapped {
			r.pathsUnknown("cargo %s builds %s, which holds more than %d strings, more than hookrun reads as paths", run.sub, files[i].rel, maxFileLiterals)
		}
	}
}

// A rustTok is a token of Rust: a string's value ('s'), a name ('n') or another character ('o').
type rustTok struct {
	kind byte
	text string
}

// rustTokens are a Rust program's strings, names and punctuation, comments, numbers, char
// literals and lifetimes left out; ok false past max tokens.
func rustTokens(text string, max int) (toks []rustTok, ok bool) {
	add := func(kind byte, s string) bool {
		toks = append(toks, rustTok{kind, s})
		return len(toks) <= max
	}
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '/' && strings.HasPrefix(text[i:], "//"):
			nl := strings.IndexByte(text[i:], '\n')
			if nl < 0 {
				return toks, true
			}
			i += nl + 1
		case c == '/' && strings.HasPrefix(text[i:], "/*"):
			depth := 0
			for i < len(text) {
				switch {
				case strings.HasPrefix(text[i:], "/*"):
					depth++
					i += 2
				case strings.HasPrefix(text[i:], "*/"):
					depth--
					i += 2
				default:
					i++
				}
				if depth == 0 {
					break
				}
			}
		case c == '"':
			s, end := rustString(text, i+1)
			i = end
			if !add('s', s) {
				return toks, false
			}
		case c == '\'':
			i = rustChar(text, i)
		case c >= '0' && c <= '9':
			for i < len(text) && (identChar(text[i]) || text[i] == '.' && i+1 < len(text) && text[i+1] >= '0' && text[i+1] <= '9') {
				i++
			}
		case identChar(c) || c >= 0x80:
			j := i
			for j < len(text) && (identChar(text[j]) || text[j] >= 0x80) {
				j++
			}
			word := text[i:j]
			// A prefix that makes a string of what follows: b"…", c"…", r"…", r#"…"#, br, cr.
			if j < len(text) && (word == "b" || word == "c" || word == "r" || word == "br" || word == "cr") && (text[j] == '"' || text[j] == '#' && strings.HasSuffix(word, "r")) {
				if strings.HasSuffix(word, "r") {
					if s, end, ok := rustRaw(text, j); ok {
						i = end
						if !add('s', s) {
							return toks, false
						}
						continue
					}
				} else {
					s, end := rustString(text, j+1)
					i = end
					if !add('s', s) {
						return toks, false
					}
					continue
				}
			}
			if word == "b" && j < len(text) && text[j] == '\'' {
				i = rustChar(text, j)
				continue
			}
			if word == "r" && j+1 < len(text) && text[j] == '#' && identChar(text[j+1]) {
				i = j + 1 // r#name: a raw identifier, the name next
				continue
			}
			i = j
			if !add('n', word) {
				return toks, false
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		default:
			i++
			if !add('o', string(c)) {
				return toks, false
			}
		}
	}
	return toks, true
}

// rustString is the value of a string whose text starts at i (after its opening quote), escapes
// read as Rust reads them, and the index after its closing quote.
func rustString(text string, i int) (string, int) {
	var b strings.Builder
	for i < len(text) {
		c := text[i]
		switch {
		case c == '"':
			return b.String(), i + 1
		case c == '\\' && i+1 < len(text):
			e := text[i+1]
			i += 2
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case '0':
				b.WriteByte(0)
			case 'x':
				if i+2 <= len(text) {
					if v, err := strconv.ParseUint(text[i:i+2], 16, 8); err == nil {
						b.WriteByte(byte(v))
						i += 2
					}
				}
			case 'u':
				if i < len(text) && text[i] == '{' {
					if end := strings.IndexByte(text[i:], '}'); end > 0 {
						if v, err := strconv.ParseUint(strings.ReplaceAll(text[i+1:i+end], "_", ""), 16, 32); err == nil && utf8.ValidRune(rune(v)) {
							b.WriteRune(rune(v))
						}
						i += end + 1
					}
				}
			case '\n', '\r':
				// A line continuation: the line break and the blanks after it are no part of it.
				for i < len(text) && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r') {
					i++
				}
			default:
				b.WriteByte(e) // \\, \", \'
			}
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), len(text)
}

// rustRaw reads a raw string whose #s (or quote) start at i: r#"…"#, its value and the index
// after it; ok false for no raw string (r#name).
func rustRaw(text string, i int) (string, int, bool) {
	n := 0
	for i+n < len(text) && text[i+n] == '#' {
		n++
	}
	if i+n >= len(text) || text[i+n] != '"' {
		return "", 0, false
	}
	closing := "\"" + strings.Repeat("#", n)
	body := text[i+n+1:]
	end := strings.Index(body, closing)
	if end < 0 {
		return body, len(text), true
	}
	return body[:end], i + n + 1 + end + len(closing), true
}

// rustChar skips a char literal ('x', '\n', '\u{1F600}', '\”) or a lifetime or label ('a, 'static)
// that starts at the quote at i: the index after it.
func rustChar(text string, i int) int {
	j := i + 1
	if j < len(text) && text[j] == '\\' {
		if j+2 > len(text) {
			return len(text) // '\ at the end of the file
		}
		if end := strings.IndexByte(text[j+2:], '\''); end >= 0 {
			return j + 2 + end + 1
		}
		return len(text)
	}
	if j < len(text) {
		_, size := utf8.DecodeRuneInString(text[j:])
		if j+size < len(text) && text[j+size] == '\'' {
			return j + size + 1
		}
	}
	return j // a lifetime: its name is read next as a name
}

// rustRunsCommands reports whether a Rust program's tokens name something that runs a command:
// std::process::Command (tokio's, async-process's), duct's and xshell's cmd!, libc's system,
// popen and the exec family, nix's execv.
func rustRunsCommands(toks []rustTok) bool {
	for k, t := range toks {
		if t.kind != 'n' {
			continue
		}
		switch t.text {
		case "Command", "system", "popen", "execv", "execvp", "execve", "execvpe", "execl", "execlp", "run_script", "shell":
			return true
		case "cmd", "cmd_lib", "run_cmd", "run_fun":
			if k+1 < len(toks) && toks[k+1].text == "!" || t.text != "cmd" {
				return true
			}
		}
	}
	return false
}

// rustLines are the lines a Rust program may run: each string, each Command::new(…) with the
// words its .arg and .args calls add, and each list of words (a call's arguments, an array,
// vec![…]) whose first is a string.
func rustLines(toks []rustTok) []string {
	var out []string
	seen := map[string]bool{}
	add := func(l string) {
		if strings.TrimSpace(l) != "" && !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	for k, t := range toks {
		if t.kind == 's' {
			add(t.text)
		}
		if t.kind == 'n' && t.text == "Command" && k+4 < len(toks) && toks[k+1].text == ":" && toks[k+2].text == ":" && toks[k+3].text == "new" && toks[k+4].text == "(" {
			if l := rustCommand(toks, k+4); l != "" {
				add(l)
			}
		}
		if t.kind == 'o' && (t.text == "(" || t.text == "[") {
			if l := rustWords(rustElements(toks, k)); l != "" {
				add(l)
			}
		}
	}
	return out
}

// rustElements are the comma-separated elements of the brackets that open at toks[k], each
// its tokens.
func rustElements(toks []rustTok, k int) [][]rustTok {
	closing := map[string]string{"(": ")", "[": "]", "{": "}"}[toks[k].text]
	var elems [][]rustTok
	depth, start := 0, k+1
	for j := k + 1; j < len(toks) && j-k < 1<<12; j++ {
		t := toks[j]
		if t.kind != 'o' {
			continue
		}
		switch {
		case depth == 0 && (t.text == closing || t.text == ","):
			if j > start {
				elems = append(elems, toks[start:j])
			}
			if t.text == closing {
				return elems
			}
			start = j + 1
		case strings.Contains("([{", t.text):
			depth++
		case strings.Contains(")]}", t.text):
			depth--
			if depth < 0 {
				return elems
			}
		}
	}
	return elems
}

// rustWords is the line a list of elements spells when there are two or more words and the first
// is a string: an array among them (["-rf", "b"], &[…], vec![…]) is its words, another element
// only known when the program runs.
func rustWords(elems [][]rustTok) string {
	var words []string
	for _, e := range elems {
		words = append(words, rustElementWords(e)...)
	}
	if len(words) < 2 || words[0] == pyDynamic {
		return ""
	}
	return strings.Join(words, " ")
}

// rustElementWords are the words one element stands for.
func rustElementWords(e []rustTok) []string {
	for len(e) > 0 && e[0].kind == 'o' && e[0].text == "&" {
		e = e[1:] // &["-rf", "b"], &"x"
	}
	if len(e) > 2 && e[0].text == "vec" && e[1].text == "!" {
		e = e[2:]
	}
	switch {
	case len(e) == 1 && e[0].kind == 's':
		return []string{pyWord(e[0].text)}
	case len(e) >= 2 && e[0].kind == 'o' && e[0].text == "[":
		var words []string
		for _, inner := range rustElements(e, 0) {
			if len(inner) == 1 && inner[0].kind == 's' {
				words = append(words, pyWord(inner[0].text))
			} else {
				words = append(words, pyDynamic)
			}
		}
		return words
	}
	return []string{pyDynamic}
}

// rustCommand is the line Command::new(…) at toks[k] (its opening bracket) runs with the words
// its chained .arg(…) and .args(…) calls add; "" when its program is no string.
func rustCommand(toks []rustTok, k int) string {
	elems := rustElements(toks, k)
	if len(elems) != 1 {
		return ""
	}
	prog := rustElementWords(elems[0])
	if len(prog) != 1 || prog[0] == pyDynamic {
		return ""
	}
	words := prog
	j := rustClose(toks, k)
	for n := 0; j+3 < len(toks) && toks[j].text == "." && toks[j+1].kind == 'n' && toks[j+2].text == "(" && n < 256; n++ {
		method := toks[j+1].text
		args := rustElements(toks, j+2)
		switch {
		case method == "arg" && len(args) == 1:
			words = append(words, rustElementWords(args[0])...)
		case method == "args" && len(args) == 1:
			words = append(words, rustElementWords(args[0])...)
		}
		j = rustClose(toks, j+2)
	}
	return strings.Join(words, " ")
}

// rustClose is the index after the bracket that closes the one at toks[k].
func rustClose(toks []rustTok, k int) int {
	depth := 0
	for j := k; j < len(toks); j++ {
		if toks[j].kind != 'o' {
			continue
		}
		switch {
		case strings.Contains("([{", toks[j].text):
			depth++
		case strings.Contains(")]}", toks[j].text):
			depth--
			if depth == 0 {
				return j + 1
			}
		}
	}
	return len(toks)
}
