package main

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	osexec "os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/hookrun/hookrun/internal/proctest"
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
//	hrtest replace FILE OLD NEW  replace the one OLD in FILE with NEW
//	hrtest hookcmd FILE EVENT    print the first command an agent's settings
//	                             FILE runs on EVENT ("command" or "bash")
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
		if proctest.RecordPid(args[1]) != nil {
			return 1
		}
		time.Sleep(60 * time.Second)
	case "hookcmd":
		data, err := os.ReadFile(args[1])
		var doc struct{ Hooks map[string]any }
		if err == nil {
			err = json.Unmarshal(data, &doc)
		}
		cmd, ok := firstCommand(doc.Hooks[args[2]])
		if err != nil || !ok {
			fmt.Fprintf(os.Stderr, "hrtest hookcmd: no command for %s in %s (%v)\n", args[2], args[1], err)
			return 1
		}
		fmt.Println(cmd)
	case "copytree":
		if err := copyTree(args[1], args[2]); err != nil {
			fmt.Fprintln(os.Stderr, "hrtest copytree:", err)
			return 1
		}
	case "replace":
		data, err := os.ReadFile(args[1])
		if err == nil && strings.Count(string(data), args[2]) != 1 {
			err = fmt.Errorf("%s holds %q %d times, want once", args[1], args[2], strings.Count(string(data), args[2]))
		}
		if err == nil {
			err = os.WriteFile(args[1], []byte(strings.Replace(string(data), args[2], args[3], 1)), 0o644)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "hrtest replace:", err)
			return 1
		}
	default:
		if code, ok := faultHelper(args); ok {
			return code
		}
		fmt.Fprintln(os.Stderr, "hrtest: unknown subcommand", args[0])
		return 64
	}
	return 0
}

// faultHelper holds the subcommands of the fault scripts:
//
//	hrtest save FILE             copy stdin to FILE byte for byte, print {}
//	hrtest long FIELD N          print a HookResult whose FIELD (a string field,
//	                             or error for error.message) is N bytes of 'm'
//	hrtest detach ARGS...        start "hrtest ARGS..." in a new session (setsid),
//	                             sharing stdout and stderr, and exit at once
//	hrtest strlen FILE PATH      print the length in bytes of the string at PATH
//	                             (dotted, array indexes as numbers) in the JSON FILE
//	hrtest waitlines FILE N      wait up to 30s for FILE to hold N lines
//	hrtest pidsgone FILE N       FILE lists N pids and none of them is running
//	hrtest files DIR N           create DIR holding N empty files
//	hrtest holdlock FILE MAX CMD ARGS...
//	                             hold FILE's lock, appending a line every 20 ms,
//	                             while CMD runs; fail if CMD took more than MAX
func faultHelper(args []string) (int, bool) {
	switch args[0] {
	case "holdlock":
		return holdLock(args[1], args[2], args[3:]), true
	case "save":
		data, err := io.ReadAll(os.Stdin)
		if err == nil {
			err = os.WriteFile(args[1], data, 0o644)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "hrtest save:", err)
			return 1, true
		}
		fmt.Println("{}")
	case "files":
		n, _ := strconv.Atoi(args[2])
		if err := os.MkdirAll(args[1], 0o755); err != nil {
			fmt.Fprintln(os.Stderr, "hrtest files:", err)
			return 1, true
		}
		for i := range n {
			if err := os.WriteFile(filepath.Join(args[1], strconv.Itoa(i)), nil, 0o644); err != nil {
				fmt.Fprintln(os.Stderr, "hrtest files:", err)
				return 1, true
			}
		}
	case "long":
		n, _ := strconv.Atoi(args[2])
		text := strings.Repeat("m", n)
		if args[1] == "error" {
			fmt.Printf(`{"error":{"code":"long","message":"%s"}}`+"\n", text)
		} else {
			fmt.Printf(`{%q:%q}`+"\n", args[1], text)
		}
	case "detach":
		self, err := os.Executable()
		if err == nil {
			_, err = os.StartProcess(self, append([]string{"hrtest"}, args[1:]...), &os.ProcAttr{
				Env: os.Environ(), Files: []*os.File{nil, os.Stdout, os.Stderr},
				Sys: detachedAttr(),
			})
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "hrtest detach:", err)
			return 1, true
		}
	case "strlen":
		n, err := strlen(args[1], args[2])
		if err != nil {
			fmt.Fprintln(os.Stderr, "hrtest strlen:", err)
			return 1, true
		}
		fmt.Println(n)
	case "waitlines":
		n, _ := strconv.Atoi(args[2])
		if got := len(proctest.WaitPids(args[1], n)); got < n {
			fmt.Fprintf(os.Stderr, "hrtest waitlines: %s holds %d lines, want %d\n", args[1], got, n)
			return 1, true
		}
	case "pidsgonewithin":
		// pidsgonewithin FILE N D: the N processes listed are all gone
		// within D (a liveness bound, far above what ending them takes).
		n, _ := strconv.Atoi(args[2])
		d, _ := time.ParseDuration(args[3])
		pids := proctest.Pids(args[1])
		if len(pids) != n {
			fmt.Fprintf(os.Stderr, "hrtest pidsgonewithin: %s lists %d pids, want %d\n", args[1], len(pids), n)
			return 1, true
		}
		deadline := time.Now().Add(d)
		for _, pid := range pids {
			for proctest.Running(pid) && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			if proctest.Running(pid) {
				fmt.Fprintf(os.Stderr, "hrtest pidsgonewithin: process %d still runs after %s\n", pid, d)
				proctest.Kill(pid)
				return 1, true
			}
		}
	case "pidsgone":
		n, _ := strconv.Atoi(args[2])
		pids := proctest.Pids(args[1])
		if len(pids) != n {
			fmt.Fprintf(os.Stderr, "hrtest pidsgone: %s lists %d pids, want %d\n", args[1], len(pids), n)
			return 1, true
		}
		code := 0
		for _, pid := range pids {
			if !proctest.Gone(pid) {
				fmt.Fprintf(os.Stderr, "hrtest pidsgone: process %d is still running\n", pid)
				proctest.Kill(pid)
				code = 1
			}
		}
		return code, true
	default:
		return 0, false
	}
	return 0, true
}

