package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/httpcall"
	"github.com/hookrun/hookrun/internal/merge"
)

// minSecret is the shortest expanded value scrubbed from a report: a
// shorter one would take ordinary words with it.
const minSecret = 4

// EvaluateCall judges an http handler's call on event ev: its answer is
// read like a script's stdout, and every way of getting no answer is the
// hook failing, for its on_error to decide. No value the declaration's
// variables expanded to survives in the report, whatever the service
// echoed back.
func EvaluateCall(ev event.Name, h *config.Hook, o httpcall.Outcome) merge.Report {
	r := newReport(h, o.Duration, "hook "+h.ID+": POST "+h.Handler.HTTP.URL.String())
	r.what = "POST " + h.Handler.HTTP.URL.String()
	secrets := scrubbed(o.Secrets)
	r.hideOutput = len(secrets) > 0
	var rep merge.Report
	switch o.Failure {
	case httpcall.None:
		if len(bytes.TrimSpace(o.Body)) == 0 {
			rep = r.fail(merge.CodeInvalidOutput, "answered %d with an empty body; a policy service must answer a HookResult (at least {})", o.Status)
		} else if keys := strangerKeys(o.Body); keys != nil {
			has := ""
			if !r.hideOutput {
				has = " (it has " + strings.Join(keys, ", ") + ")"
			}
			rep = r.fail(merge.CodeInvalidOutput, "answered %d with JSON that holds none of a HookResult's fields%s: it is not a policy's answer (a proxy's, a login page's, another endpoint's?), and taken as no opinion it would let the call through; a policy service answers a HookResult, at least {}", o.Status, has)
		} else {
			rep = r.answer(ev, h, o.Body)
		}
	case httpcall.TimedOut:
		r.Run.Status = merge.StatusTimeout
		rep = r.fail(merge.CodeTimeout, "%v", o.Err)
	case httpcall.Interrupted:
		rep = r.fail(merge.CodeInterrupted, "%v", o.Err)
	case httpcall.TooLarge:
		rep = r.fail(merge.CodeOutputTooLarge, "%v", o.Err)
	case httpcall.Status:
		rep = r.fail(merge.CodeHTTPStatus, "%v%s", o.Err, bodySuffix(r, o.Body))
	case httpcall.Undefined, httpcall.Malformed:
		rep = r.fail(merge.CodeInvalidOutput, "%v", o.Err)
	default: // Setup, Unreachable
		rep = r.fail(merge.CodeUnreachable, "%v", o.Err)
	}
	return scrub(rep, secrets)
}

// strangerKeys are the first keys, quoted, of an answer that is a JSON
// object HookResult reads (ParseResult finds nothing wrong) but that holds
// none of its fields, or nil. A script's {"ok": true} is an unknown field
// and a warning; a service's is a proxy's or a login page's JSON, or an
// endpoint the url names by mistake, answering for the policy.
func strangerKeys(body []byte) []string {
	var obj map[string]json.RawMessage
	if json.Unmarshal(body, &obj) != nil || len(obj) == 0 {
		return nil
	}
	if _, _, err := ParseResult(body); err != nil {
		return nil // its own message says more
	}
	var keys []string
	for _, k := range sortedKeys(obj) {
		if slices.Contains(resultFields, k) {
			return nil
		}
		if len(keys) < 3 {
			keys = append(keys, fmt.Sprintf("%q", k))
		}
	}
	return keys
}

// bodySuffix quotes the start of an error answer's body, where services
// say why, unless the request carried secrets.
func bodySuffix(r *report, b []byte) string {
	switch {
	case len(bytes.TrimSpace(b)) == 0:
		return ""
	case r.hideOutput:
		return "; its body is not quoted: the request carried expanded variables, which it may echo"
	}
	return "; body began: " + quoteStart(b)
}

// scrubbed are the secrets long enough to scrub, each also as JSON writes it.
func scrubbed(secrets []string) []string {
	var out []string
	for _, s := range secrets {
		if len(s) < minSecret {
			continue
		}
		out = append(out, s)
		if q, err := json.Marshal(s); err == nil && string(q[1:len(q)-1]) != s {
			out = append(out, string(q[1:len(q)-1]))
		}
	}
	return out
}

// scrub replaces each secret in the report's text with [redacted]. A
// signal's payload is first written again plainly, so that a secret
// spelled with \u escapes is found too.
func scrub(r merge.Report, secrets []string) merge.Report {
	var olds []string
	for _, s := range secrets {
		olds = append(olds, s, "[redacted]")
	}
	if olds == nil {
		return r
	}
	rp := strings.NewReplacer(olds...)
	r.Reason = rp.Replace(r.Reason)
	r.AdditionalContext = rp.Replace(r.AdditionalContext)
	r.UserMessage = rp.Replace(r.UserMessage)
	for i := range r.Logs {
		r.Logs[i] = rp.Replace(r.Logs[i])
	}
	for i := range r.Errors {
		// A handler error's code is the service's string (error.code) too.
		r.Errors[i].Code = rp.Replace(r.Errors[i].Code)
		r.Errors[i].Message = rp.Replace(r.Errors[i].Message)
	}
	for i := range r.Warnings {
		r.Warnings[i].Message = rp.Replace(r.Warnings[i].Message)
	}
	for i := range r.Signals {
		s := &r.Signals[i]
		s.Kind, s.Code = rp.Replace(s.Kind), rp.Replace(s.Code)
		if p := json.RawMessage(rp.Replace(string(plainJSON(s.Payload)))); json.Valid(p) || len(p) == 0 {
			s.Payload = p
		} else {
			s.Payload = json.RawMessage(`"[redacted]"`)
		}
	}
	return r
}

// plainJSON writes a JSON value again with no escapes but those JSON
// requires, numbers kept as written.
func plainJSON(raw json.RawMessage) []byte {
	if len(raw) == 0 {
		return raw
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return raw
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if enc.Encode(v) != nil {
		return raw
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}
