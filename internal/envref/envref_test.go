package envref

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in, str, names, err string
	}{
		{in: "https://p.example/v1/data", str: "https://p.example/v1/data"},
		{in: "Bearer ${POLICY_TOKEN}", str: "Bearer ${POLICY_TOKEN}", names: "POLICY_TOKEN"},
		{in: "${A}${b_2}${A}", str: "${A}${b_2}${A}", names: "A,b_2"},
		{in: "cost $$5", str: "cost $$5"},
		{in: "", str: ""},
		{in: "$HOME", err: "$HOME at byte 1: write ${HOME} (a reference takes braces), or $$ for a literal $"},
		{in: "Bearer $POLICY_TOKEN.", err: "$POLICY_TOKEN at byte 8: write ${POLICY_TOKEN} (a reference takes braces), or $$ for a literal $"},
		{in: "x$", err: "a $ at byte 2 must start a reference such as ${NAME}; write $$ for a literal $"},
		{in: "cost $5", err: "a $ at byte 6 must start a reference such as ${NAME}; write $$ for a literal $"},
		{in: "${A", err: "unclosed ${ at byte 1"},
		{in: "${}", err: "${} at byte 1: a variable name is"},
		{in: "${1A}", err: "${1A} at byte 1"},
		{in: "${A-B}", err: "${A-B} at byte 1"},
	} {
		tmpl, err := Parse(tc.in)
		if tc.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
				t.Errorf("Parse(%q) error = %v, want prefix %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if got := tmpl.String(); got != tc.str {
			t.Errorf("Parse(%q).String() = %q, want %q", tc.in, got, tc.str)
		}
		if got := strings.Join(tmpl.Names(), ","); got != tc.names {
			t.Errorf("Parse(%q).Names() = %q, want %q", tc.in, got, tc.names)
		}
	}
}

func TestExpand(t *testing.T) {
	env := map[string]string{"TOKEN": "s3cret", "EMPTY": ""}
	lookup := func(n string) (string, bool) { v, ok := env[n]; return v, ok }
	tmpl, _ := Parse("Bearer ${TOKEN} $$x")
	got, values, err := tmpl.Expand(lookup)
	if err != nil || got != "Bearer s3cret $x" || strings.Join(values, ",") != "s3cret" {
		t.Errorf("Expand = %q %q %v", got, values, err)
	}
	for in, want := range map[string]string{
		"${MISSING}": "${MISSING} is not set in hookrun's environment",
		"${EMPTY}":   "${EMPTY} is empty in hookrun's environment",
	} {
		tmpl, _ := Parse(in)
		if _, _, err := tmpl.Expand(lookup); err == nil || err.Error() != want {
			t.Errorf("Expand(%q) error = %v, want %q", in, err, want)
		}
	}
}

// FuzzParse: whatever a declaration holds, Parse does not panic, and what
// it accepts prints back as a template that parses to the same thing.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"Bearer ${T}", "$$", "${", "$x", "a${B_1}c$$d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tmpl, err := Parse(s)
		if err != nil {
			return
		}
		again, err := Parse(tmpl.String())
		if err != nil || again.String() != tmpl.String() {
			t.Fatalf("round trip of %q: %q, %v", s, again.String(), err)
		}
		plain := tmpl.Text(func(string) string { return "" })
		exp, _, err := tmpl.Expand(func(string) (string, bool) { return "v", true })
		if err != nil || len(exp) != len(plain)+len(tmpl.partsNamed()) {
			t.Fatalf("expand of %q: %q, %v", s, exp, err)
		}
	})
}

func (t Template) partsNamed() []string {
	var out []string
	for _, p := range t.parts {
		if p.name != "" {
			out = append(out, p.name)
		}
	}
	return out
}
