package shellcmd

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestWalkAsSyntaxWalk holds walk to syntax.Walk: the same calls of f, the closing f(nil) calls
// included, in the same order, and no node beneath one for which f returned false. (The reader's
// parser keeps no comments, which walk leaves out.)
func TestWalkAsSyntaxWalk(t *testing.T) {
	lines := []string{
		"a=1 b[2]=x c+=(y [k]=v) cmd $a \"${b[1]}\" ${c:1:2} ${d/x/y} ${e:-w} ${!f} ${#g} 2>&1 >out <<<h # c",
		"if x; then y; elif z; then w; else v; fi; while a; do b; done; until c; do d; done",
		"for f in a b; do rm \"$f\"; done; for ((i=0; i<3; i++)); do :; done; select s in x; do break; done",
		"case $x in a|b) echo a;; *) echo b;; esac # trailing\n# own line",
		"f() { g; } ; function h { i; }; (sub; shell) | cat |& tee; { block; } && x || y",
		"echo $(date) `id` <(ls) >(wc) $((1+2*x)) $[3]; ((n++)); let 'a=b+1' c=2; [[ -f x && $y == z* ]]",
		"declare -x A=1 B; export C=$(x); local -a arr=(1 2); time -p sleep 1; coproc w { cat; }; coproc cat",
		"cat <<EOF\n$x $(y)\nEOF\necho @(a|b) !(c) ${x@P} $'q' $\"r\" ~/p",
		"x=${y:=${z:-$(w)}}; a[$(i)]=1; b=( [$(j)]=2 ); echo ${arr[@]:$(k):1}",
		"[[ (a -nt b) || ! -e c ]]; test x; ${p//$(q)/$(r)}",
	}
	lines = append(lines, line100KB()[:4000])
	for _, tc := range mustMatch {
		lines = append(lines, tc.line)
	}
	for _, tc := range mustBeUnknown {
		lines = append(lines, tc.line)
	}
	for _, line := range lines {
		f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(line), "")
		if err != nil {
			continue
		}
		for _, stop := range []string{"", "*syntax.CmdSubst", "*syntax.Word", "*syntax.ParamExp", "*syntax.Stmt"} {
			var want, got []syntax.Node
			syntax.Walk(f, func(n syntax.Node) bool {
				want = append(want, n)
				return stop == "" || typeName(n) != stop
			})
			walk(f, func(n syntax.Node) bool {
				got = append(got, n)
				return stop == "" || typeName(n) != stop
			})
			if len(got) != len(want) {
				t.Fatalf("%q, stopping at %q: walk made %d calls, syntax.Walk %d", line, stop, len(got), len(want))
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%q, stopping at %q: call %d is on %T, syntax.Walk's on %T", line, stop, i, got[i], want[i])
				}
			}
		}
	}
}

func typeName(n syntax.Node) string {
	switch n.(type) {
	case *syntax.CmdSubst:
		return "*syntax.CmdSubst"
	case *syntax.Word:
		return "*syntax.Word"
	case *syntax.ParamExp:
		return "*syntax.ParamExp"
	case *syntax.Stmt:
		return "*syntax.Stmt"
	}
	return ""
}

// TestParseConcurrent: lines read at once share nothing (go test -race): a $'…' word, and the
// format of a printf whose output the line runs, were expanded with mvdan.cc/sh's package-wide
// default config, which expand.Format writes to.
func TestParseConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			if l := parse(fmt.Sprintf(`$'\x72m' -rf x%d`, i)); len(l.Commands) != 1 || l.Commands[0].Name != "rm" {
				t.Errorf("line %d: %+v", i, l.Commands)
			}
		})
		wg.Go(func() {
			l := parse(fmt.Sprintf(`printf 'rm -rf x%d\n' > s.sh; sh s.sh`, i))
			if !slices.ContainsFunc(l.Commands, func(c Command) bool { return c.Name == "rm" }) {
				t.Errorf("printf line %d: %+v", i, l.Commands)
			}
		})
	}
	wg.Wait()
}
