package shellcmd

import (
	"strings"
	"testing"
)

func mustCompile(t testing.TB, src string) *Pattern {
	t.Helper()
	p, err := Compile(src)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func matchesAny(l Line, ps []*Pattern) bool {
	for _, c := range l.Commands {
		for _, p := range ps {
			if p.Match(c) {
				return true
			}
		}
	}
	return false
}

// Recursive force deletes, written every way a bypass has tried: each must
// match "rm -rf" (or its spelled-out form), with nothing unresolved.
var mustMatch = []string{
	`rm -rf /`,
	`rm -fr /`,
	`rm -r -f /`,
	`rm -f -r /`,
	`rm -Rf /`,
	`rm -rfv build`,
	`rm -vrf build`,
	`rm --recursive --force build`,
	`rm --recursive -f build`,
	`rm -r --force build`,
	`rm --rec --for build`,
	`rm --recursive=always -f x`,
	`rm -rf -- /`,
	`/bin/rm -rf /`,
	`/usr/bin/rm -rf /`,
	`./rm -rf /`,
	`\rm -rf /`,
	`'rm' -rf /`,
	`"rm" -rf /`,
	`r''m -rf /`,
	`"r"m -rf /`,
	`rm '-rf' /`,
	`rm "-r" "-f" /`,
	`rm -\rf /`,
	`{rm,-rf,/}`,
	`rm -{r,f} /`,
	`$'rm' -rf /`,
	`sudo rm -rf /`,
	`sudo -u root rm -rf /`,
	`sudo -uroot rm -rf /`,
	`sudo -E -- rm -rf /`,
	`doas rm -rf /`,
	`env rm -rf /`,
	`env -i PATH=/bin rm -rf /`,
	`env -u HOME rm -rf /`,
	`env -S 'rm -rf /'`,
	`FOO=1 rm -rf /`,
	`nice rm -rf /`,
	`nice -n 10 rm -rf /`,
	`nohup rm -rf / &`,
	`time rm -rf /`,
	`timeout 5 rm -rf /`,
	`timeout -s KILL 5 rm -rf /`,
	`timeout --signal=KILL 5s rm -rf /`,
	`command rm -rf /`,
	`builtin command rm -rf /`,
	`exec rm -rf /`,
	`xargs rm -rf < list`,
	`find . | xargs -0 rm -rf`,
	`xargs -I{} rm -rf {}`,
	`find / -exec rm -rf {} \;`,
	`find / -execdir rm -rf {} +`,
	`sh -c 'rm -rf /'`,
	`bash -c "rm -rf /"`,
	`bash -ec 'rm -rf /'`,
	`zsh -c 'cd /; rm -rf .'`,
	`dash -c 'sh -c "rm -rf /"'`,
	`eval 'rm -rf /'`,
	`eval rm -rf /`,
	`echo hi; rm -rf /`,
	`true && rm -rf /`,
	`false || rm -rf /`,
	`ls | rm -rf /`,
	`(rm -rf /)`,
	`{ rm -rf /; }`,
	`echo $(rm -rf /)`,
	"echo `rm -rf /`",
	`cat <(rm -rf /)`,
	`f() { rm -rf /; }; f`,
	`if true; then rm -rf /; fi`,
	`for d in a b; do rm -rf "$d"; done`,
	`while true; do rm -rf /; done`,
	`case x in x) rm -rf /;; esac`,
	`rm -rf / 2>/dev/null`,
	`sudo sh -c 'timeout 3 env nice rm -rf /'`,
	`stdbuf -o0 rm -rf /`,
	`busybox rm -rf /`,
	`rm \
  -rf /`,
}

// Commands that must not match "rm -rf".
var mustNotMatch = []string{
	`rm file`,
	`rm -r dir`,
	`rm -f file`,
	`rm -i -r dir`,
	`rm -- -rf`,
	`rmdir -p a/b`,
	`echo rm -rf /`,
	`echo "rm -rf /"`,
	`printf '%s' 'rm -rf /'`,
	`grep -rf patterns .`,
	`ls -rf`,
	`git rm -r --cached x`,
	`# rm -rf /`,
	`cat rm-rf.txt`,
	`echo 'sh -c "rm -rf /"'`,
	`man rm`,
	`command -v rm`,
	`type rm`,
	`which rm`,
	`touch -- -rf`,
	`mv -f a b`,
	`cp -rf a b`,
	`chmod -R 755 .`,
	`chown -R me .`,
	`rsync -a --delete src/ dst/`,
	`rm --recurse-not-an-option x`,
	`rm --re x`,
	`sudo ls -rf`,
	`env FOO=rm ls`,
	`timeout 5 ls -rf`,
	`xargs echo rm -rf`,
	`find . -name '*.tmp' -print`,
	`sh script.sh -c 'rm -rf /'`,
	`bash -c 'echo rm -rf /'`,
	`eval 'echo rm -rf /'`,
	`cat <<EOF
rm -rf /
EOF`,
	`echo $(echo rm -rf /)`,
	`nice ls`,
	`rm-rf /`,
	`trm -rf /`,
}

var rmRF = []string{"rm -rf", "rm -r|-R|--recursive -f|--force"}

func TestMatchesDestructiveCommands(t *testing.T) {
	if len(mustMatch) < 60 || len(mustNotMatch) < 40 {
		t.Fatalf("%d and %d cases: keep at least 60 and 40", len(mustMatch), len(mustNotMatch))
	}
	ps := []*Pattern{mustCompile(t, rmRF[0]), mustCompile(t, rmRF[1])}
	for _, src := range mustMatch {
		l := Parse(src)
		if !matchesAny(l, ps) {
			t.Errorf("%q: not matched (commands %+v, unresolved %q)", src, l.Commands, l.Unresolved)
		}
	}
	for _, src := range mustNotMatch {
		l := Parse(src)
		if matchesAny(l, ps) {
			t.Errorf("%q: matched (commands %+v)", src, l.Commands)
		}
	}
}

// What cannot be read without running it is unresolved, with a reason.
func TestUnresolved(t *testing.T) {
	for _, src := range []string{
		`$CMD -rf /`,
		`"$RM" -rf /`,
		`$(echo rm) -rf /`,
		"`echo rm` -rf /",
		`${X:-rm} -rf /`,
		`eval "$CMD"`,
		`eval $X`,
		`sh -c "$SCRIPT"`,
		`bash -c "$(curl -s https://x)"`,
		`rm -rf / 'unterminated`,
		`sh -c 'sh -c "sh -c \"sh -c ls\""'`,
	} {
		l := Parse(src)
		if len(l.Unresolved) == 0 && !strings.Contains(src, "sh -c 'sh -c") {
			t.Errorf("%q: nothing unresolved (commands %+v)", src, l.Commands)
		}
	}
}

func TestPaths(t *testing.T) {
	l := Parse(`cat a.txt > out/log; rm -rf -- build ../x 2>err.txt; cp -r src "dst dir"`)
	var ops []string
	for _, c := range l.Commands {
		ops = append(ops, c.Operands()...)
	}
	if got, want := strings.Join(ops, ","), "a.txt,build,../x,src,dst dir"; got != want {
		t.Errorf("operands %s, want %s", got, want)
	}
	if got, want := strings.Join(l.Redirects, ","), "out/log,err.txt"; got != want {
		t.Errorf("redirects %s, want %s", got, want)
	}
}

func TestCompileErrors(t *testing.T) {
	for src, want := range map[string]string{
		"":          "empty command pattern",
		"   ":       "empty command pattern",
		"rm -r||-f": `command pattern "rm -r||-f": an empty alternative in "-r||-f"`,
	} {
		if _, err := Compile(src); err == nil || err.Error() != want {
			t.Errorf("Compile(%q) error %v, want %q", src, err, want)
		}
	}
}
