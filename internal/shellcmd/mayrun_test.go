package shellcmd

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestMayRun: a program hookrun has no reading for may be a wrapper it does not know, or take a
// command line in an argument; what it may run matches a pattern that stops it, and nothing it
// leaves unknown counts.
func TestMayRun(t *testing.T) {
	p := mustCompile("rm -r|-R|--recursive -f|--force")
	wantOutcome(t, p, Match, []string{
		// Wrappers hookrun has no entry for.
		`eatmydata rm -rf /`,
		`valgrind --tool=memcheck rm -rf /`,
		`cgexec -g cpu:x rm -rf /`,
		`chpst -u nobody rm -rf /`,
		`run0 rm -rf /`,
		`aa-exec -p prof -- rm -rf /`,
		`faketime yesterday sudo rm -rf /`,
		`docker run --rm -v /:/h -e A=b alpine rm -rf /h`,
		`kubectl exec pod -- rm -rf /`,
		`ssh localhost rm -rf /`,
		`./run.sh rm -rf /`,
		`bash script.sh rm -rf /`,
		`sh script.sh -c 'rm -rf /'`,
		`python3 tools/with_env.py rm -rf /`,
		// A command line in an argument or an option's value.
		`ssh localhost 'rm -rf /'`,
		`hyperfine 'rm -rf /'`,
		`nix-shell --run 'rm -rf /'`,
		`entr -s 'rm -rf /'`,
		`pee 'rm -rf /' cat`,
		`capsh -- -c 'rm -rf /'`,
		`tar --checkpoint-action=exec='rm -rf /' -cf a.tar .`,
		`rsync -e 'rm -rf /' a h:b`,
		`ssh -o 'ProxyCommand=rm -rf /' h`,
		`make --eval='all:;rm -rf /'`,
		`nodemon --exec 'sudo rm -rf /'`,
	})
	wantOutcome(t, p, NoMatch, []string{
		// What such a program may run with an argument only known when the line runs, or a
		// script only known then, is not held against the line.
		`mywrap rm "$X"`,
		`docker run img sh -c "$X"`,
		`mywrap bash`,
		// Programs that never run their arguments, whose words spell a command as text.
		`grep -rn rm -- -rf .`,
		`man rm -rf`,
		`sed -i 's/rm -rf/rm -r/' Makefile`,
		`perl -pi -e 's/rm -rf x/y/' f`,
		`git commit -m 'rm -rf build'`,
		`echo rm -rf /`,
		`go test ./...`,
		// Text in an argument is read as a line once, not searched again for what its words may
		// run: a title that mentions rm -rf is no command.
		`notify-send 'Fix the rm -rf step' 'Makes clean safe'`,
		// The forges' command lines take prose, with code blocks in it.
		"gh pr create --title x --body \"$(cat <<'EOF'\nTo test:\n```\nrm -rf build && make\n```\nEOF\n)\"",
		"glab mr create -d 'rm -rf build'",
	})
	for _, src := range []string{`mywrap rm "$X"`, `docker run img sh -c "$X"`, `mywrap bash`, `ssh h 'cd $D'; rm -r x`} {
		if l := Parse(src); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q, want none", src, l.Unresolved)
		}
	}
}

// TestMayRunPaths: what a program may run names paths as the same command does in the line.
func TestMayRunPaths(t *testing.T) {
	for _, tc := range []struct{ line, tree string }{
		{`eatmydata rm -rf scripts`, "scripts"},
		{`valgrind chmod -R 777 .system`, ".system"},
		{`nocache tar -xf /tmp/a.tar -C build`, "build"},
		{`ssh localhost 'cd /tmp/w && rm -r .system'`, "/tmp/w/.system"},
	} {
		if l := Parse(tc.line); !slices.Contains(l.TreePaths, tc.tree) {
			t.Errorf("Parse(%q).TreePaths = %q, want %q in them", tc.line, l.TreePaths, tc.tree)
		}
	}
	// A cd another program runs does not move the line.
	if l := Parse(`ssh h cd .system; rm hooks/x`); slices.Contains(l.Paths, ".system/hooks/x") {
		t.Errorf("ssh h cd .system moved the line: %q", l.Paths)
	}
}

