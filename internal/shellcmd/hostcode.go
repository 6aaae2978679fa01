package shellcmd

import (
	"encoding/json"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// terraform (and OpenTofu's tofu), terragrunt and packer run code of the repository's
// configuration on the host: terraform plan runs an external data source's program, apply a
// local-exec provisioner's command, and a module the configuration calls may hold either;
// terragrunt runs its hooks and run_cmd; packer build runs shell-local provisioners and
// post-processors. hookrun does not read HCL for them: a configuration that holds such code
// leaves the line unresolved, and one without it runs only its providers and plugins, programs
// read as themselves.

// maxHostCodeFiles bounds the configuration files read for one command, local modules included.
const maxHostCodeFiles = 256

// tfRunsCode reports whether terraform's command evaluates the configuration's data sources or
// applies its resources: plan, apply, destroy, refresh, import, console, test and query.
func tfRunsCode(sub string) bool {
	switch sub {
	case "plan", "apply", "destroy", "refresh", "import", "console", "test", "query":
		return true
	}
	return false
}

// tfHostCode reports whether a Terraform configuration's text names what runs on the host: a
// local-exec provisioner or the external provider (its data source's program).
func tfHostCode(text string) bool {
	return strings.Contains(text, "local-exec") || strings.Contains(text, `"external"`)
}

// tfModuleSources lists the sources of the modules a configuration file calls (a .tf file, or a
// .tf.json one when json): ok is false when one of its module blocks names none hookrun can find.
func tfModuleSources(text string, json bool) (sources []string, ok bool) {
	if json {
		return tfJSONModuleSources(text)
	}
	ok = true
	for rest := text; rest != ""; {
		line, after, _ := strings.Cut(rest, "\n")
		rest = after
		head, found := strings.CutPrefix(strings.TrimLeft(line, " \t"), "module")
		if !found || head == "" || head[0] != ' ' && head[0] != '\t' || !strings.HasPrefix(strings.TrimLeft(head, " \t"), `"`) {
			continue
		}
		// The block's text up to its first closing brace (a source comes before any nested
		// block in practice; one after it is not found, and the block counts as unknown).
		block := strings.TrimLeft(head, " \t")
		if end := strings.IndexByte(block[1:], '"'); end < 0 || strings.Contains(block[1:1+end], "\n") {
			ok = false
			continue
		} else {
			block = block[2+end:]
		}
		if b := strings.TrimLeft(block, " \t"); !strings.HasPrefix(b, "{") {
			ok = false
			continue
		}
		block += "\n" + rest
		if end := strings.IndexByte(block, '}'); end >= 0 {
			block = block[:end]
		}
		source, found := tfSource(block)
		if !found {
			ok = false
			continue
		}
		sources = append(sources, source)
	}
	return sources, ok
}

// tfSource is the value of the first source = "…" of a block's text.
func tfSource(block string) (string, bool) {
	for i := 0; ; {
		j := strings.Index(block[i:], "source")
		if j < 0 {
			return "", false
		}
		j += i
		i = j + len("source")
		if j > 0 && (identChar(block[j-1]) || block[j-1] == '.') || i < len(block) && identChar(block[i]) {
			continue
		}
		v := strings.TrimLeft(block[i:], " \t")
		if v, ok := strings.CutPrefix(v, "="); ok {
			v = strings.TrimLeft(v, " \t")
			if v, ok := strings.CutPrefix(v, `"`); ok {
				if end := strings.IndexAny(v, "\"\n"); end >= 0 && v[end] == '"' {
					return v[:end], true
				}
			}
		}
	}
}

func tfJSONModuleSources(text string) (sources []string, ok bool) {
	var doc struct {
		Module json.RawMessage `json:"module"`
	}
	if json.Unmarshal([]byte(text), &doc) != nil {
		return nil, !strings.Contains(text, "module")
	}
	if len(doc.Module) == 0 {
		return nil, true
	}
	var blocks map[string]struct {
		Source *string `json:"source"`
	}
	if json.Unmarshal(doc.Module, &blocks) != nil {
		return nil, false
	}
	for _, b := range blocks {
		if b.Source == nil {
			return nil, false
		}
		sources = append(sources, *b.Source)
	}
	return sources, true
}

// localModule reports whether a module source is a directory of the repository (./x, ../x),
// which terraform reads in place; any other (the registry, git, a URL) is fetched.
func localModule(source string) bool {
	return strings.HasPrefix(source, "./") || strings.HasPrefix(source, "../")
}

// hostCodeRuns notes that cmd (terraform, tofu, terragrunt, packer) runs code of its
// configuration on the host: unresolved, naming the file, when the configuration holds it.
func (r *reader) hostCodeRuns(cmd Command) {
	if !r.withFiles() || r.maybe {
		return
	}
	dir := Arg{Value: "."}
	var words []string
	for _, a := range cmd.Args {
		switch {
		case strings.HasPrefix(a.Value, "-chdir=") && cmd.Name != "packer":
			dir = Arg{Value: strings.TrimPrefix(a.Value, "-chdir="), Dynamic: a.Dynamic}
		case (a.Value == "--working-dir" || a.Value == "--terragrunt-working-dir") && cmd.Name == "terragrunt":
			dir = Arg{Dynamic: true, Value: a.Value} // its value is the next word: read as only known when it runs
		case a.Dynamic:
			words = append(words, "\x00"+a.Value)
		case strings.HasPrefix(a.Value, "-"):
			switch a.Value {
			case "-version", "--version", "-v", "-help", "--help", "-h":
				return
			}
			if cmd.Name == "terragrunt" && (a.Value == "--all" || a.Value == "--terragrunt-include-external-dependencies") {
				words = append(words, "run-all")
			}
		default:
			words = append(words, a.Value)
		}
	}
	if len(words) == 0 {
		return
	}
	sub := words[0]
	switch cmd.Name {
	case "terraform", "tofu":
		if !tfRunsCode(sub) {
			return
		}
	case "terragrunt":
		switch sub {
		case "version", "help", "hclfmt", "hcl", "info", "catalog", "scaffold", "render-json", "graph-dependencies", "output-module-groups":
			return
		}
	case "packer":
		if sub != "build" {
			return
		}
		dir = Arg{Value: strings.TrimPrefix(words[len(words)-1], "\x00"), Dynamic: strings.HasPrefix(words[len(words)-1], "\x00")}
	}
	if strings.HasPrefix(sub, "\x00") {
		r.unresolved("%s runs a command only known when the line runs, which may run the code of its configuration", cmd.Name)
		return
	}
	if dir.Dynamic {
		r.unresolved("%s runs the configuration of %s, a directory only known when the line runs, whose code it may run on the host", cmd.Name, dir.Value)
		return
	}
	if cmd.Name == "terragrunt" && (sub == "run-all" || sub == "stack" || slices.Contains(words, "run-all")) {
		r.unresolved("terragrunt runs the configurations of every directory below, whose hooks and run_cmd it runs on the host, code hookrun does not read")
		return
	}
	for _, d := range r.located(scriptRun{dir: r.dir, dirUnknown: r.dirUnknown}, dir.Value) {
		seen := map[string]bool{}
		n := 0
		if why := r.hostCode(cmd.Name, d, dir.Value, seen, &n, 0); why != "" {
			r.unresolved("%s", why)
			return
		}
	}
}

// hostCode is why the configuration at p (a directory, or packer's template file), named shown
// in reasons, runs code on the host for tool; "" when it runs none hookrun can see.
func (r *reader) hostCode(tool, p, shown string, seen map[string]bool, n *int, depth int) string {
	if seen[p] {
		return ""
	}
	seen[p] = true
	files := []string{p}
	if tool != "packer" || !strings.HasSuffix(p, ".json") && !strings.HasSuffix(p, ".hcl") {
		if r.files.List == nil {
			return tool + " runs the configuration of " + shown + ", which hookrun cannot list"
		}
		entries, err := r.list(p, maxHostCodeFiles+1)
		switch {
		case missing(err):
			return ""
		case err != nil || len(entries) > maxHostCodeFiles:
			return tool + " runs the configuration of " + shown + ", which hookrun cannot list"
		default:
			files = nil
			for _, e := range entries {
				if hostCodeFile(tool, e) {
					files = append(files, filepath.Join(p, e))
				}
			}
		}
	}
	for _, f := range files {
		if *n++; *n > maxHostCodeFiles {
			return tool + " runs the configuration of " + shown + ", more files than hookrun reads"
		}
		text, ok := r.cachedText(f, f)
		if !ok {
			continue
		}
		name := path.Join(shown, path.Base(filepath.ToSlash(f)))
		if tool == "packer" && len(files) == 1 && files[0] == p {
			name = shown
		}
		switch tool {
		case "packer":
			if strings.Contains(text, "shell-local") {
				return "packer build runs the shell-local commands of " + name + " on the host, code hookrun does not read"
			}
			continue
		case "terragrunt":
			if strings.HasSuffix(f, ".hcl") {
				for _, mark := range []string{"run_cmd", "before_hook", "after_hook", "error_hook", "source"} {
					if strings.Contains(text, mark) {
						return "terragrunt runs the " + mark + " of " + name + " (or the module it names), code hookrun does not read"
					}
				}
				continue
			}
		}
		if tfHostCode(text) {
			return tool + " runs the local-exec provisioners and external data sources of " + name + " on the host, code hookrun does not read"
		}
		sources, ok := tfModuleSources(text, strings.HasSuffix(f, ".json"))
		if !ok {
			return tool + " runs the modules " + name + " calls, whose source hookrun cannot find"
		}
		for _, s := range sources {
			if !localModule(s) || depth >= 8 {
				return tool + " runs the module " + s + " that " + name + " calls, which it fetches: code hookrun does not read"
			}
			if why := r.hostCode(tool, filepath.Join(filepath.Dir(f), filepath.FromSlash(s)), path.Join(shown, s), seen, n, depth+1); why != "" {
				return why
			}
		}
	}
	if tool == "terragrunt" && depth == 0 {
		// The parent configurations it includes (find_in_parent_folders): their hooks run too.
		for up := filepath.Dir(p); up != filepath.Dir(up) && depth < 32; up, depth = filepath.Dir(up), depth+1 {
			for _, name := range []string{"terragrunt.hcl", "root.hcl"} {
				f := filepath.Join(up, name)
				if text, ok := r.cachedText(f, f); ok {
					for _, mark := range []string{"run_cmd", "before_hook", "after_hook", "error_hook"} {
						if strings.Contains(text, mark) {
							return "terragrunt runs the " + mark + " of " + filepath.ToSlash(f) + ", code hookrun does not read"
						}
					}
				}
			}
		}
	}
	return ""
}

// hostCodeFile reports whether a directory entry is a configuration file tool reads.
func hostCodeFile(tool, name string) bool {
	switch tool {
	case "packer":
		return strings.HasSuffix(name, ".pkr.hcl") || strings.HasSuffix(name, ".pkr.json")
	case "terragrunt":
		if name == "terragrunt.hcl" || name == "terragrunt.hcl.json" {
			return true
		}
	}
	for _, s := range []string{".tf", ".tf.json", ".tofu", ".tofu.json"} {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}
