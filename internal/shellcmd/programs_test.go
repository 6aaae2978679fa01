package shellcmd

import (
	"slices"
	"testing"
)

// TestPrograms: a path a line names only as the program a command runs is a program
// (Line.Programs), which a rule may leave out (ignore_programs); one some other word of
// the line names too, as an operand, a redirection target or a link, may be changed by it.
func TestPrograms(t *testing.T) {
	for _, tt := range []struct {
		line string
		want []string
	}{
		{"~/.local/bin/ruff check .", []string{"~/.local/bin/ruff"}},
		{"/usr/local/bin/hookrun validate", []string{"/usr/local/bin/hookrun"}},
		{"sudo /usr/local/bin/hookrun version", []string{"/usr/local/bin/hookrun"}},
		{"cd sub && ./t", []string{"./t", "sub/t"}},
		{"ruff check .", nil},
		{"sh ./t", nil},
		{"cp x ./t && ./t", nil},
		{"./t > ./t", nil},
		{"ln -s /bin/true bin/t; bin/t", nil},
		{"./a; cat ./b", []string{"./a"}},
	} {
		got := parse(tt.line).Programs
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q: Programs %q, want %q", tt.line, got, tt.want)
		}
	}
}

// TestUnknownCommandOperands: a command whose name is only known when the line runs ($c, $(which
// cp)) or is a file-name pattern (/bin/c[p], prod/*) still names its words as operands: /bin/c[p] /tmp/x
// prod/deploy.sh writes prod/deploy.sh, and a rule on paths alone must see it. A pattern in the
// name's place is no program: its later matches are the first one's operands.
func TestUnknownCommandOperands(t *testing.T) {
	for _, tt := range []struct {
		line    string
		paths   []string
		unknown int
	}{
		{"/bin/c[p] /tmp/x prod/deploy.sh", []string{"/bin/c[p]", "/tmp/x", "prod/deploy.sh"}, 0},
		{"/usr/bin/t?e -a prod/deploy.sh < /tmp/x", []string{"/usr/bin/t?e", "prod/deploy.sh", "/tmp/x"}, 0},
		{"prod/*", []string{"prod/*"}, 0},
		{`$(which cp) /tmp/x "$f"`, []string{"/tmp/x", "cp"}, 1},
	} {
		got := parse(tt.line)
		if !slices.Equal(got.Paths, tt.paths) || len(got.UnknownPaths) != tt.unknown || len(got.Programs) != 0 {
			t.Errorf("%q: Paths %q, UnknownPaths %q, Programs %q; want Paths %q, %d unknown, no programs", tt.line, got.Paths, got.UnknownPaths, got.Programs, tt.paths, tt.unknown)
		}
	}
}
