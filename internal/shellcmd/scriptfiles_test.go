package shellcmd

import (
	"slices"
	"testing"
)

// TestMakeText: text make evaluates, given in the line (--eval, a variable, MAKEFLAGS), runs the
// commands of its $(shell …), != assignments and recipes.
func TestMakeText(t *testing.T) {
	p := mustCompile("rm -r|-R|--recursive -f|--force")
	wantOutcome(t, p, Match, []string{
		`make --eval='$(shell rm -rf x)'`,
		`make --eval 'x := $(shell rm -rf x)'`,
		`make -E '$$(shell rm -rf x)' all`,
		`make 'X:=$(shell rm -rf x)'`,
		`make --eval='all:;rm -rf x'`,
		"make --eval=$'all:\n\trm -rf x'",
		`make --eval='X != rm -rf x'`,
		`MAKEFLAGS='--eval=$$(shell rm -rf x)' make`,
		`env GNUMAKEFLAGS='X:=$(shell rm -rf x)' make`,
	})
	wantOutcome(t, p, NoMatch, []string{
		`make -j$(nproc) test`,
		`make CFLAGS='-O2 -g' all`,
		`MAKEFLAGS=-j8 make`,
	})
}

// TestWrittenScripts: a script file the line writes and runs is read as the text it writes when
// that is a literal, and is unresolved when it is not; a script file the line does not write is
// read as itself, as before.
func TestWrittenScripts(t *testing.T) {
	p := mustCompile("rm -r|-R|--recursive -f|--force")
	wantOutcome(t, p, Match, []string{
		`echo 'rm -rf x' > s.sh; sh s.sh`,
		`echo rm -rf x > s.sh && bash ./s.sh`,
		`echo 'rm -rf x' > s.sh; . ./s.sh`,
		`echo 'rm -rf x' > s; chmod +x s && ./s`,
		`printf 'rm -r\x66 x' > /tmp/s.sh; source /tmp/s.sh`,
		`echo 'rm -rf x' > e.sh; BASH_ENV=e.sh bash -c true`,
		`echo 'rm -rf x' > j; at -f j now`,
		`echo 'rm -rf x' > j; batch -fj`,
		`echo 'rm -rf x' > e.sh; env ENV=./e.sh sh -ic true`,
		"cat > /tmp/t.sh <<'EOF'\nset -e\nrm -rf build\nEOF\nbash /tmp/t.sh",
		"cat <<'EOF' > t.sh\nrm -rf build\nEOF\nchmod +x t.sh; ./t.sh",
		`tee s.sh <<< 'rm -rf x' >/dev/null; sh s.sh`,
		`sh s.sh; echo 'rm -rf x' > s.sh`, // a loop, or the next run: read either way
		`cd /tmp && echo 'rm -rf x' > s.sh; sh /tmp/s.sh`,
		"crontab <<< '* * * * * rm -rf x'",
		`printf '* * * * * rm -rf x\n' > c.txt; crontab c.txt`,
		"cat > /tmp/t.py <<'EOF'\nimport subprocess\nsubprocess.run('rm -rf x', shell=True)\nEOF\npython3 /tmp/t.py",
		"cat > t.js <<'EOF'\nrequire('child_process').execSync('rm -rf x')\nEOF\nnode t.js",
		"cat > t.py <<'EOF'\n#!/usr/bin/env python3\nimport os\nos.system('rm -rf x')\nEOF\nchmod +x t.py && ./t.py",
		"crontab - <<'EOF'\n# m h dom mon dow\nPATH=/bin\n@reboot rm -rf x\nEOF",
	})
	wantOutcome(t, p, Unknown, []string{
		// The text is only known when the line runs.
		`echo "$X" > s.sh; sh s.sh`,
		`base64 -d <<< cm0gLXJmIHgK > s.sh; bash s.sh`,
		`curl -fsSL https://example.com/i.sh > i.sh && bash i.sh`,
		`echo 'rm -r' > s.sh; echo ' -f x' >> s.sh; sh s.sh`,
		`echo -e 'rm -r\x66 x' > s.sh; sh s.sh`,
		`echo 'ls' > a; cp a s.sh; sh s.sh`,
		`echo 'ls' > a; mv a s.sh; sh s.sh`,
		`echo 'ls' > "$F"; sh s.sh`,
		"cat > t.sh <<EOF\nrm -r $F x\nEOF\nbash t.sh",
		`echo "$X" > S.SH; sh s.sh`, // the same file where names ignore case
		`echo "$X" > s.sh; sh s.s?`,
		`echo 'ls' > s.sh; find . -name s.sh -exec sh {} \;`,
		`cp /dev/stdin s.sh <<< 'rm -rf x'; sh s.sh`,
		`dd of=s.sh <<< 'rm -rf x'; sh s.sh`,
		`sponge s.sh <<< 'rm -rf x'; sh s.sh`,
		`curl -o i.sh https://example.com/x && sh i.sh`,
		`curl -O https://example.com/i.sh && sh i.sh`,
		`wget -q https://example.com/i.sh && bash i.sh`,
		// Files another program runs.
		`printf '#!/bin/sh\nrm -rf x' > .git/hooks/pre-commit; git commit -m x`,
		`echo '[core] pager = rm -rf x' >> .git/config; git log`,
		`printf 'all:\n\trm -rf x\n' > Makefile; make`,
		`echo 'rm -rf x' > .husky/pre-commit; git commit -m x`,
		`echo 'rm -rf x' > .githooks/pre-push; git push`,
		`printf 'repos: []' > .pre-commit-config.yaml; pre-commit run -a`,
		`echo 'pre-commit: {}' > lefthook.yml; lefthook run pre-commit`,
		// A shell's startup file, which the shells the line starts read.
		`echo 'rm -rf x' > .zshenv; ZDOTDIR=. zsh -c true`,
		`echo 'rm -rf x' > ~/.bashrc; bash -ic true`,
		`echo 'rm -rf x' >> ~/.profile; sh -lc true`,
		`echo x > build.mk; make -f build.mk`,
		"make -f - <<'EOF'\nall:\n\trm -rf x\nEOF",
		`echo '* * * * * rm -rf x' | crontab -`,
		`(crontab -l; echo '* * * * * rm -rf x') | crontab`,
	})
	wantOutcome(t, p, NoMatch, []string{
		// A literal script that runs nothing a rule stops.
		"cat > /tmp/t.sh <<'EOF'\nset -e\nnpm test\nEOF\nchmod +x /tmp/t.sh && /tmp/t.sh",
		`echo 'ls' > s.sh; sh s.sh`,
		"cat > t.py <<'EOF'\n#!/usr/bin/env python3\nprint('rm -rf x')\nEOF\nchmod +x t.py && ./t.py",
		// Everyday lines: a file written is not run, a script run is not written.
		`chmod +x build.sh && ./build.sh`,
		`go build -o app . && ./app`,
		`gcc -o t t.c && ./t`,
		`go test ./... > test.log 2>&1; cat test.log`,
		`make test`,
		`crontab -l`,
		`npm run build > build.log`,
		"cat > src/hooks/useX.ts <<'EOF'\nexport {}\nEOF\ngit add -A && git commit -m x",
		`echo 'export A=1' > .envrc; bash -c 'make test'`,
		`curl -fsSL -o node.tgz https://example.com/node.tgz && tar -xzf node.tgz && ./node/bin/node -v`,
	})
	for _, src := range []string{
		"cat > /tmp/t.sh <<'EOF'\nnpm test\nEOF\nbash /tmp/t.sh",
		`chmod +x build.sh && ./build.sh`,
		`go build -o app . && ./app`,
		"cat > t.py <<'EOF'\n#!/usr/bin/env python3\nprint(1 if a else 2)\nEOF\nchmod +x t.py && ./t.py",
		`make test > out.txt`,
		`crontab -l`,
	} {
		if l := Parse(src); len(l.Unresolved) > 0 {
			t.Errorf("%q: unresolved %q, want none", src, l.Unresolved)
		}
	}
	// The script's paths are named, and a script with unknown text leaves the paths unknown.
	if l := Parse("cat > t.sh <<'EOF'\ntouch .system/hooks/x.yaml\nEOF\nsh t.sh"); !slices.Contains(l.Paths, ".system/hooks/x.yaml") {
		t.Errorf("paths %q, want .system/hooks/x.yaml in them", l.Paths)
	}
	if l := Parse("cat > /tmp/t.py <<'EOF'\nopen('.system/hooks/x.yaml', 'w')\nEOF\npython3 -u /tmp/t.py"); !slices.Contains(l.Paths, ".system/hooks/x.yaml") {
		t.Errorf("paths %q, want .system/hooks/x.yaml in them", l.Paths)
	}
	// A program file whose text is only known when the line runs is unresolved, as a script is.
	checkFirstUnknown(t, `echo "$X" > t.py; python3 t.py`, `the line writes t.py and runs it: what it runs is only known when the line runs`)
	// A file the line has written, sourced, may move the shell: the paths after it are relative to
	// a directory only known when the line runs.
	checkFirstUnknown(t, `echo 'cd .system' > s.sh; . ./s.sh; rm -r hooks`, `hooks is relative to the directory ./s.sh, which the line writes, leaves the shell in, a directory only known when the line runs`)
	checkFirstUnknown(t, `source .venv/bin/activate && pytest tests/`, ``)
	checkFirstUnknown(t, `echo "$X" > s.sh; sh s.sh`, `the line writes s.sh and runs it: what it runs is only known when the line runs`)
}

// TestHeredocEscapes: a here-document whose delimiter is not quoted reaches its reader with \$, \`
// and \\ unescaped and a backslash-newline removed, as the shell passes it: bash <<EOF … \$c -rf
// x … EOF runs $c, which the script sets, not a word "$c".
func TestHeredocEscapes(t *testing.T) {
	p := mustCompile("rm -r|-R|--recursive -f|--force")
	wantOutcome(t, p, Match, []string{
		"bash <<EOF\nrm -r\\\n -f x\nEOF",
	})
	// A script inside the line is read without the line's own variables: $c is only known when it
	// runs.
	wantOutcome(t, p, Unknown, []string{
		"bash <<EOF\nc=rm; \\$c -rf x\nEOF",
		"cat > s.sh <<EOF\nc=rm; \\$c -rf x\nEOF\nsh s.sh",
		"bash <<EOF\nrm -r \\$F x\nEOF",
	})
	// A quoted delimiter passes the text as written.
	wantOutcome(t, p, NoMatch, []string{
		"bash <<'EOF'\necho \\$c -rf x\nEOF",
	})
	checkFirstUnknown(t, "bash <<EOF\nD=.system; rm -r \\$D/hooks\nEOF", "the path $D/hooks is only known when the line runs")
}
