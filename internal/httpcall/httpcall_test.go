package httpcall

import (
	"compress/gzip"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/envref"
)

func spec(t *testing.T, url, response string, headers ...string) *config.HTTP {
	t.Helper()
	u, err := envref.Parse(url)
	if err != nil {
		t.Fatal(err)
	}
	s := &config.HTTP{URL: u, Response: response}
	for i := 0; i+1 < len(headers); i += 2 {
		v, err := envref.Parse(headers[i+1])
		if err != nil {
			t.Fatal(err)
		}
		s.Headers = append(s.Headers, config.Header{Name: headers[i], Value: v})
	}
	return s
}

var env = map[string]string{"TOKEN": "tok-s3cret", "EMPTY": "", "FILE_URL": "file:///etc/passwd", "SOCKET_URL": "unix:///var/run/docker.sock", "NO_SCHEME_URL": "127.0.0.1:8181"}

func call(s *config.HTTP) Call {
	// Generous: a loaded machine under -race is slow to shake hands.
	return Call{Spec: s, Timeout: 30 * time.Second, Context: []byte(`{"event_type":"PreAbilityCall"}` + "\n"),
		Env: func(n string) (string, bool) { v, ok := env[n]; return v, ok }, MaxBody: 1 << 10}
}

func TestPostHookResult(t *testing.T) {
	var got struct{ body, auth, ctype, method string }
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got.body, got.auth, got.ctype, got.method = string(b), r.Header.Get("Authorization"), r.Header.Get("Content-Type"), r.Method
		io.WriteString(w, `{"additional_context":"ok"}`)
	}))
	defer srv.Close()
	o := Post(context.Background(), NewClient(), call(spec(t, srv.URL+"/v1", config.ResponseHookResult, "Authorization", "Bearer ${TOKEN}")))
	if o.Failure != None || string(o.Body) != `{"additional_context":"ok"}` || o.Status != 200 {
		t.Fatalf("outcome = %+v", o)
	}
	if got.method != "POST" || got.body != `{"event_type":"PreAbilityCall"}`+"\n" || got.auth != "Bearer tok-s3cret" || got.ctype != "application/json" {
		t.Errorf("request = %+v", got)
	}
	if strings.Join(o.Secrets, ",") != "tok-s3cret" {
		t.Errorf("secrets = %q", o.Secrets)
	}
}

func TestPostOPA(t *testing.T) {
	for _, tc := range []struct {
		answer, body string
		failure      Failure
		err          string
	}{
		{answer: `{"result":{"hook_signals":[]}}`, body: `{"hook_signals":[]}`},
		{answer: `{"decision_id":"x"}`, failure: Undefined, err: "has no result: the rule the url names is undefined"},
		{answer: `{"result":null}`, failure: Undefined, err: "has no result"},
		{answer: `[1]`, failure: Malformed, err: "is not OPA's {\"result\": …}"},
		// The url names the package: its rules come back, the result rule among them.
		{answer: `{"result":{"deny":[],"result":{}}}`, failure: Malformed, err: `OPA answered {"result": {…}} with the package's 2 rules, "result" among them: the url names the policy's package, not its result rule; end the url with /result`},
		{answer: `{"result":{"result":{}}}`, failure: Malformed, err: `OPA answered {"result": {"result": …}}: the url names the policy's package, not its result rule; end the url with /result`},
		// A second result after a deny: the last one would win, and allow.
		{answer: `{"result":{"hook_signals":[{"kind":"ability_guard","code":"ABILITY_DENIED"}]},"result":{}}`, failure: Malformed, err: `key "result" appears more than once`},
		{answer: `{"result":{},"decision_id":"a","decision_id":"b"}`, failure: Malformed, err: `key "decision_id" appears more than once`},
		// result in another case beside it: read one way here, and another by a reader that
		// ignores case (Go's encoding/json into a struct), whichever holds the deny.
		{answer: `{"Result":{"hook_signals":[{"kind":"ability_guard","code":"ABILITY_DENIED"}]},"result":{}}`, failure: Malformed, err: `OPA's answer is ambiguous: keys "Result" and "result" are one key spelt in two cases`},
		{answer: `{"RESULT":{}}`, failure: Undefined, err: "has no result"},
	} {
		var sent string
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			sent = string(b)
			io.WriteString(w, tc.answer)
		}))
		o := Post(context.Background(), NewClient(), call(spec(t, srv.URL+"/v1/data/hookrun/result", config.ResponseOPA)))
		srv.Close()
		if sent != `{"input":{"event_type":"PreAbilityCall"}}` {
			t.Errorf("sent %s", sent)
		}
		if o.Failure != tc.failure || (tc.failure == None && string(o.Body) != tc.body) {
			t.Errorf("answer %s: outcome %+v", tc.answer, o)
		}
		if tc.err != "" && (o.Err == nil || !strings.Contains(o.Err.Error(), tc.err)) {
			t.Errorf("answer %s: error %v, want %q", tc.answer, o.Err, tc.err)
		}
	}
}

