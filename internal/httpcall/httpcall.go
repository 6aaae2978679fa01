// Package httpcall runs an http handler: it POSTs the event context to a
// policy service and brings back the answer's body, or says why there is
// none. It starts no process. What the answer means is protocol's job.
//
// Nothing a declaration's variables expand to leaves this package in a
// message: errors name the url as written (${NAME} references intact) and
// Outcome.Secrets lists the expanded values so that callers can scrub them
// from anything the service echoes back.
package httpcall

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/envref"
	"github.com/hookrun/hookrun/internal/ojson"
)

// Failure says why a call brought back no answer to read.
type Failure int

// Failures. None means a 2xx answer whose body is in Outcome.Body.
const (
	None        Failure = iota
	Setup               // the request could not be built (a variable unset, a bad expanded url)
	Unreachable         // no answer: connection refused, DNS, TLS, a refused redirect
	TimedOut            // no answer within the handler's timeout
	Interrupted         // hookrun was interrupted while waiting
	Status              // an answer whose status is not 2xx
	TooLarge            // the body passed the limit
	Undefined           // response: opa, and the answer has no "result": the policy decided nothing
	Malformed           // response: opa, and the body is not {"result": …}
)

// Outcome is what one call came to.
type Outcome struct {
	Failure Failure
	Err     error // why, for every failure; never holds an expanded value
	Status  int   // the HTTP status, when there was an answer
	// Body is the answer: the service's body, or for response: opa the
	// value of its "result".
	Body     []byte
	Secrets  []string // the values the url and headers expanded to
	Duration time.Duration
}

// Call is one request: the handler's spec and what it sends.
type Call struct {
	Spec    *config.HTTP
	Timeout time.Duration
	Context []byte                      // the event context, one JSON object
	Env     func(string) (string, bool) // the caller's environment
	MaxBody int                         // bytes of answer kept; more is TooLarge
}

// NewClient is the client an event's http handlers share, so that hooks
// calling one service reuse its connections. TLS is verified against the
// system roots; a redirect is followed only within the same origin.
func NewClient() *http.Client {
	// net/http writes through the standard logger: with GODEBUG=http2debug
	// (which a project's .env gives hookrun under Gemini CLI before any
	// code of hookrun's runs) every header an HTTP/2 call sends, a
	// bearer token too, and the context it posts. hookrun prints nothing
	// through that logger, so nothing is lost.
	log.SetOutput(io.Discard)
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = 16
	// Headers are read whole before any body cap applies: net/http's own
	// limit, 10 MiB a call, would let 32 calls of one event hold 320 MiB.
	t.MaxResponseHeaderBytes = MaxHeaderBytes
	return &http.Client{Transport: t, CheckRedirect: sameOrigin}
}

// MaxHeaderBytes bounds an answer's status line and headers: a policy
// service's are a few hundred bytes.
const MaxHeaderBytes = 64 << 10

// sameOrigin refuses a redirect to another scheme, host or port: the
// context and the headers' secrets go only where the declaration says.
func sameOrigin(req *http.Request, via []*http.Request) error {
	first := via[0].URL
	if req.URL.Scheme != first.Scheme || req.URL.Host != first.Host {
		return errRedirect
	}
	if req.Method != http.MethodPost {
		// 301, 302 and 303 turn the POST into a GET without the context:
		// whatever answers that did not see the call.
		return errRedirectMethod
	}
	if len(via) > maxRedirects {
		return errRedirectLoop
	}
	return nil
}

// maxRedirects is how many redirects within the origin a call follows.
const maxRedirects = 5

var (
	errRedirectLoop   = errors.New("redirected more than 5 times (307 or 308 within its origin), which hookrun does not follow further: point the url at the final address") // maxRedirects
	errRedirect       = errors.New("redirected to another origin, which hookrun does not follow")
	errRedirectMethod = errors.New("redirected with a status that turns the POST into a GET without the context (301, 302 or 303), which hookrun does not follow; point the url at the final address, or redirect with 307 or 308")
)

