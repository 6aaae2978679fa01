package inspect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A line of a shell script reads the context's JSON by hand when a text tool
// runs on a pattern that names a context field as a key; jq, comments,
// keys hookrun's own answer uses and scripts in other languages do not.
func TestReadsJSONByHand(t *testing.T) {
	key := jsonKey()
	fields := contextFieldNames()
	dir := t.TempDir()
	for _, tc := range []struct {
		name, script string
		line         int
		tool, field  string
	}{
		{"grep.sh", "#!/bin/sh\ncmd=$(grep -o '\"command\":\"[^\"]*\"')\n", 2, "grep", "command"},
		{"sed", "#!/usr/bin/env bash\nid=$(sed -n 's/.*\"ability_id\": *\"\\([^\"]*\\)\".*/\\1/p')\n", 2, "sed", "ability_id"},
		{"escaped.sh", "#!/bin/sh\nawk -F \"\\\"tool_input\\\":\" '{print $2}'\n", 2, "awk", "tool_input"},
		{"cut.sh", "#!/bin/sh\nread -r ctx\nsrc=$(printf %s \"$ctx\" | grep -o '\"source\":\"[a-z_]*\"' | cut -d'\"' -f4)\n", 3, "grep", "source"},
		{"jq.sh", "#!/bin/sh\njq -r '.command' | grep -q '\"command\":'\n", 0, "", ""},
		{"comment.sh", "#!/bin/sh\n# grep '\"source\":\"manual_cli\"' was spoofable\n[ \"$HOOKRUN_CALLER_SOURCE\" = manual_cli ]\n", 0, "", ""},
		{"answer.sh", "#!/bin/sh\ngrep -q '\"decision\":' last.json && echo '{\"decision\":\"deny\"}'\n", 0, "", ""},
		{"guard.py", "#!/usr/bin/env python3\nimport re; re.search('\"source\":', x) # grep\n", 0, "", ""},
		{"noshebang.sh", "grep '\"caller\":' -\n", 1, "grep", "caller"},
	} {
		f := filepath.Join(dir, tc.name)
		if err := os.WriteFile(f, []byte(tc.script), 0o755); err != nil {
			t.Fatal(err)
		}
		line, tool, field := readsJSONByHand(f, key, fields)
		if line != tc.line || tool != tc.tool || field != tc.field {
			t.Errorf("%s: line %d, %q, %q; want %d, %q, %q", tc.name, line, tool, field, tc.line, tc.tool, tc.field)
		}
	}
}

// FuzzReadsJSONByHand throws script text, a repository's file, at the line
// reader: it must never panic, and a line it names exists, runs a text
// tool and names the field it reports.
func FuzzReadsJSONByHand(f *testing.F) {
	key := jsonKey()
	fields := contextFieldNames()
	for _, s := range []string{"#!/bin/sh\ngrep -q '\"source\":\"manual_cli\"'\n", "#!/bin/sh\njq .command\n", "grep '\"caller\":' -", "#!/usr/bin/env -S bash -e\nsed 's/\\\"paths\\\": *//'\n", "\n\n#"} {
		f.Add(s)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, script string) {
		file := filepath.Join(dir, "guard.sh")
		if err := os.WriteFile(file, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		line, tool, field := readsJSONByHand(file, key, fields)
		if line == 0 {
			if tool != "" || field != "" {
				t.Fatalf("no line, yet tool %q and field %q", tool, field)
			}
			return
		}
		lines := strings.Split(script, "\n")
		if line > len(lines) {
			t.Fatalf("line %d of a %d-line script", line, len(lines))
		}
		if !strings.Contains(lines[line-1], tool) || !strings.Contains(lines[line-1], field) {
			t.Fatalf("line %d %q does not hold %q and %q", line, lines[line-1], tool, field)
		}
	})
}
