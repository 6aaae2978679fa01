package shellcmd

import (
	"strings"
	"testing"
)

// TestConsts: a variable the line gives only values it writes out is read as those values where
// the line surely gave it one first; anything that may change it otherwise leaves it unknown.
func TestConsts(t *testing.T) {
	for _, tc := range []struct {
		line  string
		paths string // Paths, space-separated
	}{
		{`d=docs; ls $d`, "docs"},
		{`d=docs && ls "$d"/a`, "docs/a"},
		{`f=README.md; cat "$f"`, "README.md"},
		{`for f in *.go; do gofmt -l "$f"; done`, "*.go"},
		{`ls "$PWD/src"`, "./src"},
		{`cd sub && ls "$PWD/x"`, "sub ./x sub/x"},
		{`cat "$HOME/.bashrc"`, "~/.bashrc"},
		{`export OUT=build; rm -rf "$OUT"`, "build"},
		{`d=; rm -f $d x`, "x"},
		{`d='a b'; ls "$d"`, "a b"},
		{`d=docs; bash -c "ls $d"`, "docs"},
		{`d=docs; f=$d/a; ls "$f"`, "docs/a"}, // a value made of known variables
		{`n=a; s="x y"/$n; rm -rf "$s"`, "x y/a"},
		{`e=; f=$e; ls x$f`, "x"},
		{`f=a/b/c.sh; ls "${f%/*}" ${f##*/} ${f%%/*} "${f#*/}"`, "a/b c.sh a b/c.sh"}, // a path's cuts
		{`f=c.sh; ls "${f%/*}"/x "${f##*/}"`, "c.sh/x c.sh"},
	} {
		l := Parse(tc.line)
		if got := strings.Join(l.Paths, " "); got != tc.paths || len(l.UnknownPaths) > 0 || len(l.Unresolved) > 0 {
			t.Errorf("Parse(%q): Paths %q, UnknownPaths %q, Unresolved %q; want %q and nothing unknown", tc.line, got, l.UnknownPaths, l.Unresolved, tc.paths)
		}
	}
	// A command name the line writes out is the command.
	if l := Parse(`c=rm; $c -rf /`); len(l.Commands) != 1 || l.Commands[0].Name != "rm" {
		t.Errorf("c=rm; $c -rf /: commands %+v, want rm", l.Commands)
	}
}

// TestConstsUnknown: where the line may not have given the variable a value it wrote out, or may
// change it in a way not read here, it stays only known at run time.
func TestConstsUnknown(t *testing.T) {
	for _, line := range []string{
		`ls $d`,                            // the environment's
		`ls $d; d=docs`,                    // read before it is given
		`if x; then d=docs; fi; ls $d`,     // maybe never given
		`d=docs & ls $d`,                   // given in the background
		`d=docs | ls $d`,                   // in a pipeline's subshell
		`d=docs ls $d`,                     // expanded before the command's assignment
		`for f in a b; do :; done; ls $f`,  // the loop's word, or the environment's
		`for f; do rm "$f"; done`,          // the arguments
		`for f in $(ls); do rm "$f"; done`, // words only known at run time
		`d=docs; read d; ls $d`,
		`d=docs; echo x | read d; ls $d`,
		`d=docs; while read -r d; do rm -r "$d"; done < list`,
		`d=docs; printf -vd x; ls $d`,
		`d=docs; command read d; ls $d`,
		`d=docs; mapfile -t d < f; ls $d`,
		`d=docs; getopts ab d; ls $d`,
		`d=docs; unset d; ls x$d`,
		`d=docs; ((d=1)); ls $d`,
		`d=docs; let d++; ls $d`,
		`d=docs; : ${d:=x}; ls $d`,
		`d=docs; exec {d}>f; ls $d`,
		`d=docs; declare -n r=d; r=.system; rm -r $d`,
		`d=docs; typeset -g d; ls $d`,
		`d=docs; eval "$x"; ls $d`,
		`d=docs; eval 'd=.system'; ls $d`,
		`d=docs; source ./env.sh; ls $d`,
		`d=docs; . ./env.sh; ls $d`,
		`d=docs; alias x=y; ls $d`,
		`d=docs; $cmd; ls $d`,
		`c=read; d=docs; $c d; ls $d`,
		`c=eval; d=docs; $c "$x"; ls $d`,
		`d=docs; x=$(cat f); d=$x; ls $d`,
		`d=docs; d+=x; ls $d`,
		`f=$d/a; ls $f`,           // d the environment's
		`s=x; s=$s/y; ls $s`,      // s's own value, not yet known
		`f=$g; g=$d; ls $f`,       // g the environment's where f is given
		`d=docs; . "$x"; ls $d`,   // a file only known at run time (in a file read from disk it changes nothing)
		`d='a b'; f=$d; ls "$f"`,  // d split where f is given
		`d='a b'; ls $d`,          // split into two words
		`IFS=.; d=a.b; ls $d`,     // split at the dot
		`d=docs; ls $d[1]`,        // zsh: a subscript
		`d=x/.system; rm -r $d:t`, // zsh: a modifier
		`d=docs; ls ${d:-x} ${#d} ${d%s}`,
		`d=docs; bash -c 'ls $d'`, // another shell: the environment's
		`cd "$x" && ls "$PWD/a"`,
		`pushd .system && rm -r "$PWD/hooks"`,
		// Several values, in a word that may also be no word at all, or more alternatives than
		// are read.
		`d=x; if true; then d=; fi; rm -rf $d .system`,
		`for a in 1 2 3 4 5; do for b in 1 2 3 4; do cp $a $b; done; done`,
		`c=ls; repeat 1 c=rm; $c -rf x`,      // zsh: an assignment
		`{ c=ls; } < /nonexistent; $c -rf x`, // the environment's c, if the redirection fails
		`c=ls < /nonexistent; $c -rf x`,      // zsh: the same
		// The shells give these values of their own.
		`_=ls; : rm; $_ -rf x`, // the last command's last word
		`REPLY=ls; read <<< rm; $REPLY -rf x`,
		`OPTARG=ls; getopts a: o -a rm; $OPTARG -rf x`,
		`MAPFILE=ls; mapfile <<< rm; $MAPFILE -rf x`,
		`BASH_REMATCH=ls; [[ rm =~ rm ]]; $BASH_REMATCH -rf x`,
		`MATCH=ls; [[ rm =~ rm ]]; $MATCH -rf x`, // zsh
		`PATH=ls; path=(rm); $PATH -rf x`,        // zsh: tied to path
		`OLDPWD=x; cd scripts; cd ..; ls "$OLDPWD/hooks"`,
		`PWD=x; cd scripts; ls "$PWD/hooks"`,
		`export c={ls,rm}; $c -rf x`, // bash: export c=ls c=rm
		`declare c={ls,rm}; $c -rf x`,
	} {
		l := Parse(line)
		if len(l.UnknownPaths) == 0 && len(l.Unresolved) == 0 {
			t.Errorf("Parse(%q): Paths %q, nothing unknown; want something only known at run time", line, l.Paths)
		}
	}
}

