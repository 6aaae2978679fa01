package httpcall

import (
	"context"
	"crypto/x509"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/hookrun/hookrun/internal/config"
)

// GODEBUG=http2debug=1 (which a project's .env can give hookrun under
// Gemini CLI, before any code of hookrun's runs) makes net/http's HTTP/2
// client log every header it sends, Authorization's value too, through
// the standard logger to hookrun's stderr, where the agent reads it. No
// library may print on hookrun's behalf.
func TestPostLogsNothing(t *testing.T) {
	if os.Getenv("HOOKRUN_TEST_H2_CHILD") == "1" {
		h2Call(t)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestPostLogsNothing$", "-test.v")
	cmd.Env = append(os.Environ(), "HOOKRUN_TEST_H2_CHILD=1", "GODEBUG=http2debug=2")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "h2 call answered") {
		t.Fatalf("child made no HTTP/2 call:\n%s", out)
	}
	if strings.Contains(string(out), "tok-s3cret") || strings.Contains(string(out), "http2:") {
		t.Errorf("the call printed on hookrun's behalf (the header's secret among it):\n%.2000s", out)
	}
}

func h2Call(t *testing.T) {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ProtoMajor != 2 {
			http.Error(w, "not h2", http.StatusBadRequest)
			return
		}
		io.WriteString(w, "{}")
	}))
	srv.EnableHTTP2 = true
	srv.StartTLS()
	defer srv.Close()
	client := NewClient()
	roots := x509.NewCertPool()
	roots.AddCert(srv.Certificate())
	tr := client.Transport.(*http.Transport)
	tr.TLSClientConfig = srv.Client().Transport.(*http.Transport).TLSClientConfig.Clone()
	tr.TLSClientConfig.RootCAs = roots
	o := Post(context.Background(), client, call(spec(t, srv.URL, config.ResponseHookResult, "Authorization", "Bearer ${TOKEN}")))
	if o.Failure != None {
		t.Fatalf("%+v", o)
	}
	t.Log("h2 call answered")
}
