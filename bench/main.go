// Command bench measures hookrun's overhead against the process-spawn
// floor (bench/floor) and against lefthook, in one run on one machine, and
// prints medians and ratios. `make bench` runs it; it needs hyperfine.
//
//	go run ./bench [-runs 60] [-keep]
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

var (
	runs     = flag.Int("runs", 140, "timed runs per command, spread over the rounds")
	rounds   = flag.Int("rounds", 7, "rounds per case; the order of the two commands alternates, and the ratio is the median of the rounds' ratios")
	warmup   = flag.Int("warmup", 5, "warm-up runs per command in each round")
	keep     = flag.Bool("keep", false, "keep the temporary directory")
	only     = flag.String("only", "", "run only the rows whose name matches this regular expression (e.g. -only rules)")
	lefthook = flag.String("lefthook", os.Getenv("LEFTHOOK_BIN"), "lefthook binary (default: installed from npm into the temporary directory)")
)

// handler is every runner's handler. With BENCH_COUNT set it also counts
// its runs, which checks that a runner really ran it.
const handler = "#!/bin/sh\n[ -z \"$BENCH_COUNT\" ] || echo x >> \"$BENCH_COUNT\"\necho '{}'\n"

const ctxJSON = `{"event_type":"PreAbilityCall","session_id":"bench","ability_id":"edit_file","args_summary":"src/main.go","caller":{"source":"ai_session"}}`

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

type row struct {
	name          string
	base, subject string // what the ratio compares: subject / base
	timing
	target float64 // maximum ratio; 0 means informational
	unit   string
	limit  float64 // maximum of the subject's median, in unit, instead of a ratio target
}

// timing is one comparison: each side's median over the rounds, the
// median of the rounds' ratios, and the lowest and highest of them.
type timing struct {
	baseMS, subMS float64
	ratio, lo, hi float64
}

// want says whether the row named name is to be measured (-only).
func want(name string) bool {
	if *only == "" {
		return true
	}
	ok, _ := regexp.MatchString(*only, name)
	return ok
}

