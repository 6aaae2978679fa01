package shellcmd

import (
	"slices"
	"strings"
	"testing"
)

// TestProgramLiterals: an interpreter given its program in the line (-c, -e, a here-document on
// its standard input, awk's program, a sed w command) names each path its string literals spell,
// as a command's operands do: open('.system/hooks/x.yaml', 'w') names .system/hooks/x.yaml.
func TestProgramLiterals(t *testing.T) {
	for _, tc := range []struct{ line, path string }{
		{`python3 -c "open('.system/hooks/x.yaml','w')"`, ".system/hooks/x.yaml"},
		{`python -c 'import os; os.remove(".env")'`, ".env"},
		{`python3.12 -I -c "import shutil; shutil.rmtree('.system')"`, ".system"},
		{`node -e "require('fs').unlinkSync('.system/hooks/protect_hooks.yaml')"`, ".system/hooks/protect_hooks.yaml"},
		{"node --eval 'fs.writeFileSync(`opencode.json`, \"{}\")'", "opencode.json"},
		{`node -pe 'require("fs").rmSync("scripts/hooks", {recursive: true})'`, "scripts/hooks"},
		{`bun -e 'await Bun.write(".env", "X=1")'`, ".env"},
		{`deno eval 'Deno.removeSync(".system", {recursive: true})'`, ".system"},
		{`ruby -e 'File.delete(".claude/settings.local.json")'`, ".claude/settings.local.json"},
		{`perl -e 'unlink ".system/hooks/protect_hooks.yaml"'`, ".system/hooks/protect_hooks.yaml"},
		{`perl -ne 'print' -e 'unlink q(x), ".env"' f`, ".env"},
		{`php -r 'unlink(".env");'`, ".env"},
		{`awk 'BEGIN { print "x" > ".env" }'`, ".env"},
		{`gawk -e 'BEGIN { system("true") }' -e 'END { printf "" > "opencode.json" }' f`, "opencode.json"},
		{"python3 <<'EOF'\nimport os\nos.remove('.system/hooks/protect_hooks.yaml')\nEOF", ".system/hooks/protect_hooks.yaml"},
		{"python3 - <<EOF\nopen(\".env\", \"w\").write(\"$HOME\")\nEOF", ".env"},
		{`node <<< "require('fs').rmSync('.github/hooks', {recursive: true})"`, ".github/hooks"},
		{`sed -n 'w .env' /tmp/x`, ".env"},
		{`sed -e 's/a/b/w .claude/settings.local.json' f`, ".claude/settings.local.json"},
		{`sudo python3 -c "open('.env','w')"`, ".env"},
	} {
		if l := Parse(tc.line); !slices.Contains(l.Paths, tc.path) {
			t.Errorf("Parse(%q).Paths = %q, want %q among them", tc.line, l.Paths, tc.path)
		}
	}
	// A pattern in a literal is not followed (glob.glob('**/*.py') would read the whole tree), nor
	// is a program in a file.
	if l := Parse(`python3 -c "import glob; print(glob.glob('**/*.py'), '~me')"`); slices.Contains(l.Paths, "**/*.py") || len(l.UnknownPaths) > 0 {
		t.Errorf("a pattern or ~name in a literal: Paths %q, UnknownPaths %q", l.Paths, l.UnknownPaths)
	}
}

