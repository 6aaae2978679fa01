package event

import (
	"encoding/json"
	"strings"
	"testing"
)

// context100KB is a PreAbilityCall context whose command is a 100 KB line of many commands, with
// the quotes, dollars and backslashes a real one carries (escaped in its JSON), as an agent sends
// one.
func context100KB(tb testing.TB) []byte {
	var sb strings.Builder
	for i := 0; sb.Len() < 100<<10; i++ {
		sb.WriteString(`echo "build $i: $(date +%s)" | grep -v 'skip me' && printf '%s\n' "a\tb" > ./out/log-` + strings.Repeat("x", i%7) + "; ")
	}
	doc, err := json.Marshal(map[string]any{
		"session_id": "s1", "ability_id": "shell", "caller": map[string]any{"source": "ai_session", "session_id": "s1"},
		"command": sb.String(), "shell": "bash", "paths": []string{"./out"},
	})
	if err != nil {
		tb.Fatal(err)
	}
	return doc
}

// BenchmarkParseContext100KB reads the context of a call whose command is a 100 KB line: what an
// event pays before its line is read.
func BenchmarkParseContext100KB(b *testing.B) {
	doc := context100KB(b)
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		if _, err := ParseContext(doc, PreAbilityCall); err != nil {
			b.Fatal(err)
		}
	}
}
