package declcache

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/scaffold"
)

// FuzzDecodeCache: a cache file damaged in any way (truncated by a full
// disk, written over by another program, forged byte by byte) is read
// without a panic and without allocating more than its own size allows;
// what it decodes to is either refused whole or a set of entries. The
// seed is a real cache of the hooks init writes (every rule kind), so
// the mutations reach deep into its format past the magic and the
// binary's identity.
func FuzzDecodeCache(f *testing.F) {
	old := racyWindow
	racyWindow = time.Millisecond
	defer func() { racyWindow = old }()
	root := f.TempDir()
	if _, err := scaffold.Init(root); err != nil {
		f.Fatal(err)
	}
	time.Sleep(5 * time.Millisecond)
	cache := filepath.Join(f.TempDir(), "decl.bin")
	if _, _, err := Load(filepath.Join(root, ".system", "hooks"), cache); err != nil {
		f.Fatal(err)
	}
	data, err := os.ReadFile(cache)
	if err != nil || len(data) < 100 {
		f.Fatalf("no cache written: %v, %d bytes", err, len(data))
	}
	f.Add(data)
	f.Add(data[:len(data)/2])
	f.Add([]byte(cacheMagic))
	self := selfID()
	f.Fuzz(func(t *testing.T, b []byte) {
		entries, err := decodeCache(b, self)
		if err != nil && entries != nil {
			t.Fatalf("error %v with %d entries", err, len(entries))
		}
		if len(entries) > len(b) {
			t.Fatalf("%d entries from %d bytes", len(entries), len(b))
		}
	})
}
