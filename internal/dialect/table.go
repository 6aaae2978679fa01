package dialect

// table is a small lookup table of an agent's names. A slice of constant
// pairs is laid out at build time; a map would be built by code at every
// start of hookrun, which serves one event and exits.
type table[V any] []struct {
	name string
	val  V
}

// get returns the value for name, or false when the table has none.
func (t table[V]) get(name string) (V, bool) {
	for _, e := range t {
		if e.name == name {
			return e.val, true
		}
	}
	var zero V
	return zero, false
}