// TestConstsAlternatives: a variable the line may give one of several values it writes out is
// each of them in turn, one command per value, never the values one after another as words
// (c=ls; if true; then c=rm; fi; $c -rf x is ls -rf x or rm -rf x, not ls rm -rf x).
func TestConstsAlternatives(t *testing.T) {
	for _, tc := range []struct {
		line     string
		commands string // each command's name and arguments, joined by "; "
		paths    string // Paths, space-separated
		unknown  string // UnknownPaths, joined by "; "
	}{
		{`c=ls; if true; then c=rm; fi; $c -rf x`, "true; ls -rf x; rm -rf x", "x", ""},
		{`c=ls; { c=rm; } > /dev/null; $c -rf x`, "ls -rf x; rm -rf x", "/dev/null x", ""},
		{`c=ls; f() { c=rm; }; f; $c -rf x`, "f; ls -rf x; rm -rf x", "x", ""},
		{`c=ls; case a in a) ;& b) c=rm;; esac; $c -rf x`, "ls -rf x; rm -rf x", "x", ""},
		{`c=ls; if true; then c=rm; fi; sudo $c -rf x`, "true; sudo ls -rf x; ls -rf x; sudo rm -rf x; rm -rf x", "x", ""},
		{`a=--; if true; then a=-rf; fi; rm $a x`, "true; rm -- x; rm -rf x", "x", ""},
		{`for o in -- -rf; do rm $o x; done`, "rm -- x; rm -rf x", "x", ""},
		{`for f in a.txt b.txt; do cat "$f"; done`, "cat a.txt; cat b.txt", "a.txt b.txt", ""},
		{`d=docs; if x; then d=.system; fi; rm -r $d/hooks`, "x; rm -r docs/hooks; rm -r .system/hooks", "docs/hooks .system/hooks", ""},
		{`d=docs; (d=.system); rm -r $d`, "rm -r docs; rm -r .system", "docs .system", ""},
		{`d=docs; f() { local d=.system; rm -r $d; }; f`, "rm -r docs; rm -r .system; f", "docs .system", ""},
		{`d=docs; for d in a b; do :; done; ls $d`, ":; ls docs; ls a; ls b", "docs a b", ""},
		{`for s in a b; do for e in .go .md; do cat "$s$e"; done; done`, "cat a.go; cat a.md; cat b.go; cat b.md", "a.go a.md b.go b.md", ""},
		// After a cd to one of several directories, a relative path is relative to one of them.
		{`for d in a b; do cd $d && ls x; done`, "cd a; cd b; ls x", "a b x", "x is relative to a or b, a directory only known when the line runs"},
		{`t=x; if y; then t=.system/hooks/a.yaml; fi; echo hi > "$t"`, "y; echo hi", "hi x .system/hooks/a.yaml", ""},
	} {
		l := Parse(tc.line)
		var cmds []string
		for _, c := range l.Commands {
			s := c.Name
			for _, a := range c.Args {
				s += " " + a.Value
			}
			cmds = append(cmds, s)
		}
		got, paths := strings.Join(cmds, "; "), strings.Join(l.Paths, " ")
		if got != tc.commands || paths != tc.paths {
			t.Errorf("Parse(%q): commands %q, paths %q; want %q, %q", tc.line, got, paths, tc.commands, tc.paths)
		}
		if unknown := strings.Join(l.UnknownPaths, "; "); unknown != tc.unknown || len(l.Unresolved) > 0 {
			t.Errorf("Parse(%q): UnknownPaths %q, Unresolved %q; want %q and nothing unresolved", tc.line, unknown, l.Unresolved, tc.unknown)
		}
	}
	// The alternative that runs rm -rf matches the pattern.
	if got, _ := mustCompile("rm -rf").MatchLine(new(Parse(`c=ls; if true; then c=rm; fi; $c -rf x`))); got != Match {
		t.Errorf("rm -rf on $c -rf x with c ls or rm: %v, want Match", got)
	}
}
