package shellcmd

import (
	"slices"
	"sort"
	"strings"
	"testing"
)

// wrapperOf finds a wrapper by binary search: the table must stay sorted, each name once.
func TestWrappersSortedByName(t *testing.T) {
	for i := 1; i < len(wrappers); i++ {
		if wrappers[i-1].name >= wrappers[i].name {
			t.Errorf("wrappers[%d] %q comes after %q: keep the table sorted by name, each name once", i, wrappers[i].name, wrappers[i-1].name)
		}
	}
	for _, w := range wrappers {
		if _, ok := wrapperOf(w.name); !ok {
			t.Errorf("wrapperOf(%q) found nothing", w.name)
		}
	}
	if _, ok := wrapperOf("rm"); ok {
		t.Error(`wrapperOf("rm") found a wrapper`)
	}
	for i := 1; i < len(runners); i++ {
		if runners[i-1].name >= runners[i].name {
			t.Errorf("runners[%d] %q comes after %q: keep the table sorted by name, each name once", i, runners[i].name, runners[i-1].name)
		}
	}
	names := []string{"", "n", "nicer", "nic", "Nice", "é"}
	for _, r := range runners {
		names = append(names, r.name)
		if got, _ := runnerOf(Command{Name: r.name, Args: []Arg{{Value: "exec"}, {Value: "run"}, {Value: "x"}, {Value: "dlx"}, {Value: "develop"}}}); got == nil {
			t.Errorf("runnerOf(%q) found nothing", r.name)
		}
	}
	for _, w := range wrappers {
		names = append(names, w.name)
	}
	// findName answers as sort.Find with strings.Compare, on tables of every length up to the
	// names': a name present or not, sorting before, between or after the table's.
	slices.Sort(names)
	names = slices.Compact(names)
	for n := 0; n <= len(names); n++ {
		table := names[:n]
		for _, name := range append(slices.Clone(names), "zzzzz", "a-", "nicee", "\xff") {
			i, ok := findName(len(table), name, func(i int) string { return table[i] })
			wi, wok := sort.Find(len(table), func(i int) int { return strings.Compare(name, table[i]) })
			if i != wi || ok != wok {
				t.Errorf("findName(%d names, %q) = %d, %v; sort.Find gives %d, %v", n, name, i, ok, wi, wok)
			}
		}
	}
}

// A wrapper's argument only known when the line runs could be any option: the line is unresolved
// for that one reason, and nothing after it is read. An option's value is passed over, known or not.
func TestWrapperOptions(t *testing.T) {
	rmrf := mustCompile("rm -rf")
	for _, tc := range []struct {
		line       string
		want       Outcome
		unresolved []string
	}{
		{line: `sudo $OPT rm -rf /`, want: Unknown, unresolved: []string{"the arguments of sudo include $OPT, only known when the line runs"}},
		{line: `flock $OPT /tmp/lock rm -rf /`, want: Unknown, unresolved: []string{"the arguments of flock include $OPT, only known when the line runs"}},
		{line: `script $OPT -c 'rm -rf /'`, want: Unknown, unresolved: []string{"the arguments of script include $OPT, only known when the line runs"}},
		{line: `sg $OPT -c 'rm -rf /'`, want: Unknown, unresolved: []string{"the arguments of sg include $OPT, only known when the line runs"}},
		{line: `runuser $OPT`, want: Unknown, unresolved: []string{"the arguments of runuser include $OPT, only known when the line runs"}},
		{line: `pwsh $OPT`, want: Unknown, unresolved: []string{"the arguments of pwsh include $OPT, only known when the line runs"}},
		{line: `sudo -u $U rm -rf /`, want: Match},
		{line: `flock -w $T /tmp/lock rm -rf /`, want: Match},
		{line: `script -T $F -c 'rm -rf /' /dev/null`, want: Match},
		{line: `su -s $SH -c 'rm -rf /'`, want: Match},
		// runuser -u USER runs its command directly, as sudo -u does.
		{line: `runuser -u bob -- rm -rf /`, want: Match},
		{line: `runuser -l -u bob rm -rf /`, want: Match},
		{line: `runuser --user=bob -g wheel rm -rf /`, want: Match},
		{line: `runuser -u bob -- ls -la`, want: NoMatch},
		{line: `pwsh -ExecutionPolicy $P -Command rm -rf /`, want: Match},
	} {
		l := Parse(tc.line)
		if o, why := rmrf.MatchLine(&l); o != tc.want {
			t.Errorf("%q: %v (%s), want %v", tc.line, o, why, tc.want)
		}
		if !slices.Equal(l.Unresolved, tc.unresolved) {
			t.Errorf("%q: unresolved %q, want %q", tc.line, l.Unresolved, tc.unresolved)
		}
		if tc.want == Unknown && len(l.Paths)+len(l.UnknownPaths) > 0 {
			t.Errorf("%q: paths %q and unknown paths %q, want none: the wrapper's arguments are not read as paths", tc.line, l.Paths, l.UnknownPaths)
		}
	}
}

