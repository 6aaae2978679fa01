package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	osexec "os/exec"
	"path/filepath"
	"regexp"
	"sync/atomic"
	"time"
)

// httpRows measures http hooks: against a local server that answers at
// once (the cost hookrun adds: compared with a Go hello plus the server's
// own time per request), and against a local OPA with the example policy
// beside the same deny decision as a python3 script (both reported).
// Without an opa binary (HOOKRUN_OPA, or the one make opa-check caches)
// the OPA row is skipped, with a note saying why.
func httpRows(tmp, hello string, emit func(...string) string, pyGuard string) (rows []row, notes []string, err error) {
	var served, nanos atomic.Int64
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, err
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		io.Copy(io.Discard, r.Body)
		io.WriteString(w, "{}")
		nanos.Add(int64(time.Since(start)))
		served.Add(1)
	})}
	go srv.Serve(ln)
	defer srv.Close()
	dir, err := httpSet(tmp, "http_local", "http://"+ln.Addr().String()+"/", "hookresult", ctxJSON)
	if err != nil {
		return nil, nil, err
	}
	time.Sleep(2500 * time.Millisecond) // past the declaration cache's racy window
	t, err := compare(dir, hello, emit())
	if err != nil {
		return nil, nil, err
	}
	if served.Load() == 0 {
		return nil, nil, fmt.Errorf("the http hook never reached the local server")
	}
	own := float64(nanos.Load()) / float64(served.Load()) / 1e6
	// The target is against the hello process plus the server's own time.
	scale := t.baseMS / (t.baseMS + own)
	t.ratio, t.lo, t.hi = t.ratio*scale, t.lo*scale, t.hi*scale
	rows = append(rows, row{fmt.Sprintf("1 http hook, local server (%.3f ms its own)", own), "Go hello+server", "hookrun", t, 1.3, "ms", 0})

	opa, why := opaBin()
	if opa == "" {
		return rows, []string{"http vs OPA row skipped: " + why}, nil
	}
	addr, stop, err := startOPA(opa)
	if err != nil {
		return rows, []string{"http vs OPA row skipped: " + err.Error()}, nil
	}
	defer stop()
	odir, err := httpSet(tmp, "http_opa", "http://"+addr+"/v1/data/hookrun/result", "opa", denyCtx)
	if err != nil {
		return nil, nil, err
	}
	time.Sleep(2500 * time.Millisecond)
	deny := func(d string) string { return inDir(d, emit()) }
	t, err = compare("", deny(pyGuard), deny(odir), "-i")
	if err != nil {
		return nil, nil, err
	}
	rows = append(rows, row{"deny guard: OPA (http) vs python3 script", "python3", "OPA", t, 0, "ms", 0})
	return rows, nil, nil
}

// httpSet is a project with one blocking http hook on PreAbilityCall, and ctx as ctx.json.
func httpSet(tmp, name, url, response, ctx string) (string, error) {
	dir := filepath.Join(tmp, name)
	if err := os.MkdirAll(filepath.Join(dir, ".system", "hooks"), 0o755); err != nil {
		return "", err
	}
	y := fmt.Sprintf("id: policy\nevent_type: PreAbilityCall\nenabled: true\nblocking: true\non_error: block\nhandler:\n  kind: http\n  url: %s\n  response: %s\n  timeout: 5s\n", url, response)
	if err := os.WriteFile(filepath.Join(dir, ".system", "hooks", "policy.yaml"), []byte(y), 0o644); err != nil {
		return "", err
	}
	return dir, os.WriteFile(filepath.Join(dir, "ctx.json"), []byte(ctx), 0o644)
}

// opaBin is the opa to measure against, or "" and why there is none.
func opaBin() (string, string) {
	if p := os.Getenv("HOOKRUN_OPA"); p != "" {
		return p, ""
	}
	script, err := os.ReadFile("scripts/opa.sh")
	if err != nil {
		return "", err.Error()
	}
	m := regexp.MustCompile(`(?m)^OPA_VERSION=(\S+)$`).FindSubmatch(script)
	if m == nil {
		return "", "scripts/opa.sh pins no OPA_VERSION"
	}
	cache := os.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		home, _ := os.UserHomeDir()
		cache = filepath.Join(home, ".cache")
	}
	p := filepath.Join(cache, "hookrun-ci", "opa-"+string(m[1]), "opa")
	if _, err := os.Stat(p); err != nil {
		return "", "no opa at " + p + " (make opa-check builds it) and HOOKRUN_OPA is not set"
	}
	return p, ""
}

// startOPA runs opa with the example policy on a free loopback port.
func startOPA(opa string) (addr string, stop func(), err error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	addr = ln.Addr().String()
	ln.Close()
	cmd := osexec.Command(opa, "run", "--server", "--addr", addr, "--log-level", "error", "--disable-telemetry", "examples/policy/hookrun.rego")
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	stop = func() { cmd.Process.Kill(); cmd.Wait() }
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if resp, err := http.Get("http://" + addr + "/health"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return addr, stop, nil
			}
		}
	}
	stop()
	return "", nil, fmt.Errorf("opa at %s not healthy after 30s", addr)
}
