// Command hello is the smallest Go program: the cost of starting any Go process, the baseline an
// event whose hooks are all rules hooks (no handler process) is measured against.
package main

import "fmt"

func main() { fmt.Println("hello") }
