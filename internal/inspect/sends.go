package inspect

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/envref"
	"github.com/hookrun/hookrun/internal/event"
)

// origin is the scheme and host an http handler's url names, as written:
// a ${NAME} in it is kept (its value is the person's environment's), and
// with no scheme written, the variable that begins the url is the origin.
func origin(t envref.Template) string {
	s := t.String()
	scheme, rest, ok := strings.Cut(s, "://")
	if !ok {
		scheme, rest = "", s
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if scheme == "" {
		return rest
	}
	return scheme + "://" + rest
}

// highlights are the fields of an event's context a reviewer most needs
// to know leave the machine with it. A switch, not a map: a package-level
// map is built at start, by every event.
func highlights(ev event.Name) string {
	switch ev {
	case event.PromptSubmit:
		return "the prompt"
	case event.PreAbilityCreate:
		return "the ability asked for"
	case event.PreAbilityCall:
		return "the command, its paths and the tool's whole input"
	case event.PostAbilityCall:
		return "the command, its paths, the tool's whole input and its output"
	}
	return "the changed files"
}

// sends says where an http hook sends what, for a person reviewing a
// repository's hooks: the origin its url names, which of the context's
// fields go there (every one; fields lists them when a context is at
// hand), its header names (never values) and the variables it reads from
// the environment. "" for another kind of hook.
func sends(h *config.Hook, fields []string) string {
	web := h.Handler.HTTP
	if h.Handler.Kind != config.KindHTTP || web == nil {
		return ""
	}
	what := fmt.Sprintf("each %s context whole, %s among its fields,", h.Event, highlights(h.Event))
	if fields != nil {
		// The fields are the caller's: a context may have thousands.
		const shown = 24
		list := strings.Join(fields[:min(len(fields), shown)], ", ")
		if len(fields) > shown {
			list += fmt.Sprintf(" and %d more", len(fields)-shown)
		}
		what = "this context whole (" + list + ")"
	}
	msg := fmt.Sprintf("sends %s to %s", what, origin(web.URL))
	if web.Response == config.ResponseOPA {
		msg += ", as OPA's input"
	}
	if len(web.Headers) > 0 {
		names := make([]string, len(web.Headers))
		for i, hd := range web.Headers {
			names[i] = hd.Name
		}
		msg += "; headers " + strings.Join(names, ", ")
	}
	var vars []string
	for _, n := range web.URL.Names() {
		vars = append(vars, "${"+n+"}")
	}
	for _, hd := range web.Headers {
		for _, n := range hd.Value.Names() {
			if v := "${" + n + "}"; !slices.Contains(vars, v) {
				vars = append(vars, v)
			}
		}
	}
	if len(vars) > 0 {
		msg += "; variables " + strings.Join(vars, ", ") + " from the environment"
	}
	return msg
}
