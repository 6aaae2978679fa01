package main

import (
	"fmt"
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

// opaserver [--token T] FILE... starts `opa run --server` on 127.0.0.1
// with the policy files given (relative to the script's work directory)
// for the rest of the script, waits until it is healthy, and sets
// $POLICY_URL. With --token, OPA takes only requests that bear T
// (--authentication=token, and the system.authz policy in the files).
// $BLACKHOLE_URL, in OPA's environment, accepts connections and never
// answers: a policy that calls it with http.send is a slow policy.
func cmdOPAServer(ts *testscript.TestScript, neg bool, args []string, bin string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: opaserver [--token T] FILE...")
	}
	token := ""
	if args[0] == "--token" && len(args) > 2 {
		token, args = args[1], args[2:]
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
