package protocol

import (
	"bytes"
	"encoding/json"
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
	secrets := scrubbed(o.Secrets)
	r.hideOutput = len(secrets) > 0
	var rep merge.Report
	switch o.Failure {
	case httpcall.None:
		if len(bytes.TrimSpace(o.Body)) == 0 {
			rep = r.fail(merge.CodeInvalidOutput, "answered %d with an empty body; a policy service must answer a HookResult (at least {})", o.Status)
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
		r.Errors[i].Message = rp.Replace(r.Errors[i].Message)
	}
	for i := range r.Warnings {
		r.Warnings[i].Message = rp.Replace(r.Warnings[i].Message)
	}
	for i := range r.Signals {
		s := &r.Signals[i]
		s.Code = rp.Replace(s.Code)
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
