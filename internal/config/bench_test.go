package config

import "testing"

func BenchmarkParseFile(b *testing.B) {
	data := []byte("id: hook\nevent_type: PostAbilityCall\nenabled: true\nblocking: false\nsummary: >\n  Track calls.\n" +
		"match:\n  ability_scope: \"*\"\n  min_duration_ms: 100\nhandler:\n  kind: script\n  command: ./h.sh\n" +
		"effects:\n  - update_usage_cache: .system/cache/ability_usage.json\n")
	for b.Loop() {
		if _, fs := ParseFile("/x/hook.yaml", data); len(fs) != 0 {
			b.Fatal(fs)
		}
	}
}
