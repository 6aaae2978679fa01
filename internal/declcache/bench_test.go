//go:build linux

package declcache

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/scaffold"
)

// benchHooks writes n hook files and lets them age past the racy window.
func benchHooks(b *testing.B, n int) string {
	dir := filepath.Join(b.TempDir(), ".system", "hooks")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	for i := range n {
		y := fmt.Sprintf("id: hook_%04d\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nsummary: Hook %d.\n"+
			"match:\n  ability_scope: [\"deploy_*\", \"db.write.**\"]\nhandler:\n  kind: script\n  command: ./h.sh\n  timeout: 5s\n", i, i)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("hook_%04d.yaml", i)), []byte(y), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}

// BenchmarkLoad parses every file: what a cold cache, or validate, costs.
func BenchmarkLoad1000(b *testing.B) {
	dir := benchHooks(b, 1000)
	for b.Loop() {
		if _, err := config.Load(dir); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadCached is what emit pays with a warm cache: a stat per
// file and one read of the cache.
func BenchmarkLoadCached1000(b *testing.B) {
	old := racyWindow
	racyWindow = 10 * time.Millisecond
	defer func() { racyWindow = old }()
	dir := benchHooks(b, 1000)
	benchLoadCached(b, dir, 1000)
}

// BenchmarkLoadCachedInit is what emit pays with a warm cache for the hooks hookrun init writes
// (protect_hooks, whose rules' patterns are compiled again at every load).
func BenchmarkLoadCachedInit(b *testing.B) {
	old := racyWindow
	racyWindow = 10 * time.Millisecond
	defer func() { racyWindow = old }()
	root := b.TempDir()
	if _, err := scaffold.Init(root); err != nil {
		b.Fatal(err)
	}
	dir := filepath.Join(root, ".system", "hooks")
	benchLoadCached(b, dir, -1)
}

// BenchmarkLoadCachedRules10 is what emit pays with a warm cache for make bench's ten rules hooks
// (a deny on rm -r -f, a require_human on .system/**): each hook's rules decoded, its commands
// patterns compiled.
func BenchmarkLoadCachedRules10(b *testing.B) {
	old := racyWindow
	racyWindow = 10 * time.Millisecond
	defer func() { racyWindow = old }()
	dir := filepath.Join(b.TempDir(), ".system", "hooks")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	for i := range 10 {
		y := fmt.Sprintf("id: rules_%04d\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nmatch:\n  ability_scope: shell\n"+
			"handler:\n  kind: rules\n  rules:\n    - decision: deny\n      reason: recursive force delete\n"+
			"      commands: [\"rm -r|-R|--recursive -f|--force\"]\n    - decision: require_human\n      reason: hook files\n"+
			"      paths: [\".system/**\"]\n", i)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("rules_%04d.yaml", i)), []byte(y), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	benchLoadCached(b, dir, 10)
}

// benchLoadCached primes a cache for the hooks in dir (want of them parsed; -1: some), then times loading
// them from it: what emit pays with a warm cache.
func benchLoadCached(b *testing.B, dir string, want int) {
	b.Helper()
	time.Sleep(3 * racyWindow)
	cache := filepath.Join(b.TempDir(), "decl.bin")
	if _, parsed, err := Load(dir, cache); err != nil || want >= 0 && parsed != want || want < 0 && parsed == 0 {
		b.Fatalf("priming the cache: %v, %d parsed", err, parsed)
	}
	for b.Loop() {
		if _, parsed, err := Load(dir, cache); err != nil || parsed != 0 {
			b.Fatalf("%v, %d parsed", err, parsed)
		}
	}
}