func TestPostFailures(t *testing.T) {
	slow := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/500":
			w.WriteHeader(500)
			io.WriteString(w, "policy crashed")
		case "/202", "/206":
			// Queued, not decided; part of an answer: {} would read as no opinion.
			w.Header().Set("Content-Range", "bytes 0-1/96")
			w.WriteHeader(map[string]int{"/202": 202, "/206": 206}[r.URL.Path])
			io.WriteString(w, "{}")
		case "/201":
			w.WriteHeader(201)
			io.WriteString(w, "{}")
		case "/slow":
			<-slow
		case "/big":
			io.WriteString(w, strings.Repeat("x", 2<<10))
		case "/away":
			http.Redirect(w, r, "http://example.invalid/x", http.StatusTemporaryRedirect)
		case "/here":
			http.Redirect(w, r, "/ok", http.StatusTemporaryRedirect)
		case "/ok":
			b, _ := io.ReadAll(r.Body)
			w.Write(append([]byte(`{"logs":[`), append(strconvQuote(b), ']', '}')...))
		}
	}))
	defer srv.Close()
	defer close(slow) // first: Close waits for the handler it releases
	// A port nothing listens on: the discard port, below the ephemeral
	// range, so that no test server in another process takes it (a port
	// noted and closed here could be, and then answered).
	const dead = "http://127.0.0.1:9"

	for _, tc := range []struct {
		url     string
		failure Failure
		err     string
	}{
		{srv.URL + "/500", Status, "the service answered 500 Internal Server Error"},
		{srv.URL + "/202", Status, "the service answered 202 Accepted, a status whose body is no decision (a request queued, part of an answer): a policy service answers 200 with the decision"},
		{srv.URL + "/206", Status, "the service answered 206 Partial Content, a status whose body is no decision"},
		{srv.URL + "/slow", TimedOut, "no answer from the service within 200ms"},
		{srv.URL + "/big", TooLarge, "the service's answer exceeds 1024 bytes"},
		{srv.URL + "/away", Unreachable, "redirected to another origin, which hookrun does not follow"},
		{dead + "/v1?token=${TOKEN}", Unreachable, "cannot reach the service: dial: "},
		{srv.URL + "/${MISSING}", Setup, "url: ${MISSING} is not set in hookrun's environment"},
		{srv.URL + "/${EMPTY}", Setup, "url: ${EMPTY} is empty in hookrun's environment"},
		{"http://${TOKEN}@host/", Setup, "must not carry a user name or password"},
		// A variable cannot make the url another scheme: no file, no Unix socket.
		{"${FILE_URL}", Setup, "url, once its variables are expanded, must start with https:// or http://"},
		{"${SOCKET_URL}/v1", Setup, "url, once its variables are expanded, must start with https:// or http://"},
		// An address without its scheme, which url.Parse cannot read at all.
		{"${NO_SCHEME_URL}/v1/data/hookrun/result", Setup, "url, once its variables are expanded, must start with https:// or http://"},
	} {
		c := call(spec(t, tc.url, config.ResponseHookResult))
		if tc.failure == TimedOut {
			// Only a service that never answers meets this bound; the
			// others keep call's generous one, which a loaded machine
			// shaking hands under -race must not reach (a 200ms bound
			// for every case made them time out instead).
			c.Timeout = 200 * time.Millisecond
		}
		o := Post(context.Background(), NewClient(), c)
		if o.Failure != tc.failure || o.Err == nil || !strings.Contains(o.Err.Error(), tc.err) {
			t.Errorf("%s: failure %d, error %v; want %d, %q", tc.url, o.Failure, o.Err, tc.failure, tc.err)
		}
		if o.Err != nil && strings.Contains(o.Err.Error(), "tok-s3cret") {
			t.Errorf("%s: error holds the secret: %v", tc.url, o.Err)
		}
	}
	// 201 holds the answer, as 200 does.
	if o := Post(context.Background(), NewClient(), call(spec(t, srv.URL+"/201", config.ResponseHookResult))); o.Failure != None || string(o.Body) != "{}" {
		t.Errorf("201: %+v", o)
	}
	// A redirect within the origin is followed with the body.
	o := Post(context.Background(), NewClient(), call(spec(t, srv.URL+"/here", config.ResponseHookResult)))
	if o.Failure != None || !strings.Contains(string(o.Body), "PreAbilityCall") {
		t.Errorf("same-origin redirect: %+v %s", o, o.Body)
	}
	// A header whose variable expands to a line break is refused before sending.
	env["NL"] = "a\r\nX-Evil: 1"
	defer delete(env, "NL")
	o = Post(context.Background(), NewClient(), call(spec(t, srv.URL+"/ok", config.ResponseHookResult, "X-Token", "${NL}")))
	if o.Failure != Setup || !strings.Contains(o.Err.Error(), "header X-Token: its expanded value holds a control character") {
		t.Errorf("line break in header: %+v", o)
	}
}