// Post makes the call.
func Post(ctx context.Context, client *http.Client, c Call) Outcome {
	start := time.Now()
	o := post(ctx, client, c)
	o.Duration = time.Since(start)
	return o
}

func post(ctx context.Context, client *http.Client, c Call) Outcome {
	var o Outcome
	fail := func(f Failure, format string, args ...any) Outcome {
		o.Failure, o.Err = f, fmt.Errorf(format, args...)
		return o
	}
	rawURL, vals, err := c.Spec.URL.Expand(c.Env)
	if err != nil {
		return fail(Setup, "url: %v", err)
	}
	o.Secrets = append(o.Secrets, vals...)
	u, err := url.Parse(rawURL)
	if err != nil && !strings.Contains(rawURL, "://") {
		// An address without its scheme in a variable (127.0.0.1:8181),
		// which url.Parse cannot read at all.
		return fail(Setup, "url, once its variables are expanded, must start with https:// or http://")
	}
	if err != nil {
		return fail(Setup, "url is not a URL once its variables are expanded")
	}
	if msg := config.CheckURL(u); msg != "" {
		return fail(Setup, "url, once its variables are expanded, %s", msg)
	}
	if hostFromVariable(c.Spec.URL) && u.Hostname() != "" {
		// A variable that named the host must not come back in a DNS or TLS error.
		o.Secrets = append(o.Secrets, u.Hostname())
	}
	body := c.Context
	if c.Spec.Response == config.ResponseOPA {
		body = make([]byte, 0, len(c.Context)+10)
		body = append(append(append(body, `{"input":`...), bytes.TrimSpace(c.Context)...), '}')
	}
	ctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, rawURL, bytes.NewReader(body))
	if err != nil {
		return fail(Setup, "url: cannot make a request of it")
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "hookrun")
	for _, h := range c.Spec.Headers {
		v, vals, err := h.Value.Expand(c.Env)
		if err != nil {
			return fail(Setup, "header %s: %v", h.Name, err)
		}
		o.Secrets = append(o.Secrets, vals...)
		if !headerValue(v) {
			return fail(Setup, "header %s: its expanded value holds a control character", h.Name)
		}
		req.Header.Set(h.Name, v)
	}
	via := throughProxy(client, req)
	resp, err := client.Do(req)
	if err != nil {
		switch {
		case errors.Is(ctx.Err(), context.DeadlineExceeded):
			return fail(TimedOut, "no answer from the service within %s%s", c.Timeout, via)
		case ctx.Err() != nil:
			return fail(Interrupted, "interrupted while waiting for the service")
		case strings.Contains(err.Error(), "server response headers exceeded"):
			// net/http has no sentinel for it; TestPostHostileAnswers holds the text.
			return fail(TooLarge, "the service's answer has more than %d bytes of headers", MaxHeaderBytes)
		}
		if f, why := garbled(err, true); f != None {
			return fail(f, "%s%s", why, via)
		}
		return fail(Unreachable, "cannot reach the service: %s%s", cause(err), via)
	}
	defer resp.Body.Close()
	o.Status = resp.StatusCode
	if resp.StatusCode < 200 {
		// A 101's body is the raw connection, which no deadline covers: never read it.
		return fail(Status, "the service answered %s", status(resp.StatusCode))
	}
	if ce := resp.Header.Get("Content-Encoding"); resp.StatusCode <= 299 && ce != "" && !strings.EqualFold(ce, "identity") {
		// net/http decodes a gzip body it asked for, and then drops the
		// header. Any other encoding (br, deflate, gzip twice) is one
		// hookrun did not ask for: read as they are, its bytes are not the
		// answer, and could read as one another reader would not see.
		return fail(Malformed, "the service's answer is encoded (its Content-Encoding is not gzip), which hookrun did not ask for and does not decode: its bytes are not the answer")
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, int64(c.MaxBody)+1))
	switch {
	case err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded):
		return fail(TimedOut, "the service's answer did not finish within %s%s", c.Timeout, via)
	case err != nil && ctx.Err() != nil:
		return fail(Interrupted, "interrupted while reading the service's answer")
	case err != nil:
		if f, why := garbled(err, false); f != None {
			return fail(f, "%s%s", why, via)
		}
		return fail(Unreachable, "reading the service's answer: %s%s", cause(err), via)
	case len(data) > c.MaxBody:
		return fail(TooLarge, "the service's answer exceeds %d bytes", c.MaxBody)
	}
	o.Body = data
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fail(Status, "the service answered %s", status(resp.StatusCode))
	}
	if noDecision(resp.StatusCode) {
		return fail(Status, "the service answered %s, a status whose body is no decision (a request queued, part of an answer): a policy service answers 200 with the decision", status(resp.StatusCode))
	}
	if c.Spec.Response == config.ResponseOPA {
		return unwrapOPA(o)
	}
	if keys := topKeys(o.Body); keys["result"] {
		o.Failure, o.Err = Malformed, errors.New(`the answer has a top-level "result", OPA's shape, which a HookResult does not have: set response: opa, or answer the HookResult itself`)
	}
	return o
}

