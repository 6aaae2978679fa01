package emit

import (
	"os"
	"slices"
	"strings"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/dialect"
	"github.com/hookrun/hookrun/internal/dialect/settings"
	"github.com/hookrun/hookrun/internal/exec"
	"github.com/hookrun/hookrun/internal/exitcode"
)

// httpVars are the variables net/http reads for an http handler's call:
// where it goes (a proxy; and LOCALDOMAIN, RES_OPTIONS and HOSTALIASES,
// for which Go's resolver hands the lookup of its host to the C
// library's in a build with cgo, which reads them: a search domain
// looks up http://opa:8181 as opa.attacker.example first), which
// certificates it trusts, and GODEBUG, which Go's runtime reads before
// any code of hookrun's: http2debug logs every header sent
// (httpcall.NewClient silences that logger), and tlsrsakex, tls3des and
// the like change what the call's TLS accepts.
var httpVars = []string{"HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "NO_PROXY", "no_proxy", "LOCALDOMAIN", "RES_OPTIONS", "HOSTALIASES", "SSL_CERT_FILE", "SSL_CERT_DIR", "GODEBUG"}

// HTTPVars is the variables an event's http hooks depend on, and what
// each decides: the proxy and certificate variables, and those their url
// and headers name. Empty when no hook among hooks is an http one.
func HTTPVars(hooks []*config.Hook) map[string]string {
	care := map[string]string{}
	for _, h := range hooks {
		if h.Handler.Kind != config.KindHTTP || h.Handler.HTTP == nil {
			continue
		}
		for _, v := range httpVars {
			switch {
			case strings.HasPrefix(v, "SSL_"):
				care[v] = "which certificates an http hook's policy call trusts"
			case v == "GODEBUG":
				care[v] = "how Go's HTTP and TLS make an http hook's policy call (what they log, which ciphers and certificates they accept)"
			default:
				care[v] = "where an http hook's policy call goes"
			}
		}
		for _, n := range h.Handler.HTTP.URL.Names() {
			care[n] = "hook " + h.ID + "'s url"
		}
		for _, hd := range h.Handler.HTTP.Headers {
			for _, n := range hd.Value.Names() {
				if _, ok := care[n]; !ok {
					care[n] = "hook " + h.ID + "'s header " + hd.Name
				}
			}
		}
	}
	return care
}

// projectVars is what emit's first look at the environment cares about
// (name: what it decides): hookrun's knobs (config.Knob), and a list of
// places a guard's program loads code from before its own (LD_PRELOAD,
// PYTHONPATH, …) that keeps an entry outside tree, the project's work
// tree (exec.LoadsFromOutside): LD_PRELOAD=/tmp/x.so from a project's
// .env, and a library an agent writes there with one ordinary call, ran in
// every guard's /bin/sh first, and one that exits 0 made each deny an
// allow. Entries inside tree are dropped for every handler anyway. And
// an interpreter's options that load code (exec.OptionsLoadCode:
// NODE_OPTIONS=--require /tmp/x.js).
func projectVars(tree func() string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		if what, ok := config.Knob(name); ok {
			return what, true
		}
		if v := os.Getenv(name); v != "" {
			if what := exec.LoadsCode(name, v, tree()); what != "" {
				return what, true
			}
		}
		return "", false
	}
}

// envFromProject fails emit, closed, when a variable in care (name: what
// it decides) may have been given its value by a file in the project that
// the agent loads into its hooks' environment (settings.Agent.EnvFrom):
// the repository, not the person, would then choose which hooks run or
// where a policy call goes (docs/agents/gemini-cli.md). Only under
// --dialect: hookrun's own context comes from a caller that sets its
// environment itself.
func (d *dialectRun) envFromProject(dir string, care func(string) (string, bool)) error {
	if !d.active() || dir == "" {
		return nil
	}
	a, ok := settings.Find(dialect.Name(d.name))
	if !ok || !slices.ContainsFunc(a.Settings.Off, func(sw dialect.Switch) bool { return sw.Env }) {
		return nil
	}
	set := false
	for _, kv := range os.Environ() {
		name, v, _ := strings.Cut(kv, "=")
		if _, ok := care(name); ok && v != "" {
			set = true
			break
		}
	}
	if !set {
		return nil // nothing to read on every event
	}
	chosen, err := a.EnvFrom(dir, func(n string) bool { _, ok := care(n); return ok }, os.LookupEnv)
	if err != nil {
		return exitcode.Failf("%v into its hooks' environment: hookrun cannot tell which of its variables the repository set, so no hook ran", err)
	}
	if len(chosen) == 0 {
		return nil
	}
	c := chosen[0]
	what, _ := care(c.Name)
	return exitcode.Failf("%s has the value that %s gives it (%s), so the repository may have chosen %s: no hook ran. Remove %s from %s (a value you set yourself before starting %s still counts)",
		c.Name, c.File, c.Why, what, c.Name, c.File, d.name)
}
