package shellcmd

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
)

// composer runs the scripts of a composer.json, deno task the tasks of a deno.json (or
// deno.jsonc), each a shell line, as npm runs a package.json's: read by packageFromDisk, the run's
// manager telling which file and how.

// Composer's events its own commands run the root package's scripts for.
var (
	composerInstall  = []string{"pre-install-cmd", "post-install-cmd", "pre-update-cmd", "post-update-cmd", "pre-autoload-dump", "post-autoload-dump", "pre-operations-exec"}
	composerAutoload = []string{"pre-autoload-dump", "post-autoload-dump"}
)

// composerRuns notes the composer.json scripts composer's words run: a script by its name
// (composer test, composer run-script test, composer run test) with the words after it, as
// composer gives them (its own options before a "--" are its), and the events install, update,
// require, remove and dump-autoload run.
func (r *reader) composerRuns(cmd Command, depth int) {
	words, at, dir, ok := r.managerWords(cmd, []string{"-d", "--working-dir"}, []string{"--timeout"})
	if !ok {
		return
	}
	var names []string
	given := -1
	switch sub := words[0]; sub {
	case "run-script", "run":
		if words[1] == "" || words[1] == dynamicWord {
			return // composer run-script --list; one only known when the line runs is unresolved (managerWords)
		}
		names, given = []string{words[1]}, 1
	case "install", "i", "update", "u", "upgrade", "require", "r", "remove", "rm", "uninstall", "reinstall":
		names = composerInstall
	case "dump-autoload", "dumpautoload":
		names = composerAutoload
	case "status", "archive":
		names = []string{"pre-" + sub + "-cmd", "post-" + sub + "-cmd"}
	case "", "exec", "global", "create-project", "list", "help":
		return // a program in vendor/bin, the global project, a package downloaded: read as themselves
	default:
		names, given = []string{sub}, 0 // composer test: a script is a command of its own
	}
	r.manifestRun(cmd, "composer", "composer.json", dir, names, given, words, at, depth)
}

// denoRuns notes the deno.json task deno task NAME runs, with its dependencies and the words
// after it (deno gives them all to the task), and the package.json script of that name, which
// deno runs when it has no such task.
func (r *reader) denoRuns(cmd Command, depth int) {
	words, at, dir, ok := r.managerWords(cmd, []string{"--cwd"}, []string{"-c", "--config"})
	if !ok || words[0] != "task" || words[1] == "" {
		return
	}
	config := ""
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if a.Value == "--" || i >= at[1] {
			break
		}
		switch name, value, hasValue := strings.Cut(a.Value, "="); {
		case (a.Value == "-c" || a.Value == "--config") && i+1 < len(cmd.Args):
			config = cmd.Args[i+1].Value
			if cmd.Args[i+1].Dynamic {
				r.manifestUnknown(cmd)
				return
			}
		case hasValue && (name == "--config" || name == "-c"):
			config = value
			if a.Dynamic {
				r.manifestUnknown(cmd)
				return
			}
		case a.Value == "--eval":
			// deno task --eval LINE: the word is a line of deno's shell, with the words after it
			if cmd.Args[at[1]].Dynamic {
				r.manifestUnknown(cmd)
			} else if line, ok := scriptLine(cmd.Args[at[1]].Value, cmd.Args[at[1]+1:]); ok {
				r.script(line, depth+1)
			}
			return
		case a.Value == "-f" || a.Value == "--filter" || name == "--filter" || a.Value == "-r" || a.Value == "--recursive":
			return // a workspace's tasks: read as themselves
		}
	}
	file := "deno.json"
	if config != "" {
		file = config
	}
	r.manifestRun(cmd, "deno", file, dir, []string{words[1]}, 1, words, at, depth)
	if config == "" {
		r.manifestRun(cmd, "", "package.json", dir, prePost(words[1]), 1, words, at, depth)
	}
}

// dynamicWord stands for a manager's word only known when the line runs.
const dynamicWord = "\x00"

// managerWords are a task runner's words that are not options (at: where each stands in
// cmd.Args), then two "", and the directory its dirOpts name (composer -d DIR, deno --cwd DIR);
// valueOpts are its other options with a value. False, and the line unresolved, when the
// directory is only known when the line runs.
func (r *reader) managerWords(cmd Command, dirOpts, valueOpts []string) (words []string, at []int, dir Arg, ok bool) {
	args := cmd.Args
	for i := 0; i < len(args) && len(words) < 2; i++ {
		a := args[i]
		name, value, hasValue := strings.Cut(a.Value, "=")
		switch {
		case a.Value == "--" && !a.Dynamic:
			i = len(args)
		case slices.Contains(dirOpts, a.Value) && i+1 < len(args):
			dir = args[i+1]
			i++
		case hasValue && slices.Contains(dirOpts, name):
			dir = Arg{Value: value, Dynamic: a.Dynamic}
		case slices.Contains(valueOpts, a.Value):
			i++
		case strings.HasPrefix(a.Value, "-"):
		case a.Dynamic:
			words, at = append(words, dynamicWord), append(at, i)
		default:
			words, at = append(words, a.Value), append(at, i)
		}
	}
	words, at = append(words, "", ""), append(at, len(args), len(args))
	if dir.Dynamic || words[0] == dynamicWord || (words[0] == "run-script" || words[0] == "run" || words[0] == "task") && words[1] == dynamicWord {
		r.manifestUnknown(cmd)
		return nil, nil, dir, false
	}
	return words, at, dir, true
}

