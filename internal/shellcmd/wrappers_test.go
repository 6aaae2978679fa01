package shellcmd

import (
	"slices"
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
