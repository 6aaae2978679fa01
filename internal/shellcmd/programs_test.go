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