// noDecision reports whether a 2xx status says its body is not the
// answer to the request: 202, the request queued and not yet decided; 206
// and 226, a part of an answer or a change to one; 207 and 208, WebDAV's
// lists of other statuses. Read as a HookResult, their {} would be no
// opinion, and let the call through.
func noDecision(code int) bool {
	switch code {
	case http.StatusAccepted, http.StatusPartialContent, http.StatusIMUsed, http.StatusMultiStatus, http.StatusAlreadyReported:
		return true
	}
	return false
}

// topKeys are the keys of a JSON object, exactly as written (encoding/json
// would match "Result" to a field named result); nil when it is not one.
func topKeys(b []byte) map[string]bool {
	var obj map[string]json.RawMessage
	if json.Unmarshal(b, &obj) != nil {
		return nil
	}
	keys := make(map[string]bool, len(obj))
	for k := range obj {
		keys[k] = true
	}
	return keys
}

// unwrapOPA takes the decision out of OPA's {"result": …}. A body with no
// result is OPA's "undefined": the query's rule did not produce a value,
// which is a wrong url or policy, never a decision.
func unwrapOPA(o Outcome) Outcome {
	var answer map[string]json.RawMessage
	if err := json.Unmarshal(o.Body, &answer); err != nil || answer == nil {
		o.Failure, o.Err = Malformed, errors.New(`the answer is not OPA's {"result": …}`)
		return o
	}
	// OPA writes each key once. A second "result" after a deny would be
	// read as the last one (allow) here, and maybe as the first by a proxy
	// or a log that shows the answer: an answer read two ways is no answer.
	if dup := ojson.DuplicateKeys(o.Body, 1); len(dup) > 0 {
		o.Failure, o.Err = Malformed, fmt.Errorf("OPA's answer is ambiguous: key %q appears more than once", dup[0])
		return o
	}
	// OPA writes "result" in lower case only. Beside it, the same key in
	// another case is read one way here and another by a reader that
	// ignores case (encoding/json into a struct): no answer either.
	for k := range answer {
		if k != "result" && strings.EqualFold(k, "result") && answer["result"] != nil {
			o.Failure, o.Err = Malformed, fmt.Errorf("OPA's answer is ambiguous: keys %q and %q are one key spelt in two cases", k, "result")
			return o
		}
	}
	result := answer["result"] // exactly "result": OPA writes no other spelling
	if len(result) == 0 || string(result) == "null" {
		o.Failure, o.Err = Undefined, errors.New("OPA's answer has no result: the rule the url names is undefined for this input (check the url's package path and that the policy is loaded)")
		return o
	}
	// A url naming the policy's package (…/v1/data/hookrun) gets all its
	// rules, the result rule among them; no HookResult has a "result".
	// Only their number is said: a key may echo an expanded variable.
	if inner := topKeys(result); inner["result"] {
		what := fmt.Sprintf(`{"result": {…}} with the package's %d rules, "result" among them`, len(inner))
		if len(inner) == 1 {
			what = `{"result": {"result": …}}`
		}
		o.Failure, o.Err = Malformed, fmt.Errorf("OPA answered %s: the url names the policy's package, not its result rule; end the url with /result", what)
		return o
	}
	o.Body = result
	return o
}

