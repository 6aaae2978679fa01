package schema

// A JSON Schema (draft-07) evaluator for the keywords this package's
// schema uses, and a YAML reader that turns a hook file into the JSON
// value an editor would validate. Test-only: hookrun itself never
// evaluates the schema (validate is the authority), and no dependency is
// added for it. An unknown keyword is an error, so the schema cannot use a
// keyword this evaluator would silently skip.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// evaluator holds a parsed schema document and resolves local $refs.
type evaluator struct {
	root     any
	patterns map[string]*regexp.Regexp
}

func newEvaluator(doc []byte) (*evaluator, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var root any
	if err := dec.Decode(&root); err != nil {
		return nil, err
	}
	return &evaluator{root: root, patterns: map[string]*regexp.Regexp{}}, nil
}

// ignored keywords annotate; they never make a document invalid.
var annotations = []string{"$schema", "$comment", "title", "description", "default", "examples", "definitions"}

// validate returns every problem found in v, each prefixed by where.
func (e *evaluator) validate(s any, v any, at string) []string {
	switch s := s.(type) {
	case bool:
		if s {
			return nil
		}
		return []string{at + ": not allowed"}
	case map[string]any:
		return e.object(s, v, at)
	}
	return []string{fmt.Sprintf("%s: schema is %T, not an object or boolean", at, s)}
}

func (e *evaluator) object(s map[string]any, v any, at string) []string {
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, at+": "+fmt.Sprintf(format, args...)) }
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		kw := s[k]
		switch k {
		case "$ref":
			target, err := e.resolve(kw.(string))
			if err != nil {
				fail("%v", err)
				continue
			}
			errs = append(errs, e.validate(target, v, at)...)
		case "type":
			if !typeMatches(kw, v) {
				fail("type %v wanted, got %s", kw, kindOf(v))
			}
		case "enum":
			if !slices.ContainsFunc(kw.([]any), func(x any) bool { return equal(x, v) }) {
				fail("not one of %v", kw)
			}
		case "const":
			if !equal(kw, v) {
				fail("not %v", kw)
			}
		case "pattern":
			str, ok := v.(string)
			if !ok {
				continue
			}
			re, err := e.pattern(kw.(string))
			if err != nil {
				fail("%v", err)
				continue
			}
			if !re.MatchString(str) {
				fail("%q does not match %s", str, kw)
			}
		case "minLength", "maxLength":
			str, ok := v.(string)
			if !ok {
				continue
			}
			n := len([]rune(str))
			lim := intOf(kw)
			if k == "minLength" && n < lim || k == "maxLength" && n > lim {
				fail("length %d violates %s %d", n, k, lim)
			}
		case "minimum", "maximum":
			c, ok := compare(v, kw)
			if ok && (k == "minimum" && c < 0 || k == "maximum" && c > 0) {
				fail("%v violates %s %v", v, k, kw)
			}
		case "minItems":
			if arr, ok := v.([]any); ok && len(arr) < intOf(kw) {
				fail("%d items, fewer than %v", len(arr), kw)
			}
		case "items":
			if arr, ok := v.([]any); ok {
				for i, item := range arr {
					errs = append(errs, e.validate(kw, item, fmt.Sprintf("%s[%d]", at, i))...)
				}
			}
		case "properties", "additionalProperties", "propertyNames", "minProperties", "maxProperties", "required":
			obj, ok := v.(map[string]any)
			if !ok {
				continue
			}
			errs = append(errs, e.objectKeyword(s, k, kw, obj, at)...)
		case "allOf":
			for i, sub := range kw.([]any) {
				errs = append(errs, e.validate(sub, v, fmt.Sprintf("%s(allOf %d)", at, i))...)
			}
		case "anyOf":
			var all []string
			ok := false
			for _, sub := range kw.([]any) {
				sub := e.validate(sub, v, at)
				if len(sub) == 0 {
					ok = true
					break
				}
				all = append(all, sub...)
			}
			if !ok {
				fail("no anyOf branch fits: %s", strings.Join(all, "; "))
			}
		case "not":
			if len(e.validate(kw, v, at)) == 0 {
				fail("matches a schema it must not match")
			}
		case "if":
			branch := "else"
			if len(e.validate(kw, v, at)) == 0 {
				branch = "then"
			}
			if sub, ok := s[branch]; ok {
				errs = append(errs, e.validate(sub, v, at)...)
			}
		case "then", "else":
			// applied by "if"
		default:
			if !slices.Contains(annotations, k) {
				fail("keyword %q is not supported by the test evaluator", k)
			}
		}
	}
	return errs
}

// objectKeyword applies one of the keywords that look at an object's
// properties. additionalProperties needs the sibling properties.
func (e *evaluator) objectKeyword(s map[string]any, k string, kw any, obj map[string]any, at string) []string {
	var errs []string
	names := make([]string, 0, len(obj))
	for n := range obj {
		names = append(names, n)
	}
	slices.Sort(names)
	switch k {
	case "properties":
		props := kw.(map[string]any)
		for _, n := range names {
			if sub, ok := props[n]; ok {
				errs = append(errs, e.validate(sub, obj[n], at+"."+n)...)
			}
		}
	case "additionalProperties":
		props, _ := s["properties"].(map[string]any)
		for _, n := range names {
			if _, known := props[n]; !known {
				errs = append(errs, e.validate(kw, obj[n], at+"."+n)...)
			}
		}
	case "propertyNames":
		for _, n := range names {
			errs = append(errs, e.validate(kw, n, at+" key "+strconv.Quote(n))...)
		}
	case "minProperties":
		if len(obj) < intOf(kw) {
			errs = append(errs, fmt.Sprintf("%s: %d properties, fewer than %v", at, len(obj), kw))
		}
	case "maxProperties":
		if len(obj) > intOf(kw) {
			errs = append(errs, fmt.Sprintf("%s: %d properties, more than %v", at, len(obj), kw))
		}
	case "required":
		for _, r := range kw.([]any) {
			if _, ok := obj[r.(string)]; !ok {
				errs = append(errs, fmt.Sprintf("%s: missing required %q", at, r))
			}
		}
	}
	return errs
}

