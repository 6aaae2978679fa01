package shellcmd

import "testing"

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
}