// status names an answer's status by its code and the standard words for
// it. The words on the status line are the service's, as free as its body:
// they may echo a header's secret, or hold escapes for a terminal.
func status(code int) string {
	if text := http.StatusText(code); text != "" {
		return fmt.Sprintf("%d %s", code, text)
	}
	return fmt.Sprint(code)
}

// throughProxy names the proxy req goes through, for the messages of a
// call that got no answer: the person must look at the proxy, not only
// the service. Only its host and port: its url may hold a password.
func throughProxy(client *http.Client, req *http.Request) string {
	t, ok := client.Transport.(*http.Transport)
	if !ok || t.Proxy == nil {
		return ""
	}
	if u, err := t.Proxy(req); err == nil && u != nil {
		return " (through the proxy " + u.Host + " that HTTPS_PROXY or HTTP_PROXY names)"
	}
	return ""
}

// cause is a transport error without the request line: net/http's
// url.Error repeats the expanded url, which may hold a secret.
func cause(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	for _, e := range []error{errRedirect, errRedirectMethod, errRedirectLoop} {
		if errors.Is(err, e) {
			return e.Error()
		}
	}
	var ne *net.OpError
	if errors.As(err, &ne) && ne.Err != nil {
		return ne.Op + ": " + ne.Err.Error()
	}
	return err.Error()
}

// garbled names what is wrong with an answer that came but cannot be
// read as HTTP (inHead: its status line and headers; else its body), or
// None for an error that is not such. net/http's own words quote the
// answer's bytes, which are the service's (they may hold escapes for a
// terminal, or echo a secret), and it has no sentinel for most of them:
// TestPostGarbledAnswers holds the texts.
func garbled(err error, inHead bool) (Failure, string) {
	msg := err.Error()
	has := func(s string) bool { return strings.Contains(msg, s) }
	switch {
	case inHead && errors.Is(err, io.ErrUnexpectedEOF):
		return Malformed, "the service's answer was cut short: the connection closed before its headers ended"
	case inHead && errors.Is(err, io.EOF):
		return Unreachable, "the service closed the connection without answering"
	case !inHead && errors.Is(err, io.ErrUnexpectedEOF):
		return Malformed, "the service's answer was cut short: the connection closed before the body its headers announced had all arrived"
	case has("malformed HTTP status code"), has("malformed HTTP response"), has("malformed HTTP version"):
		return Malformed, "the service's answer is not HTTP: its status line is malformed (not quoted)"
	case has("malformed MIME header"), has("invalid header field"), has("malformed continuation line"), has("missing protocol-version"):
		return Malformed, "the service's answer is not HTTP: a header line is malformed (not quoted)"
	case has("bad Content-Length"), has("Content-Length headers"):
		return Malformed, "the service's answer is not HTTP: its Content-Length is malformed (not quoted)"
	case has("Transfer-Encoding"), has("transfer encoding"):
		return Malformed, "the service's answer is not HTTP: its Transfer-Encoding is malformed (not quoted)"
	case has("chunk"):
		return Malformed, "the service's answer is garbled: its chunked body is malformed"
	case has("gzip"), has("flate"):
		return Malformed, "the service's answer is garbled: its body is not the gzip its Content-Encoding says"
	case has("transport connection broken"):
		return Malformed, "the service's answer is not HTTP hookrun can read (not quoted)"
	}
	return None, ""
}

// hostFromVariable reports whether a variable forms part of the url's host.
func hostFromVariable(t envref.Template) bool {
	const mark = "hookrun-variable-mark"
	w, err := url.Parse(t.Text(func(string) string { return mark }))
	return err != nil || w.Host == "" || strings.Contains(w.Host, mark)
}

// headerValue reports whether v can be sent as a header value.
func headerValue(v string) bool {
	for i := 0; i < len(v); i++ {
		if c := v[i]; c < 0x20 && c != '\t' || c == 0x7f {
			return false
		}
	}
	return true
}