// manifestUnknown notes that cmd runs scripts only known when the line runs.
func (r *reader) manifestUnknown(cmd Command) {
	if r.withFiles() && !r.maybe {
		r.unresolved("%s runs a script only known when the line runs", cmd.Name)
	}
}

// manifestRun notes the scripts names of the manifest file (composer.json, deno.json) a manager
// runs in dir; the words after words[given] go to names[0].
func (r *reader) manifestRun(cmd Command, manager, file string, dir Arg, names []string, given int, words []string, at []int, depth int) {
	run := r.ran(runNpm, Arg{Value: file}, depth)
	if run == nil {
		return
	}
	run.manager, run.names = manager, names
	if given >= 0 {
		how := "npm" // composer keeps its options before a "--", as npm does
		if manager != "" && manager != "composer" {
			how = manager // deno, pdm, poe and hatch give the script every word
		}
		run.argsFor, run.args = names[0], scriptArgs(how, cmd.Args[at[given]+1:])
		if manager == "" {
			run.argsFor = names[1]
		}
	}
	if dir.Value != "" {
		run.dir = under(run.dir, dir.Value)
	}
}

// manifestScripts are the scripts of a manifest's text a manager runs, each a list of shell lines
// (a composer script may be a list; each line is given the words after its name): package.json's
// scripts, composer.json's (its @php, @composer and @NAME lines written as the commands they
// run, @putenv left out), deno.json's tasks (a task's dependencies run as deno task DEP first).
func manifestScripts(manager, text string) map[string][]string {
	switch manager {
	case "composer":
		return composerScripts(text)
	case "deno":
		return denoTasks(text)
	case "pdm", "poe", "hatch":
		return pyprojectScripts(manager, text)
	case "pixi", "devbox", "rye", "cargo-make":
		return taskManifestScripts(manager, text)
	}
	scripts := map[string][]string{}
	for name, s := range packageJSONScripts(text) {
		scripts[name] = []string{s}
	}
	return scripts
}

// jsonObject is the object key of a JSON text, as JSON.parse (and PHP's json_decode) read it:
// exactly that key, the last of one given twice, after a byte-order mark.
func jsonObject(text, key string) map[string]json.RawMessage {
	var top map[string]json.RawMessage
	if json.Unmarshal(bytes.TrimPrefix([]byte(text), []byte("\ufeff")), &top) != nil {
		return nil
	}
	var raw map[string]json.RawMessage
	if json.Unmarshal(top[key], &raw) != nil {
		return nil
	}
	return raw
}

// composerScripts are a composer.json's scripts: each a string or a list of them.
func composerScripts(text string) map[string][]string {
	scripts := map[string][]string{}
	for name, v := range jsonObject(text, "scripts") {
		var lines []string
		var one string
		if json.Unmarshal(v, &one) == nil {
			lines = []string{one}
		} else if json.Unmarshal(v, &lines) != nil {
			continue
		}
		var out []string
		for _, l := range lines {
			switch {
			case strings.HasPrefix(l, "@putenv"):
			case strings.HasPrefix(l, "@php"), strings.HasPrefix(l, "@composer"):
				out = append(out, l[1:])
			case strings.HasPrefix(l, "@"):
				out = append(out, "composer run-script "+l[1:]) // another script, with the words given it
			default:
				out = append(out, l) // a shell line, or a PHP callback (App\Cb::run), read as a line too
			}
		}
		scripts[name] = out
	}
	return scripts
}

// denoTasks are a deno.json's (or deno.jsonc's) tasks: a line, or {"command": LINE,
// "dependencies": [NAME…]}.
func denoTasks(text string) map[string][]string {
	tasks := map[string][]string{}
	for name, v := range jsonObject(jsoncText(text), "tasks") {
		var line string
		if json.Unmarshal(v, &line) == nil {
			tasks[name] = []string{line}
			continue
		}
		var task struct {
			Command      string   `json:"command"`
			Dependencies []string `json:"dependencies"`
		}
		if json.Unmarshal(v, &task) != nil {
			continue
		}
		var lines []string
		for _, dep := range task.Dependencies {
			if q, ok := shellWord(Arg{Value: dep}); ok {
				lines = append(lines, "deno task "+q)
			}
		}
		if task.Command != "" {
			lines = append(lines, task.Command)
		}
		tasks[name] = lines
	}
	return tasks
}

// jsoncText is JSON with comments (deno.jsonc) as JSON: // and /* */ comments outside strings
// blanked, and a comma before a closing bracket dropped. Text that is not JSON stays not JSON.
func jsoncText(text string) string {
	b := []byte(text)
	inString := false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '/' && i+1 < len(b) && b[i+1] == '/':
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		case c == '/' && i+1 < len(b) && b[i+1] == '*':
			end := bytes.Index(b[i+2:], []byte("*/"))
			if end < 0 {
				return string(b[:i]) // an unclosed comment: not JSON, as deno reads it
			}
			for j := i; j < i+2+end+2; j++ {
				if b[j] != '\n' {
					b[j] = ' '
				}
			}
			i += end + 3
		}
	}
	// A trailing comma: the next character that is not a blank closes an object or array.
	out := make([]byte, 0, len(b))
	inString = false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case inString && c == '\\' && i+1 < len(b):
			out = append(out, c, b[i+1])
			i++
			continue
		case c == '"':
			inString = !inString
		case !inString && c == ',':
			j := i + 1
			for j < len(b) && (b[j] == ' ' || b[j] == '\t' || b[j] == '\n' || b[j] == '\r') {
				j++
			}
			if j < len(b) && (b[j] == '}' || b[j] == ']') {
				continue
			}
		}
		out = append(out, c)
	}
	return string(out)
}