// TestMoreWrappers: programs that run the command their arguments give, after options of their
// own and an operand (faketime's time, gosu's user), are peeled as sudo is: a command only known
// when the line runs is unresolved where hookrun read nothing (faketime @0 "$C" passed a deny of
// rm -rf, its words read only for what an unknown program may run, which drops such a word), and
// their options' values are not taken for the command.
func TestMoreWrappers(t *testing.T) {
	rmrf := mustCompile("rm -rf")
	for line, want := range map[string]Outcome{
		`faketime @0 "$C" -rf /`:                     Unknown,
		`faketime -f '@2020-01-01' $(echo rm) -rf /`: Unknown,
		`faketime --date-prog gdate @0 rm -rf /`:     Match,
		`eatmydata "$C" -rf /`:                       Unknown,
		`eatmydata -- rm -rf /`:                      Match,
		`chronic -ev $C -rf /`:                       Unknown,
		`gosu root "$C" -rf /`:                       Unknown,
		`gosu app:app rm -rf /`:                      Match,
		`su-exec 1000:1000 $C -rf /`:                 Unknown,
		`setuidgid app $C -rf /`:                     Unknown,
		`envdir ./env $C -rf /`:                      Unknown,
		`cgexec -g cpu:grp $C -rf /`:                 Unknown,
		`cgexec -g cpu:grp --sticky rm -rf /`:        Match,
		`trickle -d 100 -u 50 $C -rf /`:              Unknown,
		`torsocks -a 127.0.0.1 -P 9050 $C -rf /`:     Unknown,
		`proxychains4 -q -f /etc/p.conf $C -rf /`:    Unknown,
		`proxychains -f /etc/p.conf rm -rf /`:        Match,
		`valgrind --tool=memcheck -q $C -rf /`:       Unknown,
		`valgrind --leak-check=full rm -rf /`:        Match,
		// Hedged: what their words may run is read too, as an unknown program's (faketime with an
		// option its entry does not list, whose value would be taken for the time, still has
		// rm -rf read).
		`faketime -Z @0 ls rm -rf /`: Match,
		`gosu -x root rm -rf /`:      Match,
		`faketime @0 ls -rf /`:       NoMatch,
		// The option letters, checked against the tools' sources: cgexec's -r and -b take no
		// value ("+g:shbr"), trickle's -L does, torsocks has --user, --pass, --address and
		// --port, and proxychains reads only an option's first letter (-qf is -q).
		`cgexec -r $C -rf /`:                 Unknown,
		`trickle -L 10 $C -rf /`:             Unknown,
		`torsocks --port 9050 $C -rf /`:      Unknown,
		`torsocks --address 127.0.0.1 $C -x`: Unknown,
		`proxychains4 -qf $C -rf /`:          Unknown,
		// Only the second letter counts the other way too: -fq is -f, whose value is the next word.
		`proxychains4 -fq /etc/p.conf $C -rf /`:  Unknown,
		`proxychains -fx /etc/p.conf "$C" -rf /`: Unknown,
		// bwrap's options take one, two or three words (--bind SRC DEST, --overlay RW WORK DEST).
		`bwrap --bind / / "$C" -rf /`:                        Unknown,
		`bwrap --ro-bind / / --dev /dev $(echo rm) -rf /`:    Unknown,
		`bwrap --setenv A B --chdir / $C -rf /`:              Unknown,
		`bwrap --overlay-src /a --overlay /rw /w / $C -rf /`: Unknown,
		`bwrap --bind / / --symlink a b rm -rf /`:            Match,
		`bwrap --unshare-all --die-with-parent -- rm -rf /`:  Match,
		`bwrap --setenv F -rf --bind / / ls x`:               NoMatch,
	} {
		l := Parse(line)
		if o, why := rmrf.MatchLine(&l); o != want {
			t.Errorf("%q: %v (%s), want %v", line, o, why, want)
		}
	}
}

// TestWrapperFiles: a wrapper's own output names a path, as a redirection does: strace -o, ltrace
// -o, time -o, script's typescript and flock's lock file were allowed under init's protect_hooks
// (flock .system/hooks/x.yaml true makes an empty hook file, which stops every hook loading).
func TestWrapperFiles(t *testing.T) {
	for _, tc := range []struct{ line, path string }{
		{`strace -o .system/hooks/x.yaml true`, ".system/hooks/x.yaml"},
		{`strace -f -o.env ls`, ".env"},
		{`strace --output=.env ls`, ".env"},
		{`ltrace -o .env ls`, ".env"},
		{`/usr/bin/time -o .env ls`, ".env"},
		{`time --output .env ls`, ".env"},
		{`flock .system/hooks/x.yaml true`, ".system/hooks/x.yaml"},
		{`flock -w 5 .env -c true`, ".env"},
		{`script -q -c true .env`, ".env"},
		{`script -O .env -c ls`, ".env"},
		{`xvfb-run -e .env ls`, ".env"},
		// unshare --mount=FILE bind-mounts the new namespace over FILE (and --net=, --ipc= the same);
		// a wrapper's own --option=VALUE is named as any command's is.
		{`unshare --mount=.system/hooks/x.yaml true`, ".system/hooks/x.yaml"},
		{`unshare -r --net=.env -- ls`, ".env"},
		{`sudo unshare --ipc=.env ls`, ".env"},
		// nohup writes what the command prints to nohup.out where it runs.
		{`nohup make`, "nohup.out"},
		{`cd .system/hooks && nohup ls`, ".system/hooks/nohup.out"},
	} {
		if l := Parse(tc.line); !slices.Contains(l.Paths, tc.path) {
			t.Errorf("Parse(%q).Paths = %q, want %q among them", tc.line, l.Paths, tc.path)
		}
	}
	// flock on a descriptor names no file; the command's own words are the command's.
	if l := Parse(`flock 9 ls`); len(l.Paths) != 0 {
		t.Errorf("flock 9 ls: Paths %q, want none", l.Paths)
	}
}
