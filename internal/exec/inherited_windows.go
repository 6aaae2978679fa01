package exec

// closeInherited: on Windows a handler inherits only the handles Go lists
// for it.
func closeInherited() {}