func TestPostInterrupted(t *testing.T) {
	block := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-block }))
	defer srv.Close()
	defer close(block)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	o := Post(ctx, NewClient(), call(spec(t, srv.URL, config.ResponseHookResult)))
	if o.Failure != Interrupted {
		t.Errorf("outcome = %+v", o)
	}
}

// Hooks of one event share a client: calls run side by side, and a
// second round reuses the connections of the first.
func TestClientReusesConnections(t *testing.T) {
	var conns atomic.Int32
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "{}") }))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()
	client := NewClient()
	for range 3 {
		if o := Post(context.Background(), client, call(spec(t, srv.URL, config.ResponseHookResult))); o.Failure != None {
			t.Fatal(o.Err)
		}
	}
	if n := conns.Load(); n != 1 {
		t.Errorf("3 calls in turn opened %d connections, want 1", n)
	}
}

func strconvQuote(b []byte) []byte {
	return []byte(`"` + strings.NewReplacer(`"`, `\"`, "\n", `\n`).Replace(string(b)) + `"`)
}

// TLS is verified against the system roots: a certificate they do not
// vouch for is no answer.
func TestPostVerifiesTLS(t *testing.T) {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "{}") }))
	defer srv.Close()
	o := Post(context.Background(), NewClient(), call(spec(t, srv.URL, config.ResponseHookResult)))
	if o.Failure != Unreachable || !strings.Contains(o.Err.Error(), "certificate") {
		t.Errorf("self-signed server: %+v", o)
	}
}

