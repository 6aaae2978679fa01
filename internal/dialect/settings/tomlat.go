package settings

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/pelletier/go-toml/v2/unstable"
)

// locateTOML is where a TOML file (Codex's config.toml) spells the key at
// path (keys, and array indices as parseTOML's JSON numbers them): its
// line and column, from 1; the deepest key on the way when the file has
// no more of it; 0, 0 when none, or the file is not TOML.
func locateTOML(data []byte, path []string) (line, col int) {
	l := tomlLocator{want: path, tables: map[string]int{}}
	l.p.Reset(data)
	for l.p.NextExpression() {
		e := l.p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			// A header's key goes through the last item of each array
			// table on its way ([[a]] then [a.b] is a[n].b).
			var path []string
			for it := e.Key(); it.Next(); {
				k := it.Node()
				path = append(path, string(k.Data))
				l.note(path, k.Raw)
				if n, ok := l.tables[keyName(path)]; ok && !(it.IsLast() && e.Kind == unstable.ArrayTable) {
					path = append(path, strconv.Itoa(n-1))
				}
			}
			if e.Kind == unstable.ArrayTable {
				name := keyName(path)
				path = append(path, strconv.Itoa(l.tables[name]))
				l.tables[name]++
			}
			l.table = path
		case unstable.KeyValue:
			l.keyValue(slices.Clone(l.table), e)
		}
	}
	if l.p.Error() != nil || l.depth == 0 {
		return 0, 0
	}
	s := l.p.Shape(l.best)
	return s.Start.Line, s.Start.Column
}

type tomlLocator struct {
	p      unstable.Parser
	want   []string
	table  []string       // the path of the table the expressions are in
	tables map[string]int // array tables seen, by path: the next index
	best   unstable.Range // the deepest key of want found so far
	depth  int            // how many of want's parts it spells
}

// keys follows a (dotted) key from path, noting each part of want it
// spells, and returns the path it leads to.
func (l *tomlLocator) keys(path []string, it unstable.Iterator) []string {
	path = slices.Clone(path)
	for it.Next() {
		k := it.Node()
		path = append(path, string(k.Data))
		l.note(path, k.Raw)
	}
	return path
}

// note keeps the key at raw when path is the longest part of want yet.
func (l *tomlLocator) note(path []string, raw unstable.Range) {
	if len(path) > l.depth && len(path) <= len(l.want) && slices.Equal(path, l.want[:len(path)]) {
		l.best, l.depth = raw, len(path)
	}
}

func (l *tomlLocator) keyValue(path []string, kv *unstable.Node) {
	l.value(l.keys(path, kv.Key()), kv.Value())
}

// value looks into an inline table's keys and an array's items.
func (l *tomlLocator) value(path []string, v *unstable.Node) {
	switch v.Kind {
	case unstable.InlineTable:
		for it := v.Children(); it.Next(); {
			l.keyValue(path, it.Node())
		}
	case unstable.Array:
		i := 0
		for it := v.Children(); it.Next(); i++ {
			l.value(append(slices.Clone(path), strconv.Itoa(i)), it.Node())
		}
	}
}

func keyName(path []string) string {
	b, _ := json.Marshal(path)
	return string(b)
}