func run() error {
	if _, err := osexec.LookPath("hyperfine"); err != nil {
		return fmt.Errorf("hyperfine not found: install it (apt-get install hyperfine) or run scripts/bench.sh, which does")
	}
	tmp, err := os.MkdirTemp("", "hookrun-bench-")
	if err != nil {
		return err
	}
	if *keep {
		fmt.Println("keeping", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	bin := filepath.Join(tmp, "bin")
	// Built as `make build` builds hookrun, the floor too: static, without
	// cgo, without the symbol table and debug information, and with the
	// Makefile's GOEXPERIMENT (GOEXP: the older garbage collector, while
	// the toolchain offers it).
	os.Setenv("CGO_ENABLED", "0")
	goenv := osexec.Command("go", "env", "GOEXPERIMENT")
	goenv.Env = append(os.Environ(), "GOEXPERIMENT=nogreenteagc")
	if goenv.Run() == nil {
		os.Setenv("GOEXPERIMENT", "nogreenteagc")
	}
	for _, p := range []string{"./cmd/hookrun", "./bench/floor", "./bench/maxrss", "./bench/hello"} {
		if err := sh("", "go", "build", "-trimpath", "-ldflags=-s -w", "-o", bin+"/", p); err != nil {
			return err
		}
	}
	hookrun, floor, maxrss := filepath.Join(bin, "hookrun"), filepath.Join(bin, "floor"), filepath.Join(bin, "maxrss")
	hello := filepath.Join(bin, "hello")
	rulesSets := map[int]string{}
	for _, n := range []int{1, 10} {
		dir, err := rulesSet(tmp, n)
		if err != nil {
			return err
		}
		rulesSets[n] = dir
	}
	guards, err := guardSets(tmp)
	if err != nil {
		return err
	}

	// Hook sets: N hooks that all match, and 1000 declared of which one matches.
	sets := map[string]string{}
	for _, n := range []int{1, 10, 100} {
		dir, err := hookSet(tmp, fmt.Sprintf("all%d", n), n, n)
		if err != nil {
			return err
		}
		sets[fmt.Sprint(n)] = dir
	}
	decl1000, err := hookSet(tmp, "decl1000", 1000, 1)
	if err != nil {
		return err
	}
	// Hook sets do not change between events: let their timestamps age
	// past the declaration cache's racy window, as in real use.
	time.Sleep(2500 * time.Millisecond)
	emit := func(extra ...string) string {
		return strings.Join(append([]string{hookrun, "emit", "PreAbilityCall", "--context", "ctx.json", "--audit-log", "off"}, extra...), " ")
	}
	floorCmd := func(n int) string {
		return fmt.Sprintf("%s -n %d -context ctx.json ./h.sh", floor, n)
	}

	var rows []row
	for _, c := range []struct {
		n      int
		target float64
	}{{1, 1.5}, {10, 1.3}, {100, 1.2}} {
		if !want(fmt.Sprintf("%d hook(s), all matching", c.n)) {
			continue
		}
		dir := sets[fmt.Sprint(c.n)]
		t, err := compare(dir, floorCmd(c.n), emit())
		if err != nil {
			return err
		}
		rows = append(rows, row{fmt.Sprintf("%d hook(s), all matching", c.n), "floor", "hookrun", t, c.target, "ms", 0})
	}
	if want("1000 declared, 1 matching") {
		t, err := compare("", inDir(sets["1"], emit()), inDir(decl1000, emit()))
		if err != nil {
			return err
		}
		rows = append(rows, row{"1000 declared, 1 matching", "1 declared", "1000 declared", t, 3.0, "ms", 0})
	}
	if want("audit log on vs off, 1 hook") {
		dir := sets["1"]
		logPath := filepath.Join(tmp, "audit.jsonl")
		t, err := compare(dir, emit(), strings.Replace(emit(), "--audit-log off", "--audit-log "+logPath, 1))
		if err != nil {
			return err
		}
		rows = append(rows, row{"audit log on vs off, 1 hook", "off", "on", t, 0, "ms", 0})
	}
	// Rules hooks start no process: an event whose hooks are all rules costs about one Go process.
	for _, n := range []int{1, 10} {
		if !want(fmt.Sprintf("%d rules hook(s), all matching", n)) {
			continue
		}
		t, err := compare(rulesSets[n], hello, emit())
		if err != nil {
			return err
		}
		rows = append(rows, row{fmt.Sprintf("%d rules hook(s), all matching", n), "Go hello", "hookrun", t, 1.3, "ms", 0})
	}
	// The same deny guard as a rules hook and as a python3 script: the rules hook at least 10x faster.
	if want("deny guard: rules vs python3") {
		deny := func(dir string) string {
			return inDir(dir, strings.Replace(emit(), "ctx.json", "deny.json", 1))
		}
		t, err := compare("", deny(guards[0]), deny(guards[1]), "-i")
		if err != nil {
			return err
		}
		rows = append(rows, row{"deny guard: rules vs python3", "python3", "rules", t, 0.1, "ms", 0})
	}
	// http hooks: against a local server that answers at once, and against a local OPA.
	var httpNotes []string
	if want("1 http hook, local server") || want("deny guard: OPA (http) vs python3 script") {
		httpR, notes, err := httpRows(tmp, hello, emit, guards[0])
		if err != nil {
			return err
		}
		rows, httpNotes = append(rows, httpR...), notes
	}
	// What no hook set can go below: starting hookrun at all (hookrun version) against a Go hello.
	if want("hookrun start (version)") {
		t, err := compare("", hello, hookrun+" version")
		if err != nil {
			return err
		}
		rows = append(rows, row{"hookrun start (version)", "Go hello", "hookrun", t, 0, "ms", 0})
	}
	if want("read and match a 100 KB command line") {
		t, err := parseBench(bin)
		if err != nil {
			return err
		}
		rows = append(rows, row{name: "read and match a 100 KB command line", base: "shell parser alone", subject: "shellcmd", timing: t, unit: "ms", limit: 5})
	}
	if want("peak RSS, 100 hooks") {
		rss, err := peakRSS(sets["100"], maxrss, hookrun)
		if err != nil {
			return err
		}
		rows = append(rows, row{"peak RSS, 100 hooks", "", "hookrun", timing{subMS: rss / 1024}, 30, "MiB", 0})
	}

	lhErr := errors.New("not asked for (-only)")
	var lh string
	if want("vs lefthook") {
		lh, lhErr = lefthookBin(tmp)
	}
	if lhErr == nil {
		for _, n := range []int{1, 100} {
			dir, err := lefthookSet(tmp, n)
			if err != nil {
				return err
			}
			// Both run in the lefthook project, which also holds the hook set.
			t, err := compare(dir, lh+" run bench --no-auto-install --no-tty", emit())
			if err != nil {
				return err
			}
			rows = append(rows, row{fmt.Sprintf("vs lefthook, %d command(s)", n), "lefthook", "hookrun", t, 1.0, "ms", 0})
		}
	}

	printTable(rows)
	for _, n := range httpNotes {
		fmt.Printf("\n%s\n", n)
	}
	if lhErr != nil {
		fmt.Printf("\nlefthook rows skipped: %v\n", lhErr)
	}
	return nil
}

// hookSet writes a project with n PreAbilityCall hooks of which the first
// `matching` match edit_file, plus the handler and the context.
func hookSet(tmp, name string, n, matching int) (string, error) {
	dir := filepath.Join(tmp, name)
	hooks := filepath.Join(dir, ".system", "hooks")
	if err := os.MkdirAll(hooks, 0o755); err != nil {
		return "", err
	}
	for i := range n {
		scope := "edit_file"
		if i >= matching {
			scope = fmt.Sprintf("other_ability_%d", i)
		}
		y := fmt.Sprintf(`id: hook_%04d
event_type: PreAbilityCall
enabled: true
blocking: true
summary: Benchmark hook %d.
match:
  ability_scope: %q
handler:
  kind: script
  command: ./h.sh
  timeout: 10s
`, i, i, scope)
		if err := os.WriteFile(filepath.Join(hooks, fmt.Sprintf("hook_%04d.yaml", i)), []byte(y), 0o644); err != nil {
			return "", err
		}
	}
	return dir, writeCommon(dir)
}

// rulesCtx is a shell call every rules hook reads in full and lets through.
const rulesCtx = `{"event_type":"PreAbilityCall","session_id":"bench","ability_id":"shell","command":"git status && ls -la src | grep -v tmp","caller":{"source":"ai_session"}}`

// rulesSet is a project with n rules hooks that all match the call: each parses its command and
// checks two rules, one on commands and one on paths.
func rulesSet(tmp string, n int) (string, error) {
	dir := filepath.Join(tmp, fmt.Sprintf("rules%d", n))
	hooks := filepath.Join(dir, ".system", "hooks")
	if err := os.MkdirAll(hooks, 0o755); err != nil {
		return "", err
	}
	for i := range n {
		y := fmt.Sprintf(`id: rules_%04d
event_type: PreAbilityCall
enabled: true
blocking: true
match:
  ability_scope: shell
handler:
  kind: rules
  rules:
    - decision: deny
      reason: recursive force delete
      commands: ["rm -r|-R|--recursive -f|--force"]
    - decision: require_human
      reason: hook files
      paths: [".system/**"]
`, i)
		if err := os.WriteFile(filepath.Join(hooks, fmt.Sprintf("rules_%04d.yaml", i)), []byte(y), 0o644); err != nil {
			return "", err
		}
	}
	return dir, os.WriteFile(filepath.Join(dir, "ctx.json"), []byte(rulesCtx), 0o644)
}

// denyCtx is a shell call both forms of the deny guard deny.
const denyCtx = `{"event_type":"PreAbilityCall","session_id":"bench","ability_id":"shell","command":"rm -rf build","caller":{"source":"ai_session"}}`

// pyGuard is the deny guard as a script: a real JSON parser and shlex, not a grep.
// Its #! line names the interpreter itself (found at run time), not a version manager's shim,
// which would make python3 look slower than it is.
const pyGuard = `#!PYTHON3
import json, shlex, sys
cmd = json.load(sys.stdin).get("command", "")
words = shlex.split(cmd)
if words and words[0].rsplit("/", 1)[-1] == "rm" and any(w.startswith("-") and "r" in w for w in words) and any(w.startswith("-") and "f" in w for w in words):
    print(json.dumps({"hook_signals": [{"kind": "ability_guard", "code": "ABILITY_DENIED", "payload": {"reason": "recursive force delete"}}]}))
else:
    print("{}")
`

// guardSets returns two projects holding the same deny guard: [0] as a python3 script, [1] as a
// rules hook.
func guardSets(tmp string) ([2]string, error) {
	var dirs [2]string
	out, err := osexec.Command("python3", "-c", "import sys; print(sys.executable)").Output()
	if err != nil {
		return dirs, fmt.Errorf("python3 for the script guard: %v", err)
	}
	py := strings.TrimSpace(string(out))
	for i, handler := range []string{"  kind: script\n  command: ./guard.py\n", "  kind: rules\n  rules:\n    - decision: deny\n      reason: recursive force delete\n      commands: [\"rm -r|-R|--recursive -f|--force\"]\n"} {
		dir := filepath.Join(tmp, fmt.Sprintf("guard%d", i))
		if err := os.MkdirAll(filepath.Join(dir, ".system", "hooks"), 0o755); err != nil {
			return dirs, err
		}
		y := "id: no_rm_rf\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\nmatch:\n  ability_scope: shell\nhandler:\n" + handler
		if err := os.WriteFile(filepath.Join(dir, ".system", "hooks", "no_rm_rf.yaml"), []byte(y), 0o644); err != nil {
			return dirs, err
		}
		if err := os.WriteFile(filepath.Join(dir, "guard.py"), []byte(strings.Replace(pyGuard, "PYTHON3", py, 1)), 0o755); err != nil {
			return dirs, err
		}
		if err := os.WriteFile(filepath.Join(dir, "deny.json"), []byte(denyCtx), 0o644); err != nil {
			return dirs, err
		}
		dirs[i] = dir
	}
	return dirs, nil
}

func writeCommon(dir string) error {
	if err := os.WriteFile(filepath.Join(dir, "h.sh"), []byte(handler), 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "ctx.json"), []byte(ctxJSON), 0o644)
}

// lefthookSet is a git repository whose pre-commit hook runs the same
// handler as n parallel commands, and whose hookrun hook set has n hooks.
func lefthookSet(tmp string, n int) (string, error) {
	dir, err := hookSet(tmp, fmt.Sprintf("lefthook%d", n), n, n)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	// A custom group, not pre-commit: lefthook skips pre-commit commands
	// when nothing is staged, which would time nothing at all.
	b.WriteString("output: false\nbench:\n  parallel: true\n  commands:\n")
	for i := range n {
		fmt.Fprintf(&b, "    c%04d:\n      run: ./h.sh\n", i)
	}
	if err := os.WriteFile(filepath.Join(dir, "lefthook.yml"), []byte(b.String()), 0o644); err != nil {
		return "", err
	}
	return dir, sh(dir, "git", "init", "-q")
}

// lefthookBin finds lefthook, installing the npm package (whose binary is
// called directly, not through the node wrapper) when needed.
func lefthookBin(tmp string) (string, error) {
	if *lefthook != "" {
		return *lefthook, nil
	}
	if _, err := osexec.LookPath("npm"); err != nil {
		return "", fmt.Errorf("npm not found to install lefthook (set LEFTHOOK_BIN)")
	}
	if _, err := osexec.LookPath("git"); err != nil {
		return "", fmt.Errorf("git not found")
	}
	dir := filepath.Join(tmp, "lefthook-npm")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if err := sh(dir, "npm", "install", "--silent", "--no-audit", "--no-fund", "lefthook"); err != nil {
		return "", fmt.Errorf("npm install lefthook: %v", err)
	}
	bin := filepath.Join(dir, "node_modules", "lefthook-"+runtime.GOOS+"-"+map[string]string{"amd64": "x64", "arm64": "arm64"}[runtime.GOARCH], "bin", "lefthook")
	if _, err := os.Stat(bin); err != nil {
		return "", fmt.Errorf("lefthook binary not at %s", bin)
	}
	return bin, nil
}

// compare times base and subject (commands run in dir) in rounds. Each
// round runs both with hyperfine, the order alternating from round to
// round so that drift on a shared machine hits both alike; the result is
// each command's median over the rounds and the median of the rounds'
// ratios, with their range.
func compare(dir, base, subject string, extra ...string) (timing, error) {
	var bs, ss, rs []float64
	per := max(*runs / *rounds, 5)
	for round := range *rounds {
		cmds := []string{base, subject}
		if round%2 == 1 {
			cmds = []string{subject, base}
		}
		out := filepath.Join(os.TempDir(), fmt.Sprintf("hookrun-bench-%d.json", time.Now().UnixNano()))
		args := append([]string{"-N", "--style", "none", "--warmup", strconv.Itoa(*warmup), "--runs", strconv.Itoa(per), "--export-json", out}, extra...)
		err := sh(dir, "hyperfine", append(args, cmds...)...)
		var m []float64
		if err == nil {
			m, err = medians(out)
		}
		os.Remove(out)
		if err != nil {
			return timing{}, err
		}
		if round%2 == 1 {
			m[0], m[1] = m[1], m[0]
		}
		bs, ss, rs = append(bs, m[0]), append(ss, m[1]), append(rs, m[1]/m[0])
	}
	t := timing{baseMS: median(bs), subMS: median(ss), ratio: median(rs)}
	t.lo, t.hi = slices.Min(rs), slices.Max(rs)
	return t, nil
}

// parseBench times the Go benchmark that reads and matches a 100 KB command line (issue 13: under
// 5 ms) against the shell parser alone on the same line, in rounds that alternate their order, as
// compare does for processes. The ratio says how much reading the line adds to parsing it, whatever
// the machine's speed.
func parseBench(bin string) (timing, error) {
	test := filepath.Join(bin, "shellcmd.test")
	if err := sh("", "go", "test", "-c", "-o", test, "./internal/shellcmd"); err != nil {
		return timing{}, err
	}
	var bs, ss, rs []float64
	for round := range *rounds {
		names := []string{"SyntaxParse100KB", "ParseMatch100KB"}
		if round%2 == 1 {
			names[0], names[1] = names[1], names[0]
		}
		ms := map[string]float64{}
		for _, name := range names {
			out, err := osexec.Command(test, "-test.run", "^$", "-test.bench", "^Benchmark"+name+"$", "-test.benchtime", "20x").Output()
			if err != nil {
				return timing{}, fmt.Errorf("%s: %v", name, err)
			}
			for _, line := range strings.Split(string(out), "\n") {
				if f := strings.Fields(line); len(f) >= 4 && strings.HasPrefix(f[0], "Benchmark"+name) && f[3] == "ns/op" {
					ns, err := strconv.ParseFloat(f[2], 64)
					if err != nil {
						return timing{}, err
					}
					ms[name] = ns / 1e6
				}
			}
			if ms[name] == 0 {
				return timing{}, fmt.Errorf("no result from Benchmark%s in:\n%s", name, out)
			}
		}
		b, s := ms["SyntaxParse100KB"], ms["ParseMatch100KB"]
		bs, ss, rs = append(bs, b), append(ss, s), append(rs, s/b)
	}
	t := timing{baseMS: median(bs), subMS: median(ss), ratio: median(rs)}
	t.lo, t.hi = slices.Min(rs), slices.Max(rs)
	return t, nil
}

func median(xs []float64) float64 {
	sort.Float64s(xs)
	return xs[len(xs)/2]
}

// inDir runs cmd from dir: hyperfine runs all of a comparison's commands
// in one directory.
func inDir(dir, cmd string) string { return fmt.Sprintf("sh -c 'cd %s && exec %s'", dir, cmd) }

func medians(file string) ([]float64, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var r struct {
		Results []struct {
			Median float64 `json:"median"`
		} `json:"results"`
	}
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, err
	}
	out := make([]float64, len(r.Results))
	for i, x := range r.Results {
		out[i] = x.Median * 1000
	}
	return out, nil
}

