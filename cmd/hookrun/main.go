// Command hookrun runs a repository's hooks for one event of an AI agent's
// session: context in on stdin, one merged result out, an exit code to act on.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
