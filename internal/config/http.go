package config

import (
	"net/netip"
	"net/textproto"
	"net/url"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/hookrun/hookrun/internal/envref"
)

// An http handler's answer formats.
const (
	ResponseHookResult = "hookresult" // the body is the context; the answer a HookResult
	ResponseOPA        = "opa"        // {"input": context}; the answer {"result": HookResult}
)

// HTTP is an http handler: the event context POSTed to a policy service
// (docs/central-policy.md).
type HTTP struct {
	URL        envref.Template
	Headers    []Header
	AllowedEnv []string
	Response   string
}

// Header is one handler.headers entry; entries keep their file order.
type Header struct {
	Name  string
	Value envref.Template
}

// reservedHeaders are set by hookrun for the request itself.
var reservedHeaders = []string{"Host", "Content-Length", "Content-Type", "Transfer-Encoding", "Connection", "Te", "Upgrade", "Trailer"}

// httpNodes are an http handler's keys as the loop over handler met them.
type httpNodes struct {
	url, headers, allowedEnv, response *yaml.Node
}

func (n httpNodes) any() bool {
	return n.url != nil || n.headers != nil || n.allowedEnv != nil || n.response != nil
}

// http decodes and checks an http handler's keys.
func (d *decoder) http(handler *yaml.Node, n httpNodes, h *Hook) {
	spec := &HTTP{Response: ResponseHookResult}
	h.Handler.HTTP = spec
	if n.response != nil {
		if s, ok := d.str(n.response, "handler.response"); ok {
			if s == ResponseHookResult || s == ResponseOPA {
				spec.Response = s
			} else {
				d.errorf(n.response, "handler.response: must be hookresult or opa, got %q", s)
			}
		}
	}
	allowed := map[string]bool{}
	at := map[string]*yaml.Node{} // where each allowed name is written
	if n.allowedEnv != nil {
		if names, ok := d.strings(n.allowedEnv, "handler.allowed_env"); ok {
			for i, name := range names {
				switch {
				case !envref.ValidName(name):
					d.errorf(itemNode(n.allowedEnv, i), "handler.allowed_env: %q is not a variable name", name)
				case allowed[name]:
					d.errorf(itemNode(n.allowedEnv, i), "handler.allowed_env: %s is listed twice", name)
				default:
					allowed[name] = true
					at[name] = itemNode(n.allowedEnv, i)
					spec.AllowedEnv = append(spec.AllowedEnv, name)
				}
			}
		}
	}
	used := map[string]bool{}
	// refs parses a url or header value and checks that every variable it
	// names may be expanded.
	refs := func(v *yaml.Node, name string) (envref.Template, bool) {
		s, ok := d.str(v, name)
		if !ok {
			return envref.Template{}, false
		}
		if strings.ContainsAny(s, "\x00\r\n") {
			d.errorf(v, "%s: must not contain a NUL byte or a line break", name)
			return envref.Template{}, false
		}
		t, err := envref.Parse(s)
		if err != nil {
			d.errorf(v, "%s: %v", name, err)
			return envref.Template{}, false
		}
		good := true
		for _, ref := range t.Names() {
			used[ref] = true
			if !allowed[ref] {
				d.errorf(v, "%s: uses ${%s}, which is not in handler.allowed_env; list it there to let hookrun expand it", name, ref)
				good = false
			}
		}
		return t, good
	}
	if n.url == nil {
		d.errorf(handler, "handler: missing required key \"url\": an http handler POSTs the context to it")
	} else if t, ok := refs(n.url, "handler.url"); ok {
		if msg := checkURL(t); msg != "" {
			d.errorf(n.url, "handler.url: %s", msg)
		} else {
			spec.URL = t
		}
	}
	if n.headers != nil {
		spec.Headers = d.headers(n.headers, refs)
	}
	secret := false
	for _, hd := range spec.Headers {
		secret = secret || len(hd.Value.Names()) > 0
	}
	if u, err := url.Parse(spec.URL.Text(placeholder)); err == nil && u.Scheme == "http" && (secret || len(spec.URL.Names()) > 0) && !loopback(u.Hostname()) {
		d.warnf(n.url, "handler.url: plain http to %s carries the expanded variables unencrypted; use https", u.Hostname())
	}
	for _, name := range spec.AllowedEnv {
		if !used[name] {
			d.warnf(at[name], "handler.allowed_env: %s is not used in handler.url or handler.headers", name)
		}
	}
}

// headers decodes handler.headers: names unique regardless of case, none
// that hookrun sets itself.
func (d *decoder) headers(n *yaml.Node, refs func(*yaml.Node, string) (envref.Template, bool)) []Header {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "handler.headers: must be a mapping of header names to values, got %s", describe(n))
		return nil
	}
	var out []Header
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		name := k.Value
		canon := textproto.CanonicalMIMEHeaderKey(name)
		switch {
		case k.Kind != yaml.ScalarNode || !headerName(name):
			d.errorf(k, "handler.headers: %q is not a header name (letters, digits and !#$%%&'*+-.^_`|~)", name)
			continue
		case slices.Contains(reservedHeaders, canon):
			d.errorf(k, "handler.headers: %s is set by hookrun for the request itself", name)
			continue
		case seen[canon] > 0:
			d.errorf(k, "handler.headers: %s is given twice (first at line %d)", name, seen[canon])
			continue
		}
		seen[canon] = k.Line
		if t, ok := refs(v, "handler.headers."+name); ok {
			out = append(out, Header{Name: canon, Value: t})
		}
	}
	return out
}

// checkURL says what is wrong with an http handler's url, or "". A
// variable may stand for any part of it, the scheme and host too
// (url: ${POLICY_URL}/v1/data/hookrun/result); what can be checked here
// is, and emit checks the expanded url again before every request.
func checkURL(t envref.Template) string {
	raw := t.Text(placeholder)
	if strings.HasPrefix(raw, placeholderText) {
		return ""
	}
	if !strings.HasPrefix(raw, "https://") && !strings.HasPrefix(raw, "http://") {
		return "must start with https:// or http://"
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "not a URL: " + strings.TrimPrefix(err.Error(), "parse \""+raw+"\": ")
	}
	return CheckURL(u)
}

// CheckURL says what is wrong with a parsed http handler url, or "".
func CheckURL(u *url.URL) string {
	switch {
	case u.Scheme != "https" && u.Scheme != "http":
		return "must start with https:// or http://"
	case u.Host == "" || u.Hostname() == "":
		return "names no host"
	case u.User != nil:
		return "must not carry a user name or password; send credentials in handler.headers"
	case u.Fragment != "" || strings.Contains(u.String(), "#"):
		return "must not have a #fragment"
	}
	return ""
}

// placeholder stands for a variable's value when a template is checked.
func placeholder(string) string { return placeholderText }

const placeholderText = "hookrun-variable"

// loopback reports whether host is this machine.
func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

// headerName reports whether s is an HTTP header field name (RFC 9110 token).
func headerName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
			return false
		}
	}
	return true
}
