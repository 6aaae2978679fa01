package schema

import (
	"fmt"
	"io/fs"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/hookrun/hookrun/internal/config"
)

// fixture is one hook file found in the repo.
type fixture struct {
	where string // archive!name, or a path
	data  []byte
}

// fixtures gathers every hook file of the repo: the ones embedded under
// .system/hooks/ in the CLI scripts, and the examples.
func fixtures(t *testing.T) []fixture {
	t.Helper()
	var out []fixture
	archives, err := filepath.Glob("../../testdata/scripts/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range archives {
		ar, err := txtar.ParseFile(a)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if strings.Contains("/"+f.Name, "/.system/hooks/") && config.IsDeclFile(f.Name) {
				out = append(out, fixture{filepath.Base(a) + "!" + f.Name, f.Data})
			}
		}
	}
	err = filepath.WalkDir("../../examples", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.Contains(path, "/.system/hooks/") && config.IsDeclFile(path) {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			out = append(out, fixture{strings.TrimPrefix(path, "../../"), data})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// beyondSchema reports whether a finding of validate is one the schema
// does not claim to check (Boundary). Cross-file and file-system checks
// never show up here: the test runs validate's single-file checks only.
func beyondSchema(f config.Finding) bool {
	for _, beyond := range []string{
		"invalid glob",
		"not a valid RE2 regular expression",
		"joins commands with",                 // command-pattern syntax
		"commands: command pattern",           // the same, from shellcmd.Compile
		"handler.url: a $ at byte",            // ${NAME} syntax inside a string
		"(a reference takes braces)",          // $NAME for ${NAME}, the same
		"handler.url: must not carry",         // credentials in a url
		"which is not in handler.allowed_env", // a cross-field check
		"is given twice (first at line",       // header names equal regardless of case
	} {
		if strings.Contains(f.Message, beyond) {
			return true
		}
	}
	return false
}

// TestSchemaAgreesWithValidate proves that the schema and validate agree
// on every hook file in the repo: the schema rejects a file exactly when
// validate reports an error the schema claims to check. A file that is
// not plain JSON-shaped YAML (duplicate keys, anchors, several documents,
// a syntax error) is out of the schema's reach; validate must reject it.
func TestSchemaAgreesWithValidate(t *testing.T) {
	ev, err := newEvaluator(JSON())
	if err != nil {
		t.Fatal(err)
	}
	var valid, invalid, yamlLevel, beyond int
	for _, fx := range fixtures(t) {
		_, findings := config.ParseFile(fx.where, fx.data)
		var claimed, other []string
		for _, f := range findings {
			switch {
			case f.Severity != config.Error:
			case beyondSchema(f):
				other = append(other, f.Message)
			default:
				claimed = append(claimed, f.Message)
			}
		}
		v, err := yamlToJSON(fx.data)
		if err != nil {
			yamlLevel++
			if len(claimed)+len(other) == 0 {
				t.Errorf("%s: no JSON equivalent (%v), yet validate accepts it", fx.where, err)
			}
			continue
		}
		problems := ev.validate(ev.root, v, "$")
		switch {
		case len(problems) > 0 && len(claimed) == 0:
			t.Errorf("%s: the schema rejects what validate accepts:\n  schema: %s\n  validate: %v",
				fx.where, strings.Join(problems, "\n          "), other)
		case len(problems) == 0 && len(claimed) > 0:
			t.Errorf("%s: the schema accepts what validate rejects:\n  validate: %s", fx.where, strings.Join(claimed, "\n            "))
		}
		switch {
		case len(claimed) > 0:
			invalid++
		case len(other) > 0:
			beyond++
		default:
			valid++
		}
	}
	t.Logf("%d valid, %d invalid, %d beyond the schema, %d not JSON-shaped", valid, invalid, beyond, yamlLevel)
	// The test proves nothing on an empty corpus: the repo's scripts and
	// examples hold far more than this.
	if valid < 10 || invalid < 40 || beyond < 1 || yamlLevel < 3 {
		t.Errorf("corpus too small to prove agreement: %d valid, %d invalid, %d beyond, %d not JSON-shaped", valid, invalid, beyond, yamlLevel)
	}
}

// TestEvaluator shows the test evaluator can fail: each case is a small
// schema and a value it must accept or reject.
func TestEvaluator(t *testing.T) {
	cases := []struct {
		schema string
		yaml   string
		ok     bool
	}{
		{`{"type":"string"}`, `x`, true},
		{`{"type":"string"}`, `5`, false},
		{`{"type":"integer"}`, `5`, true},
		{`{"type":"integer"}`, `5.0`, false},
		{`{"type":"number"}`, `5`, true},
		{`{"type":["string","null"]}`, `~`, true},
		{`{"enum":["a","b"]}`, `c`, false},
		{`{"const":true}`, `true`, true},
		{`{"const":true}`, `false`, false},
		{`{"pattern":"^a+$"}`, `aab`, false},
		{`{"pattern":"^a+$"}`, `5`, true},
		{`{"minLength":2}`, `é`, false},
		{`{"maxLength":1}`, `é`, true},
		{`{"minimum":0}`, `-1`, false},
		{`{"maximum":10}`, `10`, true},
		{`{"maximum":2147483647}`, `99999999999999999999999`, false},
		{`{"minItems":1}`, `[]`, false},
		{`{"items":{"type":"string"}}`, `[a, 1]`, false},
		{`{"required":["a"]}`, `{b: 1}`, false},
		{`{"properties":{"a":false}}`, `{a: 1}`, false},
		{`{"properties":{"a":false}}`, `{b: 1}`, true},
		{`{"properties":{"a":{}},"additionalProperties":false}`, `{b: 1}`, false},
		{`{"propertyNames":{"not":{"pattern":"^X"}}}`, `{Xa: 1}`, false},
		{`{"minProperties":1,"maxProperties":1}`, `{a: 1, b: 2}`, false},
		{`{"anyOf":[{"type":"string"},{"type":"array"}]}`, `{}`, false},
		{`{"allOf":[{"pattern":"a"},{"pattern":"b"}]}`, `ab`, true},
		{`{"allOf":[{"pattern":"a"},{"pattern":"b"}]}`, `a`, false},
		{`{"if":{"const":1},"then":{"const":2}}`, `1`, false},
		{`{"if":{"const":1},"then":{"const":2}}`, `3`, true},
		{`{"definitions":{"s":{"type":"string"}},"$ref":"#/definitions/s"}`, `1`, false},
		{`{"frobnicate":1}`, `1`, false},
	}
	for _, c := range cases {
		ev, err := newEvaluator([]byte(c.schema))
		if err != nil {
			t.Fatal(err)
		}
		v, err := yamlToJSON([]byte(c.yaml))
		if err != nil {
			t.Fatalf("%s: %v", c.yaml, err)
		}
		problems := ev.validate(ev.root, v, "$")
		if got := len(problems) == 0; got != c.ok {
			t.Errorf("schema %s, value %s: accepted=%v, want %v (%v)", c.schema, c.yaml, got, c.ok, problems)
		}
	}
}

// TestYAMLToJSON pins the reader's view of YAML: what has no JSON
// equivalent, and how scalars are typed.
func TestYAMLToJSON(t *testing.T) {
	for _, bad := range []string{"a: 1\na: 2\n", "a: &x 1\nb: *x\n", "a: 1\n---\nb: 2\n", "a: [\n", "? [a]\n: 1\n", "a: !custom x\n"} {
		if _, err := yamlToJSON([]byte(bad)); err == nil {
			t.Errorf("%q: read as JSON, want errNotJSON", bad)
		}
	}
	v, err := yamlToJSON([]byte("i: 0x10\nf: 1.5\nb: yes\nt: true\nn:\ns: '5'\n"))
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(v)
	want := fmt.Sprint(map[string]any{"i": big.NewInt(16), "f": 1.5, "b": "yes", "t": true, "n": nil, "s": "5"})
	if got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestSchemaPatternsCompile checks every pattern in the schema reads the
// same in Go as in ECMA-262 as far as this test can tell: it compiles in
// Go and uses no syntax peculiar to one of them.
func TestSchemaPatternsCompile(t *testing.T) {
	ev, err := newEvaluator(JSON())
	if err != nil {
		t.Fatal(err)
	}
	var walk func(any)
	var patterns []string
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if s, ok := x.(string); ok && k == "pattern" {
					patterns = append(patterns, s)
				}
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(ev.root)
	if len(patterns) < 5 {
		t.Fatalf("found %d patterns, want the schema's (at least 5)", len(patterns))
	}
	for _, p := range patterns {
		if _, err := ev.pattern(p); err != nil {
			t.Error(err)
		}
		for _, peculiar := range []string{`\z`, `\A`, `(?`, `\p`, `[[:`} {
			if strings.Contains(p, peculiar) {
				t.Errorf("pattern %q uses %s, which ECMA-262 and RE2 read differently", p, peculiar)
			}
		}
	}
}

// TestExampleSchemaIsCurrent keeps the schema that examples/ ships for
// editors equal to this hookrun's (hookrun init refreshes it).
func TestExampleSchemaIsCurrent(t *testing.T) {
	got, err := os.ReadFile("../../examples/.system/hookrun.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(JSON()) {
		t.Errorf("examples/.system/hookrun.schema.json is stale: run hookrun init in examples/")
	}
}