// peakRSS runs emit on the 100-hook set 20 times and returns the largest
// peak RSS seen, in KiB.
func peakRSS(dir, maxrss, hookrun string) (float64, error) {
	var peaks []float64
	for range 20 {
		c := osexec.Command(maxrss, hookrun, "emit", "PreAbilityCall", "--context", "ctx.json", "--audit-log", "off")
		c.Dir = dir
		out, err := c.Output()
		if err != nil {
			return 0, fmt.Errorf("maxrss: %v", err)
		}
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		kb, err := strconv.ParseFloat(lines[len(lines)-1], 64)
		if err != nil {
			return 0, err
		}
		peaks = append(peaks, kb)
	}
	sort.Float64s(peaks)
	return peaks[len(peaks)-1], nil
}

func printTable(rows []row) {
	host, _ := os.Hostname()
	fmt.Printf("hookrun benchmark: %s, %d CPUs, %s/%s; hyperfine, %d rounds of %d runs per command (%d warm-up);\n"+
		"medians over the rounds, the median of the rounds' ratios and their range\n\n",
		host, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, *rounds, max(*runs / *rounds, 5), *warmup)
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "case\tbaseline\tmedian\thookrun / subject\tmedian\tratio\trounds\ttarget\tmet")
	for _, r := range rows {
		if r.unit == "MiB" {
			fmt.Fprintf(tw, "%s\t-\t-\t%s\t%.1f MiB\t-\t-\t≤ %.0f MiB\t%s\n", r.name, r.subject, r.subMS, r.target, yes(r.subMS <= r.target))
			continue
		}
		ratio := r.ratio
		target, met := "-", "-"
		if r.limit > 0 {
			target, met = fmt.Sprintf("≤ %.0f %s", r.limit, r.unit), yes(r.subMS <= r.limit)
		}
		if r.target > 0 {
			target = fmt.Sprintf("≤ %.1f", r.target)
			met = yes(ratio <= r.target)
			if r.target == 1.0 {
				target, met = "< 1.0", yes(ratio < 1.0)
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%.2f ms\t%s\t%.2f ms\t%.2f\t%.2f–%.2f\t%s\t%s\n", r.name, r.base, r.baseMS, r.subject, r.subMS, ratio, r.lo, r.hi, target, met)
	}
	tw.Flush()
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "NO"
}

func sh(dir, name string, args ...string) error {
	c := osexec.Command(name, args...)
	c.Dir = dir
	c.Stdout = os.Stderr
	c.Stderr = os.Stderr
	if err := c.Run(); err != nil {
		return fmt.Errorf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return nil
}