// TestProgramRuns: a string an inline program hands to a call that runs a command (system,
// exec, os.execute, subprocess, child_process, backticks, awk's system and pipes, Tcl's and
// expect's exec and spawn, kakoune's %sh{}) is read as a line of its own, so a command pattern
// sees what it runs: perl -e 'system("rm -rf x")' read as perl alone. A program that runs nothing
// names its strings as paths only, and what is read adds no unknown the program did not have.
func TestProgramRuns(t *testing.T) {
	rmrf := mustCompile("rm -rf")
	for _, tc := range []struct {
		line string
		want Outcome
	}{
		{`perl -e 'system("rm -rf .system")'`, Match},
		{`perl -e 'print qx(rm -rf .system)'`, Match},
		// -M's module name is code perl runs before the program (use NAME;), PERL5OPT's too.
		{`perl -M'5;system q{rm -rf x}' -e1`, Match},
		{`perl -m'5;system("rm -rf x")' -e1`, Match},
		{`perl -M'-5;system("rm -rf x")' -e1`, Match},
		{`perl -M '5;system("rm -rf x")' -e1`, Match},
		{`PERL5OPT='-w -M5;system("rm","-rf","x")' perl -e1`, Match}, // perl splits PERL5OPT at spaces too
		{`perl -MList::Util=sum -e 'print sum(1,2)'`, NoMatch},
		{`perl -MFile::Path=rmtree,rm_rf -e1`, NoMatch},
		{"perl -e 'print `rm -rf .system`'", Match},
		{`python3 -c 'import os; os.system("rm -rf .system")'`, Match},
		{`python3 -c 'import subprocess; subprocess.run("rm -rf x", shell=True)'`, Match},
		{"python3 <<'EOF'\nimport os\nos.popen('rm -rf x')\nEOF", Match},
		{`node -e 'require("child_process").execSync("rm -rf x")'`, Match},
		{"ruby -e '`rm -rf x`'", Match},
		{`ruby -e 'IO.popen("rm -rf x")'`, Match},
		{`php -r 'shell_exec("rm -rf x");'`, Match},
		{`lua -e 'os.execute("rm -rf x")'`, Match},
		{`awk 'BEGIN{system("rm -rf x")}'`, Match},
		{`gawk 'BEGIN { print "rm -rf x" | "sh" }'`, Match},
		{`tclsh <<< 'exec rm -rf x'`, Match},
		{"tclsh <<'EOF'\nif {1} { exec rm -rf x }\nEOF", Match},
		{`wish <<< 'set out [exec rm -rf x]'`, Match},
		{`expect -c 'spawn rm -rf x; expect eof'`, Match},
		{`expect -f - <<< 'spawn rm -rf x'`, Match},
		{`kak -e 'nop %sh{rm -rf x}' f`, Match},
		{`kak -n -e 'evaluate-commands %sh{ rm -rf x }; quit'`, Match},
		{`sudo perl -e 'system "rm", "-rf", "x"'`, Match}, // a list of words: the command they make
		{`python3 -c 'print("rm -rf x")'`, NoMatch},
		{`perl -e 'print "rm -rf x"'`, NoMatch},
		{`awk '{ print "rm -rf x" }' f`, NoMatch},
		{`tclsh x.tcl`, NoMatch},
		// sed's e runs a command, or the pattern space (s///e too), as a shell line.
		{`sed '1e rm -rf x' f`, Match},
		{`sed -n -e 'p' -e 'e rm -rf x' f`, Match},
		{"sed '/x/{\n  e rm -rf y\n}' f", Match},
		{`gsed '$ e rm -rf x' f`, Match},
		{`sed 's/.*/rm -rf &/e' f`, Unknown},
		{`sed 's/a/b/ge' f`, Unknown},
		{`sed -n 'e' f`, Unknown},
		{`sed 's/a/b/;e' f`, Unknown},
		{`sed 's/e/E/g;/^e /d;y/abc/xye/' f`, NoMatch},
		{`sed -e 's/rm -rf/rm -r/' -i Makefile`, NoMatch},
	} {
		l := Parse(tc.line)
		if o, why := rmrf.MatchLine(&l); o != tc.want {
			t.Errorf("%q: %v (%s), want %v", tc.line, o, why, tc.want)
		}
	}
	for _, tc := range []struct{ line, path string }{
		{`perl -e 'open(F, ">.env")'`, ".env"},
		{`perl -e 'open(F, "+< .system/hooks/x.yaml")'`, ".system/hooks/x.yaml"},
		{`perl -e 'open(F, "rm -rf x |")'`, "x"},
		{`tclsh <<< 'set f [open .env w]'`, ".env"},
		{`expect -c 'spawn cp /tmp/x .env'`, ".env"},
		{`kak -e 'write .env; quit' f`, ".env"},
		{`kak -e 'w .system/hooks/a.yaml' f`, ".system/hooks/a.yaml"},
	} {
		if l := Parse(tc.line); !slices.Contains(l.Paths, tc.path) {
			t.Errorf("Parse(%q).Paths = %q, want %q among them", tc.line, l.Paths, tc.path)
		}
	}
	for _, line := range []string{
		`python3 -c 'import os; os.system("ls $HOME")'`,
		`perl -e 'system("echo \"unterminated")'`,
		`expect -c 'spawn ssh $h; expect "(yes/no)?"'`,
	} {
		if l := Parse(line); len(l.Unresolved)+len(l.UnknownPaths) > 0 {
			t.Errorf("%q: unresolved %q, unknown paths %q, want none", line, l.Unresolved, l.UnknownPaths)
		}
	}
}

