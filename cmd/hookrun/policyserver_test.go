package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// policyserver starts a policy service on 127.0.0.1 for the rest of the
// script and sets $POLICY to its address. It answers POST /answer/FILE
// with the script's file FILE, /opa/FILE with {"result": FILE's JSON},
// /status/N with status N, /slow never, until the script ends, and
// /pair/FILE like /answer/FILE once two /pair requests are waiting (after
// 60s alone, 504): hooks that call it must run side by side. Each
// request's headers and body are appended to $WORK/requests.txt.
func cmdPolicyserver(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: policyserver")
	}
	var mu sync.Mutex
	done := make(chan struct{})
	var pairMu sync.Mutex
	pair := make(chan struct{})
	waiting := 0
	log := ts.MkAbs("requests.txt")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		f, err := os.OpenFile(log, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err == nil {
			var b strings.Builder
			b.WriteString(r.Method + " " + r.URL.RequestURI() + "\n")
			for _, k := range []string{"Authorization", "Content-Type", "X-Team"} {
				if v := r.Header.Get(k); v != "" {
					b.WriteString(k + ": " + v + "\n")
				}
			}
			b.WriteString(string(body) + "\n")
			f.WriteString(b.String())
			f.Close()
		}
		mu.Unlock()
		kind, rest, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
		switch kind {
		case "answer", "opa":
			data, err := os.ReadFile(ts.MkAbs(rest))
			if err != nil {
				http.Error(w, err.Error(), http.StatusNotFound)
				return
			}
			if kind == "opa" {
				data = append(append([]byte(`{"result":`), data...), '}')
			}
			w.Write(data)
		case "status":
			code, _ := strconv.Atoi(rest)
			w.WriteHeader(code)
			io.WriteString(w, "policy service says no")
		case "slow":
			<-done
		case "pair":
			pairMu.Lock()
			ch := pair
			if waiting++; waiting == 2 {
				close(pair)
				pair, waiting = make(chan struct{}), 0
			}
			pairMu.Unlock()
			select {
			case <-ch:
			case <-time.After(60 * time.Second):
				w.WriteHeader(http.StatusGatewayTimeout)
				return
			}
			data, err := os.ReadFile(ts.MkAbs(rest))
			if err != nil {
				http.Error(w, err.Error(), http.StatusNotFound)
				return
			}
			w.Write(data)
		default:
			http.NotFound(w, r)
		}
	}))
	ts.Defer(func() { close(done); srv.Close() })
	ts.Setenv("POLICY", srv.URL)
}
