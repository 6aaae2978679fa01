// Command linked links two modules and does nothing: TestCheck's stand-in
// for hookrun, quicker to build, with modules in its build information.
package main

import (
	_ "github.com/bmatcuk/doublestar/v4"
	_ "go.yaml.in/yaml/v3"
)

func main() {}
