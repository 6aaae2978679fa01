package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// helperMain is hrtest, a handler toolkit for the scripts, so that they
// depend on no tool of the machine's beyond sh:
//
//	hrtest sleep DURATION        sleep, then exit 0
//	hrtest flood N [stdout|stderr] write N bytes of 'x'
//	hrtest ignoreterm DURATION   ignore SIGTERM while sleeping
//	hrtest cat                   copy stdin to stdout
//	hrtest env NAME...           print NAME=value per line
//	hrtest json TEXT             print TEXT after a delay given by HRTEST_DELAY
//	hrtest pids FILE             append own pid to FILE, then sleep 60s
//	hrtest copytree SRC DST      copy a directory tree, modes kept
func helperMain(args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "hrtest: missing subcommand")
		return 64
	}
	switch args[0] {
	case "sleep":
		d, _ := time.ParseDuration(args[1])
		time.Sleep(d)
	case "flood":
		n, _ := strconv.Atoi(args[1])
		w := os.Stdout
		if len(args) > 2 && args[2] == "stderr" {
			w = os.Stderr
		}
		chunk := []byte(strings.Repeat("x", 64<<10))
		for n > 0 {
			k := min(n, len(chunk))
			if _, err := w.Write(chunk[:k]); err != nil {
				return 1
			}
			n -= k
		}
	case "ignoreterm":
		signal.Ignore(syscall.SIGTERM)
		d, _ := time.ParseDuration(args[1])
		time.Sleep(d)
	case "cat":
		_, _ = io.Copy(os.Stdout, os.Stdin)
	case "env":
		for _, name := range args[1:] {
			fmt.Printf("%s=%s\n", name, os.Getenv(name))
		}
	case "json":
		if d, err := time.ParseDuration(os.Getenv("HRTEST_DELAY")); err == nil {
			time.Sleep(d)
		}
		fmt.Println(strings.Join(args[1:], " "))
	case "pids":
		f, err := os.OpenFile(args[1], os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return 1
		}
		fmt.Fprintln(f, os.Getpid())
		f.Close()
		time.Sleep(60 * time.Second)
	case "copytree":
		if err := copyTree(args[1], args[2]); err != nil {
			fmt.Fprintln(os.Stderr, "hrtest copytree:", err)
			return 1
		}
	default:
		fmt.Fprintln(os.Stderr, "hrtest: unknown subcommand", args[0])
		return 64
	}
	return 0
}

// copyTree copies the directory src to dst (created as needed), keeping
// file modes, so executable handlers stay executable.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !info.Mode().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, info.Mode().Perm())
	})
}
