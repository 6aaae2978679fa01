package shellcmd

import (
	"reflect"
	"slices"
	"testing"
)

// More lines, collected separately from the tables in pattern_test.go: each must match "rm -rf" or
// its spelled-out form, or neither, with nothing unknown.
var moreMatch = []string{
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

var moreNoMatch = []string{
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

// Lines that cannot be read without running them.
var moreUnknown = []string{
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
}

func TestMoreLines(t *testing.T) {
	ps := []*Pattern{mustCompile("rm -rf"), mustCompile("rm -r|-R|--recursive -f|--force")}
	best := func(src string) (Outcome, string) {
		l := Parse(src)
		out, why := NoMatch, ""
		for _, p := range ps {
			o, w := p.MatchLine(&l)
			if o == Match {
				return Match, ""
			}
			if o == Unknown {
				out, why = Unknown, w
			}
		}
		return out, why
	}
	for _, src := range moreMatch {
		if o, why := best(src); o != Match {
			t.Errorf("%q: %v (%s), want a match", src, o, why)
		}
	}
	for _, src := range moreNoMatch {
		if o, why := best(src); o != NoMatch {
			t.Errorf("%q: %v (%s), want no match", src, o, why)
		}
	}
	for _, src := range moreUnknown {
		if o, _ := best(src); o != Unknown {
			t.Errorf("%q: %v, want unknown", src, o)
		}
	}
}

// TestParseRemembersLastLine: the line read last is answered from memory, and a different line is
// read afresh, so the answer is always the line's own.
func TestParseRemembersLastLine(t *testing.T) {
	a, b := "rm -rf build", "sudo cp x /etc/y"
	for _, line := range []string{a, a, b, a, b, b} {
		got, want := Parse(line), parse(line)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Parse(%q) = %+v, want %+v", line, got, want)
		}
	}
}

// TestNumberWords: a word that is only a number known at run time, perhaps after an option's
// letters, names no path a guard protects: make -j$(nproc) asked a person under init's
// protect_hooks. A letter before the number, or an option value that may be a path, still leaves
// the path to run time.
func TestNumberWords(t *testing.T) {
	for _, tc := range []struct{ line, unknown string }{
		{`make -j$(nproc)`, ""},
		{`make -j $(nproc)`, ""},
		{`make -j"$(nproc)"`, ""},
		{`cmake --build build --parallel $(nproc)`, ""},
		{`go test -p $(nproc) ./...`, ""},
		{`head -n $(( 3 * 4 )) f`, ""},
		{`ninja -j$(getconf _NPROCESSORS_ONLN)`, ""},
		{`make -j "$(getconf NPROCESSORS_ONLN)"`, ""},
		{`go build -p $(getconf _NPROCESSORS_CONF) ./...`, ""},
		{`make -j$(sysctl -n hw.ncpu)`, ""},
		{`make -j$(sysctl -n hw.logicalcpu)`, ""},
		{`make -j$(nproc --all)`, ""},
		{`make -j$(nproc --ignore=2)`, ""},
		{`cat $(getconf PATH)`, "the path $(getconf PATH) is only known when the line runs"}, // /bin:/usr/bin
		{`cat $(getconf GNU_LIBC_VERSION)`, "the path $(getconf GNU_LIBC_VERSION) is only known when the line runs"},
		{`cat $(sysctl -n kern.bootfile)`, "the path $(sysctl -n kern.bootfile) is only known when the line runs"},
		{`cat $(nproc $F)`, "the path $(nproc $F) is only known when the line runs"},
		{`sort -o$(mktemp) x`, "the path -o$(mktemp) is only known when the line runs"},
		{`rm hooks$(nproc)`, "the path hooks$(nproc) is only known when the line runs"},
		{`rm -- -j$(nproc)`, "the path -j$(nproc) is only known when the line runs"},
		{`rm -o.$(nproc)`, "the path -o.$(nproc) is only known when the line runs"},
		{`rm $(nproc).env`, "the path $(nproc).env is only known when the line runs"},
		{`make -j$(nproc) >$(nproc)`, "the path $(nproc) is only known when the line runs"},
		// What prints the number may be anything where the line redefines it or sets PATH.
		{`nproc(){ printf '%s%s' .sys tem; }; mv $(nproc) /tmp`, "the path $(nproc) is only known when the line runs"},
		{`export PATH=.:$PATH; mv $(nproc) /tmp`, "the path $(nproc) is only known when the line runs"},
		{`PATH=.:$PATH mv $(date +%s) /tmp`, "the path $(date +%s) is only known when the line runs"},
		{`env 'BASH_FUNC_nproc%%=() { echo .system; }' bash -c 'mv $(nproc) /tmp'`, "the path $(nproc) is only known when the line runs"},
		// A shell's own numbers ($?, $$, ${#x}) are printed by no command: setting PATH leaves them numbers.
		{`export PATH=/opt/x/bin:$PATH; exit $?`, ""},
		{`PATH=/x:$PATH; echo $$ ${#x} $# > /dev/null`, ""},
	} {
		l := Parse(tc.line)
		switch {
		case tc.unknown == "" && len(l.UnknownPaths)+len(l.Unresolved) > 0:
			t.Errorf("Parse(%q).UnknownPaths = %q, Unresolved = %q, want none", tc.line, l.UnknownPaths, l.Unresolved)
		case tc.unknown != "" && (len(l.UnknownPaths) == 0 || l.UnknownPaths[0] != tc.unknown):
			t.Errorf("Parse(%q).UnknownPaths = %q, want %q first", tc.line, l.UnknownPaths, tc.unknown)
		}
	}
}

// TestUnpacks: an archive makes files under names only it holds, beneath the directory it is
// unpacked into: tar -xf a.tar -C newdir listed newdir alone, so that a guard over what it
// may make there (newdir/hooks/x.yaml, .envrc in the working directory) saw nothing of its.
func TestUnpacks(t *testing.T) {
	for _, tc := range []struct {
		line string
		want []Unpack
	}{
		{`tar -xf a.tar -C newdir`, []Unpack{{"newdir", "tar"}}},
		{`tar xf a.tar`, []Unpack{{".", "tar"}}},
		{`curl -sL x | tar -xz`, []Unpack{{".", "tar"}}},
		{`bsdtar -x -f a.tar --directory=.system`, []Unpack{{".system", "bsdtar"}}},
		{`unzip a.zip -d newdir`, []Unpack{{"newdir", "unzip"}}},
		{`unzip -o a.zip`, []Unpack{{".", "unzip"}}},
		{`7z x a.7z -onewdir`, []Unpack{{"newdir", "7z"}}},
		{`cpio -id < a.cpio`, []Unpack{{".", "cpio"}}},
		{`cd scripts && tar -xf ../a.tar`, []Unpack{{".", "tar"}, {"scripts", "tar"}}},
		{`busybox tar -xf a.tar -C ~/.ssh`, []Unpack{{"~/.ssh", "tar"}}},
		{`ln -s .system x && tar -xf a.tar -C x/hooks`, []Unpack{{"x/hooks", "tar"}, {".system/hooks", "tar"}}},
		{`dpkg-deb -x a.deb out`, []Unpack{{"out", "dpkg-deb"}}},
		{`tar -tf a.tar`, nil},
		{`tar -czf out.tgz .`, nil},
		{`unzip -l a.zip`, nil},
		{`cp -r src/. dst`, nil},
	} {
		if got := Parse(tc.line).Unpacks; !slices.Equal(got, tc.want) {
			t.Errorf("Parse(%q).Unpacks = %q, want %q", tc.line, got, tc.want)
		}
	}
	l := ParseAs(`Expand-Archive a.zip -DestinationPath out`, PowerShell)
	if want := []Unpack{{"out", "Expand-Archive"}}; !slices.Equal(l.Unpacks, want) {
		t.Errorf("Expand-Archive: Unpacks = %q, want %q", l.Unpacks, want)
	}
}