// TestProgramStringsPastTheCap: a program with more strings than hookrun reads is unresolved, for
// commands and paths alike; reading stopped at the cap, and 300 strings before os.system('rm -rf
// x') hid it (bash ran rm).
func TestProgramStringsPastTheCap(t *testing.T) {
	junk := strings.Repeat("'a';", maxLiterals+10)
	for _, line := range []string{
		`python3 -c "` + junk + `import os; os.system('rm -rf x')"`,
	} {
		l := Parse(line)
		if o, why := mustCompile("rm -rf").MatchLine(&l); o != Unknown || !strings.Contains(why, "more than 256 strings") {
			t.Errorf("%.40q…: %v (%s), want unknown: more than 256 strings", line, o, why)
		}
	}
	l := Parse(`python3 -c "` + junk + `open('.system/hooks/x.yaml','w')"`)
	if len(l.UnknownPaths) == 0 || !strings.Contains(l.UnknownPaths[0], "more than 256 strings") {
		t.Errorf("paths past the cap: UnknownPaths %q, want one saying more than 256 strings", l.UnknownPaths)
	}
}

// TestProgramWordLists: a program given in the line that runs commands and spells one as a list
// of words (subprocess.run(["rm", "-rf", "x"]), perl's and ruby's system("rm", "-rf", "x")) runs
// them as a command; read as the words of one, they passed a deny of rm -rf.
func TestProgramWordLists(t *testing.T) {
	wantOutcome(t, mustCompile("rm -rf"), Match, []string{
		`python3 -c 'import subprocess; subprocess.run(["rm", "-rf", "x"])'`,
		`python3 -c 'import subprocess as s; s.check_call(("rm", "-r" + "f", "x"))'`,
		`python3 -c 'import os; os.execvp("rm", ["rm", "-rf", "x"])'`,
		`perl -e 'system("rm", "-rf", "x")'`,
		`perl -e 'exec "rm", "-rf", "x"'`,
		`ruby -e 'system "rm", "-rf", "x"'`,
		`ruby -e 'system("rm", "-rf", "x")'`,
		`node -e 'require("child_process").execFileSync("rm", ["-rf", "x"])'`,
	})
	// perl's . is not read: its word is only known when the program runs.
	wantOutcome(t, mustCompile("rm -rf"), Unknown, []string{`perl -e 'system "rm", "-r" . "f", "x"; exit'`})
	wantOutcome(t, mustCompile("rm -rf"), NoMatch, []string{`python3 -c 'import subprocess; subprocess.run(["ls", "-rf", "x"])'`,
		`python3 -c 'print(["rm", "-rf", "x"])'`})
}

// TestProgramStringsAsTheLanguageReadsThem: a program's strings are found by its language's
// rules: a Python comment holding a quote (x=1#'), a comment a bare \r ends, and an escaped line
// break in a string (system("echo hi\nrm -rf x"), which runs rm on the second line) hid the
// command from a deny of rm -rf; a Python file that declares an encoding hookrun does not read
// (# coding: utf-7, in which +AAo- is a line break) is unresolved.
func TestProgramStringsAsTheLanguageReadsThem(t *testing.T) {
	p := mustCompile("rm -rf")
	wantOutcome(t, p, Match, []string{
		"python3 -c \"x=1#'\nimport os; os.system('rm -rf x')#'\"",
		"python3 -c \"#c\rimport os;os.system('rm -rf x')\"",
		`python3 -c 'import os; os.system("echo hi\nrm -rf x")'`,
		`perl -e 'system("echo hi\nrm -rf x")'`,
		`node -e 'require("child_process").execSync("echo hi\nrm -rf x")'`,
		"cat > t <<'E'\nx=1#'\nimport os; os.system('rm -rf x')#'\nE\npython3 t",
	})
	wantOutcome(t, p, Unknown, []string{
		`printf '# coding: utf-7\nimport os +AAo-os.system(+ACI-rm -rf x+ACI-)\n' > t.py; python3 t.py`,
		`printf '#!/usr/bin/env python3\n# -*- coding: utf_7 -*-\n' > t; chmod +x t; ./t`,
	})
	wantOutcome(t, p, NoMatch, []string{`printf '# -*- coding: utf-8 -*-\nprint(1)\n' > t.py; python3 t.py`,
		`python3 -c "print('# rm -rf x')"`})
	l := ParseFiles(`cd /p && nox`, POSIX, memFiles(map[string]string{"/p/noxfile.py": "# coding: utf-7\nimport nox +AAo-nox.options.x = 1\n"}))
	if len(l.Unresolved) != 1 || !strings.Contains(l.Unresolved[0], "declares the encoding utf-7") {
		t.Errorf("a noxfile.py in utf-7: unresolved %q", l.Unresolved)
	}
}