func strlen(file, path string) (int, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return 0, err
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return 0, err
	}
	for _, key := range strings.Split(path, ".") {
		switch t := v.(type) {
		case map[string]any:
			v = t[key]
		case []any:
			i, err := strconv.Atoi(key)
			if err != nil || i < 0 || i >= len(t) {
				return 0, fmt.Errorf("%s: no element %s", path, key)
			}
			v = t[i]
		default:
			return 0, fmt.Errorf("%s: %s is not in an object or array", path, key)
		}
	}
	s, ok := v.(string)
	if !ok {
		return 0, fmt.Errorf("%s is not a string", path)
	}
	return len(s), nil
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

// firstCommand finds, depth first, the first "command" or "bash" string in
// a settings file's list of handlers.
func firstCommand(v any) (string, bool) {
	switch v := v.(type) {
	case []any:
		for _, x := range v {
			if c, ok := firstCommand(x); ok {
				return c, true
			}
		}
	case map[string]any:
		for _, k := range []string{"command", "bash"} {
			if c, ok := v[k].(string); ok {
				return c, true
			}
		}
		return firstCommand(v["hooks"])
	}
	return "", false
}

// holdLock is hrtest holdlock.
func holdLock(file, maxTime string, argv []string) int {
	limit, _ := time.ParseDuration(maxTime)
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "hrtest holdlock:", err)
		return 1
	}
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err == nil {
		err = lockFile(f)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "hrtest holdlock:", err)
		return 1
	}
	defer f.Close()
	defer proctest.GrowLog(f, 20*time.Millisecond)()
	cmd := osexec.Command(argv[0], argv[1:]...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	start := time.Now()
	err = cmd.Run()
	if took := time.Since(start); took > limit {
		fmt.Fprintf(os.Stderr, "hrtest holdlock: %s took %s, more than %s\n", argv[0], took.Round(time.Millisecond), limit)
		return 1
	}
	if cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, "hrtest holdlock:", err)
		return 1
	}
	return cmd.ProcessState.ExitCode()
}