// What a hostile or misconfigured service can answer: each is no answer.
func TestPostHostileAnswers(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/s101": // a body that is the raw connection, beyond any deadline
			hj, _ := w.(http.Hijacker)
			c, buf, _ := hj.Hijack()
			buf.WriteString("HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\nConnection: Upgrade\r\n\r\n{}")
			buf.Flush()
			time.AfterFunc(5*time.Second, func() { c.Close() })
		case "/r302":
			http.Redirect(w, r, "/allow", http.StatusFound)
		case "/allow":
			if r.Method == http.MethodGet {
				io.WriteString(w, "{}")
			}
		case "/opa-shaped":
			io.WriteString(w, `{"result":{"hook_signals":[]}}`)
		case "/opa-case":
			io.WriteString(w, `{"Result":{}}`)
		case "/phrase", "/phrase599": // the status line's words are the service's, like its body
			code := "418"
			if r.URL.Path == "/phrase599" {
				code = "599"
			}
			hj, _ := w.(http.Hijacker)
			c, buf, _ := hj.Hijack()
			buf.WriteString("HTTP/1.1 " + code + " dG9rLXMzY3JldA== \x1b]0;pwned\x07\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
			buf.Flush()
			c.Close()
		case "/headers": // kept in memory whole, before any body cap applies
			w.Header().Set("X-Pad", strings.Repeat("a", 1<<20))
			io.WriteString(w, "{}")
		case "/br", "/deflate": // an encoding hookrun did not ask for: its bytes are not the answer
			w.Header().Set("Content-Encoding", r.URL.Path[1:])
			io.WriteString(w, "{}")
		case "/loop": // 307 keeps the POST and its body: followed within the origin, 5 times at most
			http.Redirect(w, r, "/loop", http.StatusTemporaryRedirect)
		case "/gzip-twice":
			w.Header().Set("Content-Encoding", "gzip, gzip")
			io.WriteString(w, "{}")
		}
	}))
	defer srv.Close()
	for _, tc := range []struct {
		path, response string
		failure        Failure
		err            string
	}{
		{"/s101", config.ResponseHookResult, Status, "the service answered 101 Switching Protocols"},
		{"/r302", config.ResponseHookResult, Unreachable, "turns the POST into a GET without the context"},
		{"/opa-shaped", config.ResponseHookResult, Malformed, `top-level "result", OPA's shape`},
		{"/opa-case", config.ResponseOPA, Undefined, "has no result"},
		{"/phrase", config.ResponseHookResult, Status, "the service answered 418 I'm a teapot"},
		{"/phrase599", config.ResponseHookResult, Status, "the service answered 599"},
		{"/headers", config.ResponseHookResult, TooLarge, "the service's answer has more than 65536 bytes of headers"},
		{"/br", config.ResponseHookResult, Malformed, "the service's answer is encoded (its Content-Encoding is not gzip), which hookrun did not ask for and does not decode: its bytes are not the answer"},
		{"/deflate", config.ResponseOPA, Malformed, "its Content-Encoding is not gzip"},
		{"/gzip-twice", config.ResponseHookResult, Malformed, "its Content-Encoding is not gzip"},
		{"/loop", config.ResponseHookResult, Unreachable, "cannot reach the service: redirected more than 5 times (307 or 308 within its origin), which hookrun does not follow further: point the url at the final address"},
	} {
		c := call(spec(t, srv.URL+tc.path, tc.response))
		c.Timeout = 3 * time.Second
		start := time.Now()
		o := Post(context.Background(), NewClient(), c)
		if o.Failure != tc.failure || o.Err == nil || !strings.Contains(o.Err.Error(), tc.err) {
			t.Errorf("%s: failure %d, error %v; want %d, %q", tc.path, o.Failure, o.Err, tc.failure, tc.err)
		}
		if o.Err != nil && strings.ContainsAny(o.Err.Error(), "\x1b=") {
			t.Errorf("%s: the error quotes the service's status line: %q", tc.path, o.Err)
		}
		if d := time.Since(start); d > 4*time.Second {
			t.Errorf("%s: took %s with a 3s timeout", tc.path, d)
		}
	}
}

// A variable that names the host is a secret: DNS and TLS errors repeat hosts.
func TestPostHostIsSecret(t *testing.T) {
	env["HOSTVAR"] = "http://s3cret-host.invalid"
	defer delete(env, "HOSTVAR")
	o := Post(context.Background(), NewClient(), call(spec(t, "${HOSTVAR}/x", config.ResponseHookResult)))
	if strings.Join(o.Secrets, ",") != "http://s3cret-host.invalid,s3cret-host.invalid" {
		t.Errorf("secrets = %q", o.Secrets)
	}
}

// A gzip body is decoded before the cap counts it: 8 MiB of zeros sent
// as 8 KiB is 8 MiB of answer, not 8 KiB of garbage under the cap.
func TestPostCountsDecodedBytes(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		zw := gzip.NewWriter(w)
		zw.Write(make([]byte, 8<<20))
		zw.Close()
	}))
	defer srv.Close()
	c := call(spec(t, srv.URL, config.ResponseHookResult))
	c.MaxBody = 1 << 20
	o := Post(context.Background(), NewClient(), c)
	if o.Failure != TooLarge || o.Err.Error() != "the service's answer exceeds 1048576 bytes" {
		t.Errorf("gzip bomb: failure %d, error %v", o.Failure, o.Err)
	}
}