func (e *evaluator) resolve(ref string) (any, error) {
	path, ok := strings.CutPrefix(ref, "#/")
	if !ok {
		return nil, fmt.Errorf("$ref %q: only local references are supported", ref)
	}
	cur := e.root
	for _, part := range strings.Split(path, "/") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("$ref %q: no %s", ref, part)
		}
		if cur, ok = m[part]; !ok {
			return nil, fmt.Errorf("$ref %q: no %s", ref, part)
		}
	}
	return cur, nil
}

func (e *evaluator) pattern(p string) (*regexp.Regexp, error) {
	if re, ok := e.patterns[p]; ok {
		return re, nil
	}
	re, err := regexp.Compile(p)
	if err != nil {
		return nil, fmt.Errorf("pattern %q: %v", p, err)
	}
	e.patterns[p] = re
	return re, nil
}

// A YAML integer is a *big.Int, a YAML float a float64: the reader keeps
// the distinction hookrun's own decoder makes (priority: 1.0 is not a
// whole number to validate).
func kindOf(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case *big.Int:
		return "integer"
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return "number"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

func typeMatches(kw any, v any) bool {
	one := func(t string) bool {
		k := kindOf(v)
		return t == k || t == "number" && k == "integer"
	}
	switch kw := kw.(type) {
	case string:
		return one(kw)
	case []any:
		return slices.ContainsFunc(kw, func(t any) bool { return one(t.(string)) })
	}
	return false
}

func intOf(kw any) int {
	n, err := strconv.Atoi(kw.(json.Number).String())
	if err != nil {
		panic(err)
	}
	return n
}

// compare orders a number against a schema bound; ok is false when v is
// not a number (the keyword does not apply) or is NaN.
func compare(v any, bound any) (int, bool) {
	b, _, err := big.ParseFloat(bound.(json.Number).String(), 10, 256, big.ToNearestEven)
	if err != nil {
		panic(err)
	}
	switch v := v.(type) {
	case *big.Int:
		return new(big.Float).SetInt(v).Cmp(b), true
	case float64:
		if math.IsNaN(v) {
			return 0, false
		}
		return big.NewFloat(v).Cmp(b), true
	}
	return 0, false
}

// equal compares a schema constant (decoded JSON) with a YAML value.
func equal(schemaVal, v any) bool {
	switch s := schemaVal.(type) {
	case nil:
		return v == nil
	case bool:
		b, ok := v.(bool)
		return ok && b == s
	case string:
		str, ok := v.(string)
		return ok && str == s
	case json.Number:
		c, ok := compare(v, s)
		return ok && c == 0
	}
	return false
}

// errNotJSON marks a YAML file that has no JSON equivalent: editors
// report such files as YAML errors before any schema applies.
var errNotJSON = errors.New("not representable as JSON")

// yamlToJSON reads one hook file the way an editor's YAML layer would hand
// it to a schema validator.
func yamlToJSON(data []byte) (any, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil // an empty file is a null document
		}
		return nil, fmt.Errorf("%w: %v", errNotJSON, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%w: more than one document", errNotJSON)
	}
	if len(doc.Content) == 0 {
		return nil, nil
	}
	return nodeValue(doc.Content[0])
}

func nodeValue(n *yaml.Node) (any, error) {
	if n.Anchor != "" || n.Kind == yaml.AliasNode {
		return nil, fmt.Errorf("%w: anchor or alias at line %d", errNotJSON, n.Line)
	}
	switch n.Kind {
	case yaml.MappingNode:
		obj := map[string]any{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Kind != yaml.ScalarNode || k.Tag == "!!merge" {
				return nil, fmt.Errorf("%w: key at line %d is not a scalar", errNotJSON, k.Line)
			}
			if _, dup := obj[k.Value]; dup {
				return nil, fmt.Errorf("%w: duplicate key %q at line %d", errNotJSON, k.Value, k.Line)
			}
			val, err := nodeValue(v)
			if err != nil {
				return nil, err
			}
			obj[k.Value] = val
		}
		return obj, nil
	case yaml.SequenceNode:
		arr := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			val, err := nodeValue(c)
			if err != nil {
				return nil, err
			}
			arr = append(arr, val)
		}
		return arr, nil
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!null":
			return nil, nil
		case "!!bool":
			var b bool
			if err := n.Decode(&b); err != nil {
				return nil, fmt.Errorf("%w: %v", errNotJSON, err)
			}
			return b, nil
		case "!!int":
			var i int64
			if err := n.Decode(&i); err == nil {
				return big.NewInt(i), nil
			}
			b, ok := new(big.Int).SetString(strings.ReplaceAll(n.Value, "_", ""), 0)
			if !ok {
				return nil, fmt.Errorf("%w: integer %q", errNotJSON, n.Value)
			}
			return b, nil
		case "!!float":
			var f float64
			if err := n.Decode(&f); err != nil {
				return nil, fmt.Errorf("%w: %v", errNotJSON, err)
			}
			return f, nil
		case "!!str", "!!timestamp", "!!binary":
			return n.Value, nil
		}
		return nil, fmt.Errorf("%w: unknown tag %s at line %d", errNotJSON, n.Tag, n.Line)
	}
	return nil, fmt.Errorf("%w: node kind %v", errNotJSON, n.Kind)
}
