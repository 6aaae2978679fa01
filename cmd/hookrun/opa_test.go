package main

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestOPA runs the scenarios in testdata/opa against a real Open Policy
// Agent server: HOOKRUN_OPA names its binary. `make opa-check` builds opa
// at the version scripts/opa.sh pins and sets it; without it the test says
// it was skipped and why.
func TestOPA(t *testing.T) {
	bin := os.Getenv("HOOKRUN_OPA")
	if bin == "" {
		t.Skip("skipped: HOOKRUN_OPA is not set; `make opa-check` builds opa from the Go module proxy and runs these scenarios")
	}
	cmds := maps.Clone(scriptCmds)
	cmds["opaserver"] = func(ts *testscript.TestScript, neg bool, args []string) { cmdOPAServer(ts, neg, args, bin) }
	cmds["opastop"] = cmdOPAStop
	cmds["opaput"] = cmdOPAPut
	examples, err := filepath.Abs("../../examples")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 "../../testdata/opa",
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		Cmds:                cmds,
		Setup: func(env *testscript.Env) error {
			setupScriptEnv(env)
			env.Setenv("EXAMPLES_DIR", examples)
			env.Values[opaKey{}] = &opaServer{}
			return nil
		},
	})
}

// opaserver [--token T] [--bundle] FILE... starts `opa run --server` on
// 127.0.0.1 with the policy files given (relative to the script's work
// directory) for the rest of the script, waits until it is healthy, and
// sets $POLICY_URL. With --token, OPA takes only requests that bear T
// (--authentication=token, and the system.authz policy in the files).
// With --bundle, each FILE is a directory loaded as a bundle.
// $BLACKHOLE_URL, in OPA's environment, accepts connections and never
// answers: a policy that calls it with http.send is a slow policy.
func cmdOPAServer(ts *testscript.TestScript, neg bool, args []string, bin string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: opaserver [--token T] FILE...")
	}
	token, bundle := "", false
	if args[0] == "--token" && len(args) > 2 {
		token, args = args[1], args[2:]
	}
	if args[0] == "--bundle" && len(args) > 1 {
		bundle, args = true, args[1:]
	}
	hole, err := net.Listen("tcp", "127.0.0.1:0")
	ts.Check(err)
	go func() { // accept and hold: never answer
		for {
			c, err := hole.Accept()
			if err != nil {
				return
			}
			ts.Defer(func() { c.Close() })
		}
	}()
	addr := freeAddr(ts)
	argv := []string{"run", "--server", "--addr", addr, "--log-level", "error", "--disable-telemetry"}
	if token != "" {
		argv = append(argv, "--authentication=token", "--authorization=basic")
	}
	if bundle {
		argv = append(argv, "--bundle")
	}
	for _, f := range args {
		argv = append(argv, ts.MkAbs(f))
	}
	cmd := exec.Command(bin, argv...)
	cmd.Env = append(os.Environ(), "BLACKHOLE_URL=http://"+hole.Addr().String(), "POLICY_TOKEN="+token)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	ts.Check(cmd.Start())
	ts.Value(opaKey{}).(*opaServer).cmd = cmd
	ts.Defer(func() { cmd.Process.Kill(); cmd.Wait(); hole.Close() })
	url := "http://" + addr
	deadline := time.Now().Add(30 * time.Second)
	for {
		req, _ := http.NewRequest("GET", url+"/health", nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			ts.Fatalf("opa at %s not healthy after 30s: %v", url, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	ts.Setenv("POLICY_URL", url)
	ts.Logf("opa serving at %s", url)
}

// opastop stops the server opaserver started: the policy service is down.
func cmdOPAStop(ts *testscript.TestScript, neg bool, args []string) {
	cmd := ts.Value(opaKey{}).(*opaServer).cmd
	if neg || cmd == nil {
		ts.Fatalf("usage: opastop, after opaserver")
	}
	cmd.Process.Kill()
	cmd.Wait()
}

// opaput PATH FILE puts FILE's bytes at PATH of the server opaserver
// started, with $POLICY_TOKEN as its bearer token, as a process on the
// machine could, and prints the answer's status code and body.
func cmdOPAPut(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: opaput PATH FILE")
	}
	body, err := os.ReadFile(ts.MkAbs(args[1]))
	ts.Check(err)
	req, err := http.NewRequest(http.MethodPut, ts.Getenv("POLICY_URL")+args[0], bytes.NewReader(body))
	ts.Check(err)
	req.Header.Set("Authorization", "Bearer "+ts.Getenv("POLICY_TOKEN"))
	resp, err := http.DefaultClient.Do(req)
	ts.Check(err)
	defer resp.Body.Close()
	answer, err := io.ReadAll(resp.Body)
	ts.Check(err)
	fmt.Fprintf(ts.Stdout(), "%d\n%s\n", resp.StatusCode, answer)
}

// opaServer is the server a script started.
type opaServer struct{ cmd *exec.Cmd }

type opaKey struct{}

// freeAddr is a 127.0.0.1 address with a port nothing listens on now.
func freeAddr(ts *testscript.TestScript) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	ts.Check(err)
	defer l.Close()
	return fmt.Sprint(l.Addr())
}
