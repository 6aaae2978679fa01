package settings

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookrun/hookrun/internal/ojson"
	"github.com/hookrun/hookrun/internal/safefile"
)

// Chosen is a variable whose value in hookrun's environment a file the
// agent loads into its hooks' environment may have set: File (relative to
// the project directory when beneath it) gives Name the value it has, and
// Why says what the agent does with File.
type Chosen struct {
	File, Name, Why string
}

// EnvFrom lists the variables named by care whose value in the
// environment (getenv; an empty value counts as unset) a file the agent
// loads into its hooks' environment (a dialect.Switch with Env) may have
// given them, starting from dir, the agent's project directory; with a nil
// getenv, every such variable the files set, whatever its value. A value
// that differs from every value the file could give is the person's own
// (Gemini CLI keeps a variable already set; Claude Code's env replaces
// it), so it is not listed. An error means a file the agent reads could
// not be read whole: what it sets is unknown.
//
// Gemini CLI loads the first .gemini/.env or .env it finds from its
// directory upward, a file in the home directory being the person's own
// (0.61.0's findEnvFile); the other agents' files are read at dir.
func (a Agent) EnvFrom(dir string, care func(name string) bool, getenv func(string) (string, bool)) ([]Chosen, error) {
	set := func(name string) (string, bool) {
		if getenv == nil {
			return "", care(name)
		}
		v, ok := getenv(name)
		return v, ok && v != "" && care(name)
	}
	var out []Chosen
	dotenv := false
	for _, sw := range a.Settings.Off {
		if !sw.Env {
			continue
		}
		if sw.Key == "" {
			dotenv = true
			continue
		}
		path := filepath.Join(dir, sw.File)
		data, err := safefile.ReadFile(path, 16<<20)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		var nr *safefile.NotRegularError
		if errors.As(err, &nr) {
			continue // the agent cannot read it either
		}
		if err != nil {
			return nil, fmt.Errorf("%s: cannot be read (%v), and %s", sw.File, unwrap(err), sw.Why)
		}
		doc, perr := ojson.Parse(data)
		if perr != nil {
			// The agent may read it all the same (JSON.parse takes a
			// key given twice): a name it holds may be set.
			for _, name := range quotedNames(data) {
				if _, ok := set(name); ok {
					out = append(out, Chosen{sw.File, name, sw.Why})
				}
			}
			continue
		}
		for _, f := range lookup(doc, sw.Key, sw.Fold) {
			if !f.node.IsObject() {
				continue
			}
			for _, name := range f.node.Keys() {
				v, ok := set(name)
				n := f.node.Get(name)
				if ok && (getenv == nil || n.Str() == v || compact(n) == v) {
					out = append(out, Chosen{sw.File, name, sw.Why})
				}
			}
		}
	}
	if !dotenv {
		return out, nil
	}
	path, why, ok := a.dotenvFile(dir)
	if !ok {
		return out, nil
	}
	data, err := safefile.ReadFile(path, 16<<20)
	var nr *safefile.NotRegularError
	switch {
	case errors.As(err, &nr), errors.Is(err, fs.ErrNotExist), errors.Is(err, fs.ErrPermission):
		return out, nil // the agent loads nothing from it either
	case err != nil:
		return nil, fmt.Errorf("%s: cannot be read (%v), and %s", relTo(dir, path), unwrap(err), why)
	}
	for _, name := range dotenvNames(data) {
		if v, ok := set(name); ok && dotenvMayHold(data, v) {
			out = appendChosen(out, Chosen{relTo(dir, path), name, why})
		}
	}
	return out, nil
}

// dotenvFile is the dotenv file the agent loads starting from dir, and
// its switch's Why; false when it loads none, or only the person's own
// (one in the home directory).
func (a Agent) dotenvFile(dir string) (string, string, bool) {
	home, _ := os.UserHomeDir()
	d := filepath.Clean(dir)
	for {
		for _, sw := range a.Settings.Off {
			if !sw.Env || sw.Key != "" {
				continue
			}
			p := filepath.Join(d, filepath.FromSlash(sw.File))
			if _, err := os.Stat(p); err == nil {
				// The first one found is loaded, whatever it is.
				if home != "" && d == filepath.Clean(home) {
					return "", "", false
				}
				return p, sw.Why, true
			}
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", "", false
		}
		d = parent
	}
}

// dotenvMayHold reports whether the dotenv file data may give a variable
// the value v: whether v is part of its text, lines ending in "\n", with
// or without a double-quoted value's \n and \r escapes read. The dotenv
// package's every value is such a part, so false proves that v came from
// elsewhere, however the file quotes it.
func dotenvMayHold(data []byte, v string) bool {
	text := strings.ReplaceAll(strings.ReplaceAll(string(data), "\r\n", "\n"), "\r", "\n")
	if strings.Contains(text, v) {
		return true
	}
	text = strings.ReplaceAll(strings.ReplaceAll(text, `\n`, "\n"), `\r`, "\r")
	return strings.Contains(text, v)
}

// quotedNames are the strings of a JSON text that may be keys: every
// run of name characters between double quotes.
func quotedNames(data []byte) []string {
	var out []string
	for _, part := range bytes.Split(data, []byte(`"`)) {
		if len(part) > 0 && bytes.IndexFunc(part, func(r rune) bool {
			return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
		}) < 0 {
			out = append(out, string(part))
		}
	}
	return out
}

// relTo names path relative to dir when it lies beneath it, else whole.
func relTo(dir, path string) string {
	if rel, ok := safefile.Beneath(dir, path); ok {
		return filepath.ToSlash(rel)
	}
	return path
}

func appendChosen(cs []Chosen, c Chosen) []Chosen {
	for _, x := range cs {
		if x == c {
			return cs
		}
	}
	return append(cs, c)
}