// A request through a proxy says so when it gets no answer: the person
// looks at the proxy, not the service. The proxy's user and password stay
// out of the message.
func TestPostNamesTheProxy(t *testing.T) {
	block := make(chan struct{})
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-block }))
	defer hang.Close()
	defer close(block)
	for _, tc := range []struct {
		proxy   string
		failure Failure
		err     string
	}{
		{"http://user:pr0xy-pw@127.0.0.1:9", Unreachable, "cannot reach the service: proxyconnect: dial tcp 127.0.0.1:9: connect: connection refused (through the proxy 127.0.0.1:9 that HTTPS_PROXY or HTTP_PROXY names)"},
		{hang.URL, TimedOut, "no answer from the service within 200ms (through the proxy " + strings.TrimPrefix(hang.URL, "http://") + " that HTTPS_PROXY or HTTP_PROXY names)"},
	} {
		client := NewClient()
		p, err := url.Parse(tc.proxy)
		if err != nil {
			t.Fatal(err)
		}
		client.Transport.(*http.Transport).Proxy = http.ProxyURL(p)
		c := call(spec(t, "http://policy.invalid/v1", config.ResponseHookResult))
		if tc.failure == TimedOut {
			c.Timeout = 200 * time.Millisecond // the proxy never answers
		}
		o := Post(context.Background(), client, c)
		if o.Failure != tc.failure || o.Err == nil || o.Err.Error() != tc.err {
			t.Errorf("proxy %s: failure %d, error %v; want %d, %q", tc.proxy, o.Failure, o.Err, tc.failure, tc.err)
		}
	}
}

// TestPostGarbledAnswers: an answer that is not HTTP, or breaks off, is
// named for what is wrong with it, never "cannot reach" (the service
// answered), and its bytes are not quoted: they are the service's, and may
// hold escapes for a terminal or echo a secret.
func TestPostGarbledAnswers(t *testing.T) {
	const evil = "\x1b]0;pwned\x07"
	answers := map[string]string{
		"/not-http":     evil + " SSH-2.0-OpenSSH\r\n\r\n",
		"/bad-status":   "HTTP/1.1 2" + evil + " OK\r\nContent-Length: 2\r\n\r\n{}",
		"/bad-header":   "HTTP/1.1 200 OK\r\nX" + evil + ": y\r\nContent-Length: 2\r\n\r\n{}",
		"/bad-length":   "HTTP/1.1 200 OK\r\nContent-Length: 12pwned\r\n\r\n{}",
		"/bad-gzip":     "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 13\r\n\r\n" + evil + "pwn",
		"/truncated":    "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"hook_signals\":",
		"/bad-chunks":   "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + evil + "\r\n",
		"/no-headers":   "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n",
		"/empty-answer": "",
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hj, _ := w.(http.Hijacker)
		c, buf, _ := hj.Hijack()
		buf.WriteString(answers[r.URL.Path])
		buf.Flush()
		c.Close()
	}))
	defer srv.Close()
	for _, tc := range []struct {
		path    string
		failure Failure
		err     string
	}{
		{"/not-http", Malformed, "the service's answer is not HTTP: its status line is malformed"},
		{"/bad-status", Malformed, "the service's answer is not HTTP: its status line is malformed"},
		{"/bad-header", Malformed, "the service's answer is not HTTP: a header line is malformed"},
		{"/bad-length", Malformed, "the service's answer is not HTTP: its Content-Length is malformed"},
		{"/bad-gzip", Malformed, "the service's answer is garbled: its body is not the gzip its Content-Encoding says"},
		{"/truncated", Malformed, "the service's answer was cut short: the connection closed before the body its headers announced had all arrived"},
		{"/bad-chunks", Malformed, "the service's answer is garbled: its chunked body is malformed"},
		{"/no-headers", Malformed, "the service's answer was cut short: the connection closed before its headers ended"},
		{"/empty-answer", Unreachable, "the service closed the connection without answering"},
	} {
		o := Post(context.Background(), NewClient(), call(spec(t, srv.URL+tc.path, config.ResponseHookResult)))
		if o.Failure != tc.failure || o.Err == nil || !strings.Contains(o.Err.Error(), tc.err) {
			t.Errorf("%s: failure %d, error %v; want %d, %q", tc.path, o.Failure, o.Err, tc.failure, tc.err)
			continue
		}
		if msg := o.Err.Error(); strings.ContainsAny(msg, "\x1b\x07") || strings.Contains(msg, "pwned") || strings.Contains(msg, "SSH") || strings.Contains(msg, "cannot reach") {
			t.Errorf("%s: the error quotes the answer or says cannot reach: %q", tc.path, msg)
		}
	}
}
