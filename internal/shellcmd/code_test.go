package shellcmd

import (
	"slices"
	"testing"
)

// TestProgramLiterals: an interpreter given its program in the line (-c, -e, a here-document on
// its standard input, awk's program, a sed w command) names each path its string literals spell,
// as a command's operands do: open('.system/hooks/x.yaml', 'w') names .system/hooks/x.yaml.
func TestProgramLiterals(t *testing.T) {
	for _, tc := range []struct{ line, path string }{
		{`python3 -c "open('.system/hooks/x.yaml','w')"`, ".system/hooks/x.yaml"},
		{`python -c 'import os; os.remove(".env")'`, ".env"},
		{`python3.12 -I -c "import shutil; shutil.rmtree('.system')"`, ".system"},
		{`node -e "require('fs').unlinkSync('.system/hooks/protect_hooks.yaml')"`, ".system/hooks/protect_hooks.yaml"},
		{"node --eval 'fs.writeFileSync(`opencode.json`, \"{}\")'", "opencode.json"},
		{`node -pe 'require("fs").rmSync("scripts/hooks", {recursive: true})'`, "scripts/hooks"},
		{`bun -e 'await Bun.write(".env", "X=1")'`, ".env"},
		{`deno eval 'Deno.removeSync(".system", {recursive: true})'`, ".system"},
		{`ruby -e 'File.delete(".claude/settings.local.json")'`, ".claude/settings.local.json"},
		{`perl -e 'unlink ".system/hooks/protect_hooks.yaml"'`, ".system/hooks/protect_hooks.yaml"},
		{`perl -ne 'print' -e 'unlink q(x), ".env"' f`, ".env"},
		{`php -r 'unlink(".env");'`, ".env"},
		{`awk 'BEGIN { print "x" > ".env" }'`, ".env"},
		{`gawk -e 'BEGIN { system("true") }' -e 'END { printf "" > "opencode.json" }' f`, "opencode.json"},
		{"python3 <<'EOF'\nimport os\nos.remove('.system/hooks/protect_hooks.yaml')\nEOF", ".system/hooks/protect_hooks.yaml"},
		{"python3 - <<EOF\nopen(\".env\", \"w\").write(\"$HOME\")\nEOF", ".env"},
		{`node <<< "require('fs').rmSync('.github/hooks', {recursive: true})"`, ".github/hooks"},
		{`sed -n 'w .env' /tmp/x`, ".env"},
		{`sed -e 's/a/b/w .claude/settings.local.json' f`, ".claude/settings.local.json"},
		{`sudo python3 -c "open('.env','w')"`, ".env"},
	} {
		if l := Parse(tc.line); !slices.Contains(l.Paths, tc.path) {
			t.Errorf("Parse(%q).Paths = %q, want %q among them", tc.line, l.Paths, tc.path)
		}
	}
	// A pattern in a literal is not followed (glob.glob('**/*.py') would read the whole tree), nor
	// is a program in a file.
	if l := Parse(`python3 -c "import glob; print(glob.glob('**/*.py'), '~me')"`); slices.Contains(l.Paths, "**/*.py") || len(l.UnknownPaths) > 0 {
		t.Errorf("a pattern or ~name in a literal: Paths %q, UnknownPaths %q", l.Paths, l.UnknownPaths)
	}
}
