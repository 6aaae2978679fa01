// Command floor is the benchmark's baseline: the least any hook runner must
// do for one event. It reads the context, starts N handler processes
// concurrently with the context on their stdin, collects their stdout and
// waits. hookrun's overhead is measured as a ratio against it.
//
//	floor -n 10 -context ctx.json ./handler.sh
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
)

func main() {
	n := flag.Int("n", 1, "handler processes to start")
	ctxFile := flag.String("context", "", "context file (default stdin)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: floor [-n N] [-context FILE] COMMAND")
		os.Exit(2)
	}
	var in io.Reader = os.Stdin
	if *ctxFile != "" {
		f, err := os.Open(*ctxFile)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		in = f
	}
	ctx, err := io.ReadAll(in)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	outs := make([][]byte, *n)
	var wg sync.WaitGroup
	for i := range outs {
		wg.Go(func() {
			c := exec.Command(flag.Arg(0))
			c.Stdin = bytes.NewReader(ctx)
			outs[i], _ = c.Output()
		})
	}
	wg.Wait()
	total := 0
	for _, o := range outs {
		total += len(o)
	}
	fmt.Println(total)
}