// TestMayRunBudget: a line whose unknown programs have so many words that reading each tail of
// them would make it slow is unresolved, not read in part.
func TestMayRunBudget(t *testing.T) {
	l := parse("foo" + strings.Repeat(" a", 70000))
	want := "the line gives programs hookrun has no reading for more than 1048576 words, too many to read for the commands they may run"
	if len(l.Unresolved) != 1 || l.Unresolved[0] != want {
		t.Errorf("unresolved %q, want %q", l.Unresolved, want)
	}
	if l := parse("foo" + strings.Repeat(" a", 60000)); len(l.Unresolved) != 0 {
		t.Errorf("60,000 words: unresolved %q, want none", l.Unresolved)
	}
}

// TestMayRunStdin: a program hookrun has no reading for that may hand what a pipe or a file gives
// it to a shell (ssh HOST bash, docker exec -i C sh), ssh with no command and parallel with none
// (both run the lines they read) are unresolved; with no pipe, or a literal here-document, they
// are read as before.
func TestMayRunStdin(t *testing.T) {
	for _, tc := range []struct{ line, unresolved string }{
		{`echo 'rm -rf x' | ssh localhost bash`, "ssh may hand what it reads from its standard input to a shell, which runs it: only known when the line runs"},
		{`echo 'rm -rf x' | docker exec -i c sh`, "docker may hand what it reads from its standard input to a shell, which runs it: only known when the line runs"},
		{`kubectl exec -i pod -- sh < s.sh`, "kubectl may hand what it reads from its standard input to a shell, which runs it: only known when the line runs"},
		{`echo 'rm -rf x' | ssh -p 22 localhost`, "ssh with no command reads its script from standard input"},
		{`ssh localhost < cmds.sh`, "ssh with no command reads its script from a file redirected to it"},
		{`echo 'rm -rf x' | parallel`, "parallel with no command reads its script from standard input"},
		{`parallel -j 4 < cmds.txt`, "parallel with no command reads its script from a file redirected to it"},
		{`parallel --jobs=2 :::: cmds.txt`, "parallel with no command runs the words or lines of :::: as commands, only known when the line runs"},
		{`parallel ::: "$X"`, `parallel with no command runs the words or lines of "$X" as commands, only known when the line runs`},
		{`docker run -it img bash`, ""},
		{`ssh localhost`, ""},
		{`git diff | ssh host 'cat > x.patch'`, ""},
		{`ls *.log | parallel gzip`, ""},
		{`parallel gzip ::: a b`, ""},
		{`parallel ::: 'make a' 'make b'`, ""},
		{`cat dump.sql | docker exec -i db psql -U x`, ""},
	} {
		l := Parse(tc.line)
		got := ""
		if len(l.Unresolved) > 0 {
			got = l.Unresolved[0]
		}
		if got != tc.unresolved {
			t.Errorf("%q: unresolved %q, want %q", tc.line, l.Unresolved, tc.unresolved)
		}
	}
	wantOutcome(t, mustCompile("rm -rf"), Match, []string{`ssh localhost bash <<'EOF'` + "\nrm -rf x\nEOF", "ssh localhost <<'EOF'\nrm -rf x\nEOF", "parallel <<'EOF'\nrm -rf x\nEOF", `parallel ::: 'rm -rf x'`})
}

// TestMayRunSubcommands: the first word of a command line tool made of subcommands (docker rm,
// npm rm) is its subcommand, never a command it runs; what follows it still may be one.
func TestMayRunSubcommands(t *testing.T) {
	p := mustCompile("rm -f")
	wantOutcome(t, p, NoMatch, []string{
		`docker rm -f web`,
		`docker container rm -f web`,
		`podman rm -f web`,
		`npm rm -f left-pad`,
		`cargo rm -f serde`,
	})
	wantOutcome(t, p, Match, []string{
		`docker run img rm -f /w/x`,
		`kubectl exec pod -- rm -f x`,
		`eatmydata rm -f x`,
	})
}

// TestMayRunOptionValues: a word after an option, which may be its value, does not count towards
// the words read for what a program may run: padding with options does not hide the command.
func TestMayRunOptionValues(t *testing.T) {
	var pad strings.Builder
	for i := range 40 {
		fmt.Fprintf(&pad, " -e A%d", i)
	}
	wantOutcome(t, mustCompile("rm -rf"), Match, []string{
		"docker run" + pad.String() + " img rm -rf /",
		"eatmydata" + pad.String() + " rm -rf /",
	})
}
