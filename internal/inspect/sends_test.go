package inspect

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/envref"
	"github.com/hookrun/hookrun/internal/event"
)

// TestSends: the origin is the url's as written, a variable kept; a
// context's fields are named up to a bound, however many it has.
func TestSends(t *testing.T) {
	for _, tc := range []struct{ url, origin string }{
		{"https://policy.example.com:8443/v1?x=1", "https://policy.example.com:8443"},
		{"${POLICY}/v1/data", "${POLICY}"},
		{"https://${HOST}.example.com#f", "https://${HOST}.example.com"},
		{"http://127.0.0.1:8181", "http://127.0.0.1:8181"},
	} {
		u, err := envref.Parse(tc.url)
		if err != nil {
			t.Fatal(err)
		}
		if got := origin(u); got != tc.origin {
			t.Errorf("origin(%s) = %q, want %q", tc.url, got, tc.origin)
		}
	}
	u, _ := envref.Parse("https://p.example/${A}")
	h := &config.Hook{ID: "c", Event: event.PromptSubmit, Handler: config.Handler{Kind: config.KindHTTP, HTTP: &config.HTTP{URL: u}}}
	var fields []string
	for i := range 1000 {
		fields = append(fields, fmt.Sprintf("f%04d", i))
	}
	got := sends(h, fields)
	want := "sends this context whole (f0000, f0001, f0002, f0003, f0004, f0005, f0006, f0007, f0008, f0009, f0010, f0011, f0012, f0013, f0014, f0015, f0016, f0017, f0018, f0019, f0020, f0021, f0022, f0023 and 976 more) to https://p.example; variables ${A} from the environment"
	if got != want {
		t.Errorf("sends = %q\nwant    %q", got, want)
	}
	if got := sends(h, nil); !strings.HasPrefix(got, "sends each PromptSubmit context whole, the prompt among its fields, to https://p.example") {
		t.Errorf("sends without a context = %q", got)
	}
}
