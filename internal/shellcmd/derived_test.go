package shellcmd

import (
	"slices"
	"strings"
	"testing"
)

// TestDerivedNames: a command that writes a file under a name it makes from its operand (a
// decompressor drops the suffix, a backup adds -S's, split and rename compute them) names that
// file too, or, when the name is made only when it runs, leaves the paths unknown.
func TestDerivedNames(t *testing.T) {
	for _, tc := range []struct{ line, path, unknown string }{
		{line: "gunzip .claude/settings.local.json.gz", path: ".claude/settings.local.json"},
		{line: "gzip -dk opencode.json.gz", path: "opencode.json"},
		{line: "gzip --decompress -S .bak .env.bak", path: ".env"},
		{line: "gzip -d --suffix=json .envjson", path: ".env"},
		{line: "xz -d .env.xz", path: ".env"},
		{line: "unxz -T0 .env.xz", path: ".env"},
		{line: "zstd -d --rm .env.zst", path: ".env"},
		{line: "unzstd .env.zst", path: ".env"},
		{line: "bunzip2 .env.bz2", path: ".env"},
		{line: "bzip2 -d .env.bz2", path: ".env"},
		{line: "lz4 -d .env.lz4", path: ".env"},
		{line: "brotli -d .env.br", path: ".env"},
		{line: "uncompress .env.Z", path: ".env"},
		{line: "pigz -d .env.gz", path: ".env"},
		{line: "gunzip e.tgz", path: "e.tar"},
		{line: "mv -b --suffix=.json .claude/x .claude/settings.local", path: ".claude/settings.local.json"},
		{line: "cp --backup=simple -S .json a .claude/settings", path: ".claude/settings.json"},
		{line: "install -b -S.json a .claude/settings", path: ".claude/settings.json"},
		{line: "SIMPLE_BACKUP_SUFFIX=.json mv -b a .claude/settings", unknown: "SIMPLE_BACKUP_SUFFIX"},
		{line: "rename .bak '' .claude/settings.local.json.bak", unknown: "rename makes the new names"},
		{line: "prename 's/\\.bak$//' .env.bak", unknown: "prename makes the new names"},
		{line: "split -l 1 big .e", unknown: "split names the files it writes"},
		{line: "csplit -f .e big 1", unknown: "csplit names the files it writes"},

		{line: "gzip -c a > a.gz", path: "a.gz"},
		{line: "gunzip -c e.gz | head", path: "e.gz"},
		{line: "zcat e.gz", path: "e.gz"},
		{line: "split -l 100 big", path: "big"},
	} {
		l := Parse(tc.line)
		switch {
		case tc.unknown != "":
			if len(l.UnknownPaths) == 0 || !strings.Contains(l.UnknownPaths[0], tc.unknown) {
				t.Errorf("Parse(%q).UnknownPaths = %q, want one with %q", tc.line, l.UnknownPaths, tc.unknown)
			}
		case !slices.Contains(l.Paths, tc.path) || len(l.UnknownPaths) > 0:
			t.Errorf("Parse(%q): Paths %q, UnknownPaths %q; want %q among the paths and none unknown", tc.line, l.Paths, l.UnknownPaths, tc.path)
		}
	}
	// With -c (to standard output) nothing is written beside the operand.
	if l := Parse("gunzip -c .env.gz"); slices.Contains(l.Paths, ".env") {
		t.Errorf("gunzip -c names %q", l.Paths)
	}
}
